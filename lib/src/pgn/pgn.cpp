// PGN import, one game at a time: the grammar (grammars/pgn) gives the tags and the movetext's
// tokens; here the Variant and FEN tags decide the rules and the start, every move token is read
// against the legal moves (variations from their branch point), and the game is written anew,
// replayed into positions, or its main line written as a UCI position command (the writers are in
// pgn_writers.hpp, what they share with this loop in pgn_game.hpp). Tag names are the vocabulary's
// (pgn_tags.hpp).
#include "fen960/pgn.hpp"

#include <cassert>

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
        else if (!key.result && t.name == pgn_tag::result)
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
    if (!pgn_syntax::parse_tags(game, importer.tags, movetext_offset, syntax_error))
        return fail(0, syntax_error.offset, std::move(syntax_error.message));
    key = find_key_tags(importer.tags);
    if (importer.options.hand_over)
        for (const pgn_syntax::Tag& t : importer.tags)
            result.tags.push_back(PgnTag{std::string(t.name), std::string(unescape(t.value, importer.scratch))});

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
        if (fen_tag->name != pgn_tag::fen) // read all the same; the rewritten game says FEN
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
        // Once more with the rights that remain: a field that was no start's rights as written
        // (`KKQkq`: a letter repeated, one too many) and a game that is Chess960 by its FEN alone (no
        // Variant tag) have their start's rights restored too, so that the rewrite (which says Variant
        // "Chess960" and writes the rights that remain) reads back the same (fuzz_pgn).
        if (chess960 && !result.start_restored && importer.options.start_rights == StartRights::restore)
            restore_start(fen, *record, at);
        if (!accept_start(*record, at))
            return false;
        auto pos = Position::from_setup(record->setup, chess960 ? Rules::chess960 : Rules::standard,
                                        Strictness::playable);
        if (!pos)
            return fail(0, at, "FEN tag: invalid position: " + pos.error().message);
        start = *pos;
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

// The acceptance rule (validate.hpp) on a FEN tag's position, its castling rights repaired: refused
// (false, the game failed), or accepted, with a warning when no game reaches it.
bool Game::accept_start(const FenRecord& record, std::size_t at)
{
    std::vector<Problem> problems;
    find_position_problems(record, problems);
    std::vector<Diagnostic> warnings;
    if (auto accepted = accept_position(problems, importer.options.acceptance, warnings); !accepted)
        return fail(0, at, "FEN tag: " + accepted.error().front().message);
    for (const Diagnostic& w : warnings)
        result.warnings.push_back(locate(game, at, "FEN tag: " + w.message));
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
    result.warnings.push_back(locate(
        game, at + field,
        std::string("FEN is ") + (dfrc ? "Double Fischer Random" : "Chess960") + " start " +
            std::to_string(restored->check.number) + " with castling '" + std::string(given) + "'; read as '" +
            rights + "'"));
    result.start_restored = true;
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
    MoveList const legal = line.current.legal_moves();
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
    return game.result;
}

// The tags one per line (append_pgn_tag), FEN in the chosen dialect with SetUp before it, Variant
// named as options.variant_name says, then the empty line before the movetext. Other tags keep their
// order and their values (unescaped, then escaped again: a lone backslash is written doubled).
void Importer::write_tags(const KeyTags& key, bool chess960, std::string& out)
{
    const pgn_syntax::Tag* variant_before = nullptr; // where a missing Variant tag goes
    if (chess960 && !key.variant)
        variant_before = key.setup && (!key.fen || key.setup < key.fen) ? key.setup : key.fen;
    std::string_view const name = !options.variant_name.empty() ? std::string_view(options.variant_name)
                                  : key.variant ? unescape(key.variant->value, variant_scratch)
                                                : default_variant_name;
    for (const pgn_syntax::Tag& t : tags) {
        if (&t == variant_before)
            append_pgn_tag(pgn_tag::variant, name, out);
        if (&t == key.variant && chess960) {
            append_pgn_tag(pgn_tag::variant, name, out);
        } else if (&t == key.setup) {
            append_pgn_tag(pgn_tag::setup, key.fen ? "1" : "0", out);
        } else if (&t == key.fen) {
            if (!key.setup)
                append_pgn_tag(pgn_tag::setup, "1", out);
            append_pgn_tag(pgn_tag::fen, fen_text, out);
        } else if ((&t != key.variant && is_tag_named(t.name, pgn_tag::variant)) ||
                   is_tag_named(t.name, pgn_tag::setup) || is_tag_named(t.name, pgn_tag::fen)) {
            continue; // a second Variant, SetUp or FEN tag would contradict the first
        } else {
            append_pgn_tag(t.name, unescape(t.value, scratch), out);
        }
    }
    if (chess960 && !key.variant && !variant_before)
        append_pgn_tag(pgn_tag::variant, name, out);
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
