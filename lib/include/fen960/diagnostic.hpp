// Expected failures are values: a message with the 1-based line and column it points at.
//
// The one failure convention of the public headers (ARCHITECTURE.md's row says the same):
//   - A function that can fail returns Expected<T, E>: its value, or why there is none. One that
//     only does something (appends, fills a record the caller owns) returns Expected<void, E>: done,
//     or why not. The class is [[nodiscard]]: a result is never dropped unread.
//   - E is Diagnostic for one reason (the default), Diagnostics (a vector) where a call can find
//     several at once (convert's judgement), another type only where a Diagnostic has no place:
//     std::string for a usage error with no text to point into (add_selector), a struct where the
//     caller needs more than the message (PlayFailure, the move at fault; std::vector<Problem>,
//     each problem's kind).
//   - A warning is no failure: warnings go to a std::vector<Diagnostic>& out-parameter beside the
//     result (reading_warnings, convert_record's `warnings`), never into E.
//   - A query is no failing function: a test (is_legal, castles_as_chess960), a lookup that may
//     find nothing (from_name, parse_uci, chess960_setup: std::optional), a list of what is wrong
//     with a value (find_problems, pgn_tag_value_problem), or a report whose verdict is part of the
//     answer (Validation, Identification, GameResult, PositionCheck) returns its answer plainly.
//   - Exceptions only for what a caller cannot go on after: an error of the system (InputError,
//     input.hpp) and bugs (std::logic_error). A result that "cannot fail" by what the caller knows
//     is dereferenced only after an assert that says why. (Expected's value() and operator* of an
//     error, or error() of a value, throw: a bug, never undefined behaviour.)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace fen960 {

// "1 position", "960 positions": a count and its noun, for every message and summary that counts
// (the grammars have their own, grammars/common/describe.hpp).
inline std::string count_of(std::int64_t n, std::string_view singular, std::string_view plural)
{
    return std::to_string(n) + " " + std::string(n == 1 ? singular : plural);
}

struct Diagnostic {
    std::uint32_t line = 1;
    std::uint32_t column = 1; // 1-based byte column
    std::string message;      // lower case, names the field

    friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

// Every reason a call found, in the order of the text (Expected's E where there can be several).
using Diagnostics = std::vector<Diagnostic>;

// Where a record came from, for messages: `NAME:LINE:COL` (diagnostic_text.hpp writes them).
struct Origin {
    std::string_view name; // file name, "-" for stdin, "argument" for a record given alone
    std::uint64_t line = 1;
};

// A value or why there is none (std::expected is C++23). Made from either, implicitly, so a function
// returns its value or its error as they are.
template <typename T, typename E = Diagnostic>
class [[nodiscard]] Expected {
    static_assert(!std::is_same_v<T, E>, "a value and its error must be told apart by their types");

public:
    Expected(T value) : state_(std::in_place_index<0>, std::move(value)) {}
    Expected(E error) : state_(std::in_place_index<1>, std::move(error)) {}

    bool has_value() const { return state_.index() == 0; }
    explicit operator bool() const { return has_value(); }
    T& value() { return std::get<0>(state_); }
    const T& value() const { return std::get<0>(state_); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    E& error() { return std::get<1>(state_); }
    const E& error() const { return std::get<1>(state_); }

private:
    std::variant<T, E> state_;
};

// Done (made with `{}`), or why not.
template <typename E>
class [[nodiscard]] Expected<void, E> {
public:
    Expected() = default;
    Expected(E error) : error_(std::move(error)) {}

    bool has_value() const { return !error_.has_value(); }
    explicit operator bool() const { return has_value(); }
    E& error() { return error_.value(); }
    const E& error() const { return error_.value(); }

private:
    std::optional<E> error_;
};

} // namespace fen960
