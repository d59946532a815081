// Options that several commands share, with one help text each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "command.hpp"
#include "io.hpp"
#include "output_file.hpp" // check_record_inputs
#include "fen960/limits.hpp"
#include "fen960/names.hpp"

namespace fen960::cli {

inline Option jobs_option(unsigned& jobs)
{
    return Option{.names = "-j,--jobs",
                  .help = "Threads, 0.." + std::to_string(max_jobs) + " (default 0: all cores); same output",
                  .target = &jobs,
                  .value_name = "N",
                  .range = std::pair<std::int64_t, std::int64_t>{0, max_jobs}};
}

inline Option format_option(Format& format)
{
    return Option{.names = "--format",
                  .help = "text (default) or jsonl: a JSON object per input line",
                  .target = &format};
}

// --en-passant MODE, leaving `mode` empty when not given (the dialect's default then applies).
inline Option en_passant_option(std::optional<EnPassantMode>& mode)
{
    return Option{.names = "--en-passant",
                  .help = "Write it as given (keep), with a pawn beside (pseudo) or a legal capture (legal); "
                          "default by --to",
                  .target = &mode};
}

// --castling kxr|king|auto: how moves' castling is written (play, pgn, perft), with the command's help.
inline Option castling_option(CastlingNotation& notation, std::string help)
{
    return Option{.names = "--castling", .help = std::move(help), .target = &notation};
}

// --from auto|fen|shredder|xfen: how castling letters are read, the same in every command that reads a
// record.
inline Option from_option(InputDialect& from)
{
    return Option{.names = "--from",
                  .help = "How to read castling letters (default auto)",
                  .target = &from};
}


// What a record command reads: its positional arguments (argument_rule, io.hpp) and -f's files.
struct RecordInputs {
    std::vector<std::string> arguments;
    std::vector<std::string> files;

    Inputs inputs() const { return classify_arguments(arguments, files); }
};

// -f,--file FILE... and the positional records or files, the same in every record command.
inline void add_input_options(std::vector<Option>& options, RecordInputs& inputs)
{
    options.push_back(Option{.names = "-f,--file",
                             .help = "Read FILE, whatever its name ('-': standard input)",
                             .target = &inputs.files,
                             .value_name = "FILE",
                             .many = true});
    options.push_back(Option{.names = "inputs",
                             .help = std::string("Records (quoted) or files. ") + argument_rule,
                             .target = &inputs.arguments,
                             .value_name = "FEN|FILE"});
}

// The options of validate and identify: their own, then --jobs, --format and the records or files.
inline std::vector<Option> judge_options(std::vector<Option> own, unsigned& jobs, Format& format,
                                         RecordInputs& inputs)
{
    own.push_back(jobs_option(jobs));
    own.push_back(format_option(format));
    add_input_options(own, inputs);
    return own;
}

inline Option flag(const char* names, bool& target, std::string help)
{
    return Option{.names = names, .help = std::move(help), .target = &target};
}

// --strict, of every record command but validate (the acceptance rule, validate.hpp's Acceptance).
inline Option strict_option(bool& strict)
{
    return flag(strict_option_name, strict,
                "Refuse a position no game reaches (else: a warning)");
}

} // namespace fen960::cli
