"""What the command does, Python does (issue 27): key, mirror, shape, records as PGN games, the book
(unique, stats), play, exits and diagrams, each compared with the fen960 command of the same build
on the same input (its output lines, its messages), never with a table of answers."""
import gzip
import io
import re
import warnings
import xml.dom.minidom

import pytest

import fen960
from conftest import cli, data, pgn_files, record_lines, table

DIALECTS = ("fen", "shredder", "xfen")
MODES = ("keep", "pseudo", "legal")
STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
INVALID = ["8/8 w", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"]


def book_records():
    """The oracle's records (boards of random games, Chess960 and standard) and EPD records with
    operations, with some repeated in other spellings, and invalid ones."""
    records = record_lines([row["input"] for row in table("oracle/keys.tsv")])[:600]
    epd = record_lines([row["input"] for row in table("oracle/epd.tsv")])
    again = [fen960.convert(r, to="shredder") for r in records[:50]] + records[100:120]
    clocks = [" ".join(r.split(" ")[:4]) + " 17 40" for r in records[200:230]]
    return records + epd + again + clocks + INVALID + ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                                                       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]


@pytest.fixture(scope="module")
def records_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("book") / "book.epd"
    path.write_text("".join(r + "\n" for r in book_records()), encoding="utf-8")
    return path


def each(function, records, source, **options):
    """function(record) for each record of the file `source`, or 'error: MESSAGE' as the command
    writes it; and the command's standard error: each record's FenWarnings, then its FenError, at
    its line of the file."""
    lines, messages = [], []
    at_line = re.compile("^" + re.escape(source) + ":1:", re.M)
    for line, r in enumerate(records, start=1):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                lines.append(function(r, source=source, **options))
                error = None
            except fen960.FenError as e:
                lines.append("error: " + e.message)
                error = e
        printed = [str(w.message) for w in caught if issubclass(w.category, fen960.FenWarning)]
        printed += [str(error)] if error else []
        messages += [at_line.sub(f"{source}:{line}:", m) + "\n" for m in printed]
    return lines, "".join(messages)


# --- key -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("flags", [(), ("--mirror",), ("--repair",), ("--from", "shredder")])
def test_key_is_the_commands(records_path, flags):
    records = book_records()
    options = {"mirror": "--mirror" in flags, "repair": "--repair" in flags,
               "read": flags[1] if flags[:1] == ("--from",) else "auto"}
    run = cli("key", *flags, records_path)
    lines, messages = each(fen960.key, records, str(records_path), **options)
    assert lines == run.lines
    assert messages == run.stderr.decode()
    assert all(re.fullmatch("[0-9a-f]{16}", k) for k in lines if not k.startswith("error:"))


def test_key_of_one_record():
    assert fen960.key(STANDARD) == cli("key", STANDARD).lines[0]
    with pytest.raises(fen960.FenError) as e:
        fen960.key("8/8 w")
    assert "error: " + e.value.message == cli("key", "8/8 w").lines[0]
    assert str(e.value) + "\n" == cli("key", "8/8 w").stderr.decode()


# --- mirror and shape ------------------------------------------------------------------------------


@pytest.mark.parametrize("to", DIALECTS)
@pytest.mark.parametrize("mode", MODES)
def test_mirror_is_convert_mirror(records_path, to, mode):
    run = cli("convert", "--to", to, "--en-passant", mode, "--mirror", "-f", records_path)
    lines, messages = each(fen960.mirror, book_records(), str(records_path), to=to, en_passant=mode)
    assert lines == run.lines
    assert messages == run.stderr.decode()


def test_mirror_twice_gives_the_record_back():
    for r in record_lines([row["input"] for row in table("oracle/keys.tsv")])[:300]:
        assert fen960.mirror(fen960.mirror(r, to="shredder", en_passant="keep"), to="shredder",
                             en_passant="keep") == fen960.convert(r, to="shredder", en_passant="keep")


@pytest.mark.parametrize("shape", ("as-read", "fen", "epd"))
@pytest.mark.parametrize("to", ("shredder", "xfen"))
def test_shape_is_convert_shape(records_path, shape, to):
    run = cli("convert", "--to", to, "--shape", shape, "-f", records_path)
    lines, messages = each(fen960.shape, book_records(), str(records_path), shape=shape, to=to)
    assert lines == run.lines
    assert messages == run.stderr.decode()
    with pytest.raises(ValueError, match="shape must be 'as-read', 'fen' or 'epd'"):
        fen960.shape(STANDARD, "pgn")


# --- records as PGN games --------------------------------------------------------------------------


@pytest.mark.parametrize("to", DIALECTS)
@pytest.mark.parametrize("variant", (None, "fischerandom"))
def test_pgn_games_are_convert_format_pgn(records_path, to, variant):
    flags = ["--variant-name", variant] if variant else []
    run = cli("convert", "--to", to, "--format", "pgn", *flags, "-f", records_path)
    games, messages = each(fen960.pgn_game, book_records(), str(records_path), to=to, variant=variant)
    games = [g for g in games if not g.startswith("error: ")]
    assert "".join(games).encode() == run.stdout
    assert messages.encode() == run.stderr
    assert len(games) == run.stdout.count(b"[SetUp ")
    assert any('[Variant "' in g for g in games) == (to != "fen" or variant is not None)


def test_pgn_game_of_an_unwritable_record():
    record = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"
    run = cli("convert", "--to", "fen", "--format", "pgn", record)
    with pytest.raises(fen960.FenError) as e:
        fen960.pgn_game(record, to="fen")
    assert str(e.value) + "\n" == run.stderr.decode()
    with pytest.raises(ValueError, match="variant"):
        fen960.pgn_game(record, variant='a"\nb')


# --- the book: unique and stats --------------------------------------------------------------------


def stats_figures(stderr):
    """The numbers of `convert --stats`, in its order, and the invalid records it counts."""
    lines = [l for l in stderr.decode().splitlines() if l.startswith("fen960 convert: ")]
    numbers = [int(l.split(" ")[2]) for l in lines]
    invalid = re.search(r"\(and (\d+) invalid\)", lines[0])
    return numbers, int(invalid.group(1)) if invalid else 0


@pytest.mark.parametrize("to", ("shredder", "xfen"))
def test_unique_is_convert_unique(records_path, to):
    run = cli("convert", "--to", to, "--unique", "-f", records_path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = fen960.unique(book_records(), to=to, source=str(records_path))
    assert ["error: " + r.message if isinstance(r, fen960.FenError) else r for r in got] == run.lines
    printed = [str(w.message) for w in caught] + [str(r) for r in got if isinstance(r, fen960.FenError)]
    assert printed and all(m.encode() + b"\n" in run.stderr for m in printed)  # at their lines
    assert len(got) < len(book_records())


def test_book_counts_and_duplicates_are_the_commands(records_path):
    run = cli("convert", "--to", "xfen", "--unique", "--stats", "-f", records_path)
    book = fen960.Book()
    duplicates = []
    for line, r in enumerate(book_records(), start=1):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", fen960.FenWarning)
                first = book.add(r, source=str(records_path))
        except fen960.FenError as e:
            assert e.line == line and str(e).encode() in run.stderr
            continue
        if first:
            assert first[0] == str(records_path)
            duplicates.append(f"{records_path}:{line}: duplicate of line {first[1]}")
    assert duplicates == [l for l in run.stderr.decode().splitlines() if ": duplicate of " in l]
    numbers, invalid = stats_figures(run.stderr)
    c = book.counts
    assert [c["records"], c["with_clocks"], c["without_clocks"], c["positions"], c["board_side_castling"],
            c["boards"]] == numbers
    assert c["invalid"] == invalid >= len(INVALID)
    assert len(book) == c["positions"] and book.memory > 0


def test_book_of_two_sources_names_the_first():
    book = fen960.Book()
    assert book.add(STANDARD, source="a.epd") is None
    assert book.add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 3 4", source="b.epd", line=9) == ("a.epd", 1)
    assert book.add(STANDARD, source="b.epd") == ("a.epd", 1)  # line 10 of b.epd
    assert book.counts["records"] == 3 and book.counts["with_clocks"] == 2
    with pytest.raises(TypeError):
        fen960.unique(STANDARD)


# --- play ------------------------------------------------------------------------------------------


def play_rows():
    return table("oracle/play.tsv")


@pytest.mark.parametrize("to", ("shredder", "xfen"))
def test_play_is_the_commands(to):
    for row in play_rows():
        moves = row["moves"].split()
        run = cli("play", "--to", to, row["start_fen"], *moves)
        try:
            assert fen960.play(row["start_fen"], moves, to=to) == run.lines[0], row["note"]
        except fen960.MoveError as e:
            assert ["error: " + e.message] == run.lines and str(e) + "\n" == run.stderr.decode()
        run = cli("play", "--to", to, "--all", row["start_fen"], *moves)
        try:
            assert fen960.play(row["start_fen"], moves, to=to, all=True) == run.lines, row["note"]
        except fen960.MoveError as e:
            assert e.positions + ["error: " + e.message] == run.lines


@pytest.mark.parametrize("castling", ("kxr", "king", "auto"))
def test_play_uci_lines_are_the_commands(tmp_path, castling):
    lines = [("position startpos" if r["start_fen"] == "startpos" else "position fen " + r["start_fen"]) +
             " moves " + r["moves"] for r in play_rows()]
    lines += ["position startpos moves e2e4 e7e5 e1e3", "position fen 8/8 w moves e2e4"]
    path = tmp_path / "lines.uci"
    path.write_text("".join(l + "\n" for l in lines))
    run = cli("play", "--uci", "--castling", castling, path)
    got, errors = [], []
    for n, line in enumerate(lines, start=1):
        try:
            got.append(fen960.play(line, uci=True, castling=castling, source=str(path)))
        except (fen960.FenError, fen960.MoveError) as e:
            got.append("error: " + e.message)
            errors.append(re.sub(r"^([^:]*):1:", rf"\1:{n}:", str(e)) + "\n")
    assert got == run.lines
    assert "".join(errors) == run.stderr.decode()


def test_play_failures_are_the_commands():
    run = cli("play", "--all", "startpos", "e2e4", "e7e5", "e1e3")
    with pytest.raises(fen960.MoveError) as e:
        fen960.play("startpos", ["e2e4", "e7e5", "e1e3"], all=True)
    assert str(e.value) + "\n" == run.stderr.decode()
    assert e.value.positions + ["error: " + e.value.message] == run.lines
    assert (e.value.move, e.value.played, e.value.column) == ("e1e3", 2, 20)
    with pytest.raises(fen960.MoveError) as e:
        fen960.play("position startpos moves e2e4 e7e5  Nf6")
    assert (e.value.move, e.value.played) == ("Nf6", 2)
    run = cli("play", "8/8 w", "e2e4")
    with pytest.raises(fen960.FenError) as f:
        fen960.play("8/8 w", ["e2e4"])
    assert str(f.value) + "\n" == run.stderr.decode()
    with pytest.raises(ValueError, match="castling must be"):
        fen960.play("startpos", [], castling="standard")
    with pytest.raises(TypeError):
        fen960.play("startpos", "e2e4")


# --- castling notation of Position -----------------------------------------------------------------


def test_position_castling_keyword_and_the_old_one():
    p = fen960.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    kxr = p.legal_moves(castling="kxr")
    assert kxr == p.legal_moves(uci_castling="kxr")
    standard = p.legal_moves(uci_castling="standard")
    assert p.legal_moves(castling="king") == standard == p.legal_moves(castling="auto") == p.legal_moves("standard")
    assert p.legal_moves() == standard  # auto, the default: every right is standard chess's
    assert "e1g1" in standard and "e1h1" in kxr
    assert p.uci("O-O", uci_castling="standard") == p.uci("O-O", castling="king") == "e1g1"
    # Chess960, the king on f1 and its rook on h1: f1g1 is the king's step, so castling is f1h1 only.
    q = fen960.Position("4k3/8/8/8/8/8/8/5K1R w H - 0 1")
    assert q.uci("O-O", castling="auto") == "f1h1" == q.uci("O-O")
    with pytest.raises(fen960.MoveError) as e:
        q.uci("O-O", castling="king")
    assert "f1g1 is the king's move to g1" in e.value.message
    run = cli("play", "--uci", "--castling", "king", "4k3/8/8/8/8/8/8/5K1R w H - 0 1", "O-O")
    assert e.value.message.split(": ", 1)[1] in run.lines[0]
    divide = dict(fen960.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").divide(2, castling="king"))
    assert divide["e1g1"] == dict(p.divide(2, castling="kxr"))["e1h1"]
    assert list(divide) == sorted(divide)
    with pytest.raises(ValueError, match="castling must be 'kxr', 'king' or 'auto'"):
        p.legal_moves(castling="x")


def test_play_uci_castling_is_the_commands_for_positions():
    for row in play_rows():
        moves = row["moves"].split()
        for castling in ("kxr", "king", "auto"):
            run = cli("play", "--uci", "--castling", castling, row["start_fen"], *moves)
            try:
                got = fen960.play(row["start_fen"], moves, uci=True, castling=castling)
            except fen960.MoveError as e:
                got = "error: " + e.message
            assert got == run.lines[0]


# --- exits -----------------------------------------------------------------------------------------


def exit_lines(items):
    return [item if isinstance(item, str) else
            (f"skipped: game {item.game}: {item.message}" if item.skipped else
             f"error: game {item.game} ply {item.ply}: {item.message}") for item in items]


@pytest.mark.parametrize("name", ["oracle/games.pgn"] + [p for p in pgn_files() if not p.startswith("oracle/")][:40])
def test_exits_are_pgn_exits(name):
    path = data(name)
    run = cli("pgn", "--exits", "--to", "shredder", path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = fen960.exits(path, to="shredder")
    assert exit_lines(got) == run.lines
    printed = [str(w.message) for w in caught if issubclass(w.category, fen960.FenWarning)]
    printed += [str(e) for e in got if isinstance(e, fen960.PgnError)]
    for message in printed:
        assert message.encode() in run.stderr


def test_exits_of_a_file_object_and_selected_games():
    text = data("oracle/games.pgn").read_bytes()
    run = cli("pgn", "--exits", "--select", "chess960", stdin=text)
    got = fen960.exits(io.BytesIO(text), select=["chess960"], jobs=2)
    assert exit_lines(got) == run.lines
    assert exit_lines(fen960.exits(io.StringIO(text.decode()), name="-")) == cli("pgn", "--exits", stdin=text).lines
    with pytest.raises(OSError):
        fen960.exits("/nonexistent/games.pgn")


def test_exits_of_compressed_files(tmp_path):
    """A path is read as the command reads files: gzip (or zstd, bzip2, xz) told by its first bytes;
    damaged data is an OSError where the command's status is 3."""
    text = data("oracle/games.pgn").read_bytes()
    path = tmp_path / "games.pgn.gz"
    path.write_bytes(gzip.compress(text))
    assert exit_lines(fen960.exits(path)) == cli("pgn", "--exits", path).lines == cli("pgn", "--exits", stdin=text).lines
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    assert cli("pgn", "--exits", cut).status == 3
    with pytest.raises(OSError, match="gzip"):
        fen960.exits(cut)


# --- diagrams --------------------------------------------------------------------------------------


@pytest.mark.parametrize("record", [STANDARD, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
                                    "4k3/8/8/8/8/8/8/4K2r b - - 0 1",
                                    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"])
@pytest.mark.parametrize("flags", [(), ("--chess960",), ("--flip",), ("--chess960", "--flip")])
def test_diagrams_are_show(tmp_path, record, flags):
    options = {"chess960": "--chess960" in flags, "flip": "--flip" in flags}
    assert fen960.svg(record, **options).encode() == cli("show", *flags, "--svg", "-", record).stdout
    assert fen960.diagram(record, **options).encode() == cli("show", *flags, record).stdout
    xml.dom.minidom.parseString(fen960.svg(record, **options))


def test_position_shows_itself_in_a_notebook():
    record = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"
    p = fen960.Position(record)
    assert p._repr_svg_() == cli("show", "--chess960", "--svg", "-", record).stdout.decode()
    p.play("g3")
    assert p._repr_svg_() == fen960.svg(p.fen(), chess960=True)
    standard = fen960.Position(STANDARD, chess960=False)
    assert standard._repr_svg_() == fen960.svg(STANDARD)


def test_diagram_of_a_bad_record():
    run = cli("show", "8/8 w")
    with pytest.raises(fen960.FenError) as e:
        fen960.svg("8/8 w")
    assert "error: " + e.value.message == run.lines[0]
    assert str(e.value) + "\n" == run.stderr.decode()
