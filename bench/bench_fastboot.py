"""Fast Pyodide boot benchmark (issue 7): plain vs .pyc stdlib vs memory snapshot, in Chromium.

For each run and each boot path, a fresh Chromium profile visits a minimal page whose module worker
boots through docs/assets/js/boot.mjs (a cold visit: empty HTTP and code caches), then visits it
again (warm). Reported per path: median time from navigation to "live" (tutor imported in the
worker), its ratio to the plain boot, bytes the server sent, and the browser's peak memory growth
(proportional set size of all browser processes, sampled every 50 ms, minus the idle profile).
Then one profile per path (snapshot, and .pyc as the baseline) navigates repeatedly to show
whether memory grows across page navigations.

    .venv/bin/python bench/bench_fastboot.py [--runs 3] [--warm-visits 2] [--leak-visits 8] [--json out.json]

The artefacts are built first into a fresh cache, so the build times printed are real build times.
Goals (issue 7): snapshot warm <= 0.3 x plain warm, snapshot cold <= 0.35 x plain cold.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tools.pyodide_build import build_pyc_stdlib, build_snapshot
from tools.pyodide_build.browser_harness import (
    MemorySampler,
    browser_memory_bytes,
    launch_profile,
    make_site,
    serve,
    settle,
    visit,
    zip_tutor_package,
)

PATHS = ("plain", "pyc", "snapshot")
GOALS = {"warm": 0.30, "cold": 0.35}
MB = 1024 * 1024


def build_artefacts(work: Path) -> tuple[Path, Path, Path, dict[str, float]]:
    tutor_zip = zip_tutor_package(work / "tutor.zip.gz", gzipped=True)
    out, cache = work / "artefacts", work / "cache"
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    stdlib_name = build_pyc_stdlib(out, cache_dir=cache)
    seconds["pyc stdlib"] = time.perf_counter() - started
    started = time.perf_counter()
    names = build_snapshot(out, tutor_zip, cache_dir=cache)
    seconds["snapshot"] = time.perf_counter() - started
    started = time.perf_counter()
    build_snapshot(out, tutor_zip, cache_dir=cache)
    seconds["both, cached"] = time.perf_counter() - started
    return tutor_zip, out / stdlib_name, out / names["snapshot"], seconds


def measure_profile(playwright, served, path: str, profile_dir: Path, warm_visits: int, answers: bool) -> dict:
    context = launch_profile(playwright, profile_dir)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        console_errors: list[str] = []

        def keep_error(message) -> None:
            if message.type == "error":
                console_errors.append(message.text)

        page.on("console", keep_error)
        page.on("pageerror", lambda error: console_errors.append(str(error)))
        settle(0.5)
        idle = browser_memory_bytes()
        url = f"{served.base_url}index.html?path={path}"
        visits = []
        for number in range(1 + warm_visits):
            served.reset()
            with MemorySampler() as memory:
                report = visit(page, url, answers=answers and number == 0)
            report["bytes"] = served.bytes_sent()
            report["peak_growth"] = memory.peak - idle
            visits.append(report)
            settle()
        return {"visits": visits, "console_errors": console_errors}
    finally:
        context.close()


def measure_leak(playwright, served, profile_dir: Path, path: str, visits: int) -> list[int]:
    """Browser memory after each of several navigations to the page booting by ``path``."""
    context = launch_profile(playwright, profile_dir)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        after: list[int] = []
        for _ in range(visits):
            visit(page, f"{served.base_url}index.html?path={path}")
            settle(1.5)
            after.append(browser_memory_bytes())
        return after
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles per boot path (default 3)")
    parser.add_argument("--warm-visits", type=int, default=2, help="visits after the cold one (default 2)")
    parser.add_argument("--leak-visits", type=int, default=8, help="navigations for the leak check (0: skip)")
    parser.add_argument("--json", type=Path, help="also write all measurements here")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-fastboot-") as temp:
        work = Path(temp)
        tutor_zip, stdlib, snapshot, build_seconds = build_artefacts(work)
        site = make_site(work / "site", tutor_zip, stdlib, snapshot)
        results: dict[str, list[dict]] = {path: [] for path in PATHS}
        with serve(site) as served, sync_playwright() as playwright:
            for run in range(args.runs):
                for offset in range(len(PATHS)):  # rotate the order so no path always goes first
                    path = PATHS[(run + offset) % len(PATHS)]
                    profile = work / f"profile-{path}-{run}"
                    results[path].append(
                        measure_profile(playwright, served, path, profile, args.warm_visits, answers=run == 0))
            leak = {path: measure_leak(playwright, served, work / f"profile-leak-{path}", path, args.leak_visits)
                    for path in ("snapshot", "pyc")} if args.leak_visits else {}
        summary = summarize(results, build_seconds, stdlib, snapshot, tutor_zip, leak)

    print(render(summary))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "runs": results}, indent=1, default=str))
    return 0 if summary["all_live_on_their_path"] and summary["answers_agree"] else 1


def summarize(results: dict, build_seconds: dict, stdlib: Path, snapshot: Path, tutor_zip: Path,
              leak: dict[str, list[int]]) -> dict:
    per_path = {}
    for path, runs in results.items():
        cold = [run["visits"][0] for run in runs]
        warm = [run["visits"][-1] for run in runs]
        per_path[path] = {
            "cold_s": statistics.median(v["live_ms"] for v in cold) / 1000,
            "warm_s": statistics.median(v["live_ms"] for v in warm) / 1000,
            "cold_bytes": statistics.median(v["bytes"] for v in cold),
            "warm_bytes": statistics.median(v["bytes"] for v in warm),
            "peak_growth_bytes": statistics.median(v["peak_growth"] for v in cold),
            "wasm_bytes": statistics.median(v.get("wasm_bytes", 0) for v in cold),
            "cold_worker_timings": cold[len(cold) // 2].get("timings"),
            "took": sorted({v["data_boot"] for run in runs for v in run["visits"]}),
            "console_errors": sorted({e for run in runs for e in run["console_errors"]}),
        }
    plain = per_path["plain"]
    for figures in per_path.values():
        figures["cold_ratio"] = figures["cold_s"] / plain["cold_s"]
        figures["warm_ratio"] = figures["warm_s"] / plain["warm_s"]
    answers = {path: runs[0]["visits"][0].get("answers") for path, runs in results.items()}
    engine = {path: {k: v for k, v in (a or {}).items() if k not in ("random", "tutor-modules")}
              for path, a in answers.items()}
    return {
        "paths": per_path,
        "build_seconds": build_seconds,
        "artefact_bytes": {"stdlib_pyc": stdlib.stat().st_size, "snapshot_gz": snapshot.stat().st_size,
                           "tutor_zip": tutor_zip.stat().st_size},
        "leak_after_each_visit": leak,
        "all_live_on_their_path": all(figures["took"] == [path] for path, figures in per_path.items()),
        "answers_agree": bool(engine["plain"]) and engine["plain"] == engine["pyc"] == engine["snapshot"],
        "goals_met": {
            "warm": per_path["snapshot"]["warm_ratio"] <= GOALS["warm"],
            "cold": per_path["snapshot"]["cold_ratio"] <= GOALS["cold"],
        },
    }


def render(summary: dict) -> str:
    lines = [
        "Time from navigation to live (median), ratio to plain, bytes sent, browser memory growth (cold)",
        f"{'boot':<9} {'cold s':>7} {'ratio':>6} {'warm s':>7} {'ratio':>6} {'cold MB':>8} {'warm MB':>8} "
        f"{'peak +MB':>9} {'wasm MB':>8}",
    ]
    for path, f in summary["paths"].items():
        lines.append(
            f"{path:<9} {f['cold_s']:>7.2f} {f['cold_ratio']:>6.2f} {f['warm_s']:>7.2f} {f['warm_ratio']:>6.2f} "
            f"{f['cold_bytes'] / MB:>8.1f} {f['warm_bytes'] / MB:>8.1f} {f['peak_growth_bytes'] / MB:>9.0f} "
            f"{f['wasm_bytes'] / MB:>8.0f}")
    goals = summary["goals_met"]
    lines.append(f"goals: snapshot warm <= {GOALS['warm']} x plain: {'met' if goals['warm'] else 'NOT met'}; "
                 f"cold <= {GOALS['cold']} x plain: {'met' if goals['cold'] else 'NOT met'}")
    lines.append("worker timings, cold snapshot (ms since the worker started): "
                 + json.dumps(summary["paths"]["snapshot"]["cold_worker_timings"]))
    lines.append("build: " + ", ".join(f"{k} {v:.1f} s" for k, v in summary["build_seconds"].items()))
    lines.append("artefacts: " + ", ".join(f"{k} {v / MB:.2f} MB" for k, v in summary["artefact_bytes"].items()))
    for path, after in summary["leak_after_each_visit"].items():
        lines.append(f"browser memory after each navigation, {path} (MB): {[round(b / MB) for b in after]}")
    lines.append(f"every boot took its own path: {summary['all_live_on_their_path']}; "
                 f"answers agree across paths: {summary['answers_agree']}")
    errors = {p: f["console_errors"] for p, f in summary["paths"].items() if f["console_errors"]}
    if errors:
        lines.append(f"console errors: {errors}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
