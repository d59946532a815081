// One line of a record file as `fen960 convert` writes it (record_reader.hpp): the code the command, the
// Python module and a WebAssembly build share.
#include "fen960/diagnostic_text.hpp"
#include "fen960/fen.hpp"
#include "fen960/record_reader.hpp"

namespace fen960 {

void write_error_line(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& errors,
                      std::string& out, std::string& err, std::string_view prefix)
{
    out += "error: ";
    format_errors(origin, record, errors, prefix, out, err);
    out.push_back('\n');
}

bool convert_record_line(const ConvertOptions& options, const Origin& origin, std::string_view record,
                         bool too_long, std::string& out, std::string& err)
{
    thread_local std::vector<Diagnostic> warnings; // kept from record to record: no allocation a record
    warnings.clear();
    Expected<void, Diagnostics> const done = too_long ? Expected<void, Diagnostics>(Diagnostics{too_long_diagnostic(record.size())})
                                                      : convert_record(record, options, out, warnings);
    for (const Diagnostic& w : warnings)
        format_diagnostic(origin, w, record, Severity::warning, err);
    if (!done) {
        write_error_line(origin, record, done.error(), out, err);
        return false;
    }
    out.push_back('\n');
    return true;
}

void copy_other_line(const Origin&, std::string_view line, std::string& out)
{
    out.append(line);
    out.push_back('\n');
}

bool convert_line(const ConvertOptions& options, const Origin& origin, std::string_view line, std::string& out,
                  std::string& err)
{
    line = without_line_ending(line);
    bool const too_long = line.size() > max_record_length;
    if (too_long)
        line = line.substr(0, max_record_length);
    if (!too_long && line_kind(line) != LineKind::record) {
        copy_other_line(origin, line, out);
        return true;
    }
    return convert_record_line(options, origin, line, too_long, out, err);
}

} // namespace fen960
