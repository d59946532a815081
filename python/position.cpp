// fen960.Position: a legal position, its legal moves (UCI or SAN), moves played by SAN or UCI, and
// its record in any dialect. The library's Position, parse_san, to_san, to_uci and perft do the work.

#include <algorithm>
#include <map>

#include "fen960/divide.hpp"
#include "fen960/names.hpp"
#include "fen960/play.hpp"
#include "fen960/position.hpp"
#include "fen960/san.hpp"
#include "fen960/validate.hpp"
#include "module.hpp"

namespace fen960::python {

namespace {

// A legal move in UCI: castling as `notation` says (append_uci), or with none (the old
// uci_castling='standard') as to_uci writes it without Chess960; MoveError where the king's move
// cannot write the castling.
std::string uci_of(const Position& pos, const Move& m, std::optional<CastlingNotation> notation)
{
    if (!notation)
        return to_uci(pos, m, false);
    std::string out;
    if (auto written = append_uci(pos, m, *notation, out); !written) {
        std::string const kxr = to_uci(pos, m, true);
        py::object e = move_error_class()(decode(kxr + ": " + written.error().message));
        e.attr("message") = decode(kxr + ": " + written.error().message);
        e.attr("move") = decode(kxr);
        e.attr("column") = py::int_(1);
        raise(e);
    }
    return out;
}

std::optional<Square> square_named(std::string_view name)
{
    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8')
        return std::nullopt;
    return Square(File(name[0] - 'a'), Rank(name[1] - '1'));
}

struct PyPosition {
    Position position;
    bool chess960 = true; // the rules it was judged by, kept for copies and pickles
    bool strict = true;
    // What castling='auto' means for it: decided by the record it was read from, as `fen960 perft`
    // and `play` decide --castling auto by their start before the moves (castling_notation).
    CastlingNotation automatic = CastlingNotation::kxr;

    static PyPosition read(RecordArg record, bool chess960, bool strict)
    {
        Origin const origin{"argument", 1};
        std::string_view const text = record.text.substr(0, std::min(record.text.size(), max_record_length));
        auto parsed = parse_fen(text);
        if (!parsed)
            raise(fen_error(origin, record.object, text, {parsed.error()}));
        auto pos = Position::from_setup(parsed->setup, chess960 ? Rules::chess960 : Rules::standard,
                                        strict ? Strictness::legal : Strictness::playable);
        if (!pos)
            raise(fen_error(origin, record.object, text, {pos.error()}, "invalid position: "));
        return PyPosition{*pos, chess960, strict, castling_notation(CastlingNotation::automatic, parsed->setup)};
    }

    std::string fen(std::string_view to, const std::optional<std::string>& en_passant) const
    {
        EmitOptions options;
        options.dialect = dialect_named(to);
        options.en_passant = en_passant_named(en_passant);
        std::string out;
        if (auto written = append_fen(position.setup(), options, out); !written)
            raise(fen_error(written.error().message, written.error().message));
        return out;
    }

    // The legal move a SAN or UCI token names, or MoveError.
    Move move_named(std::string_view token) const
    {
        Expected<Move> move = parse_san(position, token);
        if (!move) {
            py::object e = move_error_class()(decode(move.error().message));
            e.attr("message") = decode(move.error().message);
            e.attr("move") = decode(token);
            e.attr("column") = py::int_(move.error().column);
            raise(e);
        }
        return *move;
    }

    std::vector<std::string> legal_moves(std::string_view castling, std::string_view notation,
                                         const std::optional<std::string>& uci_castling) const
    {
        bool const san = notation == "san";
        if (!san && notation != "uci")
            throw py::value_error("notation must be 'uci' or 'san', not '" + std::string(notation) + "'");
        auto const castles = notation_for(castling, uci_castling);
        std::vector<std::string> moves;
        for (const Move& m : position.legal_moves())
            moves.push_back(san ? to_san(position, m) : uci_of(position, m, castles));
        return moves;
    }

    std::string play(std::string_view token)
    {
        Move const m = move_named(token);
        std::string san = to_san(position, m);
        position.play(m);
        return san;
    }

    std::optional<std::string> piece_at(std::string_view square) const
    {
        auto const s = square_named(square);
        if (!s)
            throw py::value_error("not a square: '" + std::string(square) + "' (a1..h8)");
        auto const piece = position.board().piece_at(*s);
        if (!piece)
            return std::nullopt;
        return std::string(1, piece->letter());
    }

    std::vector<std::string> castling_rooks() const
    {
        std::vector<std::string> squares;
        for (Bitboard b = position.castling_rooks(); b; b &= b - 1)
            squares.push_back(lsb(b).name());
        return squares;
    }

    std::uint64_t count(int depth) const
    {
        check_depth(depth);
        py::gil_scoped_release const release;
        return perft(position, depth);
    }

    std::vector<std::pair<std::string, std::uint64_t>> divide(int depth, std::string_view castling,
                                                              const std::optional<std::string>& uci_castling) const
    {
        check_depth(depth);
        auto const castles = notation_for(castling, uci_castling);
        std::vector<DivideRow> rows;
        {
            py::gil_scoped_release const release;
            rows = perft_divide(position, depth, castles.has_value());
        }
        // perft_divide writes castling king takes rook (or as to_uci without Chess960); the king's
        // move renames the castling rows, sorted again by their text.
        if (castles && *castles == CastlingNotation::king) {
            std::map<std::string, std::string> renamed;
            for (const Move& m : position.legal_moves())
                if (m.kind == MoveKind::castling)
                    renamed[to_uci(position, m, true)] = uci_of(position, m, castles);
            for (DivideRow& r : rows)
                if (auto const it = renamed.find(r.uci); it != renamed.end())
                    r.uci = it->second;
            std::sort(rows.begin(), rows.end(), [](const DivideRow& a, const DivideRow& b) { return a.uci < b.uci; });
        }
        std::vector<std::pair<std::string, std::uint64_t>> out;
        for (DivideRow& r : rows)
            out.emplace_back(std::move(r.uci), r.nodes);
        return out;
    }

    // The notation a castling keyword names, `auto` as decided when the record was read; none for the
    // old 'standard'.
    std::optional<CastlingNotation> notation_for(std::string_view castling,
                                                 const std::optional<std::string>& uci_castling) const
    {
        auto const named = castling_named(castling, uci_castling);
        return named == CastlingNotation::automatic ? automatic : named;
    }

    static void check_depth(int depth)
    {
        if (depth < 0 || depth > 64)
            throw py::value_error("depth must be 0..64, not " + std::to_string(depth));
    }
};

} // namespace

std::optional<CastlingNotation> castling_named(std::string_view castling, const std::optional<std::string>& uci_castling)
{
    std::string_view const name = uci_castling ? std::string_view(*uci_castling) : castling;
    if (name == "standard")
        return std::nullopt;
    if (auto const n = from_name(castling_notation_names, name))
        return *n;
    throw py::value_error(std::string(uci_castling ? "uci_castling" : "castling") +
                          " must be 'kxr', 'king' or 'auto', not '" + std::string(name) + "'");
}

void add_position(py::module_& m)
{
    py::class_<PyPosition>(m, "Position", R"doc(A legal position: its legal moves, moves played, its record in any dialect.

Position(record, chess960=True, strict=True) reads a record in any dialect. chess960=False judges
castling rights by standard rules; strict=False also takes what the move generator can play but
no game reaches (the acceptance rule of the commands: checks no move gives, too many pieces or
pawns, a stale clock; perft suites have such positions). Raises
FenError for a record that does not parse or an invalid position.

    >>> p = fen960.Position("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1")
    >>> p.play("g3"), p.play("e7e5")
    ('g3', 'e5')
    >>> p.fen(to="shredder")
    'rkrnnqbb/pppp1ppp/8/4p3/8/6P1/PPPPPP1P/RKRNNQBB w CAca e6 0 2'
    >>> len(p.legal_moves()), p.is_check(), p.legal_moves(notation="san")[:4]
    (28, False, ['Nc3', 'Ne3', 'Ng2', 'Nd3'])

Castling in Chess960 is O-O (the h-side rook) and O-O-O (the a-side rook) in SAN, king takes rook
in UCI (`b1c1`); play() reads either, and e1g1 when the king and rook stand where standard chess
has them.)doc")
        .def(py::init(&PyPosition::read), py::arg("record"), py::arg("chess960") = true, py::arg(strict_argument_name) = true)
        .def("fen", &PyPosition::fen, py::arg("to") = "xfen", py::arg("en_passant") = py::none(),
             R"doc(The position as a record in `to` ('xfen', 'shredder' or 'fen'), clocks included.

After a double pawn push the en-passant square is written as `en_passant` says (by default:
'pseudo' for xfen, 'keep' for the others, as in convert()). FenError when standard FEN cannot
write the castling rights.)doc")
        .def("legal_moves", &PyPosition::legal_moves, py::arg("castling") = "auto", py::arg("notation") = "uci",
             py::kw_only(), py::arg("uci_castling") = py::none(),
             R"doc(Every legal move, in UCI (notation='uci') or SAN (notation='san').

castling says how UCI writes castling, as `fen960 play --uci --castling` and `fen960 perft
--castling` do: 'auto' (default, as the commands) king when every castling right of the record the
Position was read from is standard chess's, else kxr (decided once: moves played keep it); 'kxr' the king takes its rook (`e1h1`, `b1a1`), as
UCI_Chess960 engines read it; 'king' the king's move to its castling square (`e1g1`; MoveError
for a castling that form cannot write: the king's step or its taking the other rook reads the
same). The old keyword uci_castling='kxr'|'standard' still works ('standard': `e1g1`/`e1c1` only
where the king is on e1/e8 and the rook on a/h, else kxr).

    >>> p = fen960.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    >>> [m for m in p.legal_moves() if m.startswith("e1") and m[2] in "cg"]
    ['e1c1', 'e1g1']
    >>> sorted(set(p.legal_moves(castling="kxr")) - set(p.legal_moves()))
    ['e1a1', 'e1h1']
    >>> q = fen960.Position("1k5r/8/8/8/8/8/8/RK2R3 w EAh - 0 1")  # castling b1a1, the king's step b1c1
    >>> sorted(m for m in q.legal_moves() if m in ("b1a1", "b1c1"))
    ['b1a1', 'b1c1'])doc")
        .def("play", &PyPosition::play, py::arg("move"),
             R"doc(Plays a legal move given in SAN (`Nf3`, `O-O`, `exd8=Q+`) or UCI (`g1f3`, `e1h1`, `e7e8q`)
and returns its SAN. MoveError (nothing played) for an illegal, ambiguous or unreadable move.)doc")
        .def(
            "san", [](const PyPosition& p, std::string_view move) { return to_san(p.position, p.move_named(move)); },
            py::arg("move"), "The SAN of a legal move given in SAN or UCI, without playing it (MoveError otherwise).")
        .def(
            "uci",
            [](const PyPosition& p, std::string_view move, std::string_view castling,
               const std::optional<std::string>& uci_castling) {
                return uci_of(p.position, p.move_named(move), p.notation_for(castling, uci_castling));
            },
            py::arg("move"), py::arg("castling") = "auto", py::kw_only(), py::arg("uci_castling") = py::none(),
            R"doc(The UCI of a legal move given in SAN or UCI, without playing it (MoveError otherwise).

castling as for legal_moves().

    >>> p = fen960.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    >>> p.uci("O-O"), p.uci("O-O", castling="kxr")
    ('e1g1', 'e1h1'))doc")
        .def("is_check", [](const PyPosition& p) { return p.position.is_check(); }, "Whether the side to move is in check.")
        .def(
            "is_checkmate", [](const PyPosition& p) { return p.position.is_checkmate(); },
            "Whether the side to move is checkmated.")
        .def(
            "is_stalemate", [](const PyPosition& p) { return p.position.is_stalemate(); },
            "Whether the side to move has no legal move and is not in check.")
        .def("perft", &PyPosition::count, py::arg("depth"),
             "The number of leaf nodes of the legal move tree `depth` plies deep (without the GIL).")
        .def("divide", &PyPosition::divide, py::arg("depth"), py::arg("castling") = "auto", py::kw_only(),
             py::arg("uci_castling") = py::none(),
             R"doc(perft by root move, as `fen960 perft --divide` prints it: (UCI, nodes) for each legal move,
sorted by the move's text; the nodes add up to perft(depth). Without the GIL. castling as for
legal_moves() ('auto' by default, as the command): `e1g1` for a standard position, the king taking
its rook (`c1b1`) where a castling right is one only Chess960 has.

    >>> fen960.Position("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1").divide(2)[:2]
    [('a2a3', 20), ('a2a4', 20)]
    >>> [row for row in fen960.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").divide(1) if row[0][:2] == "e1"][-2:]
    [('e1f2', 1), ('e1g1', 1)])doc")
        .def("piece_at", &PyPosition::piece_at, py::arg("square"),
             "The piece on a square ('e1'): its FEN letter ('K' white king, 'q' black queen), or None.")
        .def_property_readonly(
            "turn", [](const PyPosition& p) { return p.position.turn() == Color::white ? "white" : "black"; },
            "'white' or 'black': the side to move.")
        .def_property_readonly("castling_rooks", &PyPosition::castling_rooks,
                               "The squares of the rooks that may still castle, a1..h8 order (['a1', 'h1', 'a8', 'h8']).")
        .def_property_readonly(
            "ep_square",
            [](const PyPosition& p) -> std::optional<std::string> {
                auto const s = p.position.ep_square();
                return s ? std::optional<std::string>(s->name()) : std::nullopt;
            },
            "The square behind a pawn that has just moved two squares ('e3'), or None.")
        .def_property_readonly(
            "halfmove_clock", [](const PyPosition& p) { return p.position.halfmove_clock(); },
            "Plies since the last capture or pawn move.")
        .def_property_readonly(
            "fullmove_number", [](const PyPosition& p) { return p.position.fullmove_number(); },
            "The move number, from 1, counted up after black's move.")
        .def("copy", [](const PyPosition& p) { return p; }, "An independent copy.")
        .def("__copy__", [](const PyPosition& p) { return p; })
        .def("__deepcopy__", [](const PyPosition& p, py::handle) { return p; }, py::arg("memo"))
        .def(
            "__eq__", [](const PyPosition& a, const PyPosition& b) { return a.position == b.position; },
            py::is_operator())
        .def("__str__", [](const PyPosition& p) { return p.fen("xfen", std::nullopt); })
        .def(
            "_repr_svg_", [](const PyPosition& p) { return decode(svg_of(p.position.setup(), p.chess960, false)); },
            "The board as fen960.svg() draws it: what a Jupyter notebook shows for a Position.")
        .def("__repr__",
             [](const PyPosition& p) {
                 return "Position(" + std::string(py::repr(py::str(p.fen("shredder", std::string("keep"))))) + ")";
             })
        .def(py::pickle(
            [](const PyPosition& p) {
                return py::make_tuple(p.fen("shredder", std::string("keep")), p.chess960, p.strict,
                                      p.automatic == CastlingNotation::kxr);
            },
            [](const py::tuple& t) {
                std::string const record = t[0].cast<std::string>();
                PyPosition p = PyPosition::read(RecordArg{t[0], record}, t[1].cast<bool>(), t[2].cast<bool>());
                if (t.size() > 3) // what castling='auto' meant for the original (older pickles: its record's)
                    p.automatic = t[3].cast<bool>() ? CastlingNotation::kxr : CastlingNotation::king;
                return p;
            }));
}

} // namespace fen960::python
