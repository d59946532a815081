// fen960 pgn: PGN games rewritten into one FEN dialect, or replayed into the FEN of every position.
// The game loop is the library's (PgnReader); here the inputs are opened, each game's messages and
// --format jsonl written, and the summary and the exit status given.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <limits>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "command.hpp"
#include "fen960/limits.hpp"
#include "fen960/pgn_tags.hpp"
#include "fen960/pgn_reader.hpp"
#include "io.hpp"
#include "json.hpp"
#include "options.hpp"
#include "output_file.hpp"
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
    std::size_t split = 0; // games a file (--split), with --output
    std::string output;      // PREFIX of --split's files
    bool force = false;      // --split may replace the parts of an earlier run
    std::vector<std::string> select; // --select's values, read into options.select by check_pgn
    std::string variant_name = std::string(default_variant_name); // --variant-name, into options.variant_name ("keep": empty)
    bool strict = false; // --strict, into options.acceptance
    std::optional<Shape> shape; // --shape, into options.exit_shape
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
    if (r.outcome == GameOutcome::not_selected)
        return; // no line, no message: the summary counts it
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
    // Under --positions a game's lines end with an empty line; under --exits and --format uci each game
    // is one line: its exit or its UCI command, or what became of it.
    bool const slot = text_positions || args.options.exits || args.format == Format::uci;
    std::string_view const game_end = text_positions ? "\n\n" : "\n";
    switch (r.outcome) {
    case GameOutcome::imported:
        if (text_positions)
            out.push_back('\n');
        break;
    case GameOutcome::failed:
        if (slot)
            out += "error: game " + std::to_string(g.number) + " ply " + std::to_string(r.ply) + ": " +
                   r.error.message + std::string(game_end);
        format_diagnostic(Origin{file, where.line}, where, game.too_long ? "" : line_of(game, r.error),
                          Severity::error, err);
        break;
    case GameOutcome::not_selected: break;
    case GameOutcome::skipped:
        if (slot)
            out += "skipped: game " + std::to_string(g.number) + ": " + r.error.message + std::string(game_end);
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

// The parts of --split's PREFIX: PREFIX followed by four or more digits and ".pgn", as SplitOutput
// numbers them; by number.
std::vector<std::pair<std::uint64_t, std::string>> existing_parts(const std::string& prefix)
{
    std::size_t const slash = prefix.rfind('/');
    std::string const folder = slash == std::string::npos ? "." : prefix.substr(0, slash + 1);
    std::string const stem = slash == std::string::npos ? prefix : prefix.substr(slash + 1);
    std::vector<std::pair<std::uint64_t, std::string>> parts;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        std::string const name = entry.path().filename().string();
        if (name.size() < stem.size() + 8 || name.compare(0, stem.size(), stem) != 0 || !name.ends_with(".pgn"))
            continue;
        std::string_view const digits = std::string_view(name).substr(stem.size(), name.size() - stem.size() - 4);
        if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
            digits.size() > 18)
            continue;
        parts.emplace_back(std::stoull(std::string(digits)),
                           slash == std::string::npos ? name : folder + name);
    }
    std::sort(parts.begin(), parts.end());
    return parts;
}

std::string part_name(const std::string& prefix, std::uint64_t number)
{
    char digits[24];
    std::snprintf(digits, sizeof digits, "%04llu", static_cast<unsigned long long>(number));
    return prefix + digits + ".pgn";
}

// --split N --output PREFIX: the output in files PREFIX0001.pgn, PREFIX0002.pgn, ... of N games each
// (games that wrote something), each written beside its name and all renamed into place when the run
// ends (OutputFile); their concatenation is the output. With --force, parts of an earlier run beyond
// the last one written are removed then.
class SplitOutput {
public:
    explicit SplitOutput(const PgnArgs& args) : args_(args) {}

    void write(std::string_view game)
    {
        if (game.empty())
            return;
        if (parts_.empty() || in_file_ == args_.split) {
            if (!parts_.empty())
                parts_.back()->close();
            parts_.push_back(std::make_unique<OutputFile>(part_name(args_.output, parts_.size() + 1)));
            in_file_ = 0;
        }
        parts_.back()->out().write(game);
        ++in_file_;
    }

    // Renames every part into place and removes the stale ones; appends what it did to `summary`.
    void commit(std::string& summary)
    {
        for (const std::unique_ptr<OutputFile>& part : parts_)
            part->commit();
        std::vector<std::string> stale;
        for (const auto& [number, name] : existing_parts(args_.output))
            if (number > parts_.size() && ::unlink(name.c_str()) == 0)
                stale.push_back(name);
        if (!parts_.empty())
            summary += "fen960 pgn: wrote " + std::to_string(parts_.size()) +
                       (parts_.size() == 1 ? " part, " + parts_.front()->path()
                                           : " parts, " + parts_.front()->path() + " to " + parts_.back()->path()) +
                       "\n";
        else
            summary += "fen960 pgn: no game to write: no part written\n";
        if (!stale.empty())
            summary += "fen960 pgn: removed " + std::to_string(stale.size()) + " stale " +
                       (stale.size() == 1 ? "part, " + stale.front() : "parts, " + stale.front() + " to " + stale.back()) +
                       " (--force)\n";
    }

private:
    const PgnArgs& args_;
    std::vector<std::unique_ptr<OutputFile>> parts_;
    std::size_t in_file_ = 0;
};

// The inputs that ended at damaged data, each with the last game read from it; their games before the
// damage were all imported (a game cut there failed).
std::vector<DamagedInput> damaged_inputs(const std::vector<std::unique_ptr<InputFile>>& sources,
                                         const std::vector<std::uint64_t>& last_game)
{
    std::vector<DamagedInput> damaged;
    for (std::size_t i = 0; i < sources.size(); ++i)
        if (const InputDamage* d = sources[i]->damage())
            damaged.push_back(DamagedInput{sources[i]->name(), *d,
                                           last_game[i] ? "game " + std::to_string(last_game[i]) : ""});
    return damaged;
}

int run_pgn(const PgnArgs& args)
{
    std::vector<std::string> const names = args.files.empty() ? std::vector<std::string>{"-"} : args.files;
    // Every input and the rejects file are opened first: a missing one is found before any output.
    std::vector<std::unique_ptr<InputFile>> sources;
    for (const std::string& name : names)
        sources.push_back(open_input(name));
    // Made only when a game is rejected, renamed into place when the run ends.
    std::unique_ptr<OutputFile> rejects;
    if (!args.rejects.empty())
        rejects = std::make_unique<OutputFile>(args.rejects);

    Output out(STDOUT_FILENO);
    Output err(STDERR_FILENO);
    SplitOutput split(args);
    PgnReaderOptions options;
    options.import = args.options;
    options.max_game = args.max_game;
    options.jobs = args.jobs;
    if (rejects)
        options.rejects = [&rejects](std::string_view bytes) { rejects->out().write(bytes); };
    if (args.format == Format::text && !args.split)
        // One thread: a long game's positions go out as they come, not at the end of the game.
        options.drain = [&out](std::string& text) {
            out.write(text);
            text.clear();
            out.flush();
        };
    options.prepare = [&args, &names](ReadGame& g) { write_game(args, names[g.input], g); };
    std::vector<ByteSource*> inputs;
    for (const std::unique_ptr<InputFile>& source : sources)
        inputs.push_back(source.get());
    PgnReader reader(std::move(inputs), std::move(options));

    Progress progress; // of the file being read, in its bytes on disk
    std::optional<std::size_t> progress_input;
    std::vector<std::uint64_t> last_game(sources.size());
    while (ReadGame* g = reader.next()) {
        if (g->input != progress_input) {
            progress.clear();
            progress = Progress("pgn", names[g->input], sources[g->input]->size(), "games");
            progress_input = g->input;
        }
        if (!g->game.stray)
            last_game[g->input] = g->number;
        if (!g->messages.empty()) {
            progress.clear();
            err.write(g->messages);
            err.flush();
        }
        // Each output string, once written (copied, or held until written), back to the thread that
        // wrote it, which writes a later game's output into it while its core has it in cache.
        if (args.split) {
            split.write(g->output);
            reader.reuse(std::move(g->output));
        } else {
            out.write_swapped(g->output);
            out.give_spares([&reader](std::string&& s) { reader.reuse(std::move(s)); });
        }
        if (!g->game.stray)
            progress.update(sources[g->input]->raw_bytes(), g->number);
    }
    progress.clear();
    out.flush();
    // The files written, renamed into place now that the run has ended; what was done said last.
    std::string files;
    if (args.split)
        split.commit(files);
    if (rejects && rejects->opened())
        rejects->commit();
    else if (rejects)
        files += "fen960 pgn: no game rejected: " + args.rejects + " not written\n";

    const PgnSummary& s = reader.summary();
    std::string& summary = err.buffer();
    summary += "fen960 pgn: " + count_of(static_cast<std::int64_t>(s.games), "game", "games") + " read: " +
               std::to_string(s.imported) + " imported, " + std::to_string(s.failed.count) + " failed, " +
               std::to_string(s.skipped.count) + " skipped" +
               (args.select.empty() ? "" : ", " + std::to_string(s.not_selected) + " not selected") +
               (s.starts_restored
                    ? "; " + count_of(static_cast<std::int64_t>(s.starts_restored), "start", "starts") + " restored"
                    : "") +
               "\n";
    write_list("failed", s.failed, names, summary);
    write_list("skipped (unsupported variant)", s.skipped, names, summary);
    std::vector<DamagedInput> const damaged = damaged_inputs(sources, last_game);
    for (const DamagedInput& d : damaged)
        summary += damage_message("pgn", d);
    summary += files;
    err.flush();
    if (!damaged.empty())
        return exit_io;
    return s.failed.count ? exit_invalid : exit_ok;
}

// --format text|jsonl|uci: jsonl with --positions, uci instead of the games.
Option pgn_format_option(Format& format)
{
    Option o = format_option(format);
    o.help = "text (default), jsonl (with --positions: an object per game) or uci (a UCI position line per "
             "game)";
    o.uci_format = true;
    return o;
}

std::vector<Option> pgn_options(PgnArgs& args)
{
    std::size_t const default_max = GameSplitter::default_max_game;
    return {
        Option{.names = "--to",
               .help = "Dialect of the FEN tags and positions (default xfen)",
               .target = &args.options.dialect},
        from_option(args.options.from),
        flag("--positions", args.options.positions,
             "Write every main-line position instead of the games"),
        Option{.names = "--exits",
               .help = "Write each game's last position (a book's exit)",
               .target = &args.options.exits,
               .excludes = "--positions"},
        Option{.names = "--shape",
               .help = "With --exits: fen (default) or epd",
               .target = &args.shape,
               .needs = "--exits"},
        en_passant_option(args.options.en_passant),
        Option{.names = "--start-rights",
               .help = "A Chess960 start's wrong rights: restore (default)",
               .target = &args.options.start_rights},
        strict_option(args.strict),
        Option{.names = "--rejects",
               .help = "Write each failed or skipped game, as read, to FILE",
               .target = &args.rejects,
               .value_name = "FILE"},
        Option{.names = "--max-game-size",
               .help = "Longest game read (default " + std::to_string(default_max) + " = " +
                       std::to_string(default_max >> 20) + " MiB; " + std::to_string(min_game_limit) + " to " +
                       std::to_string(max_game_limit) + " bytes)",
               .target = &args.max_game,
               .value_name = "BYTES",
               .range = std::pair<std::int64_t, std::int64_t>{min_game_limit, max_game_limit}},
        Option{.names = "--variant-name",
               .help = "Variant tag of rewritten Chess960 games (default Chess960), or keep",
               .target = &args.variant_name,
               .value_name = "NAME|keep"},
        Option{.names = "--select",
               .help = "Keep only games of KIND (repeatable): chess960, standard, dfrc, startpos:N, dfrc:N",
               .target = &args.select,
               .value_name = "KIND"},
        Option{.names = "--split",
               .help = "Write files of N games (PREFIX0001.pgn, ...)",
               .target = &args.split,
               .value_name = "N",
               .range = std::pair<std::int64_t, std::int64_t>{1, std::numeric_limits<std::int32_t>::max()}},
        Option{.names = "--output",
               .help = "The PREFIX of --split's files (may hold a folder)",
               .target = &args.output,
               .value_name = "PREFIX"},
        Option{.names = "--force",
               .help = "Let --split replace an earlier run's files",
               .target = &args.force,
               .needs = "--split"},
        Option{.names = "--castling",
               .help = "With --format uci: kxr (e1h1), king (e1g1) or auto (default: kxr for Chess960 games)",
               .target = &args.options.castling,
               .needs = "--format"},
        jobs_option(args.jobs),
        pgn_format_option(args.format),
        Option{.names = "files",
               .help = "PGN files to read ('-' or none: standard input)",
               .target = &args.files,
               .value_name = "FILE"},
    };
}

// No file the run writes is one of its inputs; --split's parts of an earlier run only with --force.
std::optional<std::string> check_outputs(const PgnArgs& args)
{
    std::vector<std::string> const inputs = args.files.empty() ? std::vector<std::string>{"-"} : args.files;
    if (!args.rejects.empty())
        if (auto const problem = output_is_input("the --rejects file", args.rejects, inputs))
            return problem;
    if (args.split) {
        std::size_t const slash = args.output.rfind('/');
        if (slash != std::string::npos && slash > 0 && !std::filesystem::is_directory(args.output.substr(0, slash)))
            return "--output: no folder " + args.output.substr(0, slash) + " for the parts";
        auto const parts = existing_parts(args.output);
        for (const auto& part : parts)
            if (auto const problem = output_is_input("the --split part", part.second, inputs))
                return problem;
        if (!parts.empty() && !args.force)
            return "--split: " +
                   (parts.size() == 1 ? parts.front().second + " exists"
                                      : std::to_string(parts.size()) + " parts of '" + args.output + "' exist (" +
                                            parts.front().second + " to " + parts.back().second + ")") +
                   " from an earlier run; remove them, or give --force to replace them";
    }
    return standard_output_is_input(inputs);
}

std::optional<std::string> check_pgn(PgnArgs& args)
{
    if ((args.split != 0) != !args.output.empty())
        return "--split N and --output PREFIX go together";
    if (auto const problem = check_outputs(args))
        return problem;
    if (args.format == Format::jsonl && !args.options.positions)
        return "--format jsonl: goes with --positions (one JSON object per game)";
    if (args.format == Format::uci && (args.options.positions || args.options.exits))
        return "--format uci: one line a game instead of its positions; not with --positions or --exits";
    if (args.format != Format::uci && args.options.castling != CastlingNotation::automatic)
        return "--castling: goes with --format uci";
    args.options.uci = args.format == Format::uci;
    args.options.acceptance = args.strict ? Acceptance::strict : Acceptance::playable;
    args.options.exit_shape = args.shape == Shape::epd ? Shape::epd : Shape::fen;
    if (args.variant_name.empty())
        return "--variant-name: a name (or keep)";
    if (auto const problem = pgn_tag_value_problem(args.variant_name))
        return "--variant-name: " + *problem;
    args.options.variant_name = args.variant_name == "keep" ? "" : args.variant_name;
    if ((args.options.positions || args.options.exits || args.options.uci) && args.variant_name != default_variant_name)
        return "--variant-name: names the Variant tag of rewritten games; not with --positions, --exits or "
               "--format uci";
    for (const std::string& selector : args.select)
        if (auto added = add_selector(selector, args.options.select); !added)
            return "--select: " + added.error();
    return std::nullopt;
}

} // namespace

const Command pgn_command{
    .name = "pgn",
    .summary = "Import PGN games (Chess960 and standard) into one FEN dialect.",
    .description =
        R"(Import PGN games, Chess960 and standard, as every common exporter writes them (compressed too), and write each again with its FEN tag in one dialect, or its positions, its last position or its UCI line. A failed game's message (file, line, column) and a summary go to standard error, the game to --rejects; other variants are skipped. 'man fen960' has the details.)",
    .footer =
        R"(Exit status: 0 every game imported (or skipped, or not selected), 1 some games failed (the rest imported), 2 usage error, 3 input/output error.
Examples:
  fen960 pgn --to shredder games.pgn > games.shredder.pgn
  fen960 pgn --rejects broken.pgn lichess.pgn chesscom.pgn > all.pgn
  echo '1. e4 e5 2. Nf3 Nc6 *' | fen960 pgn --exits
      r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
  fen960 pgn --positions --format jsonl lichess_db_chess960_rated_2024-01.pgn.zst
  fen960 pgn --format uci --castling kxr games.pgn
  fen960 pgn --exits --shape epd --select startpos:518 mixed.pgn > book.epd
  fen960 pgn --split 1000 --output parts/db db.pgn
)",
    .line = [] { return command_line(pgn_options, run_pgn, check_pgn); },
};

} // namespace fen960::cli
