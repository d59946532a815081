#include "syntax.hpp"

#include "config.hpp"
#include "record.hpp"

namespace fen960::fen_syntax {

bool parse(std::string_view text, Fields& fields, Error& error)
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
    auto view = [](fen_ast::Range r) {
        return std::string_view(r.begin(), static_cast<std::size_t>(r.end() - r.begin()));
    };
    fields.placement = record.board.squares_of;
    fields.placement_text = view(record.board.text);
    fen_ast::Tail const& tail = record.tail;
    fields.side = tail.side;
    fields.castling = view(tail.castling);
    fields.en_passant = view(tail.en_passant);
    fields.has_clocks = tail.clocks.has_value();
    if (tail.clocks) {
        fields.halfmove = tail.clocks->halfmove;
        fields.fullmove = tail.clocks->fullmove;
    } else {
        fields.halfmove = 0;
        fields.fullmove = 1;
    }
    return true;
}

} // namespace fen960::fen_syntax
