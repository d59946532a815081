// The names of the modes and of what becomes of a game, one table per enum in the enum's order: the
// one spelling of each.
// The enums are modes.hpp's. name(Dialect), name(EnPassantMode) (fen.hpp), name(Shape) (epd.hpp) and
// name(CastlingNotation) (play.hpp) read these tables, and the input's messages the compression names; the program's --to,
// --from, --en-passant, --shape, --start-rights, --castling and --format take their values and their
// help from them, the bash completion reads them from that help, and tests/cli/manpage.sh fails for a
// name the manual page does not describe.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "fen960/modes.hpp"

namespace fen960 {

// The switch of the acceptance rule (validate.hpp's Acceptance::strict): the program's option on every
// record command but validate, and the Python module's keyword argument.
inline constexpr const char* strict_option_name = "--strict";
inline constexpr const char* strict_argument_name = "strict";

template <typename Enum>
struct NamedValue {
    const char* name; // lower case
    Enum value;
};

inline constexpr std::array<NamedValue<Dialect>, 3> dialect_names{{
    {"fen", Dialect::fen},
    {"shredder", Dialect::shredder},
    {"xfen", Dialect::xfen},
}};

inline constexpr std::array<NamedValue<InputDialect>, 4> input_dialect_names{{
    {"auto", InputDialect::automatic},
    {"fen", InputDialect::fen},
    {"shredder", InputDialect::shredder},
    {"xfen", InputDialect::xfen},
}};

inline constexpr std::array<NamedValue<EnPassantMode>, 3> en_passant_names{{
    {"keep", EnPassantMode::keep},
    {"pseudo", EnPassantMode::pseudo},
    {"legal", EnPassantMode::legal},
}};

inline constexpr std::array<NamedValue<StartRights>, 2> start_rights_names{{
    {"restore", StartRights::restore},
    {"as-given", StartRights::as_given},
}};

// The compressed formats input is read in (input.hpp), as messages name them.
inline constexpr std::array<NamedValue<Compression>, 5> compression_names{{
    {"plain", Compression::none},
    {"zstd", Compression::zstd},
    {"gzip", Compression::gzip},
    {"bzip2", Compression::bzip2},
    {"xz", Compression::xz},
}};

inline constexpr std::array<NamedValue<Shape>, 3> shape_names{{
    {"as-read", Shape::as_read},
    {"fen", Shape::fen},
    {"epd", Shape::epd},
}};

inline constexpr std::array<NamedValue<CastlingNotation>, 3> castling_notation_names{{
    {"auto", CastlingNotation::automatic},
    {"kxr", CastlingNotation::kxr},
    {"king", CastlingNotation::king},
}};

// What the record and game commands write (--format): each command takes some of them (the program's
// Option says which); cli/main.cpp reads the names from here.
enum class OutputFormat : std::uint8_t {
    text,  // every command: one line per record or game
    jsonl, // one JSON object per record or game
    uci,   // pgn: a game's main line as a UCI position command
    pgn,   // convert: each record a PGN game (pgn_book.hpp)
};

inline constexpr std::array<NamedValue<OutputFormat>, 4> format_names{{
    {"text", OutputFormat::text},
    {"jsonl", OutputFormat::jsonl},
    {"uci", OutputFormat::uci},
    {"pgn", OutputFormat::pgn},
}};

// What became of a game: `outcome` in fen960 pgn --format jsonl and Game.outcome in Python.
inline constexpr std::array<NamedValue<GameOutcome>, 4> outcome_names{{
    {"imported", GameOutcome::imported},
    {"failed", GameOutcome::failed},
    {"skipped", GameOutcome::skipped},
    {"not-selected", GameOutcome::not_selected},
}};

// The kinds of game `pgn --select` names (its startpos:N and dfrc:N are add_selector's, pgn.hpp).
inline constexpr std::array<NamedValue<GameKind>, 3> game_kind_names{{
    {"standard", GameKind::standard},
    {"chess960", GameKind::chess960},
    {"dfrc", GameKind::dfrc},
}};

// The name of `value` in `names`; "?" for a value the table lacks (a bug).
template <typename Enum, std::size_t N>
constexpr const char* name_of(const std::array<NamedValue<Enum>, N>& names, Enum value)
{
    for (const NamedValue<Enum>& n : names)
        if (n.value == value)
            return n.name;
    return "?";
}

// The value `text` names in `names`, in any case ("XFEN" too); nothing for another text.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> from_name(const std::array<NamedValue<Enum>, N>& names, std::string_view text)
{
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    for (const NamedValue<Enum>& n : names) {
        std::string_view const name = n.name;
        bool same = name.size() == text.size();
        for (std::size_t i = 0; same && i < name.size(); ++i)
            same = lower(text[i]) == name[i];
        if (same)
            return n.value;
    }
    return std::nullopt;
}

} // namespace fen960
