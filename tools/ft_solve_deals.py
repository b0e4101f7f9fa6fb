"""The site's one set of "can be won" figures for Forty Thieves: the solver on deal numbers 0–999 of the
base game and 0–199 of each variant (as ``tutor solve forty-thieves [--variant V] --deal N`` numbers
them), at most ``--seconds`` of CPU time a deal (10 by default), on every core.

    nice -n 10 python tools/ft_solve_deals.py [--workers N] [--seconds 10] [--variant V …] [--write-only]
                                              [--retry-undecided]

Each finished deal is appended at once to ``build/ft-solved/<variant>.jsonl`` (deal, verdict, positions
searched, CPU seconds, and the winning line), so a run that is stopped resumes where it stopped: a
second run skips the deals already there. When every deal of every variant is there (or with
``--write-only``, whatever is there) the data is written:

* ``tutor/games/forty_thieves/solved.json``: every deal's verdict and positions, every winning line,
  and the command, the date, the machine and the time limit (the tests replay the lines and re-prove
  a sample of the losses, ``tests/games/test_ft_solved.py``);
* ``tutor/games/forty_thieves/solved.py``: what the pages use (per variant the deals, the won and the
  lost deal numbers), made from the same run.

``--retry-undecided`` starts from the stored run instead of from nothing: where a variant has no progress
file yet, it is made from ``solved.json``'s won and lost deals, so only the deals the stored run left
undecided are solved again (with today's search, at the same limit). A kept line still wins and a kept
loss is still a complete search, so the data stays a proof; the run resumes like a full one. (Remove
``build/ft-solved/`` first: a progress file already there is taken as it is.) By the stored run's
figures a full run takes about 3.3 CPU hours (about 1.7 h on two free cores), a retry of the undecided
deals about 2.8 (they mostly take the whole 10 s again).

A deal counts as won only with a line that wins when replayed, as lost only when the search ran out of
positions (a complete search under the board's proven reductions); the rest are undecided.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PROGRESS = ROOT / "build" / "ft-solved"
DATA = ROOT / "tutor" / "games" / "forty_thieves" / "solved.json"
SUMMARY = ROOT / "tutor" / "games" / "forty_thieves" / "solved.py"
DEALS = {"": 1000}  # the base game; every variant: VARIANT_DEALS
VARIANT_DEALS = 200
COMMAND = "nice -n 10 python tools/ft_solve_deals.py"


def deal_count(variant: str) -> int:
    return DEALS.get(variant, VARIANT_DEALS)


def solve_one(variant: str, number: int, seconds: float) -> dict:
    """One deal, bounded by ``seconds`` of this process's CPU time; a won line is replayed in the
    engine before it is kept."""
    from tutor.analysis.solve import solve_state
    from tutor.engine import get_rules
    from tutor.engine.lean import kernel_for

    rules = get_rules("forty-thieves", variant)
    kernel = kernel_for(rules)
    result = solve_state(kernel, kernel.deal(number), seconds, clock=time.process_time)
    record = {"deal": number, "result": result.result, "nodes": result.nodes, "cpu": round(result.seconds, 2)}
    if result.result == "won":
        position = rules.deal(number)
        for move in result.moves:
            position.play(move)
        if not position.is_won():
            raise AssertionError(f"{variant or 'base'} deal {number}: the winning line does not win in the engine")
        record["moves"] = " ".join(result.moves)
    return record


def progress_file(variant: str) -> Path:
    return PROGRESS / f"{variant or 'base'}.jsonl"


def done_deals(variant: str) -> dict[int, dict]:
    path = progress_file(variant)
    found: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                found[record["deal"]] = record
    return found


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}")


def keep_decided(variants: list[str]) -> None:
    """``--retry-undecided``: a progress file per variant (where there is none yet) holding the stored
    run's won and lost deals, so that the run solves only the undecided ones again."""
    PROGRESS.mkdir(parents=True, exist_ok=True)
    stored = json.loads(DATA.read_text(encoding="utf-8"))["variants"]
    for variant in variants:
        path = progress_file(variant)
        if path.exists() or variant not in stored:
            continue
        records = [{"deal": int(number), **record} for number, record in stored[variant]["results"].items()
                   if record["result"] != "unknown"]
        path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
        print(f"{variant or 'base'}: kept {len(records)} decided deals of the stored run", flush=True)


def run(variants: list[str], seconds: float, workers: int) -> None:
    PROGRESS.mkdir(parents=True, exist_ok=True)
    tasks = [(variant, number) for variant in variants for number in range(deal_count(variant))
             if number not in done_deals(variant)]
    print(f"{len(tasks)} deals to solve, {workers} workers, {seconds:g} s CPU each", flush=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        pending = {}
        queue = iter(tasks)
        for task in queue:
            pending[pool.submit(solve_one, *task, seconds)] = task
            if len(pending) >= 2 * workers:
                break
        finished = 0
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                variant, number = pending.pop(future)
                record = future.result()
                with progress_file(variant).open("a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
                finished += 1
                if finished % 10 == 0:
                    print(f"  {finished}/{len(tasks)} ({time.perf_counter() - started:.0f} s)", flush=True)
                following = next(queue, None)
                if following is not None:
                    pending[pool.submit(solve_one, *following, seconds)] = following


def write(variants: list[str], seconds: float, retried: bool = False) -> None:
    """The data from the progress files, naming the command that made them (``retried``: with
    ``--retry-undecided``, which kept the run before's won and lost deals)."""
    command = COMMAND + (" --retry-undecided" if retried else "")
    data: dict = {"command": command, "date": datetime.date.today().isoformat(), "machine": machine(),
                  "seconds": seconds, "variants": {}}
    summary: dict[str, dict] = {}
    for variant in variants:
        records = done_deals(variant)
        # deal numbers 0 … n − 1 without a gap: a deal a stopped run finished past a gap waits for the next run
        numbers: list[int] = []
        while len(numbers) in records:
            numbers.append(len(numbers))
        data["variants"][variant] = {
            "deals": len(numbers),
            "results": {str(n): {k: v for k, v in records[n].items() if k != "deal"} for n in numbers},
        }
        summary[variant] = {
            "deals": len(numbers),
            "won": tuple(n for n in numbers if records[n]["result"] == "won"),
            "lost": tuple(n for n in numbers if records[n]["result"] == "lost"),
        }
    DATA.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    lines = ['"""Forty Thieves deals the solver decided: made by ``' + command + '`` (see that file)',
             f"on {data['date']} on {data['machine']}"
             + (" (the won and lost deals of the run before were kept, its undecided ones solved again);"
                if retried else ";"),
             "do not edit by hand. Per variant: the deal numbers tried (0 to ``deals`` − 1), those proven won",
             "(with a line that wins) and those proven lost (every position searched); the rest are undecided.",
             'The winning lines and the positions searched are in ``solved.json`` beside this file."""', "",
             f"COMMAND = {command!r}", f"DATE = {data['date']!r}", f"MACHINE = {data['machine']!r}",
             f"SECONDS = {seconds!r}  # CPU seconds a deal, at most", "", "SOLVED = {"]
    for variant, entry in summary.items():
        lines.append(f"    {variant!r}: {{'deals': {entry['deals']}, 'won': {entry['won']!r}, "
                     f"'lost': {entry['lost']!r}}},")
    lines.append("}")
    SUMMARY.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for variant, entry in summary.items():
        print(f"{variant or 'base':14} deals {entry['deals']:5}  won {len(entry['won']):5}  lost {len(entry['lost']):5}"
              f"  undecided {entry['deals'] - len(entry['won']) - len(entry['lost']):5}")


def main() -> None:
    from tutor.engine import get_rules

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--variant", action="append", default=None, help="only these (base: '')")
    parser.add_argument("--write-only", action="store_true", help="write the data from what is there")
    parser.add_argument("--retry-undecided", action="store_true",
                        help="keep the stored run's won and lost deals; solve only its undecided ones again")
    args = parser.parse_args()
    everything = list(get_rules("forty-thieves").variants)
    variants = everything if args.variant is None else [("" if v == "base" else v) for v in args.variant]
    if args.retry_undecided:
        keep_decided(variants)
    if not args.write_only:
        run(variants, args.seconds, args.workers)
    complete = all(len(done_deals(v)) >= deal_count(v) for v in everything)
    if complete or args.write_only:
        write(everything, args.seconds, args.retry_undecided)
    else:
        print("not every deal is solved yet: run the command again to go on (it resumes)")


if __name__ == "__main__":
    main()
