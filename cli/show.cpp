// fen960 show: one record drawn as a board, in the terminal or as an SVG file.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include "command.hpp"
#include "fen960/diagram.hpp"
#include "fen960/fen.hpp"
#include "fen960/validate.hpp"
#include "io.hpp"
#include "output_file.hpp"
#include "options.hpp"

namespace fen960::cli {

namespace {

struct ShowArgs {
    std::string record;
    std::string svg; // empty: draw in the terminal; "-": SVG to standard output
    bool chess960 = false;
    InputDialect from = InputDialect::automatic;
    bool flip = false;
};

// Writes the whole SVG or throws IoError naming the file: written beside it and renamed into place
// (output_file.hpp), so a failed write leaves the earlier file whole.
void write_file(const std::string& path, const std::string& text)
{
    if (path == "-") {
        Output out(STDOUT_FILENO);
        out.write(text);
        out.flush();
        return;
    }
    OutputFile file(path);
    file.out().write(text);
    file.commit();
}

int run_show(const ShowArgs& args)
{
    // A record by the argument rule (io.hpp), else the first line of a file or of standard input ("-":
    // a pipe from another command).
    OneRecord const one = one_record(args.record);
    if (one.damaged) {
        Output err(STDERR_FILENO);
        err.write(damage_message("show", *one.damaged));
        return exit_io;
    }
    std::string_view const record = one.text;
    bool const too_long = one.too_long;
    Origin const origin{one.source, 1};

    auto parsed = too_long ? Expected<FenRecord>(too_long_diagnostic(max_record_length)) : parse_fen(record, args.from);
    if (!parsed) {
        Output out(STDOUT_FILENO);
        Output err(STDERR_FILENO);
        out.write("error: " + parsed.error().message + "\n");
        format_diagnostic(origin, parsed.error(), record, Severity::error, err.buffer());
        err.flush();
        out.flush();
        return exit_invalid;
    }
    Diagram const diagram = make_diagram(*parsed, args.chess960 ? Rules::chess960 : Rules::standard);
    if (!args.svg.empty()) {
        write_file(args.svg, render_svg(diagram, DiagramOptions{false, args.flip}));
    } else {
        bool const color = want_color(::isatty(STDOUT_FILENO) == 1, std::getenv("NO_COLOR"));
        Output out(STDOUT_FILENO);
        out.write(render_text(diagram, DiagramOptions{color, args.flip}));
        out.flush();
    }
    return diagram.problems.empty() ? exit_ok : exit_invalid;
}

std::vector<Option> show_options(ShowArgs& args)
{
    return {
        Option{.names = "record",
               .help = std::string("The record (any dialect), or a file's first line. ") + argument_rule,
               .target = &args.record,
               .value_name = "FEN|FILE",
               .required = true},
        flag("--chess960", args.chess960,
             "Judge by Chess960 rules (a castling rook: any own rook on the back rank; default: standard "
             "chess)"),
        from_option(args.from),
        flag("--flip", args.flip, "Draw the board from black's side (rank 8 at the bottom)"),
        Option{.names = "--svg",
               .help = "Write an SVG diagram to FILE ('-' = standard output) instead of drawing text",
               .target = &args.svg,
               .value_name = "FILE"},
    };
}

} // namespace

const Command show_command{
    .name = "show",
    .summary = "Draw a record's board in the terminal or as an SVG diagram.",
    .description =
        R"(Draw a record's board: Unicode pieces, coordinates, the side to move, the clocks, marks for the castling rooks [♖], the en-passant square (·) and the squares of a problem !♔!, and every reason when the position is invalid. Colours only on a terminal without NO_COLOR. With --svg, an SVG picture to FILE instead.)",
    .footer =
        R"(Exit status: 0 a valid position, 1 an invalid position (drawn, with its reasons) or a record that does not parse, 2 usage error, 3 input/output error.
Examples:
  fen960 show 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
         a  b  c  d  e  f  g  h
      8 [♜] ♞  ♝  ♛  ♚  ♝  ♞ [♜] 8
      ...
      3  ·  ·  ·  · (·) ·  ·  ·  3
      ...
  fen960 show --chess960 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
  fen960 show 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
      (standard rules: 4 reasons, and a note naming --chess960)
  fen960 show --svg start.svg startpos
  fen960 startpos --random | fen960 show --chess960 --flip -
  NO_COLOR=1 fen960 show '4k3/8/8/8/8/8/8/4K2r b - - 0 1'
)",
    .line = [] { return command_line(show_options, run_show); },
};

} // namespace fen960::cli
