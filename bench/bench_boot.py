"""First visit, return visit and the bytes they cost, as ratios to a bare Pyodide boot measured in
the same run, the same way (issue 28).

Builds the site (with a page carrying `deal: fortunes-favour 1`) and serves it on 127.0.0.1 like a
host that serves the build's precompressed siblings (`.br`, else `.gz`, with Content-Encoding;
`Cache-Control: max-age=600`). In headless Debian Chromium, each side in a fresh persistent profile
(Playwright's default context is incognito; a warm visit needs a profile):

* bare: a page whose module worker imports `loadPyodide` from the npm package's own files (copied
  as they are into `__bench/pyodide/`, precompressed like the site's) and runs it until
  `runPython("1+1")` answers: a cold visit (empty HTTP and code caches), then warm visits;
* ours: a first visit to the German widget page until every widget is live (the `tutor-live`
  mark); the bytes sent until one second after that (pages and service worker alike, each
  response counted whole if its request came before then), and all bytes until the offline copy
  is installed, this browser's snapshot stored and the network quiet; then return visits in the
  same profile.

Each run measures both sides in turns, each in its own profile, both open side by side (cold, cold,
then warm and return visits alternating; which side goes first alternates between runs); the ratios
are taken within a run, and the medians over the runs are reported with their spread:

* first visit live / bare cold boot            (goal <= 0.7)
* return visit live / bare warm boot           (goal <= 0.3; warm and return: median of the visits)
* bytes until live + 1 s / bare boot's bytes   (goal <= 0.8)
* all bytes until the network is idle / bare boot's bytes   (reported)

    .venv/bin/python bench/bench_boot.py [--runs N] [--warm-runs N] [--page de/widget-check/] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from site_server import CHROMIUM, CHROMIUM_ARGS, WIDGET_PAGE, build_site, widget_pages  # noqa: E402 - imported once sys.path is set above

from tools.precompress import write_precompressed  # noqa: E402 - imported once sys.path is set above
from tools.pyodide_build import DEFAULT_PYODIDE_DIR  # noqa: E402 - imported once sys.path is set above
from tools.pyodide_build.browser_harness import PYODIDE_FILES, serve  # noqa: E402 - imported once sys.path is set above

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide boot</title>
<link rel="icon" href="data:,"><script type="module" src="bare.mjs"></script></head><body></body></html>
"""
BARE_SCRIPT = """const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
worker.postMessage(new URL("pyodide/", import.meta.url).href);
worker.onmessage = (event) => performance.mark("bare-ready", { startTime: event.data - performance.timeOrigin });
"""
BARE_WORKER = """self.onmessage = async (event) => {
  const indexURL = event.data;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL });
  pyodide.runPython("1+1");
  self.postMessage(performance.timeOrigin + performance.now());
};
"""
TIMEOUT_MS = 180_000
GOALS = {"first_time": 0.7, "return_time": 0.3, "bytes_live_1s": 0.8}
AFTER_LIVE_S = 1.0
SW_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") {
    await new Promise((resolve) => worker.addEventListener("statechange",
                                                           () => worker.state === "activated" && resolve()));
  }
  return worker.state;
}"""
SNAPSHOT_STORED = """async () => {
  const cache = await caches.open("tutor-snapshot");
  return (await cache.keys()).length > 0;
}"""


def add_bare_page(site: Path) -> None:
    bench = site / "__bench"
    (bench / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:  # the npm package's files as they are (its whole lock file too)
        shutil.copyfile(DEFAULT_PYODIDE_DIR / name, bench / "pyodide" / name)
    for name, text in (("bare.html", BARE_PAGE), ("bare.mjs", BARE_SCRIPT), ("bare-worker.mjs", BARE_WORKER)):
        (bench / name).write_text(text, encoding="utf-8")
    write_precompressed(bench)  # served like the site's own files


def wait_until(page, function: str, timeout_s: float = 120.0) -> None:
    """Poll an async page function until it returns true (wait_for_function does not await)."""
    deadline = time.time() + timeout_s
    while not page.evaluate(function):
        if time.time() > deadline:
            raise TimeoutError(function)
        time.sleep(0.2)


def visit(page, served, url: str, mark: str, *, first: bool = False) -> dict:
    served.reset()
    page.goto(url)
    # a function, not an expression: Playwright evals an expression, which the page's CSP forbids
    page.wait_for_function("mark => performance.getEntriesByName(mark).length > 0", arg=mark,
                           timeout=TIMEOUT_MS, polling=20)
    live_ms = page.evaluate(f"performance.getEntriesByName({mark!r})[0].startTime")
    live_wall = (page.evaluate("performance.timeOrigin") + live_ms) / 1000
    time.sleep(max(0.0, live_wall + AFTER_LIVE_S + 0.3 - time.time()))
    bytes_live_1s = served.bytes_requested_before(live_wall + AFTER_LIVE_S)
    page.wait_for_load_state("networkidle")
    result = {"ms": live_ms, "bytes_live_1s": bytes_live_1s,
              "path": page.evaluate("document.documentElement.dataset.boot || 'bare'")}
    if first and mark == "tutor-live":
        page.evaluate(SW_ACTIVE)  # the offline copy is in place
        wait_until(page, SNAPSHOT_STORED)  # and this browser's snapshot stored
        page.wait_for_load_state("networkidle")
        time.sleep(0.5)
    result["bytes_all"] = served.bytes_requested_before(time.time())
    result["fetched_twice"] = served.fetched_twice()
    return result


def open_profile(playwright, profile: str):
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    return context, (context.pages[0] if context.pages else context.new_page())


def one_run(playwright, served, page_path: str, warm_runs: int, bare_first: bool) -> dict:
    """Both sides in profiles of their own, open side by side; their visits alternate (cold, cold,
    then warm and return visits in turns), so a change in the machine's load falls on both."""
    sides = {"bare": (served.base_url + "__bench/bare.html", "bare-ready"),
             "ours": (served.base_url + page_path, "tutor-live")}
    order = ["bare", "ours"] if bare_first else ["ours", "bare"]
    visits: dict[str, dict] = {side: {"warm": []} for side in order}
    # Chromium may still be writing to its profile as it closes
    with tempfile.TemporaryDirectory(prefix="bench-profile-", ignore_cleanup_errors=True) as bare_profile, \
            tempfile.TemporaryDirectory(prefix="bench-profile-", ignore_cleanup_errors=True) as our_profile:
        browsers = {"bare": open_profile(playwright, bare_profile), "ours": open_profile(playwright, our_profile)}
        try:
            for side in order:
                visits[side]["cold"] = visit(browsers[side][1], served, *sides[side], first=True)
            for _ in range(warm_runs):
                for side in order:
                    visits[side]["warm"].append(visit(browsers[side][1], served, *sides[side]))
        finally:
            for context, _ in browsers.values():
                context.close()
    for side in order:
        visits[side]["warm_ms"] = statistics.median(v["ms"] for v in visits[side]["warm"])
    bare, ours = visits["bare"], visits["ours"]
    return {
        "bare": bare, "ours": ours,
        "ratios": {
            "first_time": ours["cold"]["ms"] / bare["cold"]["ms"],
            "return_time": ours["warm_ms"] / bare["warm_ms"],
            "bytes_live_1s": ours["cold"]["bytes_live_1s"] / bare["cold"]["bytes_all"],
            "bytes_all": ours["cold"]["bytes_all"] / bare["cold"]["bytes_all"],
        },
    }


def spread(values: list[float], digits: int = 2) -> str:
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def report(runs: list[dict], warm_runs: int, page_path: str) -> list[str]:
    mb = 1e6
    lines = [f"Headless Chromium ({CHROMIUM}); host serves the .br/.gz siblings; a fresh persistent profile "
             f"per side and run; {len(runs)} runs; warm/return: median of {warm_runs} visits; page /{page_path}",
             "median (min–max) over the runs:"]
    columns = [
        ("bare Pyodide, cold boot", [r["bare"]["cold"]["ms"] for r in runs], "ms"),
        ("bare Pyodide, warm boot", [r["bare"]["warm_ms"] for r in runs], "ms"),
        ("ours, first visit live", [r["ours"]["cold"]["ms"] for r in runs], "ms"),
        ("ours, return visit live", [r["ours"]["warm_ms"] for r in runs], "ms"),
    ]
    for label, values, unit in columns:
        lines.append(f"  {label:44} {spread(values, 0)} {unit}")
    for label, values in (
        ("bare boot's bytes (cold)", [r["bare"]["cold"]["bytes_all"] / mb for r in runs]),
        ("ours, bytes until live + 1 s (first visit)", [r["ours"]["cold"]["bytes_live_1s"] / mb for r in runs]),
        ("ours, all bytes until the network is idle", [r["ours"]["cold"]["bytes_all"] / mb for r in runs]),
        ("ours, bytes of a return visit", [max(v["bytes_all"] for v in r["ours"]["warm"]) / mb for r in runs]),
    ):
        lines.append(f"  {label:44} {spread(values)} MB")
    paths = sorted({r["ours"]["cold"]["path"] for r in runs}) + ["/"] + \
        sorted({v["path"] for r in runs for v in r["ours"]["warm"]})
    lines.append(f"  boot paths: first visit {' / '.join(paths[:paths.index('/')])}, "
                 f"return visits {' / '.join(paths[paths.index('/') + 1:])}")
    twice = {path: count for r in runs for path, count in r["ours"]["cold"]["fetched_twice"].items()}
    lines.append(f"  files fetched twice on a first visit: {twice or 'none'}")
    verdict = lambda ok: "met" if ok else "NOT met"  # noqa: E731 - a one-line helper of the report
    lines.append("ratios (within each run), median (min–max):")
    for key, label in (("first_time", "first visit live / bare cold boot"),
                       ("return_time", "return visit live / bare warm boot"),
                       ("bytes_live_1s", "bytes until live + 1 s / bare boot's bytes"),
                       ("bytes_all", "all bytes until network idle / bare boot's bytes")):
        values = [r["ratios"][key] for r in runs]
        goal = GOALS.get(key)
        tail = f"  goal <= {goal}: {verdict(statistics.median(values) <= goal)}" if goal else ""
        lines.append(f"  {label:48} {spread(values)}{tail}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs (each: both sides), at least 3 for a median")
    parser.add_argument("--warm-runs", type=int, default=3, help="warm/return visits per profile (median)")
    parser.add_argument("--page", default=f"de/{WIDGET_PAGE}/", help="the page of ours to visit")
    parser.add_argument("--json", type=Path, help="write every measurement here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-site-") as work, sync_playwright() as playwright:
        site = build_site(Path(work), widget_pages())
        add_bare_page(site)
        with serve(site, precompressed=True) as served:
            runs = []
            for number in range(args.runs):
                runs.append(one_run(playwright, served, args.page, args.warm_runs, bare_first=number % 2 == 0))
                print(f"run {number + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in runs[-1]["ratios"].items()),
                      flush=True)
    print("\n".join(report(runs, args.warm_runs, args.page)))
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
