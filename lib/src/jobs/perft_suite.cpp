// Reading perft suites: the record of each position and its counts, from EPD operations (epd.cpp
// reads them) or from the lines of a `.perft` block.
#include "fen960/perft_suite.hpp"

#include "records/epd_reading.hpp"
#include "fen960/epd.hpp"
#include "fen960/fen.hpp"
#include "fen960/position.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

namespace {

bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

// The line's first word and what follows it (white space skipped); empty when it has none.
std::pair<std::string_view, std::string_view> first_word(std::string_view line)
{
    std::size_t begin = 0;
    while (begin < line.size() && is_blank(line[begin]))
        ++begin;
    std::size_t end = begin;
    while (end < line.size() && !is_blank(line[end]))
        ++end;
    std::size_t rest = end;
    while (rest < line.size() && is_blank(line[rest]))
        ++rest;
    return {line.substr(begin, end - begin), line.substr(rest)};
}

std::uint32_t column_in(std::string_view line, std::string_view part)
{
    return static_cast<std::uint32_t>(part.data() - line.data()) + 1;
}

// A record and its D<n> counts into `p`; `record` is the part of the line that holds it.
void read_record(std::string_view line, std::string_view record, SuitePosition& p)
{
    FenRecord r;
    std::vector<EpdOperation> operations;
    std::vector<PerftCount> counts;
    Expected<void> read = parse_fen(record, InputDialect::automatic, r, operations);
    if (read)
        read = perft_counts(operations, counts);
    if (!read) {
        Diagnostic& error = read.error();
        error.line = static_cast<std::uint32_t>(p.line);
        error.column += column_in(line, record) - 1;
        p.error = std::move(error);
        return;
    }
    p.setup = r.setup;
    for (const PerftCount& c : counts)
        p.counts.push_back(SuiteCount{c.depth, c.nodes, p.line});
}

// `perft DEPTH NODES` (the words after `perft`) for the last position.
Expected<void> read_count(std::string_view line, std::string_view words, std::uint64_t number, SuitePosition& p)
{
    auto const [depth, rest] = first_word(words);
    auto const [nodes, more] = first_word(rest);
    auto const d = detail::decimal(depth, 99);
    auto const n = detail::decimal(nodes, ~std::uint64_t{0});
    if (!d || !n || *d == 0 || !more.empty())
        return Diagnostic{static_cast<std::uint32_t>(number), column_in(line, words),
                          "a perft line is 'perft DEPTH NODES' (depth 1 to 99)"};
    p.counts.push_back(SuiteCount{static_cast<int>(*d), *n, number});
    return {};
}

} // namespace

std::vector<SuitePosition> read_perft_suite(std::string_view text)
{
    std::vector<SuitePosition> suite;
    std::string id;         // of the block being read
    bool in_block = false;  // the last position came from an `epd` line
    std::uint64_t number = 0;
    for (std::size_t at = 0; at < text.size(); ) {
        std::size_t const newline = text.find('\n', at);
        std::string_view line = text.substr(at, newline == std::string_view::npos ? std::string_view::npos : newline - at);
        at = newline == std::string_view::npos ? text.size() : newline + 1;
        ++number;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        std::size_t const nul = line.find('\0');
        if (nul != std::string_view::npos)
            line = line.substr(0, nul);
        if (line_kind(line) != LineKind::record)
            continue;
        auto const [word, rest] = first_word(line);
        if (word == "id") {
            id = rest;
            in_block = false;
            continue;
        }
        std::optional<Diagnostic> const nul_warning =
            nul == std::string_view::npos
                ? std::nullopt
                : std::optional<Diagnostic>(Diagnostic{static_cast<std::uint32_t>(number),
                                                       static_cast<std::uint32_t>(nul) + 1,
                                                       "a NUL byte at column " + std::to_string(nul + 1) +
                                                           "; the line is read up to it"});
        if (word == "perft") {
            if (in_block) {
                if (nul_warning)
                    suite.back().warnings.push_back(*nul_warning);
                if (auto counted = read_count(line, rest, number, suite.back()); !counted && !suite.back().error)
                    suite.back().error = std::move(counted.error());
                continue;
            }
            SuitePosition& lone = suite.emplace_back();
            lone.line = number;
            lone.text = line;
            lone.error = Diagnostic{static_cast<std::uint32_t>(number), column_in(line, word),
                                    "a perft line before any epd line"};
            continue;
        }
        SuitePosition& p = suite.emplace_back();
        p.line = number;
        p.text = line;
        if (nul_warning)
            p.warnings.push_back(*nul_warning);
        if (word == "epd") {
            p.id = std::move(id);
            id.clear();
            in_block = true;
            read_record(line, rest, p);
        } else {
            in_block = false;
            read_record(line, line, p);
        }
    }
    return suite;
}

std::size_t count_total(const std::vector<SuitePosition>& suite)
{
    std::size_t n = 0;
    for (const SuitePosition& p : suite)
        n += p.counts.size();
    return n;
}

bool PositionCheck::ok() const
{
    if (error)
        return false;
    for (const CountCheck& c : counts)
        if (!c.ok())
            return false;
    return true;
}

PositionCheck check_suite_position(const SuitePosition& p, int max_depth, Strictness strictness)
{
    PositionCheck check;
    if (p.error) {
        check.error = p.error;
        return check;
    }
    // Suites hold positions no game reaches (two knights giving check): counted when the generator
    // can play them, as `fen960 perft` counts them.
    auto const pos = Position::from_setup(p.setup, Rules::chess960, strictness);
    if (!pos) {
        check.error = pos.error();
        check.error->line = static_cast<std::uint32_t>(p.line);
        check.error->message.insert(0, "invalid position: ");
        return check;
    }
    check.problems = position_problems(p.setup, Rules::chess960);
    for (const SuiteCount& c : p.counts) {
        if (c.depth > max_depth) {
            ++check.skipped;
            continue;
        }
        check.counts.push_back(CountCheck{c, perft(*pos, c.depth)});
    }
    return check;
}

} // namespace fen960
