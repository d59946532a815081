// What the command line tells a person about itself, without CLI11: help text wrapped to the
// terminal's width, and the command nearest a mistyped one. main.cpp's formatter lays out every
// command's --help with these; nothing else wraps text.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace fen960::cli {

// The columns help is wrapped to: standard output's width when it is a terminal, else 80 (never
// fewer than 40).
std::size_t help_width();

// `line` (no '\n') broken at spaces into lines of at most `width` columns where its words allow (a
// longer word stands alone; a word in single quotes, as an example's record, is one word), each line
// after the first indented by `indent` spaces; each line ends with '\n'. Columns are counted in
// characters (UTF-8), not bytes.
std::string wrap_line(std::string_view line, std::size_t width, std::size_t indent);

// Each line of `text` wrapped by wrap_line, continued under its own indentation (an indented line,
// an example, four columns further in), so a paragraph is written as one line.
std::string wrap_text(std::string_view text, std::size_t width);

// "  LEFT  TEXT" as an option or a command is listed: TEXT wrapped into the columns from `column` on,
// starting on the next line when LEFT reaches into them.
std::string wrap_entry(std::string_view left, std::string_view text, std::size_t column, std::size_t width);

// The name in `names` nearest `word` (edit distance, a prefix counting as near), or empty when none
// is near enough to be what was meant.
std::string_view nearest_name(std::string_view word, std::span<const std::string_view> names);

} // namespace fen960::cli
