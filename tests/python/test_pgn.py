"""read_pgn: the oracle's games (positions in every dialect, the broken games' plies), every PGN file
of the test data against `fen960 pgn --positions` of the same build (its lines, its JSON Lines, its
messages), moves against `fen960 pgn`'s rewritten SAN, file objects of every kind, and memory."""
import bz2
import gzip
import io
import json
import lzma
import re
import resource

import pytest

import fen960
from conftest import SANITIZED, cli, data, jsonl, pgn_files

GAMES = data("oracle/games.pgn")


def positions_output(games):
    """What `fen960 pgn --positions` writes for these games."""
    out = []
    for g in games:
        out.extend(g.positions)
        if g.outcome == "failed":
            out.append(f"error: game {g.number} ply {g.error.ply}: {g.error.message}")
        elif g.outcome == "skipped":
            out.append(f"skipped: game {g.number}: {g.error.message}")
        out.append("")
    return "".join(line + "\n" for line in out)


def messages_output(games):
    """The messages `fen960 pgn` writes to standard error for these games, in order."""
    text = ""
    for g in games:
        text += "".join(str(w) + "\n" for w in g.warnings)
        if g.error is not None:
            text += str(g.error) + "\n"
    return text


def without_summary_and_strays(stderr):
    """The command's standard error less its summary and its warnings about comments outside any
    game (which read_pgn leaves out)."""
    lines = stderr.decode("utf-8", "replace").split("\n")
    kept, i = [], 0
    while i < len(lines):
        if lines[i].endswith(": warning: comments outside any game; ignored"):
            i += 3  # the message, the line, the caret
            continue
        if lines[i].startswith("fen960 pgn: "):
            i += 1
            continue
        kept.append(lines[i])
        i += 1
    return "\n".join(kept)


def test_oracle_positions_and_errors_in_every_dialect():
    """Every per-ply position listed in games_expected.jsonl, and the broken games' kind and ply."""
    expected = jsonl("oracle/games_expected.jsonl")
    compared = 0
    for dialect in ("xfen", "shredder", "fen"):
        games = list(fen960.read_pgn(GAMES, to=dialect))
        assert len(games) == len(expected) == 50
        for g, e in zip(games, expected):
            assert g.number == e["game"] and g.line == e["lines"][0] + 1
            if dialect not in e["positions"]:
                continue
            assert g.positions == e["positions"][dialect], (dialect, g.number)
            if e["kind"] == "ok":
                assert (g.outcome, g.error, g.plies + 1) == ("imported", None, len(g.positions))
            else:
                assert g.outcome == "failed" and isinstance(g.error, fen960.PgnError)
                assert g.error.game == g.number
                if e["kind"] == "badtag":
                    assert g.error.ply == 0 and g.error.message.startswith("FEN tag: ")
                else:
                    assert g.error.ply == e["error_ply"] == len(g.positions)
                    mark = ": illegal move" if e["kind"] == "illegal" else ": ambiguous ("
                    assert mark in g.error.message
            if e["chess960"] is not None:  # none for a bad FEN tag
                assert g.chess960 == e["chess960"]
            compared += 1
    assert compared == sum(len(e["positions"]) for e in expected)


@pytest.mark.parametrize("relative", pgn_files())
def test_every_file_equals_the_command(relative):
    """--positions lines, JSON Lines fields and messages (with lines and columns) of the command."""
    path = data(relative)
    for dialect in ("xfen", "shredder"):
        games = list(fen960.read_pgn(path, to=dialect, name=relative))
        run = cli("pgn", "--positions", "--to", dialect, "--jobs", "1", path)
        assert positions_output(games).encode() == run.stdout
        stderr = cli("pgn", "--positions", "--to", dialect, relative, cwd=data("")).stderr
        assert messages_output(games) == without_summary_and_strays(stderr)
    games = list(fen960.read_pgn(path))
    objects = [json.loads(line) for line in cli("pgn", "--positions", "--format", "jsonl", path).lines]
    assert len(objects) == len(games)
    for g, o in zip(games, objects):
        assert (g.number, g.line, g.outcome, g.plies, g.positions) == (
            o["game"], o["line"], o["outcome"], o["plies"], o["positions"])
        assert g.chess960 == (o["variant"] == "chess960")
        if o["error"] is None:
            assert g.error is None
        else:
            assert (g.error.line, g.error.column, g.error.ply, g.error.message) == (
                o["error"]["line"], o["error"]["column"], o["error"]["ply"], o["error"]["message"])
        assert [w.message for w in g.warnings] == [w["message"] for w in o["warnings"]]


# The main line of a game `fen960 pgn` has rewritten: its SAN moves, without comments, variations,
# NAGs, move numbers and the result.
def main_line(rewritten):
    movetext = rewritten.split("\n\n", 1)[1] if rewritten.startswith("[") else rewritten
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    movetext = re.sub(r";[^\n]*", " ", movetext)
    while "(" in movetext:
        movetext = re.sub(r"\([^()]*\)", " ", movetext)
    tokens = movetext.split()
    return [t for t in tokens if not re.fullmatch(r"\d+\.+|\$\d+|1-0|0-1|1/2-1/2|\*|[!?]+", t)]


def test_moves_are_the_rewritten_san_and_replay():
    """Game.moves are the SAN `fen960 pgn` writes for the main line, and Position.play replays
    them into Game.positions."""
    checked = 0
    for relative in ("oracle/games.pgn", "pgn/python-chess/cutechess-fischerrandom.pgn",
                     "pgn/scalachess-fixtures/complete960.pgn", "pgn/pgn-extract/test-allownullmoves.pgn"):
        games = [g for g in fen960.read_pgn(data(relative)) if g.outcome == "imported"]
        for g in games:
            assert len(g.moves) == g.plies
            position = fen960.Position(g.positions[0], strict=False)
            for move, after in zip(g.moves, g.positions[1:]):
                if move == "--":
                    position = fen960.Position(after, strict=False)
                    continue
                assert position.play(move) == move
                assert position.fen() == after
            checked += len(g.moves)
    assert checked > 2000
    # Against the command's rewriting, for the oracle's games (comments and variations dropped).
    games = [g for g in fen960.read_pgn(GAMES) if g.outcome == "imported"]
    text = cli("pgn", "--to", "xfen", "--jobs", "1", GAMES).stdout.decode()
    rewritten = [t for t in re.split(r"\n\n(?=\[)", text) if t.strip()]
    assert len(rewritten) == len(games)
    compared = 0
    for g, r in zip(games, rewritten):
        if r.strip() == g.text.strip():
            continue  # a standard game from the standard start, copied as it was
        assert g.moves == main_line(r), g.number
        compared += 1
    assert compared >= 20


def test_tags_as_written():
    """Tags in order, values without their escapes, from the games' own lines."""
    expected = jsonl("oracle/games_expected.jsonl")
    lines = GAMES.read_text(encoding="utf-8").split("\n")
    for g, e in zip(fen960.read_pgn(GAMES), expected):
        first, end = e["lines"]
        want = {}
        for line in lines[first:end]:
            for name, value in re.findall(r'\[(\w+) "((?:[^"\\]|\\.)*)"\]', line):
                want[name] = value.replace('\\"', '"').replace("\\\\", "\\")
        assert g.tags == want and list(g.tags) == list(want)
        assert e["fen_tag"] is None or "FEN" in g.tags
    escaped = b'[Event "a \\"quoted\\" name \\\\ here"]\n[Site "x"]\n\n1. e4 *\n'
    (game,) = fen960.read_pgn(io.BytesIO(escaped))
    assert game.tags == {"Event": 'a "quoted" name \\ here', "Site": "x"}
    assert game.moves == ["e4"] and game.text == escaped.decode().rstrip("\n")


def test_moves_and_tags_handed_over():
    """Game.moves and Game.tags come from the importer: moves as played up to a bad one, null moves
    as `--`, castling however written as O-O, tags with escapes, a name given twice keeping its place
    and its last value."""
    pgn = (b'[Event "one"]\n[Site "a \\\\ b \\"c\\""]\n[Event "two"]\n[Variant "fischerandom"]\n'
           b'[FEN "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1"]\n\n'
           b'1. b4 e6 2. Be5 Qxb4 3. h4 0-0!? 4. g2g3 -- 5. Bxg7 *\n\n'
           b'1. e4 e5 2. Ke2 Nf6 3. Ke4 *\n')
    first, second = fen960.read_pgn(io.BytesIO(pgn))
    assert first.tags == {"Event": "two", "Site": 'a \\ b "c"', "Variant": "fischerandom",
                          "FEN": "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1"}
    assert list(first.tags) == ["Event", "Site", "Variant", "FEN"]
    assert first.moves == ["b4", "e6", "Be5", "Qxb4", "h4", "O-O", "g3", "--", "Bxg7"]
    assert len(first.positions) == len(first.moves) + 1
    assert second.outcome == "failed" and second.error.ply == 5
    assert second.moves == ["e4", "e5", "Ke2", "Nf6"] and second.tags == {}
    assert len(second.positions) == 5


def test_file_objects_of_every_kind(tmp_path):
    """A path, a binary file, a text file, BytesIO, gzip and bz2 files: the same games."""
    raw = GAMES.read_bytes()
    want = positions_output(fen960.read_pgn(GAMES))
    (tmp_path / "g.pgn.gz").write_bytes(gzip.compress(raw))
    (tmp_path / "g.pgn.bz2").write_bytes(bz2.compress(raw))
    sources = [
        str(GAMES), GAMES, str(GAMES).encode(), io.BytesIO(raw), io.StringIO(raw.decode()),
        open(GAMES, "rb"), open(GAMES, encoding="utf-8"), open(GAMES, "rb", buffering=0),
        gzip.open(tmp_path / "g.pgn.gz"), bz2.open(tmp_path / "g.pgn.bz2"),
    ]
    for source in sources:
        assert positions_output(fen960.read_pgn(source)) == want, source
    with open(GAMES, "rb") as f:
        assert next(iter(fen960.read_pgn(f))).source == str(GAMES)
    assert next(iter(fen960.read_pgn(io.BytesIO(raw)))).source == "-"


def test_a_games_repr_counts_its_plies():
    one, two = fen960.read_pgn(io.BytesIO(b"1. e4 *\n\n1. e4 e5 *\n"))
    assert repr(one) == "<fen960.Game 1 (-:1) imported, 1 ply>"
    assert repr(two) == "<fen960.Game 2 (-:3) imported, 2 plies>"


def test_a_compressed_path_or_file_reads_as_the_command_reads_it(tmp_path):
    """read_pgn of a compressed file, by its path or as a binary file object, gives the games of the
    plain file (the format told by the first bytes, whatever the name, as `fen960 pgn` reads it); at
    damaged data, the games before it and then OSError, with the command's words for the damage."""
    raw = GAMES.read_bytes()
    want = positions_output(fen960.read_pgn(GAMES))
    assert want == cli("pgn", "--positions", str(GAMES)).stdout.decode()
    for name, data in (("g.pgn.gz", gzip.compress(raw)), ("g.bz2", bz2.compress(raw)), ("g.pgn", lzma.compress(raw))):
        path = tmp_path / name
        path.write_bytes(data)
        assert positions_output(fen960.read_pgn(path)) == want, name
        with open(path, "rb") as f:
            assert positions_output(fen960.read_pgn(f, jobs=2)) == want, name
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes(gzip.compress(raw)[: len(gzip.compress(raw)) // 2])
    run = cli("pgn", "--positions", str(cut))
    assert run.status == 3
    games = []
    with pytest.raises(OSError) as e:
        for game in fen960.read_pgn(cut):
            games.append(game)
    assert games and positions_output(games) == run.stdout.decode()
    assert f"{cut}: truncated gzip data at compressed byte " in str(e.value)
    assert str(e.value) in run.stderr.decode()


def test_a_read_error_is_raised(tmp_path):
    with pytest.raises(FileNotFoundError):
        fen960.read_pgn(tmp_path / "missing.pgn")

    class Broken(io.RawIOBase):
        def readable(self):
            return True

        def readinto(self, buffer):
            raise OSError("disk on fire")

    with pytest.raises(OSError, match="disk on fire"):
        list(fen960.read_pgn(Broken()))
    with pytest.raises(TypeError):
        fen960.read_pgn(42)


def test_jobs_import_on_several_threads_in_order():
    raw = GAMES.read_bytes() * 20
    want = positions_output(fen960.read_pgn(io.BytesIO(raw)))
    for jobs in (2, 3, 0):
        games = list(fen960.read_pgn(io.BytesIO(raw), jobs=jobs))
        assert positions_output(games) == want
        assert [g.number for g in games] == list(range(1, 1001))
    with pytest.raises(ValueError):
        fen960.read_pgn(GAMES, max_game_size=100)


def test_errors_keep_skip_raise():
    kept = list(fen960.read_pgn(GAMES))
    failed = [g.number for g in kept if g.outcome == "failed"]
    assert failed == [6, 26, 45]
    assert [g.number for g in fen960.read_pgn(GAMES, errors="skip")] == [
        g.number for g in kept if g.outcome == "imported"]
    reader = fen960.read_pgn(GAMES, errors="raise")
    with pytest.raises(fen960.PgnError) as e:
        for _ in reader:
            pass
    assert e.value.game == 6 and str(e.value) == str(kept[5].error)
    with pytest.raises(ValueError):
        fen960.read_pgn(GAMES, errors="ignore")


def test_game_size_limit_and_the_next_game():
    long_game = b'[Event "long"]\n\n{' + b"x" * 5000 + b"} 1. e4 *\n\n"
    short = b'[Event "short"]\n\n1. d4 d5 *\n'
    games = list(fen960.read_pgn(io.BytesIO(long_game + short), max_game_size=2048))
    assert [g.outcome for g in games] == ["failed", "imported"]
    assert "longer than 2048 bytes" in games[0].error.message and games[0].text == ""
    assert games[1].moves == ["d4", "d5"] and games[1].line == 5


def test_select():
    every = [g.number for g in fen960.read_pgn(GAMES)]
    # A game whose tags do not read fails whatever the selection; every other game is of one kind.
    bad_tags = [g.number for g in fen960.read_pgn(GAMES) if g.outcome == "failed" and g.error.ply == 0]
    assert bad_tags
    kinds = {k: [g.number for g in fen960.read_pgn(GAMES, select=[k])] for k in ("chess960", "standard", "dfrc")}
    assert kinds["chess960"] and kinds["standard"] and len(kinds["dfrc"]) > len(bad_tags)
    assert all(set(bad_tags) <= set(numbers) for numbers in kinds.values())
    assert sorted(n for numbers in kinds.values() for n in numbers if n not in bad_tags) == [
        n for n in every if n not in bad_tags]
    assert all(g.chess960 for g in fen960.read_pgn(GAMES, select=["chess960"]) if g.number not in bad_tags)
    assert not any(g.chess960 for g in fen960.read_pgn(GAMES, select=["standard"]))
    for kind, numbers in kinds.items():  # as the command selects them
        run = cli("pgn", "--positions", "--format", "jsonl", "--select", kind, GAMES)
        assert [json.loads(line)["game"] for line in run.stdout.splitlines()] == numbers
    assert [g.number for g in fen960.read_pgn(GAMES, select=["chess960", "Standard"], jobs=2)] == sorted(
        set(kinds["chess960"] + kinds["standard"]))
    assert [g.number for g in fen960.read_pgn(GAMES, select=["startpos:518"])] == [
        g.number for g in fen960.read_pgn(GAMES) if g.number in bad_tags or g.positions and g.positions[0].startswith(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
    with pytest.raises(ValueError, match="select: 'chess' is not one of standard, chess960, dfrc"):
        fen960.read_pgn(GAMES, select=["chess"])


def test_skipped_variant():
    atomic = b'[Event "x"]\n[Variant "Atomic"]\n\n1. e4 *\n'
    (game,) = fen960.read_pgn(io.BytesIO(atomic))
    assert game.outcome == "skipped" and game.error.skipped and game.positions == []
    assert "game skipped" in str(game.error)
    assert list(fen960.read_pgn(io.BytesIO(atomic), errors="skip")) == []


def test_context_manager_and_close():
    with fen960.read_pgn(GAMES) as games:
        first = next(games)
    assert first.number == 1
    with pytest.raises(StopIteration):
        next(games)


@pytest.mark.skipif(SANITIZED, reason="AddressSanitizer keeps freed memory in quarantine")
def test_memory_does_not_grow_with_the_input(tmp_path):
    """About 40 MB of PGN: the resident size grows by far less (one game at a time)."""
    raw = GAMES.read_bytes()
    path = tmp_path / "big.pgn"
    copies = 40 * 2**20 // len(raw) + 1
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(raw)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    plies = 0
    for g in fen960.read_pgn(path):
        plies += len(g.positions)
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert plies > 1_000_000
    assert grown_kib < 15 * 1024, f"resident size grew by {grown_kib} KiB"
