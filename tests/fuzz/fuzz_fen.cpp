// Fuzz target: any bytes as a FEN record. Nothing may crash, hang or leak; the reading with the fast
// passes and the grammar's alone must agree (the same fields, or the same error at the same column);
// and every record that is accepted (parses, and its castling rights and en-passant square are
// possible) must come back as the same model after being written in each dialect and read again in
// that dialect. A record without clock fields is written back, as convert writes it, with the bytes
// after its fields, whose hmvc and fmvn operations are its clocks.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "fen/syntax.hpp"
#include "fen960/convert.hpp"
#include "fen960/fen.hpp"
#include "fen960/validate.hpp"

namespace {

[[noreturn]] void fail(const char* what, std::string_view input, const std::string& text)
{
    std::fprintf(stderr, "%s\n  input:   %.*s\n  written: %s\n", what, static_cast<int>(input.size()), input.data(),
                 text.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace fen960;
    std::string_view const input(reinterpret_cast<const char*>(data), size);

    {
        fen_syntax::Fields fast;
        fen_syntax::Fields exact;
        fen_syntax::Error fast_error;
        fen_syntax::Error exact_error;
        bool const fast_ok = fen_syntax::parse(input, fast, fast_error);
        if (fast_ok != fen_syntax::parse_exact(input, exact, exact_error))
            fail("the fast passes and the grammar disagree", input, fast_ok ? "fast: accepted" : fast_error.message);
        if (fast_ok &&
            (fast.colors != exact.colors || fast.roles != exact.roles || fast.placement_text.data() != exact.placement_text.data() ||
             fast.placement_text.size() != exact.placement_text.size() || fast.side != exact.side ||
             fast.castling.data() != exact.castling.data() || fast.castling.size() != exact.castling.size() ||
             fast.en_passant.data() != exact.en_passant.data() || fast.en_passant.size() != exact.en_passant.size() ||
             fast.has_clocks != exact.has_clocks || fast.halfmove != exact.halfmove || fast.fullmove != exact.fullmove))
            fail("the fast passes read other fields than the grammar", input, "");
        if (!fast_ok && (fast_error.offset != exact_error.offset || fast_error.message != exact_error.message))
            fail("the fast passes report another error than the grammar", input, fast_error.message);
    }

    // The whole convert step, with and without repair, in every dialect: must not crash.
    for (bool repair : {false, true})
        for (Dialect to : {Dialect::fen, Dialect::shredder, Dialect::xfen}) {
            std::string out;
            std::vector<Diagnostic> warnings;
            auto const converted =
                convert_record(input, ConvertOptions{to, InputDialect::automatic, std::nullopt, repair}, out, warnings);
            if (!converted && converted.error().empty())
                fail("rejected without a reason", input, out);
            if (!converted)
                for (const Diagnostic& e : converted.error())
                    if (e.column == 0 || e.message.empty())
                        fail("diagnostic without column or message", input, e.message);
        }

    // EPD operations: a record that converts (en-passant square kept) keeps the bytes after its
    // fields, and its output reads back as the same position with the same operation bytes.
    for (Dialect to : {Dialect::shredder, Dialect::xfen}) {
        std::string out;
        std::vector<Diagnostic> warnings;
        if (!convert_record(input, ConvertOptions{to, InputDialect::automatic, EnPassantMode::keep, false}, out,
                            warnings))
            continue;
        FenRecord in_record;
        FenRecord out_record;
        if (!parse_fen(input, InputDialect::automatic, in_record))
            fail("converted but does not parse", input, out);
        if (!parse_fen(out, input_dialect(to), out_record))
            fail("converted record does not parse", input, out);
        std::string_view const rest = in_record.rest(input);
        if (!out.ends_with(rest) || out_record.rest(out) != rest)
            fail("conversion changed the operations", input, out);
        if (!(out_record.setup == in_record.setup))
            fail("conversion changed the position", input, out);
    }

    auto record = parse_fen(input);
    if (!record)
        return 0;
    std::vector<Problem> problems;
    check_rights(*record, Rules::chess960, problems);
    if (!problems.empty())
        return 0;
    for (Dialect d : {Dialect::fen, Dialect::shredder, Dialect::xfen}) {
        auto text = emit_fen(record->setup, {d, EnPassantMode::keep, record->has_clocks});
        if (!text) {
            if (d != Dialect::fen)
                fail("shredder and xfen express every accepted record", input, text.error().message);
            continue;
        }
        if (!record->has_clocks)
            text->append(record->rest(input));
        auto again = parse_fen(*text, input_dialect(d));
        if (!again)
            fail("written record does not parse", input, *text + "  (" + again.error().message + ")");
        if (!(again->setup == record->setup))
            fail("round trip changed the position", input, *text);
        if (again->has_clocks != record->has_clocks)
            fail("round trip changed the field count", input, *text);
    }
    return 0;
}
