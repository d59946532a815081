// Options that several commands share, with one help text each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "command.hpp"
#include "fen960/limits.hpp"
#include "fen960/names.hpp"

namespace fen960::cli {

inline Option jobs_option(unsigned& jobs)
{
    return Option{.names = "-j,--jobs",
                  .help = "Threads, 0.." + std::to_string(max_jobs) +
                          " (default 0 = all cores); the output is the same for any N",
                  .target = &jobs,
                  .value_name = "N",
                  .range = std::pair<std::int64_t, std::int64_t>{0, max_jobs}};
}

inline Option format_option(Format& format)
{
    return Option{.names = "--format",
                  .help = "Output format: text (default) or jsonl (one JSON object per input line: the source, "
                          "line, input, result and errors)",
                  .target = &format};
}

// --en-passant MODE, leaving `mode` empty when not given (the dialect's default then applies).
inline Option en_passant_option(std::optional<EnPassantMode>& mode)
{
    return Option{.names = "--en-passant",
                  .help = "When to write the en-passant square: keep (as given; default for fen, shredder), pseudo "
                          "(when a pawn stands beside the pushed one; default for xfen), legal (when a legal "
                          "capture exists)",
                  .target = &mode};
}

// The options of validate and identify: their own, then --jobs, --format and the records or files
// (classify_arguments tells them apart).
inline std::vector<Option> judge_options(std::vector<Option> own, unsigned& jobs, Format& format,
                                         std::vector<std::string>& inputs)
{
    own.push_back(jobs_option(jobs));
    own.push_back(format_option(format));
    own.push_back(Option{.names = "inputs", .help = "Records (quote each one) or files", .target = &inputs,
                         .value_name = "FEN|FILE"});
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
                "Refuse a position no game can reach (a check no move can give, too many pieces or pawns, a pawn "
                "on the first or eighth rank, an en-passant square the check or the halfmove clock contradicts), "
                "which is otherwise accepted with a warning when the move generator can play it");
}

} // namespace fen960::cli
