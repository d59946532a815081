// The modes the library is run in and what becomes of a game: every enum that has a name a user
// types or reads (names.hpp holds the names, one table per enum in the enum's order). Here, below
// every other header, so that names.hpp and the input layer need no reader's or writer's header.
#pragma once

#include <cstdint>

namespace fen960 {

// The three encodings of one model.
enum class Dialect : std::uint8_t {
    fen,      // standard FEN (PGN standard 16.1): KQkq, king on e1/e8, rooks on a/h
    shredder, // Shredder-FEN: the castling rooks' files, HAha
    xfen,     // X-FEN: KQkq for the outermost rook on a side, the file letter for an inner one
};

// What a reader accepts in the castling field.
enum class InputDialect : std::uint8_t {
    automatic, // K/Q = outermost rook on that side, file letters = the rook on that file
    fen,       // K/Q only, standard squares
    shredder,  // file letters only
    xfen,      // both forms, as automatic
};

// When the en-passant square is written.
enum class EnPassantMode : std::uint8_t {
    keep,   // as the record says
    pseudo, // only when a pawn of the side to move stands beside the pawn that moved two squares
    legal,  // only when a legal en-passant capture exists
};

// How a record is written after its position: as it was read, or always in one shape.
enum class Shape : std::uint8_t {
    as_read, // six fields where it had clocks, else four; then the rest as read
    fen,     // six fields: the clocks from the fields, else from hmvc/fmvn (which then leave the
             // operations), else 0 1; then the other operations as read
    epd,     // four fields; where the record had clock fields, `hmvc N; fmvn M;` before its operations
};

// The formats read, in the order of compression_names (names.hpp).
enum class Compression : std::uint8_t { none, zstd, gzip, bzip2, xz };

// How UCI writes castling.
enum class CastlingNotation : std::uint8_t {
    automatic, // king for a game of standard chess, kxr for Chess960
    kxr,       // the king takes its own rook: e1h1, f8g8 (UCI_Chess960 engines, Chess960 GUIs)
    king,      // the king's move to its castling square: e1g1 (standard UCI); refused where that reads
               // as another move
};

// A Chess960 game's FEN tag that holds a start position (restore_start_rights, startpos.hpp) with other
// castling rights than its four rooks' (lichess's 2023-11 dump, lichess-org/database#54): read with
// the rooks' rights and a warning (restore), or as it stands, the impossible rights dropped (as_given).
enum class StartRights : std::uint8_t { restore, as_given };

// What a game is for `pgn --select`: a Double Fischer Random game (its start is a DFRC start, as
// `fen960 identify` names it), else a Chess960 game (its Variant tag says so, or its start's castling
// rights need Chess960 rules), else a standard one.
enum class GameKind : std::uint8_t { standard, chess960, dfrc };

// What became of a game read (GameResult::outcome, pgn.hpp).
enum class GameOutcome : std::uint8_t {
    imported,
    failed,  // unreadable, an illegal, ambiguous or unparsable move, or a bad FEN tag
    skipped, // a variant other than standard chess and Chess960
    not_selected, // outside PgnOptions::select: nothing written, not a failure
};

} // namespace fen960
