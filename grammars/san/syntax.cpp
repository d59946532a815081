#include "syntax.hpp"

#include "config.hpp"
#include "move.hpp"

namespace fen960::san_syntax {

bool parse(std::string_view token, Fields& fields, Error& error)
{
    namespace x3 = boost::spirit::x3;
    using san_grammar::Reporter;
    using san_grammar::reporter_tag;

    char const* first = token.data();
    char const* const last = token.data() + token.size();
    Reporter reporter(first);
    san_ast::Move move;
    bool const ok = x3::parse(first, last, x3::with<reporter_tag>(std::ref(reporter))[san_move()], move);
    if (!ok || reporter.failed()) {
        if (reporter.failed()) {
            error.offset = reporter.offset();
            char const c = token[error.offset];
            error.message = std::string("unexpected '") + c + "' after the move";
        } else {
            error.offset = 0;
            error.message = "not a move";
        }
        return false;
    }
    san_ast::Target const& t = move.head.target;
    fields.form = static_cast<Form>(move.head.form);
    fields.piece = t.piece;
    fields.from_file = t.from_file;
    fields.from_rank = t.from_rank;
    fields.capture = t.capture;
    fields.to_file = t.to_file;
    fields.to_rank = t.to_rank;
    fields.promotion = t.promotion;
    fields.check = move.check;
    fields.glyphs = std::string_view(move.glyphs.begin(), static_cast<std::size_t>(move.glyphs.size()));
    return true;
}

} // namespace fen960::san_syntax
