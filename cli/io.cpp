#include "io.hpp"

#include "fen960/limits.hpp"
#include "fen960/startpos.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fen960::cli {

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

std::uint64_t count_lines(std::string_view block)
{
    return count_newlines(block.data(), block.data() + block.size()) + (!block.empty() && block.back() != '\n');
}

Output::~Output()
{
    try {
        flush();
    } catch (const IoError&) {
        // Destructors must not throw; commands flush explicitly and report the error there.
    }
}

void Output::flush()
{
    std::size_t done = 0;
    while (done < buffer_.size()) {
        ssize_t const n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int const e = errno;
            buffer_.clear();
            if (e == EPIPE)
                throw OutputClosed("output closed");
            throw IoError(std::string("write error: ") + std::strerror(e));
        }
        done += static_cast<std::size_t>(n);
    }
    buffer_.clear();
}

void write_error_line(const Origin& origin, std::string_view record, const std::vector<Diagnostic>& errors,
                      std::string& out, std::string& err, std::string_view prefix)
{
    out += "error: ";
    format_errors(origin, record, errors, prefix, out, err);
    out.push_back('\n');
}

std::unique_ptr<InputFile> open_input(const std::string& name)
{
    return name == "-" ? std::make_unique<InputFile>(STDIN_FILENO, name) : std::make_unique<InputFile>(name);
}

std::string damage_message(std::string_view command, const DamagedInput& input)
{
    return "fen960 " + std::string(command) + ": " + input.name + ": " + input.damage.message +
           " at compressed byte " + std::to_string(input.damage.offset) +
           (input.read.empty() ? "; nothing read before it\n" : "; read up to " + input.read + "\n");
}

namespace {

// Opens every file first: a missing one is a usage problem, found before any output.
std::vector<std::unique_ptr<InputFile>> open_files(const Inputs& inputs)
{
    std::vector<std::unique_ptr<InputFile>> files;
    for (const std::string& file : inputs.files)
        files.push_back(open_input(file));
    return files;
}

// Each argument as one record (a newline inside it does not start another), cut at the limit.
void for_each_argument(const Inputs& inputs,
                       const std::function<void(const Origin&, std::string_view record, bool too_long)>& handle)
{
    std::uint64_t argument = 0;
    for (const std::string& record : inputs.records) {
        ++argument;
        std::string_view text = record;
        bool const too_long = text.size() > LineReader::default_max_line;
        if (too_long)
            text = text.substr(0, LineReader::default_max_line);
        handle(Origin{"argument", argument}, text, too_long);
    }
}

// Each input after the arguments in turn: standard input when there are neither arguments nor
// files, else each file ("-" = standard input), with `position` on it.
void for_each_input(const Inputs& inputs, ReadPosition& position, const std::function<void(InputFile& input)>& read)
{
    if (!inputs.records.empty() && inputs.files.empty())
        return;
    bool const standard_input = inputs.files.empty();
    std::vector<std::unique_ptr<InputFile>> files;
    if (standard_input)
        files.push_back(open_input("-"));
    else
        files = open_files(inputs);
    for (std::size_t i = 0; i < files.size(); ++i) {
        position.file = standard_input ? ReadPosition::no_file : i;
        position.size = files[i]->size();
        read(*files[i]);
        files[i].reset();
    }
}

} // namespace

std::vector<DamagedInput>
for_each_block(const Inputs& inputs, std::size_t block_bytes,
               const std::function<void(const Origin&, std::string_view record, bool too_long)>& record,
               const std::function<std::uint64_t(const Origin& first, std::string_view text, bool cut)>& block,
               ReadPosition* where)
{
    ReadPosition ignored;
    ReadPosition& position = where ? *where : ignored;
    std::vector<DamagedInput> damaged;
    for_each_argument(inputs, record);
    for_each_input(inputs, position, [&](InputFile& input) {
        BlockReader reader(input, block_bytes);
        std::string_view text;
        std::uint64_t line = 1;
        while (reader.next(text)) {
            position.bytes = input.raw_bytes();
            line += block(Origin{input.name(), line}, text, reader.cut());
        }
        if (const InputDamage* d = input.damage())
            damaged.push_back(DamagedInput{input.name(), *d, line > 1 ? "line " + std::to_string(line - 1) : ""});
    });
    return damaged;
}

namespace {

// A back rank's eight letters (either case) as roles, when they are one of the 960 arrangements.
std::optional<BackRank> back_rank(std::string_view letters)
{
    if (letters.size() != 8)
        return std::nullopt;
    BackRank rank{};
    for (std::size_t f = 0; f < 8; ++f) {
        std::optional<Piece> const piece = Piece::from_letter(letters[f]);
        if (!piece || piece->role == Role::pawn)
            return std::nullopt;
        rank[f] = piece->role;
    }
    if (!chess960_number(rank))
        return std::nullopt;
    return rank;
}

std::string lower_case(std::string_view text)
{
    std::string lower(text);
    for (char& c : lower)
        c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return lower;
}

std::string upper_case(std::string_view text)
{
    std::string upper(text);
    for (char& c : upper)
        c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    return upper;
}

} // namespace

std::optional<std::string> argument_record(std::string_view argument)
{
    if (argument.find(' ') != std::string_view::npos)
        return std::string(argument);
    if (argument == "startpos")
        return std::string(standard_start_fen);
    // A start's record: KQkq names the one rook on each side of each king in every dialect read.
    std::string_view black = argument;
    std::string_view white = argument;
    if (argument.size() == 17 && argument[8] == '/') {
        black = argument.substr(0, 8);
        white = argument.substr(9);
    }
    if (!back_rank(black) || !back_rank(white))
        return std::nullopt;
    return lower_case(black) + "/pppppppp/8/8/8/8/PPPPPPPP/" + upper_case(white) + " w KQkq - 0 1";
}

Inputs classify_arguments(const std::vector<std::string>& arguments, const std::vector<std::string>& files)
{
    Inputs inputs;
    for (const std::string& a : arguments) {
        if (std::optional<std::string> record = argument_record(a))
            inputs.records.push_back(std::move(*record));
        else
            inputs.files.push_back(a);
    }
    inputs.files.insert(inputs.files.end(), files.begin(), files.end());
    return inputs;
}

} // namespace fen960::cli
