#include "fen960/diagnostic_text.hpp"

#include <algorithm>

namespace fen960 {

namespace {

// Display width of the record up to a byte offset: UTF-8 continuation bytes take no column.
void append_caret(std::string_view record, std::size_t offset, std::string& out)
{
    for (std::size_t i = 0; i < offset && i < record.size(); ++i) {
        auto const c = static_cast<unsigned char>(record[i]);
        if (c == '\t')
            out.push_back('\t');
        else if ((c & 0xC0) != 0x80)
            out.push_back(' ');
    }
    out += "^\n";
}

} // namespace

void format_diagnostic(const Origin& origin, const Diagnostic& d, std::string_view record, Severity severity,
                       std::string& out)
{
    out.append(origin.name);
    out.push_back(':');
    out += std::to_string(origin.line);
    out.push_back(':');
    out += std::to_string(d.column);
    out += severity == Severity::warning ? ": warning: " : ": ";
    out += d.message;
    out.push_back('\n');
    while (!record.empty() && (record.back() == '\r' || record.back() == '\n'))
        record.remove_suffix(1);
    // A long record is shown as a window around the column; control characters other than tab
    // become '?' so that the caret stays under its character.
    constexpr std::size_t before = 60;
    constexpr std::size_t width = 120;
    std::size_t const offset = d.column > 0 ? d.column - 1 : 0;
    std::size_t const start = offset > before ? offset - before : 0;
    std::string_view const window = record.substr(std::min(start, record.size()), width);
    std::string_view const prefix = start > 0 ? "..." : "";
    out += prefix;
    for (char c : window)
        out.push_back((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f ? '?' : c);
    if (start + width < record.size())
        out += "...";
    out.push_back('\n');
    out.append(prefix.size(), ' ');
    append_caret(window, offset - start, out);
}

void format_errors(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& errors,
                   std::string_view prefix, std::string& messages, std::string& text)
{
    messages += prefix;
    for (std::size_t i = 0; i < errors.size(); ++i) {
        if (i)
            messages += "; ";
        messages += errors[i].message;
        if (prefix.empty()) {
            format_diagnostic(origin, errors[i], record, Severity::error, text);
        } else {
            Diagnostic d = errors[i];
            d.message.insert(0, prefix);
            format_diagnostic(origin, d, record, Severity::error, text);
        }
    }
}

Diagnostic too_long_diagnostic(std::size_t limit)
{
    return Diagnostic{1, static_cast<std::uint32_t>(limit) + 1,
                      "record longer than " + std::to_string(limit) + " bytes; not read further"};
}

std::string line_of(const GameText& game, const Diagnostic& relative)
{
    std::string_view text = game.text;
    for (std::uint32_t l = 1; l < relative.line; ++l) {
        std::size_t const nl = text.find('\n');
        if (nl == std::string_view::npos)
            return {};
        text.remove_prefix(nl + 1);
    }
    std::string line(relative.line == 1 ? game.column - 1 : 0, ' ');
    line.append(text.substr(0, text.find('\n')));
    return line;
}

} // namespace fen960
