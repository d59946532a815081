#include "fen960/convert.hpp"

#include "fen960/validate.hpp"

namespace fen960 {

bool convert_record(std::string_view text, const ConvertOptions& options, std::string& out,
                    std::vector<Diagnostic>& errors, std::vector<Diagnostic>& warnings)
{
    // parse_fen sets every member of the record it reads, so each thread keeps one record instead of
    // clearing a new one's 184 bytes for every record.
    thread_local FenRecord storage;
    if (auto error = parse_fen(text, options.from, storage)) {
        errors.push_back(std::move(*error));
        return false;
    }
    FenRecord* const record = &storage;
    Rules const rules = options.from == InputDialect::fen ? Rules::standard : Rules::chess960;
    if (options.repair) {
        for (Diagnostic& w : repair_rights(*record, rules))
            warnings.push_back(std::move(w));
    } else {
        std::vector<Problem> faults;
        check_rights(*record, rules, faults);
        if (!faults.empty()) {
            for (Problem& p : faults)
                errors.push_back(Diagnostic{1, p.column, std::move(p.message)});
            return false;
        }
    }
    // The position itself. The castling rights and the en-passant field are settled above; what
    // remains repairable is an en-passant square the board contradicts (the check on it, the clock).
    std::vector<Problem> problems;
    find_position_problems(*record, problems);
    std::string reasons;
    for (Problem& p : problems) {
        if (options.repair && is_repairable(p.kind)) {
            if (record->setup.ep_square) // first en-passant problem: drop the square once
                warnings.push_back(Diagnostic{1, p.column, std::move(p.message) + "; dropped"});
            record->setup.ep_square.reset();
            continue;
        }
        reasons += (reasons.empty() ? "" : "; ") + p.message;
    }
    if (!reasons.empty()) {
        errors.push_back(Diagnostic{1, 1, "invalid position: " + reasons});
        return false;
    }
    EmitOptions const emit{options.to, options.en_passant, record->has_clocks};
    if (auto error = append_fen(record->setup, emit, out, text.substr(record->board_offset, record->board_length))) {
        error->column = record->castling_column;
        errors.push_back(std::move(*error));
        return false;
    }
    return true;
}

} // namespace fen960
