// fen960: a thin front end; every command reads, calls lib/, and prints.
#include <csignal>
#include <cstdio>
#include <exception>

#include "commands.hpp"
#include "io.hpp"

int main(int argc, char** argv)
{
    using namespace fen960::cli;
    // A closed pipe is reported as a write error with a message, not a silent death by SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);

    CLI::App app{"fen960: chess position records across standard FEN, Shredder-FEN and X-FEN.", "fen960"};
    app.set_version_flag("--version", "fen960 " FEN960_VERSION);
    app.require_subcommand(1);
    app.footer("Exit status: 0 all records handled, 1 some records invalid, 2 usage error, 3 input/output error.\n"
               "Run 'fen960 COMMAND --help' for a command's options and examples.");
    Run run;
    add_convert(app, run);
    add_pgn(app, run);
    add_startpos(app, run);
    add_identify(app, run);
    add_perft(app, run);
    add_validate(app, run);
    add_show(app, run);
    add_play(app, run);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int const status = app.exit(e);
        return status == 0 ? exit_ok : exit_usage;
    }
    try {
        return run();
    } catch (const IoError& e) {
        std::fprintf(stderr, "fen960: %s\n", e.what());
        return exit_io;
    }
}
