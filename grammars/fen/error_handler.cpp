#include "error_handler.hpp"

#include <array>
#include <cstdint>
#include <cstdio>

namespace fen960::fen_grammar {

namespace {

// What each named rule expects: the message when another character stands there, when the record
// ends there, and when a second space stands there (fields are separated by single spaces).
struct Expectation {
    std::string_view rule;
    std::string_view invalid;
    std::string_view missing;
    std::string_view doubled_space;
};

constexpr std::array expectations{
    Expectation{"space after board", "expected ' ' after the board field, found", "missing side-to-move field", ""},
    Expectation{"side to move", "invalid side to move (expected 'w' or 'b'), found", "missing side-to-move field",
                "two spaces before the side-to-move field"},
    Expectation{"space after side to move", "expected ' ' after the side-to-move field, found",
                "missing castling field", ""},
    Expectation{"castling field", "invalid castling letter", "missing castling field",
                "two spaces before the castling field"},
    Expectation{"castling letter", "invalid castling letter", "", ""},
    Expectation{"space after castling field", "expected ' ' after the castling field, found",
                "missing en-passant field", ""},
    Expectation{"en-passant field", "invalid en-passant square", "missing en-passant field",
                "two spaces before the en-passant field"},
    Expectation{"en-passant rank", "invalid en-passant rank (expected 1 to 8), found", "incomplete en-passant square",
                ""},
    Expectation{"end after en-passant field", "unexpected text after the en-passant field:", "", ""},
    Expectation{"halfmove clock", "invalid halfmove clock (expected a number), found", "missing halfmove clock",
                "two spaces before the halfmove clock"},
    Expectation{"space after halfmove clock", "expected ' ' after the halfmove clock, found",
                "missing fullmove number", ""},
    Expectation{"fullmove number", "invalid fullmove number (expected a number), found", "missing fullmove number",
                "two spaces before the fullmove number"},
    Expectation{"end after fullmove number", "unexpected text after the fullmove number:", "", ""},
};

} // namespace

std::string describe(std::string_view rest)
{
    char const c = rest.empty() ? '\0' : rest.front();
    switch (c) {
    case ' ': return "' '";
    case '\t': return "a tab";
    case '\r': return "a carriage return";
    case '\0': return "a NUL byte";
    default: break;
    }
    auto const u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f)
        return std::string{'\'', c, '\''};
    std::array<char, 32> buf{};
    // A well-formed UTF-8 sequence is shown as the character it encodes.
    std::size_t const length = u >= 0xF0 && u < 0xF5 ? 4 : u >= 0xE0 ? 3 : u >= 0xC2 && u < 0xE0 ? 2 : 0;
    if (length > 0 && length <= rest.size()) {
        std::uint32_t code = u & (0x7F >> length);
        bool ok = true;
        for (std::size_t i = 1; i < length; ++i) {
            auto const cont = static_cast<unsigned char>(rest[i]);
            ok = ok && (cont & 0xC0) == 0x80;
            code = (code << 6) | (cont & 0x3F);
        }
        if (ok && code >= 0x80) {
            std::snprintf(buf.data(), buf.size(), "' (U+%04X)", static_cast<unsigned>(code));
            std::string shown(1, '\'');
            shown.append(rest.data(), length);
            shown.append(buf.data());
            return shown;
        }
    }
    std::snprintf(buf.data(), buf.size(), "byte 0x%02X", u);
    return buf.data();
}

void Reporter::report(char const* where, char const* end, std::string const& which)
{
    if (failed_)
        return;
    failed_ = true;
    offset_ = static_cast<std::size_t>(where - begin_);
    if (!which.empty() && which.front() == full_message_marker) {
        message_ = which.substr(1);
        return;
    }
    bool at_end = where == end || *where == '\r';
    for (auto const& e : expectations) {
        if (e.rule != which)
            continue;
        if (at_end && !e.missing.empty())
            message_ = e.missing;
        else if (!at_end && *where == ' ' && !e.doubled_space.empty())
            message_ = e.doubled_space;
        else
            message_ = std::string(e.invalid) + ' ' +
                       (at_end ? std::string("end of record")
                               : describe(std::string_view(where, static_cast<std::size_t>(end - where))));
        if (!at_end && (*where == '\t' || (where != begin_ && where[-1] == '\t')))
            message_ += " (fields are separated by single spaces)";
        return;
    }
    message_ = "expected " + which + ", found " +
               (at_end ? std::string("end of record")
                       : describe(std::string_view(where, static_cast<std::size_t>(end - where))));
}

} // namespace fen960::fen_grammar
