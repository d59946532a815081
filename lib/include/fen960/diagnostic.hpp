// Expected failures are values: a message with the 1-based line and column it points at.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace fen960 {

struct Diagnostic {
    std::uint32_t line = 1;
    std::uint32_t column = 1; // 1-based byte column
    std::string message;      // lower case, names the field

    friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// Where a record came from, for messages: `NAME:LINE:COL` (diagnostic_text.hpp writes them).
struct Origin {
    std::string_view name; // file name, "-" for stdin, "argument" for a record given alone
    std::uint64_t line = 1;
};

// A value or the diagnostic that explains why there is none (std::expected is C++23).
template <typename T>
class Expected {
public:
    Expected(T value) : state_(std::move(value)) {}
    Expected(Diagnostic error) : state_(std::move(error)) {}

    bool has_value() const { return state_.index() == 0; }
    explicit operator bool() const { return has_value(); }
    T& value() { return std::get<0>(state_); }
    const T& value() const { return std::get<0>(state_); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Diagnostic& error() const { return std::get<1>(state_); }

private:
    std::variant<T, Diagnostic> state_;
};

} // namespace fen960
