// Fuzz target: any bytes as what `fen960 play` reads, a UCI `position` line or a start and a move list.
// Nothing may crash, hang or leak; a failure has a message and a column inside the text; the quick
// UCI move reading agrees with the legal-list lookup wherever it answers; and a line that plays writes
// a UCI command (both castling notations) that plays again to the same position.
//
// The input: its first line is played as a `position` line. The same first line is then the start
// (a record or `startpos`) and the words of the following lines the moves of a move list.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fen960/play.hpp"

namespace {

using namespace fen960;

[[noreturn]] void fail(const char* what, std::string_view input, std::string_view detail)
{
    std::fprintf(stderr, "%s\n  input:  %.*s\n  detail: %.*s\n", what, static_cast<int>(input.size()), input.data(),
                 static_cast<int>(detail.size()), detail.data());
    std::abort();
}

void check_failure(const PlayResult& r, std::string_view text, std::string_view input)
{
    if (r)
        return;
    const Diagnostic& d = r.error().reason;
    if (d.message.empty() || d.column == 0 || d.column > text.size() + 1)
        fail("a failure without a message or with a column outside the text", input, d.message);
}

// Plays `line` as each output; when it plays, its UCI command in each castling notation plays again to
// the same last position.
void check_line(std::string_view line, std::string_view input)
{
    std::string last;
    MovePlayer last_player({.dialect = Dialect::shredder, .output = PlayOutput::last});
    PlayResult const played = last_player.play_line(line, last);
    check_failure(played, line, input);
    {
        std::string all;
        MovePlayer all_player({.dialect = Dialect::xfen, .output = PlayOutput::all});
        PlayResult const every = all_player.play_line(line, all);
        check_failure(every, line, input);
        if (every.has_value() != played.has_value())
            fail("the outputs last and all disagree on whether the line plays", input, all);
    }
    if (!played)
        return;
    for (CastlingNotation notation : {CastlingNotation::kxr, CastlingNotation::king, CastlingNotation::automatic}) {
        std::string uci;
        MovePlayer uci_player({.dialect = Dialect::shredder, .output = PlayOutput::uci, .castling = notation});
        PlayResult const written = uci_player.play_line(line, uci);
        if (!written) {
            if (notation == CastlingNotation::king)
                continue; // a castling the king's move cannot say (append_uci)
            fail("a line that plays cannot be written as UCI", input, written.error().reason.message);
        }
        if (uci.empty() || uci.back() != '\n')
            fail("the UCI command does not end with its newline", input, uci);
        uci.pop_back();
        std::string again;
        MovePlayer replay({.dialect = Dialect::shredder, .output = PlayOutput::last});
        PlayResult const replayed = replay.play_line(uci, again);
        if (!replayed)
            fail("the UCI command written does not play", input, uci + "  (" + replayed.error().reason.message + ")");
        if (again != last || *replayed != *played)
            fail("the UCI command written plays to another position", input, uci + " -> " + again + " vs " + last);
    }
}

// The start (first line) and the words after it as a move list; each word also read on the start
// position, where the quick UCI reading must agree with the plain lookup.
void check_move_list(std::string_view input)
{
    std::size_t const eol = input.find('\n');
    if (eol == std::string_view::npos)
        return;
    std::string_view const start = input.substr(0, eol);
    std::vector<std::string_view> moves;
    for (std::size_t at = eol + 1; at < input.size() && moves.size() < 64;) {
        std::size_t const begin = input.find_first_not_of(" \t\r\n", at);
        if (begin == std::string_view::npos)
            break;
        std::size_t const end = std::min(input.find_first_of(" \t\r\n", begin), input.size());
        moves.push_back(input.substr(begin, end - begin));
        at = end;
    }
    std::string out;
    MovePlayer player({.dialect = Dialect::xfen, .output = PlayOutput::uci});
    check_failure(player.play(input, start, moves, out), input, input);

    auto pos = start_position(start);
    if (!pos)
        return;
    MoveList const legal = pos->legal_moves();
    for (std::string_view token : moves) {
        std::optional<Move> const quick = detail::read_uci_quick(*pos, token);
        if (quick && detail::read_uci_plain(legal, token) != quick)
            fail("the quick UCI reading and the legal-list lookup disagree", input, token);
        if (auto move = read_move(*pos, token); move && !pos->is_legal(*move))
            fail("read_move gave a move that is not legal", input, token);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::string_view const input(reinterpret_cast<const char*>(data), size);
    std::string_view const first = input.substr(0, input.find('\n'));
    check_line(first, input);
    check_move_list(input);
    return 0;
}
