// One record read and judged as `fen960 convert` judges it, for the functions that want more of a
// record than convert()'s text (its key, its mirror, its shape, its game, its place in a book): the
// library's judge_record does the work; this file turns its diagnostics into FenWarning and FenError.
#include "module.hpp"

namespace fen960::python {

ConvertOptions options_named(std::string_view to, const std::optional<std::string>& en_passant,
                             std::string_view read, bool repair)
{
    ConvertOptions options;
    options.to = dialect_named(to);
    options.from = input_dialect_named(read);
    options.en_passant = en_passant_named(en_passant);
    options.repair = repair;
    return options;
}

std::string_view shown_record(std::string_view record)
{
    return record.substr(0, std::min(record.size(), max_record_length));
}

py::object judge_or_error(RecordArg record, const ConvertOptions& options, const Origin& origin, FenRecord& judged,
                          std::vector<EpdOperation>& operations)
{
    std::vector<Diagnostic> warnings;
    Expected<void, Diagnostics> judgement;
    if (record.text.size() > max_record_length)
        judgement = Diagnostics{too_long_diagnostic(max_record_length)};
    else
        judgement = judge_record(record.text, options, judged, warnings, &operations);
    // Warnings run Python code (filters may raise): the judgement is complete and kept first.
    for (const Diagnostic& w : warnings)
        warn(fen_warning(origin, shown_record(record.text), w));
    if (!judgement)
        return fen_error(origin, record.object, shown_record(record.text), judgement.error());
    return py::none();
}

void judge(RecordArg record, const ConvertOptions& options, std::string_view source, FenRecord& judged,
           std::vector<EpdOperation>& operations)
{
    if (py::object error = judge_or_error(record, options, Origin{source, 1}, judged, operations); !error.is_none())
        raise(error);
}

py::object unwritable(RecordArg record, const Origin& origin, const Diagnostic& reason)
{
    return fen_error(origin, record.object, shown_record(record.text), {reason});
}

} // namespace fen960::python
