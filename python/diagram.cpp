// fen960.svg and fen960.diagram: a record's board drawn as `fen960 show` draws it (the library's
// make_diagram, render_svg and render_text), valid or not, with the marks and the reasons.
#include "fen960/diagram.hpp"
#include "module.hpp"

namespace fen960::python {

namespace {

Diagram diagram_of(RecordArg record, bool chess960, std::string_view source)
{
    std::string_view text = shown_record(record.text);
    while (!text.empty() && text.back() == '\r')
        text.remove_suffix(1);
    auto parsed = record.text.size() > max_record_length ? Expected<FenRecord>(too_long_diagnostic(max_record_length))
                                                         : parse_fen(text);
    if (!parsed)
        raise(fen_error(Origin{source, 1}, record.object, text, {parsed.error()}));
    return make_diagram(*parsed, chess960 ? Rules::chess960 : Rules::standard);
}

} // namespace

std::string svg_of(const Setup& setup, bool chess960, bool flip)
{
    FenRecord record;
    record.setup = setup;
    return render_svg(make_diagram(record, chess960 ? Rules::chess960 : Rules::standard), DiagramOptions{false, flip});
}

void add_diagram(py::module_& m)
{
    m.def(
        "svg",
        [](RecordArg record, bool chess960, bool flip, std::string_view source) {
            return decode(render_svg(diagram_of(record, chess960, source), DiagramOptions{false, flip}));
        },
        py::arg("record"), py::arg("chess960") = false, py::arg("flip") = false, py::kw_only(),
        py::arg("source") = "argument",
        R"doc(A record's board as an SVG document (a str), as `fen960 show --svg` draws it.

The pieces as shapes (no fonts needed for them), coordinates, the castling rooks, the en-passant
square and every square a problem concerns marked, the status and, for an invalid position,
every reason (as validate() gives them) below the board. chess960=False judges by standard rules
(as show without --chess960); flip=True draws black at the bottom. FenError for a record that
does not parse. In a notebook: IPython.display.SVG(fen960.svg(record)), or show a Position.

    >>> picture = fen960.svg("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", chess960=True)
    >>> picture.startswith("<?xml"), picture.count('<use class="piece '), picture.rstrip().endswith("</svg>")
    (True, 32, True))doc");

    m.def(
        "diagram",
        [](RecordArg record, bool chess960, bool flip, bool color, std::string_view source) {
            return decode(render_text(diagram_of(record, chess960, source), DiagramOptions{color, flip}));
        },
        py::arg("record"), py::arg("chess960") = false, py::arg("flip") = false, py::arg("color") = false,
        py::kw_only(), py::arg("source") = "argument",
        R"doc(A record's board as text, as `fen960 show` draws it in a terminal (Unicode pieces).

Marks: [♖] a castling rook, (·) the en-passant square, !♔! a square a problem concerns; then the
status line, a legend and, for an invalid position, every reason. color=True adds ANSI colours.
chess960 and flip as for svg().

    >>> print(fen960.diagram("4k3/8/8/8/8/8/8/4K2R w K - 0 1").splitlines()[1])
    8  ·  ·  ·  ·  ♚  ·  ·  ·  8)doc");
}

} // namespace fen960::python
