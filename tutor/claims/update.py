"""``python -m tutor.claims --update | --check [--only KEY-PREFIX[,…]] [--workers N]``: measure every
figure the claims show (with ``--only forty-thieves``, only those of one game, keeping the others as
stored; ``--workers`` processes, default one per core).

``--update`` writes :mod:`tutor.claims.figures`; ``--check`` only says which stored figures differ
from a fresh run. CPython, both cores where there are two; solver figures use a node limit, so
they come out the same on every machine.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any

from tutor.claims.data import FIGURE_SEED, all_measurements
from tutor.claims.records import Measurement
from tutor.claims.stats import Figure, iter_measurement, solve_counts
from tutor.engine.contract import optional_name

FIGURES_FILE = Path(__file__).resolve().with_name("figures.py")  # tutor.claims.figures


def measure_all(workers: int | None = None, only: str = "") -> dict[str, dict[str, Any]]:
    """Every figure the claims show (with ``only``, those whose key starts with it), measured
    afresh, with the ``check`` of its first deals."""
    from concurrent.futures import ProcessPoolExecutor

    prefixes = tuple(only.split(",")) if only else ("",)
    measurements = {key: m for key, m in all_measurements().items() if key.startswith(prefixes)}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {key: pool.submit(measure, m, m.deals) for key, m in measurements.items()}
        checks = {key: pool.submit(measure, m, min(m.check_deals, m.deals)) for key, m in measurements.items()}
        figures: dict[str, dict[str, Any]] = {}
        for key in sorted(measurements):
            entry: dict[str, Any] = {"seed": FIGURE_SEED, "games": measurements[key].deals, **futures[key].result()}
            check = checks[key].result()
            entry["check"] = [check.get("games", min(measurements[key].check_deals, measurements[key].deals)),
                              check["wins"]] + (
                [check["lost"]] if "lost" in check else [])
            figures[key] = entry
        return figures


def measure(measurement: Measurement, deals: int) -> dict[str, int]:
    """``{"wins": …}``, and ``"lost"`` for the solver (the rest of its deals are undecided); the stored
    verdicts also say how many deals they cover (``"games"``)."""
    if measurement.player == "solved":  # the solver's verdicts, made offline and stored by the game

        return optional_name(measurement.game, "claims", "solved_counts")(measurement.variant, deals)
    if measurement.player == "solver":
        # (done, won, lost) as the runs finish: the last is the total
        _done, won, lost = deque(solve_counts(measurement, deals, FIGURE_SEED), maxlen=1).pop()
        return {"wins": won, "lost": lost}

    measurement = replace(measurement, step=max(measurement.step, deals // 20))  # no page waits here
    wins = 0
    for progress in iter_measurement(measurement, deals, FIGURE_SEED):
        wins = progress.wins
    return {"wins": wins}


def write_figures(figures: dict[str, dict[str, Any]], seconds: float, only: str = "") -> None:
    last = f"the last run measured only {only}, in {seconds:.0f} s" if only else f"{seconds:.0f} s on this machine"
    lines = ['"""The figures the claims show (see tutor.claims): made by ``python -m tutor.claims --update``',
             f"({last}); do not edit by hand. Each entry: wins of ``games`` deals",
             "0 … games−1 of run ``seed`` (deal i = tutor.analysis.simulate.deal_number(seed, i)); for the solver also",
             "``lost``, the deals proven lost (the rest are undecided); ``check`` is [deals, wins(, lost)] of",
             'the first deals alone, which the tests replay."""', "", "FIGURES = {"]
    for key, entry in figures.items():
        lines.append(f"    {key!r}: {entry!r},")
    lines.append("}")
    FIGURES_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    only, workers = "", None
    while len(args) >= 3 and args[-2] in ("--only", "--workers"):
        if args[-2] == "--only":
            only = args[-1]
        elif args[-1].isdigit() and int(args[-1]) > 0:
            workers = int(args[-1])
        args = args[:-2]
    if args not in (["--update"], ["--check"]):
        print("usage: python -m tutor.claims --update | --check [--only KEY-PREFIX[,…]] [--workers N]",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    figures = measure_all(workers, only=only)
    seconds = time.perf_counter() - started
    for key, entry in figures.items():
        figure = Figure(entry["games"], entry["wins"], entry.get("lost"))
        undecided = f"  undecided {figure.undecided}" if figure.undecided else ""
        print(f"{key:45} {entry['wins']:6}/{entry['games']:<6} {100 * figure.rate:6.2f} %  "
              f"[{100 * figure.ci95[0]:.2f}, {100 * figure.ci95[1]:.2f}]{undecided}")
    if args == ["--update"]:
        if only:  # the other stored figures stay as they are
            from tutor.claims.figures import FIGURES

            figures = {**{k: v for k, v in FIGURES.items() if k in all_measurements()}, **figures}
            figures = dict(sorted(figures.items()))
        write_figures(figures, seconds, only)
        print(f"wrote tutor/claims/figures.py ({seconds:.1f} s)")
        return 0
    from tutor.claims.figures import FIGURES

    stale = [key for key in figures if FIGURES.get(key) != figures[key]]
    print("stale: " + ", ".join(stale) if stale else "the stored figures are up to date")
    return 1 if stale else 0
