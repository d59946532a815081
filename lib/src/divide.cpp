#include "fen960/divide.hpp"

#include <algorithm>

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

} // namespace fen960
