// The commands' input and output: their inputs by name (lib's RecordReader and LineReader read them:
// fen960/record_reader.hpp, fen960/line_reader.hpp), buffered output, exit statuses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/diagnostic_text.hpp" // Origin, format_diagnostic, too_long_diagnostic
#include "fen960/fen.hpp"
#include "fen960/input.hpp"
#include "fen960/line_reader.hpp"
#include "fen960/record_reader.hpp" // write_error_line

namespace fen960::cli {

// An input or output failure the command cannot go on after (exit status 3).
struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Standard output's (or standard error's) reader went away, as `| head` does when it has its lines:
// the run ends at once, quietly, with status 0, as ripgrep does (main.cpp); files it was writing are
// not committed (output_file.hpp).
struct OutputClosed : IoError {
    using IoError::IoError;
};

// Exit statuses every command shares.
enum ExitStatus : int {
    exit_ok = 0,      // every record was handled
    exit_invalid = 1, // some records were invalid; the others were handled
    exit_usage = 2,   // bad command line; nothing was done
    exit_io = 3,      // an input could not be read or the output could not be written
};

// Buffered writes to a file descriptor; a failed write throws IoError (never a silent truncation).
class Output {
public:
    explicit Output(int fd) : fd_(fd) { buffer_.reserve(capacity); }
    ~Output();
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    std::string& buffer() { return buffer_; }
    void line_done()
    {
        buffer_.push_back('\n');
        maybe_flush();
    }
    void maybe_flush()
    {
        if (buffer_.size() + held_bytes_ >= capacity)
            flush();
    }
    void write(std::string_view text)
    {
        buffer_.append(text);
        maybe_flush();
    }
    void flush();
    // Everything buffered, then `text` (erased), written now: no copy of a large block.
    void write_all(std::string& text);
    // `text` written after what is buffered, a large one without a copy: its string is held until the
    // next flush, which writes the pieces with one writev, and `text` gets in return an empty string
    // with room (one held before) if there is a spare one. pgn hands each game's positions over so:
    // copied, they cost the thread that writes them the time of a cache miss a line, as written on
    // another core.
    void write_swapped(std::string& text);
    // The strings write_swapped held, once written, to `f` rather than kept as spares (pgn gives them
    // back to the reader, which hands each to the thread that wrote it).
    template <typename F>
    void give_spares(F&& f)
    {
        for (std::string& s : spare_)
            f(std::move(s));
        spare_.clear();
    }

private:
    void write_pieces();

    static constexpr std::size_t capacity = 1 << 16;
    static constexpr std::size_t held_min = 1 << 11;  // a smaller text is copied
    static constexpr std::size_t spare_max = 1 << 16; // a larger string is not kept for reuse
    int fd_;
    std::string buffer_;
    struct Held {
        std::size_t at; // after the first `at` bytes of buffer_
        std::string text;
    };
    std::vector<Held> held_;
    std::size_t held_bytes_ = 0;
    std::vector<std::string> spare_;
};

// The inputs of a record-per-line command: records given as arguments, or files ("-" = stdin).
struct Inputs {
    std::vector<std::string> records;
    std::vector<std::string> files;
};

// "fen960 COMMAND: NAME: truncated zstd data at compressed byte N; read up to READ\n"
std::string damage_message(std::string_view command, const DamagedInput& input);

// The one rule for the arguments of every command that takes records or files (validate, identify,
// key, convert, play, show, perft's FEN), never a guess from what exists on disk: an argument holding
// a space is a record; `startpos` is the standard start; a bare back rank ("BBQNNRKR", any case) is
// that Chess960 start, and black's and white's ("bbqnnrkr/RNBQKBNR") that Double Fischer Random
// start; `-` is standard input; any other argument is a file (a file with such a name: -f NAME, or
// ./NAME). argument_record gives the record an argument stands for, nothing for a file or `-`.
std::optional<std::string> argument_record(std::string_view argument);

// The one position a command like show or perft takes, by that rule: the record the argument stands
// for, else the first line of the file (or standard input) it names, without its line ending.
struct OneRecord {
    std::string text;
    std::string source = "argument"; // the name its diagnostics give (it outlives the file read)
    bool too_long = false;           // the line was cut at the limit
    std::optional<DamagedInput> damaged; // the file ended at damaged data before a first line
};
OneRecord one_record(std::string_view argument);

// The help sentence of that rule, for every command's --help.
inline constexpr const char* argument_rule =
    "An argument holding a space is a record; 'startpos' or a back rank (BBQNNRKR) a start; '-' standard "
    "input; else a file.";

// The arguments by that rule, records (as argument_record gives them) and files in the order given,
// then `files` (-f's), which are files whatever their names.
Inputs classify_arguments(const std::vector<std::string>& arguments, const std::vector<std::string>& files = {});

} // namespace fen960::cli
