// A progress line on standard error for long runs: "\rfen960 COMMAND: FILE: 42% (123456 UNIT)", redrawn
// at most four times a second, only for a regular file of at least 8 MiB and only when standard error
// is a terminal (never in a pipe or a log). Whoever writes messages to standard error clears it first.
// Work counted in steps instead of bytes (perft's root moves, a suite's positions) has a line of its
// own kind, steps(): "\rfen960 perft: depth 7: 45% (9 of 20 root moves)".
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace fen960::cli {

class Progress {
public:
    static constexpr std::uint64_t min_size = 8 << 20;

    Progress() = default;
    // `size` 0: not a regular file (no percentage can be known), no line.
    Progress(std::string_view command, std::string_view file, std::uint64_t size, std::string_view unit);

    // `total` steps of work the caller knows to be long, on a terminal: update(done, done) after each.
    static Progress steps(std::string_view command, std::string_view what, std::uint64_t total,
                          std::string_view unit);

    bool enabled() const { return enabled_; }
    // `bytes` of the file read so far, `count` items (games, records) of it done so far. Cheap to call
    // for every item: the clock is looked at once 256 more items are done.
    void update(std::uint64_t bytes, std::uint64_t count);
    // Erases the line, if one is shown.
    void clear();

private:
    std::string prefix_;
    std::string unit_;
    std::uint64_t size_ = 0;
    std::uint64_t checked_count_ = 0;
    std::uint64_t every_ = 256; // items between two looks at the clock
    bool enabled_ = false;
    bool shown_ = false;
    std::chrono::steady_clock::time_point last_{};
};

} // namespace fen960::cli
