// Fuzz target: a SAN (or UCI, or LAN) token read against a position. Input: an optional FEN record and
// a newline, then the token; without a record, the first byte picks one of a few positions. A token
// that reads must name a legal move, and the SAN written for that move must read back as the same move.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fen960/fen.hpp"
#include "fen960/position.hpp"
#include "fen960/san.hpp"

namespace {

constexpr std::array<const char*, 6> positions{
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1rk3r1/8/8/8/8/8/8/1RK1R3 w EBgb - 0 1",
    "2r1k2r/1P6/8/3pP3/8/8/8/R3K1NR w KQk d6 0 1",
    "R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1",
    "8/2P5/8/8/8/8/5k2/K1N1N3 w - - 0 1",
};

[[noreturn]] void fail(const char* what, std::string_view token, const std::string& detail)
{
    std::fprintf(stderr, "%s\n  token: %.*s\n  %s\n", what, static_cast<int>(token.size()), token.data(),
                 detail.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace fen960;
    std::string_view input(reinterpret_cast<const char*>(data), size);
    std::string_view token = input;
    Setup setup;
    if (auto newline = input.find('\n'); newline != std::string_view::npos) {
        auto record = parse_fen(input.substr(0, newline));
        if (!record)
            return 0;
        setup = record->setup;
        token = input.substr(newline + 1);
    } else {
        if (input.empty())
            return 0;
        setup = parse_fen(positions[static_cast<unsigned char>(input[0]) % positions.size()])->setup;
        token = input.substr(1);
    }
    auto pos = Position::from_setup(setup);
    if (!pos)
        return 0;
    auto move = parse_san(*pos, token);
    if (!move) {
        if (move.error().message.empty())
            fail("rejected without a message", token, "");
        return 0;
    }
    bool legal = false;
    for (const Move& m : pos->legal_moves())
        legal = legal || m == *move;
    if (!legal)
        fail("read a move that is not legal", token, to_uci(*pos, *move, true));
    std::string const san = to_san(*pos, *move);
    auto again = parse_san(*pos, san);
    if (!again || !(*again == *move))
        fail("written SAN does not read back as the same move", token, san);
    return 0;
}
