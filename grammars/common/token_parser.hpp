// X3 parsers over Spirit-free matchers, so that a token class is written once (as a function a byte
// scanner can call too) and a grammar only names it: `token<&vocabulary::result_end>`.
#pragma once

#include <string_view>

#include <boost/spirit/home/x3.hpp>

namespace fen960::grammars {

namespace x3 = boost::spirit::x3;

// `End(first, last)` is the end of the token at `first`, or nullptr when there is none there. No
// attribute: x3::raw[] around it gives the token's text.
template <char const* (*End)(char const*, char const*)>
struct token_parser : x3::parser<token_parser<End>> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;

    template <typename Context, typename RContext, typename Attribute>
    bool parse(char const*& first, char const* const& last, Context const&, RContext const&, Attribute&) const
    {
        char const* const end = End(first, last);
        if (!end)
            return false;
        first = end;
        return true;
    }
};

template <char const* (*End)(char const*, char const*)>
inline constexpr token_parser<End> token{};

} // namespace fen960::grammars
