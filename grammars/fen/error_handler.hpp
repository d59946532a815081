// Turns an X3 expectation failure into one message and a column. X3's own error_handler prints no
// column, so the reporter keeps the start of the record and the handler formats the message here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <boost/spirit/home/x3.hpp>

#include "../common/describe.hpp"
#include "../common/message_reporter.hpp"

namespace fen960::fen_grammar {

namespace x3 = boost::spirit::x3;

struct reporter_tag;

// Holds the first failure of one parse: its byte offset in the record and its message.
class Reporter : public grammars::MessageReporter {
public:
    using MessageReporter::MessageReporter;

    void report(char const* where, char const* end, std::string const& which);
};

using grammars::describe;
using grammars::full_message_marker;

// Base of the top rule's ID: X3 calls on_error when an expectation (`>`) inside fails.
struct error_handler {
    template <typename Iterator, typename Exception, typename Context>
    x3::error_handler_result on_error(Iterator&, Iterator const& last, Exception const& x, Context const& context)
    {
        x3::get<reporter_tag>(context).get().report(x.where(), last, x.which());
        return x3::error_handler_result::fail;
    }
};

} // namespace fen960::fen_grammar
