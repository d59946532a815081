#include "error_handler.hpp"

#include <array>
#include <cstdio>

namespace fen960::pgn_grammar {

namespace {

// What the character that stopped the movetext usually means.
std::string unexpected_in_movetext(std::string_view rest, bool in_variation)
{
    char const c = rest.front();
    std::string const where = in_variation ? "in a variation" : "in the movetext";
    switch (c) {
    case ')': return "')' closes no variation";
    case '}': return "'}' closes no comment";
    case '[': return "tag pair " + where + " (tags come before the moves)";
    case '"': return "'\"' outside a tag pair";
    default: break;
    }
    return "unexpected " + describe(rest) + " " + where;
}

} // namespace

void Reporter::report(char const* where, char const* end, std::string const& which, char const* rule_start)
{
    bool needs_words = false;
    if (!first(where, which, needs_words) || !needs_words)
        return;
    bool const at_end = where == end;
    std::string_view const rest(where, static_cast<std::size_t>(end - where));
    std::string const found = at_end ? std::string("the end of the game") : describe(rest);
    if (which == "end of movetext") {
        message_ = unexpected_in_movetext(rest, false);
    } else if (which == "closing parenthesis") {
        if (at_end) {
            offset_ = static_cast<std::size_t>(rule_start - begin_);
            message_ = "variation is never closed (missing ')')";
        } else {
            message_ = unexpected_in_movetext(rest, true);
        }
    } else if (which == "tag name") {
        message_ = "expected a tag name after '[', found " + found;
    } else if (which == "tag value") {
        message_ = "expected the tag value in double quotes, found " + found;
    } else if (which == "closing bracket") {
        message_ = "expected ']' after the tag value, found " + found;
    } else {
        message_ = "expected " + which + ", found " + found;
    }
}

} // namespace fen960::pgn_grammar
