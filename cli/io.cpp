#include "io.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
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

std::string damage_message(std::string_view command, const DamagedInput& input)
{
    return "fen960 " + std::string(command) + ": " + input.name + ": " + input.damage.message +
           " at compressed byte " + std::to_string(input.damage.offset) +
           (input.read.empty() ? "; nothing read before it\n" : "; read up to " + input.read + "\n");
}

Inputs classify_arguments(const std::vector<std::string>& arguments)
{
    Inputs inputs;
    for (const std::string& a : arguments) {
        struct stat st {};
        bool const is_file = a == "-" || (::stat(a.c_str(), &st) == 0 && !S_ISDIR(st.st_mode));
        (is_file ? inputs.files : inputs.records).push_back(a);
    }
    return inputs;
}

} // namespace fen960::cli
