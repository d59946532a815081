#include "pgn_tags.hpp"

#include "pgn/syntax.hpp"

namespace fen960::python {

namespace {

// A tag value without its escapes (\" and \\); other backslashes stay (lib/src/pgn.cpp unescape).
std::string unescape(std::string_view raw)
{
    std::string value;
    value.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\'))
            ++i;
        value.push_back(raw[i]);
    }
    return value;
}

} // namespace

Tags game_tags(std::string_view game)
{
    thread_local std::vector<pgn_syntax::Tag> tags;
    std::size_t movetext_offset = 0;
    pgn_syntax::Error error;
    Tags out;
    if (!pgn_syntax::parse_tags(game, tags, movetext_offset, error))
        return out;
    out.reserve(tags.size());
    for (const pgn_syntax::Tag& t : tags)
        out.emplace_back(std::string(t.name), unescape(t.value));
    return out;
}

} // namespace fen960::python
