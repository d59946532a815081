#include "syntax.hpp"

#include "../common/describe.hpp"
#include "config.hpp"
#include "position.hpp"
#include "position_fast.hpp"
#include "vocabulary.hpp"

namespace fen960::uci_syntax {

bool parse(std::string_view text, PositionLine& line, Error& error)
{
    if (!text.empty() && text.back() == '\r')
        text.remove_suffix(1);
    return uci_grammar::detail::parse_position_fast(text, line) || parse_exact(text, line, error);
}

bool parse_exact(std::string_view text, PositionLine& line, Error& error)
{
    namespace x3 = boost::spirit::x3;
    using uci_grammar::Reporter;
    using uci_grammar::reporter_tag;

    if (!text.empty() && text.back() == '\r')
        text.remove_suffix(1);
    char const* first = text.data();
    char const* const last = text.data() + text.size();
    Reporter reporter(first);
    uci_ast::PositionLine parsed;
    bool const ok = x3::parse(first, last, x3::with<reporter_tag>(std::ref(reporter))[uci_position_line()], parsed);
    if (!ok || reporter.failed()) {
        error.offset = reporter.failed() ? reporter.offset() : 0;
        std::string_view const rest = text.substr(error.offset);
        error.message = "expected " + (reporter.failed() ? reporter.which() : std::string("a position line")) +
                        ", found " + (rest.empty() ? std::string("the end of the line") : grammars::describe(rest));
        return false;
    }
    line.fen = std::string_view(parsed.fen.begin(), static_cast<std::size_t>(parsed.fen.size()));
    // The words of the moves' range, split at the blanks the grammar put between them.
    line.moves.clear();
    for (char const* p = parsed.moves.begin(); p != parsed.moves.end();) {
        char const* word = p;
        while (p != parsed.moves.end() && !uci_vocabulary::is_blank(*p))
            ++p;
        line.moves.emplace_back(word, static_cast<std::size_t>(p - word));
        while (p != parsed.moves.end() && uci_vocabulary::is_blank(*p))
            ++p;
    }
    return true;
}

} // namespace fen960::uci_syntax
