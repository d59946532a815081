"""fen960: chess position records across FEN dialects (the extension's docstring follows)."""

from fen960._fen960 import (
    FenError,
    FenWarning,
    Game,
    MoveError,
    PgnError,
    PgnReader,
    Position,
    __version__,
    convert,
    convert_many,
    read_records,
    identify,
    is_record,
    perft,
    random_start,
    read_pgn,
    start_problems,
    startpos,
    validate,
)

from fen960 import _fen960

__doc__ = _fen960.__doc__

__all__ = [
    "FenError",
    "FenWarning",
    "Game",
    "MoveError",
    "PgnError",
    "PgnReader",
    "Position",
    "convert",
    "convert_many",
    "read_records",
    "identify",
    "is_record",
    "perft",
    "random_start",
    "read_pgn",
    "start_problems",
    "startpos",
    "validate",
]
