// Streaming input and output for the record-per-line commands: large blocks in, large blocks out,
// one block of whole lines in memory at a time (a longer line cut at the limit), and a failed record's
// line (diagnostics in the library's format, fen960/diagnostic_text.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/diagnostic_text.hpp" // Origin, format_diagnostic, too_long_diagnostic
#include "fen960/fen.hpp"
#include "fen960/input.hpp"

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

// An input's bytes (plain or decompressed: an InputFile) in a buffer, [begin_, end_) not handed on yet:
// what the readers below share.
class InputBuffer {
protected:
    InputBuffer(ByteSource& source, std::size_t size) : source_(source), buffer_(size) {}

    // Moves the bytes not handed on to the front and reads more after them; false at the end of the input.
    bool fill();
    // Skips what is left of a line whose start was handed on, up to and including its '\n'.
    void skip_line();
    // At the end of the input: it ended at damaged data, so a last line without its '\n' is cut short.
    bool damaged() const { return source_.damage() != nullptr; }

    ByteSource& source_;
    std::vector<char> buffer_;
    std::size_t begin_ = 0;
    std::size_t end_ = 0;
    bool eof_ = false;
};

// Reads lines without holding more than one line (up to `max_line` bytes).
class LineReader : public InputBuffer {
public:
    static constexpr std::size_t default_max_line = max_record_length;

    explicit LineReader(ByteSource& source, std::size_t max_line = default_max_line);

    // The next line without its '\n' (a '\r' before it is kept). False at the end of the input, and
    // before a last line without '\n' when the input ended at damaged data (that line is cut short).
    // A line longer than max_line is cut there; `too_long()` says so and the rest is skipped.
    bool next(std::string_view& line);
    bool too_long() const { return too_long_; }
    std::uint64_t line_number() const { return line_number_; }

private:
    std::size_t max_line_;
    std::string long_line_;
    bool too_long_ = false;
    std::uint64_t line_number_ = 0;
};

// Reads whole lines in blocks of about `block` bytes, for threads to split: the reader does not look at
// each line, only for the last '\n' of each block. Each block holds lines each ending in '\n' (the
// input's last one may lack it, unless the input ended at damaged data: then that line is left out),
// as LineReader reads them, to be cut at max_line by whoever splits them. A line longer than the whole
// buffer comes alone instead, already cut at max_line (`cut()`), and the rest of it is skipped.
class BlockReader : public InputBuffer {
public:
    BlockReader(ByteSource& source, std::size_t block, std::size_t max_line = LineReader::default_max_line);

    // The next block; false at the end of the input. The view is valid until the next call.
    bool next(std::string_view& block);
    bool cut() const { return cut_; }

private:
    std::size_t max_line_;
    std::string cut_line_;
    bool cut_ = false;
};

// The lines in a block as BlockReader gives it: its '\n's, and one more for a last line without one.
std::uint64_t count_lines(std::string_view block);

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
        if (buffer_.size() >= capacity)
            flush();
    }
    void write(std::string_view text)
    {
        buffer_.append(text);
        if (buffer_.size() >= capacity)
            flush();
    }
    void flush();

private:
    static constexpr std::size_t capacity = 1 << 16;
    int fd_;
    std::string buffer_;
};

// The inputs of a record-per-line command: records given as arguments, or files ("-" = stdin).
struct Inputs {
    std::vector<std::string> records;
    std::vector<std::string> files;
};

// An input of a command by its name: a file, plain or compressed, or standard input for "-". Throws
// InputError ("cannot open NAME: REASON").
std::unique_ptr<InputFile> open_input(const std::string& name);

// An input that ended at damaged compressed data (a partial download): everything before the damage
// was read and handled; `read` says how far that went ("line 120", "game 7"; empty: nothing).
struct DamagedInput {
    std::string name;
    InputDamage damage;
    std::string read;
};

// "fen960 COMMAND: NAME: truncated zstd data at compressed byte N; read up to READ\n"
std::string damage_message(std::string_view command, const DamagedInput& input);

// Where for_each_record is when it hands a record over: which file (its index in Inputs::files; none
// for arguments and standard input), the bytes of it read so far (compressed bytes for a compressed
// file: its bytes on disk) and its size on disk (0 unless a regular file).
struct ReadPosition {
    static constexpr std::size_t no_file = static_cast<std::size_t>(-1);
    std::size_t file = no_file;
    std::uint64_t bytes = 0;
    std::uint64_t size = 0;
};

// Calls `record` for each record given as an argument (cut at the limit, with too_long set), then
// `block` for each block of whole lines (BlockReader's) of each file or of standard input, with the
// line number of its first line and whether it is one line already cut at the limit; `block` returns
// the number of lines it held (count_lines, or 1 for a cut line). Checks first that every file
// opens (throws InputError naming it otherwise). `where`, when given, is kept up to date before each
// call. An input that ends at damaged data ends there; the next one is still read. Returns those inputs.
std::vector<DamagedInput>
for_each_block(const Inputs& inputs, std::size_t block_bytes,
               const std::function<void(const Origin&, std::string_view record, bool too_long)>& record,
               const std::function<std::uint64_t(const Origin& first, std::string_view text, bool cut)>& block,
               ReadPosition* where = nullptr);

// The one rule for the arguments of every command that takes records or files (validate, identify,
// key, convert, play, show, perft's FEN), never a guess from what exists on disk: an argument holding
// a space is a record; `startpos` is the standard start; a bare back rank ("BBQNNRKR", any case) is
// that Chess960 start, and black's and white's ("bbqnnrkr/RNBQKBNR") that Double Fischer Random
// start; `-` is standard input; any other argument is a file (a file with such a name: -f NAME, or
// ./NAME). argument_record gives the record an argument stands for, nothing for a file or `-`.
std::optional<std::string> argument_record(std::string_view argument);

// The help sentence of that rule, for every command's --help.
inline constexpr const char* argument_rule =
    "An argument holding a space is a record, 'startpos' the standard start, a bare back rank (BBQNNRKR; "
    "bbqnnrkr/RNBQKBNR for Double Fischer Random) that start, '-' standard input, any other argument a "
    "file (-f FILE: a file whatever its name).";

// The arguments by that rule, records (as argument_record gives them) and files in the order given,
// then `files` (-f's), which are files whatever their names.
Inputs classify_arguments(const std::vector<std::string>& arguments, const std::vector<std::string>& files = {});

// A failed record's slot: `error: PREFIX M1; M2; ...` and a newline on `out`, and each diagnostic with
// its caret on `err` (with PREFIX before its message too).
void write_error_line(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& errors,
                      std::string& out, std::string& err, std::string_view prefix = {});

} // namespace fen960::cli
