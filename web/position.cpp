// Position for JavaScript: index.js's Position holds its position as a record (Shredder-FEN, the
// en-passant square kept), and each method reads it again, so no object of the module's memory
// outlives a call and nothing needs freeing. The library's Position, parse_san, to_san and to_uci do the work.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "fen960/fen.hpp"
#include "fen960/san.hpp"
#include "web.hpp"

namespace fen960::web {

using emscripten::val;

namespace {

// The record a Position keeps: every field exactly, castling as its rooks' files.
std::string kept(const Position& pos)
{
    EmitOptions options;
    options.dialect = Dialect::shredder;
    options.en_passant = EnPassantMode::keep;
    std::string out;
    if (auto written = append_fen(pos.setup(), options, out); !written)
        throw std::logic_error("Position: a position Shredder-FEN cannot write: " + written.error().message);
    return out;
}

// The record a Position keeps, or "" when `record` is no position (lastError() says why).
std::string position_read(const std::string& record, bool chess960, bool strict)
{
    std::optional<Position> pos = read_position(record, chess960, strict);
    return pos ? kept(*pos) : std::string();
}

// -1: the dialect's own en-passant default.
std::string position_fen(const std::string& record, bool chess960, int to, int en_passant)
{
    std::optional<Position> pos = read_position(record, chess960, false);
    if (!pos)
        return {};
    EmitOptions options;
    options.dialect = static_cast<Dialect>(to);
    if (en_passant >= 0)
        options.en_passant = static_cast<EnPassantMode>(en_passant);
    std::string out;
    if (auto written = append_fen(pos->setup(), options, out); !written) {
        fail(written.error().message, 0, written.error().message);
        return {};
    }
    return out;
}

// The legal moves in UCI (castling king takes rook when `kxr`) or in SAN.
val position_moves(const std::string& record, bool chess960, bool kxr, bool san)
{
    std::optional<Position> pos = read_position(record, chess960, false);
    if (!pos)
        return val::undefined();
    val moves = val::array();
    for (const Move& m : pos->legal_moves())
        moves.call<void>("push", san ? to_san(*pos, m) : to_uci(*pos, m, kxr));
    return moves;
}

// {record, san} after the move (SAN or UCI), or undefined with the reason (column in the move).
val position_play(const std::string& record, bool chess960, const std::string& token)
{
    std::optional<Position> pos = read_position(record, chess960, false);
    if (!pos)
        return val::undefined();
    Expected<Move> move = parse_san(*pos, token);
    if (!move) {
        fail(move.error().message, move.error().column, move.error().message);
        return val::undefined();
    }
    std::string const san = to_san(*pos, *move);
    pos->play(*move);
    val result = val::object();
    result.set("record", kept(*pos));
    result.set("san", san);
    return result;
}

} // namespace

void add_position()
{
    emscripten::function("positionRead", &position_read);
    emscripten::function("positionFen", &position_fen);
    emscripten::function("positionMoves", &position_moves);
    emscripten::function("positionPlay", &position_play);
}

} // namespace fen960::web
