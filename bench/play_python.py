"""The python-chess side of bench/play.sh: each UCI position line of standard input played with
Board.push_uci on a Chess960 board (castling as the king taking its rook), its FEN written to
standard output, as `fen960 play` does.

    python3 bench/play_python.py PYTHON_CHESS_DIR < lines.uci > /dev/null
"""
import sys

sys.path.insert(0, sys.argv[1])
import chess  # noqa: E402  (from the directory given)


def main():
    out = sys.stdout
    for line in sys.stdin:
        words = line.split()
        if words and words[0] == "position":
            words = words[1:]
        if "moves" in words:
            at = words.index("moves")
            start, moves = words[:at], words[at + 1:]
        else:
            start, moves = words, []
        fen = chess.STARTING_FEN if start[0] == "startpos" else " ".join(start[1:])
        board = chess.Board(fen, chess960=True)
        for move in moves:
            board.push_uci(move)
        out.write(board.fen() + "\n")


main()
