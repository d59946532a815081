#include "io.hpp"

#include "fen960/limits.hpp"
#include "fen960/startpos.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>


namespace fen960::cli {

Output::~Output()
{
    try {
        flush();
    } catch (const IoError&) {
        // Destructors must not throw; commands flush explicitly and report the error there.
    }
}

void Output::write_all(std::string& text)
{
    flush();
    buffer_.swap(text);
    flush();
    buffer_.swap(text);
}

void Output::write_swapped(std::string& text)
{
    if (text.size() < held_min) {
        write(text);
        text.clear();
        return;
    }
    held_bytes_ += text.size();
    held_.push_back(Held{buffer_.size(), {}});
    held_.back().text.swap(text);
    if (!spare_.empty()) {
        text.swap(spare_.back());
        spare_.pop_back();
    }
    maybe_flush();
}

void Output::flush()
{
    try {
        write_pieces();
    } catch (const IoError&) {
        buffer_.clear();
        held_.clear();
        held_bytes_ = 0;
        throw;
    }
    buffer_.clear();
    for (Held& h : held_)
        if (h.text.capacity() <= spare_max) {
            h.text.clear();
            spare_.push_back(std::move(h.text));
        }
    held_.clear();
    held_bytes_ = 0;
}

// The buffer and the held texts in order, with as few calls as the system allows.
void Output::write_pieces()
{
    std::vector<iovec> pieces;
    std::size_t from = 0;
    auto const piece = [&pieces](const char* data, std::size_t size) {
        if (size)
            pieces.push_back(iovec{const_cast<char*>(data), size});
    };
    for (const Held& h : held_) {
        piece(buffer_.data() + from, h.at - from);
        piece(h.text.data(), h.text.size());
        from = h.at;
    }
    piece(buffer_.data() + from, buffer_.size() - from);
    for (std::size_t i = 0; i < pieces.size();) {
        int const count = static_cast<int>(std::min<std::size_t>(pieces.size() - i, IOV_MAX));
        ssize_t n = ::writev(fd_, pieces.data() + i, count);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int const e = errno;
            if (e == EPIPE)
                throw OutputClosed("output closed");
            throw IoError(std::string("write error: ") + std::strerror(e));
        }
        // Past the pieces written whole, into the one written in part.
        for (; i < pieces.size() && static_cast<std::size_t>(n) >= pieces[i].iov_len; ++i)
            n -= static_cast<ssize_t>(pieces[i].iov_len);
        if (n > 0) {
            pieces[i].iov_base = static_cast<char*>(pieces[i].iov_base) + n;
            pieces[i].iov_len -= static_cast<std::size_t>(n);
        }
    }
}

std::string damage_message(std::string_view command, const DamagedInput& input)
{
    return "fen960 " + std::string(command) + ": " + input.name + ": " + input.damage.message +
           " at compressed byte " + std::to_string(input.damage.offset) +
           (input.read.empty() ? "; nothing read before it\n" : "; read up to " + input.read + "\n");
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

OneRecord one_record(std::string_view argument)
{
    OneRecord one;
    if (std::optional<std::string> given = argument_record(argument)) {
        one.text = std::move(*given);
        one.too_long = one.text.size() > max_record_length;
        return one;
    }
    std::unique_ptr<InputFile> const input = open_input(std::string(argument));
    LineReader reader(*input);
    std::string_view line;
    if (reader.next(line))
        one.text = std::string(line);
    else if (input->damage())
        one.damaged = DamagedInput{std::string(argument), *input->damage(), ""};
    one.too_long = reader.too_long();
    one.source = input->name();
    while (!one.text.empty() && one.text.back() == '\r')
        one.text.pop_back();
    return one;
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
