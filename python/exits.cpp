// fen960.exits: each PGN game's last main-line position, an opening book's exit, as `fen960 pgn
// --exits` writes it: the library's PgnReader with PgnOptions::exits reads a path (plain or
// compressed, as the command reads files) or the bytes of a file object, without the GIL.
#include <memory>

#include "fen960/input.hpp"
#include "fen960/pgn.hpp"
#include "fen960/pgn_reader.hpp"
#include "module.hpp"

namespace fen960::python {

namespace {

// What one game gave, made into Python objects once the reader is done (with the GIL).
struct Exit {
    GameOutcome outcome = GameOutcome::imported;
    std::string record;       // imported: the exit, without its newline
    std::uint64_t number = 0; // failed or skipped: the game's number
    std::uint32_t ply = 0;
    Diagnostic where;         // in the input
    std::string printed;      // the error as the command prints it
    std::vector<std::pair<Diagnostic, std::string>> warnings; // in the input, and the line they are on
};

Exit exit_of(const ReadGame& g, const std::string& name)
{
    Exit e;
    const GameResult& r = g.result;
    e.outcome = r.outcome;
    e.number = g.number;
    e.ply = r.ply;
    for (const Diagnostic& w : r.warnings)
        e.warnings.emplace_back(absolute_location(g.game, w), line_of(g.game, w));
    if (r.outcome == GameOutcome::imported) {
        e.record = g.output;
        if (!e.record.empty() && e.record.back() == '\n')
            e.record.pop_back();
        return e;
    }
    e.where = absolute_location(g.game, r.error);
    std::string const line = g.game.too_long ? std::string() : line_of(g.game, r.error);
    Diagnostic shown = e.where;
    if (r.outcome == GameOutcome::skipped)
        shown.message += "; game skipped";
    format_diagnostic(Origin{name, e.where.line}, shown, line, r.outcome == GameOutcome::failed ? Severity::error : Severity::warning,
                      e.printed);
    if (!e.printed.empty() && e.printed.back() == '\n')
        e.printed.pop_back();
    return e;
}

py::object game_error(const Exit& e, const std::string& name)
{
    py::object error = pgn_error_class()(decode(e.printed));
    error.attr("message") = decode(e.where.message);
    error.attr("game") = py::int_(e.number);
    error.attr("ply") = py::int_(e.ply);
    error.attr("line") = py::int_(e.where.line);
    error.attr("column") = py::int_(e.where.column);
    error.attr("source") = decode(name);
    error.attr("skipped") = py::bool_(e.outcome == GameOutcome::skipped);
    return error;
}

// Every game of `input`, read on `jobs` threads (the caller holds no GIL).
std::vector<Exit> read_exits(ByteSource& input, PgnReaderOptions options, const std::string& name)
{
    std::vector<Exit> exits;
    PgnReader reader({&input}, std::move(options));
    while (const ReadGame* g = reader.next())
        if (!g->game.stray && g->result.outcome != GameOutcome::not_selected)
            exits.push_back(exit_of(*g, name));
    return exits;
}

py::list exits(py::object source, std::string_view to, const std::optional<std::string>& en_passant, unsigned jobs,
               std::optional<std::string> name, const std::optional<std::vector<std::string>>& select)
{
    PgnReaderOptions options;
    options.import.dialect = dialect_named(to);
    options.import.en_passant = en_passant_named(en_passant);
    options.import.exits = true;
    options.jobs = jobs;
    for (const std::string& selector : select.value_or(std::vector<std::string>{}))
        if (auto const added = add_selector(selector, options.import.select); !added)
            throw py::value_error("select: " + added.error());

    py::module_ const os = py::module_::import("os");
    std::vector<Exit> found;
    std::optional<InputDamage> damage;
    std::string label;
    if (py::isinstance<py::str>(source) || py::isinstance<py::bytes>(source) ||
        py::isinstance(source, os.attr("PathLike"))) {
        std::string const path = py::str(os.attr("fsdecode")(source));
        label = name.value_or(path);
        std::unique_ptr<InputFile> input;
        try {
            input = std::make_unique<InputFile>(path);
        } catch (const InputError& e) {
            PyErr_SetString(PyExc_OSError, e.what());
            throw py::error_already_set();
        }
        py::gil_scoped_release const release;
        found = read_exits(*input, std::move(options), label);
        if (input->damage())
            damage = *input->damage();
    } else if (py::hasattr(source, "read")) {
        py::object const n = py::getattr(source, "name", py::none());
        label = name ? *name : py::isinstance<py::str>(n) ? n.cast<std::string>() : std::string("-");
        py::object const data = source.attr("read")();
        std::string const text(record_bytes(data, "read()"));
        StringSource input(text);
        py::gil_scoped_release const release;
        found = read_exits(input, std::move(options), label);
    } else {
        throw py::type_error("exits reads a path or a file object (with read())");
    }
    if (damage) {
        PyErr_SetString(PyExc_OSError, (label + ": " + damage->message + " at compressed byte " +
                                        std::to_string(damage->offset)).c_str());
        throw py::error_already_set();
    }

    py::list out;
    for (const Exit& e : found) {
        for (const auto& [at, line] : e.warnings)
            warn(fen_warning(Origin{label, at.line}, line, at));
        if (e.outcome == GameOutcome::imported)
            out.append(decode(e.record));
        else
            out.append(game_error(e, label));
    }
    return out;
}

} // namespace

void add_exits(py::module_& m)
{
    m.def("exits", &exits, py::arg("source"), py::arg("to") = "xfen", py::arg("en_passant") = py::none(),
          py::kw_only(), py::arg("jobs") = 1, py::arg("name") = py::none(), py::arg("select") = py::none(),
          R"doc(Each game's last main-line position (an opening book's exit), as `fen960 pgn --exits` writes them.

  source          a path (str, bytes, os.PathLike; plain, or compressed with zstd, gzip, bzip2 or
                  xz, told by its first bytes) or a file object with read() (read whole)
  to, en_passant  the dialect and en-passant mode of the records (as in convert())
  jobs, name, select   as for read_pgn()

Returns a list with one item per game, in input order: the record of its last position, or the
PgnError of a game that failed (or was skipped as another variant: .skipped); the command's line
in its place is 'error: game G ply P: MESSAGE' ('skipped: game G: MESSAGE'). Games outside
`select` have no item. A FEN tag repaired to read a game issues a FenWarning. OSError for a file
that cannot be read, or compressed data that is damaged.

    >>> fen960.exits(io.BytesIO(b"1. e4 e5 2. Nf3 Nc6 *\n\n1. e4 Ke7 2. Ke2 Kd6 3. Kd3 Kc5 4. Kc5 *\n"))
    ['r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', PgnError(...)])doc");
}

} // namespace fen960::python
