// Keeps the first expectation that failed in a position line, and where; syntax.cpp words the
// message ("expected 'startpos' or 'fen', found 'x'").
#pragma once

#include <cstddef>
#include <string>

#include <boost/spirit/home/x3.hpp>

namespace fen960::uci_grammar {

namespace x3 = boost::spirit::x3;

struct reporter_tag;

class Reporter {
public:
    explicit Reporter(char const* line_begin) : begin_(line_begin) {}

    void report(char const* where, std::string const& which)
    {
        if (failed_)
            return;
        failed_ = true;
        offset_ = static_cast<std::size_t>(where - begin_);
        which_ = which;
    }

    bool failed() const { return failed_; }
    std::size_t offset() const { return offset_; }
    std::string const& which() const { return which_; }

private:
    char const* begin_;
    bool failed_ = false;
    std::size_t offset_ = 0;
    std::string which_;
};

struct error_handler {
    template <typename Iterator, typename Exception, typename Context>
    x3::error_handler_result on_error(Iterator&, Iterator const&, Exception const& x, Context const& context)
    {
        x3::get<reporter_tag>(context).get().report(x.where(), x.which());
        return x3::error_handler_result::fail;
    }
};

} // namespace fen960::uci_grammar
