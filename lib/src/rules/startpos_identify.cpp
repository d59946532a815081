// identify: a record's text to its start-position verdict. Only positions that can arise are judged:
// "-" promises a legal position that is no start, so a record that does not parse or whose position
// is impossible is an error, with validate's reasons.
#include <utility>

#include "fen960/fen.hpp"
#include "fen960/startpos.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

std::string start_label(const StartCheck& check)
{
    switch (check.kind) {
    case StartKind::chess960: return std::to_string(check.number);
    case StartKind::dfrc: return "dfrc:" + std::to_string(check.number);
    case StartKind::none: return "-";
    }
    return "-";
}

// Derived from identify's own check: the setup with the rooks' rights is a start, and the setup as it
// stands is not.
std::optional<RestoredStart> restore_start_rights(const Setup& setup)
{
    Bitboard const rooks = back_rank_rooks(setup.board);
    if (setup.castling_rooks == rooks)
        return std::nullopt;
    Setup restored = setup;
    restored.castling_rooks = rooks;
    StartCheck check = check_start_position(restored);
    if (check.kind == StartKind::none)
        return std::nullopt;
    return RestoredStart{std::move(check), rooks};
}

Identification identify_record(std::string_view text, InputDialect from)
{
    Identification result;
    // Chess960 rules judge the castling rights: a standard start written in Shredder-FEN (HAha)
    // is the start 518 like its KQkq form. A malformed castling field (a repeated letter, a third
    // right) is a record error, as in validate.
    FenRecord record;
    Validation v = detail::read_and_judge(text, Rules::chess960, record, from);
    if (v.verdict == Verdict::error || !v.errors.empty()) {
        result.verdict = Verdict::error;
        result.errors = std::move(v.errors);
        return result;
    }
    if (!v.problems.empty()) {
        result.verdict = Verdict::invalid;
        for (Problem& p : v.problems)
            result.errors.push_back(Diagnostic{1, p.column, std::move(p.message)});
        return result;
    }
    result.check = check_start_position(record.setup);
    return result;
}

} // namespace fen960
