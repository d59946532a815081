#include "syntax.hpp"

#include "config.hpp"
#include "operations.hpp"
#include "operations_fast.hpp"
#include "placement.hpp"
#include "record.hpp"
#include "tail.hpp"

namespace fen960::fen_syntax {

namespace {

std::string_view view(fen_ast::Range r)
{
    return std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
}

void fill(fen_ast::Placement const& board, fen_ast::Tail const& tail, Fields& fields)
{
    fields.colors = board.colors;
    fields.roles = board.roles;
    fields.placement_text = view(board.text);
    fields.side = tail.side;
    fields.castling = view(tail.castling);
    fields.en_passant = view(tail.en_passant);
    fields.has_clocks = tail.clocks.has_value();
    fields.halfmove = tail.clocks ? tail.clocks->halfmove : 0;
    fields.fullmove = tail.clocks ? tail.clocks->fullmove : 1;
    fields.rest = view(tail.rest);
}

} // namespace

bool parse(std::string_view text, Fields& fields, Error& error)
{
    // The common shape: no white space around the record, single spaces between the fields.
    char const* first = text.data();
    char const* const last = text.data() + text.size();
    fen_ast::Placement board;
    fen_ast::Tail tail;
    if (fen_grammar::detail::parse_placement_fast(first, last, board) &&
        fen_grammar::detail::parse_tail_fast(first, last, tail)) {
        fill(board, tail, fields);
        return true;
    }
    return parse_exact(text, fields, error);
}

bool parse_exact(std::string_view text, Fields& fields, Error& error)
{
    namespace x3 = boost::spirit::x3;
    using fen_grammar::Reporter;
    using fen_grammar::reporter_tag;

    char const* first = text.data();
    char const* const last = text.data() + text.size();
    Reporter reporter(first);
    fen_ast::Record record;
    bool const ok = x3::parse(first, last, x3::with<reporter_tag>(std::ref(reporter))[fen_record()], record);
    if (!ok || reporter.failed()) {
        error.offset = reporter.failed() ? reporter.offset() : static_cast<std::size_t>(first - text.data());
        error.message = reporter.failed() ? reporter.message() : "not a FEN record";
        return false;
    }
    fill(record.board, record.tail, fields);
    return true;
}

bool operations_parse(std::string_view text)
{
    return fen_grammar::detail::operations_parse_fast(text);
}

bool parse_operations(std::string_view text, std::vector<Operation>& items, Error& error)
{
    namespace x3 = boost::spirit::x3;
    using fen_grammar::Reporter;
    using fen_grammar::reporter_tag;

    items.clear();
    char const* first = text.data();
    char const* const last = text.data() + text.size();
    Reporter reporter(first);
    std::vector<fen_ast::Operation> parsed;
    bool const ok =
        x3::parse(first, last, x3::with<reporter_tag>(std::ref(reporter))[epd_operations()], parsed);
    if (!ok || reporter.failed()) {
        error.offset = reporter.failed() ? reporter.offset() : static_cast<std::size_t>(first - text.data());
        error.message = reporter.failed() ? reporter.message() : "unreadable operations";
        return false;
    }
    items.reserve(parsed.size());
    for (fen_ast::Operation const& p : parsed) {
        Operation& o = items.emplace_back();
        o.opcode = p.opcode.empty() ? std::string_view() : view(p.opcode);
        o.operands.reserve(p.operands.size());
        for (fen_ast::Range const& r : p.operands)
            o.operands.push_back(view(r));
    }
    return true;
}

} // namespace fen960::fen_syntax
