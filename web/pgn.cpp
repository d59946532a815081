// readPgn for JavaScript: the library's PgnReader (the loop behind `fen960 pgn`) over a text, on one
// thread, each game as the library hands it over (PgnOptions::hand_over, as Python's Game has it): its
// tags in order, unescaped; its positions as `fen960 pgn --positions` writes them; its main line in UCI
// and in SAN as played; a failed or skipped game's message formatted as the command does.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "fen960/diagnostic_text.hpp"
#include "fen960/input.hpp"
#include "fen960/pgn_reader.hpp"
#include "web.hpp"

namespace fen960::web {

using emscripten::val;

namespace {

val lines_of(std::string_view text)
{
    val list = val::array();
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        list.call<void>("push", std::string(text.substr(start, end - start)));
        start = end + 1;
    }
    return list;
}

// The tags handed over, each a [name, value] pair.
val tags_of(const std::vector<PgnTag>& handed)
{
    val tags = val::array();
    for (const PgnTag& tag : handed) {
        val pair = val::array();
        pair.call<void>("push", tag.name);
        pair.call<void>("push", tag.value);
        tags.call<void>("push", pair);
    }
    return tags;
}

// The main line handed over, in UCI or in SAN as played.
val moves_of(const std::vector<GameMove>& handed, std::string GameMove::*notation)
{
    val moves = val::array();
    for (const GameMove& move : handed)
        moves.call<void>("push", move.*notation);
    return moves;
}

// A failed or skipped game's error as the command prints it, or null.
val game_error(const ReadGame& g, std::string_view source)
{
    const GameResult& r = g.result;
    if (r.outcome != GameOutcome::failed && r.outcome != GameOutcome::skipped)
        return val::null();
    Diagnostic const where = absolute_location(g.game, r.error);
    std::string const line = g.game.too_long ? std::string() : line_of(g.game, r.error);
    std::string text;
    Origin const origin{source, where.line};
    if (r.outcome == GameOutcome::failed)
        format_diagnostic(origin, where, line, Severity::error, text);
    else
        format_diagnostic(origin, Diagnostic{where.line, where.column, r.error.message + "; game skipped"}, line,
                          Severity::warning, text);
    if (!text.empty() && text.back() == '\n')
        text.pop_back();
    val e = val::object();
    e.set("message", r.error.message);
    e.set("text", text);
    e.set("line", static_cast<double>(where.line));
    e.set("column", where.column);
    e.set("ply", r.ply);
    e.set("skipped", r.outcome == GameOutcome::skipped);
    return e;
}

// Every game of `text` (stray text and unselected games left out), each an object; -1: the dialect's
// own en-passant default.
val read_pgn(const std::string& text, int to, int en_passant, const std::string& source)
{
    PgnReaderOptions options;
    options.import.dialect = static_cast<Dialect>(to);
    if (en_passant >= 0)
        options.import.en_passant = static_cast<EnPassantMode>(en_passant);
    options.import.positions = true;
    options.import.hand_over = true;
    StringSource source_text(text);
    PgnReader positions(std::vector<ByteSource*>{&source_text}, std::move(options));
    val games = val::array();
    while (const ReadGame* g = positions.next()) {
        if (g->game.stray || g->result.outcome == GameOutcome::not_selected)
            continue;
        val game = val::object();
        game.set("number", static_cast<double>(g->number));
        game.set("line", static_cast<double>(g->game.line));
        game.set("column", g->game.column);
        game.set("outcome", static_cast<int>(g->result.outcome));
        game.set("chess960", g->result.chess960);
        game.set("plies", g->result.plies);
        game.set("tags", tags_of(g->result.tags));
        game.set("positions", lines_of(g->output));
        game.set("uci", moves_of(g->result.moves, &GameMove::uci));
        game.set("moves", moves_of(g->result.moves, &GameMove::san));
        game.set("error", game_error(*g, source));
        games.call<void>("push", game);
    }
    return games;
}

} // namespace

void add_pgn()
{
    emscripten::function("readPgn", &read_pgn);
}

} // namespace fen960::web
