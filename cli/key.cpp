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
    Format format = Format::text;
    RecordInputs inputs;
};

int run_key(const KeyArgs& args)
{
    return process_records(
        "key", args.inputs.inputs(), args.jobs,
        [&options = args.options, jsonl = args.format == Format::jsonl](const Origin& origin, std::string_view record, bool too_long, std::string& out,
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
             "Drop castling rights and en-passant squares the position cannot have, with a warning on "
             "standard error for each, and give the key of what is left (as convert --repair)"),
        flag("--mirror", args.options.mirror, "The key of the colour-flipped position (as convert --mirror)"),
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
        R"(Print the Polyglot Zobrist key of each record, 16 lower-case hexadecimal digits, one line per input
line, or 'error: MESSAGE' for a record that does not parse or is no valid position (the message, with
file, line, column and a caret, also goes to standard error). The key is the Polyglot book format's: the
en-passant file counts only when a pawn of the side to move stands ready to capture. A Chess960 castling
right counts as king side when its rook stands on the h-side of the king and as queen side when on the
a-side, so the Shredder-FEN and X-FEN spellings of one position have one key. Reads the records and files given as
arguments (an argument holding a space is a record, 'startpos' the standard start, a bare back rank
such as BBQNNRKR that start, '-' standard input, any other argument a file: see INPUTS), else
standard input. A blank line or a
'#' comment line is no record: its output line is empty.
Files and standard input may be compressed (zstd, gzip, bzip2 or xz, told by the first bytes, never by
the name); a stream cut short or corrupt is read up to the damage, then a message names the file and
the compressed byte (exit status 3).)",
    .footer =
        R"(Examples:
  fen960 key 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
      463b96181691fc9c
  fen960 key 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
      823c9b50fd114196
  fen960 key 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'
      d551843a235a6f67   (the same for 'w KQkq')
  fen960 key book.epd > book.keys
  fen960 key --format jsonl startpos
      {"source":"argument","line":1,"input":"rnbqkbnr/... w KQkq - 0 1","ok":true,"key":"463b96181691fc9c",...}
Exit status: 0 every record keyed, 1 some records did not parse or were no valid position (the others
still keyed), 2 usage error, 3 a file could not be read (or ended at damaged compressed data) or the
output could not be written.
)",
    .line = [] { return command_line(key_options, run_key, check_key); },
};

} // namespace fen960::cli
