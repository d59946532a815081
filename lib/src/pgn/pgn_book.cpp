// A record as a PGN game (pgn_book.hpp). The tag names and the unknown values are the PGN standard's
// (8.1.1 the seven tag roster, 9.7 SetUp and FEN); the escapes and comment marks are the PGN
// grammar's vocabulary (grammars/pgn/vocabulary.hpp), which reads them back.
#include "fen960/pgn_book.hpp"

#include <array>
#include <optional>

#include "fen960/castling.hpp"
#include "pgn/vocabulary.hpp"

namespace fen960 {

namespace {

namespace v = pgn_vocabulary;

// The roster's tags after Event, whose value comes from the record: names and unknown values.
constexpr std::array<std::array<std::string_view, 2>, 6> roster_after_event{{
    {"Site", "?"},
    {"Date", "????.??.??"},
    {"Round", "?"},
    {"White", "?"},
    {"Black", "?"},
    {"Result", "*"},
}};

// The value of the first operation `opcode`: its operands' values (operand_value), joined by a space
// when there are several; nothing when the record has no such operation.
std::optional<std::string> operation_value(const std::vector<EpdOperation>& operations, std::string_view opcode)
{
    for (const EpdOperation& op : operations) {
        if (op.opcode != opcode)
            continue;
        std::string value;
        for (std::size_t i = 0; i < op.operands.size(); ++i)
            value.append(i ? " " : "").append(operand_value(op.operands[i]));
        return value;
    }
    return std::nullopt;
}

// The comment before the result: in braces, or, when the text holds a brace (which would end the
// comment, or open one that readers counting nested braces keep open), as a rest-of-line comment
// (standard 5), which ends only at the newline: the text either way as it is.
void append_comment(std::string_view text, std::string& out)
{
    if (text.find(v::comment_open) == std::string_view::npos && text.find(v::comment_close) == std::string_view::npos) {
        out += v::comment_open;
        out += text;
        out += v::comment_close;
    } else {
        out += v::line_comment_mark;
        out += text;
    }
    out += '\n';
}

} // namespace

std::optional<std::string> pgn_tag_value_problem(std::string_view value)
{
    for (std::size_t i = 0; i < value.size(); ++i) {
        auto const c = static_cast<unsigned char>(value[i]);
        if (c < 0x20 || c == 0x7f)
            return "character " + std::to_string(i + 1) +
                   " is a control character (a tab or a line end?); a PGN tag holds printing characters only";
    }
    return std::nullopt;
}

void append_pgn_tag(std::string_view name, std::string_view value, std::string& out)
{
    out += v::tag_open;
    out += name;
    out += ' ';
    out += v::tag_quote;
    for (char const c : value) {
        if (c == v::tag_quote || c == v::tag_escape)
            out += v::tag_escape;
        out += c;
    }
    out += v::tag_quote;
    out += v::tag_close;
    out += '\n';
}

Expected<void> append_pgn_game(std::string_view text, const FenRecord& record,
                               const std::vector<EpdOperation>& operations, const ConvertOptions& options,
                               std::string_view variant, std::string& out)
{
    std::size_t const start = out.size();
    std::optional<std::string> const event = operation_value(operations, "id");
    append_pgn_tag("Event", event && !event->empty() ? *event : "?", out);
    for (const auto& [name, value] : roster_after_event)
        append_pgn_tag(name, value, out);
    if (!variant.empty())
        append_pgn_tag("Variant", variant, out);
    else if (castles_as_chess960(record.setup))
        append_pgn_tag("Variant", "Chess960", out);
    append_pgn_tag("SetUp", "1", out);

    std::string_view const board(text.data() + record.board_offset, record.board_length);
    std::string fen;
    if (auto written = append_fen(record.setup, EmitOptions{options.to, options.en_passant, true}, fen, board);
        !written) {
        written.error().column = record.castling_column;
        out.resize(start);
        return written;
    }
    append_pgn_tag("FEN", fen, out);
    out += '\n';
    if (std::optional<std::string> const comment = operation_value(operations, "c0"))
        append_comment(*comment, out);
    out += "*\n\n";
    return {};
}

} // namespace fen960
