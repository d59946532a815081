"""The module reads record lines with the command's own reader (lib's RecordReader): convert and
convert_many give, for each line, what `fen960 convert` writes for it, byte for byte, whether the lines
come with their line endings, from an open file or from a path (plain or compressed)."""
import bz2
import gzip
import lzma
import pathlib

import pytest

import fen960
from conftest import cli, slot

STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
C959 = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"
# Records, errors, blank and comment lines, EPD operations, CRLF endings and a last line without one.
MIXED = (
    f"{STANDARD}\n"
    f"{C959}\r\n"
    "\n"
    "# a comment\r\n"
    "   \r\n"
    "8/8 w\n"
    f"{STANDARD.replace('KQkq', 'KQxq')}\r\n"
    "bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w KQkq - bm e4; id \"x\";\r\n"
    f"{C959}"
).encode()


def command(path, *options):
    return cli("convert", "--to", "shredder", *options, "-f", path)


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_convert_drops_a_line_ending_as_the_command_does():
    for ending in ("\n", "\r\n", "\r"):
        assert fen960.convert(C959 + ending, to="shredder") == C959
    assert fen960.convert(C959 + "\n", to="xfen") == cli("convert", "--to", "xfen", C959).lines[0]
    with pytest.raises(fen960.FenError):
        fen960.convert(C959 + "\n\n", to="shredder")  # one line ending, not two


def test_convert_many_over_an_open_file_equals_the_command(tmp_path):
    path = write(tmp_path, "mixed.fen", MIXED)
    expected = command(path)
    assert expected.status == 1
    with open(path, encoding="utf-8", newline="") as lines:
        got = fen960.convert_many(lines, to="shredder")
    assert "".join(slot(item) + "\n" for item in got).encode() == expected.stdout
    with open(path, "rb") as lines:
        assert [slot(item) for item in fen960.convert_many(lines, to="shredder", jobs=3)] == expected.lines


def test_convert_many_reads_a_path_plain_or_compressed(tmp_path):
    expected = command(write(tmp_path, "mixed.fen", MIXED))
    for name, data in (("plain.fen", MIXED), ("gz.fen.gz", gzip.compress(MIXED)), ("bz.fen", bz2.compress(MIXED)),
                       ("xz.fen", lzma.compress(MIXED))):
        path = write(tmp_path, name, data)
        for jobs in (1, 2):
            got = fen960.convert_many(path, to="shredder", jobs=jobs)
            assert "".join(slot(item) + "\n" for item in got).encode() == expected.stdout, name
            # Each failure's text is the command's message on standard error, the file named as given.
            failures = "".join(str(item) + "\n" for item in got if isinstance(item, fen960.FenError))
            assert failures.encode() == command(path).stderr, name


def test_convert_many_of_many_lines_on_threads_equals_the_command(tmp_path):
    lines = MIXED.decode().split("\n") * 700  # several of the reader's batches
    path = write(tmp_path, "many.fen", "\n".join(lines).encode())
    expected = command(path)
    for jobs in (1, 4):
        assert [slot(item) for item in fen960.convert_many(pathlib.Path(path), to="shredder", jobs=jobs)] == expected.lines
        assert [slot(item) for item in fen960.convert_many([line + "\n" for line in lines], to="shredder",
                                                           jobs=jobs)] == expected.lines


def test_convert_many_refuses_one_string():
    with pytest.raises(TypeError, match="convert"):
        fen960.convert_many(C959)
    with pytest.raises(TypeError):
        fen960.convert_many(C959.encode())


def test_read_records_gives_the_records_the_command_reads(tmp_path):
    path = write(tmp_path, "mixed.fen.xz", lzma.compress(MIXED))
    # validate answers a blank or '#' line with an empty line, every record with a verdict.
    verdicts = cli("validate", "--chess960", path).lines
    lines = MIXED.decode().split("\n")
    expected = [line.removesuffix("\r") for line, v in zip(lines, verdicts, strict=True) if v]
    assert fen960.read_records(path) == expected
    assert fen960.read_records(str(path)) == expected
    assert len(expected) == 6


def test_a_file_that_cannot_be_read_raises_oserror(tmp_path):
    with pytest.raises(OSError, match="cannot open"):
        fen960.convert_many(tmp_path / "missing.fen")
    with pytest.raises(OSError, match="cannot open"):
        fen960.read_records(tmp_path / "missing.fen")
    cut = write(tmp_path, "cut.fen.gz", gzip.compress(MIXED * 50)[:-40])
    assert cli("convert", "--to", "xfen", "-f", cut).status == 3
    with pytest.raises(OSError, match="gzip"):
        fen960.convert_many(cut)
