// PGN import: Fischer Random and standard games as every common exporter writes them, read one game
// at a time and rewritten into one dialect, or replayed into the FEN of every position.
//
//   fen960::StringSource source(text);                    // (input.hpp) or any ByteSource (an InputFile, a pipe)
//   fen960::GameSplitter games(source);
//   fen960::PgnImporter importer({fen960::Dialect::shredder});
//   std::string out;
//   for (fen960::GameText game; games.next(game);) {
//       fen960::GameResult r = importer.import(game.text, out);
//       if (r.outcome == fen960::GameOutcome::failed)
//           report(game.line + r.error.line - 1, r.error.message);  // see absolute_location()
//   }
//
// Memory does not grow with the input: the splitter holds one game (at most max_game bytes) and a
// read block; the importer keeps its buffers from game to game.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/diagnostic.hpp"
#include "fen960/fen.hpp"
#include "fen960/input.hpp" // ByteSource: where the bytes of a PGN file come from
#include "fen960/modes.hpp"
#include "fen960/pgn_tags.hpp" // the tag vocabulary: names, Variant spellings (classify_variant), escapes
#include "fen960/play.hpp"
#include "fen960/validate.hpp"

namespace fen960 {

// One game's text as it stands in the input.
struct GameText {
    std::string_view text;    // from its first byte to the end of its result (or of its last line)
    std::uint64_t line = 1;   // 1-based line of text[0] in the input
    std::uint32_t column = 1; // 1-based byte column of text[0] (a byte-order mark does not count)
    bool too_long = false;    // longer than max_game: `text` is empty, the bytes went to the overflow
    // Comments and nothing else (no tag, move or result), typically after the previous game's result:
    // text outside any game, which a caller reports and leaves out.
    bool stray = false;
    // The last game of an input that ended at damaged data (ByteSource::damage()) before the game's
    // result: its text may stop anywhere (in "O-O-O" at "O-O"), so it is no game to import.
    bool cut = false;
};

// Cuts a stream of PGN into games without parsing them: a cheap scanner that knows comments (nested
// braces counted), `;` and `%` lines, tag pairs and variations, and ends a game
//   - after a result (1-0, 0-1, 1/2-1/2, *, and the spellings the grammar tolerates) outside
//     comments and variations,
//   - before a line that starts with a tag pair (`[Name "`), when the moves have begun or a comment
//     was left open (that game then fails with the grammar's message),
//   - before a blank line once the moves have begun (games without a result, as python-chess and
//     chessops read them), unless the text after it goes on with the game's next move number or
//     its result (Crafty's annotations set move pairs apart with blank lines),
//   - before `[Event` after a blank line in a tag section (a game with tags and no moves),
//   - at the end of the input.
// Text that holds nothing but white space, `%` lines and a byte-order mark is no game.
class GameSplitter {
public:
    static constexpr std::size_t default_max_game = std::size_t{1} << 20;
    // Receives, in order, every byte of a game longer than max_game (the caller can keep it whole,
    // e.g. in a rejects file, though it is never held in memory).
    using Overflow = std::function<void(std::string_view)>;

    explicit GameSplitter(ByteSource& source, std::size_t max_game = default_max_game, Overflow overflow = {});
    ~GameSplitter();
    GameSplitter(const GameSplitter&) = delete;
    GameSplitter& operator=(const GameSplitter&) = delete;

    // The next game; false at the end of the input. The text stays valid until the next call.
    bool next(GameText& game);

    std::uint64_t bytes_read() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The games `pgn --select` keeps: those of a kind marked, or from a start listed (the start as
// identify names the game's start position, read with restored rights under StartRights::restore;
// a game without a FEN tag is from 518). Nothing marked or listed: every game.
struct GameSelection {
    std::array<bool, 3> kinds{};            // by GameKind
    std::vector<std::uint32_t> starts;      // Chess960 numbers, 0..959
    std::vector<std::uint32_t> dfrc_starts; // DFRC numbers of back ranks that differ

    bool empty() const { return kinds == std::array<bool, 3>{} && starts.empty() && dfrc_starts.empty(); }
};

// Adds the selector `text` to `selection`: a kind's name (game_kind_names, names.hpp), `startpos:N`
// (N 0..959) or `dfrc:N` (N 0..921,599; the mirrored N = n * 961 is Chess960 start n, as identify
// names it). The error, when `text` is none of those, says why (a usage error: no column to point at).
Expected<void, std::string> add_selector(std::string_view text, GameSelection& selection);

// Whether a game played by Chess960 rules (or not) from `start` is in `selection`; an empty one holds
// every game.
bool selected(const GameSelection& selection, bool chess960, const Setup& start);

struct PgnOptions {
    Dialect dialect = Dialect::xfen;
    std::optional<EnPassantMode> en_passant; // default_en_passant(dialect) when empty
    bool positions = false;                  // false: rewrite the game; true: the FEN of every main-line position
    bool exits = false; // (with positions false) only the FEN of the main line's last position, the book's exit
    // The fields of an exit: fen (six; as_read is the same, a game's position has clocks), or epd (four,
    // then the clocks as `hmvc H; fmvn F;`, as convert --shape epd writes them).
    Shape exit_shape = Shape::fen;
    StartRights start_rights = StartRights::restore;
    // Instead of the game (positions false): its main line as the UCI command that sets it up in an
    // engine, `position startpos|fen START moves M...` (play.hpp's UciLineWriter), castling as
    // `castling` says (automatic: king takes rook for a Chess960 game, the king's move for standard).
    bool uci = false;
    CastlingNotation castling = CastlingNotation::automatic;
    // Games of no kind or start selected are not read past their tags (GameOutcome::not_selected);
    // with a selection, a game of another variant is one of them, not skipped.
    GameSelection select{};
    // The Variant tag's value in a rewritten Chess960 game: Chess960, or the name a book's readers
    // want (Cute Chess and fastchess books say fischerandom); empty: the game's own Variant tag kept
    // as written (default_variant_name where it has none). Escaped as any tag value (append_pgn_tag).
    std::string variant_name = std::string(default_variant_name);
    // A FEN tag's position no game reaches but the move generator plays (validate.hpp's acceptance
    // rule): read with a warning, or under Acceptance::strict the game fails.
    Acceptance acceptance = Acceptance::playable;
    // Hands the game over in its GameResult besides writing it: its tags, main-line moves and start
    // and end positions (GameResult::tags ... end). Off, the importer spends nothing on them.
    bool hand_over = false;
    InputDialect from = InputDialect::automatic; // how the FEN tags' castling letters are read
    // For tests that hold the fast paths to their plain twins: every token read by the PGN grammar's
    // rules alone, every move against the legal move list, every FEN tag read and every tag written
    // anew, none by the importer's quicker ways.
    bool exact_reading = false;
};

// A main-line move of a game handed over (PgnOptions::hand_over).
struct GameMove {
    std::string read; // the move token as it stands in the game, glyphs and all (`0-0!?`, `e2e4`, `Z0`)
    std::string san;  // as played, in SAN (`O-O`, `Nbd7`, `exd8=Q+`, check marks); `--` for a null move
    // In UCI, castling as PgnOptions::castling says (automatic: king takes rook in a Chess960 game, the
    // king's move in a standard one); `0000` for a null move; empty when the notation cannot write it
    // unambiguously (append_uci says why).
    std::string uci;
};

// A tag pair of a game handed over: its name as written, its value without escapes (\" and \\).
struct PgnTag {
    std::string name;
    std::string value;
};

struct GameResult {
    GameOutcome outcome = GameOutcome::imported;
    Diagnostic error;        // failed or skipped: line and column within the game's text, and why
    std::uint32_t ply = 0;   // failed: 1-based ply of the bad move, 0 for a problem in the tags
    std::uint32_t plies = 0; // main-line plies read (up to the bad one)
    bool chess960 = false;
    bool start_restored = false; // the FEN tag's start was read with its rooks' rights (StartRights::restore)
    bool rewritten = false; // the game was written anew (false: copied as it was, or not written)
    // What was repaired to read the game: castling rights or an en-passant square of the FEN tag that
    // the position cannot have (editors often write KQkq whatever the position), each dropped, or a
    // start position's rights restored.
    std::vector<Diagnostic> warnings;
    // With PgnOptions::hand_over (else empty): the tags in order (a name given twice, twice; none when
    // the tag section is malformed), the main-line moves played (up to the bad one), the start (none
    // when the game failed or was skipped before it had one) and the position after the last move.
    std::vector<PgnTag> tags;
    std::vector<GameMove> moves;
    std::optional<Setup> start;
    std::optional<Setup> end;
};

// Imports games one at a time; keeps its buffers from game to game.
class PgnImporter {
public:
    explicit PgnImporter(PgnOptions options = {});
    ~PgnImporter();
    PgnImporter(const PgnImporter&) = delete;
    PgnImporter& operator=(const PgnImporter&) = delete;

    // Takes the text gathered in `out` (and empties it) while a long game's positions are written.
    using Drain = std::function<void(std::string&)>;

    // Reads one game's text and appends to `out`:
    //   rewriting: the game in the chosen dialect, ending in an empty line; nothing when it fails or is
    //   skipped. A standard game from the standard start (no FEN tag) is copied as it was.
    //   positions: one FEN per line, the start and after each main-line ply; for a failed game the
    //   positions up to the last legal ply (the caller writes the error line); nothing when skipped.
    //   uci: one line, the UCI position command; nothing when the game fails or is skipped.
    //   With a drain, `out` is handed to it whenever it holds 64 KiB of positions.
    GameResult import(std::string_view game, std::string& out, const Drain& drain = {});

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// A game-relative diagnostic placed in the input: line and column of the input.
Diagnostic absolute_location(const GameText& game, const Diagnostic& relative);

// The game-relative diagnostic at byte `offset` of a game's text (1-based line and byte column).
Diagnostic locate_in_game(std::string_view game, std::size_t offset, std::string message);

} // namespace fen960
