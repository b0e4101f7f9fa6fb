"""Engine speed: move applications per second for every game and variant, in this Python.

One *move application* is what a solver or simulator does per step: ``legal_moves()`` on the
position, ``play()`` of one of them (with the compulsory actions that follow), and later the
``undo()`` of it. Each deal is played to its end (or a cap) by uniformly random legal moves, then
taken back to the start move by move.

    python bench/bench_engine.py [--deals N] [--cap MOVES] [--repeat R] [--profile GAME[:VARIANT]]

Each figure is the best of ``--repeat`` runs, timed in CPU seconds of this process (the machine
may be busy with other work).

``--profile`` runs one game under cProfile and prints the 25 costliest functions instead.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.engine import get_rules, iter_variants


def applications(game: str, variant: str, deals: int, cap: int) -> tuple[int, float]:
    """(move applications, seconds) for ``deals`` random games of ``game``/``variant``."""
    rules = get_rules(game, variant)
    positions = [rules.deal(n) for n in range(deals)]  # dealing is not what is measured
    rng = random.Random(20261202)
    count = 0
    start = time.process_time()  # CPU time: fair on a machine busy with other work
    for pos in positions:
        played = 0
        while played < cap:
            moves = pos.legal_moves()
            if not moves:
                break
            pos.play(moves[rng.randrange(len(moves))])
            played += 1
        for _ in range(played):
            pos.undo()
        count += played
    return count, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per game and variant (default 200)")
    parser.add_argument("--cap", type=int, default=300, help="at most this many moves per deal (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per game, the best counts (default 3)")
    parser.add_argument("--profile", default=None, help="GAME[:VARIANT] to run under cProfile")
    args = parser.parse_args(argv)

    if args.profile:
        game, _, variant = args.profile.partition(":")
        profiler = cProfile.Profile()
        profiler.enable()
        applications(game, variant, args.deals, args.cap)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0

    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"{args.deals} deals each, at most {args.cap} moves per deal")
    print(f"{'game':<18} {'variant':<16} {'moves':>8} {'seconds':>8} {'per second':>11}")
    for game, variant in iter_variants():
        runs = [applications(game, variant, args.deals, args.cap) for _ in range(max(1, args.repeat))]
        count, seconds = min(runs, key=lambda run: run[1])
        rate = count / seconds if seconds else float("inf")
        print(f"{game:<18} {variant or '(base)':<16} {count:>8} {seconds:>8.2f} {rate:>11,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
