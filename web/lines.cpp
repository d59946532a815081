// convertLines: a whole file of records converted as `fen960 convert FILE` converts it, line by line
// through the library's convert_line (record_reader.hpp), with the command's standard output, standard
// error and exit status.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "fen960/input.hpp"
#include "fen960/record_reader.hpp"
#include "web.hpp"

namespace fen960::web {

using emscripten::val;

namespace {

constexpr int exit_ok = 0;
constexpr int exit_invalid = 1;
constexpr int exit_io = 3;

// The output stays in the module's memory for index.js to decode (fen960_output, `size` bytes);
// `lines`: how many lines were read (a file converted in parts numbers the next part's first line from it).
val result(const std::string& output, const std::string& errors, int status, double lines = 0)
{
    fast_output = &output;
    val r = val::object();
    r.set("size", static_cast<double>(output.size()));
    r.set("lines", lines);
    r.set("errors", errors);
    r.set("status", status);
    return r;
}

// Compressed input (a magic number): this build has no decompressors, and the input layer says so.
val refused(std::string_view bytes, const std::string& source)
{
    static std::string const none;
    StringSource raw(bytes);
    DecompressingSource input(raw, DecompressOptions{false});
    char buffer[4096];
    while (input.read(buffer, sizeof buffer) != 0) {
    }
    const InputDamage* damage = input.damage();
    std::string const why = damage ? damage->message : "compressed input is not supported in this build";
    return result(none, "fen960 convert: " + source + ": " + why + "; nothing read before it\n", exit_io);
}

// The first `size` bytes of the input buffer; `first_line`: the number of their first line (a file
// converted in parts).
val convert_lines(double size, int to, int from, int en_passant, bool repair, const std::string& source,
                  double first_line)
{
    std::string_view const bytes(fast_input.data(), static_cast<std::size_t>(size));
    if (detect_compression(std::string_view(bytes).substr(0, 16), true) != Compression::none)
        return refused(bytes, source);
    ConvertOptions const options = convert_options(to, from, en_passant, repair);
    static std::string out;
    std::string err;
    out.clear();
    out.reserve(bytes.size() + bytes.size() / 8);
    bool all_valid = true;
    std::string_view rest = bytes;
    auto const first = static_cast<std::uint64_t>(first_line);
    auto line = first;
    for (; !rest.empty(); ++line) {
        std::size_t const end = rest.find('\n');
        std::size_t const taken = end == std::string_view::npos ? rest.size() : end + 1;
        all_valid &= convert_line(options, Origin{source, line}, rest.substr(0, taken), out, err);
        rest.remove_prefix(taken);
    }
    return result(out, err, all_valid ? exit_ok : exit_invalid, static_cast<double>(line - first));
}

} // namespace

void add_lines()
{
    emscripten::function("convertLines", &convert_lines);
}

} // namespace fen960::web
