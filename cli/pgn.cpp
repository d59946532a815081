// fen960 pgn: PGN games rewritten into one FEN dialect, or replayed into the FEN of every position.
// One game in memory at a time; failed and skipped games go, exactly as read, to --rejects.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.hpp"
#include "fen960/pgn.hpp"
#include "io.hpp"
#include "options.hpp"

namespace fen960::cli {

namespace {

struct PgnArgs {
    PgnOptions options;
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
constexpr std::uint64_t progress_bytes = 8 << 20; // files this large get a progress line on a terminal

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

class Progress {
public:
    Progress(std::string_view name, std::uint64_t size)
        : name_(name), size_(size), enabled_(size >= progress_bytes && ::isatty(STDERR_FILENO))
    {
    }

    void update(std::uint64_t bytes, std::uint64_t games)
    {
        if (!enabled_ || (games & 255) != 0)
            return;
        auto const now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::milliseconds(250))
            return;
        last_ = now;
        std::string line = "\rfen960 pgn: " + std::string(name_) + ": " +
                           std::to_string(std::min<std::uint64_t>(100, bytes * 100 / size_)) + "% (" +
                           std::to_string(games) + " games)";
        shown_ = true;
        [[maybe_unused]] ssize_t const n = ::write(STDERR_FILENO, line.data(), line.size());
    }

    void clear()
    {
        if (shown_) {
            [[maybe_unused]] ssize_t const n = ::write(STDERR_FILENO, "\r\033[K", 4);
        }
        shown_ = false;
    }

private:
    std::string_view name_;
    std::uint64_t size_;
    bool enabled_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_{};
};

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
    PgnImporter importer(args.options);
    // A long game's positions go out as they come, not at the end of the game.
    PgnImporter::Drain const drain = [&out](std::string&) { out.flush(); };
    std::uint64_t number = 0; // games across all inputs
    std::uint64_t imported = 0;
    Named failed;
    Named skipped;

    auto reject = [&](std::string_view text) {
        if (!rejects)
            return;
        rejects->write(text);
        if (!text.empty() && text.back() != '\n')
            rejects->write("\n");
        rejects->write("\n");
    };

    for (std::size_t i = 0; i < fds.size(); ++i) {
        std::string_view const file = names[i];
        struct stat st {};
        std::uint64_t const size = ::fstat(fds[i], &st) == 0 && S_ISREG(st.st_mode) ? static_cast<std::uint64_t>(st.st_size) : 0;
        Progress progress(file, size);
        FdSource source(fds[i], std::string(file));
        GameSplitter::Overflow overflow;
        if (rejects)
            overflow = [&](std::string_view bytes) { rejects->write(bytes); };
        GameSplitter games(source, GameSplitter::default_max_game, overflow);
        GameText game;
        while (games.next(game)) {
            if (game.stray) {
                // Comments outside any game (after a result, typically): not a game, said once each.
                progress.clear();
                format_diagnostic(Origin{file, game.line},
                                  Diagnostic{static_cast<std::uint32_t>(game.line), game.column,
                                             "comments outside any game; ignored"},
                                  line_of(game, Diagnostic{1, 1, ""}), Severity::warning, err.buffer());
                err.flush();
                continue;
            }
            ++number;
            progress.update(games.bytes_read(), number);
            GameResult r;
            if (game.too_long) {
                r.outcome = GameOutcome::failed;
                r.error = Diagnostic{1, 1,
                                     "game longer than " + std::to_string(GameSplitter::default_max_game) +
                                         " bytes; not read"};
                reject("");
            } else {
                r = importer.import(game.text, out.buffer(), drain);
            }
            for (const Diagnostic& w : r.warnings) {
                progress.clear();
                Diagnostic const at = absolute_location(game, w);
                format_diagnostic(Origin{file, at.line}, at, line_of(game, w), Severity::warning, err.buffer());
            }
            Diagnostic const where = absolute_location(game, r.error);
            switch (r.outcome) {
            case GameOutcome::imported:
                ++imported;
                if (args.options.positions)
                    out.buffer().push_back('\n');
                break;
            case GameOutcome::failed:
                failed.add(number, file, game.line);
                if (args.options.positions) {
                    out.buffer() += "error: game " + std::to_string(number) + " ply " + std::to_string(r.ply) + ": " +
                                    r.error.message + "\n\n";
                }
                progress.clear();
                format_diagnostic(Origin{file, where.line}, where, game.too_long ? "" : line_of(game, r.error),
                                  Severity::error, err.buffer());
                err.flush();
                if (!game.too_long)
                    reject(game.text);
                break;
            case GameOutcome::skipped:
                skipped.add(number, file, game.line);
                if (args.options.positions)
                    out.buffer() += "skipped: game " + std::to_string(number) + ": " + r.error.message + "\n\n";
                progress.clear();
                format_diagnostic(Origin{file, where.line},
                                  Diagnostic{where.line, where.column, r.error.message + "; game skipped"},
                                  line_of(game, r.error), Severity::warning, err.buffer());
                err.flush();
                reject(game.text);
                break;
            }
            if (out.buffer().size() >= (1 << 16))
                out.flush();
        }
        progress.clear();
        if (fds[i] != STDIN_FILENO)
            ::close(fds[i]);
        fds[i] = STDIN_FILENO;
    }
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
        "Exit status: 0 every game imported (or skipped as another variant), 1 some games failed (the others\n"
        "were still imported), 2 usage error, 3 a file could not be read or the output could not be written.\n");
    cmd->callback([args, &run] { run = [args] { return run_pgn(*args); }; });
}

} // namespace fen960::cli
