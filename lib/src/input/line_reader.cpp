// LineReader and BlockReader (line_reader.hpp).
#include "fen960/line_reader.hpp"

#include <algorithm>
#include <cstring>

#include <string.h> // memrchr

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fen960 {

namespace {

// The number of '\n' in [p, end): sixteen bytes at a time, with a byte-wide count per lane that is
// summed before it can overflow (a call of memchr per line costs twice as much).
std::uint64_t count_newlines(char const* p, char const* end)
{
    std::uint64_t count = 0;
#if defined(__SSE2__)
    __m128i const newline = _mm_set1_epi8('\n');
    while (end - p >= 16) {
        __m128i lanes = _mm_setzero_si128(); // minus the newlines seen per lane, at most 255
        for (int i = 0; i < 255 && end - p >= 16; ++i, p += 16)
            lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<__m128i const*>(p)), newline));
        __m128i const sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
        count += static_cast<std::uint64_t>(_mm_cvtsi128_si32(sums)) +
                 static_cast<std::uint64_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
    }
#endif
    for (; p != end; ++p)
        count += *p == '\n';
    return count;
}

} // namespace

bool InputBuffer::fill()
{
    if (eof_)
        return false;
    if (begin_ > 0) {
        std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
        end_ -= begin_;
        begin_ = 0;
    }
    std::size_t const n = source_.read(buffer_.data() + end_, buffer_.size() - end_);
    end_ += n;
    eof_ = n == 0;
    return n > 0;
}

void InputBuffer::skip_line()
{
    begin_ = end_;
    while (fill()) {
        auto const* nl = static_cast<char const*>(std::memchr(buffer_.data(), '\n', end_));
        if (nl) {
            begin_ = static_cast<std::size_t>(nl - buffer_.data()) + 1;
            return;
        }
        begin_ = end_;
    }
}

LineReader::LineReader(ByteSource& source, std::size_t max_line)
    : InputBuffer(source, std::max<std::size_t>(max_line + 1, 1 << 20)), max_line_(max_line)
{
}

bool LineReader::next(std::string_view& line)
{
    too_long_ = false;
    std::size_t scanned = 0; // bytes after begin_ known to hold no '\n'
    for (;;) {
        std::size_t const available = end_ - begin_;
        char const* const start = buffer_.data() + begin_;
        auto const* newline = static_cast<char const*>(std::memchr(start + scanned, '\n', available - scanned));
        if (newline) {
            std::size_t const length = static_cast<std::size_t>(newline - start);
            too_long_ = length > max_line_;
            line = std::string_view(start, too_long_ ? max_line_ : length);
            begin_ += length + 1;
            ++line_number_;
            return true;
        }
        scanned = available;
        if (available > max_line_) {
            // Too long: keep the first max_line bytes, then skip to the end of the line.
            too_long_ = true;
            ++line_number_;
            long_line_.assign(start, max_line_);
            skip_line();
            line = long_line_;
            return true;
        }
        if (!fill()) {
            if (available == 0 || damaged())
                return false;
            too_long_ = available > max_line_;
            line = std::string_view(buffer_.data() + begin_, too_long_ ? max_line_ : available);
            begin_ = end_;
            ++line_number_;
            return true;
        }
    }
}

// The buffer is larger than a line at the limit, so that a full buffer without a '\n' holds a line
// over it.
BlockReader::BlockReader(ByteSource& source, std::size_t block, std::size_t max_line)
    : InputBuffer(source, std::max(block, max_line + 1)), max_line_(max_line)
{
}

bool BlockReader::next(std::string_view& block)
{
    cut_ = false;
    // Fill the buffer as far as the input goes, then hand on everything up to its last '\n'.
    while (end_ - begin_ < buffer_.size() && fill()) {
    }
    char const* const start = buffer_.data() + begin_;
    std::size_t const available = end_ - begin_;
    if (available == 0)
        return false;
    auto const* last = static_cast<char const*>(::memrchr(start, '\n', available));
    if (!last && eof_ && damaged())
        return false; // a line cut short by the damage
    if (last || eof_) {
        // Whole lines; at the end of the input, its last line, which has no '\n'.
        std::size_t const length = last ? static_cast<std::size_t>(last - start) + 1 : available;
        block = std::string_view(start, length);
        begin_ += length;
        return true;
    }
    // A full buffer and no '\n': one line longer than the limit. Its start, then skip to its end.
    cut_line_.assign(start, max_line_);
    skip_line();
    block = cut_line_;
    cut_ = true;
    return true;
}

void BlockReader::exchange(std::vector<char>& other)
{
    other.resize(buffer_.size());
    std::size_t const rest = end_ - begin_;
    std::memcpy(other.data(), buffer_.data() + begin_, rest);
    buffer_.swap(other);
    begin_ = 0;
    end_ = rest;
}

std::uint64_t count_lines(std::string_view block)
{
    return count_newlines(block.data(), block.data() + block.size()) + (!block.empty() && block.back() != '\n');
}

} // namespace fen960
