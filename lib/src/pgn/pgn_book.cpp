// A record as a PGN game (pgn_book.hpp). The tag names, the roster and its unknown values are the tag
// vocabulary's (pgn_tags.hpp), which writes every tag; the comment marks are the PGN grammar's
// vocabulary (grammars/pgn/vocabulary.hpp), which reads them back.
#include "fen960/pgn_book.hpp"

#include <optional>

#include "fen960/castling.hpp"
#include "pgn/vocabulary.hpp"

namespace fen960 {

namespace {

namespace v = pgn_vocabulary;

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

Expected<void> append_pgn_game(std::string_view text, const FenRecord& record,
                               const std::vector<EpdOperation>& operations, const ConvertOptions& options,
                               std::string_view variant, std::string& out)
{
    std::size_t const start = out.size();
    std::optional<std::string> const event = operation_value(operations, "id");
    // The roster, Event's value from the record.
    for (const RosterTag& tag : seven_tag_roster)
        append_pgn_tag(tag.name, tag.name == pgn_tag::event && event && !event->empty() ? *event : tag.unknown, out);
    if (!variant.empty())
        append_pgn_tag(pgn_tag::variant, variant, out);
    else if (castles_as_chess960(record.setup))
        append_pgn_tag(pgn_tag::variant, default_variant_name, out);
    append_pgn_tag(pgn_tag::setup, "1", out);

    std::string_view const board(text.data() + record.board_offset, record.board_length);
    std::string fen;
    if (auto written = append_fen(record.setup, EmitOptions{options.to, options.en_passant, true}, fen, board);
        !written) {
        written.error().column = record.castling_column;
        out.resize(start);
        return written;
    }
    append_pgn_tag(pgn_tag::fen, fen, out);
    out += '\n';
    if (std::optional<std::string> const comment = operation_value(operations, "c0"))
        append_comment(*comment, out);
    out += "*\n\n";
    return {};
}

} // namespace fen960
