// Lines of an input (a ByteSource: input.hpp), without holding more than a block of them: LineReader one
// line at a time, BlockReader blocks of whole lines for threads to split (RecordReader's, record_reader.hpp).
// A line longer than the limit is cut there and the rest of it skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/input.hpp"
#include "fen960/limits.hpp"

namespace fen960 {

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
    BlockReader(ByteSource& source, std::size_t block, std::size_t max_line = max_record_length);

    // The next block; false at the end of the input. The view is valid until the next call.
    bool next(std::string_view& block);
    bool cut() const { return cut_; }
    // The buffer holding the block next() gave (not a cut line) handed to `other`, the view now into
    // it, valid as long as `other` is not changed; `other`'s storage, made the buffer's size, takes
    // what follows the block, the reader's from now on. The block goes to a thread without a copy.
    void exchange(std::vector<char>& other);

private:
    std::size_t max_line_;
    std::string cut_line_;
    bool cut_ = false;
};

// The lines in a block as BlockReader gives it: its '\n's, and one more for a last line without one.
std::uint64_t count_lines(std::string_view block);

} // namespace fen960
