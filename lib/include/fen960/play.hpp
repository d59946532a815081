// Moves across dialects: a move read in SAN or in UCI with either castling notation, a UCI `position`
// command read and played, and moves written in UCI for an engine in the castling notation it
// expects (UCI protocol; UCI_Chess960 engines write castling as the king taking its own rook).
//
//   auto pos = fen960::start_position("startpos");               // or a FEN record, any dialect
//   auto move = fen960::read_move(*pos, "e1h1");                 // UCI or SAN: "e2e4", "O-O", "Nbd2"
//   std::string uci;
//   auto written = fen960::append_uci(*pos, *move, fen960::CastlingNotation::king, uci); // or why not
//
//   fen960::MovePlayer player({.dialect = fen960::Dialect::shredder});
//   std::string out;                                             // the position after the moves
//   fen960::PlayResult r = player.play_line("position startpos moves e2e4 e7e5 g1f3", out);
//   if (!r) report(r.error().reason.column, r.error().reason.message); // "move 2 'e7e4': illegal move: ..."
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/modes.hpp"
#include "fen960/position.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

const char* name(CastlingNotation n);

// kxr or king: what `automatic` means for a game of Chess960 or of standard chess.
constexpr CastlingNotation castling_notation(CastlingNotation n, bool chess960)
{
    if (n != CastlingNotation::automatic)
        return n;
    return chess960 ? CastlingNotation::kxr : CastlingNotation::king;
}

// What `automatic` means for moves from `start`: kxr when a castling right of `start` is one only
// Chess960 has (castles_as_chess960, castling.hpp), else king. The one rule of `--castling auto`
// (play, perft) and of the Python module's castling='auto'; another notation is itself.
CastlingNotation castling_notation(CastlingNotation n, const Setup& start);

// The legal move a token names, in UCI or in SAN:
//   - UCI (`e2e4`, `e7e8q`): castling as the king taking its own rook (`e1h1`, `b8a8`) always, or
//     as the king's move to its castling square (`e1g1`, `d1g1` with the king on d1) when that is not
//     also a legal move of the king (with the king on f1 and the rook on h1, `f1g1` is the king's step
//     and `f1h1` castles);
//   - SAN and what the PGN importer reads (san.hpp: `O-O`, `0-0`, `Nbd2`, `exd8=Q+`, `Ng1-f3`).
// On failure the message says why, in the PGN importer's words, without the token; the column is
// 1-based in the token.
Expected<Move> read_move(const Position& pos, std::string_view token);

// Appends the UCI of a legal move, castling as `notation` says (automatic: king when every castling
// right of `pos` is standard chess's, else kxr; a caller that knows the game's variant resolves it
// with castling_notation). A castling whose king's move reads as another move (the king's step, or
// the king taking the other rook) cannot be written as king: that is an error, and nothing is appended.
Expected<void> append_uci(const Position& pos, const Move& move, CastlingNotation notation, std::string& out);

// The start a command names: `startpos` (the standard start) or a record in any dialect, judged as
// convert judges one ("invalid position: ..."); columns are 1-based in `start`.
Expected<Position> start_position(std::string_view start, InputDialect from = InputDialect::automatic);
// The same under the acceptance rule (validate.hpp): a position no game reaches that the move
// generator plays is the start, with a warning in `warnings` (refused under Acceptance::strict, as
// start_position(start) refuses it).
Expected<Position> start_position(std::string_view start, Acceptance acceptance, std::vector<Diagnostic>& warnings,
                                  InputDialect from = InputDialect::automatic);

// Writes the UCI command that sets a position up in an engine: `position startpos` for the standard
// start, else `position fen FEN` (in the chosen dialect), then ` moves M...` in UCI.
class UciLineWriter {
public:
    explicit UciLineWriter(const EmitOptions& emit) : emit_(emit) {}

    // Begins the line at `start`; `notation` as for append_uci. Fails, appending nothing, when the
    // dialect cannot write the start (standard FEN and Chess960 castling rights).
    Expected<void> begin(const Position& start, CastlingNotation notation, std::string& out);
    // Appends a move of `before`, the position it is played in (nothing, and why, as append_uci).
    Expected<void> add(const Position& before, const Move& move, std::string& out);
    // Ends the line with its newline.
    void end(std::string& out) { out.push_back('\n'); }

private:
    EmitOptions emit_;
    CastlingNotation notation_ = CastlingNotation::automatic;
    bool has_moves_ = false;
};

// What MovePlayer writes for each start and its moves.
enum class PlayOutput : std::uint8_t {
    last, // the position after the last move
    all,  // the start and the position after every move, one a line
    uci,  // the UCI command `position ... moves ...`, every move in UCI
};

struct PlayOptions {
    Dialect dialect = Dialect::xfen;
    std::optional<EnPassantMode> en_passant{}; // default_en_passant(dialect) when empty
    PlayOutput output = PlayOutput::last;
    CastlingNotation castling = CastlingNotation::automatic; // PlayOutput::uci: automatic is decided
                                                            // by the start (castles_as_chess960)
    Acceptance acceptance = Acceptance::playable; // a start no game reaches: a warning, or refused
    InputDialect from = InputDialect::automatic; // how the start's castling letters are read
};

// Where and why MovePlayer stopped.
struct PlayFailure {
    std::uint32_t played = 0;   // the moves played before it stopped
    std::uint32_t bad_move = 0; // the 1-based number of the move at fault, 0 for the start
    Diagnostic reason;          // "move 3 'e8h8': illegal move: ..." and the column in the text
};

// The number of moves played, or where and why the player stopped.
using PlayResult = Expected<std::uint32_t, PlayFailure>;

// Plays moves from a start and writes the result. Keeps its buffers from call to call; one per thread.
class MovePlayer {
public:
    explicit MovePlayer(PlayOptions options = {});
    ~MovePlayer();
    MovePlayer(const MovePlayer&) = delete;
    MovePlayer& operator=(const MovePlayer&) = delete;

    // From `start` (as start_position reads it) plays `moves`; `start` and the moves point into
    // `text`, where the columns of errors are counted. Appends what the options ask, each line with its
    // newline; on failure nothing, except the positions before the bad move under PlayOutput::all.
    // Nothing after a bad move is played.
    PlayResult play(std::string_view text, std::string_view start, std::span<const std::string_view> moves,
                    std::string& out);

    // The same for one UCI `position` command (`position startpos moves e2e4 e7e5`, `position fen FEN
    // moves ...`, the word `position` optional); an unreadable line is an error of the start.
    PlayResult play_line(std::string_view line, std::string& out);

    // The warnings of the last play or play_line (a start no game reaches), columns in its text.
    const std::vector<Diagnostic>& warnings() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

namespace detail {

// The two readings of a UCI token that read_move chooses between, for tests: the quick one, without
// the legal move list (nothing when it cannot tell: castling, and every move that is not legal), and
// the plain lookup in the legal move list, which decides whenever the quick one cannot.
std::optional<Move> read_uci_quick(const Position& pos, std::string_view token);
// `legal` is pos.legal_moves().
std::optional<Move> read_uci_plain(const MoveList& legal, std::string_view token);

} // namespace detail

} // namespace fen960
