"""Shared helpers of the Python module's tests: the test data, the fen960 command of the same
build (FEN960_BINARY) to compare with, and the oracle's tables.

CTest runs these with the interpreter the module was built for and PYTHONPATH at the build's
package; run by hand:
    PYTHONPATH=build/python FEN960_BINARY=build/cli/fen960 FEN960_TEST_DATA=tests/data \
        /usr/bin/python3 -m pytest tests/python
"""
import csv
import json
import os
import subprocess
from pathlib import Path

import pytest

import fen960

DATA = Path(os.environ.get("FEN960_TEST_DATA", Path(__file__).resolve().parents[1] / "data"))
SANITIZED = os.environ.get("FEN960_SANITIZE") == "1"  # the module runs under ASan (tests/python/CMakeLists.txt)
BINARY = os.path.abspath(os.environ["FEN960_BINARY"]) if "FEN960_BINARY" in os.environ else "fen960"


def data(relative):
    return DATA / relative


def table(relative):
    """Rows of a tab-separated file with a header line, as dicts (values as written)."""
    with open(data(relative), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def jsonl(relative):
    with open(data(relative), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def pgn_files():
    """Every PGN file of the test data, relative to it, sorted."""
    return sorted(str(p.relative_to(DATA)) for p in DATA.rglob("*.pgn"))


class Run:
    def __init__(self, completed):
        self.status = completed.returncode
        self.stdout = completed.stdout
        self.stderr = completed.stderr

    @property
    def lines(self):
        return self.stdout.decode("utf-8").split("\n")[:-1]


# The sanitizer build preloads the ASan runtime for the module (tests/python/CMakeLists.txt); the
# command links its own copy and must not get a second one.
COMMAND_ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}


def cli(*args, stdin=b"", cwd=None):
    """Runs the fen960 command with bytes on standard input; stdout and stderr as bytes."""
    return Run(subprocess.run([BINARY, *map(str, args)], input=stdin, capture_output=True, check=False, cwd=cwd,
                              env=COMMAND_ENVIRONMENT))


def record_lines(records):
    """The records a record command reads as records. The command passes a blank line or a '#' comment
    line through (an empty slot; convert copies the line), where the module, which takes records and
    not lines, reports 'empty record' or the syntax error: comparisons with the command leave them out."""
    def is_record(r):
        rest = r.lstrip(" \t")
        return rest not in ("", "\r") and not rest.startswith("#")
    return [r for r in records if is_record(r)]


def slot(result):
    """What the command writes in a record's output slot for a convert_many item."""
    return "error: " + result.message if isinstance(result, fen960.FenError) else result


@pytest.fixture(scope="session")
def convert_rows():
    return table("oracle/convert.tsv")


@pytest.fixture(scope="session")
def invalid_rows():
    return jsonl("oracle/invalid.jsonl")
