#include "progress.hpp"

#include <algorithm>
#include <string>

#include <unistd.h>

namespace fen960::cli {

Progress::Progress(std::string_view command, std::string_view file, std::uint64_t size, std::string_view unit)
    : prefix_("\rfen960 " + std::string(command) + ": " + std::string(file) + ": "), unit_(unit), size_(size),
      enabled_(size >= min_size && ::isatty(STDERR_FILENO))
{
}

Progress Progress::steps(std::string_view command, std::string_view what, std::uint64_t total, std::string_view unit)
{
    Progress p(command, what, 0, "of " + std::to_string(total) + " " + std::string(unit));
    p.size_ = total;
    p.every_ = 1;
    p.enabled_ = total > 0 && ::isatty(STDERR_FILENO);
    return p;
}

void Progress::update(std::uint64_t bytes, std::uint64_t count)
{
    if (!enabled_ || count - checked_count_ < every_)
        return;
    checked_count_ = count;
    auto const now = std::chrono::steady_clock::now();
    if (shown_ && now - last_ < std::chrono::milliseconds(250))
        return;
    last_ = now;
    std::string const line = prefix_ + std::to_string(std::min<std::uint64_t>(100, bytes * 100 / size_)) + "% (" +
                             std::to_string(count) + " " + unit_ + ")";
    shown_ = true;
    [[maybe_unused]] ssize_t const n = ::write(STDERR_FILENO, line.data(), line.size());
}

void Progress::clear()
{
    if (shown_) {
        [[maybe_unused]] ssize_t const n = ::write(STDERR_FILENO, "\r\033[K", 4);
    }
    shown_ = false;
}

} // namespace fen960::cli
