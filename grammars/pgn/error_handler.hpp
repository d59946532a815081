// Turns an X3 expectation failure into one message and a byte offset in the game's text; lib/ turns
// the offset into a line and a column. X3's own error_handler prints no column.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#include "../common/describe.hpp"
#include "../common/message_reporter.hpp"

namespace fen960::pgn_grammar {

namespace x3 = boost::spirit::x3;

struct reporter_tag;

// Holds the first failure of one parse: its byte offset in the text and its message.
class Reporter : public grammars::MessageReporter {
public:
    using MessageReporter::MessageReporter;

    // `where` is the offending position, `rule_start` the start of the rule that failed (a variation
    // that never closes is reported at its opening parenthesis).
    void report(char const* where, char const* end, std::string const& which, char const* rule_start);

    // How deep the variation being read is nested (see `nested` in game_def.hpp).
    int depth = 0;
    // Whether the grammar tries its fast paths (fast_paths.hpp); tests turn them off.
    bool fast_paths = true;
};

using grammars::describe;
using grammars::full_message_marker;

// Base of the IDs of the rules that report: X3 calls on_error when an expectation (`>`) inside fails.
struct error_handler {
    template <typename Iterator, typename Exception, typename Context>
    x3::error_handler_result on_error(Iterator& first, Iterator const& last, Exception const& x, Context const& context)
    {
        x3::get<reporter_tag>(context).get().report(x.where(), last, x.which(), first);
        return x3::error_handler_result::fail;
    }
};

} // namespace fen960::pgn_grammar
