// The position line's fast pass, Spirit-free so that tests can hold it against the grammar: the words
// of the line split at the blanks of vocabulary.hpp and read as position_def.hpp reads them. A line of
// any other shape (every line with a fault among them) is left to the grammar, which reports it.
#pragma once

#include <string_view>

#include "syntax.hpp"
#include "vocabulary.hpp"

namespace fen960::uci_grammar::detail {

// The words of a line, one at a time.
class Words {
public:
    explicit Words(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

    // The next word, or an empty view at the end of the line.
    std::string_view next()
    {
        while (p_ != end_ && uci_vocabulary::is_blank(*p_))
            ++p_;
        char const* const word = p_;
        while (p_ != end_ && !uci_vocabulary::is_blank(*p_))
            ++p_;
        return {word, static_cast<std::size_t>(p_ - word)};
    }

private:
    char const* p_;
    char const* end_;
};

// Reads `text` (without its line end) into `line` as the grammar does and returns true, or returns
// false, leaving `line` unspecified, when the grammar is to read it.
inline bool parse_position_fast(std::string_view text, uci_syntax::PositionLine& line)
{
    Words words(text);
    std::string_view word = words.next();
    if (word == uci_vocabulary::position_word)
        word = words.next();
    line.fen = {};
    if (word == uci_vocabulary::fen_word) {
        word = words.next();
        if (word.empty() || word == uci_vocabulary::moves_word)
            return false;
        char const* const first = word.data();
        char const* last = first;
        for (; !word.empty() && word != uci_vocabulary::moves_word; word = words.next())
            last = word.data() + word.size();
        line.fen = {first, static_cast<std::size_t>(last - first)};
    } else if (word == uci_vocabulary::startpos_word) {
        word = words.next();
    } else {
        return false;
    }
    line.moves.clear();
    if (word.empty())
        return true;
    if (word != uci_vocabulary::moves_word)
        return false;
    for (word = words.next(); !word.empty(); word = words.next())
        line.moves.push_back(word);
    return true;
}

} // namespace fen960::uci_grammar::detail
