// fen960 convert: one output line per input line, in order.
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "commands.hpp"
#include "fen960/convert.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct ConvertArgs {
    ConvertOptions options;
    std::vector<std::string> records;
    std::vector<std::string> files;
    unsigned jobs = 0;
    bool jsonl = false;
};

int run_convert(const ConvertArgs& args)
{
    Inputs const inputs{args.records, args.files};
    bool const all_valid = process_records(
        "convert", inputs, args.jobs,
        [&options = args.options, jsonl = args.jsonl](const Origin& origin, std::string_view record, bool too_long,
                                                      std::string& out, std::string& err) {
            std::vector<Diagnostic> errors;
            std::vector<Diagnostic> warnings;
            bool ok = false;
            std::size_t const start = out.size();
            if (too_long)
                errors.push_back(too_long_diagnostic(record.size()));
            else
                ok = convert_record(record, options, out, errors, warnings);
            for (const Diagnostic& w : warnings)
                format_diagnostic(origin, w, record, Severity::warning, err);
            if (jsonl) {
                nlohmann::ordered_json line = json_record(origin, record);
                line["dialect"] = name(options.to);
                line["ok"] = ok;
                line["output"] = ok ? nlohmann::ordered_json(out.substr(start)) : nlohmann::ordered_json(nullptr);
                line["errors"] = json_diagnostics(errors);
                line["warnings"] = json_diagnostics(warnings);
                out.resize(start);
                append_json_line(line, out);
                for (const Diagnostic& e : errors)
                    format_diagnostic(origin, e, record, Severity::error, err);
                return ok;
            }
            if (!ok) {
                write_error_line(origin, record, errors, out, err);
                return false;
            }
            out.push_back('\n');
            return true;
        });
    return all_valid ? exit_ok : exit_invalid;
}

} // namespace

void add_convert(CLI::App& app, Run& run)
{
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* cmd = app.add_subcommand("convert", "Convert FEN records between standard FEN, Shredder-FEN and X-FEN.");
    cmd->description(
        "Convert FEN records between standard FEN, Shredder-FEN and X-FEN.\n"
        "Reads the records given as arguments, else the files given with -f, else standard input, one record per\n"
        "line, and writes exactly one line per input line: the converted record, or 'error: MESSAGE' (the\n"
        "message, with file, line, column and a caret, also goes to standard error).");
    add_choice(*cmd, "--to", args->options.to, dialect_names(), "Dialect to write")->required();
    add_choice(*cmd, "--from", args->options.from, input_dialect_names(),
               "How to read castling letters: auto (default: KQkq = the outermost rook on that side of the king, a "
               "file letter = the rook on that file), fen (KQkq only, king on e1/e8, rooks on a/h), shredder (file "
               "letters only), xfen (both forms)");
    add_en_passant_option(*cmd, args->options.en_passant);
    cmd->add_flag("--repair", args->options.repair,
                  "Drop castling rights and en-passant squares the position cannot have (keeping the outermost valid "
                  "right on each side of the king) and warn on standard error for each, instead of rejecting the "
                  "record");
    cmd->add_option("-f,--file", args->files, "Read records from FILE, one per line ('-' = standard input)")
        ->type_name("FILE")
        ->expected(1, -1);
    add_jobs_option(*cmd, args->jobs);
    add_format_option(*cmd, args->jsonl);
    cmd->add_option("records", args->records, "Records to convert (quote each one)")->type_name("FEN");
    cmd->footer(
        "Examples:\n"
        "  fen960 convert --to xfen 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'\n"
        "      rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1\n"
        "  fen960 convert --to shredder 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
        "      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n"
        "  fen960 convert --to fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'\n"
        "      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
        "  fen960 convert --to shredder 'rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11'\n"
        "      rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11   (X-FEN G: the inner rook on g1)\n"
        "  fen960 convert --to shredder < database.xfen > database.shredder\n"
        "  fen960 convert --to xfen --en-passant keep -f games.fen\n"
        "  fen960 convert --to shredder --format jsonl -f games.fen     (one JSON object per line)\n"
        "Exit status: 0 every record converted, 1 some records invalid (the others still converted),\n"
        "2 usage error, 3 a file could not be read or the output could not be written.\n");
    cmd->callback([args, &run] {
        if (!args->records.empty() && !args->files.empty())
            throw CLI::ValidationError("give records as arguments or files with -f, not both");
        run = [args] { return run_convert(*args); };
    });
}

} // namespace fen960::cli
