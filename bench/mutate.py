#!/usr/bin/python3
"""Seeded random mutations of chess records and PGN text, for bench/compare.sh.

    mutate.py records SEED < records > mutated      # one record a line in, several variants out
    mutate.py pgn SEED < games.pgn > mutated.pgn     # games with bytes and tokens changed

Only the standard library; the same seed gives the same bytes with every Python 3.
"""
import random
import sys

CASTLING = ["-", "KQkq", "HAha", "Kkq", "Qq", "GAha", "BFbf", "HFhf", "KQ", "kq", "Hh", "Aa", "CAca",
            "KQkqK", "kqKQ", "HAhaB", "EEee", "x", "K-", "Gkq", "Ah", "hH", "KQkqHAha", "BbKk"]
EP = ["-", "e3", "e6", "a3", "h6", "d6", "c3", "e4", "x9", "e", "-3"]
BYTES = b" \t\r/-0123456789KQRBNPkqrbnpwxyz;\"#\x00\xc3\xa9"
PGN_TOKENS = [" ", "\n", "\n\n", "{", "}", "(", ")", "[", "]", ";", "%", "1-0", "0-1", "1/2-1/2", "*",
              "\u00bd-\u00bd", "\u2013", "$1", "!?", "O-O", "O-O-O", "0-0", "--", "e4", "Nf3", "e1g1",
              "[Variant \"Chess960\"]\n", "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n",
              "[SetUp \"1\"]\n", "\"", "\\", "12.", "12...", "=Q", "+", "#", "\r\n", "\ufeff"]


def mutate_record(rng, line):
    fields = line.split(" ")
    choice = rng.randrange(10)
    if choice == 0 and len(fields) >= 3:
        fields[2] = rng.choice(CASTLING)
    elif choice == 1 and len(fields) >= 4:
        fields[3] = rng.choice(EP)
    elif choice == 2 and len(fields) >= 2:
        fields[1] = rng.choice(["w", "b", "W", "x", ""])
    elif choice == 3:
        fields = fields[:rng.randrange(1, 7)]
    elif choice == 4 and len(fields) >= 6:
        fields[rng.choice([4, 5])] = rng.choice(["0", "1", "-1", "00", "99999999999", "x", "4294967296"])
    elif choice == 5:
        sep = rng.choice(["  ", "\t", " \t", ""])
        return sep.join(fields)
    else:
        data = bytearray(" ".join(fields).encode())
        for _ in range(rng.randrange(1, 4)):
            op = rng.randrange(3)
            at = rng.randrange(len(data) + 1)
            if op == 0 and data:
                data[min(at, len(data) - 1)] = rng.choice(BYTES)
            elif op == 1:
                data[at:at] = bytes([rng.choice(BYTES)])
            elif data:
                del data[min(at, len(data) - 1)]
        return data.decode("utf-8", "surrogateescape")
    return " ".join(fields)


def records(seed):
    rng = random.Random(seed)
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\n").decode("utf-8", "surrogateescape")
        out.write(raw if raw.endswith(b"\n") else raw + b"\n")
        for _ in range(rng.randrange(1, 4)):
            out.write(mutate_record(rng, line).encode("utf-8", "surrogateescape") + b"\n")


def pgn(seed):
    rng = random.Random(seed)
    text = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
    pieces = text.split(" ")
    out = []
    for piece in pieces:
        r = rng.random()
        if r < 0.004:
            continue
        if r < 0.008:
            piece = piece + " " + rng.choice(PGN_TOKENS)
        elif r < 0.010 and piece:
            at = rng.randrange(len(piece))
            piece = piece[:at] + chr(rng.choice(BYTES)) + piece[at + 1:]
        out.append(piece)
    sys.stdout.buffer.write(" ".join(out).encode("utf-8", "surrogateescape"))


if __name__ == "__main__":
    {"records": records, "pgn": pgn}[sys.argv[1]](int(sys.argv[2]))
