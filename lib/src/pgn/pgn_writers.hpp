// The importer's writers, one a kind of output: the positions (--positions), the exit (--exits), the
// game copied as it was, the game rewritten, the UCI line (--format uci); each a set of hooks the
// game loop (pgn.cpp, Game::read_movetext) calls; and HandOver, which hands the game over besides.
// Included by pgn.cpp only.
#pragma once

#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "fen960/play.hpp"
#include "moves/san_resolve.hpp"
#include "pgn/pgn_game.hpp"
#include "pgn/vocabulary.hpp"

namespace fen960 {

namespace {


// The hooks a writer has, doing nothing: the positions and the copy need few of them.
struct QuietWriter {
    void move_start(std::size_t, std::string_view) {}
    void null_move() {}
    void quick_move(const Line&, const detail::QuickMove&) {}
    void move(const Line&, const MoveList&, const Move&) {}
    void glyphs(std::string_view, std::size_t) {}
    std::optional<Diagnostic> ply(const Line&, const std::optional<Move>&) { return {}; }
    void result(std::string_view, std::size_t) {}
    void drop(std::string_view, std::size_t) {}
    void hand_over(const Line&, const std::optional<Move>&, std::string_view) {}
};

// The start's line by the positions' writer at `end` (room for FenWriter::max_line), or why it cannot be
// written. A start from a FEN tag an earlier game had is copied, with the writer as it was after it.
Expected<void> write_start_line(Game& g, char*& end)
{
    StartReading* const kept = g.start_reading;
    if (kept && kept->writer) {
        std::string_view const line = kept->written();
        std::memcpy(end, line.data(), line.size());
        end += line.size();
        g.importer.positions = *kept->writer;
        return {};
    }
    char* const begin = end;
    auto written = g.importer.positions.write_line(*g.start, end);
    if (written && kept) {
        kept->keep_written(std::string_view(begin, static_cast<std::size_t>(end - begin)));
        kept->writer = g.importer.positions;
    }
    return written;
}

// --positions: the FEN of the start and of each main-line position, handed to the drain in blocks.
struct PositionsWriter : QuietWriter {
    Game& g;
    const Drain& drain;
    // Where the output, counted from what `out` held before the game (a caller may pass text it has
    // not written yet), is handed to the drain: about drain_size bytes at a time; never without one.
    std::size_t drain_at = drain ? g.out.size() + drain_size : ~std::size_t{0};

    PositionsWriter(Game& game, const Drain& d) : g(game), drain(d) {}

    bool start()
    {
        char* end = g.lines_out.room(detail::FenWriter::max_line);
        if (auto e = write_start_line(g, end); !e)
            return g.fail(0, g.fen_at, (g.key.fen ? "FEN tag: " : "") + e.error().message);
        g.lines_out.commit(end);
        return true;
    }

    // Always inlined into the game loop: HandOver<PositionsWriter> is a second caller, which made GCC
    // call it out of line (+4 % instructions a ply).
    [[gnu::always_inline]] std::optional<Diagnostic> ply(const Line& line, const std::optional<Move>& played)
    {
        char* const room = g.lines_out.room(detail::FenWriter::max_line);
        detail::FenWriter& positions = g.importer.positions;
        char* const end = played ? positions.write(line.before, *played, line.current, room)
                                 : positions.write(line.current, room);
        if (!end)
            return positions.failure();
        g.lines_out.commit(end);
        if (g.lines_out.committed() >= drain_at) [[unlikely]] {
            drain(g.lines_out.finish());
            drain_at = g.out.size() + drain_size;
        }
        return {};
    }

    void finish() {}
};

// --exits: the FEN of the main line's last position only (an opening book's exit). The start is
// written and dropped, so that a start the dialect cannot write fails as under --positions.
struct ExitWriter : QuietWriter {
    Game& g;

    explicit ExitWriter(Game& game) : g(game) {}

    bool start()
    {
        char* end = g.lines_out.room(detail::FenWriter::max_line);
        if (auto e = write_start_line(g, end); !e)
            return g.fail(0, g.fen_at, (g.key.fen ? "FEN tag: " : "") + e.error().message);
        return true;
    }

    void finish()
    {
        char* const begin = g.lines_out.room(detail::FenWriter::max_line + epd_clocks_room);
        char* end = begin;
        if (auto e = g.importer.positions.write_line(g.importer.lines.front().current, end); !e) {
            g.fail(g.result.plies, g.fen_at, e.error().message);
            return;
        }
        if (g.importer.options.exit_shape == Shape::epd)
            end = as_epd(begin, end);
        g.lines_out.commit(end);
    }

    // What `hmvc H; fmvn F;` takes beyond `H F`.
    static constexpr std::size_t epd_clocks_room = 16;

    // The line [begin, end) (six fields and '\n') rewritten in place as four fields and the clocks as
    // EPD operations (pgn --exits --shape epd, as convert --shape epd writes them); returns its new end.
    static char* as_epd(char* begin, char* end)
    {
        std::string_view const line(begin, static_cast<std::size_t>(end - begin) - 1);
        std::size_t fields_end = 0;
        for (int field = 0; field < 4; ++field)
            fields_end = line.find(' ', fields_end + (field ? 1 : 0));
        std::size_t const fullmove = line.find(' ', fields_end + 1);
        std::string const text = std::string(line.substr(0, fields_end)) + " hmvc " +
                                 std::string(line.substr(fields_end + 1, fullmove - fields_end - 1)) + "; fmvn " +
                                 std::string(line.substr(fullmove + 1)) + ";\n";
        std::memcpy(begin, text.data(), text.size());
        return begin + text.size();
    }
};

// A standard game from the standard start is copied as it was (its moves read all the same).
struct CopyWriter : QuietWriter {
    Game& g;

    explicit CopyWriter(Game& game) : g(game) {}

    bool start() { return true; }

    void finish()
    {
        std::string_view const text = trimmed(g.game);
        g.out.append(text);
        if (!g.has_result) // a tags-only game too: "\n\n*"
            g.append_result_marker(text.size() > g.movetext_offset ? " " : "\n\n", g.out);
        g.out += "\n\n";
    }
};

// Any other game is written anew: tags first, then its movetext as it was, but each move in SAN as
// the moves are read and the results in their standard spelling.
struct RewriteWriter : QuietWriter {
    Game& g;
    std::size_t copied = g.movetext_offset; // movetext before this offset is written already
    std::size_t movetext_start = 0;         // where the rewritten movetext starts in `out`
    std::string san_text;                   // a move's SAN off the quick path
    std::size_t move_at = 0;                // the move token being read, at this offset
    std::string_view move_token; // its text
    bool kept = false; // the token is its move's SAN as written here: left in the text, copied later

    explicit RewriteWriter(Game& game) : g(game) {}

    void put(std::string_view text)
    {
        char* const p = g.lines_out.room(text.size());
        std::memcpy(p, text.data(), text.size());
        g.lines_out.commit(p + text.size());
    }

    void copy_to(std::size_t offset)
    {
        put(std::string_view(g.game.data() + copied, offset - copied));
        copied = offset;
    }

    // `text` at `at` is left out, or written as `with`. A token left out from between two others it
    // kept apart (`Nc4+[pgn]Kd1`) leaves a space, so that they do not run together (`Nc4+Kd1` reads
    // as no move).
    void drop(std::string_view text, std::size_t at)
    {
        copy_to(at);
        copied = at + text.size();
        if (at > 0 && copied < g.game.size() && !is_blank(g.game[at - 1]) && !is_blank(g.game[copied]))
            put(" ");
    }
    static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
    void replace(std::string_view text, std::size_t at, std::string_view with)
    {
        copy_to(at);
        put(with);
        copied = at + text.size();
    }

    bool start()
    {
        std::string_view fen;
        if (g.key.fen) {
            // Written once for all the games with this FEN tag (StartCache; none kept under exact_reading).
            StartReading* const reading = g.start_reading;
            if (reading)
                fen = reading->written();
            if (fen.empty()) {
                std::string& text = g.importer.fen_text;
                text.clear();
                if (auto e = append_fen(g.start->setup(), g.importer.emit, text); !e)
                    return g.fail(0, g.fen_at, "FEN tag: " + e.error().message);
                if (reading)
                    reading->keep_written(text);
                fen = text;
            }
        }
        g.importer.write_tags(g.key, g.chess960, fen, g.game, g.out);
        movetext_start = g.out.size();
        return true;
    }

    // The text before a move is copied only when something else than the text follows it: so a run
    // of moves written as this writer writes them is copied in one piece.
    [[gnu::always_inline]] void move_start(std::size_t at, std::string_view token)
    {
        move_at = at;
        move_token = token;
        kept = false;
    }

    void null_move()
    {
        copy_to(move_at);
        put(pgn_vocabulary::null_move);
    }

    // Kept when the token is this SAN followed by its glyphs alone, as most are: told by its fields,
    // without writing the SAN (tests/test_san.cpp holds the two ways together).
    [[gnu::always_inline]] void quick_move(const Line& line, const detail::QuickMove& quick)
    {
        char const mark = line.safety.checkers ? detail::check_mark(line.current, line.safety.checkers) : 0;
        if (g.reading->spelt_as_san && detail::written_as_san(quick, g.reading->written, mark)) {
            kept = true;
            return;
        }
        write_quick(quick, mark);
    }
    [[gnu::noinline]] void write_quick(const detail::QuickMove& quick, char mark)
    {
        char text[detail::max_san_quick + 1];
        char* p = detail::write_san_quick(quick, text);
        if (mark)
            *p++ = mark;
        copy_to(move_at);
        put(std::string_view(text, static_cast<std::size_t>(p - text)));
    }

    void move(Line& line, const MoveList& legal, const Move& move)
    {
        copy_to(move_at);
        san_text.clear();
        detail::append_san_body(line.before, legal, move, san_text);
        detail::append_check_mark(line.current, line.safety.checkers, san_text); // (found by the loop)
        put(san_text);
    }

    [[gnu::always_inline]] void glyphs(std::string_view glyphs, std::size_t token_end)
    {
        if (kept)
            return;
        if (!glyphs.empty())
            put(glyphs);
        else if (token_end < g.game.size() && pgn_vocabulary::goes_on_move_token(g.game[token_end]))
            put(" "); // the token's `e.p.` was all that kept it from the next one (fuzz_pgn)
        copied = token_end;
    }

    // A result in another spelling is written in the standard one, where it stands apart. One run into
    // its neighbours is kept as written: `$1+--` written `$11-0` reads as NAG 11 and no result, and
    // `$1 1-0 h5` as a game that ends before h5, where `$1+-- h5` goes on (fuzz_pgn).
    void result(std::string_view text, std::size_t at)
    {
        if (pgn_vocabulary::is_standard_result(text))
            return;
        auto const apart = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
        std::string_view const game = g.game;
        if ((at > 0 && !apart(game[at - 1])) || (at + text.size() < game.size() && !apart(game[at + text.size()])))
            return;
        replace(text, at, pgn_vocabulary::standard_result(text));
    }

    // 5. The rest of the movetext; a game without a result gets the Result tag's, so that every
    // reader finds where it ends.
    void finish()
    {
        copy_to(g.game.size());
        std::string& out = g.lines_out.finish();
        out.resize(movetext_start + trimmed(std::string_view(out).substr(movetext_start)).size());
        if (!g.has_result)
            g.append_result_marker(out.size() > movetext_start ? " " : "", out);
        out += "\n\n";
        g.result.rewritten = true;
    }
};

// The main line as the UCI command that sets it up in an engine, one line a game (written straight
// into `out`: no other writer's pieces go through lines_out meanwhile).
struct UciWriter : QuietWriter {
    Game& g;
    UciLineWriter line{g.importer.emit};

    explicit UciWriter(Game& game) : g(game) {}

    bool start()
    {
        CastlingNotation const notation = castling_notation(g.importer.options.castling, g.chess960);
        if (auto e = line.begin(*g.start, notation, g.out); !e)
            return g.fail(0, g.fen_at, (g.key.fen ? "FEN tag: " : "") + e.error().message);
        return true;
    }

    // A null move has no UCI an engine plays: the protocol's 0000 is the engine's "no move", which
    // Stockfish, for one, takes as the end of the moves, setting up another position without a word.
    std::optional<Diagnostic> ply(const Line& l, const std::optional<Move>& played)
    {
        if (!played)
            return Diagnostic{1, 1, "a null move cannot be written in UCI"};
        if (auto added = line.add(l.before, *played, g.out); !added)
            return std::move(added.error());
        return std::nullopt;
    }

    void finish() { line.end(g.out); }
};

// Any writer, handing the game over too (PgnOptions::hand_over): each main-line move as read, in SAN
// (found as the rewrite finds it, the quick way when the move was read so) and in UCI, and the
// position after it.
template <typename Base>
struct HandOver : Base {
    using Base::Base;
    std::string san; // the SAN of the move just played, on any line

    void null_move()
    {
        Base::null_move();
        san = pgn_vocabulary::null_move;
    }

    void quick_move(Line& l, const detail::QuickMove& quick)
    {
        Base::quick_move(l, quick);
        std::array<char, detail::max_san_quick + 1> text{};
        char* p = detail::write_san_quick(quick, text.data());
        if (char const mark = detail::check_mark(l.current, l.safety.checkers))
            *p++ = mark;
        san.assign(text.data(), p);
    }

    void move(Line& l, const MoveList& legal, const Move& move)
    {
        Base::move(l, legal, move);
        san.clear();
        detail::append_san_body(l.before, legal, move, san);
        detail::append_check_mark(l.current, l.safety.checkers, san);
    }

    void hand_over(const Line& l, const std::optional<Move>& played, std::string_view token)
    {
        GameResult& r = this->g.result;
        GameMove m{std::string(token), san, {}};
        if (!played)
            m.uci = "0000";
        else if (!append_uci(l.before, *played,
                             castling_notation(this->g.importer.options.castling, this->g.chess960), m.uci))
            m.uci.clear();
        r.moves.push_back(std::move(m));
        r.end = l.current.setup();
    }
};

// Writes the game with a `Writer`, handing it over too when asked.
template <typename Writer, typename... Args>
void write_with(Game& game, Args&... args)
{
    if (game.importer.options.hand_over) {
        game.result.start = game.start->setup();
        game.result.end = game.result.start;
        HandOver<Writer> writer(game, args...);
        game.write(writer);
    } else {
        Writer writer(game, args...);
        game.write(writer);
    }
}

} // namespace

} // namespace fen960
