// PGN import, one game at a time: the grammar (grammars/pgn) gives the tags and the movetext's
// tokens; here the Variant and FEN tags decide the rules and the start, every move token is read
// against the legal moves (variations from their branch point), and the game is written anew,
// replayed into positions, or its main line written as a UCI position command. Tag names follow the
// PGN standard, sections 8.1 and 9.7 (SetUp, FEN).
#include "fen960/pgn.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstring>
#include <string>
#include <string_view>

#include "fen960/limits.hpp"
#include "fen960/pgn_book.hpp"
#include "fen960/play.hpp"
#include "fen960/position.hpp"
#include "fen960/startpos.hpp"
#include "fen960/validate.hpp"
#include "pgn/syntax.hpp"
#include "pgn/vocabulary.hpp"
#include "moves/pgn_fen.hpp"
#include "san/syntax.hpp"
#include "moves/san_resolve.hpp"

namespace fen960 {

namespace {

char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equals_ignoring_case(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i]))
            return false;
    return true;
}

// A tag value without its escapes (\" and \\); other backslashes stay.
std::string_view unescape(std::string_view raw, std::string& scratch)
{
    using pgn_vocabulary::tag_escape;
    if (raw.find(tag_escape) == std::string_view::npos)
        return raw;
    scratch.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == tag_escape && i + 1 < raw.size() &&
            (raw[i + 1] == pgn_vocabulary::tag_quote || raw[i + 1] == tag_escape))
            ++i;
        scratch.push_back(raw[i]);
    }
    return scratch;
}

// 1-based line and byte column of an offset in a game's text.
Diagnostic locate(std::string_view game, std::size_t offset, std::string message)
{
    offset = std::min(offset, game.size());
    std::uint32_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (game[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    return Diagnostic{line, static_cast<std::uint32_t>(offset - line_start) + 1, std::move(message)};
}

std::size_t offset_in(std::string_view game, std::string_view part)
{
    return static_cast<std::size_t>(part.data() - game.data());
}

// Text without the white space at its end.
std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// Positions are handed on in blocks of about this size, so that a long game is never held whole.
constexpr std::size_t drain_size = std::size_t{1} << 16;

// Lines written straight into the bytes of a string: room for many is made at once (a string cannot
// grow without writing its new bytes) and cut back to what was written by finish(), which the
// destructor calls too. Between finish() and the next room() the string may be written as usual.
class LineSink {
public:
    explicit LineSink(std::string& out) : out_(out), end_(out.size()) {}
    ~LineSink() { finish(); }
    LineSink(const LineSink&) = delete;
    LineSink& operator=(const LineSink&) = delete;

    // Room for `n` bytes after what was written; commit() says how far they were used.
    char* room(std::size_t n)
    {
        if (!grown_)
            end_ = out_.size();
        if (out_.size() - end_ < n) {
            out_.resize(end_ + std::max(n, block));
            grown_ = true;
        }
        return out_.data() + end_;
    }
    void commit(char const* end) { end_ = static_cast<std::size_t>(end - out_.data()); }

    std::string& finish()
    {
        if (grown_) {
            out_.resize(end_);
            grown_ = false;
        }
        return out_;
    }

    std::size_t size() const { return grown_ ? end_ : out_.size(); }

private:
    static constexpr std::size_t block = 1024; // small, so that each growth clears little
    std::string& out_;
    std::size_t end_;
    bool grown_ = false;
};

} // namespace

std::optional<VariantKind> classify_variant(std::string_view value)
{
    // The value folded: lower case, without spaces, tabs, '-' and '_' ("Fischer-Random" is
    // "fischerrandom"); a longer value than any name is none of them.
    std::array<char, 24> folded{};
    std::size_t size = 0;
    for (char c : value) {
        if (c == ' ' || c == '\t' || c == '-' || c == '_')
            continue;
        if (size == folded.size())
            return std::nullopt;
        folded[size++] = lower(c);
    }
    std::string_view const name(folded.data(), size);
    static constexpr std::array<std::string_view, 6> chess960{"chess960",           "fischerandom", "fischerrandom",
                                                              "fischerrandomchess", "frc",          "960"};
    // "From Position" is lichess's name for standard chess from a set-up position.
    static constexpr std::array<std::string_view, 5> standard{"", "standard", "chess", "normal", "fromposition"};
    if (std::find(chess960.begin(), chess960.end(), name) != chess960.end())
        return VariantKind::chess960;
    if (std::find(standard.begin(), standard.end(), name) != standard.end())
        return VariantKind::standard;
    return std::nullopt;
}

Diagnostic absolute_location(const GameText& game, const Diagnostic& relative)
{
    Diagnostic d = relative;
    d.line = static_cast<std::uint32_t>(game.line + relative.line - 1);
    if (relative.line == 1)
        d.column = game.column + relative.column - 1;
    return d;
}

namespace {

// The tags that decide how a game is read: the first of each.
struct KeyTags {
    const pgn_syntax::Tag* variant = nullptr;
    const pgn_syntax::Tag* setup = nullptr;
    const pgn_syntax::Tag* fen = nullptr;
    const pgn_syntax::Tag* result = nullptr;
};

KeyTags find_key_tags(const std::vector<pgn_syntax::Tag>& tags)
{
    KeyTags key;
    for (const pgn_syntax::Tag& t : tags) {
        if (!key.variant && equals_ignoring_case(t.name, "Variant"))
            key.variant = &t;
        else if (!key.setup && equals_ignoring_case(t.name, "SetUp"))
            key.setup = &t;
        else if (!key.fen && equals_ignoring_case(t.name, "FEN"))
            key.fen = &t;
        else if (!key.result && t.name == "Result")
            key.result = &t;
    }
    return key;
}

// One line of play: the main line, or a variation being read. `before` is the position before the
// line's last move, where a variation that follows it branches off.
struct Line {
    Position before;
    Position current;
    std::uint32_t ply;
    bool has_move;
    bool checkers_known = false; // `checkers` are those of `current` (rewriting finds them)
    Bitboard checkers = 0;
};

using Drain = PgnImporter::Drain;

// The importer's options and the buffers it keeps from game to game.
struct Importer {
    PgnOptions options;
    EmitOptions emit;
    detail::FenWriter positions; // the positions of --positions

    std::vector<pgn_syntax::Tag> tags;
    std::vector<pgn_syntax::Token> tokens;
    std::string scratch;
    std::string fen_text;

    std::vector<Line> lines;

    // What the move grammar made of recent tokens: the same few thousand tokens (`Nf3`, `O-O`, `exd5`)
    // make up most of any file, and their fields do not depend on the position. Direct-mapped by the
    // token's first eight bytes; longer tokens are always parsed. An entry keeps the fields without
    // the glyphs' view (their place in the token instead), so that 8,192 of them take 192 KiB.
    struct CachedMove {
        std::uint64_t key = 0; // the token's bytes, 0 for an empty slot
        std::uint8_t length = 0;
        std::uint8_t glyph_offset = 0; // where the glyphs stand in the token, and how many
        std::uint8_t glyph_length = 0;
        san_syntax::Written written;
    };
    static constexpr unsigned move_cache_bits = 13;
    std::vector<CachedMove> move_cache = std::vector<CachedMove>(std::size_t{1} << move_cache_bits);

    // `limit` is the end of the text the token stands in.
    bool read_move(std::string_view token, char const* limit, san_syntax::Fields& fields, san_syntax::Error& error)
    {
        if (token.size() > 8)
            return san_syntax::parse(token, fields, error);
        std::uint64_t key = 0;
        if constexpr (std::endian::native == std::endian::little) {
            // One load of eight bytes when the text goes on that far, the bytes after the token masked off.
            if (!token.empty() && limit - token.data() >= 8) {
                std::memcpy(&key, token.data(), 8);
                key &= ~std::uint64_t{0} >> (8 * (8 - token.size()));
            } else {
                std::memcpy(&key, token.data(), token.size());
            }
        } else {
            std::memcpy(&key, token.data(), token.size());
        }
        CachedMove& slot = move_cache[(key * 0x9E3779B97F4A7C15ull) >> (64 - move_cache_bits)];
        if (slot.key == key && slot.length == token.size()) {
            static_cast<san_syntax::Written&>(fields) = slot.written;
            fields.glyphs = token.substr(slot.glyph_offset, slot.glyph_length);
            return true;
        }
        if (!san_syntax::parse(token, fields, error))
            return false;
        slot = CachedMove{key, static_cast<std::uint8_t>(token.size()),
                          static_cast<std::uint8_t>(fields.glyphs.data() - token.data()),
                          static_cast<std::uint8_t>(fields.glyphs.size()), fields};
        return true;
    }

    explicit Importer(PgnOptions o)
        : options(o),
          emit{o.dialect, o.en_passant.value_or(default_en_passant(o.dialect)), true},
          positions(emit)
    {
    }

    GameResult import(std::string_view game, std::string& out, const Drain& drain);

    void write_tags(const pgn_syntax::Tag* variant_tag, const pgn_syntax::Tag* setup_tag,
                    const pgn_syntax::Tag* fen_tag, bool chess960, std::string& out) const;
};

// A null move: the other side to move, no en-passant square; illegal when in check.
Expected<Position> play_null(const Position& pos, Rules rules)
{
    if (pos.is_check())
        return Diagnostic{1, 1, "a null move while in check"};
    Setup s = pos.setup();
    if (s.turn == Color::black)
        ++s.fullmove_number;
    s.turn = ~s.turn;
    s.ep_square.reset();
    ++s.halfmove_clock;
    return Position::from_setup(s, rules);
}

// One game being imported, in its steps: the tags to the start position (read_start), then the
// movetext to plies (read_movetext), which a writer turns into the output (the positions, the game
// rewritten, or the game copied as it was). A failure anywhere is kept in `result` (fail()).
struct Game {
    Importer& importer;
    std::string_view game;
    std::string& out;
    std::size_t const out_start = out.size();
    // The positions of --positions and the rewritten movetext go out through lines_out (room, then a
    // commit of what was used): many small pieces, none of them a string append of its own.
    LineSink lines_out{out};
    GameResult result;

    // From the tags.
    KeyTags key;
    std::size_t movetext_offset = 0;
    bool chess960 = false;
    std::optional<Position> start;
    Rules rules = Rules::standard;
    std::size_t fen_at = 0; // where diagnostics about the start position point

    // The movetext.
    bool has_result = false; // the main line's last token is a result
    san_syntax::Fields fields;
    san_syntax::Error san_error;

    Game(Importer& owner, std::string_view text, std::string& output) : importer(owner), game(text), out(output) {}

    // Records the failure; false, for `return fail(...)`.
    bool fail(std::uint32_t ply, std::size_t offset, std::string message)
    {
        result.outcome = GameOutcome::failed;
        result.ply = ply;
        result.error = locate(game, offset, std::move(message));
        lines_out.finish();
        if (!importer.options.positions)
            out.resize(out_start);
        return false;
    }

    // The termination marker of a game whose movetext has no result, after `separator`: the Result
    // tag's, else `*`, so that every reader finds where the game ends.
    void append_result_marker(std::string_view separator, std::string& text) const
    {
        std::string_view const r = key.result ? unescape(key.result->value, importer.scratch) : "*";
        text.append(separator).append(pgn_vocabulary::is_standard_result(r) ? r : "*");
    }

    bool read_start();
    bool find_start();
    void restore_start(std::string_view fen, FenRecord& record, std::size_t at);
    // The steps after the start, with one writer: its start (the tags, or the first position), the
    // movetext (4.), its end (5.).
    template <typename Writer>
    void write(Writer& writer)
    {
        if (writer.start() && read_movetext(writer))
            writer.finish();
    }
    // The movetext loop a function of its own with each ply's work inside it, whatever else the unit
    // holds: GCC's own choice moves with the code around it (restore_start tipped it into a call a
    // ply, 2 % of a ply's instructions).
    template <typename Writer>
    [[gnu::noinline]] bool read_movetext(Writer& writer);
    template <typename Writer>
    bool read_token(const pgn_syntax::Token& token, Writer& writer);
    template <typename Writer>
    [[gnu::always_inline]] inline bool play_move(std::string_view token, std::size_t at, bool main_line,
                                                 Writer& writer);
};

// 1. The tags; 2. the variant they name (a game of another variant is skipped); then the start.
bool Game::read_start()
{
    pgn_syntax::Error syntax_error;
    if (!pgn_syntax::parse_tags(game, importer.tags, movetext_offset, syntax_error))
        return fail(0, syntax_error.offset, std::move(syntax_error.message));
    key = find_key_tags(importer.tags);

    // 2. The variant: named by the tag, or Chess960 when the FEN's castling rights say so.
    if (key.variant) {
        std::string_view const value = unescape(key.variant->value, importer.scratch);
        auto kind = classify_variant(value);
        if (!kind) {
            result.outcome = GameOutcome::skipped;
            result.error = locate(game, offset_in(game, key.variant->value),
                                  "unsupported variant '" + std::string(value) + "'");
            return false;
        }
        chess960 = *kind == VariantKind::chess960;
    }
    if (!find_start())
        return false;
    rules = chess960 ? Rules::chess960 : Rules::standard;
    result.chess960 = chess960;
    fen_at = key.fen ? offset_in(game, key.fen->value) : 0;
    return true;
}

// 3. The start: the FEN tag in any dialect, else the standard start (SetUp may be missing either way).
bool Game::find_start()
{
    const pgn_syntax::Tag* const fen_tag = key.fen;
    std::string& scratch = importer.scratch;
    if (fen_tag) {
        if (fen_tag->name != "FEN") // read all the same; the rewritten game says FEN
            result.warnings.push_back(locate(game, offset_in(game, fen_tag->name),
                                             "tag '" + std::string(fen_tag->name) + "' read as the FEN tag"));
        std::string_view const fen = unescape(fen_tag->value, scratch);
        std::size_t const at = offset_in(game, fen_tag->value);
        auto record = parse_fen(fen, importer.options.from);
        if (!record)
            return fail(0, at + record.error().column - 1, "FEN tag: " + record.error().message);
        if (chess960 && importer.options.start_rights == StartRights::restore)
            restore_start(fen, *record, at);
        // Rights no Chess960 position can have are dropped, with a warning each; what remains is
        // standard unless only Chess960 can castle that way.
        for (const Diagnostic& w : repair_rights(*record, Rules::chess960))
            result.warnings.push_back(locate(game, at + w.column - 1, "FEN tag: " + w.message));
        if (!chess960)
            chess960 = castles_as_chess960(record->setup);
        auto pos = Position::from_setup(record->setup, chess960 ? Rules::chess960 : Rules::standard);
        if (!pos)
            return fail(0, at, "FEN tag: " + pos.error().message);
        start = *pos;
    } else {
        auto record = parse_fen(standard_start_fen);
        start = *Position::from_setup(record->setup, chess960 ? Rules::chess960 : Rules::standard);
    }
    return true;
}

// A Chess960 game's start position whose castling field lost its rooks (lichess's 2023-11 dump writes
// start 958 with HEhe, or with '-') is read with the four rooks' rights, with a warning that says so.
// Out of line: inlined, this rare step tipped GCC into calling play_move out of line, 2 % more
// instructions a ply.
void Game::restore_start(std::string_view fen, FenRecord& record, std::size_t at)
{
    std::optional<RestoredStart> const restored = restore_start_rights(record.setup);
    if (!restored)
        return;
    std::size_t const field = record.castling_column - 1;
    std::string_view const given = fen.substr(field, fen.find(' ', field) - field);
    Setup setup = record.setup;
    setup.castling_rooks = restored->castling_rooks;
    std::string rights;
    auto const written = emit_castling(setup, Dialect::shredder, rights);
    assert(written && "Shredder-FEN writes every right (a file letter each)");
    // The record read again with those letters, so that its castling tokens are the rooks' too (the
    // fields before the castling field keep their columns).
    std::string const text = std::string(fen.substr(0, field)) + rights + std::string(fen.substr(field + given.size()));
    if (!parse_fen(text, InputDialect::automatic, record))
        return; // never: a start's board and Shredder-FEN letters parse
    bool const dfrc = restored->check.kind == StartKind::dfrc;
    result.warnings.push_back(locate(
        game, at + field,
        std::string("FEN is ") + (dfrc ? "Double Fischer Random" : "Chess960") + " start " +
            std::to_string(restored->check.number) + " with castling '" + std::string(given) + "'; read as '" +
            rights + "'"));
    result.start_restored = true;
}

// 4. The movetext, part by part. On a syntax error the tokens before it are still played, so that
// the positions reach the last legal ply and an illegal move before it is reported first.
template <typename Writer>
bool Game::read_movetext(Writer& writer)
{
    pgn_syntax::MovetextReader reader(game, movetext_offset);
    std::vector<Line>& lines = importer.lines;
    lines.clear();
    lines.push_back(Line{*start, *start, 0, false});
    while (reader.next(importer.tokens))
        for (const pgn_syntax::Token& token : importer.tokens)
            if (!read_token(token, writer))
                return false;
    if (reader.failed())
        return fail(lines.back().ply + 1, reader.error().offset, reader.error().message);
    return true;
}

template <typename Writer>
[[gnu::always_inline]] inline bool Game::read_token(const pgn_syntax::Token& token, Writer& writer)
{
    std::vector<Line>& lines = importer.lines;
    std::size_t const at = offset_in(game, token.text);
    bool const main_line = lines.size() == 1;
    switch (token.kind) {
    case pgn_syntax::TokenKind::move:
        return play_move(token.text, at, main_line, writer);
    case pgn_syntax::TokenKind::open_variation: {
        Line const& parent = lines.back();
        if (!parent.has_move)
            return fail(parent.ply + 1, at, "variation before any move it could replace");
        Line branch{parent.before, parent.before, parent.ply - 1, false};
        lines.push_back(branch);
        break;
    }
    case pgn_syntax::TokenKind::close_variation:
        if (lines.size() > 1)
            lines.pop_back();
        has_result = false;
        break;
    case pgn_syntax::TokenKind::result:
        writer.result(token.text, at);
        has_result = main_line;
        break;
    case pgn_syntax::TokenKind::ep_marker:
    case pgn_syntax::TokenKind::wrapper:
        writer.drop(token.text, at);
        break;
    case pgn_syntax::TokenKind::nag:
    case pgn_syntax::TokenKind::comment:
    case pgn_syntax::TokenKind::line_comment:
        break;
    }
    return true;
}

// One move token at `at`, played on the line being read: a null move, a move the quick reading finds
// (most of them), or one read against the legal move list.
// Inlined, as read_token is, into each writer's movetext loop: left to itself, GCC stopped inlining
// them once the UCI writer made a fourth instantiation (+2 % instructions a ply under --positions).
template <typename Writer>
[[gnu::always_inline]] inline bool Game::play_move(std::string_view token, std::size_t at, bool main_line,
                                                   Writer& writer)
{
    Line& line = importer.lines.back();
    std::uint32_t const ply = line.ply + 1;
    std::optional<Move> played; // none for a null move
    if (!importer.read_move(token, game.data() + game.size(), fields, san_error))
        return fail(ply, at + san_error.offset, std::string(token) + ": " + san_error.message);
    writer.copy_to(at);
    if (fields.form == san_syntax::Form::null) {
        auto next = play_null(line.current, rules);
        if (!next)
            return fail(ply, at, std::string(token) + ": " + next.error().message);
        line.before = line.current;
        line.current = *next;
        writer.null_move();
    } else if (auto quick = detail::resolve_san_quick(line.current, fields,
                                                      line.checkers_known ? &line.checkers : nullptr)) {
        line.before = line.current;
        line.current.play(quick->move, quick->role);
        played = quick->move;
        writer.quick_move(line, *quick);
    } else {
        MoveList const legal = line.current.legal_moves();
        auto move = detail::resolve_san(line.current, legal, fields);
        if (!move)
            return fail(ply, at, std::string(token) + ": " + move.error().message);
        line.before = line.current;
        line.current.play(*move);
        played = *move;
        writer.move(line, legal, *move);
    }
    line.checkers_known = Writer::knows_checkers && played;
    writer.glyphs(fields.glyphs, at + token.size());
    line.ply = ply;
    line.has_move = true;
    if (main_line) {
        result.plies = ply;
        if (auto e = writer.ply(line, played))
            return fail(ply, at, std::string(token) + ": " + e->message);
    }
    has_result = false;
    return true;
}

// The hooks a writer has, doing nothing: the positions and the copy need few of them.
struct QuietWriter {
    static constexpr bool knows_checkers = false; // Line::checkers: the rewrite finds them
    void copy_to(std::size_t) {}
    void null_move() {}
    void quick_move(const Line&, const detail::QuickMove&) {}
    void move(const Line&, const MoveList&, const Move&) {}
    void glyphs(std::string_view, std::size_t) {}
    std::optional<Diagnostic> ply(const Line&, const std::optional<Move>&) { return {}; }
    void result(std::string_view, std::size_t) {}
    void drop(std::string_view, std::size_t) {}
};

// --positions: the FEN of the start and of each main-line position, handed to the drain in blocks.
struct PositionsWriter : QuietWriter {
    Game& g;
    const Drain& drain;
    std::size_t drain_from = g.out.size();

    PositionsWriter(Game& game, const Drain& d) : g(game), drain(d) {}

    bool start()
    {
        char* end = g.lines_out.room(detail::FenWriter::max_line);
        if (auto e = g.importer.positions.write_line(*g.start, end); !e)
            return g.fail(0, g.fen_at, (g.key.fen ? "FEN tag: " : "") + e.error().message);
        g.lines_out.commit(end);
        return true;
    }

    std::optional<Diagnostic> ply(const Line& line, const std::optional<Move>& played)
    {
        char* end = g.lines_out.room(detail::FenWriter::max_line);
        auto e = played ? g.importer.positions.write_line(line.before, *played, line.current, end)
                        : g.importer.positions.write_line(line.current, end);
        if (!e)
            return std::move(e.error());
        g.lines_out.commit(end);
        // Counted from what `out` held before the game (a caller may pass text it has not written
        // yet), so that a drain hands on about drain_size bytes.
        if (drain && g.lines_out.size() - drain_from >= drain_size) {
            drain(g.lines_out.finish());
            drain_from = g.out.size();
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
        if (auto e = g.importer.positions.write_line(*g.start, end); !e)
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
    // EPD operations; returns its new end.
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
    static constexpr bool knows_checkers = true;
    Game& g;
    std::size_t copied = g.movetext_offset; // movetext before this offset is written already
    std::size_t movetext_start = 0;         // where the rewritten movetext starts in `out`
    std::string san_text;                   // a move's SAN off the quick path

    explicit RewriteWriter(Game& game) : g(game) {}

    void put(std::string_view text)
    {
        char* const p = g.lines_out.room(text.size());
        std::memcpy(p, text.data(), text.size());
        g.lines_out.commit(p + text.size());
    }

    void copy_to(std::size_t offset)
    {
        put(g.game.substr(copied, offset - copied));
        copied = offset;
    }

    // `text` at `at` is left out, or written as `with`.
    void drop(std::string_view text, std::size_t at)
    {
        copy_to(at);
        copied = at + text.size();
    }
    void replace(std::string_view text, std::size_t at, std::string_view with)
    {
        copy_to(at);
        put(with);
        copied = at + text.size();
    }

    bool start()
    {
        g.importer.fen_text.clear();
        if (g.key.fen)
            if (auto e = append_fen(g.start->setup(), g.importer.emit, g.importer.fen_text); !e)
                return g.fail(0, g.fen_at, "FEN tag: " + e.error().message);
        g.importer.write_tags(g.key.variant, g.key.setup, g.key.fen, g.chess960, g.out);
        movetext_start = g.out.size();
        return true;
    }

    void null_move() { put(pgn_vocabulary::null_move); }

    void quick_move(Line& line, const detail::QuickMove& quick)
    {
        char* p = detail::write_san_quick(quick, g.lines_out.room(detail::max_san_quick + 1));
        line.checkers = line.current.checkers();
        if (char const mark = detail::check_mark(line.current, line.checkers))
            *p++ = mark;
        g.lines_out.commit(p);
    }

    void move(Line& line, const MoveList& legal, const Move& move)
    {
        san_text.clear();
        detail::append_san_body(line.before, legal, move, san_text);
        line.checkers = detail::append_check_mark(line.current, san_text);
        put(san_text);
    }

    void glyphs(std::string_view glyphs, std::size_t token_end)
    {
        if (!glyphs.empty())
            put(glyphs);
        copied = token_end;
    }

    void result(std::string_view text, std::size_t at)
    {
        if (!pgn_vocabulary::is_standard_result(text))
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

GameResult Importer::import(std::string_view text, std::string& out, const Drain& drain)
{
    Game game(*this, text, out);
    bool const started = game.read_start();
    if (!options.select.empty() && game.result.outcome != GameOutcome::failed &&
        !(started && selected(options.select, game.chess960, game.start->setup()))) {
        // Another variant's game too; what reading its tags found is no concern of the run's.
        GameResult& r = game.result;
        r.outcome = GameOutcome::not_selected;
        r.error = {};
        r.warnings.clear();
        r.start_restored = false;
        return r;
    }
    if (!started)
        return game.result;
    if (options.positions) {
        PositionsWriter writer(game, drain);
        game.write(writer);
    } else if (options.exits) {
        ExitWriter writer(game);
        game.write(writer);
    } else if (options.uci) {
        UciWriter writer(game);
        game.write(writer);
    } else if (!game.key.fen && !game.chess960) {
        CopyWriter writer(game);
        game.write(writer);
    } else {
        RewriteWriter writer(game);
        game.write(writer);
    }
    return game.result;
}

// The tags one per line, FEN in the chosen dialect with SetUp before it, Variant named Chess960, then
// the empty line before the movetext. Other tags keep their order and their values as written.
void Importer::write_tags(const pgn_syntax::Tag* variant_tag, const pgn_syntax::Tag* setup_tag,
                          const pgn_syntax::Tag* fen_tag, bool chess960, std::string& out) const
{
    const pgn_syntax::Tag* variant_before = nullptr; // where a missing Variant tag goes
    if (chess960 && !variant_tag)
        variant_before = setup_tag && (!fen_tag || setup_tag < fen_tag) ? setup_tag : fen_tag;
    std::string_view const name = !options.variant_name.empty() ? std::string_view(options.variant_name)
                                  : variant_tag                 ? std::string_view(variant_tag->value)
                                                                : std::string_view("Chess960");
    // A name given (--variant-name) is escaped as any tag value fen960 writes; the game's own is
    // copied as written, escapes and all.
    auto write_variant = [&] {
        if (!options.variant_name.empty())
            append_pgn_tag("Variant", name, out);
        else
            out.append("[Variant \"").append(name).append("\"]\n");
    };
    for (const pgn_syntax::Tag& t : tags) {
        if (&t == variant_before)
            write_variant();
        if (&t == variant_tag && chess960) {
            write_variant();
        } else if (&t == setup_tag) {
            out += fen_tag ? "[SetUp \"1\"]\n" : "[SetUp \"0\"]\n";
        } else if (&t == fen_tag) {
            if (!setup_tag)
                out += "[SetUp \"1\"]\n";
            out += "[FEN \"";
            out += fen_text;
            out += "\"]\n";
        } else if ((&t != variant_tag && equals_ignoring_case(t.name, "Variant")) ||
                   equals_ignoring_case(t.name, "SetUp") || equals_ignoring_case(t.name, "FEN")) {
            continue; // a second Variant, SetUp or FEN tag would contradict the first
        } else {
            out.push_back('[');
            out += t.name;
            out += " \"";
            out += t.value;
            out += "\"]\n";
        }
    }
    if (chess960 && !variant_tag && !variant_before)
        write_variant();
    out.push_back('\n');
}

} // namespace

struct PgnImporter::Impl : Importer {
    using Importer::Importer;
};

PgnImporter::PgnImporter(PgnOptions options) : impl_(std::make_unique<Impl>(options)) {}

PgnImporter::~PgnImporter() = default;

GameResult PgnImporter::import(std::string_view game, std::string& out, const Drain& drain)
{
    return impl_->import(game, out, drain);
}

Diagnostic locate_in_game(std::string_view game, std::size_t offset, std::string message)
{
    return locate(game, offset, std::move(message));
}

} // namespace fen960
