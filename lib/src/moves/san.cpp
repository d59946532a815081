// Reading a move token against the legal moves, and writing SAN. The grammar (grammars/san) says what
// the token's fields are; here they are matched to the one legal move they name.
#include "fen960/san.hpp"

#include <array>
#include <cassert>

#include "core/attacks.hpp"
#include "core/legal_en_passant.hpp"
#include "moves/san_resolve.hpp"

namespace fen960 {

namespace detail {

namespace {

// Whether the king of the side to move has a square to step to that no piece attacks (then a check
// is no mate, without the whole legal move list).
bool king_can_step_out(const Position& pos)
{
    const Board& board = pos.board();
    Color const us = pos.turn();
    Square const king = pos.king(us);
    Bitboard const without_king = board.occupied() & ~bit(king);
    for (Bitboard b = king_attacks(king.index()) & ~board.by_color(us); b; b &= b - 1) {
        Square const to = lsb(b);
        // A piece taken there attacks nothing any more.
        if (!attacked(board, to, ~us, without_king | bit(to), bit(to)))
            return true;
    }
    return false;
}

constexpr std::array<char, 6> role_letters{'P', 'N', 'B', 'R', 'Q', 'K'};

constexpr char letter(Role r)
{
    return role_letters[static_cast<std::size_t>(index(r))];
}

// The role a SAN letter names; 0 and 'P' are pawns.
constexpr Role role_of(char piece)
{
    switch (piece | 0x20) {
    case 'n': return Role::knight;
    case 'b': return Role::bishop;
    case 'r': return Role::rook;
    case 'q': return Role::queen;
    case 'k': return Role::king;
    default: return Role::pawn;
    }
}

Role role_at(const Position& pos, Square s)
{
    const Board& b = pos.board();
    for (Role r : {Role::pawn, Role::knight, Role::bishop, Role::rook, Role::queen, Role::king})
        if (contains(b.by_role(r), s))
            return r;
    return Role::pawn; // unreachable for a legal move's origin
}

bool is_h_side(const Move& m)
{
    return m.to.file() > m.from.file();
}

Expected<Move> resolve_castling(const Position& pos, const MoveList& legal, bool h_side)
{
    for (const Move& m : legal)
        if (m.kind == MoveKind::castling && is_h_side(m) == h_side)
            return m;
    Color const us = pos.turn();
    Square const king = pos.king(us);
    Bitboard const rights = pos.castling_rooks() & rank_mask(Rank::back(us));
    Bitboard const side = rights & side_of(king, h_side);
    if (!side || king.rank() != Rank::back(us))
        return Diagnostic{1, 1, std::string("no castling right on the ") + castling_side_name(h_side)};
    if (pos.is_check())
        return Diagnostic{1, 1, "cannot castle out of check"};
    return Diagnostic{1, 1,
                      std::string("castling on the ") + castling_side_name(h_side) +
                          " is not legal now (a square between king and rook is occupied, or the king would "
                          "pass through or land on an attacked square)"};
}

// Whether the piece on `from` of the side to move could go to `to` if its own king did not count:
// the squares it attacks or, for a pawn, pushes to (a capture needs a piece there or the en-passant
// square). Castling is not such a move.
bool reaches(const Position& pos, Square from, Square to)
{
    const Board& board = pos.board();
    Color const us = pos.turn();
    Bitboard const occupied = board.occupied();
    if (contains(board.by_color(us), to))
        return false;
    int const s = from.index();
    switch (board.role_at(from)) {
    case Role::knight: return contains(knight_attacks(s), to);
    case Role::bishop: return contains(bishop_attacks(s, occupied), to);
    case Role::rook: return contains(rook_attacks(s, occupied), to);
    case Role::queen: return contains(queen_attacks(s, occupied), to);
    case Role::king: return contains(king_attacks(s), to);
    case Role::pawn: break;
    }
    if (contains(pawn_attacks(us, s), to))
        return contains(board.by_color(~us), to) || (pos.has_ep_square() && *pos.ep_square() == to);
    int const forward = us == Color::white ? 1 : -1;
    if (to.file() != from.file() || contains(occupied, to))
        return false;
    int const ranks = (to.rank().index() - from.rank().index()) * forward;
    return ranks == 1 ||
           (ranks == 2 && from.rank() == Rank::relative(us, 1) && !contains(occupied, from.up(forward)));
}

std::string square_name(char file, char rank)
{
    return {file, rank};
}

} // namespace

const Move* find_coordinate_move(const MoveList& legal, Square from, Square to, char promotion)
{
    const Move* castling = nullptr;
    for (const Move& m : legal) {
        if (m.from != from)
            continue;
        if (m.kind == MoveKind::castling) {
            if (!promotion && (m.to == to || Position::castling_king_target(from, m.to) == to))
                castling = &m;
            continue;
        }
        if (m.to != to)
            continue;
        if (m.kind == MoveKind::promotion ? promotion && role_of(promotion) == m.promotion : !promotion)
            return &m;
    }
    return castling;
}

Diagnostic coordinate_move_failure(const Position& pos, const MoveList& legal, Square from, Square to, char promotion)
{
    const Board& board = pos.board();
    Color const us = pos.turn();
    auto const piece = board.piece_at(from);
    if (!piece)
        return Diagnostic{1, 1, "illegal move: no piece on " + from.name()};
    if (piece->color != us)
        return Diagnostic{1, 1,
                          "illegal move: the " + std::string(name(piece->role)) + " on " + from.name() + " is " +
                              name(piece->color) + "'s, and " + name(us) + " is to move"};
    // The king towards its own rook, or two files or more along its back rank: castling in either
    // form, refused for the reason SAN's O-O gets.
    Rank const back = Rank::back(us);
    int const files = to.file().index() - from.file().index();
    bool const castling = piece->role == Role::king && !promotion && from.rank() == back && to.rank() == back &&
                          (contains(board.pieces(us, Role::rook), to) || files >= 2 || files <= -2);
    if (castling) {
        // (A castling that is legal has another rook or king's square than `to`: no reason of its own.)
        auto const side = resolve_castling(pos, legal, files > 0);
        if (!side)
            return side.error();
    }
    bool promotes = false;
    bool plain = false;
    for (const Move& m : legal)
        if (m.from == from && m.to == to)
            (m.kind == MoveKind::promotion ? promotes : plain) = true;
    std::string const uci = from.name() + to.name();
    if (promotes && !promotion)
        return Diagnostic{1, 1,
                          "a pawn that reaches the last rank must promote (write " + uci + "q, " + uci + "r, " + uci +
                              "b or " + uci + "n)"};
    if (plain && promotion)
        return Diagnostic{1, 1, "illegal move: only a pawn reaching the last rank promotes"};
    std::string message = "illegal move: no legal move from " + from.name() + " to " + to.name();
    if (promotion && !promotes)
        message += std::string(" promoting to ") + name(role_of(promotion));
    if (reaches(pos, from, to))
        message += std::string(" (the ") + name(us) + " king would be in check)";
    return Diagnostic{1, 1, std::move(message)};
}

Expected<Move> resolve_san(const Position& pos, const MoveList& legal, const san_syntax::Fields& f)
{
    using san_syntax::Form;
    if (f.form == Form::castle_h || f.form == Form::castle_a)
        return resolve_castling(pos, legal, f.form == Form::castle_h);
    if (f.form == Form::null)
        return Diagnostic{1, 1, "a null move is not a move of the position"};

    auto const to_file = File::from_letter(f.to_file);
    assert(to_file && "the SAN grammar reads a destination file a-h");
    Square const to(*to_file, Rank(f.to_rank - '1'));
    bool const coordinates = !f.piece && f.from_file && f.from_rank && f.capture != 'x' && f.capture != ':';
    if (coordinates) {
        // UCI, and a pawn's long algebraic move (`e2-e4`), which is the same.
        auto const from_file = File::from_letter(f.from_file);
        assert(from_file && "the SAN grammar reads an origin file a-h");
        Square const from(*from_file, Rank(f.from_rank - '1'));
        if (const Move* m = find_coordinate_move(legal, from, to, f.promotion))
            return *m;
        return coordinate_move_failure(pos, legal, from, to, f.promotion);
    }

    Role const role = role_of(f.piece);
    Color const us = pos.turn();
    Bitboard const ours = pos.board().pieces(us, role);
    std::array<const Move*, 16> found{};
    std::size_t count = 0;
    bool promotion_missing = false;
    bool promotion_not_allowed = false;
    for (const Move& m : legal) {
        if (m.kind == MoveKind::castling || m.to != to || !contains(ours, m.from))
            continue;
        if (f.from_file && m.from.file().letter() != f.from_file)
            continue;
        if (f.from_rank && m.from.rank().digit() != f.from_rank)
            continue;
        if (m.kind == MoveKind::promotion) {
            if (!f.promotion) {
                promotion_missing = true;
                continue;
            }
            if (role_of(f.promotion) != m.promotion)
                continue;
        } else if (f.promotion) {
            promotion_not_allowed = true;
            continue;
        }
        if (count < found.size())
            found[count] = &m;
        ++count;
    }
    if (count == 1)
        return *found[0];
    std::string const target = square_name(f.to_file, f.to_rank);
    if (count == 0) {
        if (promotion_missing)
            return Diagnostic{1, 1, "a pawn that reaches the last rank must promote (write " + target + "=Q, " +
                                        target + "=R, " + target + "=B or " + target + "=N)"};
        if (promotion_not_allowed)
            return Diagnostic{1, 1, "illegal move: only a pawn reaching the last rank promotes"};
        std::string who = std::string(name(us)) + " " + name(role);
        if (f.from_file && f.from_rank)
            who += " on " + square_name(f.from_file, f.from_rank);
        else if (f.from_file)
            who += std::string(" on the ") + f.from_file + "-file";
        else if (f.from_rank)
            who += std::string(" on rank ") + f.from_rank;
        return Diagnostic{1, 1, "illegal move: no " + who + " can move to " + target};
    }
    std::string list;
    for (std::size_t i = 0; i < count && i < found.size(); ++i) {
        if (i)
            list += ", ";
        append_san_body(pos, legal, *found[i], list);
    }
    return Diagnostic{1, 1, "ambiguous (" + list + ")"};
}

void append_san_body(const Position& pos, const MoveList& legal, const Move& m, std::string& out)
{
    if (m.kind == MoveKind::castling) {
        out += is_h_side(m) ? "O-O" : "O-O-O";
        return;
    }
    const Board& board = pos.board();
    Role const role = role_at(pos, m.from);
    bool const capture = m.kind == MoveKind::en_passant || contains(board.occupied(), m.to);
    // The other pieces of this role that can go to the same square, which the SAN must tell apart.
    Bitboard rivals = 0;
    if (role != Role::pawn) {
        Bitboard const movers = board.pieces(pos.turn(), role);
        for (const Move& o : legal)
            if (o.to == m.to && o.from != m.from && o.kind != MoveKind::castling && contains(movers, o.from))
                rivals |= bit(o.from);
    }
    char text[max_san_quick];
    out.append(text, static_cast<std::size_t>(write_san_quick(QuickMove{m, role, capture, rivals}, text) - text));
}

QuickSpec quick_spec(const san_syntax::Fields& f)
{
    QuickSpec spec;
    // Castling, null moves and a pawn's coordinates are rare: the legal list serves them.
    if (f.form != san_syntax::Form::normal || (!f.piece && f.from_file && f.from_rank))
        return spec;
    spec.role = role_of(f.piece);
    spec.to = Square{File(f.to_file - 'a'), Rank(f.to_rank - '1')};
    if (f.from_file)
        spec.from_mask &= file_mask(File(f.from_file - 'a'));
    if (f.from_rank)
        spec.from_mask &= rank_mask(Rank(f.from_rank - '1'));
    if (spec.role == Role::pawn) {
        if (f.from_file && f.from_file != f.to_file) {
            int const from_file = f.from_file - 'a';
            if (from_file - spec.to.file().index() != 1 && spec.to.file().index() - from_file != 1)
                return spec; // no pawn captures there
            spec.capture_file = static_cast<std::int8_t>(from_file);
        }
        // A pawn that reaches the last rank promotes (its own last: the other side's pawns never
        // move onto it), to a piece the letter names.
        if (spec.to.rank() == Rank(0) || spec.to.rank() == Rank(7)) {
            spec.promotion = role_of(f.promotion);
            if (!f.promotion || spec.promotion == Role::pawn || spec.promotion == Role::king)
                return spec;
            spec.promotes = true;
        }
    }
    if (f.promotion && !spec.promotes)
        return spec;
    spec.quick = true;
    return spec;
}

std::optional<QuickMove> resolve_san_quick(const Position& pos, const san_syntax::Fields& f)
{
    QuickSpec const spec = quick_spec(f);
    if (!spec.quick)
        return std::nullopt;
    return resolve_quick(pos, spec, nullptr);
}

char* write_san_quick(const QuickMove& q, char* p)
{
    Square const from = q.move.from;
    Disambiguation const d = disambiguation(q);
    if (q.role != Role::pawn)
        *p++ = letter(q.role);
    if (d.file)
        *p++ = from.file().letter();
    if (d.rank)
        *p++ = from.rank().digit();
    if (q.capture)
        *p++ = 'x';
    *p++ = q.move.to.file().letter();
    *p++ = q.move.to.rank().digit();
    if (q.role == Role::pawn && q.move.kind == MoveKind::promotion) {
        *p++ = '=';
        *p++ = letter(q.move.promotion);
    }
    return p;
}

bool spelt_as_san(std::string_view token, const san_syntax::Fields& f)
{
    if (f.form != san_syntax::Form::normal || f.piece == 'P' || (f.capture && f.capture != 'x') ||
        (f.promotion && (f.promotion < 'A' || f.promotion > 'Z')))
        return false;
    char text[max_san_quick + 1];
    char* p = text;
    for (char const c : {f.piece, f.from_file, f.from_rank, f.capture, f.to_file, f.to_rank})
        if (c)
            *p++ = c;
    if (f.promotion) {
        *p++ = '=';
        *p++ = f.promotion;
    }
    if (f.check)
        *p++ = f.check;
    auto const n = static_cast<std::size_t>(p - text);
    return token.size() == n + f.glyphs.size() && token.substr(0, n) == std::string_view(text, n) &&
           (f.glyphs.empty() || f.glyphs.data() == token.data() + n);
}

char check_mark(const Position& after, Bitboard checkers)
{
    if (!checkers)
        return 0;
    return !king_can_step_out(after) && after.legal_moves().empty() ? '#' : '+';
}

void append_check_mark(const Position& after, Bitboard checkers, std::string& out)
{
    if (char const mark = check_mark(after, checkers))
        out.push_back(mark);
}

} // namespace detail

Expected<Move> parse_san(const Position& pos, std::string_view token)
{
    san_syntax::Fields fields;
    san_syntax::Error error;
    std::string const prefix = std::string(token) + ": ";
    if (!san_syntax::parse(token, fields, error))
        return Diagnostic{1, static_cast<std::uint32_t>(error.offset) + 1, prefix + error.message};
    MoveList const legal = pos.legal_moves();
    auto move = detail::resolve_san(pos, legal, fields);
    if (!move)
        return Diagnostic{1, 1, prefix + move.error().message};
    return move;
}

void append_san(const Position& pos, const Move& move, std::string& out)
{
    MoveList const legal = pos.legal_moves();
    detail::append_san_body(pos, legal, move, out);
    Position after = pos;
    after.play(move);
    detail::append_check_mark(after, after.checkers(), out);
}

std::string to_san(const Position& pos, const Move& move)
{
    std::string out;
    append_san(pos, move, out);
    return out;
}

} // namespace fen960
