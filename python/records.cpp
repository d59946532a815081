// One record at a time and many at once: convert, validate, identify, start positions, perft. Each
// function calls the library's one-record entry point (convert_record, validate_record,
// identify_record, ...) and turns its diagnostics into the exceptions and warnings of errors.cpp.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <random>
#include <span>
#include <unordered_map>

#include "fen960/divide.hpp"
#include "fen960/limits.hpp"
#include "fen960/record_reader.hpp"
#include "fen960/names.hpp"
#include "fen960/position.hpp"
#include "fen960/startpos.hpp"
#include "fen960/validate.hpp"
#include "module.hpp"

namespace fen960::python {

namespace {

// The value `text` names in one of the library's name tables (names.hpp), or ValueError listing them.
template <typename Enum, std::size_t N>
Enum named(const std::array<NamedValue<Enum>, N>& names, std::string_view text, const char* what,
           const char* before = "")
{
    if (auto const value = from_name(names, text))
        return *value;
    std::string message = std::string(what) + " must be " + before;
    for (std::size_t i = 0; i < N; ++i)
        message += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + "'" + names[i].name + "'";
    throw py::value_error(message + ", not '" + std::string(text) + "'");
}

} // namespace

Dialect dialect_named(std::string_view name)
{
    return named(dialect_names, name, "dialect");
}

InputDialect input_dialect_named(std::string_view name)
{
    return named(input_dialect_names, name, "read");
}

std::optional<EnPassantMode> en_passant_named(const std::optional<std::string>& name)
{
    if (!name)
        return std::nullopt;
    return named(en_passant_names, *name, "en_passant", "None, ");
}

namespace {

// One record converted: the output appended to `out`, or the reasons it failed; what repair dropped
// appended to `warnings`. A record over the limit is read no further, as the command does. Inlined: it
// is called once a record of convert_many.
[[gnu::always_inline]] inline Expected<void, Diagnostics> convert_one(std::string_view record, bool too_long, const ConvertOptions& options,
                                        std::string& out, std::vector<Diagnostic>& warnings)
{
    if (too_long)
        return Diagnostics{too_long_diagnostic(max_record_length)};
    return convert_record(record, options, out, warnings);
}

// The record as messages show it: cut at the limit, as the command reads it.
void issue_warnings(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& warnings)
{
    for (const Diagnostic& w : warnings)
        warn(fen_warning(origin, shown_record(record), w));
}

py::str convert(RecordArg record, std::string_view to, const std::optional<std::string>& en_passant,
                std::string_view read, bool repair, std::string_view source)
{
    ConvertOptions const options = options_named(to, en_passant, read, repair);
    thread_local std::string out; // kept from call to call: no allocation a record
    out.clear();
    // A line as the command reads it: its line ending dropped (record_reader.hpp).
    std::string_view const text = without_line_ending(record.text);
    std::vector<Diagnostic> warnings;
    auto const converted = convert_one(text, text.size() > max_record_length, options, out, warnings);
    // Warnings run Python code (filters, showwarning), which may convert again on this thread: the
    // output leaves the thread's buffer first.
    py::str result = converted ? py::str(out) : py::str();
    Origin const origin{source, 1};
    issue_warnings(origin, text, warnings);
    if (!converted)
        raise(fen_error(origin, record.object, shown_record(text), converted.error()));
    return result;
}

// --- Many records: lib's RecordReader, as the command reads them ---------------------------------------

// What a failed or warned line leaves for the Python objects made afterwards, with the GIL.
struct LineNote {
    std::uint64_t line;
    std::string text; // the line as read
    std::vector<Diagnostic> diagnostics;
};

// The Python objects of the lines' outputs, made as the reader hands each piece of whole lines out, in
// input order (the GIL taken for it): the reader's buffer then goes on warm, where keeping every piece
// to the end took fresh pages for the whole output (a page fault every 4 KiB, 13 % of the time). Each
// line's output ends in '\n' (no output holds one); a failed record's is empty, and its note (taken
// by line from `failures`) makes its FenError.
struct Gathered {
    py::list list;         // the objects: a sequence's list is made with its size, a file's grows
    bool sized = false;
    std::size_t next = 0;  // the index of the next line
    std::mutex mutex;      // the threads' notes: few (failed or warned records)
    std::unordered_map<std::uint64_t, LineNote> failures;
    std::vector<LineNote> warnings;
};

// An input that ended at damaged data, as the command words it: "NAME: truncated zstd data at
// compressed byte N; read up to line K".
Diagnostic damage(const DamagedInput& d)
{
    return Diagnostic{1, 1, d.name + ": " + d.damage.message + " at compressed byte " + std::to_string(d.damage.offset) +
                                (d.read.empty() ? "; nothing read before it" : "; read up to " + d.read)};
}

// OSError for an input that cannot be read or ended at damaged data.
[[noreturn]] void raise_os_error(const Diagnostic& d)
{
    PyErr_SetString(PyExc_OSError, d.message.c_str());
    throw py::error_already_set();
}

// A str of `text`: an ASCII line (as a converted record is, unless its operations hold other text) made
// and copied in one step, where PyUnicode_FromStringAndSize decodes it as UTF-8 (about 200 instructions
// a record); other text decoded so. Null with a Python error set when it cannot be.
PyObject* text_object(std::string_view text)
{
    unsigned char high = 0;
    for (char const c : text)
        high |= static_cast<unsigned char>(c);
    if (high >= 0x80)
        return PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
    PyObject* const object = PyUnicode_New(static_cast<Py_ssize_t>(text.size()), 127);
    if (object && !text.empty())
        std::memcpy(PyUnicode_1BYTE_DATA(object), text.data(), text.size());
    return object;
}

// Every line of `inputs` converted on `jobs` threads (the GIL released), each line's object put in
// `g` in input order. `items`: the sequence's records (a failed one's FenError holds its record), or
// null for a file; `name` the source the errors name.
Expected<void> convert_lines(const RecordInputs& inputs, const ConvertOptions& options, unsigned jobs, Gathered& g,
                             const py::tuple* items, const std::string& name)
{
    RecordReader const reader(inputs, RecordReaderOptions{.jobs = jobs, .in_order = nullptr, .progress = {}});
    std::uint64_t const first = items ? inputs.first_line : 1;
    // One line's object, with the GIL.
    auto const object = [&](std::string_view line) -> PyObject* {
        std::uint64_t const number = first + g.next;
        if (line.empty()) { // a failed record, or a blank line
            std::lock_guard<std::mutex> const lock(g.mutex);
            if (auto f = g.failures.find(number); f != g.failures.end()) {
                py::object const record =
                    items ? py::reinterpret_borrow<py::object>((*items)[g.next]) : py::object(decode(f->second.text));
                PyObject* const error =
                    fen_error(Origin{name, number}, record, f->second.text, f->second.diagnostics).release().ptr();
                g.failures.erase(f);
                return error;
            }
        }
        PyObject* const value = text_object(line);
        if (!value)
            throw py::error_already_set();
        return value;
    };
    py::gil_scoped_release const release;
    auto read = reader.run(
        [&](const Origin& origin, std::string_view record, bool too_long, std::string& out, std::string&) {
            // On the stack, not thread_local: a thread_local in a shared module is a __tls_get_addr call
            // a record, and an empty vector costs nothing until a record warns.
            std::vector<Diagnostic> warnings;
            auto converted = convert_one(record, too_long, options, out, warnings);
            bool const ok = converted.has_value();
            out.push_back('\n');
            if (!ok || !warnings.empty()) {
                std::lock_guard<std::mutex> const lock(g.mutex);
                if (!ok)
                    g.failures.emplace(origin.line, LineNote{origin.line, std::string(record), std::move(converted.error())});
                if (!warnings.empty())
                    g.warnings.push_back(LineNote{origin.line, std::string(record), std::move(warnings)});
            }
            return ok;
        },
        [](const Origin&, std::string_view line, std::string& out) { copy_other_line({}, line, out); },
        [&](std::string& out, std::string& err, bool) {
            err.clear();
            if (out.empty())
                return;
            py::gil_scoped_acquire const gil;
            for (std::size_t at = 0; at < out.size(); ++g.next) {
                std::size_t const end = out.find('\n', at);
                PyObject* const value = object(std::string_view(out).substr(at, end - at));
                if (g.sized) {
                    PyList_SET_ITEM(g.list.ptr(), static_cast<Py_ssize_t>(g.next), value);
                } else {
                    int const appended = PyList_Append(g.list.ptr(), value);
                    Py_DECREF(value);
                    if (appended != 0)
                        throw py::error_already_set();
                }
                at = end + 1;
            }
            out.clear();
        });
    if (!read)
        return read.error();
    if (!read->damaged.empty())
        return damage(read->damaged.front());
    return {};
}

unsigned job_count(long jobs)
{
    if (jobs < 0)
        throw py::value_error("jobs must be 0 (all cores) or more, not " + std::to_string(jobs));
    return static_cast<unsigned>(std::min<long>(jobs, max_jobs));
}

// A path given as a path (os.PathLike), not a string: a str is a record, or the caller's mistake.
bool is_path(const py::handle& object)
{
    return py::isinstance(object, py::module_::import("os").attr("PathLike"));
}

py::list convert_many(const py::object& records, std::string_view to, const std::optional<std::string>& en_passant,
                      std::string_view read, bool repair, long jobs, const std::optional<std::string>& source,
                      std::uint64_t first_line)
{
    ConvertOptions const options = options_named(to, en_passant, read, repair);
    if (PyUnicode_Check(records.ptr()) || PyBytes_Check(records.ptr()))
        throw py::type_error("convert_many takes an iterable of records (a list, a file's lines) or a path "
                             "(pathlib.Path), not one " + std::string(py::str(py::type::handle_of(records).attr("__name__"))) +
                             ": for one record, convert()");
    RecordInputs inputs;
    inputs.standard_input = false;
    unsigned threads = job_count(jobs);
    py::tuple items;
    bool const from_path = is_path(records);
    if (from_path) {
        inputs.files.push_back(py::str(py::module_::import("os").attr("fspath")(records)));
    } else {
        // A tuple holds every record while the threads read them, whatever happens to the caller's list.
        items = py::reinterpret_steal<py::tuple>(PySequence_Tuple(records.ptr()));
        if (!items)
            throw py::error_already_set();
        std::size_t const count = items.size();
        inputs.lines.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            py::handle const item = PyTuple_GET_ITEM(items.ptr(), static_cast<Py_ssize_t>(i));
            if (!PyUnicode_Check(item.ptr()) && !PyBytes_Check(item.ptr()))
                throw py::type_error("record " + std::to_string(i) + " must be str or bytes, not " +
                                     std::string(py::str(py::type::handle_of(item).attr("__name__"))));
            inputs.lines.push_back(record_bytes(item, "record"));
        }
        inputs.lines_name = source.value_or("argument");
        inputs.first_line = first_line;
        if (inputs.lines.size() <= 2048)
            threads = 1; // one batch of the reader's: no threads to start
    }
    std::string const name = inputs.files.empty() ? inputs.lines_name : source.value_or(inputs.files.front());
    Gathered g;
    g.sized = !from_path;
    g.list = py::list(from_path ? 0 : inputs.lines.size());
    if (auto const done = convert_lines(inputs, options, threads, g, from_path ? nullptr : &items, name); !done)
        raise_os_error(done.error());
    auto const by_line = [](const LineNote& a, const LineNote& b) { return a.line < b.line; };
    std::sort(g.warnings.begin(), g.warnings.end(), by_line);
    for (const LineNote& w : g.warnings)
        issue_warnings(Origin{name, w.line}, w.text, w.diagnostics);
    return std::move(g.list);
}

// The records of a file as the record commands read them: each line without its line ending, blank and
// '#' lines left out, a line over the limit cut there.
py::list read_records(const py::object& path)
{
    RecordInputs inputs;
    inputs.standard_input = false;
    inputs.files.push_back(py::str(py::module_::import("os").attr("fspath")(path)));
    std::string text;
    Expected<RecordsRead> read = Diagnostic{};
    {
        py::gil_scoped_release const release;
        read = RecordReader(inputs, RecordReaderOptions{.jobs = 1, .in_order = nullptr, .progress = {}})
                   .run(
                       [](const Origin&, std::string_view record, bool, std::string& out, std::string&) {
                           out.append(record);
                           out.push_back('\n');
                           return true;
                       },
                       [](const Origin&, std::string_view, std::string&) {},
                       [&text](std::string& out, std::string& err, bool) {
                           text.append(out);
                           out.clear();
                           err.clear();
                       });
    }
    if (!read)
        raise_os_error(read.error());
    if (!read->damaged.empty())
        raise_os_error(damage(read->damaged.front()));
    py::list records;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t const end = text.find('\n', at);
        records.append(decode(std::string_view(text).substr(at, end - at)));
        at = end + 1;
    }
    return records;
}

// --- Judging records -------------------------------------------------------------------------------------

py::list validate(RecordArg record, bool chess960, std::string_view source)
{
    Validation const v = record.text.size() > max_record_length
                             ? Validation{Verdict::error, {too_long_diagnostic(max_record_length)}, {}}
                             : validate_record(record.text, chess960 ? Rules::chess960 : Rules::standard);
    if (v.verdict == Verdict::error)
        raise(fen_error(Origin{source, 1}, record.object, shown_record(record.text), v.errors));
    py::list problems;
    for (const Problem& p : v.problems)
        problems.append(decode(p.message));
    return problems;
}

// identify_record's answer, or the FenError the command would print for the record.
Identification identified(const RecordArg& record, std::string_view source)
{
    Identification found = record.text.size() > max_record_length
                               ? Identification{Verdict::error, {too_long_diagnostic(max_record_length)}, {}}
                               : identify_record(record.text);
    if (found.verdict != Verdict::valid)
        // An impossible position says so before each reason, as `fen960 identify` writes it.
        raise(fen_error(Origin{source, 1}, record.object, shown_record(record.text), found.errors,
                        found.verdict == Verdict::invalid ? "invalid position: " : ""));
    return found;
}

py::object identify(RecordArg record, std::string_view source)
{
    Identification const found = identified(record, source);
    switch (found.check.kind) {
    case StartKind::chess960: return py::int_(found.check.number);
    case StartKind::dfrc: return py::str(start_label(found.check));
    case StartKind::none: break;
    }
    return py::none();
}

py::list start_problems(RecordArg record, std::string_view source)
{
    Identification const found = identified(record, source);
    py::list reasons;
    if (found.check.kind == StartKind::none)
        for (const StartProblem& p : found.check.problems)
            reasons.append(decode(p.message));
    return reasons;
}

// --- Start positions -----------------------------------------------------------------------------------

std::string range_text(bool dfrc)
{
    return dfrc ? "Double Fischer Random numbers are 0..921599, white * 960 + black" : "Chess960 numbers are 0..959";
}

py::str startpos(long long number, std::string_view to, bool dfrc)
{
    std::uint32_t const count = dfrc ? dfrc_count : chess960_count;
    if (number < 0 || number >= static_cast<long long>(count))
        throw py::value_error("number " + std::to_string(number) + " is out of range (" + range_text(dfrc) + ")");
    auto const n = static_cast<std::uint32_t>(number);
    Setup const setup = *(dfrc ? dfrc_setup(n) : chess960_setup(n));
    EmitOptions options;
    options.dialect = dialect_named(to);
    std::string out;
    if (auto written = append_fen(setup, options, out); !written)
        raise(fen_error(std::string("startpos ") + (dfrc ? "--dfrc " : "") + std::to_string(n) + ": " +
                            written.error().message,
                        written.error().message));
    return py::str(out);
}

std::uint32_t random_start(std::optional<std::uint64_t> seed, bool dfrc)
{
    std::mt19937_64 generator(seed ? *seed : std::random_device{}());
    return static_cast<std::uint32_t>(draw_uniform(generator, dfrc ? dfrc_count : chess960_count));
}

// --- Perft -------------------------------------------------------------------------------------------------

std::uint64_t perft_record(RecordArg record, int depth, std::string_view source)
{
    if (depth < 0 || depth > 64)
        throw py::value_error("depth must be 0..64, not " + std::to_string(depth));
    Origin const origin{source, 1};
    std::string_view const text = shown_record(record.text);
    auto parsed = parse_fen(text);
    if (!parsed)
        raise(fen_error(origin, record.object, text, {parsed.error()}));
    // As `fen960 perft`: what the generator can play is counted, with a warning when no game reaches it.
    auto pos = Position::from_setup(parsed->setup, Rules::chess960, Strictness::playable);
    if (!pos)
        raise(fen_error(origin, record.object, text, {pos.error()}, "invalid position: "));
    std::vector<Diagnostic> warnings;
    perft_warning(*parsed, warnings);
    for (const Diagnostic& w : warnings)
        warn(fen_warning(origin, text, w));
    py::gil_scoped_release const release;
    return perft(*pos, depth);
}

} // namespace

void add_records(py::module_& m)
{
    m.def("convert", &convert, py::arg("record"), py::arg("to") = "xfen", py::arg("en_passant") = py::none(),
          py::arg("read") = "auto", py::arg("repair") = false, py::kw_only(), py::arg("source") = "argument",
          R"doc(Convert one record to another FEN dialect, as `fen960 convert` does.

  record      a position record in standard FEN, Shredder-FEN or X-FEN (str or bytes); white
              space around it, one line ending ("\n" or "\r\n") and four-field (EPD style) records are read
  to          'xfen' (KQkq for the outermost rook, a file letter for an inner one), 'shredder'
              (the rooks' files, HAha) or 'fen' (standard FEN: KQkq with king and rooks on e/a/h)
  en_passant  when to write the en-passant square: 'keep' (as given; the default for fen and
              shredder), 'pseudo' (when a pawn could take; the default for xfen) or 'legal'
  read        how to read castling letters: 'auto' (K/Q the outermost rook on that side, a file
              letter that rook), 'xfen' (the same), 'shredder' (file letters only), 'fen' (KQkq only)
  repair      drop castling rights and en-passant squares the position cannot have, keeping the
              outermost valid right on each side, with a FenWarning for each, instead of failing
  source      the name messages give the record (the command says "argument")

Returns the converted record. Raises FenError when the record does not parse, names a castling
right or en-passant square the position cannot have, or is no legal position (every reason, with
its column); str(error) is what the command prints on standard error.

    >>> fen960.convert("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1")
    'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1'
    >>> fen960.convert("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", to="shredder")
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
    >>> fen960.convert("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1")
    Traceback (most recent call last):
    fen960.FenError: argument:1:49: invalid castling letter 'x'
    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1
                                                    ^

For many records, convert_many is much faster.)doc");

    m.def("convert_many", &convert_many, py::arg("records"), py::arg("to") = "xfen",
          py::arg("en_passant") = py::none(), py::arg("read") = "auto", py::arg("repair") = false, py::kw_only(),
          py::arg("jobs") = 0, py::arg("source") = py::none(), py::arg("first_line") = 1,
          R"doc(Convert many lines at once on fen960's threads, as `fen960 convert` converts a file.

  records     any iterable of lines (str or bytes), e.g. a list or an open file, each with or
              without its line ending; or a path (pathlib.Path, os.PathLike: a str is refused with
              TypeError), read as the command reads a file: plain, zstd, gzip, bzip2 or xz
  to, en_passant, read, repair   as for convert()
  jobs        threads: 0 (default) all cores, 1 the calling thread alone
  source, first_line   how messages name the lines: SOURCE:LINE, the first one being first_line
              (source: "argument" for an iterable, the path as given for a path)

Returns a list with one item per line, in input order, the command's output line without its
'\n': the converted record, a blank or '#' line as it is (CR dropped), or in a failed record's place
the FenError that convert() would raise (not raised: check with isinstance). The output does not
depend on jobs. The lines are read while holding the GIL, then converted without it by the reader
of the command (lib's RecordReader). OSError for a path that cannot be read or ends at damaged data.

    >>> out = fen960.convert_many(["rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", "8/8 w"])
    >>> out[0]
    'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1'
    >>> isinstance(out[1], fen960.FenError), out[1].line, out[1].column, out[1].message
    (True, 2, 4, 'board has 2 ranks, expected 8')

To write what the command writes: "error: " + item.message in a failed record's place.)doc");

    m.def("read_records", &read_records, py::arg("path"),
          R"doc(The records of a file as the record commands read them (path: str or os.PathLike).

The file may be plain or compressed (zstd, gzip, bzip2, xz: told by its first bytes). Returns a list
of str, one per record line, each without its line ending ("\n" or "\r\n"); blank and '#' lines
are left out; a line over 65535 bytes is cut there. OSError when the file cannot be read or ends
at damaged compressed data.

    >>> fen960.read_records("book.epd.zst")[:1]  # doctest: +SKIP
    ['rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1'])doc");

    m.def("validate", &validate, py::arg("record"), py::arg("chess960") = false, py::kw_only(),
          py::arg("source") = "argument",
          R"doc(Every reason a record is no position a game can reach, as `fen960 validate` gives them.

Returns a list of messages in a fixed order (the board, the checks, the castling rights, the
en-passant square, the clocks); empty when the position is valid. chess960=False judges by
standard rules (a castling right needs the king on e1/e8 and the rook on the a- or h-file);
chess960=True accepts any own back-rank rook with the king between the castling rooks. Raises
FenError for a record that does not parse (or whose castling field is malformed).

    >>> fen960.validate("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", chess960=True)
    []
    >>> fen960.validate("4k3/8/8/8/8/8/8/4K2R w Kk - 0 1")
    ["castling letter 'k': no black rook on h8"])doc");

    m.def(
        "is_record", [](RecordArg line) { return line_kind(line.text) == LineKind::record; }, py::arg("line"),
        R"doc(Whether a line of a record file is a record, as the record commands read it: False for a
blank line (spaces and tabs only) and for a '#' comment line, which `fen960 convert` copies and
`validate` and `identify` answer with an empty line. convert() and the other functions take records,
not lines: they raise FenError for such a line.

    >>> fen960.is_record("# Chess960 starts"), fen960.is_record("  "), fen960.is_record("8/8 w")
    (False, False, True))doc");
    m.def("identify", &identify, py::arg("record"), py::kw_only(), py::arg("source") = "argument",
          R"doc(The start position a record holds, as `fen960 identify` names it.

Returns the Chess960 number (an int, 0..959; 518 is the standard start), 'dfrc:N' for a Double
Fischer Random start (N = white * 960 + black, the Chess960 numbers of the two back ranks), or
None for a legal position that is no start position (start_problems() says why). Castling rights
count in any dialect. Raises FenError for a record that does not parse or an impossible position
(its messages then start with "invalid position: ").

    >>> fen960.identify("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
    518
    >>> fen960.identify("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    'dfrc:497280')doc");

    m.def("start_problems", &start_problems, py::arg("record"), py::kw_only(), py::arg("source") = "argument",
          R"doc(Every reason a record is no start position (`fen960 identify --explain`); empty for a start.

    >>> fen960.start_problems("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 3 1")
    ['castling rights are not exactly the four rooks (missing a1)', 'clocks 3 1 (a start position has 0 1)']

Raises FenError as identify() does.)doc");

    m.def("startpos", &startpos, py::arg("n"), py::arg("to") = "xfen", py::arg("dfrc") = false,
          R"doc(The start record of a Chess960 number (0..959) or, with dfrc=True, of a Double Fischer Random one.

Numbers are Scharnagl's (518 = RNBQKBNR, 0 = BBQNNRKR, 959 = RKRNNQBB); a DFRC number is
white * 960 + black. ValueError for a number out of range; FenError when `to` cannot write the
position (standard FEN and most Chess960 starts).

    >>> fen960.startpos(959, to="shredder")
    'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1'
    >>> fen960.startpos(497280, to="shredder", dfrc=True)
    'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1')doc");

    m.def("random_start", &random_start, py::arg("seed") = py::none(), py::arg("dfrc") = false,
          R"doc(A start position's number drawn uniformly (0..959, or 0..921599 with dfrc=True).

The same seed gives the same number as `fen960 startpos --random --seed SEED` on every machine;
without a seed the draw is random.

    >>> fen960.random_start(seed=42)
    726
    >>> fen960.startpos(fen960.random_start(seed=42))
    'rkbnqbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBNQBNR w KQkq - 0 1')doc");

    m.def("perft", &perft_record, py::arg("record"), py::arg("depth"), py::kw_only(), py::arg("source") = "argument",
          R"doc(The number of leaf nodes of the legal move tree `depth` plies deep, as `fen960 perft` counts.

Castling is Chess960 castling, taken from the castling rooks (standard castling is the special
case). A position no game can reach but the generator can play is counted with a FenWarning;
anything else raises FenError. The count runs without the GIL.

    >>> fen960.perft("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", 4)
    201143)doc");
}

} // namespace fen960::python
