"""Records one at a time and many at once: the oracle's expectations (tests/data/oracle, made by
other chess libraries) as the C++ tests check them, and the fen960 command of the same build as
the reference for everything it prints (output lines, messages with their columns, warnings)."""
import json
import threading
import warnings

import pytest

import fen960
from conftest import cli, jsonl, record_lines, slot, table

DIALECTS = ("fen", "shredder", "xfen")
MODES = ("keep", "pseudo", "legal")
STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def standard_error(got, caught):
    """What the command writes on standard error for convert_many's results `got` (one a line, from
    line 1) and the FenWarnings `caught` meanwhile: each record's warnings, then its errors."""
    by_line = {}
    for w in caught:
        if issubclass(w.category, fen960.FenWarning):
            by_line.setdefault(w.message.line, []).append(str(w.message) + "\n")
    for i, r in enumerate(got):
        if isinstance(r, fen960.FenError):
            by_line.setdefault(i + 1, []).append(str(r) + "\n")
    return "".join("".join(by_line[k]) for k in sorted(by_line)).encode()


def records_file(tmp_path, records, name="records.fen"):
    """The records one a line (UTF-8), as a file the command reads."""
    path = tmp_path / name
    path.write_bytes(b"".join(r.encode("utf-8") + b"\n" for r in records))
    return path


# --- convert -----------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("mode", MODES)
def test_convert_every_row(convert_rows, dialect, mode):
    """Every row of convert.tsv in each dialect and en-passant mode; '!' is a record standard FEN
    cannot write (FenError naming the rook)."""
    column = f"{dialect}_{mode}"
    for row in convert_rows:
        expected = row[column]
        if expected == "!":
            with pytest.raises(fen960.FenError) as e:
                fen960.convert(row["input_fen"], to=dialect, en_passant=mode)
            board, side = row["input_fen"].split(" ")[:2]
            assert e.value.column == len(board) + len(side) + 3  # the castling field
            assert isinstance(e.value, ValueError)
        else:
            assert fen960.convert(row["input_fen"], to=dialect, en_passant=mode) == expected, (column, row["id"])


def test_convert_default_modes(convert_rows):
    """Without en_passant: keep for fen and shredder, pseudo for xfen; xfen is the default dialect."""
    for row in convert_rows:
        assert fen960.convert(row["input_fen"], to="shredder") == row["shredder_keep"]
        assert fen960.convert(row["input_fen"]) == row["xfen_pseudo"]
        assert fen960.convert(row["input_fen"].encode()) == row["xfen_pseudo"]  # bytes too


def test_convert_reads_the_dialect_asked_for():
    assert fen960.convert(STANDARD, read="fen") == STANDARD
    with pytest.raises(fen960.FenError) as e:
        fen960.convert(STANDARD, read="shredder")
    assert e.value.column == 47  # the castling field
    shredder = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    assert fen960.convert(shredder, read="shredder", to="fen") == STANDARD
    with pytest.raises(fen960.FenError):
        fen960.convert(shredder, read="fen")


def test_bad_option_names():
    for kwargs in ({"to": "epd"}, {"read": "x"}, {"en_passant": "always"}):
        with pytest.raises(ValueError):
            fen960.convert(STANDARD, **kwargs)
    with pytest.raises(TypeError):
        fen960.convert(42)
    with pytest.raises(ValueError):
        fen960.convert_many([STANDARD], jobs=-1)
    with pytest.raises(TypeError) as e:
        fen960.convert_many([STANDARD, 3])
    assert "record 1" in str(e.value)


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("mode", MODES)
def test_convert_many_equals_the_command(tmp_path, convert_rows, dialect, mode):
    """convert_many's output, written as the command writes it, is the command's output on the
    whole corpus, and the same whatever the number of threads."""
    records = [row["input_fen"] for row in convert_rows]
    path = records_file(tmp_path, records)
    run = cli("convert", "--to", dialect, "--en-passant", mode, "-f", path)
    got = fen960.convert_many(records, to=dialect, en_passant=mode, jobs=1, source=str(path))
    assert [slot(r) for r in got] == run.lines
    assert "".join(str(r) + "\n" for r in got if isinstance(r, fen960.FenError)).encode() == run.stderr
    assert run.status == (1 if any(isinstance(r, fen960.FenError) for r in got) else 0)
    many = records * 7  # several chunks of 2048 on several threads
    assert [slot(r) for r in fen960.convert_many(many, to=dialect, en_passant=mode, jobs=3)] == run.lines * 7


def test_convert_many_takes_any_iterable_and_numbers_lines():
    rows = ["8/8 w", STANDARD, b"x"]
    got = fen960.convert_many(iter(rows), to="shredder", source="db.fen", first_line=10)
    assert got[1] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    assert (got[0].line, got[0].source, got[2].line, got[2].record) == (10, "db.fen", 12, b"x")
    assert str(got[0]).startswith("db.fen:10:")
    assert fen960.convert_many([]) == []


def test_convert_many_while_other_threads_run_python(convert_rows):
    """The GIL is released while converting: Python threads go on, and each call's result is whole."""
    records = [row["input_fen"] for row in convert_rows] * 20
    expected = fen960.convert_many(records, jobs=1)
    results = []

    def work():
        results.append([slot(r) for r in fen960.convert_many(records, jobs=2)])

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [[slot(r) for r in expected]] * 3


def test_invalid_records_give_the_commands_messages_and_columns(tmp_path, invalid_rows):
    """Records that do not parse or are no position (tabs, CR, NUL, non-ASCII, long ones): the
    command's output lines, and its standard error byte for byte as str() of the FenErrors."""
    records = record_lines([row["record"] for row in invalid_rows])
    path = records_file(tmp_path, records)
    for to, read in (("shredder", "auto"), ("shredder", "shredder"), ("fen", "auto"), ("xfen", "fen")):
        run = cli("convert", "--to", to, "--from", read, "-f", path)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = fen960.convert_many(records, to=to, read=read, source=str(path))
        assert [slot(r) for r in got] == run.lines
        assert standard_error(got, caught) == run.stderr
        for r in got:
            if isinstance(r, fen960.FenError):
                assert (r.column, r.message) == (r.errors[0][0], "; ".join(m for _, m in r.errors))
    # One at a time: the same message, the record's own line.
    for record, item in zip(records, fen960.convert_many(records, to="shredder")):
        if isinstance(item, fen960.FenError):
            with pytest.raises(fen960.FenError) as e:
                fen960.convert(record, to="shredder")
            assert (e.value.message, e.value.column, e.value.errors, e.value.line) == (
                item.message, item.column, item.errors, 1)
            assert str(e.value).startswith("argument:1:")


def test_repair_warns_as_the_command_does(tmp_path, invalid_rows, convert_rows):
    """repair=True: a FenWarning for everything dropped, the command's --repair messages, in order."""
    records = record_lines([row["record"] for row in invalid_rows] +
                           [row["input_fen"] for row in convert_rows[:200]])
    path = records_file(tmp_path, records)
    run = cli("convert", "--to", "xfen", "--repair", "-f", path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = fen960.convert_many(records, repair=True, source=str(path))
    assert [slot(r) for r in got] == run.lines
    repairs = [w.message for w in caught if issubclass(w.category, fen960.FenWarning)]
    assert repairs, "the corpus has records to repair"
    assert standard_error(got, caught) == run.stderr
    # One at a time, and as errors when asked.
    with warnings.catch_warnings():
        warnings.simplefilter("error", fen960.FenWarning)
        w = repairs[0]
        with pytest.raises(fen960.FenWarning) as e:
            fen960.convert(records[w.line - 1], repair=True)
        assert e.value.message == w.message and e.value.column == w.column


def test_too_long_record():
    record = STANDARD + " " * 70000
    run = cli("convert", "--to", "xfen", stdin=record.encode() + b"\n")
    with pytest.raises(fen960.FenError) as e:
        fen960.convert(record, source="-")
    assert "error: " + e.value.message == run.lines[0]
    assert str(e.value).encode() + b"\n" == run.stderr
    assert e.value.column == 65536


# --- validate, identify, start_problems -----------------------------------------------------------


def verdict(record, chess960):
    try:
        return "invalid" if fen960.validate(record, chess960=chess960) else "valid"
    except fen960.FenError:
        return "error"


def test_validate_invalid_jsonl(invalid_rows):
    """validate and validate(chess960=True) give one of the accepted verdicts; a valid Chess960
    record converts to the expected Shredder-FEN."""
    checked = 0
    for row in invalid_rows:
        assert verdict(row["record"], False) in row["accept_std"], row["id"]
        assert verdict(row["record"], True) in row["accept960"], row["id"]
        if isinstance(row.get("shredder"), str):
            assert fen960.convert(row["record"], to="shredder") == row["shredder"]
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("chess960", (False, True))
def test_validate_equals_the_command(tmp_path, invalid_rows, convert_rows, chess960):
    """Reasons, error messages and their columns as `fen960 validate --format jsonl` gives them."""
    records = record_lines([row["record"] for row in invalid_rows] +
                           [row["input_fen"] for row in convert_rows[:300]])
    path = records_file(tmp_path, records)
    flags = ["--chess960"] if chess960 else []
    text = cli("validate", *flags, path).lines
    objects = [json.loads(line) for line in cli("validate", *flags, "--format", "jsonl", path).lines]
    assert len(text) == len(objects) == len(records)
    for record, line, obj in zip(records, text, objects):
        try:
            reasons = fen960.validate(record, chess960=chess960)
        except fen960.FenError as e:
            assert obj["verdict"] == "error"
            assert line == "error: " + e.message
            assert e.errors == [(d["column"], d["message"]) for d in obj["errors"]]
            continue
        assert reasons == [r["message"] for r in obj["reasons"]]
        assert line == ("invalid\t" + "; ".join(reasons) if reasons else "valid")


def test_identify_every_record():
    """identify.tsv: the number, dfrc:N, None for '-', FenError for 'error' (also_accept where the
    start state is not exact)."""
    for row in table("oracle/identify.tsv"):
        try:
            got = fen960.identify(row["record"])
            got = "-" if got is None else str(got)
        except fen960.FenError:
            got = "error"
        assert got in (row["expected"], row["also_accept"] or row["expected"]), row


def test_identify_and_start_problems_equal_the_command(tmp_path, invalid_rows):
    records = record_lines([row["record"] for row in table("oracle/identify.tsv")] +
                           [row["record"] for row in invalid_rows])
    path = records_file(tmp_path, records)
    text = cli("identify", "--explain", path).lines
    objects = [json.loads(line) for line in cli("identify", "--format", "jsonl", path).lines]
    kinds = set()
    for record, line, obj in zip(records, text, objects, strict=True):
        try:
            got = fen960.identify(record)
            reasons = fen960.start_problems(record)
        except fen960.FenError as e:
            assert line == "error: " + e.message
            prefix = "invalid position: " if obj["invalid_position"] else ""
            assert e.errors == [(d["column"], prefix + d["message"]) for d in obj["errors"]]
            kinds.add("invalid" if prefix else "error")
            continue
        assert obj["result"] == ("-" if got is None else str(got))
        assert obj["chess960"] == (got if isinstance(got, int) else None)
        assert reasons == obj["reasons"]
        assert line == ("-\t" + "; ".join(reasons) if got is None else str(got))
        kinds.add(type(got).__name__)
    assert kinds == {"int", "str", "NoneType", "error", "invalid"}


# --- startpos, random_start -------------------------------------------------------------------------


def test_startpos_every_row():
    """startpos.tsv in all three dialects; '!' is a start standard FEN cannot write."""
    for row in table("oracle/startpos.tsv"):
        n, dfrc = int(row["n"]), row["kind"] == "dfrc"
        for dialect in DIALECTS:
            if row[dialect] == "!":
                with pytest.raises(fen960.FenError) as e:
                    fen960.startpos(n, to=dialect, dfrc=dfrc)
                assert str(e.value).startswith(f"startpos {'--dfrc ' if dfrc else ''}{n}: ")
            else:
                assert fen960.startpos(n, to=dialect, dfrc=dfrc) == row[dialect]


def test_startpos_range_and_the_commands_error_line():
    for n, dfrc in ((960, False), (921600, True), (2**40, False)):
        with pytest.raises(ValueError) as e:
            fen960.startpos(n, dfrc=dfrc)
        run = cli("startpos", *(["--dfrc"] if dfrc else []), n)
        assert str(e.value).encode() in run.stderr and run.status == 2
    with pytest.raises(ValueError):
        fen960.startpos(-1)
    run = cli("startpos", "0", "--to", "fen")
    with pytest.raises(fen960.FenError) as e:
        fen960.startpos(0, to="fen")
    assert run.lines == ["error: " + e.value.message]
    # The command's run-level prefix is 'fen960 startpos: ', then the same words as Python's.
    assert str(e.value).startswith("startpos 0: ")
    assert run.stderr == b"fen960 startpos: " + str(e.value).removeprefix("startpos ").encode() + b"\n"


def test_random_start_draws_as_the_command():
    for seed in (0, 1, 42, 960, 2**64 - 1):
        for dfrc in (False, True):
            run = cli("startpos", "--random", "--seed", seed, "--number", *(["--dfrc"] if dfrc else []))
            number, record = run.lines[0].split("\t")
            assert fen960.random_start(seed, dfrc=dfrc) == int(number)
            assert fen960.startpos(int(number), dfrc=dfrc) == record
    drawn = {fen960.random_start() for _ in range(50)}
    assert len(drawn) > 1 and all(0 <= n < 960 for n in drawn)


# --- perft -------------------------------------------------------------------------------------------


def test_perft_every_row():
    for row in table("oracle/perft.tsv"):
        assert fen960.perft(row["fen"], int(row["depth"])) == int(row["nodes"]), row["fen"]
    assert fen960.perft(STANDARD, 0) == 1
    assert fen960.perft(STANDARD, 3) == 8902


def test_perft_refuses_and_warns_as_the_command():
    # A stale halfmove clock after a double push: no game reaches it, the generator plays it.
    stale = "4k3/8/8/8/4P3/8/8/4K3 b - e3 3 1"
    run = cli("perft", "2", stale)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert fen960.perft(stale, 2) == int(run.lines[0])
    assert [str(w.message) + "\n" for w in caught] == [run.stderr.decode()]
    for bad in ("4k3/8/8/8/8/8/8/4K3 w - - 0", "8/8/8/8/8/8/8/4K3 w - - 0 1"):
        run = cli("perft", "1", bad)
        with pytest.raises(fen960.FenError) as e:
            fen960.perft(bad, 1)
        assert str(e.value).encode() + b"\n" == run.stderr and run.status == 1
    with pytest.raises(ValueError):
        fen960.perft(STANDARD, -1)


# --- pickling (Dask and multiprocessing move results between processes) ------------------------------


def test_errors_pickle():
    import pickle

    error = fen960.convert_many(["8/8 w"])[0]
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is fen960.FenError
    assert (str(back), back.message, back.column, back.line, back.errors, back.record) == (
        str(error), error.message, error.column, error.line, error.errors, error.record)



def test_a_warning_hook_may_convert_again(monkeypatch):
    """Warnings run Python code, which may call the module again on the same thread."""
    nested = []

    def show(message, *args, **kwargs):
        nested.append(fen960.convert(STANDARD, to="shredder"))

    monkeypatch.setattr(warnings, "showwarning", show)
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        assert fen960.convert("4k3/8/8/8/8/8/8/4K2R w Kk - 0 1", repair=True) == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
        out = fen960.convert_many(["4k3/8/8/8/8/8/8/4K2R w Kk - 0 1", STANDARD], repair=True)
    assert out == ["4k3/8/8/8/8/8/8/4K2R w K - 0 1", STANDARD]
    assert nested == ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"] * 2


def test_is_record_as_the_commands_read_lines(tmp_path):
    """is_record is False exactly for the lines validate answers with an empty line (blank ones, '#'
    comments), and convert copies those lines (a CR at a line's end is no part of the line: dropped)."""
    lines = ["", "   ", "\t", " \r", "# a comment", "  #x", STANDARD, "8/8 w", "\r#", "x", " -"]
    path = records_file(tmp_path, lines)
    validated = cli("validate", path).lines
    converted = cli("convert", "--to", "xfen", "-f", path).lines
    for line, v, c in zip(lines, validated, converted, strict=True):
        assert fen960.is_record(line) == (v != ""), repr(line)
        assert fen960.is_record(line.encode()) == fen960.is_record(line)
        if not fen960.is_record(line):
            assert c == line.removesuffix("\r")
