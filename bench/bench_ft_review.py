"""The review of a Forty Thieves game as the review page runs it (issue 40), in CPython and under
Pyodide in Node (the browser's runtime): the page's widget answering ``start``, then ``continue``
while it asks (the chances' first pass, the fair player's quick winning line, the rest of the
chances, then the searches; ``bench/in_pyodide/ft_review.py``). For each game (the tips player's
game of a deal, cut to about 120 moves as a reader gives up) it prints the CPU seconds to the
winning line shown, to the provisional chart (every position sampled once), to the costly moves
(named: every move looked at), to the whole chart and to the end of the review, with what was found. Both
runtimes must find the same. Pyodide's ``process_time`` counts wall time (Node's own CPU seconds for the
whole review are printed beside it), so a busy machine shows in its figures.

The goal (in Chromium): the winning line and a provisional chart within 10 s, the costly moves within
60 s. So the same games are then opened through their review links on the built site in Debian's
Chromium (a fresh profile each: the engine boots as on a first visit), and the wall seconds from the
link's navigation to each milestone as the page shows it are printed (the review widget marks them:
``.tutor-review-board[data-steps]``, ``.tutor-review-chances`` ``data-sampled``, ``data-costly-final``,
``data-run``, and the progress's ``data-run``). Fortune's Favour and Queen's Audience reviews (within
2 s of engine time): bench_review.py.

    nice .venv/bin/python bench/bench_ft_review.py [--deals 1 3 11] [--moves 120] [--samples 8] [--no-pyodide]
        [--no-chromium]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from site_server import CHROMIUM, CHROMIUM_ARGS, build_site, serve

from bench.bench_review import PYODIDE_DIR, RUNNER, load_hook, node_failure
from bench.in_pyodide.ft_review import MILESTONES, milestones
from tutor.analysis.players import played_game
from tutor.engine import get_rules
from tutor.limits import REVIEW_MAX_SAMPLES, REVIEW_SAMPLES
from tutor.web.review_link import review_hash

GOALS = {"line": 10.0, "chart": 10.0, "costly": 60.0}  # seconds in the browser
# each milestone as the review page shows it (the same names as MILESTONES)
SHOWN = {
    "line": "!!document.querySelector('.tutor-review-board[data-steps]')",
    "chart": "!!document.querySelector('.tutor-review-chances[data-sampled=\"yes\"]')",
    "costly": "!!document.querySelector('.tutor-review-chances[data-costly-final=\"yes\"]')",
    "full chart": "!!document.querySelector('.tutor-review-chances[data-run=\"done\"]')",
    "review": "!!document.querySelector('.tutor-review-progress[data-run=\"done\"]')",
}
CHROMIUM_TIMEOUT_S = 300.0


def tips_link(deal: int, moves: int) -> tuple[str, int]:
    """The review link of the tips player's game of ``deal`` cut to ``moves`` moves, and its length."""
    played = played_game("forty-thieves", deal, moves=moves)
    hashed = review_hash("forty-thieves", deal, "", get_rules("forty-thieves").deal(deal), played)
    assert hashed is not None, "the game is too long for a link"
    return "#" + hashed, len(played)


def run_pyodide(cases: list[dict], work: Path) -> list[dict]:
    archive = work / "tutor.zip"
    archive.write_bytes(load_hook().build_archive(ROOT / "tutor"))  # the very archive the site ships
    cases_file = work / "cases.json"
    cases_file.write_text(json.dumps(cases), encoding="utf-8")
    result = subprocess.run(["node", str(RUNNER), "--pyodide", str(PYODIDE_DIR), "--tutor-zip", str(archive),
                             "--cases", str(cases_file), "--script", "in_pyodide/ft_review.py",
                             "--function", "ft_review_case", "--warm-up", "no"],
                            capture_output=True, text=True, timeout=7200)
    if result.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{node_failure(result.stderr)}")
    header, *rows = (json.loads(line) for line in result.stdout.strip().splitlines())
    if header["platform"] != "emscripten":
        raise SystemExit(f"the Node run was not Pyodide: platform {header['platform']}")
    return rows


def run_chromium(cases: list[dict], work: Path) -> list[dict]:
    """Each case's review link opened on the built site in Chromium: the wall seconds from the
    navigation's start to each milestone shown (polled every 0.1 s), and the engine's boot."""
    from playwright.sync_api import sync_playwright

    site = build_site(work)
    found = []
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for case in cases:
            context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
            page = context.new_page()
            page.goto(base + "play/review/" + case["link"])
            seen: dict[str, float] = {}
            started = time.perf_counter()
            while len(seen) < len(SHOWN) and time.perf_counter() - started < CHROMIUM_TIMEOUT_S:
                now = page.evaluate("performance.now()") / 1000
                for name, shown in SHOWN.items():
                    if name not in seen and page.evaluate(shown):
                        seen[name] = now
                page.wait_for_timeout(100)
            boot = page.evaluate("performance.getEntriesByName('tutor-engine-ready')[0]?.startTime ?? null")
            found.append({"seen": seen, "boot": None if boot is None else boot / 1000})
            context.close()
        browser.close()
    return found


def chromium_line(case: dict, found: dict) -> str:
    times = " | ".join(f"{found['seen'][name]:6.1f}" if name in found["seen"] else "     -" for name in MILESTONES)
    boot = f"engine ready at {found['boot']:.1f} s" if found["boot"] is not None else "engine not ready"
    return f"Chromium deal {case['deal']:3} ({case['moves']} moves): {times}   (wall s from the link; {boot})"


def line(runtime: str, deal: int, moves: int, found: dict) -> str:
    times = " | ".join(f"{found['seen'][name]:6.1f}" if name in found["seen"] else "     -" for name in MILESTONES)
    node = (f" (Node: {found['cpu_seconds']:.1f} s CPU, {found['wall_seconds']:.1f} s wall in all)"
            if "cpu_seconds" in found else "")
    return (f"{runtime:8} deal {deal:3} ({moves} moves): {times}{node}   line from move {found['line_from']}, "
            f"{found['searches']} searches, {found['plans']} expert plans; costly (move, before %, after %, "
            f"better %, samples): {found['costly']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[1, 3, 11])
    parser.add_argument("--moves", type=int, default=120, help="moves kept of each game (default 120)")
    parser.add_argument("--samples", type=int, default=REVIEW_SAMPLES)
    parser.add_argument("--max-samples", type=int, default=REVIEW_MAX_SAMPLES)
    parser.add_argument("--no-pyodide", action="store_true", help="no run in Pyodide under Node")
    parser.add_argument("--no-chromium", action="store_true", help="no run in Chromium")
    args = parser.parse_args()
    print(f"CPU seconds to: {' | '.join(MILESTONES)} (the winning line shown, the provisional chart, the costly "
          f"moves named, the whole chart, the review's end); {args.samples} samples a position, up to "
          f"{args.max_samples} a move. Goals in the browser: "
          + ", ".join(f"{name} ≤ {goal:g} s" for name, goal in GOALS.items()))
    cases = []
    native = []
    for deal in args.deals:
        link, moves = tips_link(deal, args.moves)
        cases.append({"link": link, "samples": args.samples, "max_samples": args.max_samples,
                      "deal": deal, "moves": moves})
        native.append(milestones(link, args.samples, args.max_samples))
        print(line("CPython", deal, moves, native[-1]), flush=True)
    differ = 0
    if not args.no_pyodide:
        if not (PYODIDE_DIR / "pyodide.mjs").exists():
            raise SystemExit("needs node and node_modules/pyodide (make bench runs npm ci), or --no-pyodide")
        with tempfile.TemporaryDirectory(prefix="bench-ft-review-") as work:
            wasm = run_pyodide(cases, Path(work))
        for case, mine, theirs in zip(cases, native, wasm, strict=True):
            print(line("Pyodide", case["deal"], case["moves"], theirs), flush=True)
            if (mine["line_from"], mine["costly"]) != (theirs["line_from"], [tuple(c) for c in theirs["costly"]]):
                differ += 1
        print(over_goals("Pyodide", wasm, native), flush=True)
    if not args.no_chromium:
        with tempfile.TemporaryDirectory(prefix="bench-ft-review-site-") as work:
            shown = run_chromium(cases, Path(work))
        for case, found in zip(cases, shown, strict=True):
            print(chromium_line(case, found), flush=True)
        print(over_goals("Chromium", shown, native), flush=True)
    if differ:
        print(f"!!! {differ} review(s) DIFFER between CPython and Pyodide !!!")
        return 1
    return 0


def over_goals(runtime: str, found: list[dict], native: list[dict]) -> str:
    """Whether each milestone with a goal came within it (one never reached where CPython reached it is over)."""
    over = sorted({name for name, goal in GOALS.items() for mine, theirs in zip(native, found, strict=True)
                   if theirs["seen"].get(name, CHROMIUM_TIMEOUT_S if name in mine["seen"] else 0.0) > goal})
    return f"{runtime} within the goals" if not over else f"{runtime} over the goal for: {', '.join(over)}"


if __name__ == "__main__":
    sys.exit(main())
