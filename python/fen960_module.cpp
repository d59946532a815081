// The extension module fen960._fen960, which the package fen960 re-exports: records converted,
// judged and numbered, positions and moves, PGN games, all by the C++ library at its own speed.
#include "module.hpp"

PYBIND11_MODULE(_fen960, m)
{
    m.doc() = R"doc(Chess position records across standard FEN, Shredder-FEN and X-FEN, for standard chess, Chess960
and Double Fischer Random, by the fen960 C++ library: the fen960 command's conversions, checks,
start-position numbers, perft and PGN import, as Python functions.

    >>> import fen960
    >>> fen960.convert("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1")
    'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1'
    >>> fen960.convert_many(records, to="shredder")      # doctest: +SKIP
    [...]                                                # millions a second, on all cores
    >>> fen960.identify(fen960.startpos(518))
    518

What each command does, Python does on the same engine: key (fen960 key), mirror, shape,
pgn_game and unique (convert --mirror, --shape, --format pgn, --unique), Book (--stats), play
(fen960 play), exits (pgn --exits), svg and diagram (fen960 show); a Position draws itself in a
notebook.

    >>> fen960.key(fen960.play("startpos", ["e4"]))
    '823c9b50fd114196'

Errors are FenError (a ValueError) for records, PgnError for games, MoveError for moves; each
prints as the command prints it, with the column and a caret.)doc";
    m.attr("__version__") = FEN960_VERSION;
    fen960::python::add_exception_classes(m);
    fen960::python::add_records(m);
    fen960::python::add_position(m);
    fen960::python::add_pgn(m);
    fen960::python::add_book(m);
    fen960::python::add_play(m);
    fen960::python::add_diagram(m);
    fen960::python::add_exits(m);
    // The package re-exports everything: reprs and pickles name fen960.Position, not fen960._fen960.
    for (const char* name : {"Position", "Game", "PgnReader", "Book"})
        m.attr(name).attr("__module__") = "fen960";
}
