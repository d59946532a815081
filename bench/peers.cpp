// The peer of bench/peers.sh: the same jobs as fen960's commands, done with chess-library (Disservin's
// single header chess.hpp, MIT), the fastest C++ peer measured. Built by peers.sh from the header in
// ../shared/anchors/chess-library (never by CMake: the tests do not need it):
//   peers read FILE        read each PGN game, play every SAN move, write nothing
//   peers positions FILE   the same, writing the X-FEN of the start and after every ply
//   peers convert FILE     a FEN record a line (Chess960 mode) to X-FEN
//   peers perft DEPTH FEN  perft, bulk-counted at the last ply
//   peers play FILE        UCI `position` lines: each move checked against the legal list, then the FEN
// Prints to standard output what it writes; a count of what it could not read to standard error.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include "chess.hpp"

namespace {

// Output in large blocks, as fen960 writes it.
struct Out {
    std::string buffer;
    void line(const std::string& text)
    {
        buffer += text;
        buffer += '\n';
        if (buffer.size() >= (1u << 16))
            flush();
    }
    void flush()
    {
        std::fwrite(buffer.data(), 1, buffer.size(), stdout);
        buffer.clear();
    }
    ~Out() { flush(); }
};

class Games : public chess::pgn::Visitor {
public:
    Games(bool write, Out& out) : write_(write), out_(out) {}

    void startPgn() override
    {
        fen_.clear();
        board_.set960(true);
        failed_ = false;
    }
    void header(std::string_view key, std::string_view value) override
    {
        if (key == "FEN")
            fen_ = value;
    }
    void startMoves() override
    {
        board_.setFen(fen_.empty() ? std::string(chess::constants::STARTPOS) : fen_);
        if (write_)
            out_.line(board_.getXfen());
    }
    void move(std::string_view san, std::string_view) override
    {
        if (failed_ || san.empty())
            return;
        chess::Move m;
        try {
            m = chess::uci::parseSan(board_, san);
        } catch (const std::exception&) {
            m = chess::Move::NO_MOVE;
        }
        if (m == chess::Move::NO_MOVE) {
            failed_ = true;
            ++errors;
            return;
        }
        board_.makeMove(m);
        ++plies;
        if (write_)
            out_.line(board_.getXfen());
    }
    void endPgn() override
    {
        if (write_)
            out_.line("");
    }

    long plies = 0;
    long errors = 0;

private:
    bool write_;
    Out& out_;
    chess::Board board_;
    std::string fen_;
    bool failed_ = false;
};

int games(const char* file, bool write)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return 3;
    Out out;
    Games visitor(write, out);
    chess::pgn::StreamParser parser(in);
    parser.readGames(visitor);
    std::fprintf(stderr, "%ld plies, %ld games failed\n", visitor.plies, visitor.errors);
    return 0;
}

// Each line of FILE through `line(board, text, out)` (false: refused) on one Chess960 board; the count
// of refused lines, named `what`, to standard error.
template <typename Line>
int each_line(const char* file, const char* what, Line&& line)
{
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return 3;
    Out out;
    chess::Board board;
    board.set960(true);
    std::string text;
    long bad = 0;
    while (std::getline(in, text))
        if (!line(board, text, out))
            ++bad;
    std::fprintf(stderr, "%ld %s refused\n", bad, what);
    return 0;
}

int convert(const char* file)
{
    return each_line(file, "records", [](chess::Board& board, const std::string& text, Out& out) {
        if (!board.setFen(text))
            return false;
        out.line(board.getXfen());
        return true;
    });
}

long long perft(chess::Board& board, int depth)
{
    chess::Movelist moves;
    chess::movegen::legalmoves(moves, board);
    if (depth <= 1)
        return static_cast<long long>(moves.size());
    long long nodes = 0;
    for (const auto& m : moves) {
        board.makeMove(m);
        nodes += perft(board, depth - 1);
        board.unmakeMove(m);
    }
    return nodes;
}

// One `position` line: the start, then each move found in the legal list and made.
bool play_line(chess::Board& board, std::string_view line, Out& out)
{
    constexpr std::string_view startpos = "position startpos";
    constexpr std::string_view fen = "position fen ";
    std::size_t const moves_at = line.find(" moves");
    std::string_view const head = line.substr(0, moves_at);
    if (head == startpos)
        board.setFen(chess::constants::STARTPOS);
    else if (head.substr(0, fen.size()) == fen) {
        if (!board.setFen(head.substr(fen.size())))
            return false;
    } else
        return false;
    std::string_view rest = moves_at == std::string_view::npos ? std::string_view{} : line.substr(moves_at + 6);
    chess::Movelist legal;
    while (!rest.empty()) {
        std::size_t const start = rest.find_first_not_of(' ');
        if (start == std::string_view::npos)
            break;
        rest.remove_prefix(start);
        std::size_t const end = std::min(rest.find(' '), rest.size());
        chess::Move const m = chess::uci::uciToMove(board, rest.substr(0, end));
        rest.remove_prefix(end);
        legal.clear();
        chess::movegen::legalmoves(legal, board);
        if (m == chess::Move::NO_MOVE || std::find(legal.begin(), legal.end(), m) == legal.end())
            return false;
        board.makeMove(m);
    }
    out.line(board.getFen());
    return true;
}

int play(const char* file)
{
    return each_line(file, "lines", play_line);
}

} // namespace

int main(int argc, char** argv)
{
    std::string_view const mode = argc > 1 ? argv[1] : "";
    if (argc == 3 && mode == "read")
        return games(argv[2], false);
    if (argc == 3 && mode == "positions")
        return games(argv[2], true);
    if (argc == 3 && mode == "convert")
        return convert(argv[2]);
    if (argc == 3 && mode == "play")
        return play(argv[2]);
    if (argc == 4 && mode == "perft") {
        chess::Board board(argv[3], true);
        std::printf("%lld\n", perft(board, std::atoi(argv[2])));
        return 0;
    }
    std::fprintf(stderr, "usage: peers read|positions|convert|play FILE, peers perft DEPTH FEN\n");
    return 2;
}
