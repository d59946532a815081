// fen960 pgn: PGN games rewritten into one FEN dialect, or replayed into the FEN of every position.
// One game in memory at a time; failed and skipped games go, exactly as read, to --rejects.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "commands.hpp"
#include "fen960/pgn.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "pipeline.hpp"
#include "progress.hpp"
#include "records.hpp"

namespace fen960::cli {

namespace {

struct PgnArgs {
    PgnOptions options;
    unsigned jobs = 0;
    bool jsonl = false;
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

constexpr std::size_t max_listed = 100;        // failed or skipped games named in the summary

// Games named in the summary: "game 6 (games.pgn:73)", the first max_listed of them.
struct Named {
    std::vector<std::string> names;
    std::uint64_t count = 0;

    void add(std::uint64_t number, std::string_view file, std::uint64_t line)
    {
        if (count++ < max_listed)
            names.push_back("game " + std::to_string(number) + " (" + std::string(file) + ":" + std::to_string(line) +
                            ")");
    }

    void write(const char* what, std::string& out) const
    {
        if (!count)
            return;
        out += "fen960 pgn: ";
        out += what;
        out += ": ";
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (i)
                out += ", ";
            out += names[i];
        }
        if (count > names.size())
            out += ", and " + std::to_string(count - names.size()) + " more (see the messages above)";
        out.push_back('\n');
    }
};

// The line of a game's text that a diagnostic points at, with the bytes before the game on its first
// line shown as blanks so that the caret stands under the column.
std::string line_of(const GameText& game, const Diagnostic& relative)
{
    std::string_view text = game.text;
    for (std::uint32_t l = 1; l < relative.line; ++l) {
        std::size_t const nl = text.find('\n');
        if (nl == std::string_view::npos)
            return {};
        text.remove_prefix(nl + 1);
    }
    std::string line(relative.line == 1 ? game.column - 1 : 0, ' ');
    line.append(text.substr(0, text.find('\n')));
    return line;
}

// What one game gives: its lines on stdout, its messages on stderr, the bytes for --rejects, and how
// it ended. Filled on any thread; written in game order.
struct GameOutput {
    std::string out;
    std::string err;
    std::string reject;
    GameOutcome outcome = GameOutcome::imported;
    bool stray = false;

    // Empty again, keeping the strings' memory: one thread reuses one GameOutput for every game.
    void reset()
    {
        out.clear();
        err.clear();
        reject.clear();
        outcome = GameOutcome::imported;
        stray = false;
    }
};

// Imports one game (numbered `number` across all inputs) of `file` and writes what it gives. A game
// over the size limit has gone to --rejects through the splitter already; `drain` empties `out` while
// a long game's positions are written (one thread only).
void handle_game(const PgnArgs& args, PgnImporter& importer, const GameText& game, std::uint64_t number,
                 std::string_view file, const PgnImporter::Drain& drain, GameOutput& result)
{
    std::string& out = result.out;
    std::string& err = result.err;
    auto reject = [&](std::string_view text) {
        if (args.rejects.empty())
            return;
        result.reject.append(text);
        if (!text.empty() && text.back() != '\n')
            result.reject.push_back('\n');
        result.reject.push_back('\n');
    };
    if (game.stray) {
        // Comments outside any game (after a result, typically): not a game, said once each.
        result.stray = true;
        format_diagnostic(Origin{file, game.line},
                          Diagnostic{static_cast<std::uint32_t>(game.line), game.column,
                                     "comments outside any game; ignored"},
                          line_of(game, Diagnostic{1, 1, ""}), Severity::warning, err);
        return;
    }
    GameResult r;
    std::string positions; // --format jsonl: the positions, gathered for the game's object
    if (game.too_long) {
        r.outcome = GameOutcome::failed;
        r.error = Diagnostic{1, 1, "game longer than " + std::to_string(args.max_game) +
                                       " bytes (--max-game-size); not read"};
    } else {
        r = args.jsonl ? importer.import(game.text, positions) : importer.import(game.text, out, drain);
    }
    result.outcome = r.outcome;
    if (args.jsonl) {
        // One object per game: where it starts, what it is, its positions, and why it stopped.
        constexpr const char* outcomes[] = {"imported", "failed", "skipped"};
        nlohmann::ordered_json line{{"source", std::string(file)}, {"line", game.line}, {"game", number}};
        line["outcome"] = outcomes[static_cast<int>(r.outcome)];
        line["variant"] = r.chess960 ? "chess960" : "standard";
        line["dialect"] = name(args.options.dialect);
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (std::size_t start = 0; start < positions.size();) {
            std::size_t const end = positions.find('\n', start);
            list.push_back(positions.substr(start, end - start));
            start = end == std::string::npos ? positions.size() : end + 1;
        }
        line["positions"] = list;
        line["plies"] = r.plies;
        if (r.outcome == GameOutcome::imported) {
            line["error"] = nullptr;
        } else {
            Diagnostic const at = absolute_location(game, r.error);
            line["error"] = {{"line", at.line}, {"column", at.column}, {"ply", r.ply}, {"message", r.error.message}};
        }
        line["warnings"] = json_diagnostics(r.warnings);
        append_json_line(line, out);
    }
    for (const Diagnostic& w : r.warnings) {
        Diagnostic const at = absolute_location(game, w);
        format_diagnostic(Origin{file, at.line}, at, line_of(game, w), Severity::warning, err);
    }
    Diagnostic const where = absolute_location(game, r.error);
    bool const text_positions = args.options.positions && !args.jsonl;
    switch (r.outcome) {
    case GameOutcome::imported:
        if (text_positions)
            out.push_back('\n');
        break;
    case GameOutcome::failed:
        if (text_positions)
            out += "error: game " + std::to_string(number) + " ply " + std::to_string(r.ply) + ": " +
                   r.error.message + "\n\n";
        format_diagnostic(Origin{file, where.line}, where, game.too_long ? "" : line_of(game, r.error),
                          Severity::error, err);
        if (!game.too_long)
            reject(game.text);
        break;
    case GameOutcome::skipped:
        if (text_positions)
            out += "skipped: game " + std::to_string(number) + ": " + r.error.message + "\n\n";
        format_diagnostic(Origin{file, where.line},
                          Diagnostic{where.line, where.column, r.error.message + "; game skipped"},
                          line_of(game, r.error), Severity::warning, err);
        reject(game.text);
        break;
    }
}

// A game copied out of the splitter's buffer, to be imported on another thread.
struct GameJob {
    std::string text;
    GameText game; // text points into `text` once a worker has the job
    std::uint64_t number = 0;
    std::size_t file = 0;
    std::uint64_t bytes_read = 0; // of its file, when it was split off (for the progress line)
    GameOutput output;
};

using GameBatch = std::vector<GameJob>;
constexpr std::size_t batch_games = 64;
// Small enough that the batches in flight (two per job) and their output stay a few MiB.
constexpr std::size_t batch_bytes = 1 << 18;

int run_pgn(const PgnArgs& args)
{
    // Open every input first: a missing one is found before any output.
    std::vector<std::string> names = args.files.empty() ? std::vector<std::string>{"-"} : args.files;
    std::vector<int> fds;
    auto close_all = [&] {
        for (int fd : fds)
            if (fd != STDIN_FILENO)
                ::close(fd);
    };
    for (const std::string& name : names) {
        int const fd = name == "-" ? STDIN_FILENO : ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            int const e = errno;
            close_all();
            throw IoError("cannot open " + name + ": " + std::strerror(e));
        }
        fds.push_back(fd);
    }
    std::unique_ptr<Output> rejects;
    if (!args.rejects.empty()) {
        int const fd = ::open(args.rejects.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd < 0) {
            int const e = errno;
            close_all();
            throw IoError("cannot open " + args.rejects + ": " + std::strerror(e));
        }
        rejects = std::make_unique<Output>(fd);
    }

    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    std::uint64_t number = 0; // games across all inputs
    std::uint64_t imported = 0;
    Named failed;
    Named skipped;
    Progress progress; // of the file being read

    // Writes one game's output, in game order, and counts it.
    auto write_game = [&](const GameOutput& g, std::uint64_t game_number, std::string_view file, std::uint64_t line,
                          std::uint64_t bytes_read) {
        if (!g.err.empty()) {
            progress.clear();
            err.write(g.err);
            err.flush();
        }
        out.write(g.out);
        if (rejects && !g.reject.empty())
            rejects->write(g.reject);
        if (g.stray)
            return;
        progress.update(bytes_read, game_number);
        switch (g.outcome) {
        case GameOutcome::imported: ++imported; break;
        case GameOutcome::failed: failed.add(game_number, file, line); break;
        case GameOutcome::skipped: skipped.add(game_number, file, line); break;
        }
    };

    unsigned const jobs = args.jobs ? args.jobs : default_jobs();
    std::unique_ptr<OrderedPipeline<GameBatch>> pipeline;
    if (jobs > 1) {
        pipeline = std::make_unique<OrderedPipeline<GameBatch>>(
            jobs,
            [&args, &names](GameBatch& batch) {
                // One importer per thread, kept from batch to batch.
                thread_local std::unique_ptr<PgnImporter> importer;
                if (!importer)
                    importer = std::make_unique<PgnImporter>(args.options);
                for (GameJob& job : batch) {
                    // The text's place is final only now: a short string moves with its job (into the
                    // batch, as the batch grows), so a view of it taken earlier would dangle.
                    job.game.text = job.text;
                    handle_game(args, *importer, job.game, job.number, names[job.file], {}, job.output);
                }
            },
            [&](GameBatch& batch) {
                for (GameJob& job : batch)
                    write_game(job.output, job.number, names[job.file], job.game.line, job.bytes_read);
                if (out.buffer().size() >= (1 << 16))
                    out.flush();
            });
    }
    PgnImporter importer(args.options);
    GameOutput single; // one thread: each game's output, in turn
    // One thread: a long game's positions go out as they come, not at the end of the game.
    PgnImporter::Drain const drain = [&out](std::string& text) {
        out.write(text);
        text.clear();
        out.flush();
    };

    for (std::size_t i = 0; i < fds.size(); ++i) {
        std::string_view const file = names[i];
        progress = Progress("pgn", file, regular_file_size(fds[i]), "games");
        FdSource source(fds[i], std::string(file));
        GameBatch batch;
        std::size_t batch_size = 0;
        auto submit = [&] {
            if (batch.empty())
                return;
            pipeline->submit(std::move(batch));
            batch = GameBatch{};
            batch_size = 0;
        };
        // A game over the size limit streams through to --rejects: what comes before it must be written
        // first, so the batch in hand is submitted and the pipeline drained at its first bytes.
        char overflow_last = '\n';
        bool overflowing = false;
        GameSplitter::Overflow overflow;
        if (rejects)
            overflow = [&](std::string_view bytes) {
                if (!overflowing && pipeline) {
                    submit();
                    pipeline->drain();
                    out.flush();
                }
                overflowing = true;
                rejects->write(bytes);
                if (!bytes.empty())
                    overflow_last = bytes.back();
            };
        GameSplitter games(source, args.max_game, overflow);
        GameText game;
        while (games.next(game)) {
            std::uint64_t const game_number = game.stray ? number : ++number;
            if (game.too_long && rejects) {
                // End the streamed game as reject() ends the others.
                if (overflow_last != '\n')
                    rejects->write("\n");
                rejects->write("\n");
                overflowing = false;
                overflow_last = '\n';
            }
            if (!pipeline) {
                single.reset();
                {
                    // The game's lines go straight into the output's buffer, which it lends for the
                    // game (a drain writes what the buffer held first): no copy afterwards.
                    struct Lend {
                        std::string& game;
                        std::string& buffer;
                        Lend(std::string& g, std::string& b) : game(g), buffer(b) { game.swap(buffer); }
                        ~Lend() { game.swap(buffer); }
                        Lend(const Lend&) = delete;
                        Lend& operator=(const Lend&) = delete;
                    } const lend(single.out, out.buffer());
                    handle_game(args, importer, game, game_number, file, drain, single);
                }
                write_game(single, game_number, file, game.line, games.bytes_read());
                if (out.buffer().size() >= (1 << 16))
                    out.flush();
                continue;
            }
            GameJob job;
            job.text.assign(game.text);
            job.game = game;
            job.number = game_number;
            job.file = i;
            job.bytes_read = games.bytes_read();
            batch_size += job.text.size();
            batch.push_back(std::move(job));
            if (batch.size() >= batch_games || batch_size >= batch_bytes)
                submit();
        }
        if (pipeline) {
            submit();
            pipeline->drain();
        }
        progress.clear();
        if (fds[i] != STDIN_FILENO)
            ::close(fds[i]);
        fds[i] = STDIN_FILENO;
    }
    if (pipeline)
        pipeline->finish();
    out.flush();
    if (rejects)
        rejects->flush();

    std::string& summary = err.buffer();
    summary += "fen960 pgn: " + std::to_string(number) + (number == 1 ? " game" : " games") + " read: " +
               std::to_string(imported) + " imported, " + std::to_string(failed.count) + " failed, " +
               std::to_string(skipped.count) + " skipped\n";
    failed.write("failed", summary);
    skipped.write("skipped (unsupported variant)", summary);
    err.flush();
    return failed.count ? exit_invalid : exit_ok;
}

} // namespace

void add_pgn(CLI::App& app, Run& run)
{
    auto args = std::make_shared<PgnArgs>();
    CLI::App* cmd = app.add_subcommand("pgn", "Import PGN games (Chess960 and standard) into one FEN dialect.");
    cmd->description(
        "Import PGN games, Chess960 and standard, as every common exporter writes them (X-FEN or Shredder-FEN FEN\n"
        "tags, any spelling of the Variant tag, O-O from Chess960 positions, UCI moves), one game at a time.\n"
        "By default every game is written again with its FEN tag in the chosen dialect, [SetUp \"1\"], a\n"
        "normalised [Variant \"Chess960\"] for Chess960 games, and its moves in SAN; tags, comments, NAGs and\n"
        "variations are kept. A standard game from the standard start is copied as it was.\n"
        "With --positions, each game gives the FEN of its start and of the position after each move of its\n"
        "main line, one per line, then an empty line.\n"
        "A game with an illegal, ambiguous or unreadable move or FEN tag fails: the message (file, line, column)\n"
        "goes to standard error, the game to the --rejects file exactly as read, and under --positions its\n"
        "positions up to the last legal move are followed by 'error: game G ply P: MESSAGE' (G counts games\n"
        "from 1 across all inputs, P is the bad move's ply, 0 for the tags). Games of other variants (crazyhouse,\n"
        "atomic, ...) are skipped with a warning (under --positions: 'skipped: game G: MESSAGE') and also go to\n"
        "--rejects. A summary ends standard error: games read, imported, failed and skipped.");
    add_choice(*cmd, "--to", args->options.dialect, dialect_names(), "Dialect of the FEN tags and positions (default xfen)");
    cmd->add_flag("--positions", args->options.positions,
                  "Write the FEN of every main-line position instead of the games");
    add_en_passant_option(*cmd, args->options.en_passant);
    cmd->add_option("--rejects", args->rejects, "Write every failed or skipped game, exactly as read, to FILE")
        ->type_name("FILE");
    cmd->add_option("--max-game-size", args->max_game,
                    "Longest game read, in bytes (default 1048576 = 1 MiB); a longer one fails and goes to --rejects "
                    "whole. Memory grows with this limit, not with the input")
        ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30))
        ->type_name("BYTES");
    add_jobs_option(*cmd, args->jobs);
    add_format_option(*cmd, args->jsonl);
    cmd->add_option("files", args->files, "PGN files to read ('-' or none: standard input)")->type_name("FILE");
    cmd->footer(
        "Examples:\n"
        "  fen960 pgn --to shredder games.pgn > games.shredder.pgn\n"
        "      [Variant \"Chess960\"]\n"
        "      [SetUp \"1\"]\n"
        "      [FEN \"bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w HChc - 0 1\"]\n"
        "  fen960 pgn --rejects broken.pgn lichess.pgn chesscom.pgn > all.pgn\n"
        "  fen960 pgn --positions --to xfen game.pgn\n"
        "      bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1\n"
        "      bnrbnqkr/pppppppp/8/8/1P6/8/P1PPPPPP/BNRBNQKR b KQkq - 0 1\n"
        "      ...\n"
        "  fen960 pgn --positions --to fen --en-passant legal < games.pgn\n"
        "  fen960 pgn --positions --format jsonl --jobs 4 lichess.pgn      (one JSON object per game)\n"
        "Exit status: 0 every game imported (or skipped as another variant), 1 some games failed (the others\n"
        "were still imported), 2 usage error, 3 a file could not be read or the output could not be written.\n");
    cmd->callback([args, &run] {
        if (args->jsonl && !args->options.positions)
            throw CLI::ValidationError("--format jsonl", "goes with --positions (one JSON object per game)");
        run = [args] { return run_pgn(*args); };
    });
}

} // namespace fen960::cli
