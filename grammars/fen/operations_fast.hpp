// The operation list's fast pass, Spirit-free so that tests can hold it against the grammar
// (operations_def.hpp): whether a list parses, found by looking at its first word and jumping from
// quote to quote (the grammar's errors are a bad opening and a quote that is never closed).
#pragma once

#include <string_view>

#include "vocabulary.hpp"

namespace fen960::fen_grammar::detail {

// True when the list parses: it begins (after white space) with a ';' or an opcode that ends a
// word, and every quote that begins a word (at the start, or after white space or a ';') is closed
// by a later quote, with no escape in between. False when it does not parse, or may not (an escape
// inside quotes): the grammar then decides.
inline bool operations_parse_fast(std::string_view text)
{
    namespace v = vocabulary;
    std::size_t start = 0; // a loop: find_first_not_of costs a memchr call a byte
    while (start < text.size() && v::is_blank(text[start]))
        ++start;
    if (start < text.size() && text[start] != v::separator) {
        std::size_t end = start;
        while (end < text.size() && v::is_opcode_byte(text[end]))
            ++end;
        if (!v::is_opcode_start(text[start]) || end - start > v::max_opcode_length ||
            (end < text.size() && !v::ends_word(text[end])))
            return false;
    }
    for (std::size_t at = text.find(v::quote); at != std::string_view::npos; at = text.find(v::quote, at)) {
        if (at != 0 && !v::ends_word(text[at - 1])) {
            ++at; // inside a word: no quote
            continue;
        }
        std::size_t const close = text.find(v::quote, at + 1);
        if (close == std::string_view::npos || text.substr(at + 1, close - at - 1).find(v::escape) != std::string_view::npos)
            return false;
        at = close + 1; // the next quote is glued to this word's end or after it
    }
    return true;
}

} // namespace fen960::fen_grammar::detail
