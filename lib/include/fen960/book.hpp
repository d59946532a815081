// Opening books for engine testing: the colour-flipped position, and the index of a book's positions
// behind `convert --unique` and `--stats` (which records repeat a position, and how many distinct
// positions a book holds at each level of detail).
//
//   fen960::BookIndex index;
//   for (each valid record, at `place`) {
//       if (auto first = index.add(fen960::book_key(record.setup), place))
//           report(place, *first);                   // a duplicate of the record at *first
//   }
//   index.counts().positions;                        // distinct positions, as --unique tells them apart
//
// Exact: the index keeps every distinct position whole (the board in 32 bytes, the rest packed),
// so no two different positions are ever taken for one; a hash only finds where to look. Its memory
// grows with the number of distinct positions, not with the records (bytes_per_position).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "fen960/book_memory.hpp" // detail::BookArray, the memory of the index's tables
#include "fen960/setup.hpp"
#include "fen960/types.hpp"

namespace fen960 {

// The board upside down: a1 <-> a8, ..., h1 <-> h8.
constexpr Bitboard flip_vertical(Bitboard b)
{
    return __builtin_bswap64(b);
}

// The colour-flipped position (python-chess's Board.mirror()): the board flipped top to bottom, each
// piece's colour and the side to move swapped, the castling rooks and the en-passant square moved to
// the other colour's ranks; the clocks stay. Mirroring twice gives the setup back.
Setup mirrored(const Setup& setup);

// What tells a position of a book from another, at every level the counts below use. The setup must
// be a valid position (the legal en-passant square needs its kings).
struct BookKey {
    // The board as the four bit planes of a code a square (0 empty, role + 1 for a white piece, role + 9
    // for a black one): the black pieces; pawns, bishops, queens; knights, bishops, kings; rooks,
    // queens, kings. Equal planes, equal boards.
    std::array<std::uint64_t, 4> board{};
    // Bit 0 the side to move (1: black), bits 1..16 the castling rooks' files (white's, then black's),
    // bits 17..20 the file + 1 of the en-passant square when a legal capture exists (else 0), bits
    // 21..24 the file + 1 of the en-passant square as the record has it.
    std::uint32_t state = 0;
    std::uint32_t halfmove_clock = 0;
    std::uint32_t fullmove_number = 1;
    std::uint64_t hash = 0; // of the board, where the index looks first

    friend bool operator==(const BookKey&, const BookKey&) = default;
};

BookKey book_key(const Setup& setup);

// Where a record of a book is: its input (the caller's number) and line.
struct BookPlace {
    std::uint32_t input = 0; // below 2^24
    std::uint64_t line = 0;  // below 2^40

    friend bool operator==(const BookPlace&, const BookPlace&) = default;
};

// The distinct positions among the records added, each level telling fewer apart than the one before.
struct BookCounts {
    std::uint64_t records = 0;
    std::uint64_t with_clocks = 0;    // board, side to move, castling rights, en-passant square as written, clocks
    std::uint64_t without_clocks = 0; // the same without the clocks
    // Without superfluous en-passant squares: the square only when a legal capture exists. These are
    // the positions --unique tells apart.
    std::uint64_t positions = 0;
    std::uint64_t board_side_castling = 0; // without the en-passant square
    std::uint64_t boards = 0;              // the board alone

    friend bool operator==(const BookCounts&, const BookCounts&) = default;
};

class BookIndex {
public:
    BookIndex();

    // Adds a record: the place of the first record of its position (board, side to move, castling
    // rights, the en-passant square when a legal capture exists) when there was one before, else
    // nothing (this is the first).
    std::optional<BookPlace> add(const BookKey& key, BookPlace place);

    // Asks the processor for the memory add(key) will look at first (`board_hash`: key.hash), so that
    // a caller with other work to do before that add() need not wait for it.
    void prefetch(std::uint64_t board_hash) const
    {
        __builtin_prefetch(&slots_[static_cast<std::size_t>(board_hash >> shift_)]);
    }

    const BookCounts& counts() const { return counts_; }
    // The bytes the index holds now (its tables' capacity).
    std::size_t memory() const;
    // What a distinct position takes when its board is new: its entry and the table's share at its
    // fullest.
    static constexpr std::size_t bytes_per_position = 56 + 16;

private:
    // A distinct (board, state) of a board: a list in insertion order, the first clocks kept with it.
    struct Variant {
        std::uint32_t next = 0;   // index + 1 of the next variant of the board in variants_, 0 at the end
        std::uint32_t state = 0;  // BookKey::state
        std::uint64_t clocks = 0; // halfmove << 32 | fullmove of the first record; bit 63: more in extra_clocks_
        std::uint64_t place = 0;  // input << 40 | line of the first record
    };
    // A distinct board with its first variant, the only one most boards of a book have: a new board
    // is one entry.
    struct Entry {
        std::array<std::uint64_t, 4> board;
        Variant first;
    };

    std::size_t home(std::uint64_t hash) const;
    void add_board(std::size_t i, const BookKey& key, std::uint64_t clocks, BookPlace place);
    std::optional<BookPlace> add_variant(std::uint32_t board, const BookKey& key, std::uint64_t clocks, BookPlace place);
    bool seen_clocks(Variant& v, std::uint64_t variant, std::uint64_t clocks);
    void grow_boards();
    void grow_clocks();

    BookCounts counts_;
    detail::BookArray<std::uint64_t> slots_; // hash >> 32 << 32 | entry index + 1; 0 = empty
    std::size_t mask_ = 0;
    int shift_ = 64; // home(hash) = hash >> shift_
    detail::BookArray<Entry> entries_;
    detail::BookArray<Variant> variants_; // the second and further variants of the boards
    // The further clocks of a variant: its number (entry index + 1 for an entry's first variant, else
    // 2^32 + variants_ index) and clocks, 0 = empty.
    detail::BookArray<std::array<std::uint64_t, 2>> extra_clocks_;
    std::size_t extra_mask_ = 0;
    std::size_t extra_count_ = 0;
};

} // namespace fen960
