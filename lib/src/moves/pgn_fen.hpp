// The FEN of every position of a game, fast: a move changes one or two ranks, so the writer keeps
// each rank's text and redraws only those the move touched (a table gives the text of a rank's
// occupancy pattern, one byte shuffle where the processor has it); a line is the eight rank texts
// copied sixteen bytes at a time, the castling text kept while the rights, kings and back-rank rooks
// stay as they are, the en-passant square judged only where a pawn could take, the clocks from a
// table. The output is append_fen's, byte for byte (tests/test_pgn.cpp compares the two on every
// position of random games, in every dialect and en-passant mode).
#pragma once

#include <array>
#include <cstdint>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/position.hpp"

namespace fen960::detail {

class FenWriter {
public:
    explicit FenWriter(const EmitOptions& options);

    // The most a line takes: 8 ranks of 8 bytes and their separators, the side, castling (at most 16
    // letters), en passant, two clocks and the newline, with room for the 16-byte copies past it.
    static constexpr std::size_t max_line = 160;

    // Writes pos's record as append_fen(pos.setup(), options) does, then a newline, at `end` (room for
    // max_line bytes) and moves `end` past it; on a castling right the dialect cannot write, writes
    // nothing and returns why.
    Expected<void> write_line(const Position& pos, char*& end) { return written(write(pos, end), end); }

    // The same for pos = `before` after `move`, when the last line written was `before`'s (the caller
    // promises it; a different occupancy makes a full redraw): only the squares the move touched are
    // looked at.
    Expected<void> write_line(const Position& before, const Move& move, const Position& pos, char*& end)
    {
        return written(write(before, move, pos, end), end);
    }

    // write_line's two forms without the Expected, for the game loop: they write at `out` and return
    // the line's end, or nullptr where they wrote nothing (failure() says why).
    // Each starts a cache line, as Game::read_movetext does: where they fell by the code linked
    // before them moved pgn --positions by 3-4 % from build to build (a file added to the library
    // shifted them and --jobs 1 went from 135 to 141 ms; aligned, 137 ms), with not one instruction
    // changed.
    [[gnu::aligned(64)]] char* write(const Position& pos, char* out);
    [[gnu::aligned(64)]] char* write(const Position& before, const Move& move, const Position& pos, char* out);
    const Diagnostic& failure() const { return castling_written_.error(); }

private:
    Expected<void> written(char* line_end, char*& end) const
    {
        if (!line_end)
            return castling_written_;
        end = line_end;
        return {};
    }

    void redraw(const Board& board);
    void play_letters(const Position& before, const Move& move);
    void draw_rank_plain(unsigned rank);
    void draw_ranks(unsigned a, unsigned b);
    char* write_after_special(const Position& before, const Move& move, const Position& pos, char* out);
    char* write_after(const Move& move, const Position& pos, char* out);
    char* write_fields(const Position& pos, char* out);
    template <bool quick>
    char* write_after_placement(const Position& pos, char* p);
    char* write_after_placement_slowly(const Position& pos, char* p);
    bool castling_text_holds(const Position& pos) const;
    bool update_castling(const Position& pos);
    char* write_en_passant(const Position& pos, char* p) const;

    EmitOptions options_;
    EnPassantMode en_passant_;
    Bitboard occupied_ = ~Bitboard{0}; // the occupancy of the board the rank texts show; none yet
    // Each rank's text and its '/', 16 bytes a rank from the first (copied whole); the length of the
    // two in the last byte.
    alignas(16) std::array<char, 128> rank_texts_{};
    // The board's letters by square, with empty_letter on an empty one.
    alignas(8) std::array<char, 64> mailbox_{};
    // Castling text and what it depends on (no rights: none kept, none yet or none writable).
    std::uint8_t castling_length_ = 0;
    std::array<char, 16> castling_text_{};
    Bitboard castling_rooks_ = 0;
    Bitboard castling_ranks_ = 0;     // the back ranks of the sides with rights
    Bitboard castling_key_ = 0;       // each of those sides' king and rooks on its back rank
    Expected<void> castling_written_; // write_castling's result for castling_text_
};

} // namespace fen960::detail
