"""Benchmarks for the simulator and the solver (not a test: prints figures, asserts nothing).

    python bench/bench_solver.py speed                 # deals/s per game and strategy, one core
    python bench/bench_solver.py solve fortunes-favour --deals 10000 [--timeout 10] [--variant V]
    python bench/bench_solver.py solve forty-thieves --deals 200 --timeout 10
    python bench/bench_solver.py rates --deals 10000   # win rates of every game, variant, strategy

``solve`` runs deal numbers 0 … N−1 on every core (concurrent.futures) and reports the share
won / lost / unknown and the time per deal (median, mean, 90th percentile, max). Times are per
deal inside one process, so they are one-core figures even when both cores work.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.games import get_rules, iter_variants  # noqa: E402
from tutor.lean import kernel_for  # noqa: E402
from tutor.simulate import deal_number, play_range, simulate  # noqa: E402
from tutor.strategies import get_strategy, play_out  # noqa: E402
from tutor.solve import solve_state  # noqa: E402


def solve_range(game: str, variant: str, start: int, stop: int, timeout: float,
                options: dict | None = None) -> list[tuple[int, str, int, float, int]]:
    kernel = kernel_for(get_rules(game, variant), **(options or {}))
    rows = []
    for number in range(start, stop):
        result = solve_state(kernel, kernel.deal(number), timeout)
        rows.append((number, result.result, result.nodes, result.seconds, len(result.moves)))
    return rows


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_solve(args: argparse.Namespace) -> None:
    chunk = max(1, min(200, args.deals // ((os.cpu_count() or 1) * 8) or 1))
    options = json.loads(args.options) if args.options else None
    rows: list[tuple[int, str, int, float, int]] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(solve_range, args.game, args.variant, start, min(args.deals, start + chunk),
                               args.timeout, options)
                   for start in range(args.first, args.first + args.deals, chunk)]
        for future in futures:
            rows.extend(future.result())
    wall = time.perf_counter() - started
    counts = {kind: sum(1 for r in rows if r[1] == kind) for kind in ("won", "lost", "unknown")}
    times = [r[3] for r in rows]
    decided = counts["won"] + counts["lost"]
    print(f"{args.game} {args.variant or 'base'} deals {args.first}–{args.first + args.deals - 1}, "
          f"timeout {args.timeout} s, options {options or {}}")
    print(f"  won {counts['won']}  lost {counts['lost']}  unknown {counts['unknown']}  "
          f"decided {decided}/{len(rows)} = {100 * decided / len(rows):.1f} %  "
          f"won {100 * counts['won'] / len(rows):.2f} %")
    print(f"  time per deal: median {1000 * statistics.median(times):.2f} ms, mean {1000 * statistics.mean(times):.2f} ms, "
          f"90 % {1000 * percentile(times, 0.9):.2f} ms, max {1000 * max(times):.1f} ms; "
          f"nodes median {statistics.median(r[2] for r in rows):.0f}; wall {wall:.1f} s")
    not_won = [r[0] for r in rows if r[1] != "won"]
    if not_won and len(not_won) <= 50:
        print("  not won:", " ".join(f"{r[0]}:{r[1]}" for r in rows if r[1] != "won"))


def run_speed(args: argparse.Namespace) -> None:
    for game, variant in iter_variants():
        if args.game and game != args.game:
            continue
        for strategy in ("tips", "naive"):
            deals = args.deals if game != "forty-thieves" else max(1, args.deals // 10)
            # CPU time of this process: a one-core figure even while other work shares the machine
            started = time.process_time()
            wins = play_range(game, variant, strategy, 1, 0, deals)
            seconds = time.process_time() - started
            print(f"{game:16} {variant or 'base':14} {strategy:6} {deals / seconds:9.0f} deals/s  "
                  f"({wins}/{deals} won)", flush=True)


def cards_home_range(game: str, variant: str, strategy: str, seed: int, start: int, stop: int) -> int:
    """Cards on the foundations at the end, summed over deals start … stop−1 of the run."""
    kernel = kernel_for(get_rules(game, variant))
    player = get_strategy(kernel, strategy)
    return sum(kernel.cards_home(play_out(kernel, kernel.deal(deal_number(seed, i)), player)[1])
               for i in range(start, stop))


def run_rates(args: argparse.Namespace) -> None:
    for game, variant in iter_variants():
        if args.game and game != args.game:
            continue
        if args.variant is not None and variant != args.variant:
            continue
        for strategy in ("tips", "naive"):
            deals = args.deals if game != "forty-thieves" else max(1, args.deals // 10)
            result = simulate(get_rules(game, variant), deals, seed=args.seed, strategy=strategy)
            low, high = result.ci95
            extra = ""
            if game == "forty-thieves" or args.home:
                chunk = max(1, deals // 16)
                with ProcessPoolExecutor() as pool:
                    home = sum(pool.map(cards_home_range, *zip(*[
                        (game, variant, strategy, args.seed, start, min(deals, start + chunk))
                        for start in range(0, deals, chunk)])))
                extra = f"  cards home {home / deals:.1f} on average"
            print(f"{game:16} {variant or 'base':14} {strategy:6} {result.wins:6}/{result.games:<6} "
                  f"{100 * result.rate:6.2f} %  [{100 * low:.2f}, {100 * high:.2f}]  ({result.seconds:.0f} s){extra}",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="part", required=True)
    speed = sub.add_parser("speed")
    speed.add_argument("--deals", type=int, default=2000)
    speed.add_argument("--game", default="")
    speed.set_defaults(run=run_speed)
    solve = sub.add_parser("solve")
    solve.add_argument("game")
    solve.add_argument("--variant", default="")
    solve.add_argument("--deals", type=int, default=200)
    solve.add_argument("--first", type=int, default=0)
    solve.add_argument("--timeout", type=float, default=10.0)
    solve.add_argument("--workers", type=int, default=None)
    solve.add_argument("--options", default="", help='kernel options as JSON, e.g. {"waste_pair": true}')
    solve.set_defaults(run=run_solve)
    rates = sub.add_parser("rates")
    rates.add_argument("--deals", type=int, default=10000)
    rates.add_argument("--seed", type=int, default=1)
    rates.add_argument("--game", default="")
    rates.add_argument("--variant", default=None)
    rates.add_argument("--home", action="store_true", help="also the mean number of cards home")
    rates.set_defaults(run=run_rates)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
