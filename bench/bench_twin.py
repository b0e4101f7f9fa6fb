"""The full twin test: the engine and the lean board agree at 100,000 positions of every game and
variant (1.6 million in all), both directions. The comparison is ``tests/engine/twin_walk.py``
(its docstring lists what is compared); ``tests/engine/test_twin.py`` runs the same walks for their
first 20,000 positions a pair, which is what the suite can afford.

    python bench/bench_twin.py [--positions N] [--pair GAME[:VARIANT]]

Prints a line per pair (positions, sampled successors, deals, CPU seconds, and how many positions
of each kind the walk met); stops with status 1 at the first disagreement, naming the deal, the
move and what differs. Measured on a machine of 2 shared cores: 78.5 s CPU for the whole run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from twin_walk import TwinMismatch, walk_pair  # type: ignore[import-not-found]  # tests/engine, put on sys.path above, is not on mypy_path

from tutor.engine import iter_variants


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000, help="positions per pair (default 100,000)")
    parser.add_argument("--pair", default=None, help="only GAME[:VARIANT] (variant empty: the base game)")
    args = parser.parse_args(argv)
    pairs = list(iter_variants())
    if args.pair:
        game, _, variant = args.pair.partition(":")
        pairs = [(g, v) for g, v in pairs if g == game and v == ("" if variant == "base" else variant)]
        if not pairs:
            parser.error(f"no game/variant {args.pair}")
    start = time.process_time()
    total = 0
    for game, variant in pairs:
        name = f"{game}:{variant or 'base'}"
        try:
            tally = walk_pair(game, variant, args.positions)
        except TwinMismatch as err:
            print(f"{name}: the engine and the lean board disagree: {err}", file=sys.stderr)
            return 1
        total += tally.positions
        print(tally.line(name), flush=True)
    print(f"{total} positions in {time.process_time() - start:.1f} s CPU, no disagreement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
