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
};

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
int play_arguments(const PlayArgs& args)
{
    std::string text;
    std::vector<std::size_t> offsets;
    for (const std::string& a : args.arguments) {
        if (!text.empty())
            text.push_back(' ');
        offsets.push_back(text.size());
        text += a;
    }
    std::string_view const view(text);
    std::vector<std::string_view> moves;
    for (std::size_t i = 1; i < args.arguments.size(); ++i)
        moves.push_back(view.substr(offsets[i], args.arguments[i].size()));
    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    MovePlayer player(args.options);
    PlayResult const r = player.play(view, view.substr(0, args.arguments[0].size()), moves, out.buffer());
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
    // Batch when the first argument names a file (or is `-`), or there is none: FENs name no files.
    if (!args.arguments.empty() && classify_arguments({args.arguments.front()}).files.empty())
        return play_arguments(args);
    return play_lines(args, Inputs{{}, args.arguments});
}

std::vector<Option> play_options(PlayArgs& args)
{
    return {
        Option{.names = "--to", .help = "Dialect to write (default xfen)", .target = &args.options.dialect},
        en_passant_option(args.options.en_passant),
        flag("--all", args.all, "Write the start and the position after every move, one per line"),
        Option{.names = "--uci",
               .help = "Write, instead of the position, the UCI command 'position fen FEN moves M...' (FEN in the "
                       "chosen dialect, or 'position startpos' for the standard start) with every move in UCI",
               .target = &args.uci,
               .excludes = "--all"},
        Option{.names = "--castling",
               .help = "How --uci writes castling: kxr (the king takes its rook: e1h1, as UCI_Chess960 engines "
                       "read it), king (the king's move: e1g1; an error for a castling that form cannot write "
                       "unambiguously), auto (default: king for standard chess, kxr when a castling right of the "
                       "start is one only Chess960 has)",
               .target = &args.options.castling,
               .needs = "--uci"},
        strict_option(args.strict),
        jobs_option(args.jobs),
        format_option(args.format),
        Option{.names = "arguments",
               .help = "The start (a FEN or 'startpos') and the moves; or files of position lines ('-' = standard "
                       "input)",
               .target = &args.arguments,
               .value_name = "FEN MOVE...|FILE..."},
    };
}

std::optional<std::string> check_play(PlayArgs& args)
{
    args.options.output = args.uci ? PlayOutput::uci : args.all ? PlayOutput::all : PlayOutput::last;
    args.options.acceptance = args.strict ? Acceptance::strict : Acceptance::playable;
    return std::nullopt;
}

} // namespace

const Command play_command{
    .name = "play",
    .summary = "Play moves in SAN or UCI and write the position (or the UCI position command).",
    .description =
        R"(Play moves (SAN or UCI, castling as king-takes-rook or the king's move) from FEN ('startpos' for the standard start) and write the position after them; a bad move is 'error: move N 'MOVE': WHY' and ends the line.
With no FEN, reads UCI 'position ...' commands, one a line, from the files (or standard input, plain or compressed) and writes one line for each. 'man fen960' has the details.)",
    .footer =
        R"(Exit status: 0 every move played, 1 a bad move or start (in batch: in some lines; the others are still played), 2 usage error, 3 a file could not be read or the output could not be written.
Examples:
  fen960 play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1' e1h1
      r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1
  fen960 play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1' e1g1          (the same castling)
      r3k2r/8/8/8/8/8/8/R4RK1 b kq - 5 1
  fen960 play 'nn1rkq1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB b KQq - 1 8' e8d8   (black's a-side castling)
      nnkr1q1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB w KQ - 2 9
  fen960 play --to shredder startpos e4 e5 Nf3 Nc6
      r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w HAha - 2 3
  fen960 play startpos e2e4 e7e5 e1e3
      error: move 3 'e1e3': illegal move: no legal move from e1 to e3
  fen960 play --uci --castling kxr 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1' O-O
      position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1 moves e1h1
  fen960 play --all startpos e4 e5        (the start and the position after each move)
  fen960 play < engine.log                 (one 'position ...' command a line)
  fen960 play --to shredder --jobs 4 positions.uci > positions.shredder
)",
    .line = [] { return command_line(play_options, run_play, check_play); },
};

} // namespace fen960::cli
