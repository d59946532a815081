// PGN import, one game at a time: the grammar (grammars/pgn) gives the tags and the movetext's
// tokens; here the Variant and FEN tags decide the rules and the start, every move token is read
// against the legal moves (variations from their branch point), and the game is written anew,
// replayed into positions, or its main line written as a UCI position command (the writers are in
// pgn_writers.hpp, what they share with this loop in pgn_game.hpp). Tag names are the vocabulary's
// (pgn_tags.hpp).
#include "fen960/pgn.hpp"

#include <cassert>
#include <cstring>

#include "fen960/limits.hpp"
#include "fen960/play.hpp"
#include "fen960/position.hpp"
#include "fen960/startpos.hpp"
#include "fen960/validate.hpp"
#include "pgn/pgn_game.hpp"    // Importer, Game: what the writers share with the game loop
#include "pgn/pgn_writers.hpp" // the writers, one a kind of output, and HandOver
#include "pgn/fast_paths.hpp"
#include "pgn/syntax.hpp"
#include "pgn/vocabulary.hpp"
#include "moves/san_resolve.hpp"

namespace fen960 {

Diagnostic absolute_location(const GameText& game, const Diagnostic& relative)
{
    Diagnostic d = relative;
    d.line = static_cast<std::uint32_t>(game.line + relative.line - 1);
    if (relative.line == 1)
        d.column = game.column + relative.column - 1;
    return d;
}

namespace {

// The tags that decide how a game is read (KeyTags): the first of each.
KeyTags find_key_tags(const std::vector<pgn_syntax::Tag>& tags)
{
    KeyTags key;
    for (const pgn_syntax::Tag& t : tags) {
        if (!key.variant && is_tag_named(t.name, pgn_tag::variant))
            key.variant = &t;
        else if (!key.setup && is_tag_named(t.name, pgn_tag::setup))
            key.setup = &t;
        else if (!key.fen && is_tag_named(t.name, pgn_tag::fen))
            key.fen = &t;
        else if (!key.result && same_text(t.name, pgn_tag::result))
            key.result = &t;
    }
    return key;
}

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

// 1. The tags; 2. the variant they name (a game of another variant is skipped); then the start.
bool Game::read_start()
{
    pgn_syntax::Error syntax_error;
    bool const exact = importer.options.exact_reading;
    if (!pgn_syntax::parse_tags(game, importer.tags, movetext_offset, syntax_error,
                                exact ? pgn_syntax::Reading::exact : pgn_syntax::Reading::fast))
        return fail(0, syntax_error.offset, std::move(syntax_error.message));
    key = find_key_tags(importer.tags);
    if (importer.options.hand_over)
        for (const pgn_syntax::Tag& t : importer.tags)
            result.tags.push_back(PgnTag{std::string(t.name), std::string(unescape(t.value, importer.scratch))});

    // 2. The variant: named by the tag, or Chess960 when the FEN's castling rights say so.
    if (key.variant) {
        auto const kind = exact ? classify_variant(unescape(key.variant->value, importer.scratch))
                                : importer.variants.classify(key.variant->value, importer.scratch);
        if (!kind) {
            std::string_view const value = unescape(key.variant->value, importer.scratch);
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

// A Chess960 game's start position whose castling field lost its rooks (lichess's 2023-11 dump writes
// start 958 with HEhe, or with '-') is read with the four rooks' rights, with a warning that says so.
void restore_start(std::string_view fen, FenRecord& record, StartReading& reading)
{
    std::optional<RestoredStart> const restored = restore_start_rights(record.setup);
    if (!restored)
        return;
    std::size_t const field = record.castling_column - 1;
    std::string_view const given = fen.substr(field, fen.find(' ', field) - field);
    Setup setup = record.setup;
    setup.castling_rooks = restored->castling_rooks;
    std::string rights;
    // Shredder-FEN writes every right (a file letter each); a start it could not write stays as read.
    if (auto const written = emit_castling(setup, Dialect::shredder, rights); !written) {
        assert(false && "Shredder-FEN writes every right");
        return;
    }
    // The record read again with those letters, so that its castling tokens are the rooks' too (the
    // fields before the castling field keep their columns).
    std::string const text = std::string(fen.substr(0, field)) + rights + std::string(fen.substr(field + given.size()));
    if (!parse_fen(text, InputDialect::automatic, record))
        return; // never: a start's board and Shredder-FEN letters parse
    bool const dfrc = restored->check.kind == StartKind::dfrc;
    reading.warnings.push_back({field, std::string("FEN is ") + (dfrc ? "Double Fischer Random" : "Chess960") +
                                           " start " + std::to_string(restored->check.number) + " with castling '" +
                                           std::string(given) + "'; read as '" + rights + "'"});
    reading.restored = true;
}

// The acceptance rule (validate.hpp) on a FEN tag's position, its castling rights repaired: refused
// (false, with the error), or accepted, with a warning when no game reaches it.
bool accept_start(const FenRecord& record, Acceptance acceptance, StartReading& reading)
{
    std::vector<Problem> problems;
    find_position_problems(record, problems);
    std::vector<Diagnostic> warnings;
    if (auto accepted = accept_position(problems, acceptance, warnings); !accepted) {
        reading.error = {0, "FEN tag: " + accepted.error().front().message};
        return false;
    }
    for (const Diagnostic& w : warnings)
        reading.warnings.push_back({0, "FEN tag: " + w.message});
    return true;
}

// The roles a back rank's lower-case letters name (-1: none of them).
constexpr std::array<std::int8_t, 256> back_rank_roles = [] {
    std::array<std::int8_t, 256> roles{};
    roles.fill(-1);
    for (Role const r : {Role::knight, Role::bishop, Role::rook, Role::queen, Role::king})
        roles[static_cast<unsigned char>(Piece{Color::black, r}.letter())] = static_cast<std::int8_t>(index(r));
    return roles;
}();

// A FEN tag's value that is a Chess960 start (or a Double Fischer Random one) as files write it,
// `<black's back rank>/pppppppp/8/8/8/8/PPPPPPPP/<white's> w KQkq - 0 1`, or with the rooks' files
// (`HAha`: each side's h-side rook first) where `from` reads them: its setup, read without the FEN
// reader; anything else, none. What read_fen_tag makes of it otherwise is the same start: the rights
// are the four rooks' (K and Q the outermost, the only rook on that side), nothing to repair, restore
// or warn of (exact_reading, its plain twin, reads it the long way).
std::optional<Setup> written_start(std::string_view fen, InputDialect from)
{
    constexpr std::string_view middle = "/pppppppp/8/8/8/8/PPPPPPPP/";
    constexpr std::size_t white_at = 8 + middle.size();
    constexpr std::size_t castling_at = white_at + 8 + 3;
    auto const at = [fen](std::size_t offset, std::string_view text) {
        return same_text(std::string_view(fen.data() + offset, text.size()), text);
    };
    if (fen.size() != castling_at + 4 + 6 || !at(8, middle) || !at(white_at + 8, " w ") ||
        !at(castling_at + 4, " - 0 1"))
        return std::nullopt;
    BackRank white{};
    BackRank black{};
    char rook_files[4]{}; // white's h-side and a-side rook, then black's, as Shredder-FEN writes them
    std::size_t rooks = 0;
    for (std::size_t f = 0; f < 8; ++f) {
        char const b = fen[f];
        char const w = fen[white_at + f];
        std::int8_t const black_role = back_rank_roles[static_cast<unsigned char>(b)];
        std::int8_t const white_role = w < 'a' ? back_rank_roles[static_cast<unsigned char>(w | 0x20)] : -1;
        if (black_role < 0 || white_role < 0)
            return std::nullopt;
        black[f] = static_cast<Role>(black_role);
        white[f] = static_cast<Role>(white_role);
    }
    if (arrangement_faults(white).any() || arrangement_faults(black).any())
        return std::nullopt;
    for (BackRank const* const rank : {&white, &black})
        for (std::size_t f = 8; f-- > 0;)
            if ((*rank)[f] == Role::rook)
                rook_files[rooks++] = static_cast<char>((rank == &white ? 'A' : 'a') + f);
    bool const k_is_outermost = from == InputDialect::automatic || from == InputDialect::xfen;
    bool const files = from != InputDialect::fen;
    if (!(k_is_outermost && at(castling_at, "KQkq")) && !(files && at(castling_at, std::string_view(rook_files, 4))))
        return std::nullopt;
    return start_setup(white, black);
}

// The start from the setup a FEN tag gave (its rights repaired), under Chess960 rules or not.
void set_start(const Setup& setup, bool chess960, StartReading& reading)
{
    auto pos = Position::from_setup(setup, chess960 ? Rules::chess960 : Rules::standard, Strictness::playable);
    if (!pos) {
        reading.error = {0, "FEN tag: invalid position: " + pos.error().message};
        return;
    }
    reading.start = *pos;
    reading.chess960 = chess960;
}

// 3. The start from a FEN tag's value (as written) in any dialect, `chess960` as the Variant tag says,
// into a new `reading`.
void read_fen_tag(std::string_view value, bool chess960, const PgnOptions& options, std::string& scratch,
                  StartReading& reading)
{
    std::string_view const fen = unescape(value, scratch);
    if (auto const start = options.exact_reading ? std::nullopt : written_start(fen, options.from)) {
        set_start(*start, chess960 || castles_as_chess960(*start), reading);
        return;
    }
    auto record = parse_fen(fen, options.from);
    if (!record) {
        reading.error = {std::size_t{record.error().column} - 1, "FEN tag: " + record.error().message};
        return;
    }
    bool const restore = options.start_rights == StartRights::restore;
    if (chess960 && restore)
        restore_start(fen, *record, reading);
    // Rights no Chess960 position can have are dropped, with a warning each; what remains is
    // standard unless only Chess960 can castle that way.
    for (const Diagnostic& w : repair_rights(*record, Rules::chess960))
        reading.warnings.push_back({std::size_t{w.column} - 1, "FEN tag: " + w.message});
    if (!chess960)
        chess960 = castles_as_chess960(record->setup);
    // Once more with the rights that remain: a field that was no start's rights as written
    // (`KKQkq`: a letter repeated, one too many) and a game that is Chess960 by its FEN alone (no
    // Variant tag) have their start's rights restored too, so that the rewrite (which says Variant
    // "Chess960" and writes the rights that remain) reads back the same (fuzz_pgn).
    if (chess960 && !reading.restored && restore)
        restore_start(fen, *record, reading);
    if (!accept_start(*record, options.acceptance, reading))
        return;
    set_start(record->setup, chess960, reading);
}

// The start: the FEN tag's (read_fen_tag, or what it gave for an earlier game with the same tag; under
// exact_reading every tag read afresh and none kept), else the standard start (SetUp may be missing
// either way).
bool Game::find_start()
{
    const pgn_syntax::Tag* const fen_tag = key.fen;
    if (fen_tag) {
        if (!same_text(fen_tag->name, pgn_tag::fen)) // read all the same; the rewritten game says FEN
            result.warnings.push_back(locate(game, offset_in(game, fen_tag->name),
                                             "tag '" + std::string(fen_tag->name) + "' read as the FEN tag"));
        bool const exact = importer.options.exact_reading;
        std::uint64_t const hash = StartCache::hash(fen_tag->value, chess960);
        StartReading* tag_reading = exact ? nullptr : importer.starts.find(hash, fen_tag->value, chess960);
        if (tag_reading)
            add_warnings(*tag_reading);
        else if (!(tag_reading = read_new_start(hash)))
            return false;
        start = tag_reading->start;
        start_reading = exact ? nullptr : tag_reading;
        chess960 = tag_reading->chess960;
        result.start_restored = tag_reading->restored;
    } else {
        // Neither step can refuse the standard start; if one ever did, the game fails saying why.
        auto record = parse_fen(standard_start_fen);
        if (!record)
            return fail(0, 0, "the standard start: " + record.error().message);
        auto pos = Position::from_setup(record->setup, chess960 ? Rules::chess960 : Rules::standard);
        if (!pos)
            return fail(0, 0, "the standard start: " + pos.error().message);
        start = *pos;
    }
    return true;
}

// The FEN tag read for the first time (read_fen_tag): its reading, kept in importer.starts (or, under
// exact_reading, left there for this game alone), or none (the game failed).
StartReading* Game::read_new_start(std::uint64_t hash)
{
    std::string_view const value = key.fen->value;
    StartReading& tag_reading = importer.starts.open();
    read_fen_tag(value, chess960, importer.options, importer.scratch, tag_reading);
    add_warnings(tag_reading);
    if (!tag_reading.start) {
        fail(0, offset_in(game, value) + tag_reading.error.offset, std::move(tag_reading.error.message));
        importer.starts.drop();
        return nullptr;
    }
    if (importer.options.exact_reading)
        importer.starts.drop(); // (the next one made will take its place)
    else
        importer.starts.keep(hash, value, chess960);
    return &tag_reading;
}

// The warnings of the FEN tag's reading, placed in this game.
void Game::add_warnings(const StartReading& tag_reading)
{
    std::size_t const at = offset_in(game, key.fen->value);
    for (const StartReading::Note& w : tag_reading.warnings)
        result.warnings.push_back(locate(game, at + w.offset, w.message));
}

// 4. The movetext, part by part. On a syntax error the tokens before it are still played, so that
// the positions reach the last legal ply and an illegal move before it is reported first.
// Runs of move numbers and a move, most of any movetext, are read here by the grammar's own first
// alternative (fast_paths.hpp's move_run) and played as they are read; the grammar reads the rest, a
// part at a time, into tokens.
template <typename Writer>
bool Game::read_movetext(Writer& writer)
{
    bool const exact = importer.options.exact_reading;
    pgn_syntax::MovetextReader reader(game, movetext_offset,
                                      exact ? pgn_syntax::Reading::exact : pgn_syntax::Reading::fast);
    std::vector<Line>& lines = importer.lines;
    lines.clear();
    lines.push_back(Line{*start, *start, 0, false});
    char const* const last = game.data() + game.size();
    for (;;) {
        if (!exact) {
            // (The line does not change in a run of moves.)
            Line& line = lines.back();
            bool const main_line = lines.size() == 1;
            char const* p = reader.position();
            for (;;) {
                char const* move = nullptr;
                const Importer::MoveReading* read = importer.cached_move_run(p, last, move);
                if (!read && !pgn_grammar::detail::quick_move_run(p, last, move) &&
                    !pgn_grammar::detail::move_run(p, last, move))
                    break;
                std::string_view const token(move, static_cast<std::size_t>(p - move));
                if (!read)
                    read = importer.read_move(token, last, san_error);
                if (!play_move(line, token, read, offset_in(game, move), main_line, writer))
                    return false;
            }
            reader.skip_to(p);
        }
        if (!reader.next(importer.tokens))
            break;
        for (const pgn_syntax::Token& token : importer.tokens)
            if (!read_token(token, writer))
                return false;
    }
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
        return play_move(lines.back(), token.text, importer.read_move(token.text, game.data() + game.size(), san_error),
                         at, main_line, writer);
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
[[gnu::always_inline]] inline bool Game::play_move(Line& line, std::string_view token,
                                                   const Importer::MoveReading* read, std::size_t at, bool main_line,
                                                   Writer& writer)
{
    std::uint32_t const ply = line.ply + 1;
    std::optional<Move> played; // none for a null move
    if (!read)
        return fail(ply, at + san_error.offset, std::string(token) + ": " + san_error.message);
    reading = read;
    writer.move_start(at, token);
    std::optional<detail::QuickMove> const quick = read->spec.quick && !importer.options.exact_reading
                                                       ? detail::resolve_quick(line.current, read->spec, &line.safety)
                                                       : std::nullopt;
    if (quick) {
        line.before = line.current;
        line.current.play(quick->move, quick->role);
        line.safety = detail::king_safety(line.current);
        played = quick->move;
        writer.quick_move(line, *quick);
    } else if (!play_listed(line, token, at, ply, played, writer)) {
        return false;
    }
    writer.glyphs(read->glyphs(token.data()), at + token.size());
    line.ply = ply;
    line.has_move = true;
    if (main_line) {
        result.plies = ply;
        writer.hand_over(line, played, token);
        if (auto e = writer.ply(line, played))
            return fail(ply, at, std::string(token) + ": " + e->message);
    }
    has_result = false;
    return true;
}

// A null move, or a move read against the legal move list (castling, coordinates, what the quick
// reading leaves): out of the movetext loop, which they are rare in.
template <typename Writer>
[[gnu::noinline]] bool Game::play_listed(Line& line, std::string_view token, std::size_t at, std::uint32_t ply,
                                         std::optional<Move>& played, Writer& writer)
{
    san_syntax::Fields const fields = reading->fields(token.data());
    if (fields.form == san_syntax::Form::null) {
        auto next = play_null(line.current, rules);
        if (!next)
            return fail(ply, at, std::string(token) + ": " + next.error().message);
        line.before = line.current;
        line.current = *next;
        line.safety = detail::king_safety(line.current);
        writer.null_move();
        return true;
    }
    // Castling is read against the castling moves alone (all that resolve_san and append_san_body read
    // of the list for it), but under exact_reading.
    bool const castles = fields.form == san_syntax::Form::castle_h || fields.form == san_syntax::Form::castle_a;
    MoveList const legal = castles && !importer.options.exact_reading ? detail::legal_castlings(line.current)
                                                                       : line.current.legal_moves();
    auto move = detail::resolve_san(line.current, legal, fields);
    if (!move)
        return fail(ply, at, std::string(token) + ": " + move.error().message);
    line.before = line.current;
    line.current.play(*move);
    line.safety = detail::king_safety(line.current);
    played = *move;
    writer.move(line, legal, *move);
    return true;
}

GameResult Importer::import(std::string_view text, std::string& out, const Drain& drain)
{
    Game game(*this, text, out);
    bool const started = game.read_start();
    GameResult& r = game.result; // moved out at the end: the game is done with it
    if (!options.select.empty() && r.outcome != GameOutcome::failed &&
        !(started && selected(options.select, game.chess960, game.start->setup()))) {
        // Another variant's game too; what reading its tags found is no concern of the run's.
        r.outcome = GameOutcome::not_selected;
        r.error = {};
        r.warnings.clear();
        r.start_restored = false;
        return std::move(r);
    }
    if (!started)
        return std::move(r);
    if (options.positions)
        write_with<PositionsWriter>(game, drain);
    else if (options.exits)
        write_with<ExitWriter>(game);
    else if (options.uci)
        write_with<UciWriter>(game);
    else if (!game.key.fen && !game.chess960)
        write_with<CopyWriter>(game);
    else
        write_with<RewriteWriter>(game);
    return std::move(r);
}

// Tags written one a line as append_pgn_tag writes them, where one that stands in the game exactly as
// it is written (`[Name "value"]`, in a tag section without escapes) is copied from there instead,
// together with the copied tags before it when only a newline stands between them: most games' tags go
// out in a few pieces.
class TagCopier {
public:
    // `copy` false: every tag written anew.
    TagCopier(const std::vector<pgn_syntax::Tag>& tags, std::string_view game, std::string& out, bool copy)
        : end_(game.data() + game.size()), out_(out)
    {
        if (copy && !tags.empty()) {
            char const* const first = tags.front().name.data();
            char const* const last = tags.back().value.data() + tags.back().value.size();
            plain_ = !std::memchr(first, pgn_vocabulary::tag_escape, static_cast<std::size_t>(last - first));
        }
    }

    // Whether no value has escapes: each as written is its value.
    bool plain() const { return plain_; }

    // The tag `name` with `value` (unescaped), read from `source` (or none).
    void write(std::string_view name, std::string_view value, const pgn_syntax::Tag* source)
    {
        if (source && plain_ && same_text(source->name, name) && same_text(source->value, value) && copy(*source))
            return;
        flush();
        append_pgn_tag(name, value, out_);
    }

    // A tag written as it was read (its value without escapes).
    void write(const pgn_syntax::Tag& tag)
    {
        if (!copy(tag)) {
            flush();
            append_pgn_tag(tag.name, tag.value, out_);
        }
    }

    void flush()
    {
        if (!run_begin_)
            return;
        out_.append(run_begin_, static_cast<std::size_t>(run_end_ - run_begin_));
        out_ += '\n';
        run_begin_ = nullptr;
    }

private:
    // Copies `tag` (its name and value as written there) if it stands as `[Name "value"]`.
    bool copy(const pgn_syntax::Tag& tag)
    {
        char const* const name = tag.name.data();
        char const* const value = tag.value.data();
        char const* const after = value + tag.value.size(); // where the closing quote should be
        if (!plain_ || name[-1] != pgn_vocabulary::tag_open || value != name + tag.name.size() + 2 ||
            value[-2] != ' ' || value[-1] != pgn_vocabulary::tag_quote || end_ - after < 2 ||
            after[0] != pgn_vocabulary::tag_quote || after[1] != pgn_vocabulary::tag_close)
            return false;
        if (run_begin_ && name - 1 - run_end_ == 1 && *run_end_ == '\n') {
            run_end_ = after + 2;
            return true;
        }
        flush();
        run_begin_ = name - 1;
        run_end_ = after + 2;
        return true;
    }

    char const* end_; // of the game's text
    std::string& out_;
    bool plain_ = false;
    char const* run_begin_ = nullptr; // the tags to copy: [run_begin_, run_end_), then a newline
    char const* run_end_ = nullptr;
};

// The tags one per line, FEN in the chosen dialect with SetUp before it, Variant named as
// options.variant_name says, then the empty line before the movetext. Other tags keep their order and
// their values (unescaped, then escaped again: a lone backslash is written doubled).
void Importer::write_tags(const KeyTags& key, bool chess960, std::string_view fen, std::string_view game,
                          std::string& out)
{
    const pgn_syntax::Tag* variant_before = nullptr; // where a missing Variant tag goes
    if (chess960 && !key.variant)
        variant_before = key.setup && (!key.fen || key.setup < key.fen) ? key.setup : key.fen;
    std::string_view const name = !options.variant_name.empty() ? std::string_view(options.variant_name)
                                  : key.variant ? unescape(key.variant->value, variant_scratch)
                                                : default_variant_name;
    TagCopier copier(tags, game, out, !options.exact_reading);
    for (const pgn_syntax::Tag& t : tags) {
        if (&t == variant_before)
            copier.write(pgn_tag::variant, name, nullptr);
        if (&t == key.variant && chess960) {
            copier.write(pgn_tag::variant, name, &t);
        } else if (&t == key.setup) {
            copier.write(pgn_tag::setup, key.fen ? "1" : "0", &t);
        } else if (&t == key.fen) {
            if (!key.setup)
                copier.write(pgn_tag::setup, "1", nullptr);
            copier.write(pgn_tag::fen, fen, &t);
        } else if ((&t != key.variant && is_tag_named(t.name, pgn_tag::variant)) ||
                   is_tag_named(t.name, pgn_tag::setup) || is_tag_named(t.name, pgn_tag::fen)) {
            continue; // a second Variant, SetUp or FEN tag would contradict the first
        } else if (copier.plain()) {
            copier.write(t);
        } else {
            copier.write(t.name, unescape(t.value, scratch), nullptr);
        }
    }
    if (chess960 && !key.variant && !variant_before)
        copier.write(pgn_tag::variant, name, nullptr);
    copier.flush();
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
