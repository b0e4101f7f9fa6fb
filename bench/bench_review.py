"""Game reviews (tutor/analysis/review.py) in CPython and under Pyodide (Node), the runtime of the
browser: seconds per whole game, against the goal of 2 s for a Fortune's Favour (base, one redeal)
or Queen's Audience game.

The games are lost games on deals the search wins (for Queen's Audience, whose order of play never
matters, any lost deal), played by a learner who mostly keeps to the tips and by one who plays any
legal move (see ``SETS``). Every review is run first in this CPython, then under the npm Pyodide in Node, booted
by the page worker's own boot code from the very archive the site ships; both must find the same
turning points. Times are CPU seconds of the process (CPython: ``time.process_time``, Node:
``process.cpuUsage``), so other work on the machine does not count against either.

    .venv/bin/python bench/bench_review.py [--games N] [--seed S] [--only GAME:VARIANT:PLAYER]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.analysis.players import get_strategy
from tutor.analysis.review import Review
from tutor.analysis.solve import WON, solve_state
from tutor.engine import get_rules
from tutor.engine.contract import tips_of
from tutor.engine.lean import kernel_for

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "bench" / "pyodide_review.mjs"
GOAL_SECONDS = 2.0
# (game, variant, player): ``tips`` keeps to the tips player's move but one time in seven, ``random``
# never. The tips-keeping learner loses few deals that can be won (in Fortune's Favour about one in
# 300 of the first deals, and those are the hard reviews: lost early, with much left to search), and
# with one redeal practically none, so that variant has only the random player.
SETS = [("fortunes-favour", "", "tips"), ("fortunes-favour", "", "random"), ("fortunes-favour", "one-redeal", "random"),
        ("queens-audience", "", "random"), ("queens-audience", "one-redeal", "random")]
RANDOM_SHARE = {"tips": 1 / 7, "random": 1.0}


def node_failure(stderr: str, lines: int = 30, width: int = 300) -> str:
    """The end of a failed Node run's error output, each line cut: Node prints the source line an error
    came from, and Pyodide's is its whole minified runtime (hundreds of kilobytes)."""
    return "\n".join(line if len(line) <= width else line[:width] + " …" for line in stderr.splitlines()[-lines:])

def lost_games(game: str, variant: str, player: str, count: int, seed: int, tries: int = 100_000) -> list[dict]:
    """Up to ``count`` games that ``player`` lost, of the first ``tries`` deals, on deals the search
    wins (Queen's Audience: any lost deal, since its lost deals are lost from the start)."""
    rules = get_rules(game, variant)
    kernel = kernel_for(rules)
    tips = get_strategy(kernel, "tips")
    rng = random.Random(seed)
    needs_winnable = tips_of(game).fast_outcome(kernel) is None
    cases: list[dict] = []
    for deal in range(1, tries + 1):
        state, moves, seen = kernel.deal(deal), [], set()
        while not kernel.is_won(state) and (legal := kernel.moves(state)):
            seen.add(kernel.key(state))
            choice = tips(kernel, state, legal, seen) if rng.random() >= RANDOM_SHARE[player] else None
            move = choice[0] if choice else rng.choice(legal)
            moves.append(kernel.notation(move))
            state = kernel.play(state, move)
        if kernel.is_won(state) or (needs_winnable and solve_state(
                kernel, kernel.deal(deal), 10, None, time.process_time).result != WON):
            continue
        cases.append({"game": game, "variant": variant, "player": player, "deal": deal, "moves": moves})
        if len(cases) == count:
            break
    return cases


def load_hook():
    spec = importlib.util.spec_from_file_location("tutor_hook", ROOT / "docs" / "hooks" / "tutor_hook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_cpython(case: dict) -> dict:
    cpu = time.process_time()
    review = Review(get_rules(case["game"], case["variant"]).deal(case["deal"]), case["moves"])
    review.run()
    point = review.turning_point
    return {"turning": point.index if point else None, "start": review.start_result, "searches": review.searches,
            "cpu_seconds": time.process_time() - cpu}


def run_pyodide(cases: list[dict], work: Path) -> tuple[dict, list[dict]]:
    archive = work / "tutor.zip"
    archive.write_bytes(load_hook().build_archive(ROOT / "tutor"))  # the very archive the site ships
    cases_file = work / "cases.json"
    cases_file.write_text(json.dumps(cases), encoding="utf-8")
    result = subprocess.run(["node", str(RUNNER), "--pyodide", str(PYODIDE_DIR), "--tutor-zip", str(archive),
                             "--cases", str(cases_file)], capture_output=True, text=True, timeout=3600)
    if result.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{node_failure(result.stderr)}")
    header, *rows = (json.loads(line) for line in result.stdout.strip().splitlines())
    return header, rows


def figures(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    within = sum(1 for s in ordered if s <= GOAL_SECONDS)
    return (f"{statistics.median(ordered):6.3f} {p90:6.3f} {ordered[-1]:6.2f}  "
            f"{within:3}/{len(ordered)} ≤ {GOAL_SECONDS:g} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per set (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' random moves (default 1)")
    parser.add_argument("--only", default=None, help="one set: GAME:VARIANT:PLAYER (variant 'base' for the base game)")
    args = parser.parse_args()
    sets = SETS
    if args.only:
        game, variant, player = args.only.split(":")
        sets = [(game, "" if variant == "base" else variant, player)]
    if shutil.which("node") is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        raise SystemExit("needs node and node_modules/pyodide (make bench runs npm ci)")
    cases = [case for game, variant, player in sets
             for case in lost_games(game, variant, player, args.games, args.seed)]
    native = [run_cpython(case) for case in cases]
    with tempfile.TemporaryDirectory(prefix="bench-review-") as work:
        header, wasm = run_pyodide(cases, Path(work))
    if header["platform"] != "emscripten":
        raise SystemExit(f"the Node run was not Pyodide: platform {header['platform']}")
    print(f"CPython {platform.python_version()} against Pyodide's Python {header['version']} in Node; CPU seconds "
          f"per whole game's review: median, 90th percentile, slowest; games within the goal")
    print(f"{'game':16} {'variant':11} {'player':7} {'moves':>5}  {'CPython':>33}  {'Pyodide':>33}  ratio")
    mismatches = 0
    for game, variant, player in sets:
        rows = [(c, n, w) for c, n, w in zip(cases, native, wasm, strict=True)
                if (c["game"], c["variant"], c["player"]) == (game, variant, player)]
        if not rows:
            print(f"{game:16} {variant or 'base':11} {player:7} no lost game on a deal that can be won", flush=True)
            continue
        mismatches += sum(1 for _, n, w in rows if (n["turning"], n["start"]) != (w["turning"], w["start"]))
        moves = statistics.mean(len(c["moves"]) for c, _, _ in rows)
        cpython = [n["cpu_seconds"] for _, n, _ in rows]
        pyodide = [w["cpu_seconds"] for _, _, w in rows]
        ratio = sum(pyodide) / sum(cpython)
        print(f"{game:16} {variant or 'base':11} {player:7} {moves:5.0f}  {figures(cpython)}  {figures(pyodide)}  "
              f"{ratio:4.2f}×", flush=True)
    turning = sum(1 for n in native if n["turning"] is not None)
    print(f"{len(cases)} games, {turning} with a turning point; goal: ≤ {GOAL_SECONDS:g} s per game under Pyodide")
    if mismatches:
        print(f"!!! {mismatches} review(s) DIFFER between CPython and Pyodide !!!")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
