// The FEN of every position of a game, fast: a move changes one to three ranks, so the writer keeps
// each rank's text and redraws only those the move touched (a table gives the text of a rank's
// occupancy pattern); castling text is kept while the rights, kings and back-rank rooks stay as they
// are. The output is append_fen's, byte for byte (tests/test_pgn.cpp compares the two on every
// position of the test games).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/position.hpp"

namespace fen960::detail {

class FenWriter {
public:
    explicit FenWriter(const EmitOptions& options);

    // The most a line takes: 8 ranks of 8 bytes and their separators, the side, castling (at most 16
    // letters), en passant, two clocks and the newline, with room for the 8-byte rank copies.
    static constexpr std::size_t max_line = 160;

    // Writes pos's record as append_fen(pos.setup(), options) does, then a newline, at `end` (room for
    // max_line bytes) and moves `end` past it; on a castling right the dialect cannot write, writes
    // nothing and returns why.
    Expected<void> write_line(const Position& pos, char*& end);

    // The same for pos = `before` after `move`, when the last line written was `before`'s (the caller
    // promises it; a different occupancy makes a full redraw): only the squares the move touched are
    // looked at.
    Expected<void> write_line(const Position& before, const Move& move, const Position& pos, char*& end);

private:
    void redraw(const Board& board);
    void redraw(const Position& before, const Move& move, const Board& board);
    Expected<void> write_fields(const Position& pos, char*& end);
    void draw_rank(int rank, Bitboard occupied);

    EmitOptions options_;
    EnPassantMode en_passant_;
    bool have_board_ = false;
    Bitboard occupied_ = 0;                    // the occupancy of the board the rank texts show
    std::array<char, 64> mailbox_{};           // its letters by square, 0 for empty
    std::array<std::array<char, 8>, 8> rank_text_{};
    std::array<std::uint8_t, 8> rank_length_{};
    // Castling text and what it depends on.
    bool have_castling_ = false;
    Bitboard castling_rooks_ = 0;
    Bitboard castling_key_ = 0;   // kings and rooks on the back ranks
    Bitboard castling_black_ = 0; // the black ones among them
    std::string castling_text_;
    Expected<void> castling_written_; // emit_castling's result for castling_text_
};

} // namespace fen960::detail
