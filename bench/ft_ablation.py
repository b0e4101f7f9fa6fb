"""Which ideas carry the Forty Thieves expert's wins: the expert player
(tutor/games/forty_thieves/expert.py) with one idea at a time switched off or cut down, on the
same deals (deal i = deal_number(seed, i), as ``tutor simulate`` counts them).

    nice -n 10 python bench/ft_ablation.py --deals 2000 [--workers 1] [--only NAME …] [--json out.json]

The ideas of the expert: it looks ahead (a best-first search of up to ``expansions`` positions
before each card it turns, ``endgame_expansions`` once the talon is used up) through the moves the
face-up cards allow, and it judges a position by the board's ``evaluate``: cards home, empty
columns, breaks in the columns (a card not on its partner), buried cards by how soon their
foundation wants them, buried waste cards. Each row switches one of these off (a weight set to 0)
or shrinks the look-ahead. Prints each row's wins with their 95 % interval.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.analysis.players import play_out
from tutor.analysis.simulate import deal_number, wilson_interval
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.games.forty_thieves.expert import ExpertPlayer
from tutor.games.forty_thieves.fast import FortyThievesBoard

FULL = dict(expansions=600, endgame_expansions=3000, weights=(10, 60, 2, 2, 2))

CONFIGS: dict[str, dict] = {
    "expert (all ideas)": {},
    "no empty-column weight": dict(weights=(10, 0, 2, 2, 2)),
    "no cards-home weight": dict(weights=(0, 60, 2, 2, 2)),
    "no break weight": dict(weights=(10, 60, 0, 2, 2)),
    "no buried-card weight": dict(weights=(10, 60, 2, 0, 2)),
    "no waste-burial weight": dict(weights=(10, 60, 2, 2, 0)),
    "only home + spaces": dict(weights=(10, 60, 0, 0, 0)),
    "no endgame search (3000 -> 600)": dict(endgame_expansions=600),
    "look-ahead 100": dict(expansions=100, endgame_expansions=100),
    "look-ahead 30": dict(expansions=30, endgame_expansions=30),
    "look-ahead 10": dict(expansions=10, endgame_expansions=10),
    "look-ahead 3": dict(expansions=3, endgame_expansions=3),
    "look-ahead 1 (greedy)": dict(expansions=1, endgame_expansions=1),
}


def play_config(config: dict, seed: int, start: int, stop: int) -> list[int]:
    """The deal indices won among start … stop−1 with the expert under ``config``."""
    settings = {**FULL, **config}
    kernel = kernel_for(get_rules("forty-thieves"))
    assert isinstance(kernel, FortyThievesBoard)  # its evaluate reads the weights tried here
    kernel.weights = settings["weights"]
    player = ExpertPlayer(kernel, settings["expansions"], settings["endgame_expansions"])
    return [i for i in range(start, stop) if play_out(kernel, kernel.deal(deal_number(seed, i)), player)[0]]


def run(name: str, config: dict, deals: int, seed: int, workers: int) -> dict:
    started = time.process_time()
    if workers > 1:
        chunk = max(1, deals // (workers * 4))
        with ProcessPoolExecutor(workers) as pool:
            parts = pool.map(play_config, *zip(*[(config, seed, s, min(deals, s + chunk))
                                                 for s in range(0, deals, chunk)], strict=True))
            won = sorted(i for part in parts for i in part)
    else:
        won = play_config(config, seed, 0, deals)
    low, high = wilson_interval(len(won), deals)
    return {"name": name, "config": config, "deals": deals, "seed": seed, "wins": len(won),
            "rate": len(won) / deals, "ci95": [low, high], "won": won,
            "cpu_seconds": round(time.process_time() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=None, help="row names (substrings) to run")
    parser.add_argument("--json", default="", help="append each row as a JSON line to this file")
    args = parser.parse_args()
    for name, config in CONFIGS.items():
        if args.only and not any(part in name for part in args.only):
            continue
        row = run(name, config, args.deals, args.seed, args.workers)
        print(f"{name:34} {row['wins']:5}/{row['deals']}  {100 * row['rate']:5.2f} %  "
              f"[{100 * row['ci95'][0]:.2f}, {100 * row['ci95'][1]:.2f}]  ({row['cpu_seconds']} s CPU)", flush=True)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
