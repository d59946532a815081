"""convert_many called from four Python threads at once, each on its own input and options: every
thread gets what the fen960 command writes for its input (issue 26). Run under the sanitizer build
too (tests/python/CMakeLists.txt preloads ASan), where a race between the calls' threads shows."""
import threading

import fen960
from conftest import cli, record_lines, slot, table


def inputs():
    """Four different inputs: the oracle's records in four slices, each with a dialect and an
    en-passant mode of its own, and some invalid records among them."""
    records = record_lines([row["input"] for row in table("oracle/keys.tsv")])
    invalid = ["8/8 w", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"]
    options = [("shredder", "keep"), ("xfen", "pseudo"), ("fen", "legal"), ("xfen", "legal")]
    quarter = len(records) // 4
    for i, (to, mode) in enumerate(options):
        part = records[i * quarter:(i + 1) * quarter] + invalid[: i + 1]
        yield part * (6 if i % 2 else 5), to, mode  # several chunks of 2048 records


def test_four_threads_each_get_the_commands_output(tmp_path):
    work = []
    for i, (records, to, mode) in enumerate(inputs()):
        path = tmp_path / f"input{i}.fen"
        path.write_text("".join(r + "\n" for r in records), encoding="utf-8")
        run = cli("convert", "--to", to, "--en-passant", mode, "-f", path)
        assert run.status == 1 and len(run.lines) == len(records)
        work.append((records, to, mode, run.lines))
    assert len({tuple(w[3]) for w in work}) == 4  # four different expectations

    start = threading.Barrier(4)
    results = [None] * 4
    failures = []

    def convert(i):
        records, to, mode, _ = work[i]
        try:
            start.wait()
            for _ in range(3):  # the calls overlap more than once
                got = [slot(r) for r in fen960.convert_many(records, to=to, en_passant=mode, jobs=2)]
                if results[i] is not None and got != results[i]:
                    failures.append(f"thread {i}: two calls differ")
                results[i] = got
        except Exception as e:  # noqa: BLE001 (reported below)
            failures.append(f"thread {i}: {e!r}")

    threads = [threading.Thread(target=convert, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    for i, (_, _, _, expected) in enumerate(work):
        assert results[i] == expected, f"thread {i}"
