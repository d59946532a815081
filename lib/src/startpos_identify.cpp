// identify: a record's text to its start-position verdict. Only positions that can exist are judged;
// a record that does not parse or cannot be a position is an error, as in convert.
#include <utility>

#include "fen960/fen.hpp"
#include "fen960/startpos.hpp"

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

bool identify_record(std::string_view text, StartCheck& check, std::vector<Diagnostic>& errors)
{
    auto record = parse_fen(text, InputDialect::automatic);
    if (!record) {
        errors.push_back(record.error());
        return false;
    }
    // Castling rights count in every dialect, so they are judged by Chess960 rules: a standard
    // start written in Shredder-FEN (HAha) is the start 518 like its KQkq form.
    std::vector<Issue> issues;
    check_rights(*record, Rules::chess960, issues);
    if (!issues.empty()) {
        for (Issue& issue : issues)
            errors.push_back(Diagnostic{1, issue.column, std::move(issue.message)});
        return false;
    }
    check = check_start_position(record->setup);
    return true;
}

} // namespace fen960
