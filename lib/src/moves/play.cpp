// Moves across dialects: reading a move in UCI or SAN, writing it in UCI in either castling notation,
// the UCI `position` command, and playing a sequence of moves from a start. The grammars say what a
// token or a line holds (grammars/uci, grammars/san); which legal move a token names is decided by the
// SAN reader's rules (san.cpp), which the PGN importer follows too, so a move reads the same everywhere.
#include "fen960/play.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "fen960/castling.hpp"
#include "fen960/limits.hpp"
#include "fen960/names.hpp"
#include "fen960/validate.hpp"
#include "moves/pgn_fen.hpp"
#include "san/syntax.hpp"
#include "moves/san_resolve.hpp"
#include "uci/syntax.hpp"
#include "uci/vocabulary.hpp"

namespace fen960 {

namespace {

const Position& standard_start()
{
    static const Position start = [] {
        auto const record = parse_fen(standard_start_fen);
        assert(record && "limits.hpp's standard start is a record");
        auto pos = Position::from_setup(record->setup, Rules::standard);
        assert(pos && "the standard start is a position of standard chess");
        return *pos;
    }();
    return start;
}

// The fields the SAN grammar gives a UCI token (both squares, no piece letter), or nothing when the
// token is no UCI move.
std::optional<san_syntax::Fields> uci_fields(std::string_view token)
{
    uci_vocabulary::Move u;
    if (!uci_vocabulary::read_move(token, u))
        return std::nullopt;
    san_syntax::Fields f{};
    f.form = san_syntax::Form::normal;
    f.from_file = u.from_file;
    f.from_rank = u.from_rank;
    f.to_file = u.to_file;
    f.to_rank = u.to_rank;
    f.promotion = u.promotion;
    return f;
}

} // namespace

const char* name(CastlingNotation n)
{
    return name_of(castling_notation_names, n);
}

namespace detail {

// A UCI token names its piece by the square it stands on: with the piece's letter added, the SAN
// reader's quick path (no legal move list) judges it as it judges `Ng1f3`. Castling, a king's move of
// two squares or onto its own rook, is no such move: it finds none, and the legal list decides.
std::optional<Move> read_uci_quick(const Position& pos, std::string_view token)
{
    auto fields = uci_fields(token);
    if (!fields)
        return std::nullopt;
    Square const from(File(fields->from_file - 'a'), Rank(fields->from_rank - '1'));
    const Board& board = pos.board();
    if (!contains(board.by_color(pos.turn()), from))
        return std::nullopt;
    fields->piece = Piece{Color::white, board.role_at(from)}.letter();
    auto const quick = resolve_san_quick(pos, *fields);
    if (!quick)
        return std::nullopt;
    return quick->move;
}

std::optional<Move> read_uci_plain(const MoveList& legal, std::string_view token)
{
    auto const fields = uci_fields(token);
    if (!fields)
        return std::nullopt;
    const Move* m = find_coordinate_move(legal, Square(File(fields->from_file - 'a'), Rank(fields->from_rank - '1')),
                                         Square(File(fields->to_file - 'a'), Rank(fields->to_rank - '1')),
                                         fields->promotion);
    if (!m)
        return std::nullopt;
    return *m;
}

} // namespace detail

Expected<Move> read_move(const Position& pos, std::string_view token)
{
    if (auto m = detail::read_uci_quick(pos, token))
        return *m;
    san_syntax::Fields fields;
    san_syntax::Error error;
    if (!san_syntax::parse(token, fields, error))
        return Diagnostic{1, static_cast<std::uint32_t>(error.offset) + 1, std::move(error.message)};
    if (auto quick = detail::resolve_san_quick(pos, fields))
        return quick->move;
    MoveList const legal = pos.legal_moves();
    return detail::resolve_san(pos, legal, fields);
}

std::optional<Move> parse_uci(const Position& pos, std::string_view uci)
{
    if (auto m = detail::read_uci_quick(pos, uci))
        return m;
    return detail::read_uci_plain(pos.legal_moves(), uci);
}

Expected<void> append_uci(const Position& pos, const Move& move, CastlingNotation notation, std::string& out)
{
    Square to = move.to;
    if (move.kind == MoveKind::castling) {
        const char* const side = castling_side_name(move.to.file() > move.from.file());
        notation = castling_notation(notation, pos.setup());
        if (notation == CastlingNotation::king) {
            // The king's square must read back as this castling, not as the king's step there or as
            // the king taking the other castling rook.
            to = Position::castling_king_target(move.from, move.to);
            if (to == move.from) // g1g1 is no move an engine reads
                return Diagnostic{1, 1,
                                  std::string("castling on the ") + side +
                                      " cannot be written as the king's move: the king stays on " + to.name()};
            MoveList const legal = pos.legal_moves();
            const Move* read = detail::find_coordinate_move(legal, move.from, to, 0);
            if (!read || *read != move) {
                std::string const uci = move.from.name() + to.name();
                return Diagnostic{1, 1,
                                  std::string("castling on the ") + side + " cannot be written as the king's move to " +
                                      to.name() + ": " + uci + " is " +
                                      (read && read->kind != MoveKind::castling ? "the king's move to " + to.name()
                                                                                : std::string("another move"))};
            }
        }
    }
    char text[5] = {move.from.file().letter(), move.from.rank().digit(), to.file().letter(), to.rank().digit(), 0};
    std::size_t length = 4;
    if (move.kind == MoveKind::promotion)
        text[length++] = Piece{Color::black, move.promotion}.letter();
    out.append(text, length);
    return {};
}

CastlingNotation castling_notation(CastlingNotation n, const Setup& start)
{
    return n == CastlingNotation::automatic ? castling_notation(n, castles_as_chess960(start)) : n;
}

std::string to_uci(const Position& pos, const Move& m, bool chess960)
{
    // Without chess960, the king's form only where standard chess has the castling: any other reads
    // back only as the king taking its rook.
    bool const standard = m.kind == MoveKind::castling && is_standard_castling(m.from, m.to);
    std::string uci;
    auto const written = append_uci(pos, m, chess960 || !standard ? CastlingNotation::kxr : CastlingNotation::king, uci);
    assert(written && "king takes rook writes every move, and the king's move writes standard castling");
    return uci;
}

Expected<Position> start_position(std::string_view start, InputDialect from)
{
    std::vector<Diagnostic> warnings;
    return start_position(start, Acceptance::strict, warnings, from);
}

Expected<Position> start_position(std::string_view start, Acceptance acceptance, std::vector<Diagnostic>& warnings,
                                  InputDialect from)
{
    if (start == uci_vocabulary::startpos_word)
        return standard_start();
    // parse_fen sets every member of the record it reads: one per thread, not cleared per line.
    thread_local FenRecord record;
    if (auto read = parse_fen(start, from, record); !read)
        return std::move(read.error());
    auto pos = Position::from_setup(record.setup, Rules::chess960);
    if (pos)
        return pos;
    // Reasons as convert words them, at the column of the field the first one is about; a position
    // no game reaches but the generator plays is the acceptance rule's (validate.hpp).
    std::vector<Problem> const problems = find_problems(record, Rules::chess960);
    if (acceptance == Acceptance::playable &&
        std::all_of(problems.begin(), problems.end(), [](const Problem& p) { return is_unreachable(p.kind); })) {
        warnings.push_back(unreachable_warning(problems));
        return Position::from_setup(record.setup, Rules::chess960, Strictness::playable);
    }
    std::string message;
    for (const Problem& p : problems)
        message += (message.empty() ? "" : "; ") + p.message;
    return Diagnostic{1, problems.empty() ? 1 : problems.front().column, "invalid position: " + message};
}

Expected<void> UciLineWriter::begin(const Position& start, CastlingNotation notation, std::string& out)
{
    notation_ = castling_notation(notation, start.setup());
    has_moves_ = false;
    if (start == standard_start()) {
        out += "position startpos";
        return {};
    }
    std::size_t const size = out.size();
    out += "position fen ";
    auto written = append_fen(start.setup(), emit_, out);
    if (!written)
        out.resize(size);
    return written;
}

Expected<void> UciLineWriter::add(const Position& before, const Move& move, std::string& out)
{
    std::size_t const size = out.size();
    out += has_moves_ ? " " : " moves ";
    auto written = append_uci(before, move, notation_, out);
    if (!written)
        out.resize(size);
    else
        has_moves_ = true;
    return written;
}

struct MovePlayer::Impl {
    explicit Impl(const PlayOptions& o)
        : options(o), emit{o.dialect, o.en_passant, true}, positions(emit), uci(emit)
    {
    }

    PlayOptions options;
    EmitOptions emit;
    detail::FenWriter positions; // the FEN of PlayOutput::last and all
    UciLineWriter uci;
    uci_syntax::PositionLine line;
    std::vector<Diagnostic> warnings; // of the last line

    // Appends the line of `pos` (after `move` from `before` when given: the writer redraws only what
    // the move touched).
    Expected<void> write(const Position& pos, std::string& out, const Position* before = nullptr,
                         const Move* move = nullptr)
    {
        std::array<char, detail::FenWriter::max_line> text;
        char* end = text.data();
        auto written = before ? positions.write_line(*before, *move, pos, end) : positions.write_line(pos, end);
        if (written)
            out.append(text.data(), static_cast<std::size_t>(end - text.data()));
        return written;
    }
};

MovePlayer::MovePlayer(PlayOptions options) : impl_(std::make_unique<Impl>(options)) {}

MovePlayer::~MovePlayer() = default;

PlayResult MovePlayer::play(std::string_view text, std::string_view start, std::span<const std::string_view> moves,
                            std::string& out)
{
    Impl& s = *impl_;
    std::uint32_t played = 0;
    std::size_t const out_start = out.size();
    PlayOutput const output = s.options.output;
    // The move numbered `index` (0: the start) at fault; `d`'s column is in `token`.
    auto fail = [&](std::uint32_t index, std::string_view token, Diagnostic d, const char* what = "move ") {
        d.line = 1;
        if (token.data() >= text.data() && token.data() <= text.data() + text.size())
            d.column += static_cast<std::uint32_t>(token.data() - text.data());
        if (index)
            d.message = what + std::to_string(index) + " '" + std::string(token) + "': " + d.message;
        if (output != PlayOutput::all)
            out.resize(out_start);
        return PlayResult(PlayFailure{played, index, std::move(d)});
    };

    s.warnings.clear();
    auto start_pos = start_position(start, s.options.acceptance, s.warnings, s.options.from);
    for (Diagnostic& w : s.warnings)
        if (start.data() >= text.data() && start.data() <= text.data() + text.size())
            w.column += static_cast<std::uint32_t>(start.data() - text.data());
    if (!start_pos)
        return fail(0, start, start_pos.error());
    Position pos = *start_pos;
    if (output == PlayOutput::all) {
        if (auto written = s.write(pos, out); !written)
            return fail(0, start, Diagnostic{1, 1, written.error().message});
    } else if (output == PlayOutput::uci) {
        if (auto begun = s.uci.begin(pos, s.options.castling, out); !begun)
            return fail(0, start, Diagnostic{1, 1, begun.error().message});
    }
    for (std::string_view const token : moves) {
        std::uint32_t const index = played + 1;
        auto move = read_move(pos, token);
        if (!move)
            return fail(index, token, move.error());
        if (output == PlayOutput::uci)
            if (auto added = s.uci.add(pos, *move, out); !added)
                return fail(index, token, added.error());
        played = index;
        if (output != PlayOutput::all) {
            pos.play(*move);
            continue;
        }
        Position const before = pos;
        pos.play(*move);
        if (auto written = s.write(pos, out, &before, &*move); !written)
            return fail(index, token, Diagnostic{1, 1, written.error().message}, "the position after move ");
    }
    if (output == PlayOutput::last) {
        if (auto written = s.write(pos, out); !written)
            return fail(0, start, Diagnostic{1, 1, "the position after the moves: " + written.error().message});
    } else if (output == PlayOutput::uci) {
        s.uci.end(out);
    }
    return played;
}

const std::vector<Diagnostic>& MovePlayer::warnings() const
{
    return impl_->warnings;
}

PlayResult MovePlayer::play_line(std::string_view line, std::string& out)
{
    impl_->warnings.clear();
    uci_syntax::Error error;
    if (!uci_syntax::parse(line, impl_->line, error))
        return PlayFailure{0, 0, Diagnostic{1, static_cast<std::uint32_t>(error.offset) + 1, std::move(error.message)}};
    std::string_view const start = impl_->line.fen.empty() ? std::string_view(uci_vocabulary::startpos_word)
                                                           : impl_->line.fen;
    return play(line, start, impl_->line.moves, out);
}

} // namespace fen960
