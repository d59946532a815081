// The PGN tag vocabulary (pgn_tags.hpp): names matched, Variant spellings folded, values escaped and
// unescaped with the PGN grammar's characters (grammars/pgn/vocabulary.hpp), which reads them back.
#include "fen960/pgn_tags.hpp"

#include <algorithm>
#include <cstring>

#include "pgn/vocabulary.hpp"

namespace fen960 {

namespace {

namespace v = pgn_vocabulary;

char lower(char c)
{
    return detail::ascii_lower(c);
}

} // namespace

std::optional<VariantKind> classify_variant(std::string_view value)
{
    // The value folded; a longer value than any spelling is none of them.
    std::array<char, 24> folded{};
    std::size_t size = 0;
    for (char c : value) {
        if (c == ' ' || c == '\t' || c == '-' || c == '_')
            continue;
        if (size == folded.size())
            return std::nullopt;
        folded[size++] = lower(c);
    }
    std::string_view const name(folded.data(), size);
    auto const among = [name](const auto& spellings) {
        return std::find(spellings.begin(), spellings.end(), name) != spellings.end();
    };
    if (among(chess960_variant_spellings))
        return VariantKind::chess960;
    if (among(standard_variant_spellings))
        return VariantKind::standard;
    return std::nullopt;
}

void append_pgn_tag(std::string_view name, std::string_view value, std::string& out)
{
    auto const escaped = [](char c) { return c == v::tag_quote || c == v::tag_escape; };
    // (Most values have no byte to escape: two searches of the library's say so quicker than a count.)
    bool const plain = !std::memchr(value.data(), v::tag_quote, value.size()) &&
                       !std::memchr(value.data(), v::tag_escape, value.size());
    std::size_t const escapes =
        plain ? 0 : static_cast<std::size_t>(std::count_if(value.begin(), value.end(), escaped));
    // Written in place: the string grows once, where a byte at a time it was asked to grow at each.
    std::size_t const at = out.size();
    out.resize(at + name.size() + value.size() + escapes + 6);
    char* p = out.data() + at;
    *p++ = v::tag_open;
    p = std::copy(name.begin(), name.end(), p);
    *p++ = ' ';
    *p++ = v::tag_quote;
    if (!escapes) {
        p = std::copy(value.begin(), value.end(), p);
    } else {
        for (char c : value) {
            if (escaped(c))
                *p++ = v::tag_escape;
            *p++ = c;
        }
    }
    *p++ = v::tag_quote;
    *p++ = v::tag_close;
    *p = '\n';
}

std::string_view unescape_pgn_tag_value(std::string_view raw, std::string& scratch)
{
    if (raw.find(v::tag_escape) == std::string_view::npos)
        return raw;
    scratch.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == v::tag_escape && i + 1 < raw.size() && (raw[i + 1] == v::tag_quote || raw[i + 1] == v::tag_escape))
            ++i;
        scratch.push_back(raw[i]);
    }
    return scratch;
}

std::optional<std::string> pgn_tag_value_problem(std::string_view value)
{
    for (std::size_t i = 0; i < value.size(); ++i) {
        auto const c = static_cast<unsigned char>(value[i]);
        if (c < 0x20 || c == 0x7f)
            return "character " + std::to_string(i + 1) +
                   " is a control character (a tab or a line end?); a PGN tag holds printing characters only";
    }
    return std::nullopt;
}

} // namespace fen960
