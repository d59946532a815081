#include "fen960/divide.hpp"

#include <algorithm>

#include "fen960/validate.hpp"

namespace fen960 {

std::vector<DivideRow> perft_divide(const Position& pos, int depth, bool chess960)
{
    std::vector<DivideRow> rows;
    if (depth < 1)
        return rows;
    for (const Move& m : pos.legal_moves()) {
        Position child = pos;
        child.play(m);
        rows.push_back(DivideRow{to_uci(pos, m, chess960), perft(child, depth - 1)});
    }
    std::sort(rows.begin(), rows.end(), [](const DivideRow& a, const DivideRow& b) { return a.uci < b.uci; });
    return rows;
}

std::optional<Diagnostic> perft_warning(const FenRecord& record)
{
    return perft_warning(position_problems(record, Rules::chess960));
}

std::optional<Diagnostic> perft_warning(const std::vector<std::string>& problems)
{
    if (problems.empty())
        return std::nullopt;
    std::string message = "not a position of a legal game (";
    for (std::size_t i = 0; i < problems.size(); ++i)
        message += (i ? "; " : "") + problems[i];
    message += "); counting anyway";
    return Diagnostic{1, 1, message};
}

} // namespace fen960
