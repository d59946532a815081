// The program's commands, described without CLI11: each names itself, gives the one line that
// `fen960 --help` lists it with and the text of `fen960 NAME --help`, and makes its command line:
// its options bound to its arguments, a check of their combination, and what runs. main.cpp, the only
// file that includes CLI11, turns the table of commands into the command line and runs the one chosen.
//
// To add a command: a file with its arguments, its options, its run function and its Command, declared
// below and listed in main.cpp's table; the manual page (fen960.1) gets a section (tests/cli/manpage.sh
// checks it).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "fen960/epd.hpp"
#include "fen960/fen.hpp"
#include "fen960/names.hpp"
#include "fen960/pgn.hpp"
#include "fen960/play.hpp"

namespace fen960::cli {

// --format text|jsonl (pgn: also uci; convert: also pgn); the names are fen960/names.hpp's.
using Format = OutputFormat;

// Where an option puts its value, whose type says how it is read: bool, a flag; int, unsigned or
// std::size_t, a number; std::string, a word; a vector, every value given (an option's, one each time
// it is given, unless Option::many); Dialect, InputDialect,
// Shape and CastlingNotation, one of their names (fen960/names.hpp) in any case; an optional
// EnPassantMode or Shape, one of its names, and an optional number, a number, each left empty when not
// given; Format, text or jsonl (exactly; uci and pgn too where Option::uci_format and pgn_format say
// so); StartRights, one of its names.
using Target = std::variant<bool*, int*, unsigned*, std::size_t*, std::string*, std::vector<std::string>*, Dialect*,
                            InputDialect*, Shape*, CastlingNotation*, std::optional<EnPassantMode>*,
                            std::optional<Shape>*, std::optional<std::uint64_t>*, Format*, StartRights*>;

struct Option {
    std::string names{}; // "--to", "-f,--file"; for a positional argument its name alone ("records")
    std::string help{};
    Target target{};
    std::string value_name{}; // in the help ("FILE"); empty: a choice's names, else the value type's name
    bool required = false;
    bool many = false; // several values after one option name (-f A B ...)
    std::optional<std::pair<std::int64_t, std::int64_t>> range{}; // a number's, both ends allowed
    std::string needs{};    // the names of an option that must come with this one
    std::string excludes{}; // ... of one that must not
    bool uci_format = false; // a Format: uci is one of its values
    bool pgn_format = false; // a Format: pgn is one of its values
    bool hidden = false;     // an old spelling kept for scripts: taken, not listed in --help
};

struct CommandLine {
    std::vector<Option> options{};
    // Runs once the options are read: finishes reading what needs more than one of them and returns the
    // usage error of a combination they cannot express, if any. May be empty.
    std::function<std::optional<std::string>()> check{};
    std::function<int()> run{}; // returns the exit status
};

// The command line of a command whose arguments are an `Args`: `options` binds them to a fresh one,
// which `check` (may be null) and `run` then read.
template <typename Args>
CommandLine command_line(std::vector<Option> (*options)(Args&), int (*run)(const Args&),
                         std::optional<std::string> (*check)(Args&) = nullptr)
{
    auto args = std::make_shared<Args>();
    CommandLine line{.options = options(*args), .run = [args, run] { return run(*args); }};
    if (check)
        line.check = [args, check] { return check(*args); };
    return line;
}

struct Command {
    const char* name;
    const char* summary;     // its line in `fen960 --help`
    const char* description; // the top of `fen960 NAME --help`
    const char* footer;      // its end: examples and exit statuses
    CommandLine (*line)();   // options bound to a fresh set of its arguments
};

extern const Command convert_command;
extern const Command pgn_command;
extern const Command startpos_command;
extern const Command identify_command;
extern const Command key_command;
extern const Command perft_command;
extern const Command validate_command;
extern const Command show_command;
extern const Command play_command;

} // namespace fen960::cli
