// fen960 pgn: PGN games rewritten into one FEN dialect, or replayed into the FEN of every position.
// The game loop is the library's (PgnReader); here the inputs are opened, each game's messages and
// --format jsonl written, and the summary and the exit status given.
#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "command.hpp"
#include "fen960/limits.hpp"
#include "fen960/pgn_reader.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "progress.hpp"

namespace fen960::cli {

namespace {

struct PgnArgs {
    PgnOptions options;
    unsigned jobs = 0;
    Format format = Format::text;
    std::size_t max_game = GameSplitter::default_max_game;
    std::string rejects;
    std::vector<std::string> files;
};

// Reads a file descriptor; a failed read is an IoError (exit status 3), never a silent end.
class FdSource : public ByteSource {
public:
    FdSource(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}
    std::size_t read(char* buffer, std::size_t size) override
    {
        for (;;) {
            ssize_t const n = ::read(fd_, buffer, size);
            if (n >= 0)
                return static_cast<std::size_t>(n);
            if (errno != EINTR)
                throw IoError(name_ + ": read error: " + std::strerror(errno));
        }
    }

private:
    int fd_;
    std::string name_;
};

// What one game of `file` gives on standard output (after its positions or its rewritten text, in
// g.output) and on standard error (g.messages). Runs on the importing thread.
void write_game(const PgnArgs& args, std::string_view file, ReadGame& g)
{
    std::string& out = g.output;
    std::string& err = g.messages;
    const GameText& game = g.game;
    if (game.stray) {
        // Comments outside any game (after a result, typically): not a game, said once each.
        format_diagnostic(Origin{file, game.line},
                          Diagnostic{static_cast<std::uint32_t>(game.line), game.column,
                                     "comments outside any game; ignored"},
                          line_of(game, Diagnostic{1, 1, ""}), Severity::warning, err);
        return;
    }
    GameResult& r = g.result;
    if (game.too_long)
        r.error.message =
            "game longer than " + std::to_string(args.max_game) + " bytes (--max-game-size); not read";
    bool const jsonl = args.format == Format::jsonl;
    if (jsonl) {
        // One object per game: where it starts, what it is, its positions, and why it stopped.
        std::string const positions = std::move(out);
        out.clear();
        append_game_json(file, g, args.options.dialect, positions, out);
    }
    for (const Diagnostic& w : r.warnings) {
        Diagnostic const at = absolute_location(game, w);
        format_diagnostic(Origin{file, at.line}, at, line_of(game, w), Severity::warning, err);
    }
    Diagnostic const where = absolute_location(game, r.error);
    bool const text_positions = args.options.positions && !jsonl;
    switch (r.outcome) {
    case GameOutcome::imported:
        if (text_positions)
            out.push_back('\n');
        break;
    case GameOutcome::failed:
        if (text_positions)
            out += "error: game " + std::to_string(g.number) + " ply " + std::to_string(r.ply) + ": " +
                   r.error.message + "\n\n";
        format_diagnostic(Origin{file, where.line}, where, game.too_long ? "" : line_of(game, r.error),
                          Severity::error, err);
        break;
    case GameOutcome::skipped:
        if (text_positions)
            out += "skipped: game " + std::to_string(g.number) + ": " + r.error.message + "\n\n";
        format_diagnostic(Origin{file, where.line},
                          Diagnostic{where.line, where.column, r.error.message + "; game skipped"},
                          line_of(game, r.error), Severity::warning, err);
        break;
    }
}

// "fen960 pgn: failed: game 6 (games.pgn:73), ..., and 5 more (see the messages above)"
void write_list(const char* what, const GameList& list, const std::vector<std::string>& names, std::string& out)
{
    if (!list.count)
        return;
    out += "fen960 pgn: ";
    out += what;
    out += ": ";
    for (std::size_t i = 0; i < list.first.size(); ++i) {
        const GameList::Game& g = list.first[i];
        out += (i ? ", game " : "game ") + std::to_string(g.number) + " (" + names[g.input] + ":" +
               std::to_string(g.line) + ")";
    }
    if (list.count > list.first.size())
        out += ", and " + std::to_string(list.count - list.first.size()) + " more (see the messages above)";
    out.push_back('\n');
}

// The files of a run, closed at its end; an input named "-" is standard input.
class Files {
public:
    Files() = default;
    ~Files()
    {
        for (int fd : opened_)
            ::close(fd);
    }
    Files(const Files&) = delete;
    Files& operator=(const Files&) = delete;

    int open_input(const std::string& name)
    {
        return name == "-" ? STDIN_FILENO : open(name, O_RDONLY);
    }
    int open_output(const std::string& name) { return open(name, O_WRONLY | O_CREAT | O_TRUNC); }

private:
    int open(const std::string& name, int flags)
    {
        int const fd = ::open(name.c_str(), flags | O_CLOEXEC, 0666);
        if (fd < 0)
            throw IoError("cannot open " + name + ": " + std::strerror(errno));
        opened_.push_back(fd);
        return fd;
    }

    std::vector<int> opened_;
};

int run_pgn(const PgnArgs& args)
{
    std::vector<std::string> const names = args.files.empty() ? std::vector<std::string>{"-"} : args.files;
    // Every input and the rejects file are opened first: a missing one is found before any output.
    Files files;
    std::vector<int> fds;
    std::vector<FdSource> sources;
    for (const std::string& name : names)
        sources.emplace_back(fds.emplace_back(files.open_input(name)), name);
    std::unique_ptr<Output> rejects;
    if (!args.rejects.empty())
        rejects = std::make_unique<Output>(files.open_output(args.rejects));

    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    PgnReaderOptions options;
    options.import = args.options;
    options.max_game = args.max_game;
    options.jobs = args.jobs;
    if (rejects)
        options.rejects = [&rejects](std::string_view bytes) { rejects->write(bytes); };
    if (args.format == Format::text)
        // One thread: a long game's positions go out as they come, not at the end of the game.
        options.drain = [&out](std::string& text) {
            out.write(text);
            text.clear();
            out.flush();
        };
    options.prepare = [&args, &names](ReadGame& g) { write_game(args, names[g.input], g); };
    std::vector<ByteSource*> inputs;
    for (FdSource& source : sources)
        inputs.push_back(&source);
    PgnReader reader(std::move(inputs), std::move(options));

    Progress progress; // of the file being read
    std::optional<std::size_t> progress_input;
    while (const ReadGame* g = reader.next()) {
        if (g->input != progress_input) {
            progress.clear();
            progress = Progress("pgn", names[g->input], regular_file_size(fds[g->input]), "games");
            progress_input = g->input;
        }
        if (!g->messages.empty()) {
            progress.clear();
            err.write(g->messages);
            err.flush();
        }
        out.write(g->output);
        if (!g->game.stray)
            progress.update(g->bytes_read, g->number);
    }
    progress.clear();
    out.flush();
    if (rejects)
        rejects->flush();

    const PgnSummary& s = reader.summary();
    std::string& summary = err.buffer();
    summary += "fen960 pgn: " + std::to_string(s.games) + (s.games == 1 ? " game" : " games") + " read: " +
               std::to_string(s.imported) + " imported, " + std::to_string(s.failed.count) + " failed, " +
               std::to_string(s.skipped.count) + " skipped\n";
    write_list("failed", s.failed, names, summary);
    write_list("skipped (unsupported variant)", s.skipped, names, summary);
    err.flush();
    return s.failed.count ? exit_invalid : exit_ok;
}

std::vector<Option> pgn_options(PgnArgs& args)
{
    std::size_t const default_max = GameSplitter::default_max_game;
    return {
        Option{.names = "--to",
               .help = "Dialect of the FEN tags and positions (default xfen)",
               .target = &args.options.dialect},
        flag("--positions", args.options.positions,
             "Write the FEN of every main-line position instead of the games"),
        en_passant_option(args.options.en_passant),
        Option{.names = "--rejects",
               .help = "Write every failed or skipped game, exactly as read, to FILE",
               .target = &args.rejects,
               .value_name = "FILE"},
        Option{.names = "--max-game-size",
               .help = "Longest game read, in bytes (default " + std::to_string(default_max) + " = " +
                       std::to_string(default_max >> 20) +
                       " MiB); a longer one fails and goes to --rejects whole. Memory grows with this "
                       "limit, not with the input",
               .target = &args.max_game,
               .value_name = "BYTES",
               .range = std::pair<std::int64_t, std::int64_t>{min_game_limit, max_game_limit}},
        jobs_option(args.jobs),
        format_option(args.format),
        Option{.names = "files",
               .help = "PGN files to read ('-' or none: standard input)",
               .target = &args.files,
               .value_name = "FILE"},
    };
}

std::optional<std::string> check_pgn(PgnArgs& args)
{
    if (args.format == Format::jsonl && !args.options.positions)
        return "--format jsonl: goes with --positions (one JSON object per game)";
    return std::nullopt;
}

} // namespace

const Command pgn_command{
    .name = "pgn",
    .summary = "Import PGN games (Chess960 and standard) into one FEN dialect.",
    .description =
        R"(Import PGN games, Chess960 and standard, as every common exporter writes them (X-FEN or Shredder-FEN FEN
tags, any spelling of the Variant tag, O-O from Chess960 positions, UCI moves), one game at a time.
By default every game is written again with its FEN tag in the chosen dialect, [SetUp "1"], a
normalised [Variant "Chess960"] for Chess960 games, and its moves in SAN; tags, comments, NAGs and
variations are kept. A standard game from the standard start is copied as it was.
With --positions, each game gives the FEN of its start and of the position after each move of its
main line, one per line, then an empty line.
A game with an illegal, ambiguous or unreadable move or FEN tag fails: the message (file, line, column)
goes to standard error, the game to the --rejects file exactly as read, and under --positions its
positions up to the last legal move are followed by 'error: game G ply P: MESSAGE' (G counts games
from 1 across all inputs, P is the bad move's ply, 0 for the tags). Games of other variants (crazyhouse,
atomic, ...) are skipped with a warning (under --positions: 'skipped: game G: MESSAGE') and also go to
--rejects. A summary ends standard error: games read, imported, failed and skipped.)",
    .footer =
        R"(Examples:
  fen960 pgn --to shredder games.pgn > games.shredder.pgn
      [Variant "Chess960"]
      [SetUp "1"]
      [FEN "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w HChc - 0 1"]
  fen960 pgn --rejects broken.pgn lichess.pgn chesscom.pgn > all.pgn
  fen960 pgn --positions --to xfen game.pgn
      bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1
      bnrbnqkr/pppppppp/8/8/1P6/8/P1PPPPPP/BNRBNQKR b KQkq - 0 1
      ...
  fen960 pgn --positions --to fen --en-passant legal < games.pgn
  fen960 pgn --positions --format jsonl --jobs 4 lichess.pgn      (one JSON object per game)
Exit status: 0 every game imported (or skipped as another variant), 1 some games failed (the others
were still imported), 2 usage error, 3 a file could not be read or the output could not be written.
)",
    .line = [] { return command_line(pgn_options, run_pgn, check_pgn); },
};

} // namespace fen960::cli
