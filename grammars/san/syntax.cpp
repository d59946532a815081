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
    san_ast::Target const& t = move.head.target;
    // Whether what was read before the failure names a move: a destination, or one whole square.
    bool const names_square = (t.to.file && t.to.rank) || (t.from_file && t.from_rank);
    if (!ok || reporter.failed()) {
        if (reporter.failed() && (move.head.form != san_ast::Form::normal || names_square)) {
            error.offset = reporter.offset();
            char const c = token[error.offset];
            error.message = std::string("unexpected '") + c + "' after the move";
        } else {
            error.offset = 0;
            error.message = "not a move";
        }
        return false;
    }
    fields.form = static_cast<Form>(move.head.form);
    fields.piece = t.piece;
    fields.from_file = t.from_file;
    fields.from_rank = t.from_rank;
    fields.capture = t.capture;
    // X3 keeps what a failed optional assigned (`Bxb`: the file b of a square that never came); a
    // destination without its rank is none.
    fields.to_file = t.to.rank ? t.to.file : 0;
    fields.to_rank = t.to.rank;
    fields.promotion = t.promotion;
    if (fields.form == Form::normal && !fields.to_file) {
        // One square named: it is the destination (`Nf3`, `e4`, `e8=Q`); with a capture mark or only
        // half a square (`Nx`, `exd`, `N1`) the text is no move.
        if (!fields.from_file || !fields.from_rank) {
            error.offset = 0;
            error.message = "not a move";
            return false;
        }
        if (fields.capture) { // `Nf3x`: a move, then a capture mark with nothing to capture
            error.offset = (t.piece ? 1u : 0u) + 2u;
            error.message = std::string("unexpected '") + token[error.offset] + "' after the move";
            return false;
        }
        fields.to_file = fields.from_file;
        fields.to_rank = fields.from_rank;
        fields.from_file = 0;
        fields.from_rank = 0;
    }
    fields.check = move.check;
    fields.glyphs = std::string_view(move.glyphs.begin(), static_cast<std::size_t>(move.glyphs.size()));
    return true;
}

} // namespace fen960::san_syntax
