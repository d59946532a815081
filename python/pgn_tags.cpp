#include "pgn_tags.hpp"

#include "fen960/pgn_tags.hpp"
#include "pgn/syntax.hpp"

namespace fen960::python {

Tags game_tags(std::string_view game)
{
    thread_local std::vector<pgn_syntax::Tag> tags;
    std::size_t movetext_offset = 0;
    pgn_syntax::Error error;
    Tags out;
    if (!pgn_syntax::parse_tags(game, tags, movetext_offset, error))
        return out;
    out.reserve(tags.size());
    std::string scratch;
    for (const pgn_syntax::Tag& t : tags)
        out.emplace_back(std::string(t.name), std::string(unescape_pgn_tag_value(t.value, scratch)));
    return out;
}

} // namespace fen960::python
