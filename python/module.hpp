// What the parts of the Python module share: the exception and warning classes, the argument types
// and option names, and the functions that add each part's bindings.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h> // in every unit: type casters must be the same everywhere

#include "fen960/convert.hpp"
#include "fen960/diagnostic.hpp"
#include "fen960/diagnostic_text.hpp" // what the command prints: Origin, format_diagnostic, line_of
#include "fen960/fen.hpp"

namespace fen960::python {

namespace py = pybind11;

// A record as Python gives it, str or bytes, and its bytes (UTF-8 for a str). The view is valid while
// the object lives.
struct RecordArg {
    py::handle object;
    std::string_view text;
};

// The bytes of a record object; TypeError for anything but str and bytes (`what` names it).
std::string_view record_bytes(py::handle object, const char* what);

// --- Exceptions and warnings (errors.cpp) ---------------------------------------------------------

// Creates FenError, PgnError, MoveError and FenWarning and adds them to the module.
void add_exception_classes(py::module_& m);

py::handle fen_error_class();
py::handle pgn_error_class();
py::handle move_error_class();
py::handle fen_warning_class();

// Text as a Python str; bytes that are not UTF-8 become U+FFFD (records and games may hold anything).
py::str decode(std::string_view text);

// A FenError for a record that failed: str() is what `fen960 convert` writes to standard error for it
// (`SOURCE:LINE:COL: MESSAGE`, the record, a caret, for each reason), .message what follows `error: `
// in its output slot; `prefix` comes before each message, as the command writes it.
py::object fen_error(const Origin& origin, py::handle record, std::string_view text,
                     const std::vector<Diagnostic>& errors, std::string_view prefix = {});

// A FenError about no record of the caller's (a setup a dialect cannot write): str() is `text`.
py::object fen_error(const std::string& text, const std::string& message);

// Raises an exception object made above (or any exception instance).
[[noreturn]] void raise(const py::object& error);

// A FenWarning, as the command prints the diagnostic on standard error (`...: warning: ...`).
py::object fen_warning(const Origin& origin, std::string_view record, const Diagnostic& d);

// warnings.warn(warning): raises when a filter turns warnings into errors.
void warn(const py::object& warning);

// --- Options by name (records.cpp) -------------------------------------------------------------------

Dialect dialect_named(std::string_view name);
InputDialect input_dialect_named(std::string_view name);
std::optional<EnPassantMode> en_passant_named(const std::optional<std::string>& name);

// --- The bindings of each part -----------------------------------------------------------------------

void add_records(py::module_& m);  // convert, convert_many, validate, identify, startpos, perft (records.cpp)
void add_position(py::module_& m); // Position (position.cpp)
void add_pgn(py::module_& m);      // read_pgn, Game (pgn.cpp)

} // namespace fen960::python

namespace pybind11::detail {

// Records are str or bytes; the signature says so.
template <>
struct type_caster<fen960::python::RecordArg> {
    PYBIND11_TYPE_CASTER(fen960::python::RecordArg, const_name("str | bytes"));

    bool load(handle source, bool)
    {
        if (!PyUnicode_Check(source.ptr()) && !PyBytes_Check(source.ptr()))
            return false;
        value.object = source;
        value.text = fen960::python::record_bytes(source, "record");
        return true;
    }
};

} // namespace pybind11::detail
