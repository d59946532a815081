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
#include "fen960/epd.hpp"
#include "fen960/fen.hpp"
#include "fen960/modes.hpp"

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

// --- One record judged as convert judges it (judge.cpp) ------------------------------------------------

// convert()'s options by name, as its keywords take them (`to` is not read by every caller).
ConvertOptions options_named(std::string_view to, const std::optional<std::string>& en_passant,
                             std::string_view read, bool repair);

// The record as messages show it: cut at the limit, as the command reads it.
std::string_view shown_record(std::string_view record);

// The record read and judged as `fen960 convert` judges it (judge_record: checked, or repaired; mirrored
// under options.mirror) into `judged`, its operations into `operations`; its warnings issued as
// FenWarning. None, or the FenError saying why it was refused (not raised).
py::object judge_or_error(RecordArg record, const ConvertOptions& options, const Origin& origin, FenRecord& judged,
                          std::vector<EpdOperation>& operations);

// The same, raising the FenError (origin `source`, line 1).
void judge(RecordArg record, const ConvertOptions& options, std::string_view source, FenRecord& judged,
           std::vector<EpdOperation>& operations);

// The FenError for a record judge() took that options.to cannot write (write_record's or
// append_pgn_game's reason), as convert reports it.
py::object unwritable(RecordArg record, const Origin& origin, const Diagnostic& reason);

// --- The bindings of each part -----------------------------------------------------------------------

void add_records(py::module_& m);  // convert, convert_many, validate, identify, startpos, perft (records.cpp)
void add_position(py::module_& m); // Position (position.cpp)
void add_pgn(py::module_& m);      // read_pgn, Game (pgn.cpp)
void add_book(py::module_& m);     // key, mirror, shape, pgn_game, Book, unique (book.cpp)
void add_play(py::module_& m);     // play (play.cpp)
void add_diagram(py::module_& m);  // svg, diagram (diagram.cpp)
void add_exits(py::module_& m);    // exits (exits.cpp)

// The board of a setup as `fen960 show --svg` draws it, judged by Chess960 or standard rules (diagram.cpp).
std::string svg_of(const Setup& setup, bool chess960, bool flip);

// --- Castling notation by name (position.cpp) -----------------------------------------------------------

// The notation `castling` names ('kxr', 'king', 'auto'; 'standard', the old uci_castling value, is
// nothing: to_uci's king's move where standard chess has the castling), with the old keyword
// `uci_castling` taking its place when given; ValueError for another name.
std::optional<CastlingNotation> castling_named(std::string_view castling, const std::optional<std::string>& uci_castling);

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
