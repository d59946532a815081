// fen960 startpos: the start record of a Chess960 or Double Fischer Random number, a random one, or
// all 960.
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include <unistd.h>

#include "commands.hpp"
#include "fen960/fen.hpp"
#include "fen960/startpos.hpp"
#include "io.hpp"
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
};

std::string range_text(bool dfrc)
{
    return dfrc ? "Double Fischer Random numbers are 0..921599, white * 960 + black" : "Chess960 numbers are 0..959";
}

// The number argument, or a usage error that names the valid range.
std::uint32_t parse_number(const std::string& text, bool dfrc)
{
    std::uint64_t value = 0;
    char const* const end = text.data() + text.size();
    auto const [ptr, ec] = std::from_chars(text.data(), end, value);
    std::uint32_t const count = dfrc ? dfrc_count : chess960_count;
    if (text.empty() || ptr != end || ec == std::errc::invalid_argument)
        throw CLI::ValidationError("number '" + text + "' is not a number (" + range_text(dfrc) + ")");
    if (ec == std::errc::result_out_of_range || value >= count)
        throw CLI::ValidationError("number " + text + " is out of range (" + range_text(dfrc) + ")");
    return static_cast<std::uint32_t>(value);
}

// Writes one start record (prefixed by its number and a tab when asked); false when the dialect
// cannot express it, after writing `error: MESSAGE` in its place and the message to stderr.
bool write_start(std::uint32_t number, const StartposArgs& args, Output& out, Output& err)
{
    Setup const setup = *(args.dfrc ? dfrc_setup(number) : chess960_setup(number));
    std::string& line = out.buffer();
    if (args.with_number || args.all) {
        line += std::to_string(number);
        line.push_back('\t');
    }
    EmitOptions options;
    options.dialect = args.to;
    if (auto error = append_fen(setup, options, line)) {
        line += "error: " + error->message;
        out.line_done();
        err.write(std::string("fen960: startpos ") + (args.dfrc ? "--dfrc " : "") + std::to_string(number) + ": " +
                  error->message + "\n");
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

} // namespace

void add_startpos(CLI::App& app, Run& run)
{
    auto args = std::make_shared<StartposArgs>();
    CLI::App* cmd = app.add_subcommand("startpos", "Write the start position of a Chess960 or Double Fischer Random number.");
    cmd->description(
        "Write the start position of a Chess960 number (Scharnagl's numbering, 0..959; 518 is the standard\n"
        "start) or, with --dfrc, of a Double Fischer Random number (0..921599): white and black back ranks chosen\n"
        "independently, number = white * 960 + black, where white and black are the Chess960 numbers of the two\n"
        "back ranks (this project's convention). The castling rights are those of the four rooks.");
    cmd->add_option("number", args->number_text, "The start position's number: 0..959, with --dfrc 0..921599")->type_name("N");
    cmd->add_flag("--dfrc", args->dfrc, "Number Double Fischer Random start positions (0..921599)");
    auto* random = cmd->add_flag("--random", args->random,
                                 "A start position drawn uniformly from the range (std::mt19937_64 with an unbiased reduction; seeded "
                                 "from std::random_device unless --seed is given)");
    cmd->add_option_function<std::uint64_t>(
           "--seed", [args](const std::uint64_t& s) { args->seed = s; },
           "Seed of --random: the same seed gives the same position everywhere")
        ->type_name("S")
        ->needs(random);
    auto* all = cmd->add_flag("--all", args->all, "All start positions in order, each line 'NUMBER<TAB>RECORD' (960; with --dfrc all 921600)");
    cmd->add_flag("-n,--number", args->with_number, "Write the number and a tab before each record");
    add_choice(*cmd, "--to", args->to, dialect_names(), "Dialect to write (default xfen)");
    all->excludes(random);
    cmd->footer(
        "Examples:\n"
        "  fen960 startpos 518\n"
        "      rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
        "  fen960 startpos 959 --to shredder\n"
        "      rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1\n"
        "  fen960 startpos --dfrc 497280 --to shredder        (white 518, black 0: 518 * 960 + 0)\n"
        "      bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1\n"
        "  fen960 startpos --random --seed 42 --number\n"
        "  fen960 startpos --random --dfrc\n"
        "  fen960 startpos --all --to shredder > chess960.shredder\n"
        "  fen960 startpos 0 --to fen                          (standard FEN cannot write these rights: exit 1)\n"
        "Exit status: 0 written, 1 the dialect cannot express the position (standard FEN), 2 usage error\n"
        "(e.g. a number out of range), 3 the output could not be written.\n");
    cmd->callback([args, &run] {
        int const modes = !args->number_text.empty() + args->random + args->all;
        if (modes != 1)
            throw CLI::ValidationError("give exactly one of a number N, --random or --all");
        if (!args->number_text.empty())
            args->number = parse_number(args->number_text, args->dfrc);
        run = [args] { return run_startpos(*args); };
    });
}

} // namespace fen960::cli
