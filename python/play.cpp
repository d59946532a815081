// fen960.play: moves in SAN or UCI played from a start, as `fen960 play` plays them: the library's
// MovePlayer reads the start, plays each move and writes the position (every position, or the UCI
// position command); this file gives its result or failure to Python.
#include "fen960/play.hpp"
#include "module.hpp"

namespace fen960::python {

namespace {

py::list lines_of(std::string_view text)
{
    py::list lines;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t const end = text.find('\n', start);
        lines.append(decode(text.substr(start, end - start)));
        start = end == std::string_view::npos ? text.size() : end + 1;
    }
    return lines;
}

// A bad start as FenError, a bad move as MoveError, each printing as the command prints it.
[[noreturn]] void raise_failure(const PlayFailure& f, py::handle given, std::string_view text,
                                std::string_view token, std::string_view source, py::object positions)
{
    Origin const origin{source, 1};
    if (f.bad_move == 0)
        raise(fen_error(origin, given, shown_record(text), {f.reason}));
    std::string printed;
    format_diagnostic(origin, f.reason, text, Severity::error, printed);
    if (!printed.empty() && printed.back() == '\n')
        printed.pop_back();
    py::object e = move_error_class()(decode(printed));
    e.attr("message") = decode(f.reason.message);
    e.attr("move") = token.empty() ? py::object(py::none()) : py::object(decode(token));
    e.attr("column") = py::int_(f.reason.column);
    e.attr("played") = py::int_(f.played);
    e.attr("positions") = positions;
    raise(e);
}

// The word of `line` at a failure's 1-based column (the bad move of a UCI line, for .move).
std::string_view word_at(std::string_view line, std::uint32_t column)
{
    std::size_t const at = std::min<std::size_t>(column == 0 ? 0 : column - 1, line.size());
    std::size_t const space = at == 0 ? std::string_view::npos : line.find_last_of(" \t", at - 1);
    std::size_t const begin = space == std::string_view::npos ? 0 : space + 1;
    std::size_t const end = std::min(line.find_first_of(" \t\r", at), line.size());
    return begin < end ? line.substr(begin, end - begin) : std::string_view();
}

py::object play(py::object start, const std::optional<std::vector<std::string>>& moves, std::string_view to,
                const std::optional<std::string>& en_passant, bool all, bool uci, std::string_view castling,
                std::string_view source)
{
    if (all && uci)
        throw py::value_error("all and uci: one output at a time (as --all and --uci)");
    PlayOptions options;
    options.dialect = dialect_named(to);
    options.en_passant = en_passant_named(en_passant);
    options.output = uci ? PlayOutput::uci : all ? PlayOutput::all : PlayOutput::last;
    auto const notation = castling_named(castling, std::nullopt);
    if (!notation)
        throw py::value_error("castling must be 'kxr', 'king' or 'auto', not 'standard'");
    options.castling = *notation;
    std::string_view const first = record_bytes(start, "start");

    // The start and the moves as one text, `START MOVE MOVE...`, which messages quote and point into
    // (as the command joins its arguments); without moves, a UCI position line.
    std::string text(first);
    std::vector<std::size_t> offsets;
    if (moves)
        for (const std::string& m : *moves) {
            text.push_back(' ');
            offsets.push_back(text.size());
            text += m;
        }
    std::string_view const view(text);
    std::vector<std::string_view> tokens;
    for (std::size_t i = 0; moves && i < moves->size(); ++i)
        tokens.push_back(view.substr(offsets[i], (*moves)[i].size()));

    MovePlayer player(options);
    std::string out;
    PlayResult const r = [&] {
        py::gil_scoped_release const release;
        return moves ? player.play(view, view.substr(0, first.size()), tokens, out) : player.play_line(view, out);
    }();
    if (!r) {
        std::uint32_t const bad = r.error().bad_move;
        std::string_view const token = bad == 0 ? std::string_view()
                                       : moves  ? tokens[bad - 1]
                                                : word_at(view, r.error().reason.column);
        raise_failure(r.error(), start, view, token, source, all ? py::object(lines_of(out)) : py::object(py::none()));
    }
    if (all)
        return lines_of(out);
    if (!out.empty() && out.back() == '\n')
        out.pop_back();
    return decode(out);
}

} // namespace

void add_play(py::module_& m)
{
    m.def("play", &play, py::arg("start"), py::arg("moves") = py::none(), py::arg("to") = "xfen",
          py::arg("en_passant") = py::none(), py::kw_only(), py::arg("all") = false, py::arg("uci") = false,
          py::arg("castling") = "auto", py::arg("source") = "argument",
          R"doc(The position after moves, as `fen960 play` writes it.

  start       a record in any dialect, or 'startpos' (the standard start); with moves=None, a
              UCI command instead: 'position startpos moves e2e4 e7e5', 'position fen FEN moves ...'
              (the word 'position' optional), as the command reads its lines
  moves       a list of moves in SAN (O-O, Nbd2, e8=Q+) or UCI (e2e4, e7e8q; castling as the king
              taking its rook, e1h1, or as the king's move, e1g1, where that is no other move)
  to, en_passant   the dialect and en-passant mode written (as in convert())
  all         a list: the start and the position after every move (as --all)
  uci         the UCI command 'position fen FEN moves M...' with every move in UCI (as --uci)
  castling    how uci=True writes castling: 'kxr' (e1h1), 'king' (e1g1; an error where that form
              reads as another move) or 'auto' (king for standard chess, kxr for Chess960)

Returns the record (a str; a list with all=True). A bad start raises FenError; a bad move raises
MoveError: .message is the command's 'move N 'MOVE': why', .move the move, .column its column in
'START MOVE MOVE...' (or in the line), .played the moves played before it, .positions with all=True
the positions up to it. Nothing after a bad move is played.

    >>> fen960.play("startpos", ["e4", "e5", "Nf3", "Nc6"], to="shredder")
    'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w HAha - 2 3'
    >>> fen960.play("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1", ["O-O"], uci=True, castling="kxr")
    'position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4 1 moves e1h1'
    >>> fen960.play("position startpos moves e2e4 e7e5", all=True)[1:]
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2']
    >>> fen960.play("startpos", ["e2e4", "e7e5", "e1e3"])
    Traceback (most recent call last):
    fen960.MoveError: argument:1:20: move 3 'e1e3': illegal move: no legal move from e1 to e3
    startpos e2e4 e7e5 e1e3
                       ^)doc");
}

} // namespace fen960::python
