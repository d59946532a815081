// fen960 key: the Polyglot Zobrist key of each record, one line per input line.
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "fen960/convert.hpp"
#include "fen960/polyglot.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct KeyArgs {
    ConvertOptions options; // how to read and judge the record (convert's judge_record); `to` unused
    unsigned jobs = 0;
    bool strict = false; // --strict: options.acceptance
    Format format = Format::text;
    RecordInputs inputs;
};

int run_key(const KeyArgs& args)
{
    ConvertOptions options = args.options;
    options.acceptance = args.strict ? Acceptance::strict : Acceptance::playable;
    return process_records(
        "key", args.inputs.inputs(), args.jobs,
        [&options, jsonl = args.format == Format::jsonl](const Origin& origin, std::string_view record, bool too_long, std::string& out,
                                  std::string& err) {
            thread_local FenRecord judged;
            std::vector<Diagnostic> warnings;
            auto const judgement = too_long ? Expected<void, Diagnostics>(Diagnostics{too_long_diagnostic(record.size())})
                                            : judge_record(record, options, judged, warnings);
            for (const Diagnostic& w : warnings)
                format_diagnostic(origin, w, record, Severity::warning, err);
            if (jsonl) {
                char digits[16];
                if (judgement)
                    write_key(polyglot_key(judged.setup), digits);
                append_key_json(origin, record, judgement ? std::string_view(digits, 16) : std::string_view(),
                                judgement ? std::vector<Diagnostic>{} : judgement.error(), warnings, out);
                if (!judgement)
                    for (const Diagnostic& e : judgement.error())
                        format_diagnostic(origin, e, record, Severity::error, err);
                return judgement.has_value();
            }
            if (!judgement) {
                write_error_line(origin, record, judgement.error(), out, err);
                return false;
            }
            char line[17];
            *write_key(polyglot_key(judged.setup), line) = '\n';
            out.append(line, sizeof line);
            return true;
        },
        other_line_writer(false, args.format == Format::jsonl));
}

std::vector<Option> key_options(KeyArgs& args)
{
    std::vector<Option> options{
        from_option(args.options.from),
        flag("--repair", args.options.repair,
             "Drop the castling rights and en-passant square the position cannot have (a warning each), "
             "as convert --repair"),
        flag("--mirror", args.options.mirror, "The key of the colour-flipped position"),
        strict_option(args.strict),
        jobs_option(args.jobs),
        format_option(args.format),
    };
    add_input_options(options, args.inputs);
    return options;
}

std::optional<std::string> check_key(KeyArgs& args)
{
    return check_record_inputs(args.inputs.inputs());
}

} // namespace

const Command key_command{
    .name = "key",
    .summary = "Print the Polyglot opening-book key of records.",
    .description =
        R"(Print the Polyglot key of each record (16 hexadecimal digits), one line per input line, or 'error: MESSAGE'. The en-passant file counts only when a pawn can capture; a Chess960 right counts as king side when its rook is on the h-side of the king, so every dialect's spelling of a position has one key.
Reads INPUTS, -f's files, else standard input; a position no game reaches gets its key with a warning (--strict refuses it).)",
    .footer =
        R"(Exit status: 0 every record keyed, 1 some records unreadable or invalid (the rest keyed), 2 usage error, 3 input/output error.
Examples:
  fen960 key 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
      463b96181691fc9c
  fen960 key 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
      823c9b50fd114196
  fen960 key 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'
      d551843a235a6f67   (the same for 'w KQkq')
  fen960 key book.epd > book.keys
)",
    .line = [] { return command_line(key_options, run_key, check_key); },
};

} // namespace fen960::cli
