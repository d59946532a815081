// fen960 startpos: the start record of a Chess960 or Double Fischer Random number, a random one, or
// all 960.
#include <charconv>
#include <cstdint>
#include <optional>
#include <random>
#include <string>

#include <unistd.h>

#include "command.hpp"
#include "fen960/fen.hpp"
#include "fen960/startpos.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"

namespace fen960::cli {

namespace {

struct StartposArgs {
    std::string number_text; // parsed by hand, so that every bad number gets the range in its message
    std::uint32_t number = 0;
    bool dfrc = false;
    bool random = false;
    std::optional<std::uint64_t> seed;
    bool all = false;
    bool with_number = false;
    Dialect to = Dialect::xfen;
    Format format = Format::text;
};

std::string range_text(bool dfrc)
{
    return dfrc ? "Double Fischer Random numbers are 0..921599, white * 960 + black" : "Chess960 numbers are 0..959";
}

// Reads the number argument into `number`, or returns the usage error that names the valid range.
std::optional<std::string> parse_number(const std::string& text, bool dfrc, std::uint32_t& number)
{
    std::uint64_t value = 0;
    char const* const end = text.data() + text.size();
    auto const [ptr, ec] = std::from_chars(text.data(), end, value);
    std::uint32_t const count = dfrc ? dfrc_count : chess960_count;
    // A negative number is a number, out of range.
    bool const negative = text.size() > 1 && text[0] == '-' && text.find_first_not_of("0123456789", 1) == std::string::npos;
    if (!negative && (text.empty() || ptr != end || ec == std::errc::invalid_argument))
        return "'" + text + "' is not a number (" + range_text(dfrc) + ")";
    if (negative || ec == std::errc::result_out_of_range || value >= count)
        return "number " + text + " is out of range (" + range_text(dfrc) + ")";
    number = static_cast<std::uint32_t>(value);
    return std::nullopt;
}

// Writes one start record (prefixed by its number and a tab when asked); false when the dialect
// cannot express it, after writing `error: MESSAGE` in its place and the message to stderr.
bool write_start(std::uint32_t number, const StartposArgs& args, Output& out, Output& err)
{
    Setup const setup = *(args.dfrc ? dfrc_setup(number) : chess960_setup(number));
    std::string& line = out.buffer();
    if (args.format == Format::jsonl) {
        EmitOptions options;
        options.dialect = args.to;
        std::string record;
        auto const written = append_fen(setup, options, record);
        append_start_json(number, args.dfrc, args.to, written ? std::optional<std::string_view>(record) : std::nullopt,
                          written ? std::string_view() : std::string_view(written.error().message), line);
        out.maybe_flush();
        if (!written)
            err.write(std::string("fen960: startpos ") + (args.dfrc ? "--dfrc " : "") + std::to_string(number) +
                      ": " + written.error().message + "\n");
        return written.has_value();
    }
    if (args.with_number || args.all) {
        line += std::to_string(number);
        line.push_back('\t');
    }
    EmitOptions options;
    options.dialect = args.to;
    if (auto written = append_fen(setup, options, line); !written) {
        line += "error: " + written.error().message;
        out.line_done();
        err.write(std::string("fen960 startpos: ") + (args.dfrc ? "--dfrc " : "") + std::to_string(number) + ": " +
                  written.error().message + "\n");
        err.flush();
        return false;
    }
    out.line_done();
    return true;
}

int run_startpos(const StartposArgs& args)
{
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    bool all_written = true;
    if (args.all) {
        std::uint32_t const count = args.dfrc ? dfrc_count : chess960_count;
        for (std::uint32_t n = 0; n < count; ++n)
            all_written &= write_start(n, args, out, err);
    } else if (args.random) {
        std::mt19937_64 generator(args.seed ? *args.seed : std::random_device{}());
        auto const n = static_cast<std::uint32_t>(draw_uniform(generator, args.dfrc ? dfrc_count : chess960_count));
        all_written = write_start(n, args, out, err);
    } else {
        all_written = write_start(args.number, args, out, err);
    }
    out.flush();
    return all_written ? exit_ok : exit_invalid;
}

std::vector<Option> startpos_options(StartposArgs& args)
{
    return {
        Option{.names = "number",
               .help = "The start position's number: 0..959, with --dfrc 0..921599",
               .target = &args.number_text,
               .value_name = "N"},
        flag("--dfrc", args.dfrc, "Number Double Fischer Random start positions (0..921599)"),
        flag("--random", args.random,
             "A start position drawn uniformly (std::mt19937_64; seeded from std::random_device unless "
             "--seed)"),
        Option{.names = "--seed",
               .help = "Seed of --random: the same seed gives the same position everywhere",
               .target = &args.seed,
               .value_name = "S",
               .needs = "--random"},
        Option{.names = "--all",
               .help = "All start positions in order, each line 'NUMBER<TAB>RECORD' (960; with --dfrc all "
                       "921600)",
               .target = &args.all,
               .excludes = "--random"},
        flag("-n,--number", args.with_number, "Write the number and a tab before each record"),
        Option{.names = "--to", .help = "Dialect to write (default xfen)", .target = &args.to},
        Option{.names = "--format",
               .help = "text (default) or jsonl: a JSON object per start",
               .target = &args.format},
    };
}

std::optional<std::string> check_startpos(StartposArgs& args)
{
    int const modes = !args.number_text.empty() + args.random + args.all;
    if (modes != 1)
        return "give exactly one of a number N, --random or --all";
    if (!args.number_text.empty())
        return parse_number(args.number_text, args.dfrc, args.number);
    return std::nullopt;
}

} // namespace

const Command startpos_command{
    .name = "startpos",
    .summary = "Write the start position of a Chess960 or Double Fischer Random number.",
    .description =
        R"(Write the start position of a Chess960 number (Scharnagl's numbering, 0..959; 518 is the standard start) or, with --dfrc, of a Double Fischer Random number (0..921599 = white * 960 + black, the two back ranks' Chess960 numbers). The castling rights are those of the four rooks.)",
    .footer =
        R"(Exit status: 0 written, 1 the dialect cannot express the position (standard FEN), 2 usage error (a number out of range), 3 output error.
Examples:
  fen960 startpos 518
      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
  fen960 startpos 959 --to shredder
      rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1
  fen960 startpos --dfrc 497280 --to shredder         (white 518, black 0)
      bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1
  fen960 startpos --random --seed 42 --number
  fen960 startpos --random --dfrc
  fen960 startpos --all --to shredder > chess960.shredder
  fen960 startpos --format jsonl 518     ({"number":518,"kind":"chess960",...})
  fen960 startpos 0 --to fen     (exit 1: standard FEN cannot write its rights)
)",
    .line = [] { return command_line(startpos_options, run_startpos, check_startpos); },
};

} // namespace fen960::cli
