"""fen960.Position: perft counts of the oracle (through the position and through its legal moves,
move by move), castling in SAN and UCI, errors, copies and pickles."""
import copy
import pickle

import pytest

import fen960
from conftest import cli, table

START960 = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"  # number 959
STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_perft_through_the_legal_moves():
    """perft.tsv: Position.perft, and the sum over the legal moves of each child's count (each
    move played from a copy, by UCI and by SAN)."""
    for row in table("oracle/perft.tsv"):
        p = fen960.Position(row["fen"], strict=False)
        depth, nodes = int(row["depth"]), int(row["nodes"])
        assert p.perft(depth) == nodes
        for notation in ("uci", "san"):
            total = 0
            for move in p.legal_moves(notation=notation):
                child = p.copy()
                child.play(move)
                total += child.perft(depth - 1)
            assert total == nodes, (row["fen"], notation)


def test_legal_moves_and_divide_equal_perft_divide():
    """The root moves and their counts of `fen960 perft --divide`, in each of --castling's values (auto
    the command's default) and the old spelling."""
    for row in table("oracle/perft.tsv")[:6]:
        p = fen960.Position(row["fen"], strict=False)
        # perft's king writes e1g1 only where the king is on e1/e8 and the rook on a/h, as Python's
        # old uci_castling='standard' does.
        for flags, castling in (
            (("--castling", "kxr"), {"castling": "kxr"}),
            (("--castling", "king"), {"uci_castling": "standard"}),
            ((), {"castling": "auto"}),
            (("--standard-castling",), {"uci_castling": "standard"}),
        ):
            run = cli("perft", "--divide", *flags, "3", row["fen"])
            rows = [(line.split(": ")[0], int(line.split(": ")[1])) for line in run.lines[:-1]]
            assert p.divide(3, **castling) == rows
            assert sorted(p.legal_moves(**castling)) == sorted(move for move, _ in rows)
            assert sum(nodes for _, nodes in rows) == p.perft(3) == int(run.lines[-1])


def test_divide_and_legal_moves_default_to_perfts_castling():
    """Without castling=, divide() and legal_moves() write castling as `fen960 perft --divide` does
    by default (--castling auto): the king's move in a standard position, the king taking its rook in
    a Chess960 one, decided by the record read (as perft decides it by its start): after moves
    played, as perft after the same moves; a copy and a pickle keep it."""
    for fen, moves, castles in (
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [], {"e1c1", "e1g1"}),
        ("1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1", [], {"c1b1"}),  # g1 is attacked: no c1e1
        (START960, ["g3", "e5", "Nd3", "Nc6"], set()),
        ("r1k4r/8/8/8/8/8/8/R1K4R w AHah - 0 1", ["Kb1", "Kb8"], set()),
        ("rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1", ["Kc7"], {"b1a1", "b1h1"}),
        # The start's b-rook right is Chess960's; once it is gone, castling is still king takes rook.
        ("4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1", ["Rb2", "Kd8"], {"e1h1"}),
    ):
        p = fen960.Position(fen, strict=False)
        for move in moves:
            p.play(move)
        run = cli("perft", "--divide", "2", fen, *moves)
        assert run.status == 0, run.stderr
        rows = [(line.split(": ")[0], int(line.split(": ")[1])) for line in run.lines[:-1]]
        assert p.divide(2) == rows
        assert sorted(p.legal_moves()) == sorted(move for move, _ in rows)
        assert castles <= {move for move, _ in rows}, (fen, moves)
        assert p.copy().divide(2) == pickle.loads(pickle.dumps(p)).divide(2) == rows


def test_castling_in_san_and_uci():
    p = fen960.Position("1k5r/8/8/8/8/8/8/RK2R3 w EAh - 0 1")
    assert sorted(m for m in p.legal_moves() if m.startswith("b1") and m[2:] in ("a1", "e1")) == ["b1a1", "b1e1"]
    assert p.san("b1e1") == "O-O" and p.san("b1a1") == "O-O-O"
    assert p.uci("O-O") == "b1e1"
    assert p.play("O-O") == "O-O"
    assert p.fen(to="shredder") == "1k5r/8/8/8/8/8/8/R4RK1 b h - 1 1"
    assert p.castling_rooks == ["h8"]
    standard = fen960.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=False)
    assert standard.uci("O-O", uci_castling="standard") == "e1g1"
    assert standard.uci("O-O", castling="kxr") == "e1h1"
    assert standard.uci("O-O") == "e1g1"  # auto, as the commands: standard castling rights
    assert standard.play("e1c1") == "O-O-O"
    assert standard.fen() == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"


def test_state():
    p = fen960.Position(STANDARD)
    assert (p.turn, p.halfmove_clock, p.fullmove_number, p.ep_square) == ("white", 0, 1, None)
    assert p.castling_rooks == ["a1", "h1", "a8", "h8"]
    assert p.play("e4") == "e4"
    assert (p.turn, p.ep_square) == ("black", "e3")
    assert p.fen(en_passant="keep") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert p.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert (p.piece_at("e4"), p.piece_at("e8"), p.piece_at("e5")) == ("P", "k", None)
    for move in ("f6", "d4", "g5", "Qh5#"):
        p.play(move)
    assert p.is_check() and p.is_checkmate() and not p.is_stalemate() and p.legal_moves() == []
    stalemate = fen960.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate() and not stalemate.is_check()


def test_errors():
    p = fen960.Position(STANDARD)
    for move, text in (("Nb2", "Nb2: "), ("e5", "e5: "), ("Zz9", "Zz9: "), ("e1g1", "e1g1: ")):
        with pytest.raises(fen960.MoveError) as e:
            p.play(move)
        assert str(e.value).startswith(text) and e.value.move == move and e.value.column >= 1
    assert p.fen() == STANDARD  # nothing played
    ambiguous = fen960.Position("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1")
    with pytest.raises(fen960.MoveError, match=r"Nb3: ambiguous \(Nab3, Ncb3\)"):
        ambiguous.play("Nb3")
    with pytest.raises(fen960.FenError) as e:
        fen960.Position("8/8/8/8/8/8/8/8 w - - 0 1")
    assert e.value.message.startswith("invalid position: ")
    with pytest.raises(fen960.FenError):
        fen960.Position(START960).fen(to="fen")  # standard FEN cannot write the rights
    with pytest.raises(fen960.FenError):
        fen960.Position(START960, chess960=False)
    with pytest.raises(ValueError):
        p.piece_at("i9")
    with pytest.raises(ValueError):
        p.legal_moves(notation="lan")


def test_copies_and_pickles():
    p = fen960.Position(START960)
    p.play("g3")
    for q in (p.copy(), copy.copy(p), copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert q == p and q.fen(to="shredder") == p.fen(to="shredder")
        q.play("e5")
        assert q != p
    assert repr(p) == "Position('rkrnnqbb/pppppppp/8/8/8/6P1/PPPPPP1P/RKRNNQBB b CAca - 0 1')"
    assert str(p) == p.fen() and p != "not a position"
