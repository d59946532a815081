// SAN internals shared by parse_san and the PGN importer, which already holds the parsed fields
// and the legal moves of the position.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fen960/diagnostic.hpp"
#include "core/attacks.hpp"
#include "core/legal_en_passant.hpp"
#include "fen960/position.hpp"
#include "san/syntax.hpp"

namespace fen960::detail {

// The legal move the fields name; otherwise why none or several do (the message without the token).
Expected<Move> resolve_san(const Position& pos, const MoveList& legal, const san_syntax::Fields& fields);

// The legal move UCI or long algebraic notation names by its two squares (and the promotion's
// letter, 0 for none), or nullptr: exactly that move; else castling whose king stands on `from` and
// whose rook (king takes rook) or king's square is `to`. So a king's move that is also a legal move
// of one square (the king on f1, the rook on h1: f1g1) is that move, and f1h1 castles. The plain
// reading in the legal list, which quicker readers are held to (tests/test_play.cpp).
const Move* find_coordinate_move(const MoveList& legal, Square from, Square to, char promotion);

// Why no legal move of `pos` goes from `from` to `to` (find_coordinate_move found none): the square
// is empty or the other side's, castling is not possible now (the reasons SAN's O-O gets), a promotion
// is missing or wrong, the move would leave the king in check, or no such move at all.
Diagnostic coordinate_move_failure(const Position& pos, const MoveList& legal, Square from, Square to, char promotion);

// The castling moves of pos.legal_moves(), alone and in its order (movegen.cpp): all that
// resolve_san reads for SAN's O-O and O-O-O, and append_san_body for a castling, at a tenth of the list's
// cost (the PGN importer reads castling so; PgnOptions::exact_reading, its plain twin, with the list).
MoveList legal_castlings(const Position& pos);

// SAN of a legal move without its check mark; `legal` is pos.legal_moves().
void append_san_body(const Position& pos, const MoveList& legal, const Move& move, std::string& out);

// '+' or '#' after the move, or nothing, judged on the position after it and the pieces that give
// check there (after.checkers(), or what the caller found of it).
void append_check_mark(const Position& after, Bitboard checkers, std::string& out);

// The same mark as a character (0 for none), given the pieces that give check (after.checkers()).
char check_mark(const Position& after, Bitboard checkers);

// What the king of the side to move decides of its moves: the pieces that give it check, and its own
// pieces pinned to it, which may move only along the pin's line. One pass over the other side's sliders
// on the king's lines (slider_lines) and the leapers next to it; the PGN importer finds them once a
// position, for reading the next move and writing the last one's check mark.
struct KingSafety {
    Bitboard checkers;
    Bitboard pinned;
};
[[gnu::always_inline]] inline KingSafety king_safety(const Position& pos)
{
    const Board& board = pos.board();
    Color const us = pos.turn();
    int const king = pos.king(us).index();
    Bitboard const theirs = board.by_color(~us);
    SliderLines const lines = slider_lines(board, king, board.by_color(us), theirs);
    Bitboard const leapers = ((pawn_attacks(us, king) & board.by_role(Role::pawn)) |
                              (knight_attacks(king) & board.by_role(Role::knight))) &
                             theirs;
    return KingSafety{lines.checkers | leapers, lines.pinned};
}

// A normal SAN move read without the legal move list (PGN import reads millions): the move, and the
// other pieces of its role that could legally go to the same square, which its SAN must tell apart.
struct QuickMove {
    Move move;
    Role role;
    bool capture;
    Bitboard rivals;
};

// The move when the fields name a piece or pawn move (not castling, a null move or UCI) and exactly
// one legal move matches them; otherwise nothing, and resolve_san says which move or why none.
std::optional<QuickMove> resolve_san_quick(const Position& pos, const san_syntax::Fields& fields);

// What resolve_san_quick needs of a token's fields, worked out once a token (the PGN importer keeps it
// beside the fields it caches): whether the quick reading takes it at all (a piece or pawn move, not
// castling, a null move, a pawn's coordinates, a pawn capture from a file not next to its
// destination, a promotion to no piece or where none can be), the role, the destination, the origins
// the written file and rank allow, a pawn capture's origin file, the promotion.
struct QuickSpec {
    bool quick = false;
    bool promotes = false;              // a pawn move to the first or last rank, to `promotion`
    Role role = Role::pawn;
    Role promotion = Role::queen;       // what legal_moves() holds for a move that does not promote
    std::int8_t capture_file = -1;      // a pawn capture's origin file (not the destination's), else -1
    Square to{0};
    Bitboard from_mask = ~Bitboard{0};
};
QuickSpec quick_spec(const san_syntax::Fields& fields);

// Whether a piece of `by` attacks `s` on `board` changed by a move: the squares in `occupied` hold
// pieces, and the pieces of `by` on `taken` are gone (a move is judged without copying the board).
inline bool attacked(const Board& board, Square s, Color by, Bitboard occupied, Bitboard taken)
{
    return (attackers_by(board, s.index(), occupied, by) & ~taken) != 0;
}

// resolve_san_quick on a spec (`spec.quick`). Inlined into the PGN importer's loop.
[[gnu::always_inline]] inline std::optional<QuickMove> resolve_quick(const Position& pos, const QuickSpec& spec,
                                                                     const KingSafety* safety)
{
    const Board& board = pos.board();
    Color const us = pos.turn();
    Square const to = spec.to;
    Bitboard const occupied = board.occupied();
    if (contains(board.by_color(us), to))
        return std::nullopt;
    Role const role = spec.role;
    Bitboard const movers = board.pieces(us, role);
    Bitboard origins = 0;
    MoveKind kind = spec.promotes ? MoveKind::promotion : MoveKind::normal;
    if (role != Role::pawn) {
        // The pieces that reach `to` on an empty board, less the sliders something stands in the way
        // of (a leaper has no square between): one path for every role, where a switch on the role
        // cost a mispredicted jump most moves.
        for (Bitboard b = movers & piece_reach(role, to.index()); b; b &= b - 1)
            if (!(between(first_square(b), to.index()) & occupied))
                origins |= b & (~b + 1);
    } else {
        int const back = us == Color::white ? -1 : 1; // one rank towards the pawn's origin
        int const from_rank = to.rank().index() + back;
        if (from_rank < 0 || from_rank > 7)
            return std::nullopt;
        if (spec.capture_file >= 0) {
            // A capture, en passant included.
            Square const from{File(spec.capture_file), Rank(from_rank)};
            bool const en_passant = pos.has_ep_square() && *pos.ep_square() == to;
            if (!contains(movers, from) || !(contains(board.by_color(~us), to) || en_passant))
                return std::nullopt;
            origins = bit(from);
            if (en_passant)
                kind = MoveKind::en_passant;
        } else {
            if (contains(occupied, to))
                return std::nullopt;
            Square const one{to.file(), Rank(from_rank)};
            if (contains(movers, one)) {
                origins = bit(one);
            } else if (!contains(occupied, one) && to.rank() == Rank::relative(us, 3)) {
                Square const two{to.file(), Rank(from_rank + back)};
                origins = movers & bit(two);
            }
        }
    }
    if (!origins)
        return std::nullopt;
    // Legal when the own king is not attacked after the move. En passant is the generator's judge's.
    Square const king = pos.king(us);
    Bitboard legal_origins = 0;
    if (kind == MoveKind::en_passant) {
        legal_origins = origins & legal_en_passant_capturers(board, us, to, king);
        origins = 0;
    } else if (role != Role::king) {
        // Out of check, only a pinned piece can expose its king, and it may still move along its pin's
        // line. In check, each origin is tried on the board as the move leaves it (below).
        KingSafety const s = safety ? *safety : king_safety(pos);
        if (!s.checkers) {
            legal_origins = origins & ~s.pinned;
            for (Bitboard b = origins & s.pinned; b; b &= b - 1)
                if (contains(line(king.index(), lsb(b).index()), to))
                    legal_origins |= bit(lsb(b));
            origins = 0;
        }
    }
    for (Bitboard b = origins; b; b &= b - 1) {
        Square const from = lsb(b);
        Bitboard const after = (occupied & ~bit(from)) | bit(to);
        if (!attacked(board, role == Role::king ? to : king, ~us, after, bit(to)))
            legal_origins |= bit(from);
    }
    Bitboard const matching = legal_origins & spec.from_mask;
    if (!matching || (matching & (matching - 1)))
        return std::nullopt;
    Square const from = lsb(matching);
    return QuickMove{Move{from, to, kind, spec.promotion}, role,
                     contains(occupied, to) || kind == MoveKind::en_passant, legal_origins & ~bit(from)};
}

// Which of the origin's square a move's SAN writes: a pawn's file when it captures; a piece's file when
// it tells the movers apart, else its rank, else both (PGN standard 8.2.3.4).
struct Disambiguation {
    bool file;
    bool rank;
};
inline Disambiguation disambiguation(const QuickMove& q)
{
    if (q.role == Role::pawn)
        return {q.capture, false};
    if (!q.rivals)
        return {false, false};
    Square const from = q.move.from;
    bool const by_file = !(q.rivals & file_mask(from.file()));
    bool const by_rank = !by_file && !(q.rivals & rank_mask(from.rank()));
    return {!by_rank, !by_file};
}

// The SAN of a move whose rivals are known, without its check mark, written at `p` (room for
// max_san_quick bytes); returns the end. (append_san_body finds the rivals in the legal move list.)
inline constexpr std::size_t max_san_quick = 8; // "Qa1xb2", "axb8=Q"
char* write_san_quick(const QuickMove& quick, char* p);

// Whether a move token is spelt as SAN spells what it says (its fields read from it): the piece's
// capital letter (none for a pawn), the origin's file and rank where written, `x` for a capture, the
// destination, `=` and a capital for a promotion, one check mark, then only glyphs. Its move's SAN
// may still differ (a needless file, a capture not marked): written_as_san tells.
bool spelt_as_san(std::string_view token, const san_syntax::Fields& fields);

// Whether a token spelt_as_san, whose fields `written` resolve_san_quick read as `quick`, is that
// move's SAN with the check mark `mark` (check_mark's): what write_san_quick writes and the mark, the
// same bytes without writing them.
inline bool written_as_san(const QuickMove& quick, const san_syntax::Written& written, char mark)
{
    Disambiguation const d = disambiguation(quick);
    return (written.from_file != 0) == d.file && (written.from_rank != 0) == d.rank &&
           (written.capture != 0) == quick.capture && written.check == mark;
}

} // namespace fen960::detail
