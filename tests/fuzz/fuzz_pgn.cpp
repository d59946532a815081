// Fuzz target: a whole PGN file. The splitter and the importer must not crash, hang or grow without
// bound on any bytes; and every game that imports must, once rewritten, import again to the same
// positions (in X-FEN and Shredder-FEN).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fen960/pgn.hpp"

namespace {

[[noreturn]] void fail(const char* what, std::string_view game, const std::string& detail)
{
    std::fprintf(stderr, "%s\n--- game\n%.*s\n--- detail\n%s\n", what, static_cast<int>(game.size()), game.data(),
                 detail.c_str());
    std::abort();
}

// The positions of a game's main line, or nothing when it does not import. One importer a dialect for
// the whole input, as `fen960 pgn` keeps one for a whole file: its move cache carries from game to game
// (and a new importer for each game cost more than the game, its cache's 720 KiB cleared each time).
struct Replayer {
    fen960::PgnImporter importer;

    explicit Replayer(fen960::Dialect dialect) : importer(options(dialect)) {}

    static fen960::PgnOptions options(fen960::Dialect dialect)
    {
        fen960::PgnOptions o;
        o.dialect = dialect;
        o.en_passant = fen960::EnPassantMode::keep;
        o.positions = true;
        return o;
    }

    bool positions(std::string_view game, std::string& out)
    {
        out.clear();
        return importer.import(game, out).outcome == fen960::GameOutcome::imported;
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace fen960;
    if (size == 0)
        return 0;
    // The first byte picks the read block and the game size limit, so that refills and overflows
    // are exercised too.
    std::size_t const block = 1 + data[0] % 64;
    std::size_t const max_game = data[0] & 0x80 ? 256 : GameSplitter::default_max_game;
    std::string_view const text(reinterpret_cast<const char*>(data) + 1, size - 1);
    StringSource source(text, block);
    std::size_t overflow_bytes = 0;
    GameSplitter games(source, max_game, [&](std::string_view bytes) { overflow_bytes += bytes.size(); });
    PgnOptions rewrite;
    rewrite.dialect = Dialect::xfen;
    PgnImporter rewriter(rewrite);
    Replayer xfen(Dialect::xfen);
    Replayer shredder(Dialect::shredder);
    std::string rewritten;
    std::string before;
    std::string after;
    std::size_t game_bytes = 0;
    for (GameText game; games.next(game);) {
        game_bytes += game.text.size();
        if (game.too_long || game.stray)
            continue;
        rewritten.clear();
        GameResult const r = rewriter.import(game.text, rewritten);
        if (r.outcome != GameOutcome::imported)
            continue;
        for (Replayer* replayer : {&xfen, &shredder}) {
            if (!replayer->positions(game.text, before))
                fail("a game that rewrites does not replay", game.text, rewritten);
            if (!replayer->positions(rewritten, after))
                fail("the rewritten game does not import", game.text, rewritten);
            if (before != after)
                fail("the rewritten game has other positions", game.text, rewritten + "\n--- before\n" + before +
                                                                              "--- after\n" + after);
        }
    }
    if (game_bytes + overflow_bytes > text.size())
        fail("the splitter produced more bytes than it read", text, std::to_string(game_bytes + overflow_bytes));
    return 0;
}
