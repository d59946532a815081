// Validation: every reason a record's position cannot arise in a game of the given rules. Each test
// is a necessary condition of reachability (never a heuristic), so a position from real play always
// passes. Sections follow the FEN fields: 1. board, 2. side to move (checks), 3. castling,
// 4. en passant, 5. clocks.
#include "fen960/validate.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <iterator>
#include <string>
#include <utility>

#include "core/attacks.hpp"
#include "core/legal_en_passant.hpp"

namespace fen960 {

using namespace detail;

namespace {

std::string square_list(Bitboard b)
{
    std::string out;
    while (b) {
        if (!out.empty())
            out += ", ";
        out += Square(pop_square(b)).name();
    }
    return out;
}

std::string piece_on(const Board& board, int s)
{
    auto const piece = board.piece_at(Square(s));
    return std::string("the ") + (piece ? name(piece->role) : "piece") + " on " + Square(s).name();
}

void add(std::vector<Problem>& out, Problem::Kind kind, std::string message, std::uint32_t column = 1)
{
    out.push_back(Problem{kind, column, std::move(message)});
}

// Whether a colour has at most the starting set: no promoted piece to account for.
bool starting_material(const Board& board, Color c)
{
    auto at_most = [&](Role r, int n) { return popcount(board.pieces(c, r)) <= n; };
    return at_most(Role::pawn, 8) && at_most(Role::knight, 2) && at_most(Role::bishop, 2) && at_most(Role::rook, 2) &&
           at_most(Role::queen, 1);
}

// The common case of the board: one king each, no pawn on a back rank, nothing beyond the starting sets.
inline bool plain_board(const Board& board)
{
    Bitboard const white_king = board.pieces(Color::white, Role::king);
    Bitboard const black_king = board.pieces(Color::black, Role::king);
    return white_king && !(white_king & (white_king - 1)) && black_king && !(black_king & (black_king - 1)) &&
           !(board.by_role(Role::pawn) & (rank_mask(Rank(0)) | rank_mask(Rank(7)))) &&
           starting_material(board, Color::white) && starting_material(board, Color::black);
}

// 1. The board: kings, pawns, material, when it is not plain_board's.
[[gnu::noinline]] void board_faults(const Board& board, std::vector<Problem>& out)
{
    for (Color const c : both_colors) {
        Bitboard const kings = board.pieces(c, Role::king);
        if (!kings)
            add(out, Problem::Kind::no_king, std::string("no ") + name(c) + " king");
        else if (kings & (kings - 1))
            add(out, Problem::Kind::too_many_kings,
                std::string("more than one ") + name(c) + " king: " + square_list(kings));
    }
    Bitboard const back_pawns = board.by_role(Role::pawn) & (rank_mask(Rank(0)) | rank_mask(Rank(7)));
    if (back_pawns)
        add(out, Problem::Kind::pawn_on_back_rank,
            std::string(back_pawns & (back_pawns - 1) ? "pawns" : "pawn") + " on the first or eighth rank: " +
                square_list(back_pawns));
    for (Color const c : both_colors) {
        int const pawns = popcount(board.pieces(c, Role::pawn));
        if (pawns > 8)
            add(out, Problem::Kind::too_many_pawns,
                std::to_string(pawns) + " " + name(c) + " pawns (at most 8)");
        int const men = popcount(board.by_color(c));
        if (men > 16)
            add(out, Problem::Kind::too_many_pieces,
                std::to_string(men) + " " + name(c) + " pieces (at most 16)");
        if (pawns > 8)
            continue;
        // Every piece beyond the starting set (one queen, two rooks, two bishops, two knights) is a
        // promoted pawn, so it needs a missing pawn. (Bishops are not counted per square colour:
        // shuffle-chess starts with both on one colour turn up in Chess960 data.)
        struct Extra {
            Bitboard pieces;
            int start;
            const char* singular;
            const char* plural;
        };
        std::array<Extra, 4> const extras{{
            {board.pieces(c, Role::queen), 1, "queen", "queens"},
            {board.pieces(c, Role::rook), 2, "rook", "rooks"},
            {board.pieces(c, Role::bishop), 2, "bishop", "bishops"},
            {board.pieces(c, Role::knight), 2, "knight", "knights"},
        }};
        int promoted = 0;
        std::string which;
        for (const Extra& e : extras) {
            int const n = popcount(e.pieces);
            if (n > e.start) {
                promoted += n - e.start;
                which += (which.empty() ? "" : ", ") + count_of(n, e.singular, e.plural);
            }
        }
        if (promoted > 8 - pawns)
            add(out, Problem::Kind::too_many_promoted,
                std::string(name(c)) + " has " + which + ": " + count_of(promoted, "promoted piece", "promoted pieces") +
                    " but only " + count_of(8 - pawns, "missing pawn", "missing pawns"));
    }
}

// With the common case (plain_board) a test, not a call.
inline void board_problems(const Board& board, std::vector<Problem>& out)
{
    if (!plain_board(board))
        board_faults(board, out);
}

// 2. Checks. The side not to move cannot be in check; the side to move can be in check from at
// most two pieces, and two only when one move gives both: a piece that moves (or a pawn that
// promotes) plus one slider it uncovers, or the two lines an en-passant capture opens. So at most
// one checker is a pawn or knight, and two checkers never stand on the two sides of one line.
// The faults of the kings' attackers (`attacking`: the side to move's on the other king;
// `checkers`: on its own), when there is one to find.
[[gnu::noinline]] void check_faults(const Board& board, Color turn, int their_king, Bitboard attacking,
                                    int our_king, Bitboard checkers, std::vector<Problem>& out)
{
    if (attacking)
        add(out, Problem::Kind::opposite_check,
            std::string("the side not to move is in check: ") + name(~turn) + " king on " +
                Square(their_king).name() + " attacked from " + square_list(attacking));

    int const n = popcount(checkers);
    if (n < 2)
        return;
    std::string const king = std::string("the ") + name(turn) + " king on " + Square(our_king).name();
    if (n > 2) {
        add(out, Problem::Kind::too_many_checkers,
            std::to_string(n) + " pieces give check to " + king + " (from " + square_list(checkers) +
                "); one move gives at most two checks");
        return;
    }
    int const a = first_square(checkers);
    int const b = first_square(checkers & (checkers - 1));
    Bitboard const leapers = checkers & (board.by_role(Role::pawn) | board.by_role(Role::knight) |
                                         board.by_role(Role::king));
    if (popcount(leapers) == 2)
        add(out, Problem::Kind::impossible_check,
            "impossible check: " + piece_on(board, a) + " and " + piece_on(board, b) + " both give check to " + king +
                ", but one move can give only one check that is not along a line");
    else if (line(a, b) & board.pieces(turn, Role::king))
        add(out, Problem::Kind::impossible_check,
            "impossible check: " + piece_on(board, a) + " and " + piece_on(board, b) + " give check to " + king +
                " from both sides of one line");
}

// The common case, no king attacked but by one checker, costs no call.
inline void check_problems(const Board& board, Color turn, std::vector<Problem>& out)
{
    Bitboard const occupied = board.occupied();
    int const their_king = first_square(board.pieces(~turn, Role::king));
    Bitboard const attacking = attackers_by(board, their_king, occupied, turn);
    int const our_king = first_square(board.pieces(turn, Role::king));
    Bitboard const checkers = attackers_by(board, our_king, occupied, ~turn);
    if (attacking || (checkers & (checkers - 1)))
        check_faults(board, turn, their_king, attacking, our_king, checkers, out);
}

// 3. Castling rights: judge_castling (castling.cpp).

// 4. The en-passant field: the pawn of the side not to move just went from two squares behind the
// square to one square ahead of it.
void en_passant_square_problems(const Setup& setup, std::uint32_t column, std::vector<Problem>& out)
{
    assert(setup.ep_square && "called only for a square (en_passant_field_problems)");
    Square const ep = *setup.ep_square;
    const Board& board = setup.board;
    Color const us = setup.turn;
    auto const what = [&] { return "en-passant square " + ep.name() + ": "; };
    Rank const expected = Rank::relative(us, 5);
    if (ep.rank() != expected) {
        add(out, Problem::Kind::ep_wrong_rank,
            what() + "wrong rank with " + name(us) + " to move (expected rank " + expected.digit() + ")", column);
        return;
    }
    DoublePush const push = double_push(us, ep); // both on the board: `ep` is on rank 6 (3)
    if (!(board.pieces(~us, Role::pawn) & push.pushed))
        add(out, Problem::Kind::ep_no_pawn,
            what() + "no " + name(~us) + " pawn on " + lsb(push.pushed).name() +
                " that could just have moved two squares",
            column);
    else if (contains(board.occupied(), ep))
        add(out, Problem::Kind::ep_occupied, what() + "the square is occupied", column);
    else if (board.occupied() & push.origin)
        add(out, Problem::Kind::ep_occupied,
            what() + lsb(push.origin).name() + " is occupied, so no pawn can have moved from there", column);
}

// (Most records have no square: that case costs a test, not a call.)
inline void en_passant_field_problems(const Setup& setup, std::uint32_t column, std::vector<Problem>& out)
{
    if (setup.ep_square)
        en_passant_square_problems(setup, column, out);
}

void append(std::vector<Problem>& out, std::vector<Problem>&& more)
{
    out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

// 4 and 5. An en-passant square that passed the field checks (rank, pushed pawn, empty squares)
// still has to fit the board: after a double push the side to move can be in check only from that
// pawn or from a slider the pawn uncovered by leaving its square, and the halfmove clock is 0.
[[gnu::noinline]] void en_passant_board_problems(const Setup& setup, bool field_ok, bool kings_ok, std::uint32_t column,
                                                 std::vector<Problem>& out)
{
    Square const ep = *setup.ep_square;
    auto const what = [&] { return "en-passant square " + ep.name() + ": "; };
    if (field_ok && kings_ok) {
        const Board& board = setup.board;
        Color const us = setup.turn;
        DoublePush const push = double_push(us, ep); // the field checks put `ep` on rank 6 (3)
        int const king = first_square(board.pieces(us, Role::king));
        Bitboard const checkers = attackers_by(board, king, board.occupied(), ~us);
        if (checkers & (checkers - 1)) {
            add(out, Problem::Kind::en_passant_check,
                what() + "a double pawn push gives at most one check, here " + square_list(checkers) + " give check",
                column);
        } else if (checkers && checkers != push.pushed) {
            // Before the push it was the other side's move, so this king was not attacked at all then.
            Bitboard const before = board.occupied() ^ push.pushed ^ push.origin;
            if (Bitboard const old = attackers_by(board, king, before, ~us) & ~push.pushed)
                add(out, Problem::Kind::en_passant_check,
                    what() + "the check from " + square_list(old) + " was there before the pawn moved from " +
                        lsb(push.origin).name() + " to " + lsb(push.pushed).name(),
                    column);
        }
    }
    if (setup.halfmove_clock != 0)
        add(out, Problem::Kind::en_passant_clock,
            what() + "the halfmove clock is " + std::to_string(setup.halfmove_clock) +
                ", but the double push that allows en passant resets it to 0",
            column);
}

// (Most records have no square: that case costs a test, not a call.)
inline void en_passant_problems(const Setup& setup, bool field_ok, bool kings_ok, std::uint32_t column,
                                std::vector<Problem>& out)
{
    if (setup.ep_square)
        en_passant_board_problems(setup, field_ok, kings_ok, column, out);
}

bool one_king_each(const Board& board)
{
    return board.king(Color::white) && board.king(Color::black);
}

// The common frame: board and checks, then the castling and en-passant field problems (`fields`), then
// the en-passant square against the board.
std::vector<Problem> collect(const Setup& setup, std::vector<Problem>&& fields, std::uint32_t ep_column)
{
    init_attacks();
    std::vector<Problem> out;
    board_problems(setup.board, out);
    bool const kings_ok = one_king_each(setup.board);
    if (kings_ok)
        check_problems(setup.board, setup.turn, out);
    bool const ep_ok = std::none_of(fields.begin(), fields.end(),
                                    [](const Problem& p) { return is_en_passant_field(p.kind); });
    append(out, std::move(fields));
    en_passant_problems(setup, ep_ok, kings_ok, ep_column, out);
    return out;
}

// A problem --repair removed, as its warning: "...; dropped" at its column.
Diagnostic dropped(const Problem& p)
{
    return Diagnostic{1, p.column, p.message + "; dropped"};
}

// --repair's en-passant half, for a field fault and for a square the board contradicts alike: the
// square dropped for the first problem found with it, with that problem's warning (one warning a square).
void drop_en_passant(Setup& setup, const Problem& why, std::vector<Diagnostic>& warnings)
{
    if (!setup.ep_square)
        return;
    warnings.push_back(dropped(why));
    setup.ep_square.reset();
}

std::vector<std::string> messages(const std::vector<Problem>& problems)
{
    std::vector<std::string> out;
    out.reserve(problems.size());
    for (const Problem& p : problems)
        out.push_back(p.message);
    return out;
}

} // namespace

void check_rights(const FenRecord& record, Rules rules, std::vector<Problem>& problems)
{
    // judge_castling's two halves, so that the common case builds no judgement to throw away.
    if (!detail::plain_castling(record, rules))
        append(problems, detail::judge_each_claim(record, rules).problems);
    en_passant_field_problems(record.setup, record.en_passant_column, problems);
}

std::vector<Diagnostic> repair_rights(FenRecord& record, Rules rules)
{
    CastlingJudgement const castling = judge_castling(record, rules);
    keep_rights(record, castling);
    std::vector<Diagnostic> warnings;
    for (const Problem& p : castling.problems)
        warnings.push_back(dropped(p));
    std::vector<Problem> en_passant;
    en_passant_field_problems(record.setup, record.en_passant_column, en_passant);
    for (const Problem& p : en_passant)
        drop_en_passant(record.setup, p, warnings);
    return warnings;
}

std::vector<Problem> repair_record(FenRecord& record, Rules rules, std::vector<Diagnostic>& warnings)
{
    for (Diagnostic& w : repair_rights(record, rules))
        warnings.push_back(std::move(w));
    std::vector<Problem> problems;
    find_position_problems(record, problems);
    std::vector<Problem> rest;
    for (Problem& p : problems) {
        if (is_repairable(p.kind))
            drop_en_passant(record.setup, p, warnings);
        else
            rest.push_back(std::move(p));
    }
    return rest;
}

std::vector<Problem> find_problems(const FenRecord& record, Rules rules)
{
    std::vector<Problem> fields;
    check_rights(record, rules, fields);
    return collect(record.setup, std::move(fields), record.en_passant_column);
}

void find_position_problems(const FenRecord& record, std::vector<Problem>& out)
{
    init_attacks();
    const Setup& setup = record.setup;
    board_problems(setup.board, out);
    bool const kings_ok = one_king_each(setup.board);
    if (kings_ok)
        check_problems(setup.board, setup.turn, out);
    en_passant_problems(setup, true, kings_ok, record.en_passant_column, out);
}

std::vector<Problem> find_problems(const Setup& setup, Rules rules)
{
    std::vector<Problem> fields = judge_castling(setup, rules).problems;
    en_passant_field_problems(setup, 1, fields);
    return collect(setup, std::move(fields), 1);
}

std::vector<std::string> position_problems(const FenRecord& record, Rules rules)
{
    return messages(find_problems(record, rules));
}

std::vector<std::string> position_problems(const Setup& setup, Rules rules)
{
    return messages(find_problems(setup, rules));
}

bool is_unreachable(ProblemKind kind)
{
    switch (kind) {
    case ProblemKind::pawn_on_back_rank:
    case ProblemKind::too_many_pawns:
    case ProblemKind::too_many_pieces:
    case ProblemKind::too_many_promoted:
    case ProblemKind::too_many_checkers:
    case ProblemKind::impossible_check:
    case ProblemKind::en_passant_check:
    case ProblemKind::en_passant_clock: return true;
    default: return false;
    }
}

Expected<void, Diagnostics> accept_position(const std::vector<Problem>& problems, Acceptance mode,
                                            std::vector<Diagnostic>& warnings)
{
    if (problems.empty()) [[likely]]
        return {};
    bool const refused = mode == Acceptance::strict || !std::all_of(problems.begin(), problems.end(), [](const Problem& p) {
        return is_unreachable(p.kind);
    });
    if (!refused) {
        warnings.push_back(unreachable_warning(problems));
        return {};
    }
    std::string reasons;
    for (const Problem& p : problems)
        reasons += (reasons.empty() ? "" : "; ") + p.message;
    return Diagnostics{Diagnostic{1, 1, "invalid position: " + reasons}};
}

Diagnostic unreachable_warning(const std::vector<Problem>& problems)
{
    return unreachable_warning(messages(problems));
}

Diagnostic unreachable_warning(const std::vector<std::string>& reasons)
{
    std::string message = "not a position of a legal game (";
    for (std::size_t i = 0; i < reasons.size(); ++i)
        message += (i ? "; " : "") + reasons[i];
    message += ")";
    return Diagnostic{1, 1, std::move(message)};
}

bool castling_only_chess960(const FenRecord& record)
{
    auto const castling = [](ProblemKind k) { return k >= ProblemKind::too_many_rights && k <= ProblemKind::not_standard; };
    std::vector<Problem> standard;
    check_rights(record, Rules::standard, standard);
    if (std::none_of(standard.begin(), standard.end(), [](const Problem& p) { return p.kind == ProblemKind::not_standard; }))
        return false;
    std::vector<Problem> chess960;
    check_rights(record, Rules::chess960, chess960);
    return std::none_of(chess960.begin(), chess960.end(), [&](const Problem& p) { return castling(p.kind); });
}

Validation detail::read_and_judge(std::string_view text, Rules rules, FenRecord& record, InputDialect from)
{
    Validation v;
    if (auto read = parse_fen(text, from, record); !read) {
        v.verdict = Verdict::error;
        v.errors.push_back(std::move(read.error()));
        return v;
    }
    v.problems = find_problems(record, rules);
    for (const Problem& p : v.problems)
        if (is_malformed_castling(p.kind))
            v.errors.push_back(Diagnostic{1, p.column, p.message});
    return v;
}

Validation validate_record(std::string_view text, Rules rules, InputDialect from)
{
    FenRecord record;
    Validation v = detail::read_and_judge(text, rules, record, from);
    if (v.verdict == Verdict::error)
        return v;
    // Every writer puts white's castling letters first (KQkq, HAha). Readers (convert, identify) take
    // any order, but validate judges the record itself: a black letter before a white one is a
    // malformed castling field.
    bool black_seen = false;
    for (const CastlingToken* t = record.begin_tokens(); t != record.end_tokens(); ++t) {
        bool const white = t->letter >= 'A' && t->letter <= 'Z';
        if (white && black_seen) {
            v.errors.push_back(Diagnostic{1, t->column,
                                          std::string("castling letter '") + t->letter +
                                              "': white's castling letters come before black's (as in KQkq)"});
            break;
        }
        black_seen = black_seen || !white;
    }
    if (!v.errors.empty()) {
        v.verdict = Verdict::error;
        v.problems.clear();
    } else if (!v.problems.empty()) {
        v.verdict = Verdict::invalid;
    }
    return v;
}

} // namespace fen960
