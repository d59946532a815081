"""examples/dask_convert.py on a LocalCluster of two worker processes on the loopback address: a few
hundred thousand records and a set of PGN files, cut into many partitions, give byte for byte the
output of one fen960 command."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli, data, jsonl, table

distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # tornado, inside distributed

EXAMPLE = Path(os.environ.get("FEN960_SOURCE_DIR", Path(__file__).resolve().parents[2])) / "examples/dask_convert.py"


@pytest.fixture(scope="module")
def scheduler():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=40)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def run_example(*args):
    done = subprocess.run([sys.executable, str(EXAMPLE), *map(str, args)], capture_output=True, check=False)
    assert done.returncode in (0, 1), done.stderr.decode()
    return done


def records(copies):
    """The oracle's records, each valid one with its fullmove number made unique per copy (so that a
    partition out of place shows), and the invalid ones (tabs, CR, NUL, non-ASCII, long ones) as they are."""
    valid = [row["input_fen"] for row in table("oracle/convert.tsv")]
    invalid = [row["record"] for row in jsonl("oracle/invalid.jsonl")]
    lines = []
    for c in range(copies):
        for i, r in enumerate(valid):
            fields = r.split(" ")
            fields[-1] = str(c * len(valid) + i + 1)
            lines.append(" ".join(fields))
        lines.extend(invalid)
    return lines


def test_records_equal_the_command(tmp_path, scheduler):
    lines = records(150)  # 330,000 records, about 25 MB
    assert len(lines) > 300_000
    source = tmp_path / "records.txt"
    source.write_bytes(b"".join(line.encode() + b"\n" for line in lines))
    for to in ("shredder", "xfen"):
        out = tmp_path / f"out.{to}"
        done = run_example(source, out, "--scheduler", scheduler, "--to", to, "--partition-size", 1 << 20)
        expected = cli("convert", "--to", to, "-f", source)
        assert out.read_bytes() == expected.stdout
        assert done.returncode == expected.status == 1
        assert f"{len(lines)} records".encode() in done.stderr
    # A last line without its newline, and an empty file: still what the command writes.
    (tmp_path / "tail.txt").write_bytes(source.read_bytes()[:-1])
    (tmp_path / "empty.txt").write_bytes(b"")
    run_example(tmp_path / "tail.txt", tmp_path / "empty.txt", tmp_path / "two.out", "--scheduler", scheduler,
                "--partition-size", 999_983)
    assert (tmp_path / "two.out").read_bytes() == cli("convert", "--to", "xfen", "-f", tmp_path / "tail.txt",
                                                      "-f", tmp_path / "empty.txt").stdout


def test_output_that_is_an_input_is_refused(tmp_path, scheduler):
    """The output named as one of the inputs (through a link too) is refused before anything is
    written; an output that exists is replaced whole at the end, keeping its mode."""
    source = tmp_path / "records.txt"
    source.write_bytes(b"".join(r.encode() + b"\n" for r in records(1)))
    before = source.read_bytes()
    (tmp_path / "link.txt").symlink_to(source)
    done = subprocess.run([sys.executable, str(EXAMPLE), source, tmp_path / "link.txt", "--scheduler", scheduler],
                          capture_output=True, check=False)
    assert done.returncode == 2 and b"would be overwritten" in done.stderr
    assert source.read_bytes() == before
    out = tmp_path / "out.txt"
    out.write_bytes(b"old")
    out.chmod(0o640)
    run_example(source, out, "--scheduler", scheduler)
    assert out.read_bytes() == cli("convert", "--to", "xfen", "-f", source).stdout
    assert out.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.txt")] == []


def test_pgn_files_equal_the_command(tmp_path, scheduler):
    """Several PGN files, one of them large, cut into partitions at game boundaries; games
    numbered across all of them in the error lines."""
    big = tmp_path / "big.pgn"
    big.write_bytes(data("oracle/games.pgn").read_bytes() * 40)  # 2,000 games with 120 failures
    inputs = [data("pgn/shakmaty/lichess_db_100k.pgn"), big, data("oracle/games.pgn")]
    out = tmp_path / "positions.txt"
    done = run_example(*inputs, out, "--scheduler", scheduler, "--pgn", "--to", "shredder", "--partition-size", 40_000)
    expected = cli("pgn", "--positions", "--to", "shredder", *inputs)
    assert out.read_bytes() == expected.stdout
    numbers = [int(line.split()[2]) for line in expected.lines if line.startswith("error: game ")]
    assert len(numbers) == 3 * 41 and max(numbers) > 2000  # failed games numbered across the files
    games = int(re.search(rb"fen960 pgn: (\d+) games read", expected.stderr).group(1))
    assert done.returncode == expected.status == 1
    assert f"{games} games, {len(numbers)} failed".encode() in done.stderr


def test_a_worker_killed_mid_run(tmp_path):
    """One of the two worker processes killed (SIGKILL) while it runs a partition: the cluster starts
    it again and runs its tasks elsewhere, and the output still equals the command's byte for byte.
    A cluster of its own, so that the other tests' stays whole."""
    import signal
    import time

    lines = records(150)
    source = tmp_path / "records.txt"
    source.write_bytes(b"".join(line.encode() + b"\n" for line in lines))
    expected = cli("convert", "--to", "shredder", "-f", source)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=50)
    client = distributed.Client(cluster)
    try:
        out = tmp_path / "out.shredder"
        # Small partitions (about 160 of them): the run lasts long enough to be caught in the middle.
        run = subprocess.Popen([sys.executable, str(EXAMPLE), source, out, "--scheduler", cluster.scheduler_address,
                                "--to", "shredder", "--partition-size", str(160_000)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        pids = client.run(os.getpid)
        victim = None
        deadline = time.monotonic() + 60
        while victim is None and time.monotonic() < deadline and run.poll() is None:
            busy = [w for w, tasks in client.processing().items() if tasks]
            if busy:
                victim = busy[0]
            else:
                time.sleep(0.005)
        assert victim is not None and run.poll() is None, "the run ended before a worker could be killed"
        os.kill(pids[victim], signal.SIGKILL)
        stdout, stderr = run.communicate(timeout=300)
        assert run.returncode == expected.status == 1, stderr.decode()
        assert out.read_bytes() == expected.stdout
        assert f"{len(lines)} records".encode() in stderr
        # The nanny started a new worker process in the killed one's place.
        client.wait_for_workers(2, timeout=60)
        assert pids[victim] not in client.run(os.getpid).values()
    finally:
        client.close()
        cluster.close()
