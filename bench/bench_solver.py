"""Benchmarks for the simulator and the solver (not a test: prints figures, asserts nothing).

    python bench/bench_solver.py                       # = ft: the Forty Thieves solver and expert, a few minutes
    python bench/bench_solver.py ft --deals 200 --timeout 10 --expert-deals 2000
    python bench/bench_solver.py speed                 # deals/s per game and strategy, one core
    python bench/bench_solver.py solve fortunes-favour --deals 10000 [--timeout 10] [--variant V]
    python bench/bench_solver.py solve forty-thieves --deals 200 --timeout 10 [--seed 0] [--progress]
    python bench/bench_solver.py rates --deals 10000   # win rates of every game, variant, strategy
    python bench/bench_solver.py ft-decide --deals 100 --timeout 10   # main's search beside today's

``solve`` and ``ft`` solve deals ``first`` … of the run ``seed`` (deal i = ``deal_number(seed, i)``,
as the claims count them; run 0 by default) on every core (concurrent.futures), each bounded by
``timeout`` seconds of its process's CPU time, so the figures are one-core figures however busy
the machine is. They report won / lost / undecided, the decided share with its 95 % interval, the
CPU time per decided deal (median, 90th percentile) and nodes per second; ``ft`` then plays the
expert player (``tutor simulate --strategy expert``) on ``expert-deals`` deals of the run and
reports its win rate with its interval and deals per CPU second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.analysis.players import get_strategy, play_out
from tutor.analysis.simulate import deal_number, play_range, simulate, wilson_interval
from tutor.analysis.solve import solve_state
from tutor.engine import get_rules, iter_variants
from tutor.engine.lean import PileBoard, kernel_for


def solve_range(game: str, variant: str, start: int, stop: int, timeout: float,
                options: dict | None = None, seed: int = 0) -> list[tuple[int, str, int, float, int]]:
    """Solve deals ``start`` … ``stop``−1 of the run ``seed`` (deal i = ``deal_number(seed, i)``, as
    the claims count them), each bounded by ``timeout`` seconds of this process's CPU time (a
    one-core figure however busy the machine is)."""
    rules = get_rules(game, variant)
    kernel = kernel_for(rules, **(options or {}))
    rows = []
    for i in range(start, stop):
        number = deal_number(seed, i)
        result = solve_state(kernel, kernel.deal(number), timeout, clock=time.process_time)
        if result.result == "won" and not options:  # every win is replayed in the engine itself
            position = rules.deal(number)
            for move in result.moves:
                position.play(move)
            if not position.is_won():
                raise AssertionError(f"deal {i} of run {seed}: the solver's line does not win in the engine")
        rows.append((i, result.result, result.nodes, result.seconds, len(result.moves)))
    return rows


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def solve_rows(game: str, variant: str, first: int, deals: int, timeout: float, seed: int,
               options: dict | None, workers: int | None, progress: bool) -> list[tuple[int, str, int, float, int]]:
    """(deal index, result, nodes, CPU seconds, moves) for deals ``first`` … of the run, on every core."""
    chunk = max(1, min(200, deals // ((os.cpu_count() or 1) * 25) or 1))
    rows: list[tuple[int, str, int, float, int]] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(solve_range, game, variant, start, min(first + deals, start + chunk),
                               timeout, options, seed)
                   for start in range(first, first + deals, chunk)]
        for future in as_completed(futures):
            chunk_rows = future.result()
            rows.extend(chunk_rows)
            if progress:
                for row in chunk_rows:
                    print(f"  deal {row[0]}: {row[1]} ({row[3]:.2f} s, {row[2]} nodes)", file=sys.stderr)
                print(f"  … {len(rows)} deals, won {sum(r[1] == 'won' for r in rows)}, "
                      f"lost {sum(r[1] == 'lost' for r in rows)}", file=sys.stderr, flush=True)
    return sorted(rows)


def print_solve_summary(rows: list[tuple[int, str, int, float, int]]) -> None:
    counts = {kind: sum(1 for r in rows if r[1] == kind) for kind in ("won", "lost", "unknown")}
    decided = counts["won"] + counts["lost"]
    low, high = wilson_interval(decided, len(rows))
    print(f"  won {counts['won']}  lost {counts['lost']}  undecided {counts['unknown']}  "
          f"decided {decided}/{len(rows)} = {100 * decided / len(rows):.1f} % "
          f"[95 %: {100 * low:.1f}, {100 * high:.1f}]  "
          f"winnable at least {counts['won']}/{len(rows)} = {100 * counts['won'] / len(rows):.1f} %")
    solved = [r[3] for r in rows if r[1] != "unknown"]
    if solved:
        print(f"  CPU time per decided deal: median {statistics.median(solved):.2f} s, "
              f"90 % {percentile(solved, 0.9):.2f} s, max {max(solved):.2f} s")
    seconds = sum(r[3] for r in rows)
    print(f"  nodes per CPU second {sum(r[2] for r in rows) / max(seconds, 1e-9):.0f}; "
          f"CPU {seconds:.0f} s in all")
    for kind in ("lost", "unknown"):
        numbers = [r[0] for r in rows if r[1] == kind]  # deal indices in the run
        if numbers and len(numbers) <= 200:
            print(f"  {'undecided' if kind == 'unknown' else kind}: {' '.join(map(str, numbers))}")


def run_solve(args: argparse.Namespace) -> None:
    options = json.loads(args.options) if args.options else None
    started = time.perf_counter()
    rows = solve_rows(args.game, args.variant, args.first, args.deals, args.timeout, args.seed, options,
                      args.workers, args.progress)
    print(f"{args.game} {args.variant or 'base'}: solver, deals {args.first}–{args.first + args.deals - 1} of run "
          f"{args.seed}, at most {args.timeout:g} s CPU each, options {options or {}} "
          f"(wall {time.perf_counter() - started:.0f} s)")
    print_solve_summary(rows)


def run_forty_thieves(args: argparse.Namespace) -> None:
    """The default: Forty Thieves base game, the solver on a few deals and the expert on more."""
    started = time.perf_counter()
    rows = solve_rows("forty-thieves", "", args.first, args.deals, args.timeout, args.seed, None, args.workers,
                      args.progress)
    print(f"forty-thieves base: solver, deals {args.first}–{args.first + args.deals - 1} of run {args.seed}, "
          f"at most {args.timeout:g} s CPU each (wall {time.perf_counter() - started:.0f} s)", flush=True)
    print_solve_summary(rows)
    rules = get_rules("forty-thieves")
    result = simulate(rules, args.expert_deals, seed=args.seed, strategy="expert", workers=args.workers)
    low, high = result.ci95
    cpu_started = time.process_time()
    sample = min(50, args.expert_deals)
    play_range("forty-thieves", "", "expert", args.seed, 0, sample)
    per_second = sample / max(time.process_time() - cpu_started, 1e-9)
    print(f"forty-thieves base: expert player (sees no face-down card), deals 0–{args.expert_deals - 1} of run "
          f"{args.seed}: won {result.wins}/{result.games} = {100 * result.rate:.2f} % "
          f"[95 %: {100 * low:.2f}, {100 * high:.2f}]; {per_second:.0f} deals per CPU second (CPython, one core)",
          flush=True)


def decide_range(settings: dict, start: int, stop: int, timeout: float) -> list[tuple[int, str, int, float]]:
    """Forty Thieves deal numbers ``start`` … ``stop``−1 (as ``tutor solve --deal N`` numbers them),
    each bounded by ``timeout`` CPU seconds, with the search under ``settings`` (main's or today's);
    every won line is replayed in the engine."""
    from tutor.games.forty_thieves.search import solve_forty_thieves

    rules = get_rules("forty-thieves")
    kernel = kernel_for(rules)
    assert isinstance(kernel, PileBoard)  # Forty Thieves' lean board is a pile board
    rows = []
    for number in range(start, stop):
        result = solve_forty_thieves(kernel, kernel.deal(number), timeout, clock=time.process_time, **settings)
        if result.result == "won":
            position = rules.deal(number)
            for move in result.moves:
                position.play(move)
            if not position.is_won():
                raise AssertionError(f"deal {number}: the won line does not win in the engine")
        rows.append((number, result.result, result.nodes, result.seconds))
    return rows


def run_decide(args: argparse.Namespace) -> None:
    """Main's search and today's, side by side, on the same deal numbers in the same run: the share
    each decides (won or lost) at ``timeout`` CPU seconds a deal, one core per deal. Today's new
    "lost" verdicts that main's search left undecided are proved again, on a sample, by the
    exhaustive search without today's pruning (``NEW_PRUNING_OFF``), under a node limit."""
    from tutor.games.forty_thieves.search import MAIN_SETTINGS, NEW_PRUNING_OFF, exhaust

    started = time.perf_counter()
    found: dict[str, list] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {name: [pool.submit(decide_range, settings, n, n + 1, args.timeout)
                          for n in range(args.first, args.first + args.deals)]
                   for name, settings in (("main", MAIN_SETTINGS), ("today", {}))}
        for name, parts in futures.items():
            found[name] = sorted(row for part in parts for row in part.result())
    print(f"forty-thieves base: deal numbers {args.first}–{args.first + args.deals - 1}, at most {args.timeout:g} s "
          f"CPU each (wall {time.perf_counter() - started:.0f} s)")
    for name, rows in found.items():
        won = sum(r[1] == "won" for r in rows)
        lost = sum(r[1] == "lost" for r in rows)
        low, high = wilson_interval(won + lost, len(rows))
        print(f"  {name:6} decided {won + lost}/{len(rows)} = {100 * (won + lost) / len(rows):.1f} % "
              f"[95 %: {100 * low:.1f}, {100 * high:.1f}]  (won {won}, lost {lost})")
    main = {r[0]: r[1] for r in found["main"]}
    changed = [f"{r[0]} {main[r[0]]}->{r[1]}" for r in found["today"] if r[1] != main[r[0]]]
    print(f"  changed: {', '.join(changed) or 'none'}")
    new_lost = [r[0] for r in found["today"] if r[1] == "lost" and main[r[0]] != "lost"]
    kernel = kernel_for(get_rules("forty-thieves"))
    assert isinstance(kernel, PileBoard)  # Forty Thieves' lean board is a pile board
    for number in new_lost[:args.reprove]:
        plain = exhaust(kernel, kernel.deal(number), None, args.reprove_nodes, **NEW_PRUNING_OFF)
        print(f"  new loss, deal {number}: without the new pruning {plain.result} ({plain.nodes} positions)")


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
                        for start in range(0, deals, chunk)], strict=True)))
                extra = f"  cards home {home / deals:.1f} on average"
            print(f"{game:16} {variant or 'base':14} {strategy:6} {result.wins:6}/{result.games:<6} "
                  f"{100 * result.rate:6.2f} %  [{100 * low:.2f}, {100 * high:.2f}]  ({result.seconds:.0f} s){extra}",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="part")
    speed = sub.add_parser("speed")
    speed.add_argument("--deals", type=int, default=2000)
    speed.add_argument("--game", default="")
    speed.set_defaults(run=run_speed)
    solve = sub.add_parser("solve")
    solve.add_argument("game")
    solve.add_argument("--variant", default="")
    solve.add_argument("--deals", type=int, default=200)
    solve.add_argument("--first", type=int, default=0)
    solve.add_argument("--seed", type=int, default=0, help="the run (deal i = deal_number(seed, i)); 0 as the claims")
    solve.add_argument("--timeout", type=float, default=10.0)
    solve.add_argument("--workers", type=int, default=None)
    solve.add_argument("--progress", action="store_true", help="report each finished chunk on stderr")
    solve.add_argument("--options", default="", help='kernel options as JSON, e.g. {"waste_pair": true}')
    solve.set_defaults(run=run_solve)
    rates = sub.add_parser("rates")
    rates.add_argument("--deals", type=int, default=10000)
    rates.add_argument("--seed", type=int, default=1)
    rates.add_argument("--game", default="")
    rates.add_argument("--variant", default=None)
    rates.add_argument("--home", action="store_true", help="also the mean number of cards home")
    rates.set_defaults(run=run_rates)
    decide = sub.add_parser("ft-decide", help="Forty Thieves: main's search and today's, side by side")
    decide.add_argument("--deals", type=int, default=100)
    decide.add_argument("--first", type=int, default=0)
    decide.add_argument("--timeout", type=float, default=10.0, help="CPU seconds per deal")
    decide.add_argument("--workers", type=int, default=None)
    decide.add_argument("--reprove", type=int, default=3, help="new losses proved again without the new pruning")
    decide.add_argument("--reprove-nodes", type=int, default=2_000_000)
    decide.set_defaults(run=run_decide)
    ft = sub.add_parser("ft", help="the default: the Forty Thieves solver and expert player")
    ft.add_argument("--deals", type=int, default=20, help="deals the solver tries")
    ft.add_argument("--first", type=int, default=0)
    ft.add_argument("--timeout", type=float, default=10.0, help="CPU seconds per deal")
    ft.add_argument("--expert-deals", type=int, default=400)
    ft.add_argument("--seed", type=int, default=0)
    ft.add_argument("--workers", type=int, default=None)
    ft.add_argument("--progress", action="store_true")
    ft.set_defaults(run=run_forty_thieves)
    args = parser.parse_args(sys.argv[1:] or ["ft"])
    args.run(args)


if __name__ == "__main__":
    main()
