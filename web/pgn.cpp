// readPgn for JavaScript: the library's PgnReader (the loop behind `fen960 pgn`) over a text, on one
// thread, each game with its tags (the Python module's game_tags, python/pgn_tags.cpp, until lib hands
// them out), its positions as `fen960 pgn --positions` writes them, its main line in UCI as
// `pgn --format uci` writes it and in SAN; a failed or skipped game's message formatted as the command does.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "fen960/diagnostic_text.hpp"
#include "fen960/input.hpp"
#include "fen960/pgn_reader.hpp"
#include "fen960/san.hpp"
#include "pgn_tags.hpp"
#include "web.hpp"

namespace fen960::web {

using emscripten::val;

namespace {

val lines_of(std::string_view text, std::string_view skip_prefix)
{
    val list = val::array();
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!skip_prefix.empty()) { // the UCI line: the moves after its "moves"
            std::size_t const at = line.find(skip_prefix);
            line = at == std::string_view::npos ? std::string_view() : line.substr(at + skip_prefix.size());
            for (std::size_t s = 0; s < line.size();) {
                std::size_t e = line.find(' ', s);
                if (e == std::string_view::npos)
                    e = line.size();
                list.call<void>("push", std::string(line.substr(s, e - s)));
                s = e + 1;
            }
        } else {
            list.call<void>("push", std::string(line));
        }
        start = end + 1;
    }
    return list;
}

// The main line in SAN: each UCI move of `uci` played from the game's first position (parse_san reads
// UCI too); a move that does not read (a null move) stays as written.
val san_moves(const val& uci, const val& positions, bool chess960)
{
    val moves = val::array();
    auto const count = uci["length"].as<unsigned>();
    if (count == 0)
        return moves;
    std::optional<Position> pos = read_position(positions[0].as<std::string>(), chess960, false);
    for (unsigned i = 0; i < count; ++i) {
        std::string const token = uci[i].as<std::string>();
        Expected<Move> move = pos ? parse_san(*pos, token) : Expected<Move>(Diagnostic{1, 1, "no position"});
        if (!move) {
            moves.call<void>("push", token);
            pos.reset();
            continue;
        }
        moves.call<void>("push", to_san(*pos, *move));
        pos->play(*move);
    }
    return moves;
}

val tags_of(std::string_view game)
{
    val tags = val::array();
    for (const auto& [name, value] : python::game_tags(game)) {
        val pair = val::array();
        pair.call<void>("push", name);
        pair.call<void>("push", value);
        tags.call<void>("push", pair);
    }
    return tags;
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
    PgnReaderOptions uci = options;
    uci.import.positions = false;
    uci.import.uci = true;
    StringSource positions_source(text);
    StringSource uci_source(text);
    PgnReader positions(std::vector<ByteSource*>{&positions_source}, std::move(options));
    PgnReader moves(std::vector<ByteSource*>{&uci_source}, std::move(uci));
    val games = val::array();
    for (;;) {
        const ReadGame* g = positions.next();
        const ReadGame* m = moves.next();
        if (!g || !m)
            break;
        if (g->game.stray || g->result.outcome == GameOutcome::not_selected)
            continue;
        val game = val::object();
        game.set("number", static_cast<double>(g->number));
        game.set("line", static_cast<double>(g->game.line));
        game.set("column", g->game.column);
        game.set("outcome", static_cast<int>(g->result.outcome));
        game.set("chess960", g->result.chess960);
        game.set("plies", g->result.plies);
        game.set("tags", tags_of(g->game.text));
        val const list = lines_of(g->output, "");
        val const uci_moves = lines_of(m->output, " moves ");
        game.set("positions", list);
        game.set("uci", uci_moves);
        game.set("moves", san_moves(uci_moves, list, g->result.chess960));
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
