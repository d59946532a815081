#!/usr/bin/env python3
"""Converts a large file of position records, or a set of PGN files, on a Dask `distributed` cluster,
each worker calling the fen960 Python module; the output is byte for byte what one fen960 command
writes for the same inputs, in input order.

    examples/dask_convert.py INPUT... OUTPUT --scheduler tcp://host:8786 [--to xfen] [--pgn]

Records (default): the output of `fen960 convert --to D -f INPUT...`, one line per input line
(`error: MESSAGE` in a failed record's place). PGN files (--pgn): the output of
`fen960 pgn --positions --to D INPUT...`, the record of every main-line position of every game,
`error: game G ply P: MESSAGE` after a failed one, games numbered across all inputs.

The inputs are cut into partitions of about --partition-size bytes, at line boundaries (records)
or game boundaries (PGN: a line starting with `[Event ` after an empty line, where every exporter
starts a game; a file without such lines is one partition). Each worker reads its partitions from
the inputs' paths, so the paths must mean the same files on every worker (a shared file system),
and fen960 must be importable there (installed with `cmake --install`). Results come back to this
program, which writes them in input order, holding at most --in-flight partitions at a time.

Without --scheduler a LocalCluster with one worker process per core runs on this machine.
"""
import argparse
import collections
import os
import sys
import tempfile

import distributed


# --- What the workers run (pickled by value with the program: nothing here to install) -----------


def record_lines(path, start, end):
    """The lines whose first byte lies in [start, end) of a file, without their '\\n' (a '\\r' kept,
    as the command reads them), as bytes."""

    def line_start(f, offset):
        # The first line that starts at or after `offset`.
        if offset == 0:
            return 0
        f.seek(offset - 1)
        if f.read(1) == b"\n":
            return offset
        f.readline()
        return f.tell()

    with open(path, "rb") as f:
        first = line_start(f, start)
        last = line_start(f, end) if end < os.fstat(f.fileno()).st_size else end
        if last <= first:
            return []
        f.seek(first)
        data = f.read(last - first)
    lines = data.split(b"\n")
    if data.endswith(b"\n"):
        lines.pop()
    return lines


def convert_partition(path, start, end, options):
    """One partition of a record file, converted: the command's output lines, and the failures."""
    import fen960

    lines = record_lines(path, start, end)
    # A blank or '#' comment line is copied, as the command does; the records are converted.
    results = iter(fen960.convert_many([line for line in lines if fen960.is_record(line)], jobs=1, **options))
    out = []
    failed = 0
    for line in lines:
        if not fen960.is_record(line):
            out.append(line)
            continue
        r = next(results)
        failed += not isinstance(r, str)
        out.append((r if isinstance(r, str) else "error: " + r.message).encode())
    return (b"\n".join(out) + b"\n" if out else b""), len(out), failed


GAME_START = b"[Event "


def game_start(f, offset, size):
    """The first game boundary at or after `offset`: the start of a line beginning with `[Event `
    that follows an empty line (or the file's start); `size` when there is none."""
    if offset == 0:
        return 0
    f.seek(offset - 1)
    if f.read(1) != b"\n":
        f.readline()  # the line in which `offset` falls began before it
    position = f.tell()
    back = min(position, 3)
    f.seek(position - back)
    before = (b"\n" if back == position else b"") + f.read(back)  # the file's start ends a line too
    previous_blank = before.endswith((b"\n\n", b"\n\r\n"))
    for line in f:
        if previous_blank and line.startswith(GAME_START):
            return position
        previous_blank = line.strip() == b""
        position += len(line)
    return size


class Range:
    """The bytes [start, end) of a file, as a binary file object for fen960.read_pgn."""

    def __init__(self, f, start, end):
        self.f, self.left = f, end - start
        f.seek(start)

    def readinto(self, buffer):
        n = self.f.readinto(memoryview(buffer)[: min(len(buffer), self.left)])
        self.left -= n
        return n


def pgn_partition(path, start, end, options):
    """The games that start in one partition of a PGN file, as `fen960 pgn --positions` writes them:
    (games, failed, pieces), the pieces being text and, where a game number goes, (local number,
    text before it, text after it) for the writer to number across all partitions."""
    import fen960

    pieces, games, failed = [], 0, 0
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        first, last = game_start(f, start, size), game_start(f, end, size)
        if last <= first:
            return 0, 0, []
        text = []
        for game in fen960.read_pgn(Range(f, first, last), name=path, **options):
            games += 1
            text.extend(p + "\n" for p in game.positions)
            if game.outcome != "imported":
                pieces.append("".join(text))
                text = []
                if game.outcome == "failed":
                    failed += 1
                    pieces.append((games, "error: game ", f" ply {game.error.ply}: {game.error.message}\n"))
                else:
                    pieces.append((games, "skipped: game ", f": {game.error.message}\n"))
            text.append("\n")
        pieces.append("".join(text))
    return games, failed, pieces


# --- The client ----------------------------------------------------------------------------------


def partitions(paths, size):
    for path in paths:
        length = os.path.getsize(path)
        for start in range(0, max(length, 1), size):
            yield path, start, min(start + size, length)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", metavar="INPUT... OUTPUT", help="input files, then the output ('-': stdout)")
    parser.add_argument("--scheduler", help="the cluster's scheduler, e.g. tcp://host:8786 (default: a local cluster)")
    parser.add_argument("--pgn", action="store_true", help="the inputs are PGN files (write --positions lines)")
    parser.add_argument("--to", default="xfen", choices=("fen", "shredder", "xfen"))
    parser.add_argument("--en-passant", choices=("keep", "pseudo", "legal"))
    parser.add_argument("--from", dest="read", default="auto", choices=("auto", "fen", "shredder", "xfen"),
                        help="how to read castling letters (records only)")
    parser.add_argument("--repair", action="store_true", help="drop bad castling rights (records only)")
    parser.add_argument("--partition-size", type=int, default=16 << 20, help="bytes a partition (default 16 MiB)")
    parser.add_argument("--in-flight", type=int, help="partitions submitted and not yet written (default 4 a worker thread)")
    args = parser.parse_args()
    if len(args.paths) < 2:
        parser.error("give the input files and then the output file")
    inputs, output = [os.path.abspath(p) for p in args.paths[:-1]], args.paths[-1]
    if output != "-" and os.path.exists(output):
        for path in inputs:
            if os.path.samefile(path, output):
                parser.error(f"the output {output} is the input {path}: it would be overwritten")

    if args.pgn:
        task, options = pgn_partition, {"to": args.to, "en_passant": args.en_passant}
    else:
        task = convert_partition
        options = {"to": args.to, "en_passant": args.en_passant, "read": args.read, "repair": args.repair}

    cluster = None
    if args.scheduler:
        client = distributed.Client(args.scheduler)
    else:
        cluster = distributed.LocalCluster(processes=True, dashboard_address=None)
        client = distributed.Client(cluster)
    try:
        window = args.in_flight or 4 * max(1, sum(client.nthreads().values()))
        pending = collections.deque()
        todo = partitions(inputs, args.partition_size)
        games = records = failed = 0
        # A file is written beside the output and renamed onto it at the end: a failed run leaves
        # the earlier file as it was, never half of a new one.
        temporary = None
        if output == "-":
            out = sys.stdout.buffer
        else:
            directory = os.path.dirname(os.path.abspath(output))
            fd, temporary = tempfile.mkstemp(prefix="." + os.path.basename(output) + ".", dir=directory)
            out = os.fdopen(fd, "wb")
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, os.stat(output).st_mode & 0o7777 if os.path.exists(output) else 0o666 & ~umask)
        try:
            while True:
                while len(pending) < window:
                    part = next(todo, None)
                    if part is None:
                        break
                    pending.append(client.submit(task, *part, options, pure=False))
                if not pending:
                    break
                result = pending.popleft().result()
                if args.pgn:
                    count, bad, pieces = result
                    for piece in pieces:
                        if isinstance(piece, tuple):
                            number, before, after = piece
                            piece = f"{before}{games + number}{after}"
                        out.write(piece.encode("utf-8"))
                    games += count
                else:
                    text, count, bad = result
                    out.write(text)
                    records += count
                failed += bad
            if temporary:
                out.close()
                os.replace(temporary, output)
                temporary = None
        finally:
            if temporary:
                out.close()
                os.unlink(temporary)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    what = f"{games} games" if args.pgn else f"{records} records"
    print(f"dask_convert: {what}, {failed} failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
