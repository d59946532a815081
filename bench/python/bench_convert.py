"""Speed and memory of the Python module next to python-chess, in the same run.

    bench/python/bench_convert.py RECORDS_FILE [--pgn PGN_FILE] [--python-chess DIR] [--sample N]

RECORDS_FILE holds Chess960 records, one a line (bench/python.sh writes 1,000,000 with
bench/gen_records). Prints the wall-clock and the CPU seconds, each the best of --runs runs, the
commands taking turns run by run (on a busy machine the CPU time is what one core did):
  - fen960.convert_many(records, jobs=1) on the whole list: records/s on one core; and with all cores
  - python-chess's Board(fen, chess960=True).fen() on the first --sample records, and fen960 on the
    same records: both rates and the ratio
  - fen960.convert(record), one call per record, on the same sample, against python-chess
then, with --pgn, the peak resident memory of a process that reads the file with read_pgn and asks
every game for its positions (a child process, so that nothing else counts).

python-chess (1.11.2 for the project's figures) is only needed here: its directory comes from
--python-chess, else $PYTHON_CHESS, else ../shared/anchors/python-chess beside the project.
"""
import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import fen960

PROJECT = Path(__file__).resolve().parents[2]


def best(runs, functions):
    """The best wall-clock and CPU seconds (this process's, all its threads) of each function over
    `runs` rounds, the functions taking turns. The time is the call's: the result it returns is freed
    after the clocks stop. On a busy machine the CPU time is the truer figure for one thread."""
    times = {name: (float("inf"), float("inf")) for name in functions}
    for _ in range(runs):
        for name, function in functions.items():
            wall, cpu = time.perf_counter(), time.process_time()
            result = function()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            times[name] = (min(times[name][0], wall), min(times[name][1], cpu))
            del result
    return times


# The peak resident size of this process's memory (VmHWM: unlike getrusage's ru_maxrss, it starts
# again at an exec, so a child does not inherit the parent's peak).
PEAK = (
    "def peak_kib():\n"
    "    for line in open('/proc/self/status'):\n"
    "        if line.startswith('VmHWM:'):\n"
    "            return int(line.split()[1])\n"
)


def peak_rss_of_read_pgn(path):
    """Peak resident KiB of a fresh interpreter that reads every game's positions from `path`, and of
    one that only imports fen960; the seconds the reading took."""
    code = PEAK + (
        "import sys, time, fen960\n"
        "start = time.perf_counter()\n"
        "games = plies = 0\n"
        "for g in fen960.read_pgn(sys.argv[1]):\n"
        "    games += 1; plies += len(g.positions)\n"
        "print(games, plies, peak_kib(), time.perf_counter() - start)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    games, plies, rss, seconds = out.stdout.split()
    baseline = subprocess.run([sys.executable, "-c", PEAK + "import fen960\nprint(peak_kib())"],
                              capture_output=True, text=True, check=True)
    return int(games), int(plies), int(rss), int(baseline.stdout), float(seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records")
    parser.add_argument("--pgn")
    parser.add_argument("--python-chess", default=os.environ.get("PYTHON_CHESS", PROJECT.parent / "shared/anchors/python-chess"))
    parser.add_argument("--sample", type=int, default=20000, help="records for python-chess (default 20000)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    sys.path.insert(0, str(args.python_chess))
    import chess

    with open(args.records, encoding="ascii") as f:
        records = f.read().splitlines()
    sample = records[: args.sample]
    n, s = len(records), len(sample)
    print(f"fen960 {fen960.__version__} ({fen960.__file__}), python-chess {chess.__version__} ({chess.__file__})")
    print(f"input: {args.records}: {n} records; python-chess sample: the first {s}")

    # The outputs agree where the two write the same thing (python-chess writes X-FEN with a legal
    # en-passant square only, fen960's en_passant="legal").
    ours = fen960.convert_many(sample, to="xfen", en_passant="legal")
    theirs = [chess.Board(r, chess960=True).fen(en_passant="legal") for r in sample]
    same = sum(a == b for a, b in zip(ours, theirs))
    print(f"same output as python-chess (xfen, legal en passant): {same} of {s}")

    def python_chess():
        for r in sample:
            chess.Board(r, chess960=True).fen()

    def one_at_a_time():
        for r in sample:
            fen960.convert(r)

    runs = {  # name: (function, records)
        "fen960.convert_many(records, jobs=1)": (lambda: fen960.convert_many(records, jobs=1), n),
        f"fen960.convert_many(records, jobs=0), {os.cpu_count()} cores": (lambda: fen960.convert_many(records), n),
        "python-chess Board(fen, chess960=True).fen(), sample": (python_chess, s),
        "fen960.convert_many(sample, jobs=1)": (lambda: fen960.convert_many(sample, jobs=1), s),
        "fen960.convert(record), one call a record, sample": (one_at_a_time, s),
    }
    times = best(args.runs, {name: f for name, (f, _) in runs.items()})
    rate = {name: (count / times[name][0], count / times[name][1]) for name, (_, count) in runs.items()}
    print(f"{'':66} {'wall s':>8} {'records/s':>11} {'cpu s':>8} {'records/s':>11}")
    for name, (_, count) in runs.items():
        (wall, cpu), (by_wall, by_cpu) = times[name], rate[name]
        print(f"{name + f' ({count})':66} {wall:8.3f} {by_wall:11,.0f} {cpu:8.3f} {by_cpu:11,.0f}")
    names = list(runs)
    print(f"speed-up of jobs=0 over jobs=1 (wall): {times[names[0]][0] / times[names[1]][0]:.2f}")
    for mine in (names[0], names[3], names[4]):
        print(f"ratio {mine} / python-chess: {rate[mine][0] / rate[names[2]][0]:6.0f} x by wall-clock time, "
              f"{rate[mine][1] / rate[names[2]][1]:6.0f} x by CPU time")

    if args.pgn:
        size = Path(args.pgn).stat().st_size
        games, plies, rss, baseline, seconds = peak_rss_of_read_pgn(args.pgn)
        print(f"read_pgn over {args.pgn} ({size / 2**20:.0f} MiB, {games} games, {plies} positions): "
              f"peak resident {rss / 1024:.1f} MiB (the interpreter with fen960 alone: {baseline / 1024:.1f} MiB), "
              f"{seconds:.1f} s, {plies / seconds / 1e6:.2f} M positions/s")


if __name__ == "__main__":
    main()
