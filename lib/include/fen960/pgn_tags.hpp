// The PGN tag vocabulary, in one place: the tag names fen960 reads and writes (PGN standard 8.1.1 the
// Seven Tag Roster, 9.7 SetUp and FEN, Variant as every exporter writes it), how a tag name is
// matched, the Variant spellings and their folding, the Variant name fen960 writes for a Chess960
// game, and a tag value's escapes (\" and \\, standard 8.1) written and read. The characters of a tag
// pair ('[', '"', '\\', ']') are the PGN grammar's token vocabulary (grammars/pgn/vocabulary.hpp).
//
//   std::string out;
//   fen960::append_pgn_tag(fen960::pgn_tag::event, "say \"hi\"", out);   // [Event "say \"hi\""]\n
//   std::string scratch;
//   fen960::unescape_pgn_tag_value(R"(say \"hi\")", scratch);             // say "hi"
//   fen960::classify_variant("Fischer-Random");                           // VariantKind::chess960
//
// Every writer of a tag (the rewrite, convert --format pgn) calls append_pgn_tag; every reader of a
// value (the importer, the game handed over to a caller) calls unescape_pgn_tag_value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fen960 {

// Tag names as the standard spells them (and fen960 writes them).
namespace pgn_tag {
inline constexpr std::string_view event = "Event";
inline constexpr std::string_view site = "Site";
inline constexpr std::string_view date = "Date";
inline constexpr std::string_view round = "Round";
inline constexpr std::string_view white = "White";
inline constexpr std::string_view black = "Black";
inline constexpr std::string_view result = "Result";
inline constexpr std::string_view variant = "Variant";
inline constexpr std::string_view setup = "SetUp";
inline constexpr std::string_view fen = "FEN";
} // namespace pgn_tag

// The Seven Tag Roster in its order (standard 8.1.1), each tag with the value that says "unknown".
struct RosterTag {
    std::string_view name;
    std::string_view unknown;
};
inline constexpr std::array<RosterTag, 7> seven_tag_roster{{
    {pgn_tag::event, "?"},
    {pgn_tag::site, "?"},
    {pgn_tag::date, "????.??.??"},
    {pgn_tag::round, "?"},
    {pgn_tag::white, "?"},
    {pgn_tag::black, "?"},
    {pgn_tag::result, "*"},
}};

// The Variant tag's value fen960 writes for a Chess960 game, unless told another (--variant-name).
inline constexpr std::string_view default_variant_name = "Chess960";

// Whether a tag's name is `name` in any case: the importer finds Variant, SetUp and FEN so
// (`[variant "Crazyhouse"]` is a Variant tag, `[Fen "..."]` a FEN tag), as exporters spell them.
// (Inline: the importer asks it of every tag of every game.)
namespace detail {
constexpr char ascii_lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}
} // namespace detail
constexpr bool is_tag_named(std::string_view tag, std::string_view name)
{
    if (tag.size() != name.size())
        return false;
    for (std::size_t i = 0; i < tag.size(); ++i)
        if (detail::ascii_lower(tag[i]) != detail::ascii_lower(name[i]))
            return false;
    return true;
}

// The Variant spellings, folded (lower case, without spaces, tabs, '-' and '_': "Fischer-Random" is
// "fischerrandom"). "From Position" is lichess's name for standard chess from a set-up position.
inline constexpr std::array<std::string_view, 6> chess960_variant_spellings{
    "chess960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc", "960"};
inline constexpr std::array<std::string_view, 5> standard_variant_spellings{"",       "standard",    "chess",
                                                                            "normal", "fromposition"};

// The meaning of a Variant tag value (unescaped), its spellings matched folded: standard chess,
// Chess960, or another variant (std::nullopt).
enum class VariantKind : std::uint8_t { standard, chess960 };
std::optional<VariantKind> classify_variant(std::string_view value);

// Appends `[NAME "VALUE"]` and a newline, with the value's quotes and backslashes escaped (\" and \\).
void append_pgn_tag(std::string_view name, std::string_view value, std::string& out);

// A tag value as it stands between the quotes, without its escapes (\" and \\; another backslash
// stays): `raw` itself when it holds no backslash, else the value in `scratch`.
std::string_view unescape_pgn_tag_value(std::string_view raw, std::string& scratch);

// Why `value` cannot be the value of a tag append_pgn_tag writes, or nothing when it can: a PGN string
// holds printing characters only (standard 7: no tab, no line end, no other control character); a
// quote or a backslash can be, escaped. For a tag value given on the command line (--variant-name).
std::optional<std::string> pgn_tag_value_problem(std::string_view value);

} // namespace fen960
