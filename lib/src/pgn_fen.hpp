// The FEN of every position of a game, fast: a move changes one to three ranks, so the writer keeps
// each rank's text and redraws only those whose pieces changed; castling text is kept while the
// rights, kings and back-rank rooks stay as they are. The output is append_fen's, byte for byte
// (tests/test_pgn.cpp compares the two on every position of the test games).
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

    // Appends pos's record as append_fen(pos.setup(), options) does; on a castling right the dialect
    // cannot write, appends nothing and returns why.
    std::optional<Diagnostic> append(const Position& pos, std::string& out);

private:
    void draw_rank(int rank);

    EmitOptions options_;
    EnPassantMode en_passant_;
    bool have_board_ = false;
    Board board_;                              // the board the rank texts show
    std::array<char, 64> mailbox_{};           // its letters by square, 0 for empty
    std::array<std::array<char, 8>, 8> rank_text_{};
    std::array<std::uint8_t, 8> rank_length_{};
    // Castling text and what it depends on.
    bool have_castling_ = false;
    Bitboard castling_rooks_ = 0;
    Bitboard castling_key_ = 0;   // kings and rooks on the back ranks
    Bitboard castling_black_ = 0; // the black ones among them
    std::string castling_text_;
    std::optional<Diagnostic> castling_error_;
};

} // namespace fen960::detail
