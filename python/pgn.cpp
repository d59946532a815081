// fen960.read_pgn: PGN games one at a time, as `fen960 pgn --positions` reads them: the library's
// GameSplitter cuts the input (a file by path, or any Python file object) and its PgnImporter
// replays each game into positions, without the GIL. Memory holds one game, whatever the input's size.
#include <cstring>


#include "fen960/input.hpp"
#include "fen960/limits.hpp"
#include "fen960/names.hpp"
#include "fen960/pgn.hpp"
#include "fen960/pgn_reader.hpp"
#include "module.hpp"

namespace fen960::python {

namespace {

// A Python file object (binary or text, gzip.open(...) and the like; a path is opened unbuffered):
// readinto() when it has one, else read(), each called with the GIL, which the reader holds only
// for that (once a block: a block is many games).
class StreamSource : public ByteSource {
public:
    explicit StreamSource(py::object file) : file_(std::move(file))
    {
        if (py::hasattr(file_, "readinto") && !py::isinstance(file_, py::module_::import("io").attr("TextIOBase")))
            readinto_ = file_.attr("readinto");
        else
            read_ = file_.attr("read");
    }
    ~StreamSource() override
    {
        py::gil_scoped_acquire const gil;
        readinto_ = py::object();
        read_ = py::object();
        file_ = py::object();
    }
    StreamSource(const StreamSource&) = delete;
    StreamSource& operator=(const StreamSource&) = delete;

    std::size_t read(char* buffer, std::size_t size) override
    {
        py::gil_scoped_acquire const gil;
        if (readinto_) {
            auto view = py::reinterpret_steal<py::object>(
                PyMemoryView_FromMemory(buffer, static_cast<Py_ssize_t>(size), PyBUF_WRITE));
            if (!view)
                throw py::error_already_set();
            py::object const n = readinto_(view);
            view.attr("release")();
            return n.is_none() ? 0 : n.cast<std::size_t>();
        }
        // read(): bytes, or str from a text file (written to the buffer as UTF-8, what did not fit kept
        // for the next call).
        while (pending_.empty()) {
            py::object const data = read_(size);
            if (PyBytes_Check(data.ptr()))
                pending_.assign(PyBytes_AS_STRING(data.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(data.ptr())));
            else if (PyUnicode_Check(data.ptr()))
                pending_ = record_bytes(data, "read()");
            else
                throw py::type_error("read() must return bytes or str");
            if (pending_.empty())
                return 0;
        }
        std::size_t const n = std::min(size, pending_.size());
        std::memcpy(buffer, pending_.data(), n);
        pending_.erase(0, n);
        return n;
    }

private:
    py::object file_;
    py::object readinto_;
    py::object read_;
    std::string pending_;
};

// One game as read_pgn yields it: a view of what the importer handed over (GameResult's tags and
// moves, PgnOptions::hand_over), made into Python objects when first asked for.
struct Game {
    std::uint64_t number = 0;
    std::uint64_t line = 1;
    std::uint32_t column = 1;
    std::string source;
    GameOutcome outcome = GameOutcome::imported;
    bool chess960 = false;
    std::uint32_t plies = 0;
    std::string text;      // as read (empty for a game over the size limit)
    std::string positions; // one record a line
    std::vector<PgnTag> tag_pairs;
    std::vector<GameMove> played;
    py::object error = py::none();
    py::list warnings;

    py::object tags_cache, positions_cache, moves_cache;

    py::object tags()
    {
        if (!tags_cache) {
            py::dict d;
            for (const PgnTag& t : tag_pairs)
                d[decode(t.name)] = decode(t.value);
            tags_cache = d;
        }
        return tags_cache;
    }

    py::object position_list()
    {
        if (!positions_cache) {
            py::list list;
            for (std::size_t start = 0; start < positions.size();) {
                std::size_t const end = std::min(positions.find('\n', start), positions.size());
                list.append(py::str(positions.data() + start, end - start));
                start = end + 1;
            }
            positions_cache = list;
        }
        return positions_cache;
    }

    py::object move_list()
    {
        if (!moves_cache) {
            py::list list;
            for (const GameMove& m : played)
                list.append(py::str(m.san));
            moves_cache = list;
        }
        return moves_cache;
    }
};

enum class OnError { keep, skip, raise };

// The iterator read_pgn returns: the library's PgnReader (the loop behind `fen960 pgn`) over one
// input, each game it hands over made into a Game.
class GameIterator {
public:
    GameIterator(py::object source, std::string_view to, const std::optional<std::string>& en_passant,
                 std::size_t max_game, unsigned jobs, std::string_view errors, std::optional<std::string> name,
                 const std::vector<std::string>& select)
    {
        PgnReaderOptions options;
        for (const std::string& selector : select)
            if (auto const added = add_selector(selector, options.import.select); !added)
                throw py::value_error("select: " + added.error());
        options.import.dialect = dialect_named(to);
        options.import.en_passant = en_passant_named(en_passant);
        options.import.positions = true;
        options.import.hand_over = true;
        options.max_game = max_game;
        options.jobs = jobs;
        if (errors == "keep")
            on_error_ = OnError::keep;
        else if (errors == "skip")
            on_error_ = OnError::skip;
        else if (errors == "raise")
            on_error_ = OnError::raise;
        else
            throw py::value_error("errors must be 'keep', 'skip' or 'raise', not '" + std::string(errors) + "'");
        if (max_game < min_game_limit || max_game > max_game_limit)
            throw py::value_error("max_game_size must be " + std::to_string(min_game_limit) + ".." +
                                  std::to_string(max_game_limit) + " bytes, not " + std::to_string(max_game));
        py::module_ const os = py::module_::import("os");
        if (py::isinstance<py::str>(source) || py::isinstance<py::bytes>(source) ||
            py::isinstance(source, os.attr("PathLike"))) {
            name_ = name ? *name : std::string(py::str(os.attr("fsdecode")(source)));
            owned_ = py::module_::import("io").attr("open")(source, "rb", py::arg("buffering") = 0);
            source = owned_;
        } else if (!py::hasattr(source, "read") && !py::hasattr(source, "readinto")) {
            throw py::type_error("read_pgn reads a path or a file object (with read() or readinto())");
        } else {
            py::object const n = py::getattr(source, "name", py::none());
            name_ = name ? *name : py::isinstance<py::str>(n) ? n.cast<std::string>() : std::string("-");
        }
        stream_ = std::make_unique<StreamSource>(source);
        // Compressed or plain, as the command reads a file (told by the first bytes); on this thread,
        // which holds the GIL only while the stream reads.
        decoded_ = std::make_unique<DecompressingSource>(*stream_, DecompressOptions{.thread = false});
        reader_ = std::make_unique<PgnReader>(std::vector<ByteSource*>{decoded_.get()}, std::move(options));
    }

    ~GameIterator()
    {
        // The reader (and its threads) before the stream it reads, whose objects go with the GIL (held
        // here: Python frees the iterator).
        reader_.reset();
        decoded_.reset();
        stream_.reset();
    }
    GameIterator(const GameIterator&) = delete;
    GameIterator& operator=(const GameIterator&) = delete;

    py::object next()
    {
        for (;;) {
            if (done_)
                throw py::stop_iteration();
            if (running_)
                throw py::value_error("read_pgn: the reader is already reading on another thread");
            auto game = std::make_unique<Game>();
            Read r;
            running_ = true;
            try {
                py::gil_scoped_release const release;
                r = read(*game);
            } catch (...) {
                running_ = false;
                done_ = true;
                throw;
            }
            running_ = false;
            if (!r.found) {
                close();
                raise_damage();
                throw py::stop_iteration();
            }
            if (r.result.outcome == GameOutcome::not_selected)
                continue; // outside `select`: no game to yield
            finish(*game, r);
            if (game->outcome == GameOutcome::failed && on_error_ == OnError::raise) {
                done_ = true;
                raise(game->error);
            }
            if (game->outcome != GameOutcome::imported && on_error_ == OnError::skip)
                continue;
            return py::cast(std::move(game));
        }
    }

    // OSError, as the command's message words it, for an input that ended at damaged compressed data
    // (the games before it were yielded; a game the damage cut failed).
    void raise_damage() const
    {
        if (const InputDamage* d = decoded_->damage()) {
            std::string const message = name_ + ": " + d->message + " at compressed byte " + std::to_string(d->offset);
            PyErr_SetString(PyExc_OSError, message.c_str());
            throw py::error_already_set();
        }
    }

    void close()
    {
        done_ = true;
        if (owned_)
            owned_.attr("close")();
    }

private:
    // What read() found, for finish() to make into Python objects.
    struct Read {
        bool found = false;
        GameResult result;
        Diagnostic where;       // of the error, in the input
        std::string error_text; // as the command prints it
        std::vector<std::pair<Diagnostic, std::string>> warnings; // in the input, and as printed
    };

    // The next game, without the GIL: split, imported, its messages formatted as the command
    // formats them (cli/pgn.cpp write_game).
    Read read(Game& game)
    {
        Read r;
        const ReadGame* g = nullptr;
        do {
            g = reader_->next();
            if (!g)
                return r;
        } while (g->game.stray); // comments outside any game: no game (the command warns)
        r.found = true;
        r.result = g->result;
        game.number = g->number;
        game.line = g->game.line;
        game.column = g->game.column;
        game.text.assign(g->game.text);
        game.positions = g->output;
        game.tag_pairs = std::move(r.result.tags);
        game.played = std::move(r.result.moves);
        const GameText& text = g->game;
        for (const Diagnostic& w : r.result.warnings) {
            Diagnostic const at = absolute_location(text, w);
            std::string message;
            format_diagnostic(Origin{name_, at.line}, at, line_of(text, w), Severity::warning, message);
            r.warnings.emplace_back(at, std::move(message));
        }
        r.where = absolute_location(text, r.result.error);
        Origin const origin{name_, r.where.line};
        std::string const line = text.too_long ? std::string() : line_of(text, r.result.error);
        if (r.result.outcome == GameOutcome::failed)
            format_diagnostic(origin, r.where, line, Severity::error, r.error_text);
        else if (r.result.outcome == GameOutcome::skipped)
            format_diagnostic(origin, Diagnostic{r.where.line, r.where.column, r.result.error.message + "; game skipped"},
                              line, Severity::warning, r.error_text);
        return r;
    }

    void finish(Game& game, Read& r) const
    {
        game.source = name_;
        game.outcome = r.result.outcome;
        game.chess960 = r.result.chess960;
        game.plies = r.result.plies;
        for (auto& [at, text] : r.warnings) {
            if (!text.empty() && text.back() == '\n')
                text.pop_back();
            py::object w = fen_warning_class()(decode(text));
            w.attr("message") = decode(at.message);
            w.attr("column") = py::int_(at.column);
            w.attr("line") = py::int_(at.line);
            w.attr("source") = decode(name_);
            game.warnings.append(w);
        }
        if (r.result.outcome == GameOutcome::imported)
            return;
        if (!r.error_text.empty() && r.error_text.back() == '\n')
            r.error_text.pop_back();
        py::object e = pgn_error_class()(decode(r.error_text));
        e.attr("message") = decode(r.result.error.message);
        e.attr("game") = py::int_(game.number);
        e.attr("ply") = py::int_(r.result.ply);
        e.attr("line") = py::int_(r.where.line);
        e.attr("column") = py::int_(r.where.column);
        e.attr("source") = decode(name_);
        e.attr("skipped") = py::bool_(r.result.outcome == GameOutcome::skipped);
        game.error = e;
    }

    OnError on_error_ = OnError::keep;
    std::string name_;
    py::object owned_; // the file read_pgn opened for a path
    std::unique_ptr<StreamSource> stream_;
    std::unique_ptr<DecompressingSource> decoded_;
    std::unique_ptr<PgnReader> reader_;
    bool done_ = false;
    bool running_ = false;
};

} // namespace

void add_pgn(py::module_& m)
{
    py::class_<Game>(m, "Game", R"doc(One game of a PGN input, as read_pgn yields it: where it stands, its tags, the
record of every main-line position, its moves in SAN, and why it failed if it did.

    >>> game = next(iter(fen960.read_pgn(io.BytesIO(b'[Variant "Chess960"]\n[FEN "bnrbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BNRBNQKR w KQkq - 0 1"]\n\n1. b4 e5 2. Bb2 *\n'))))
    >>> game.tags["Variant"], game.moves, game.outcome
    ('Chess960', ['b4', 'e5', 'Bb2'], 'imported')
    >>> game.positions[-1]
    'bnrbnqkr/pppp1ppp/8/4p3/1P6/8/PBPPPPPP/1NRBNQKR b KQkq - 1 2')doc")
        .def_readonly("number", &Game::number, "1-based, counting the games of the input (comments outside any game are none).")
        .def_readonly("line", &Game::line, "The input line where the game starts (1-based).")
        .def_readonly("column", &Game::column, "The byte column where the game starts on its line (1-based).")
        .def_readonly("source", &Game::source, "The input's name in messages (the path, or the file object's name).")
        .def_property_readonly("tags", &Game::tags,
                               "The tag pairs as a dict in their order, values without their escapes (\\\" and \\\\).")
        .def_property_readonly("positions", &Game::position_list,
                               "The record of the start and of the position after each main-line move, in the reader's\n"
                               "dialect and en-passant mode; for a failed game, those before the bad move.")
        .def_property_readonly("moves", &Game::move_list,
                               "The main line's moves in SAN (O-O/O-O-O for castling, check marks, `--` for a null move),\n"
                               "as the importer played them (for a failed game, those before the bad move).")
        .def_property_readonly(
            "outcome", [](const Game& g) { return name_of(outcome_names, g.outcome); },
            "'imported', 'failed' (an illegal, ambiguous or unreadable move or FEN tag) or 'skipped' (a variant\n"
            "other than standard chess and Chess960).")
        .def_readonly("error", &Game::error, "None, or the PgnError saying why the game failed or was skipped.")
        .def_readonly("chess960", &Game::chess960, "Whether the game was read as Chess960 (by its Variant or FEN tag).")
        .def_readonly("plies", &Game::plies, "The main-line plies read (up to the bad one).")
        .def_readonly("warnings", &Game::warnings,
                      "FenWarning objects for what was repaired to read the game (castling rights or an en-passant\n"
                      "square of the FEN tag that the position cannot have); kept here, not issued.")
        .def_property_readonly(
            "text", [](const Game& g) { return decode(g.text); },
            "The game's text as read (bytes that are not UTF-8 as U+FFFD; empty for a game over the limit).")
        .def("__repr__", [](Game& g) {
            return "<fen960.Game " + std::to_string(g.number) + " (" + g.source + ":" + std::to_string(g.line) + ") " +
                   name_of(outcome_names, g.outcome) + ", " + count_of(static_cast<std::int64_t>(g.plies), "ply", "plies") + ">";
        });

    py::class_<GameIterator>(m, "PgnReader", "The games of a PGN input, one at a time (see read_pgn).")
        .def("__iter__", [](py::object self) { return self; })
        .def("__next__", &GameIterator::next)
        .def("close", &GameIterator::close, "Stops reading and closes a file read_pgn opened.")
        .def("__enter__", [](py::object self) { return self; })
        .def("__exit__", [](GameIterator& r, py::args) { r.close(); });

    m.def(
        "read_pgn",
        [](py::object source, std::string_view to, const std::optional<std::string>& en_passant, std::size_t max_game,
           unsigned jobs, std::string_view errors, std::optional<std::string> name,
           const std::optional<std::vector<std::string>>& select) {
            return std::make_unique<GameIterator>(std::move(source), to, en_passant, max_game, jobs, errors,
                                                  std::move(name), select.value_or(std::vector<std::string>{}));
        },
        py::arg("source"), py::arg("to") = "xfen", py::arg("en_passant") = py::none(), py::kw_only(),
        py::arg("max_game_size") = GameSplitter::default_max_game, py::arg("jobs") = 1, py::arg("errors") = "keep",
        py::arg("name") = py::none(), py::arg("select") = py::none(),
        R"doc(The games of a PGN file, one at a time, as `fen960 pgn --positions` reads them.

  source         a path (str, bytes, os.PathLike) or a file object with readinto() or read(),
                 binary or text: gzip.open(path), sys.stdin.buffer, io.BytesIO(data), ...; plain
                 or compressed (zstd, gzip, bzip2, xz: told by the first bytes, as the command;
                 OSError after the games before damaged compressed data)
  to, en_passant the dialect and en-passant mode of Game.positions (as in convert())
  max_game_size  the longest game read, in bytes (1024..2**30); a longer one fails, unread
                 (memory grows with this limit, never with the input)
  jobs           threads that import games (0: all cores); the games still come in input order,
                 and a few batches of games are in memory instead of one game
  errors         'keep' (default) yields failed games with Game.error set; 'skip' leaves failed
                 and skipped games out; 'raise' raises the first failed game's PgnError
  name           the source's name in messages (default: the path, or the file object's name)
  select         kinds of game to yield, any of (as `fen960 pgn --select`): 'chess960',
                 'standard', 'dfrc', 'startpos:N', 'dfrc:N'; the others are read no further
                 than their tags and never yielded (default None: every game)

Reads Chess960 and standard games as lichess, chess.com, ChessBase, Cute Chess, CCRL and engines
write them (FEN tags in any dialect, any spelling of the Variant tag, O-O from any king and rook,
UCI moves, comments, NAGs, variations). One game is in memory at a time, and games are split and
replayed without the GIL (held only to read a block of the input). A game with an illegal,
ambiguous or unreadable move fails; the next one is still read.

    >>> for game in fen960.read_pgn("games.pgn", to="shredder"):  # doctest: +SKIP
    ...     if game.error:
    ...         print(game.error)       # games.pgn:348:56: Nb2: illegal move: ...
    ...     else:
    ...         train(game.tags, game.positions, game.moves)

Also a context manager: `with fen960.read_pgn(path) as games:` closes the file at the end.)doc");
}

} // namespace fen960::python
