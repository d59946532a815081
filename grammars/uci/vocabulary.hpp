// The words of the UCI protocol's `position` command and its move notation (UCI protocol, "position
// [fen <fenstring> | startpos] moves <move1> ... <movei>"; moves in long algebraic notation: e2e4,
// e7e5, e1g1, e7e8q, and 0000 for the null move), defined here once for every reader: the X3 grammar
// of a position line (position_def.hpp) and the quick reading of a move token in lib/src/moves/play.cpp,
// which reads the same bytes as the SAN grammar reads them (tests/test_play.cpp holds the two equal).
// Spirit-free, so that lib/ can include it.
#pragma once

#include <string_view>

namespace fen960::uci_vocabulary {

// The keywords, each a whole word.
inline constexpr char position_word[] = "position"; // optional at the start of a line
inline constexpr char startpos_word[] = "startpos";
inline constexpr char fen_word[] = "fen";
inline constexpr char moves_word[] = "moves";

// What separates the words of a line: spaces and tabs (a carriage return ends a line of a CRLF file).
inline constexpr char blanks[] = " \t";

constexpr bool is_blank(char c)
{
    return c == blanks[0] || c == blanks[1];
}

constexpr bool is_file(char c)
{
    return c >= 'a' && c <= 'h';
}

constexpr bool is_rank(char c)
{
    return c >= '1' && c <= '8';
}

// The piece a pawn promotes to, in lower case as UCI writes it.
constexpr bool is_promotion(char c)
{
    return c == 'q' || c == 'r' || c == 'b' || c == 'n';
}

// A move token of UCI's notation: two squares, then a promotion's letter.
struct Move {
    char from_file = 0;
    char from_rank = 0;
    char to_file = 0;
    char to_rank = 0;
    char promotion = 0; // 0 when none
};

// Whether `token` is exactly a UCI move (not the null move); its fields when it is.
constexpr bool read_move(std::string_view token, Move& m)
{
    if (token.size() != 4 && token.size() != 5)
        return false;
    if (!is_file(token[0]) || !is_rank(token[1]) || !is_file(token[2]) || !is_rank(token[3]))
        return false;
    if (token.size() == 5 && !is_promotion(token[4]))
        return false;
    m = Move{token[0], token[1], token[2], token[3], token.size() == 5 ? token[4] : char(0)};
    return true;
}

} // namespace fen960::uci_vocabulary
