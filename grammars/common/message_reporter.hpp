// The first failure of one parse, worded: its byte offset from the start of the text and its message.
// The FEN and PGN reporters derive from it and word the failures of their own rules; a custom parser
// that already has the whole message throws it behind full_message_marker.
#pragma once

#include <cstddef>
#include <string>

namespace fen960::grammars {

// Rule names that start with this marker are complete messages (thrown by the custom parsers).
inline constexpr char full_message_marker = '!';

class MessageReporter {
public:
    explicit MessageReporter(char const* text_begin) : begin_(text_begin) {}

    bool failed() const { return failed_; }
    std::size_t offset() const { return offset_; }
    std::string const& message() const { return message_; }

protected:
    // Keeps the first failure only: false when one is kept already. Takes `where` as the offset, and a
    // complete message from `which`; `needs_words` then says whether the caller must word it.
    bool first(char const* where, std::string const& which, bool& needs_words)
    {
        if (failed_)
            return false;
        failed_ = true;
        offset_ = static_cast<std::size_t>(where - begin_);
        needs_words = which.empty() || which.front() != full_message_marker;
        if (!needs_words)
            message_ = which.substr(1);
        return true;
    }

    char const* begin_;
    std::size_t offset_ = 0;
    std::string message_;

private:
    bool failed_ = false;
};

} // namespace fen960::grammars
