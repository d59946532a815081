#include "error_handler.hpp"

#include <array>
#include <cstdint>
#include <cstdio>

namespace fen960::fen_grammar {

namespace {

// What each named rule expects: the message when another character stands there, and when the
// record ends there.
struct Expectation {
    std::string_view rule;
    std::string_view invalid;
    std::string_view missing;
};

constexpr std::array expectations{
    Expectation{"space after board", "expected ' ' after the board field, found", "missing side-to-move field"},
    Expectation{"side to move", "invalid side to move (expected 'w' or 'b'), found", "missing side-to-move field"},
    Expectation{"space after side to move", "expected ' ' after the side-to-move field, found",
                "missing castling field"},
    Expectation{"castling field", "invalid castling letter", "missing castling field"},
    Expectation{"castling letter", "invalid castling letter", ""},
    Expectation{"space after castling field", "expected ' ' after the castling field, found",
                "missing en-passant field"},
    Expectation{"en-passant field", "invalid en-passant square", "missing en-passant field"},
    Expectation{"en-passant rank", "invalid en-passant rank (expected 1 to 8), found", "incomplete en-passant square"},
    Expectation{"end after en-passant field", "unexpected text after the en-passant field:", ""},
    Expectation{"halfmove clock", "invalid halfmove clock (expected a number), found", "missing halfmove clock"},
    Expectation{"space after halfmove clock", "expected ' ' after the halfmove clock, found",
                "missing fullmove number"},
    Expectation{"fullmove number", "invalid fullmove number (expected a number), found", "missing fullmove number"},
    Expectation{"end after fullmove number", "unexpected text after the fullmove number:", ""},
};

} // namespace

void Reporter::report(char const* where, char const* end, std::string const& which)
{
    bool needs_words = false;
    if (!first(where, which, needs_words) || !needs_words)
        return;
    bool at_end = where == end || *where == '\r';
    for (auto const& e : expectations) {
        if (e.rule != which)
            continue;
        if (at_end && !e.missing.empty())
            message_ = e.missing;
        else
            message_ = std::string(e.invalid) + ' ' +
                       (at_end ? std::string("end of record")
                               : describe(std::string_view(where, static_cast<std::size_t>(end - where))));
        return;
    }
    message_ = "expected " + which + ", found " +
               (at_end ? std::string("end of record")
                       : describe(std::string_view(where, static_cast<std::size_t>(end - where))));
}

} // namespace fen960::fen_grammar
