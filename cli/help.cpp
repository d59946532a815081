#include "help.hpp"

#include <algorithm>
#include <vector>

#include <sys/ioctl.h>
#include <unistd.h>

namespace fen960::cli {

namespace {

std::size_t columns(std::string_view text)
{
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::size_t edit_distance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t const above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

} // namespace

std::size_t help_width()
{
    winsize size{};
    if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return std::max<std::size_t>(40, size.ws_col);
    return 80;
}

std::string wrap_line(std::string_view line, std::size_t width, std::size_t indent)
{
    std::string out;
    std::size_t const lead = line.find_first_not_of(' ');
    if (lead == std::string_view::npos)
        return "\n";
    out.append(lead, ' ');
    std::size_t used = lead;
    bool first_word = true;
    for (std::size_t at = lead; at < line.size();) {
        std::size_t end = std::min(line.find(' ', at), line.size());
        // A quoted argument of an example (a record) is one word, kept on one line.
        if (line[at] == '\'' && line.find('\'', at + 1) >= end && line.find('\'', at + 1) != std::string_view::npos)
            end = std::min(line.find(' ', line.find('\'', at + 1)), line.size());
        std::string_view const word = line.substr(at, end - at);
        // Runs of spaces inside the line (aligned comments) are kept while it goes on.
        std::size_t const next = std::min(line.find_first_not_of(' ', end), line.size());
        std::size_t const gap = next - end;
        if (!first_word && used + columns(word) > width) {
            while (!out.empty() && out.back() == ' ')
                out.pop_back();
            out += '\n';
            out.append(indent, ' ');
            used = indent;
        }
        out += word;
        used += columns(word);
        if (next < line.size()) {
            out.append(gap, ' ');
            used += gap;
        }
        first_word = false;
        at = next;
    }
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out + '\n';
}

std::string wrap_text(std::string_view text, std::size_t width)
{
    std::string out;
    while (!text.empty()) {
        std::size_t const end = std::min(text.find('\n'), text.size());
        std::string_view const line = text.substr(0, end);
        std::size_t const lead = std::min(line.find_first_not_of(' '), line.size());
        out += wrap_line(line, width, lead == 0 ? 0 : lead + 4);
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return out;
}

std::string wrap_entry(std::string_view left, std::string_view text, std::size_t column, std::size_t width)
{
    std::string line = "  " + std::string(left);
    if (text.empty())
        return line + '\n';
    std::string out;
    if (columns(line) + 2 > column) {
        out = line + '\n';
        line.assign(column, ' ');
    } else {
        line.append(column - columns(line), ' ');
    }
    // Each paragraph of the text (a '\n' in it) under the column.
    for (bool first = true; first || !text.empty(); first = false) {
        std::size_t const end = std::min(text.find('\n'), text.size());
        if (!first)
            line = std::string(column, ' ');
        std::string const wrapped = wrap_line(line + std::string(text.substr(0, end)), width, column);
        out += wrapped;
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return out;
}

std::string_view nearest_name(std::string_view word, std::span<const std::string_view> names)
{
    std::string_view best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    for (std::string_view name : names) {
        std::size_t const distance = !word.empty() && name.starts_with(word) ? 1 : edit_distance(word, name);
        if (distance < best_distance) {
            best = name;
            best_distance = distance;
        }
    }
    return best;
}

} // namespace fen960::cli
