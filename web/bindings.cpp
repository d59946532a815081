// The WebAssembly module of the JavaScript package: each function calls the library's one entry point
// for it (convert_record, validate_record, identify_record, ...), as the Python module does; index.js
// gives them the package's names and options and turns a failure into a FenError. A function that fails
// returns undefined (or an empty string) and leaves the reason for lastError(): the message as the
// command's `error:` slot says it, the byte column, and the text the command writes on standard error.
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <emscripten/bind.h>
#include <emscripten/em_macros.h>
#include <emscripten/val.h>

#include "fen960/convert.hpp"
#include "fen960/diagnostic_text.hpp"
#include "fen960/diagram.hpp"
#include "fen960/divide.hpp"
#include "fen960/limits.hpp"
#include "fen960/names.hpp"
#include "fen960/polyglot.hpp"
#include "fen960/position.hpp"
#include "fen960/san.hpp"
#include "fen960/startpos.hpp"
#include "fen960/validate.hpp"
#include "web.hpp"

namespace fen960::web {

using emscripten::val;

namespace {

Failure failure;

// The record as the command reads it: cut at the limit.
std::string_view shown(std::string_view record)
{
    return record.substr(0, std::min(record.size(), max_record_length));
}

} // namespace

void fail(std::string message, std::uint32_t column, std::string text)
{
    if (!text.empty() && text.back() == '\n')
        text.pop_back();
    failure = Failure{std::move(message), column, std::move(text)};
}

void fail_record(std::string_view record, const std::vector<Diagnostic>& errors, std::string_view prefix)
{
    std::string messages;
    std::string text;
    format_errors(Origin{"argument", 1}, shown(record), errors, prefix, messages, text);
    fail(std::move(messages), errors.empty() ? 0 : errors.front().column, std::move(text));
}

val last_error()
{
    val e = val::object();
    e.set("message", failure.message);
    e.set("column", failure.column);
    e.set("text", failure.text);
    return e;
}

std::optional<Position> read_position(std::string_view record, bool chess960, bool strict)
{
    std::string_view const text = shown(record);
    auto parsed = parse_fen(text);
    if (!parsed) {
        fail_record(text, {parsed.error()}, "");
        return std::nullopt;
    }
    auto pos = Position::from_setup(parsed->setup, chess960 ? Rules::chess960 : Rules::standard,
                                    strict ? Strictness::legal : Strictness::playable);
    if (!pos) {
        fail_record(text, {pos.error()}, "invalid position: ");
        return std::nullopt;
    }
    return *pos;
}

// The options of convert and convertLines; -1: the dialect's own default.
ConvertOptions convert_options(int to, int from, int en_passant, bool repair)
{
    ConvertOptions options;
    options.to = static_cast<Dialect>(to);
    options.from = static_cast<InputDialect>(from);
    if (en_passant >= 0)
        options.en_passant = static_cast<EnPassantMode>(en_passant);
    options.repair = repair;
    return options;
}

namespace {

template <typename Enum, std::size_t N>
val name_list(const std::array<NamedValue<Enum>, N>& names)
{
    val list = val::array();
    for (const NamedValue<Enum>& n : names)
        list.call<void>("push", std::string(n.name));
    return list;
}

// The library's names of the modes (names.hpp), in the order of their enums: index.js passes an
// option as its index in these lists.
val names()
{
    val n = val::object();
    n.set("dialect", name_list(dialect_names));
    n.set("read", name_list(input_dialect_names));
    n.set("enPassant", name_list(en_passant_names));
    n.set("outcome", name_list(outcome_names));
    n.set("castling", name_list(castling_notation_names));
    return n;
}

// The converted record, or "" with the reason in lastError(). Warnings (what repair dropped) are the
// command's standard-error text, one after another, in lastWarnings().
std::string warnings_text;

const std::string& convert_view(std::string_view record, int to, int from, int en_passant, bool repair)
{
    static std::string out;
    static std::vector<Diagnostic> warnings;
    out.clear();
    warnings.clear();
    warnings_text.clear();
    if (record.size() > max_record_length) {
        fail_record(record, {too_long_diagnostic(max_record_length)}, "");
        return out;
    }
    auto converted = convert_record(record, convert_options(to, from, en_passant, repair), out, warnings);
    for (const Diagnostic& w : warnings)
        format_diagnostic(Origin{"argument", 1}, w, shown(record), Severity::warning, warnings_text);
    if (!converted) {
        // The text is the command's standard error: the warnings (a position no game reaches), then the error.
        fail_record(record, converted.error(), "");
        failure.text.insert(0, warnings_text);
        out.clear();
    }
    return out;
}

std::string convert(const std::string& record, int to, int from, int en_passant, bool repair)
{
    return convert_view(record, to, from, en_passant, repair);
}

std::string last_warnings()
{
    return warnings_text;
}

// Every problem validate names (an empty list for a valid position), or undefined.
val validate(const std::string& record, bool chess960)
{
    Validation const v = record.size() > max_record_length
                             ? Validation{Verdict::error, {too_long_diagnostic(max_record_length)}, {}}
                             : validate_record(record, chess960 ? Rules::chess960 : Rules::standard);
    if (v.verdict == Verdict::error) {
        fail_record(record, v.errors, "");
        return val::undefined();
    }
    val problems = val::array();
    for (const Problem& p : v.problems)
        problems.call<void>("push", p.message);
    return problems;
}

// The Chess960 number, "dfrc:N", null for no start position, or undefined.
val identify(const std::string& record)
{
    Identification const found = record.size() > max_record_length
                                     ? Identification{Verdict::error, {too_long_diagnostic(max_record_length)}, {}}
                                     : identify_record(record);
    if (found.verdict != Verdict::valid) {
        fail_record(record, found.errors, found.verdict == Verdict::invalid ? "invalid position: " : "");
        return val::undefined();
    }
    switch (found.check.kind) {
    case StartKind::chess960: return val(found.check.number);
    case StartKind::dfrc: return val(start_label(found.check));
    case StartKind::none: break;
    }
    return val::null();
}

std::string startpos(double number, int to, bool dfrc)
{
    std::uint32_t const count = dfrc ? dfrc_count : chess960_count;
    if (!(number >= 0 && number < count) || number != static_cast<double>(static_cast<std::uint32_t>(number))) {
        std::string const range =
            dfrc ? "Double Fischer Random numbers are 0..921599, white * 960 + black" : "Chess960 numbers are 0..959";
        std::string const message = "number " + val(number).call<std::string>("toString") + " is out of range (" +
                                    range + ")";
        fail(message, 0, message);
        return {};
    }
    auto const n = static_cast<std::uint32_t>(number);
    Setup const setup = *(dfrc ? dfrc_setup(n) : chess960_setup(n));
    EmitOptions options;
    options.dialect = static_cast<Dialect>(to);
    std::string out;
    if (auto written = append_fen(setup, options, out); !written) {
        fail(written.error().message, 0,
             std::string("fen960 startpos: ") + (dfrc ? "--dfrc " : "") + std::to_string(n) + ": " +
                 written.error().message);
        return {};
    }
    return out;
}

// The seed's two 32-bit halves (JavaScript numbers hold 53 bits): the same draw as the Python module's
// random_start(seed).
std::uint32_t random_start(std::uint32_t seed_high, std::uint32_t seed_low, bool dfrc)
{
    std::mt19937_64 generator((std::uint64_t{seed_high} << 32) | seed_low);
    return static_cast<std::uint32_t>(draw_uniform(generator, dfrc ? dfrc_count : chess960_count));
}

// The Polyglot key in 16 hexadecimal digits, as `fen960 key` writes it, or "".
std::string key(const std::string& record)
{
    if (record.size() > max_record_length) {
        fail_record(record, {too_long_diagnostic(max_record_length)}, "");
        return {};
    }
    FenRecord judged;
    std::vector<Diagnostic> warnings;
    if (auto ok = judge_record(record, ConvertOptions{}, judged, warnings); !ok) {
        fail_record(record, ok.error(), "");
        return {};
    }
    static constexpr char digits[] = "0123456789abcdef";
    std::uint64_t const k = polyglot_key(judged.setup);
    std::string hex(16, '0');
    for (int i = 0; i < 16; ++i)
        hex[static_cast<std::size_t>(i)] = digits[(k >> (60 - 4 * i)) & 0xf];
    return hex;
}

// Leaf nodes as a decimal string (index.js makes it a BigInt), or "".
std::string perft_record(const std::string& record, int depth)
{
    if (depth < 0 || depth > 64) {
        std::string const message = "depth must be 0..64, not " + std::to_string(depth);
        fail(message, 0, message);
        return {};
    }
    std::optional<Position> pos = read_position(record, true, false);
    if (!pos)
        return {};
    return std::to_string(perft(*pos, depth));
}

std::string svg(const std::string& record, bool chess960, bool flip)
{
    auto parsed = record.size() > max_record_length ? Expected<FenRecord>(too_long_diagnostic(max_record_length))
                                                    : parse_fen(record);
    if (!parsed) {
        fail_record(record, {parsed.error()}, "");
        return {};
    }
    Diagram const diagram = make_diagram(*parsed, chess960 ? Rules::chess960 : Rules::standard);
    return render_svg(diagram, DiagramOptions{false, flip});
}

} // namespace

// convert() and convertLines without embind's strings: index.js writes the input's bytes into the
// buffer fen960_input gives, and reads the result from fen960_output.
std::string fast_input;
const std::string* fast_output = nullptr;

namespace {
std::size_t fast_size = 0; // of the last input
} // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE char* fen960_input(std::size_t size)
{
    if (fast_input.size() < size)
        fast_input.resize(std::max(size, 2 * fast_input.size()));
    return fast_input.data();
}

EMSCRIPTEN_KEEPALIVE const char* fen960_output()
{
    return fast_output ? fast_output->data() : nullptr;
}

// How many of the output's first bytes are the input's (the placement, mostly): index.js takes those
// from the string it has.
EMSCRIPTEN_KEEPALIVE std::size_t fen960_common()
{
    std::size_t n = 0;
    std::size_t const end = std::min(fast_size, fast_output ? fast_output->size() : 0);
    while (n < end && fast_input[n] == (*fast_output)[n])
        ++n;
    return n;
}

// The output's length, or -1 when the record failed (lastError() says why).
EMSCRIPTEN_KEEPALIVE int fen960_convert(std::size_t size, int to, int from, int en_passant, int repair)
{
    fast_size = size;
    fast_output = &convert_view(std::string_view(fast_input.data(), size), to, from, en_passant, repair != 0);
    return fast_output->empty() ? -1 : static_cast<int>(fast_output->size());
}

} // extern "C"

} // namespace fen960::web

EMSCRIPTEN_BINDINGS(fen960)
{
    using namespace fen960::web;
    emscripten::function("lastError", &last_error);
    emscripten::function("lastWarnings", &last_warnings);
    emscripten::function("names", &names);
    emscripten::function("convert", &convert);
    emscripten::function("validate", &validate);
    emscripten::function("identify", &identify);
    emscripten::function("startpos", &startpos);
    emscripten::function("randomStart", &random_start);
    emscripten::function("key", &key);
    emscripten::function("perft", &perft_record);
    emscripten::function("svg", &svg);
    add_position();
    add_pgn();
    add_lines();
}
