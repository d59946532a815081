// fen960 validate: one verdict line per input line, in order.
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "fen960/validate.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct ValidateArgs {
    bool chess960 = false;
    InputDialect from = InputDialect::automatic;
    Format format = Format::text;
    unsigned jobs = 0;
    RecordInputs inputs;
};

// Whether `record` (read again: an invalid one, rare) has a castling field only Chess960 has.
bool only_chess960(std::string_view record, InputDialect from)
{
    thread_local FenRecord read;
    return parse_fen(record, from, read) && castling_only_chess960(read);
}

int run_validate(const ValidateArgs& args)
{
    Rules const rules = args.chess960 ? Rules::chess960 : Rules::standard;
    bool const jsonl = args.format == Format::jsonl;
    return process_records(
        "validate", args.inputs.inputs(), args.jobs,
        [rules, jsonl, from = args.from](const Origin& origin, std::string_view record, bool too_long, std::string& out,
                       std::string& err) {
            Validation const v = too_long ? Validation{Verdict::error, {too_long_diagnostic(record.size())}, {}}
                                          : validate_record(record, rules, from);
            if (jsonl) {
                append_validate_json(origin, record, rules, v, out);
                for (const Diagnostic& d : v.errors)
                    format_diagnostic(origin, d, record, Severity::error, err);
                return v.verdict == Verdict::valid;
            }
            switch (v.verdict) {
            case Verdict::valid: out += "valid\n"; return true;
            case Verdict::invalid:
                out += "invalid\t";
                for (std::size_t i = 0; i < v.problems.size(); ++i)
                    out += (i ? "; " : "") + v.problems[i].message;
                if (rules == Rules::standard && only_chess960(record, from))
                    out.append("; ").append(chess960_hint);
                out.push_back('\n');
                return false;
            case Verdict::error: break;
            }
            write_error_line(origin, record, v.errors, out, err);
            return false;
        },
        other_line_writer(false, jsonl));
}

std::vector<Option> validate_options(ValidateArgs& args)
{
    Option const chess960 = flag("--chess960", args.chess960,
                                 "Judge by Chess960 rules (a castling rook: any own rook on the back rank)");
    return judge_options({chess960, from_option(args.from)}, args.jobs, args.format, args.inputs);
}

std::optional<std::string> check_validate(ValidateArgs& args)
{
    return check_record_inputs(args.inputs.inputs());
}

} // namespace

const Command validate_command{
    .name = "validate",
    .summary = "Check that records describe positions a game can reach.",
    .description =
        R"(Check that records describe positions a game can reach, one line per input line: 'valid', 'invalid<TAB>REASON; ...' with every reason, or 'error: MESSAGE' for a record that does not parse. Without --chess960 the rules are standard chess (a castling right needs the king on e1/e8 and a rook on a or h).
Reads INPUTS, -f's files, else standard input.)",
    .footer =
        R"(Exit status: 0 every record valid, 1 some records invalid or unreadable (the rest judged), 2 usage error, 3 input/output error.
Examples:
  fen960 validate 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
      valid
  fen960 validate 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
      invalid<TAB>castling letter 'C': ...; the castling rights are Chess960 ones, ...
  fen960 validate --chess960 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
      valid
  fen960 validate --chess960 '4k3/8/8/8/8/8/8/4K2r b - - 0 1'
      invalid<TAB>the side not to move is in check: white king on e1 attacked from h1
  fen960 validate --chess960 games.fen - < more.fen
  fen960 validate --chess960 --format jsonl database.fen > verdicts.jsonl
)",
    .line = [] { return command_line(validate_options, run_validate, check_validate); },
};

} // namespace fen960::cli
