// The module's exception and warning classes and the objects raised or issued: each carries the
// message as the fen960 command prints it (str()) and its parts as attributes.
#include "module.hpp"

namespace fen960::python {

namespace {

struct Classes {
    PyObject* fen_error = nullptr;
    PyObject* pgn_error = nullptr;
    PyObject* move_error = nullptr;
    PyObject* fen_warning = nullptr;
};

// Made once at import and kept for the life of the process (the module holds them too).
Classes classes;

// A class whose instances get `attributes` (None until set) and whose str() is its first argument.
PyObject* new_class(py::module_& m, const char* name, const char* doc, PyObject* base,
                    std::initializer_list<const char*> attributes)
{
    py::dict defaults;
    for (const char* a : attributes)
        defaults[a] = py::none();
    std::string const qualified = std::string("fen960.") + name;
    PyObject* cls = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base, defaults.ptr());
    if (!cls)
        throw py::error_already_set();
    m.add_object(name, py::handle(cls)); // takes a reference of its own
    return cls;
}

} // namespace

std::string_view record_bytes(py::handle object, const char* what)
{
    if (PyUnicode_Check(object.ptr())) {
        Py_ssize_t size = 0;
        char const* data = PyUnicode_AsUTF8AndSize(object.ptr(), &size);
        if (!data)
            throw py::error_already_set();
        return {data, static_cast<std::size_t>(size)};
    }
    if (PyBytes_Check(object.ptr()))
        return {PyBytes_AS_STRING(object.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(object.ptr()))};
    throw py::type_error(std::string(what) + " must be str or bytes, not " +
                         std::string(py::str(py::type::handle_of(object).attr("__name__"))));
}

void add_exception_classes(py::module_& m)
{
    classes.fen_error = new_class(m, "FenError", R"doc(A record that cannot be read or converted (a ValueError).

str(error) is what the fen960 command prints on standard error for it: for each reason
`SOURCE:LINE:COLUMN: MESSAGE`, the record, and a caret under the column. Attributes:
  message  what follows `error: ` in the command's output line (the reasons joined by "; ")
  column   1-based byte column of the first reason (None when no record is concerned)
  line     the record's line (1 for a record given alone; its place in convert_many's list)
  source   the name in messages ("argument" unless given)
  record   the record as given (str or bytes)
  errors   every reason as a (column, message) pair)doc",
                                  PyExc_ValueError, {"message", "column", "line", "source", "record", "errors"});
    classes.pgn_error = new_class(m, "PgnError", R"doc(A PGN game that failed (a ValueError), found in Game.error.

str(error) is what `fen960 pgn` prints on standard error for the game: `SOURCE:LINE:COLUMN: MESSAGE`,
the line of the game and a caret. Attributes: message, game (1-based number across the input),
ply (1-based ply of the bad move, 0 for the tags), line and column (in the input), source, and
skipped (True for a game of another variant, which is skipped rather than failed).)doc",
                                  PyExc_ValueError, {"message", "game", "ply", "line", "column", "source", "skipped"});
    classes.move_error = new_class(m, "MoveError", R"doc(A move that is not legal, ambiguous or unreadable (a ValueError).

str(error) and .message are the reason, starting with the move (`Nd2: ambiguous (Nbd2, Nfd2)`);
.move is the move as given, .column the 1-based column in it. From play(): .message is the
command's 'move N 'MOVE': why', .column the column in 'START MOVE...' (or the line), .played the
moves played before it, .positions the positions up to it (with all=True; else None).)doc",
                                   PyExc_ValueError, {"message", "move", "column", "played", "positions"});
    classes.fen_warning = new_class(m, "FenWarning", R"doc(Something dropped or let through (a UserWarning).

Issued through the warnings module: a castling right or en-passant square that repair=True
dropped, a FEN tag repaired in a PGN game, a position perft counts although no game reaches it.
str(warning) is what the fen960 command prints on standard error (`...: warning: MESSAGE`, the
record and a caret). Attributes: message, column, line, source.)doc",
                                    PyExc_UserWarning, {"message", "column", "line", "source"});
}

py::handle fen_error_class() { return classes.fen_error; }
py::handle pgn_error_class() { return classes.pgn_error; }
py::handle move_error_class() { return classes.move_error; }
py::handle fen_warning_class() { return classes.fen_warning; }

py::str decode(std::string_view text)
{
    PyObject* s = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
    if (!s)
        throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
}

py::object fen_error(const Origin& origin, py::handle record, std::string_view text,
                     const std::vector<Diagnostic>& errors, std::string_view prefix)
{
    std::string messages;
    std::string message;
    format_errors(origin, text, errors, prefix, messages, message);
    if (!message.empty() && message.back() == '\n')
        message.pop_back();
    py::object e = py::handle(classes.fen_error)(decode(message));
    e.attr("message") = decode(messages);
    e.attr("column") = errors.empty() ? py::object(py::none()) : py::object(py::int_(errors.front().column));
    e.attr("line") = py::int_(origin.line);
    e.attr("source") = decode(origin.name);
    e.attr("record") = record;
    py::list all;
    for (const Diagnostic& d : errors)
        all.append(py::make_tuple(d.column, decode(std::string(prefix) + d.message)));
    e.attr("errors") = all;
    return e;
}

py::object fen_error(const std::string& text, const std::string& message)
{
    py::object e = py::handle(classes.fen_error)(decode(text));
    e.attr("message") = decode(message);
    e.attr("errors") = py::list();
    return e;
}

void raise(const py::object& error)
{
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
    throw py::error_already_set();
}

py::object fen_warning(const Origin& origin, std::string_view record, const Diagnostic& d)
{
    std::string text;
    format_diagnostic(origin, d, record, Severity::warning, text);
    if (!text.empty() && text.back() == '\n')
        text.pop_back();
    py::object w = py::handle(classes.fen_warning)(decode(text));
    w.attr("message") = decode(d.message);
    w.attr("column") = py::int_(d.column);
    w.attr("line") = py::int_(origin.line);
    w.attr("source") = decode(origin.name);
    return w;
}

void warn(const py::object& warning)
{
    // The category comes from the instance; stack level 1 is the Python caller of the module. The
    // function is kept for the life of the process (no reference dropped after the interpreter ends).
    static py::handle const warn_function = py::object(py::module_::import("warnings").attr("warn")).release();
    warn_function(warning, py::arg("stacklevel") = 1);
}

} // namespace fen960::python
