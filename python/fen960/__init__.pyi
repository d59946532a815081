# Type stubs of the fen960 package (the extension fen960._fen960, re-exported). See help(fen960.NAME).
import os
from types import TracebackType
from typing import IO, Iterable, Iterator, Literal, Optional, Sequence, Union

__version__: str

Dialect = Literal["fen", "shredder", "xfen"]
ReadDialect = Literal["auto", "fen", "shredder", "xfen"]
EnPassant = Optional[Literal["keep", "pseudo", "legal"]]
Record = Union[str, bytes]
Castling = Literal["kxr", "king", "auto"]
Shape = Literal["as-read", "fen", "epd"]

class FenError(ValueError):
    message: str
    column: Optional[int]
    line: Optional[int]
    source: Optional[str]
    record: Optional[Record]
    errors: list[tuple[int, str]]

class PgnError(ValueError):
    message: str
    game: int
    ply: int
    line: int
    column: int
    source: str
    skipped: bool

class MoveError(ValueError):
    message: str
    move: Optional[str]
    column: int
    played: Optional[int]
    positions: Optional[list[str]]

class FenWarning(UserWarning):
    message: str  # type: ignore[assignment]
    column: int
    line: int
    source: str

def convert(
    record: Record,
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    read: ReadDialect = "auto",
    repair: bool = False,
    *,
    source: str = "argument",
) -> str: ...
def convert_many(
    records: Union[Iterable[Record], "os.PathLike[str]"],
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    read: ReadDialect = "auto",
    repair: bool = False,
    *,
    jobs: int = 0,
    source: Optional[str] = None,
    first_line: int = 1,
) -> list[Union[str, FenError]]: ...
def read_records(path: Union[str, "os.PathLike[str]"]) -> list[str]: ...
def validate(record: Record, chess960: bool = False, *, source: str = "argument") -> list[str]: ...
def identify(record: Record, *, source: str = "argument") -> Union[int, str, None]: ...
def is_record(line: Record) -> bool: ...
def start_problems(record: Record, *, source: str = "argument") -> list[str]: ...
def startpos(n: int, to: Dialect = "xfen", dfrc: bool = False) -> str: ...
def random_start(seed: Optional[int] = None, dfrc: bool = False) -> int: ...
def perft(record: Record, depth: int, *, source: str = "argument") -> int: ...
def key(
    record: Record, read: ReadDialect = "auto", repair: bool = False, mirror: bool = False, *, source: str = "argument"
) -> str: ...
def mirror(
    record: Record,
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    read: ReadDialect = "auto",
    repair: bool = False,
    *,
    source: str = "argument",
) -> str: ...
def shape(
    record: Record,
    shape: Shape = "fen",
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    read: ReadDialect = "auto",
    repair: bool = False,
    *,
    source: str = "argument",
) -> str: ...
def pgn_game(
    record: Record,
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    read: ReadDialect = "auto",
    repair: bool = False,
    *,
    variant: Optional[str] = None,
    source: str = "argument",
) -> str: ...
def unique(
    records: Iterable[Record],
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    read: ReadDialect = "auto",
    repair: bool = False,
    *,
    source: str = "argument",
    first_line: int = 1,
) -> list[Union[str, FenError]]: ...

class Book:
    def __init__(self, read: ReadDialect = "auto", repair: bool = False) -> None: ...
    def add(self, record: Record, *, source: str = "argument", line: Optional[int] = None) -> Optional[tuple[str, int]]: ...
    @property
    def counts(self) -> dict[str, int]: ...
    @property
    def memory(self) -> int: ...
    def __len__(self) -> int: ...

def play(
    start: Record,
    moves: Optional[Sequence[str]] = None,
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    *,
    all: bool = False,
    uci: bool = False,
    castling: Castling = "auto",
    source: str = "argument",
) -> Union[str, list[str]]: ...
def svg(record: Record, chess960: bool = False, flip: bool = False, *, source: str = "argument") -> str: ...
def diagram(
    record: Record, chess960: bool = False, flip: bool = False, color: bool = False, *, source: str = "argument"
) -> str: ...
def exits(
    source: Union[str, bytes, os.PathLike[str], os.PathLike[bytes], IO[bytes], IO[str]],
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    *,
    jobs: int = 1,
    name: Optional[str] = None,
    select: Optional[Sequence[str]] = None,
) -> list[Union[str, PgnError]]: ...

class Position:
    def __init__(self, record: Record, chess960: bool = True, strict: bool = True) -> None: ...
    def fen(self, to: Dialect = "xfen", en_passant: EnPassant = None) -> str: ...
    def legal_moves(
        self,
        castling: Castling = "auto",
        notation: Literal["uci", "san"] = "uci",
        *,
        uci_castling: Optional[Literal["kxr", "standard"]] = None,
    ) -> list[str]: ...
    def play(self, move: str) -> str: ...
    def san(self, move: str) -> str: ...
    def uci(
        self, move: str, castling: Castling = "auto", *, uci_castling: Optional[Literal["kxr", "standard"]] = None
    ) -> str: ...
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def perft(self, depth: int) -> int: ...
    def divide(
        self, depth: int, castling: Castling = "auto", *, uci_castling: Optional[Literal["kxr", "standard"]] = None
    ) -> list[tuple[str, int]]: ...
    def piece_at(self, square: str) -> Optional[str]: ...
    @property
    def turn(self) -> Literal["white", "black"]: ...
    @property
    def castling_rooks(self) -> list[str]: ...
    @property
    def ep_square(self) -> Optional[str]: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...
    def copy(self) -> Position: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object) -> Position: ...
    def _repr_svg_(self) -> str: ...

class Game:
    @property
    def number(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def source(self) -> str: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def positions(self) -> list[str]: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def outcome(self) -> Literal["imported", "failed", "skipped"]: ...
    @property
    def error(self) -> Optional[PgnError]: ...
    @property
    def chess960(self) -> bool: ...
    @property
    def plies(self) -> int: ...
    @property
    def warnings(self) -> list[FenWarning]: ...
    @property
    def text(self) -> str: ...

class PgnReader(Iterator[Game]):
    def __iter__(self) -> PgnReader: ...
    def __next__(self) -> Game: ...
    def close(self) -> None: ...
    def __enter__(self) -> PgnReader: ...
    def __exit__(
        self,
        exc_type: Optional[type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None: ...

def read_pgn(
    source: Union[str, bytes, os.PathLike[str], os.PathLike[bytes], IO[bytes], IO[str]],
    to: Dialect = "xfen",
    en_passant: EnPassant = None,
    *,
    max_game_size: int = 1048576,
    jobs: int = 1,
    errors: Literal["keep", "skip", "raise"] = "keep",
    name: Optional[str] = None,
    select: Optional[Sequence[str]] = None,
) -> PgnReader: ...
