// fen960 play: the position after moves in SAN or UCI, from a FEN and moves given as arguments, or one
// line per UCI `position` command read from files or standard input.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include "command.hpp"
#include "fen960/play.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "output_file.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct PlayArgs {
    PlayOptions options;
    bool all = false;
    bool uci = false;
    unsigned jobs = 0;
    Format format = Format::text;
    std::vector<std::string> arguments; // FEN MOVE..., or files
    bool strict = false;                // --strict, into options.acceptance
    std::vector<std::string> files;     // -f's
};

// The start of `play START MOVE...`: the first argument when it is a record by the argument rule
// (io.hpp; 'startpos' as it is, which --uci writes as such), else nothing: the arguments are files.
std::optional<std::string> start_argument(const PlayArgs& args)
{
    if (args.arguments.empty() || !args.files.empty())
        return std::nullopt;
    if (args.arguments.front() == "startpos")
        return args.arguments.front();
    return argument_record(args.arguments.front());
}

// One start and its moves played: the lines for standard output (the result, or what was played and
// `error: MESSAGE`), the message with its place on standard error. False when a move or the start
// was at fault.
bool write_played(const PlayArgs& args, const Origin& origin, std::string_view input, const PlayResult& r,
                  const std::vector<Diagnostic>& warnings, std::size_t start, std::string& out, std::string& err)
{
    for (const Diagnostic& w : warnings)
        format_diagnostic(origin, w, input, Severity::warning, err);
    if (args.format == Format::jsonl) {
        std::string const written = out.substr(start);
        out.resize(start);
        append_play_json(origin, input, args.options.dialect, args.all, written, r, warnings, out);
        if (!r)
            format_diagnostic(origin, r.error().reason, input, Severity::error, err);
        return r.has_value();
    }
    if (!r)
        write_error_line(origin, input, {r.error().reason}, out, err);
    return r.has_value();
}

// `fen960 play FEN MOVE...`: the start and the moves as one text, `START MOVE MOVE...`, which
// messages quote and point into.
int play_arguments(const PlayArgs& args, const std::string& start)
{
    std::string text = start;
    std::vector<std::size_t> offsets{0};
    for (std::size_t i = 1; i < args.arguments.size(); ++i) {
        text.push_back(' ');
        offsets.push_back(text.size());
        text += args.arguments[i];
    }
    std::string_view const view(text);
    std::vector<std::string_view> moves;
    for (std::size_t i = 1; i < args.arguments.size(); ++i)
        moves.push_back(view.substr(offsets[i], args.arguments[i].size()));
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    MovePlayer player(args.options);
    PlayResult const r = player.play(view, view.substr(0, start.size()), moves, out.buffer());
    bool const ok = write_played(args, Origin{"argument", 1}, view, r, player.warnings(), 0, out.buffer(), err.buffer());
    err.flush();
    out.flush();
    return ok ? exit_ok : exit_invalid;
}

// `fen960 play [FILE...]`: a line out for every line in (with --all, the positions of each).
int play_lines(const PlayArgs& args, const Inputs& inputs)
{
    return process_records(
        "play", inputs, args.jobs,
        [&args](const Origin& origin, std::string_view record, bool too_long, std::string& out, std::string& err) {
            // One player per thread, with its buffers, made on the thread's first line.
            thread_local std::optional<MovePlayer> player;
            if (!player)
                player.emplace(args.options);
            std::size_t const start = out.size();
            PlayResult const r = too_long ? PlayResult(PlayFailure{0, 0, too_long_diagnostic(record.size())})
                                          : player->play_line(record, out);
            static std::vector<Diagnostic> const none;
            return write_played(args, origin, record, r, too_long ? none : player->warnings(), start, out, err);
        },
        other_line_writer(false, args.format == Format::jsonl));
}

int run_play(const PlayArgs& args)
{
    // Batch when the first argument is a file (or `-`) by the argument rule, or there is none.
    if (std::optional<std::string> const start = start_argument(args))
        return play_arguments(args, *start);
    return play_lines(args, Inputs{{}, classify_arguments(args.arguments, args.files).files});
}

std::vector<Option> play_options(PlayArgs& args)
{
    return {
        Option{.names = "--to", .help = "Dialect to write (default xfen)", .target = &args.options.dialect},
        from_option(args.options.from),
        en_passant_option(args.options.en_passant),
        flag("--all", args.all, "Write the start and the position after each move"),
        Option{.names = "--uci",
               .help = "Write the UCI command 'position ... moves ...' instead",
               .target = &args.uci,
               .excludes = "--all"},
        Option{.names = "--castling",
               .help = "With --uci: kxr (e1h1, as UCI_Chess960 engines read it), king (e1g1) or auto (default: "
                       "kxr for Chess960 rights)",
               .target = &args.options.castling,
               .needs = "--uci"},
        strict_option(args.strict),
        jobs_option(args.jobs),
        format_option(args.format),
        Option{.names = "-f,--file",
               .help = "Read position lines from FILE, whatever its name",
               .target = &args.files,
               .value_name = "FILE",
               .many = true},
        Option{.names = "arguments",
               .help = std::string("The start and its moves, or files of position lines. ") + argument_rule,
               .target = &args.arguments,
               .value_name = "FEN MOVE...|FILE..."},
    };
}

std::optional<std::string> check_play(PlayArgs& args)
{
    args.options.output = args.uci ? PlayOutput::uci : args.all ? PlayOutput::all : PlayOutput::last;
    args.options.acceptance = args.strict ? Acceptance::strict : Acceptance::playable;
    if (start_argument(args))
        return std::nullopt;
    Inputs const inputs = classify_arguments(args.arguments, args.files);
    if (!inputs.records.empty())
        return "a record goes first, before its moves; files of position lines hold no record arguments";
    return check_record_inputs(inputs);
}

} // namespace

const Command play_command{
    .name = "play",
    .summary = "Play moves in SAN or UCI and write the position (or the UCI position command).",
    .description =
        R"(Play moves (SAN or UCI, castling either way) from a start and write the position after them, or 'error: move N 'MOVE': WHY'. With no start, read UCI 'position ...' lines from files or standard input and write a line for each. 'man fen960' has the details.)",
    .footer =
        R"(Exit status: 0 every move played, 1 a bad move or start (in some lines), 2 usage error, 3 input/output error.
Examples:
  fen960 play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1' e1h1      (or e1g1, or O-O)
      r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1
  fen960 play '1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1' O-O-O     (or c1b1)
      1rk3r1/8/8/8/8/8/8/2KRR3 b kq - 1 1
  fen960 play --to shredder startpos e4 e5 Nf3 Nc6
      r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w HAha - 2 3
  fen960 play startpos e2e4 e7e5 e1e3
      error: move 3 'e1e3': illegal move: no legal move from e1 to e3
  fen960 play --uci --castling kxr 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1' O-O
      position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1 moves e1h1
  fen960 play --all startpos e4 e5
  fen960 play < engine.log                 (one 'position ...' command a line)
  fen960 play --to shredder --jobs 4 positions.uci > positions.shredder
)",
    .line = [] { return command_line(play_options, run_play, check_play); },
};

} // namespace fen960::cli
