"""On-demand measurement (issue 16): validating a long record takes memory that does not grow with it.

``python benchmarks/bench_stream_validate.py 100000 1000000`` writes a legal Cinco
record of each length (two seats exchanging forever: the position repeats, so
the cycle is repeated to the length asked), runs ``ruleproof validate`` on it
in a child process and prints the wall time and the child's peak resident
memory (its ``VmHWM``; Linux). Not a test: figures depend on the machine; compare the
lengths with each other, in one run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ruleproof.model.core import CHANCE
from ruleproof.model.registry import game_for
from ruleproof.spec.core import variant_to_dict


def cinco_exchange_record(length: int, path: Path) -> None:
    """A legal two-seat Cinco record of ``length`` moves in which every seat only exchanges."""
    game = game_for("cinco")
    variant = game.variant_type()
    state = game.initial_state(2, variant)
    moves: list[tuple[object, str]] = []
    seen: dict[object, int] = {}
    while len(moves) < length:
        actor = game.current_player(state)
        if actor == CHANCE:
            move = game.chance_outcomes(state)[0][0]
        else:
            legal = game.legal_moves(state)
            move = next((m for m in legal if str(m) == "exchange"), None) or next(m for m in legal if str(m) == "draw")
        moves.append(("chance" if actor == CHANCE else actor, str(move)))
        state = game.apply_unchecked(state, move)
        if actor != CHANCE:
            if state in seen:  # the position repeats: so does everything after it
                cycle = moves[seen[state] + 1:]
                while len(moves) < length:
                    moves.extend(cycle)
                del moves[length:]
                break
            seen[state] = len(moves) - 1
    head = json.dumps({"format": "ruleproof-record", "version": 1, "game": "cinco", "players": 2,
                       "variant": variant_to_dict(variant)})
    with path.open("w", encoding="utf-8") as handle:
        handle.write(head[:-1] + ', "moves": [\n')
        handle.write(",\n".join(json.dumps({"actor": a, "move": m}) for a, m in moves))
        handle.write("\n]}\n")


_CHILD = """
import sys
from ruleproof.checkers.cli.main import main
code = main(["validate", sys.argv[1]])
peak = next((line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:")), "0")
sys.stderr.write(f"\\npeak-kib {peak}\\n")
sys.exit(code)
"""


def measure(path: Path) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MiB) of ``ruleproof validate`` on ``path``, and its verdict line.

    The child reads its own high-water mark (``VmHWM`` in ``/proc/self/status``, Linux):
    ``getrusage`` would count the pages of this parent, which holds the generated moves, at fork.
    """
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    peak = next((int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("peak-kib")), 0)
    return seconds, peak / 1024, done.stdout.strip()[-120:]


def main(argv: list[str]) -> int:
    lengths = [int(a) for a in argv] or [100_000, 1_000_000]
    with tempfile.TemporaryDirectory() as folder:
        for length in sorted(lengths):
            path = Path(folder) / f"cinco_{length}.json"
            cinco_exchange_record(length, path)
            seconds, rss, verdict = measure(path)
            size = path.stat().st_size / 2**20
            print(f"{length:>9} moves  {size:7.1f} MiB  validate {seconds:7.1f} s  peak RSS {rss:6.1f} MiB  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
