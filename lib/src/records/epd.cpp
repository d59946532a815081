// EPD operations: the grammar (grammars/fen/operations_def.hpp) gives the items as written; here
// they get their meaning: the clocks `hmvc`/`fmvn` (PGN standard 16.2.5.5, 16.2.5.4), perft counts
// `D<depth>`, and how a record's clocks and operations are written in each shape.
#include "fen960/epd.hpp"

#include <cstring>

#include "records/epd_reading.hpp"
#include "fen960/names.hpp"
#include "fen/syntax.hpp"
#include "fen/vocabulary.hpp"
#include "records/fen_text.hpp"

namespace fen960 {

namespace {

constexpr std::uint64_t max_clock = 0x7fffffff;

std::uint32_t column_in(std::string_view text, std::string_view part)
{
    return static_cast<std::uint32_t>(part.data() - text.data()) + 1;
}

// A clock operand: at most 2^31-1.
std::optional<std::uint32_t> clock_operand(std::string_view operand)
{
    std::optional<std::uint64_t> const value = detail::decimal(operand, max_clock);
    return value ? std::optional(static_cast<std::uint32_t>(*value)) : std::nullopt;
}

// Whether the operations may hold a clock operation; false only when they surely hold none.
bool may_hold_clocks(std::string_view operations)
{
    // By their rare 'v' (one memchr call for most lists; two substring searches cost three times that).
    for (std::size_t at = operations.find('v', 2); at != std::string_view::npos && at + 1 < operations.size();
         at = operations.find('v', at + 1)) {
        std::string_view const word = operations.substr(at - 2, 4);
        if (word == "hmvc" || word == "fmvn")
            return true;
    }
    return false;
}

// The operations from the list the grammar read, with their columns in `text`.
Expected<void> parse_list(std::string_view text, std::string_view rest, std::vector<EpdOperation>& out)
{
    out.clear();
    if (rest.empty())
        return {};
    thread_local std::vector<fen_syntax::Operation> items;
    fen_syntax::Error error;
    if (!fen_syntax::parse_operations(rest, items, error))
        return Diagnostic{1, column_in(text, rest) + static_cast<std::uint32_t>(error.offset), std::move(error.message)};
    out.reserve(items.size());
    for (fen_syntax::Operation& item : items) {
        EpdOperation& op = out.emplace_back();
        op.opcode = item.opcode;
        op.operands = std::move(item.operands);
        op.column = column_in(text, op.opcode.empty() ? op.operands.front() : op.opcode);
    }
    return {};
}

// The clocks the operations state, each with the column of its operation.
struct OperationClocks {
    std::optional<std::uint32_t> halfmove;
    std::optional<std::uint32_t> fullmove;
    std::uint32_t halfmove_column = 0;
    std::uint32_t fullmove_column = 0;
};

Expected<void> find_clocks(const std::vector<EpdOperation>& operations, OperationClocks& clocks)
{
    for (const EpdOperation& op : operations) {
        if (!is_clock_operation(op))
            continue;
        bool const half = op.opcode == "hmvc";
        std::string const opcode(op.opcode);
        std::string const what = std::string(half ? "the halfmove clock" : "the fullmove number") + ": 0 to 2147483647";
        if (op.operands.size() != 1)
            return Diagnostic{1, op.column, opcode + " needs one operand (" + what + ")"};
        std::optional<std::uint32_t> const value = clock_operand(op.operands[0]);
        if (!value)
            return Diagnostic{1, op.column + static_cast<std::uint32_t>(op.operands[0].data() - op.opcode.data()),
                              "invalid " + opcode + " operand '" + std::string(op.operands[0].substr(0, 20)) + "' (" +
                                  what + ")"};
        std::optional<std::uint32_t>& slot = half ? clocks.halfmove : clocks.fullmove;
        if (slot && *slot != *value)
            return Diagnostic{1, op.column,
                              "two " + opcode + " operations disagree (" + std::to_string(*slot) + " and " +
                                  std::to_string(*value) + ")"};
        slot = value;
        (half ? clocks.halfmove_column : clocks.fullmove_column) = op.column;
    }
    return {};
}

// The record's clocks from the operations' clocks: taken when it has no clock fields; else the two
// must say the same.
Expected<void> apply_clocks(const OperationClocks& clocks, FenRecord& record)
{
    Setup& setup = record.setup;
    if (!record.has_clocks) {
        if (clocks.halfmove)
            setup.halfmove_clock = *clocks.halfmove;
        if (clocks.fullmove) {
            setup.fullmove_number = *clocks.fullmove ? *clocks.fullmove : 1;
            if (*clocks.fullmove == 0)
                record.fullmove_zero_column = clocks.fullmove_column;
        }
        record.clocks_from_operations = clocks.halfmove || clocks.fullmove;
        return {};
    }
    if (clocks.halfmove && *clocks.halfmove != setup.halfmove_clock)
        return Diagnostic{1, clocks.halfmove_column,
                          "halfmove clock " + std::to_string(setup.halfmove_clock) + " contradicts operation hmvc " +
                              std::to_string(*clocks.halfmove)};
    if (clocks.fullmove && (*clocks.fullmove ? *clocks.fullmove : 1) != setup.fullmove_number)
        return Diagnostic{1, clocks.fullmove_column,
                          "fullmove number " + std::to_string(setup.fullmove_number) + " contradicts operation fmvn " +
                              std::to_string(*clocks.fullmove)};
    return {};
}

bool is_opcode(const EpdOperation& op, std::string_view opcode)
{
    return op.opcode == opcode;
}

} // namespace

std::string_view EpdOperation::text() const
{
    std::string_view const first = opcode.empty() ? operands.front() : opcode;
    std::string_view const last = operands.empty() ? opcode : operands.back();
    return std::string_view(first.data(), static_cast<std::size_t>(last.data() + last.size() - first.data()));
}

std::string operand_value(std::string_view operand)
{
    namespace v = fen_grammar::vocabulary;
    if (operand.empty() || operand.front() != v::quote)
        return std::string(operand);
    std::string value;
    std::size_t i = 1;
    for (; i < operand.size() && operand[i] != v::quote; ++i) {
        if (operand[i] == v::escape && i + 1 < operand.size())
            ++i;
        value.push_back(operand[i]);
    }
    value.append(operand.substr(std::min(i + 1, operand.size()))); // bytes glued to the closing quote
    return value;
}

Expected<void> parse_operations(std::string_view text, const FenRecord& record, std::vector<EpdOperation>& out)
{
    return parse_list(text, record.rest(text), out);
}

bool is_clock_operation(const EpdOperation& op)
{
    return is_opcode(op, "hmvc") || is_opcode(op, "fmvn");
}

Expected<void> perft_counts(const std::vector<EpdOperation>& operations, std::vector<PerftCount>& out)
{
    for (const EpdOperation& op : operations) {
        std::string_view const code = op.opcode;
        if (code.size() < 2 || code.size() > 3 || code[0] != 'D' ||
            code.find_first_not_of("0123456789", 1) != std::string_view::npos || code[1] == '0')
            continue;
        int const depth = std::stoi(std::string(code.substr(1)));
        std::optional<std::uint64_t> const nodes =
            op.operands.size() == 1 ? detail::decimal(op.operands[0], ~std::uint64_t{0}) : std::nullopt;
        if (!nodes)
            return Diagnostic{1, op.column, std::string(code) + " needs one operand, the node count"};
        out.push_back(PerftCount{depth, *nodes, op.column});
    }
    return {};
}

const char* name(Shape s)
{
    return name_of(shape_names, s);
}

namespace {

// The rest without its clock operations: each goes with the white space and the ';' after it, and
// white space the removal leaves at the end goes too.
void append_rest_without_clocks(std::string_view rest, const std::vector<EpdOperation>& operations, std::string& out)
{
    namespace v = fen_grammar::vocabulary;
    std::size_t const start = out.size();
    char const* at = rest.data();
    char const* const end = rest.data() + rest.size();
    auto const skip_blanks = [end](char const* p) {
        while (p != end && v::is_blank(*p))
            ++p;
        return p;
    };
    for (const EpdOperation& op : operations) {
        if (!is_clock_operation(op))
            continue;
        std::string_view const item = op.text();
        out.append(at, static_cast<std::size_t>(item.data() - at));
        at = item.data() + item.size();
        if (char const* after = skip_blanks(at); after != end && *after == v::separator)
            at = skip_blanks(after + 1);
    }
    out.append(at, static_cast<std::size_t>(end - at));
    if (!rest.empty() && !v::is_blank(rest.back()))
        while (out.size() > start && v::is_blank(out.back()))
            out.pop_back();
    if (out.find_first_not_of(v::blank_chars, start) == std::string::npos)
        out.resize(start);
}

// " H F": the clock fields.
void append_clock_fields(const Setup& setup, std::string& out)
{
    char digits[24];
    char* const end = detail::write_number(setup.fullmove_number, detail::write_number(setup.halfmove_clock, digits));
    out.append(digits, static_cast<std::size_t>(end - digits));
}

// " OPCODE N": a clock operation without its ';'.
void append_clock_operation(const char* opcode, std::uint32_t value, std::string& out)
{
    out += ' ';
    out += opcode;
    char digits[16];
    out.append(digits, static_cast<std::size_t>(detail::write_number(value, digits) - digits));
}

} // namespace

void append_after_fields(std::string_view text, const FenRecord& record, const std::vector<EpdOperation>& operations,
                         Shape shape, std::string& out)
{
    namespace v = fen_grammar::vocabulary;
    std::string_view const rest = record.rest(text);
    const Setup& setup = record.setup;
    if (shape == Shape::as_read || shape == Shape::fen) {
        if (record.has_clocks || shape == Shape::fen)
            append_clock_fields(setup, out);
        if (shape == Shape::fen && record.clocks_from_operations)
            append_rest_without_clocks(rest, operations, out);
        else
            out.append(rest);
        return;
    }
    // EPD: the clock fields as operations, unless the operations state them already.
    bool written = false;
    if (record.has_clocks) {
        bool has_half = false;
        bool has_full = false;
        for (const EpdOperation& op : operations) {
            has_half = has_half || is_opcode(op, "hmvc");
            has_full = has_full || is_opcode(op, "fmvn");
        }
        if (!has_half)
            append_clock_operation("hmvc", setup.halfmove_clock, out);
        if (!has_half && !has_full)
            out += v::separator;
        if (!has_full)
            append_clock_operation("fmvn", setup.fullmove_number, out);
        written = !has_half || !has_full;
    }
    // Their ';', unless the operations begin with one.
    std::size_t const first = rest.find_first_not_of(v::blank_chars);
    if (written && (first == std::string_view::npos || rest[first] != v::separator))
        out += v::separator;
    out.append(rest);
}

namespace detail {

std::optional<std::uint64_t> decimal(std::string_view digits, std::uint64_t limit)
{
    if (digits.empty())
        return std::nullopt;
    std::uint64_t value = 0;
    for (char const c : digits) {
        if (c < '0' || c > '9')
            return std::nullopt;
        auto const d = static_cast<std::uint64_t>(c - '0');
        if (value > (limit - d) / 10)
            return std::nullopt;
        value = value * 10 + d;
    }
    return value;
}

Expected<void> read_operations(std::string_view text, FenRecord& record, std::vector<EpdOperation>* out)
{
    std::string_view const rest = record.rest(text);
    if (!out && fen_syntax::operations_parse(rest) && !may_hold_clocks(rest))
        return {};
    thread_local std::vector<EpdOperation> own;
    std::vector<EpdOperation>& operations = out ? *out : own;
    if (auto listed = parse_list(text, rest, operations); !listed)
        return listed;
    OperationClocks clocks;
    if (auto found = find_clocks(operations, clocks); !found)
        return found;
    return apply_clocks(clocks, record);
}

} // namespace detail

} // namespace fen960
