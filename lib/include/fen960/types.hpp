// Constexpr value types of the canonical model: colour, role, piece, file, rank, square, bitboard.
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63 (rank * 8 + file), as in most bitboard engines.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace fen960 {

enum class Color : std::uint8_t { white, black };

constexpr Color operator~(Color c) { return c == Color::white ? Color::black : Color::white; }
constexpr std::size_t index(Color c) { return static_cast<std::size_t>(c); }
constexpr const char* name(Color c) { return c == Color::white ? "white" : "black"; }
// White, then black: for loops over both colours (a braced list there is not unrolled).
inline constexpr std::array<Color, 2> both_colors{Color::white, Color::black};

enum class Role : std::uint8_t { pawn, knight, bishop, rook, queen, king };

constexpr std::size_t index(Role r) { return static_cast<std::size_t>(r); }
constexpr const char* name(Role r)
{
    constexpr const char* names[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[index(r)];
}

struct Piece {
    Color color;
    Role role;

    friend constexpr bool operator==(Piece, Piece) = default;

    // FEN letter: upper case for white.
    constexpr char letter() const
    {
        constexpr char letters[] = {'p', 'n', 'b', 'r', 'q', 'k'};
        char l = letters[index(role)];
        return color == Color::white ? static_cast<char>(l - 'a' + 'A') : l;
    }

    static constexpr std::optional<Piece> from_letter(char c)
    {
        Color color = (c >= 'A' && c <= 'Z') ? Color::white : Color::black;
        switch (c | 0x20) {
        case 'p': return Piece{color, Role::pawn};
        case 'n': return Piece{color, Role::knight};
        case 'b': return Piece{color, Role::bishop};
        case 'r': return Piece{color, Role::rook};
        case 'q': return Piece{color, Role::queen};
        case 'k': return Piece{color, Role::king};
        default: return std::nullopt;
        }
    }
};

// A file a..h (0..7).
class File {
public:
    constexpr explicit File(int f) : value_(static_cast<std::uint8_t>(f)) {}
    constexpr int index() const { return value_; }
    constexpr char letter() const { return static_cast<char>('a' + value_); }
    static constexpr std::optional<File> from_letter(char c)
    {
        char l = static_cast<char>(c | 0x20);
        if (l < 'a' || l > 'h')
            return std::nullopt;
        return File(l - 'a');
    }
    friend constexpr auto operator<=>(File, File) = default;

private:
    std::uint8_t value_;
};

// A rank 1..8, stored 0..7.
class Rank {
public:
    constexpr explicit Rank(int r) : value_(static_cast<std::uint8_t>(r)) {}
    constexpr int index() const { return value_; }
    constexpr char digit() const { return static_cast<char>('1' + value_); }
    // The first rank of a colour (1 for white, 8 for black) and, relative to it, the others.
    static constexpr Rank relative(Color c, int r) { return Rank(c == Color::white ? r : 7 - r); }
    static constexpr Rank back(Color c) { return relative(c, 0); }
    friend constexpr auto operator<=>(Rank, Rank) = default;

private:
    std::uint8_t value_;
};

class Square {
public:
    constexpr explicit Square(int index) : value_(static_cast<std::uint8_t>(index)) {}
    constexpr Square(File f, Rank r) : value_(static_cast<std::uint8_t>(r.index() * 8 + f.index())) {}
    constexpr int index() const { return value_; }
    constexpr File file() const { return File(value_ & 7); }
    constexpr Rank rank() const { return Rank(value_ >> 3); }
    // The square `dr` ranks up (towards rank 8), same file; caller keeps it on the board.
    constexpr Square up(int dr) const { return Square(value_ + 8 * dr); }
    std::string name() const { return {file().letter(), rank().digit()}; }
    friend constexpr auto operator<=>(Square, Square) = default;

private:
    std::uint8_t value_;
};

using Bitboard = std::uint64_t;

constexpr Bitboard bit(Square s) { return Bitboard{1} << s.index(); }
constexpr bool contains(Bitboard b, Square s) { return (b >> s.index()) & 1; }
// The squares after `s` (h_side) or before it in index order: on s's rank, those on its h-side or a-side.
constexpr Bitboard side_of(Square s, bool h_side) { return h_side ? ~((bit(s) << 1) - 1) : bit(s) - 1; }
constexpr Bitboard rank_mask(Rank r) { return Bitboard{0xff} << (8 * r.index()); }
constexpr Bitboard file_mask(File f) { return Bitboard{0x0101010101010101} << f.index(); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
// Lowest and highest set square; the board must not be empty.
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }

} // namespace fen960
