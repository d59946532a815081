#include "fen960/convert.hpp"

#include "fen960/book.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

namespace {

// The list of operations a shape other than as-read needs when the caller gives none.
std::vector<EpdOperation>& own_operations()
{
    thread_local std::vector<EpdOperation> operations;
    return operations;
}

// Inlined into every caller, so that the ones without operations read them only when the shape
// needs them.
[[gnu::always_inline]] inline Expected<void, Diagnostics> judge(std::string_view text, const ConvertOptions& options,
                                                                FenRecord& storage, std::vector<Diagnostic>& warnings,
                                                                std::vector<EpdOperation>* operations)
{
    if (!operations && options.shape != Shape::as_read)
        operations = &own_operations();
    if (auto read = operations ? parse_fen(text, options.from, storage, *operations)
                               : parse_fen(text, options.from, storage);
        !read)
        return Diagnostics{std::move(read.error())};
    FenRecord* const record = &storage;
    if (record->fullmove_zero_column) [[unlikely]]
        reading_warnings(*record, warnings);
    Rules const rules = options.from == InputDialect::fen ? Rules::standard : Rules::chess960;
    std::vector<Problem> problems;
    if (options.repair) {
        problems = repair_record(*record, rules, warnings);
    } else {
        check_rights(*record, rules, problems);
        if (!problems.empty()) {
            Diagnostics errors;
            for (Problem& p : problems)
                errors.push_back(Diagnostic{1, p.column, std::move(p.message)});
            return errors;
        }
        // The position itself, the castling rights and the en-passant field settled above.
        find_position_problems(*record, problems);
    }
    // The acceptance rule (validate.hpp): refused, or accepted with a warning when no game reaches it.
    if (!problems.empty()) [[unlikely]]
        if (auto accepted = accept_position(problems, options.acceptance, warnings); !accepted)
            return accepted;
    if (options.mirror) {
        record->setup = mirrored(record->setup);
        record->board_length = 0; // the placement as read is no longer the board's
    }
    return {};
}

// The position, then the clocks and operations: as read in one go (the common case), else as the
// shape says.
[[gnu::always_inline]] inline Expected<void> write(std::string_view text, const FenRecord& record,
                                                   const ConvertOptions& options, std::string& out,
                                                   const std::vector<EpdOperation>* operations)
{
    std::string_view const board(text.data() + record.board_offset, record.board_length);
    bool const as_read = options.shape == Shape::as_read;
    if (auto written = append_fen(record.setup,
                                  EmitOptions{options.to, options.en_passant, as_read && record.has_clocks}, out, board);
        !written) {
        written.error().column = record.castling_column;
        return written;
    }
    if (!as_read) [[unlikely]]
        append_after_fields(text, record, operations ? *operations : own_operations(), options.shape, out);
    else if (record.rest_length)
        out.append(text.data() + record.rest_offset, record.rest_length);
    return {};
}

// judge, then write: write's one reason as the list.
[[gnu::always_inline]] inline Expected<void, Diagnostics> judge_and_write(std::string_view text,
                                                                          const ConvertOptions& options,
                                                                          FenRecord& storage, std::string& out,
                                                                          std::vector<Diagnostic>& warnings,
                                                                          std::vector<EpdOperation>* operations)
{
    if (auto judged = judge(text, options, storage, warnings, operations); !judged)
        return judged;
    if (auto written = write(text, storage, options, out, operations); !written)
        return Diagnostics{std::move(written.error())};
    return {};
}

} // namespace

namespace {

// The thread's record: parse_fen sets every member of the record it reads, so each thread keeps one
// record instead of clearing a new one's 184 bytes for every record. Not inlined: its address then
// comes back once, in a register. Inlined into convert_record, a thread_local in a shared library (the
// Python module) cost a __tls_get_addr call at each of its six uses, some 60 instructions a record.
[[gnu::noinline]] FenRecord& thread_record()
{
    thread_local FenRecord storage;
    return storage;
}

} // namespace

Expected<void, Diagnostics> convert_record(std::string_view text, const ConvertOptions& options, std::string& out,
                                           std::vector<Diagnostic>& warnings)
{
    return judge_and_write(text, options, thread_record(), out, warnings, nullptr);
}

Expected<void, Diagnostics> convert_record(std::string_view text, const ConvertOptions& options, std::string& out,
                                           std::vector<Diagnostic>& warnings, std::vector<EpdOperation>& operations)
{
    operations.clear();
    return judge_and_write(text, options, thread_record(), out, warnings, &operations);
}

Expected<void, Diagnostics> judge_record(std::string_view text, const ConvertOptions& options, FenRecord& record,
                                         std::vector<Diagnostic>& warnings, std::vector<EpdOperation>* operations)
{
    if (operations)
        operations->clear();
    return judge(text, options, record, warnings, operations);
}

Expected<void> write_record(std::string_view text, const FenRecord& record, const ConvertOptions& options,
                            std::string& out, const std::vector<EpdOperation>* operations)
{
    return write(text, record, options, out, operations);
}

} // namespace fen960
