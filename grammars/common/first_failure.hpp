// The first expectation that failed in one parse, and where: what the top rule's error handler keeps
// for a grammar whose syntax.cpp words the message itself from the rule's name and the byte found
// there (the SAN and UCI grammars; the FEN grammar's reporter formats its own messages).
#pragma once

#include <cstddef>
#include <string>

#include <boost/spirit/home/x3.hpp>

namespace fen960::grammars {

namespace x3 = boost::spirit::x3;

class FirstFailure {
public:
    explicit FirstFailure(char const* text_begin) : begin_(text_begin) {}

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

// Base of the top rule's ID: X3 calls on_error when an expectation (`>`) inside fails; the reporter
// comes in through x3::with<Tag>.
template <typename Tag>
struct first_failure_handler {
    template <typename Iterator, typename Exception, typename Context>
    x3::error_handler_result on_error(Iterator&, Iterator const&, Exception const& x, Context const& context)
    {
        x3::get<Tag>(context).get().report(x.where(), x.which());
        return x3::error_handler_result::fail;
    }
};

} // namespace fen960::grammars
