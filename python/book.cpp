// Opening books in Python, as `fen960 key`, `convert --mirror`, `--shape`, `--format pgn`, `--unique`
// and `--stats` make them: each record judged by judge.cpp (the library's judge_record), then the
// library's polyglot_key, write_record, append_pgn_game and BookIndex.
#include <memory>

#include "fen960/book.hpp"
#include "fen960/names.hpp"
#include "fen960/pgn_book.hpp"
#include "fen960/polyglot.hpp"
#include "module.hpp"

namespace fen960::python {

namespace {

Shape shape_named(std::string_view name)
{
    if (auto const s = from_name(shape_names, name))
        return *s;
    std::string message = "shape must be ";
    for (std::size_t i = 0; i < shape_names.size(); ++i)
        message += std::string(i == 0 ? "" : i + 1 == shape_names.size() ? " or " : ", ") + "'" + shape_names[i].name + "'";
    throw py::value_error(message + ", not '" + std::string(name) + "'");
}

// The record judged and written as `options` say, or FenError.
py::str written(RecordArg record, const ConvertOptions& options, std::string_view source)
{
    FenRecord judged;
    std::vector<EpdOperation> operations;
    judge(record, options, source, judged, operations);
    std::string out;
    if (auto w = write_record(record.text, judged, options, out, &operations); !w)
        raise(unwritable(record, Origin{source, 1}, w.error()));
    return decode(out);
}

py::str key(RecordArg record, std::string_view read, bool repair, bool mirror, std::string_view source)
{
    ConvertOptions options = options_named("xfen", std::nullopt, read, repair);
    options.mirror = mirror;
    FenRecord judged;
    std::vector<EpdOperation> operations;
    judge(record, options, source, judged, operations);
    char digits[16];
    write_key(polyglot_key(judged.setup), digits);
    return py::str(digits, sizeof digits);
}

py::str mirror(RecordArg record, std::string_view to, const std::optional<std::string>& en_passant,
               std::string_view read, bool repair, std::string_view source)
{
    ConvertOptions options = options_named(to, en_passant, read, repair);
    options.mirror = true;
    return written(record, options, source);
}

py::str shape(RecordArg record, std::string_view shape, std::string_view to, const std::optional<std::string>& en_passant,
              std::string_view read, bool repair, std::string_view source)
{
    ConvertOptions options = options_named(to, en_passant, read, repair);
    options.shape = shape_named(shape);
    return written(record, options, source);
}

py::str pgn_game(RecordArg record, std::string_view to, const std::optional<std::string>& en_passant,
                 std::string_view read, bool repair, const std::optional<std::string>& variant, std::string_view source)
{
    ConvertOptions const options = options_named(to, en_passant, read, repair);
    std::string const variant_name = variant.value_or("");
    if (auto const problem = pgn_tag_value_problem(variant_name))
        throw py::value_error("variant: " + *problem);
    FenRecord judged;
    std::vector<EpdOperation> operations;
    judge(record, options, source, judged, operations);
    std::string out;
    if (auto w = append_pgn_game(record.text, judged, operations, options, variant_name, out); !w)
        raise(unwritable(record, Origin{source, 1}, w.error()));
    return decode(out);
}

// fen960.Book: the library's BookIndex fed records judged as convert judges them, each at its place
// (the source's number and its line), as `convert --unique --stats` feeds it.
class Book {
public:
    Book(std::string_view read, bool repair) : options_(options_named("xfen", std::nullopt, read, repair)) {}

    // The place of the first record of the position, or None (the first); FenError for an invalid record.
    py::object add(RecordArg record, std::string_view source, std::optional<std::uint64_t> line)
    {
        std::uint64_t const at = line.value_or(lines_ + 1);
        lines_ = at;
        py::object const error = judge_or_error(record, options_, Origin{source, at}, judged_, operations_);
        if (!error.is_none()) {
            ++invalid_;
            raise(error);
        }
        return add_judged(source, at);
    }

    // For unique(): the record judged already into judged().
    py::object add_judged(std::string_view source, std::uint64_t line)
    {
        if (names_.empty() || names_.back() != source) {
            if (names_.size() >= (std::size_t{1} << 24))
                throw py::value_error("Book: more than 2**24 sources");
            names_.emplace_back(source);
        }
        if (line >= (std::uint64_t{1} << 40))
            throw py::value_error("Book: line must be below 2**40, not " + std::to_string(line));
        auto const first = index_.add(book_key(judged_.setup),
                                      BookPlace{static_cast<std::uint32_t>(names_.size() - 1), line});
        if (!first)
            return py::none();
        return py::make_tuple(decode(names_[first->input]), first->line);
    }

    void count_invalid() { ++invalid_; }

    py::dict counts() const
    {
        const BookCounts& c = index_.counts();
        py::dict d;
        d["records"] = c.records;
        d["invalid"] = invalid_;
        d["with_clocks"] = c.with_clocks;
        d["without_clocks"] = c.without_clocks;
        d["positions"] = c.positions;
        d["board_side_castling"] = c.board_side_castling;
        d["boards"] = c.boards;
        return d;
    }

    std::uint64_t size() const { return index_.counts().positions; }
    std::size_t memory() const { return index_.memory(); }
    FenRecord& judged() { return judged_; }
    std::vector<EpdOperation>& operations() { return operations_; }

private:
    ConvertOptions options_;
    BookIndex index_;
    std::vector<std::string> names_;
    std::uint64_t invalid_ = 0;
    std::uint64_t lines_ = 0;
    FenRecord judged_;
    std::vector<EpdOperation> operations_;
};

// convert_many's list without the records whose position came before: what `convert --unique` writes.
py::list unique(const py::iterable& records, std::string_view to, const std::optional<std::string>& en_passant,
                std::string_view read, bool repair, std::string_view source, std::uint64_t first_line)
{
    if (PyUnicode_Check(records.ptr()) || PyBytes_Check(records.ptr()))
        throw py::type_error("unique takes an iterable of records, not one " +
                             std::string(py::str(py::type::handle_of(records).attr("__name__"))));
    Book book(read, repair);
    ConvertOptions const options = options_named(to, en_passant, read, repair);
    py::list out;
    std::uint64_t line = first_line;
    std::string text;
    for (py::handle item : records) {
        if (!PyUnicode_Check(item.ptr()) && !PyBytes_Check(item.ptr()))
            throw py::type_error("record " + std::to_string(line - first_line) + " must be str or bytes, not " +
                                 std::string(py::str(py::type::handle_of(item).attr("__name__"))));
        RecordArg const record{item, record_bytes(item, "record")};
        Origin const origin{source, line};
        py::object const error = judge_or_error(record, options, origin, book.judged(), book.operations());
        if (!error.is_none()) {
            book.count_invalid();
            out.append(error);
        } else if (book.add_judged(source, line).is_none()) {
            text.clear();
            if (auto w = write_record(record.text, book.judged(), options, text, &book.operations()); !w)
                out.append(unwritable(record, origin, w.error()));
            else
                out.append(decode(text));
        }
        ++line;
    }
    return out;
}

} // namespace

void add_book(py::module_& m)
{
    m.def("key", &key, py::arg("record"), py::arg("read") = "auto", py::arg("repair") = false,
          py::arg("mirror") = false, py::kw_only(), py::arg("source") = "argument",
          R"doc(The Polyglot opening-book key of a record, 16 lower-case hex digits, as `fen960 key` writes it.

  read, repair  as for convert(); mirror: the key of the colour-flipped position (as mirror())

The key is the Polyglot format's: the en-passant file counts only when a pawn of the side to move
stands ready to capture; a Chess960 castling right counts as king side when its rook stands on the
h-side of the king, so the Shredder-FEN and X-FEN spellings of a position have one key. FenError
for a record convert() refuses.

    >>> fen960.key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    '463b96181691fc9c'
    >>> fen960.key("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1") == \
    ...     fen960.key("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
    True
    >>> int(fen960.key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"), 16)
    9384546495678726550)doc");

    m.def("mirror", &mirror, py::arg("record"), py::arg("to") = "xfen", py::arg("en_passant") = py::none(),
          py::arg("read") = "auto", py::arg("repair") = false, py::kw_only(), py::arg("source") = "argument",
          R"doc(The colour-flipped position of a record, as `fen960 convert --mirror` writes it.

The board flipped top to bottom, each piece's colour and the side to move swapped, the castling
rights and the en-passant square moved with them; clocks and EPD operations kept. Mirroring twice
gives the position back. Arguments as for convert(); FenError for a record convert() refuses.

    >>> fen960.mirror("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", en_passant="keep")
    'rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1'
    >>> fen960.mirror("1r2k3/8/8/8/8/8/8/4K2R w Kb - 0 1", to="shredder")
    '4k2r/8/8/8/8/8/8/1R2K3 b Bh - 0 1')doc");

    m.def("shape", &shape, py::arg("record"), py::arg("shape") = "fen", py::arg("to") = "xfen",
          py::arg("en_passant") = py::none(), py::arg("read") = "auto", py::arg("repair") = false, py::kw_only(),
          py::arg("source") = "argument",
          R"doc(A record converted and written in a shape, as `fen960 convert --shape` writes it.

  shape  'fen' (six fields: the clocks from the fields, else from hmvc/fmvn operations, which then
         leave the operations, else 0 1), 'epd' (four fields; clocks given as fields become
         `hmvc N; fmvn M;` before the other operations) or 'as-read' (what convert() writes)
  to, en_passant, read, repair   as for convert()

    >>> fen960.shape("bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w KQkq - 0 1", "epd")
    'bnnrqbkr/pppppppp/8/8/8/8/PPPPPPPP/BNNRQBKR w KQkq - hmvc 0; fmvn 1;'
    >>> fen960.shape('4k3/8/8/8/8/8/8/4K2R w K - hmvc 7; fmvn 12; id "a";')
    '4k3/8/8/8/8/8/8/4K2R w K - 7 12 id "a";')doc");

    m.def("pgn_game", &pgn_game, py::arg("record"), py::arg("to") = "xfen", py::arg("en_passant") = py::none(),
          py::arg("read") = "auto", py::arg("repair") = false, py::kw_only(), py::arg("variant") = py::none(),
          py::arg("source") = "argument",
          R"doc(A record as a PGN game, as `fen960 convert --format pgn` writes it (for tools that read books as PGN).

The seven tags with unknown values (Event the EPD `id`), Variant where the castling needs Chess960
(or `variant`, the Variant tag of the game whatever its castling: 'fischerandom' for Cute Chess),
SetUp and FEN (six fields, in `to`), the EPD `c0` as a comment, then `*` and an empty line. Other
arguments as for convert(); FenError for a record convert() refuses. A book as PGN is
"".join(pgn_game(r) for r in records).

    >>> print(fen960.pgn_game('rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - id "start 1"; c0 "b1";'), end="")
    [Event "start 1"]
    [Site "?"]
    [Date "????.??.??"]
    [Round "?"]
    [White "?"]
    [Black "?"]
    [Result "*"]
    [Variant "Chess960"]
    [SetUp "1"]
    [FEN "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"]
    <BLANKLINE>
    {b1}
    *
    <BLANKLINE>)doc");

    py::class_<Book>(m, "Book", R"doc(The distinct positions of a book of records, as `fen960 convert --unique --stats` counts them.

Book(read="auto", repair=False) judges each record added as convert() does (read and repair as
there). add() says whether the record's
position came before; counts holds the command's --stats figures. Records are told apart
exactly (no hash collisions): board, side to move, castling rights as rook squares, the
en-passant square only when a legal capture exists; clocks and dialect do not count.

    >>> book = fen960.Book()
    >>> book.add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") is None
    True
    >>> book.add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 5 9", source="book.epd")
    ('argument', 1)
    >>> len(book), book.counts["records"], book.counts["with_clocks"]
    (1, 2, 2))doc")
        .def(py::init<std::string_view, bool>(), py::arg("read") = "auto", py::arg("repair") = false)
        .def("add", &Book::add, py::arg("record"), py::kw_only(), py::arg("source") = "argument",
             py::arg("line") = py::none(),
             R"doc(Adds a record of `source` at `line` (default: the line after the last record added).

Returns None for the first record of its position, else (source, line) of that first record (what
`convert --unique` names: 'FILE:LINE: duplicate of line N'). Raises FenError for a record convert()
refuses; it is counted in counts["invalid"].)doc")
        .def_property_readonly("counts", &Book::counts,
                               R"doc(The command's --stats figures as a dict: records (valid ones added), invalid, and the
distinct positions with_clocks, without_clocks, positions (as --unique tells them apart: the
en-passant square only when a legal capture exists), board_side_castling (no en-passant
square) and boards (the board alone).)doc")
        .def_property_readonly("memory", &Book::memory, "The bytes the index's tables hold now.")
        .def("__len__", &Book::size, "The distinct positions, as --unique tells them apart.");

    m.def("unique", &unique, py::arg("records"), py::arg("to") = "xfen", py::arg("en_passant") = py::none(),
          py::arg("read") = "auto", py::arg("repair") = false, py::kw_only(), py::arg("source") = "argument",
          py::arg("first_line") = 1,
          R"doc(convert_many without the records whose position came before, as `fen960 convert --unique` writes them.

Returns the converted first record of each position, in order, and a FenError in an invalid
record's place (as convert_many: "error: " + item.message is the command's line). Positions
are told apart as Book tells them. Arguments as for convert_many (on the calling thread).

    >>> fen960.unique(["8/8/8/8/8/8/8/K1k5 w - - 0 1", "8/8/8/8/8/8/8/K1k5 w - - 3 7", "8/8/8/8/8/8/8/K1k5 b - - 0 1"])
    ['8/8/8/8/8/8/8/K1k5 w - - 0 1', '8/8/8/8/8/8/8/K1k5 b - - 0 1'])doc");
}

} // namespace fen960::python
