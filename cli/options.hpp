// Command-line options shared by the sub-commands: dialects and en-passant modes by name.
#pragma once

#include <map>
#include <string>

#include <CLI/CLI.hpp>

#include "fen960/fen.hpp"
#include "fen960/play.hpp"

namespace fen960::cli {

inline const std::map<std::string, Dialect>& dialect_names()
{
    static const std::map<std::string, Dialect> names{
        {"fen", Dialect::fen}, {"shredder", Dialect::shredder}, {"xfen", Dialect::xfen}};
    return names;
}

inline const std::map<std::string, InputDialect>& input_dialect_names()
{
    static const std::map<std::string, InputDialect> names{{"auto", InputDialect::automatic},
                                                           {"fen", InputDialect::fen},
                                                           {"shredder", InputDialect::shredder},
                                                           {"xfen", InputDialect::xfen}};
    return names;
}

inline const std::map<std::string, EnPassantMode>& en_passant_names()
{
    static const std::map<std::string, EnPassantMode> names{
        {"keep", EnPassantMode::keep}, {"pseudo", EnPassantMode::pseudo}, {"legal", EnPassantMode::legal}};
    return names;
}

inline const std::map<std::string, CastlingNotation>& castling_names()
{
    static const std::map<std::string, CastlingNotation> names{
        {"auto", CastlingNotation::automatic}, {"kxr", CastlingNotation::kxr}, {"king", CastlingNotation::king}};
    return names;
}

// Turns a name (any case) into the enum's number, which CLI11 then assigns to the enum; other
// values fail with the list of names.
template <typename T>
CLI::Validator choice(const std::map<std::string, T>& names)
{
    std::string shown;
    for (const auto& [name, value] : names)
        shown += (shown.empty() ? "" : "|") + name;
    CLI::Validator v(
        [names, shown](std::string& value) -> std::string {
            std::string lower = CLI::detail::to_lower(value);
            auto it = names.find(lower);
            if (it == names.end())
                return "'" + value + "' is not one of " + shown;
            value = std::to_string(static_cast<int>(it->second));
            return {};
        },
        "", "choice");
    return v;
}

template <typename T>
std::string choice_text(const std::map<std::string, T>& names)
{
    std::string shown;
    for (const auto& [name, value] : names)
        shown += (shown.empty() ? "" : "|") + name;
    return shown;
}

// An option whose value is one of the names of `names`; the help shows them as NAME1|NAME2|...
template <typename T>
CLI::Option* add_choice(CLI::App& cmd, const std::string& flag, T& target, const std::map<std::string, T>& names,
                        const std::string& help)
{
    return cmd.add_option(flag, target, help)->transform(choice(names))->option_text(choice_text(names));
}

// --en-passant MODE, leaving `target` empty when not given (the dialect's default then applies).
inline CLI::Option* add_en_passant_option(CLI::App& cmd, std::optional<EnPassantMode>& target)
{
    return cmd
        .add_option_function<EnPassantMode>(
            "--en-passant", [&target](const EnPassantMode& m) { target = m; },
            "When to write the en-passant square: keep (as given; default for fen and shredder), pseudo (only when "
            "a pawn of the side to move stands beside the pawn that moved two squares; default for xfen), legal "
            "(only when a legal en-passant capture exists)")
        ->transform(choice(en_passant_names()))
        ->option_text("keep|pseudo|legal");
}

} // namespace fen960::cli
