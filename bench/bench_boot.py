"""First visit, return visit and offline copy, against a bare Pyodide page measured beside them.

Builds the site (with a page carrying `deal: fortunes-favour 1`) and serves it on 127.0.0.1 like a
host that serves the build's precompressed siblings (`.br`, else `.gz`, with Content-Encoding;
`Cache-Control: max-age=600`). In headless Debian Chromium, each in a fresh persistent profile:

* bare: a page whose module worker only runs `loadPyodide()` from the same Pyodide files (the
  least any page could do): a cold visit, then warm visits (HTTP and code caches filled);
* ours: a first visit to the German widget page (navigation start → every widget live, the
  `tutor-live` mark), the bytes the page was sent until the network went quiet, and apart from them
  what the service worker fetched in the background for the offline copy; then return visits in
  the same profile: time to live and the bytes of engine files (`assets/engine/`) from the network.

Ratios are from one run, both sides measured on the same loaded machine.

    .venv/bin/python bench/bench_boot.py [--warm-runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from site_server import CHROMIUM, CHROMIUM_ARGS, WIDGET_PAGE, build_site, widget_pages  # noqa: E402

from tools.pyodide_build.browser_harness import serve  # noqa: E402

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide boot</title>
<script type="module" src="bare.mjs"></script></head><body></body></html>
"""
BARE_SCRIPT = """const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
worker.postMessage(new URL("../assets/engine/", import.meta.url).href);
worker.onmessage = (event) => performance.mark("bare-ready", { startTime: event.data - performance.timeOrigin });
"""
BARE_WORKER = """self.onmessage = async (event) => {
  const indexURL = event.data;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  await loadPyodide({ indexURL });
  self.postMessage(performance.timeOrigin + performance.now());
};
"""
TIMEOUT_MS = 180_000
ENGINE = "/assets/engine/"
GOALS = {"first_bytes": 0.8, "first_time": 0.35, "return_time": 0.2}
SW_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") {
    await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
  }
  return worker.state;
}"""


def visit(page, served, url: str, mark: str, *, wait_for_offline_copy: bool = False) -> dict:
    served.reset()
    page.goto(url)
    # a function, not an expression: Playwright evals an expression, which the page's CSP forbids
    page.wait_for_function("mark => performance.getEntriesByName(mark).length > 0", arg=mark,
                           timeout=TIMEOUT_MS, polling=20)
    milliseconds = page.evaluate(f"performance.getEntriesByName({mark!r})[0].startTime")
    page.wait_for_load_state("networkidle")
    if wait_for_offline_copy:
        page.evaluate(SW_ACTIVE)
    return {"ms": milliseconds, "bytes": served.bytes_sent(), "engine_bytes": served.bytes_sent(ENGINE),
            "sw_bytes": served.bytes_sent_to_service_worker(),
            "path": page.evaluate("document.documentElement.dataset.boot || 'bare'")}


def profile_run(playwright, served, url: str, mark: str, warm_runs: int, offline_copy: bool) -> dict:
    # Chromium may still be writing to its profile as it closes
    with tempfile.TemporaryDirectory(prefix="bench-profile-", ignore_cleanup_errors=True) as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = context.pages[0] if context.pages else context.new_page()
        cold = visit(page, served, url, mark, wait_for_offline_copy=offline_copy)
        warm = [visit(page, served, url, mark) for _ in range(warm_runs)]
        context.close()
    return {"cold": cold, "warm": {
        "ms": statistics.median(v["ms"] for v in warm), "bytes": max(v["bytes"] for v in warm),
        "engine_bytes": max(v["engine_bytes"] for v in warm), "sw_bytes": max(v["sw_bytes"] for v in warm),
        "path": "/".join(sorted({v["path"] for v in warm}))}}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm-runs", type=int, default=3, help="warm visits (the median is printed)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-site-") as work, sync_playwright() as playwright:
        site = build_site(Path(work), widget_pages())
        (site / "__bench").mkdir()
        for name, text in (("bare.html", BARE_PAGE), ("bare.mjs", BARE_SCRIPT), ("bare-worker.mjs", BARE_WORKER)):
            (site / "__bench" / name).write_text(text, encoding="utf-8")
        with serve(site, precompressed=True) as served:
            bare = profile_run(playwright, served, served.base_url + "__bench/bare.html", "bare-ready",
                               args.warm_runs, offline_copy=False)
            ours = profile_run(playwright, served, served.base_url + f"de/{WIDGET_PAGE}/", "tutor-live",
                               args.warm_runs, offline_copy=True)

    mb = 1e6
    first_bytes = ours["cold"]["bytes"] / bare["cold"]["bytes"]
    first_time = ours["cold"]["ms"] / bare["cold"]["ms"]
    return_time = ours["warm"]["ms"] / bare["warm"]["ms"]
    print(f"Headless Chromium ({CHROMIUM}); host serves the .br/.gz siblings; fresh persistent profile per "
          f"side; warm/return = median of {args.warm_runs} visits in the same profile")
    print(f"{'':28} {'time to live':>13} {'bytes sent':>12} {'engine bytes':>13}  boot path")
    for label, run in (("bare Pyodide, cold", bare["cold"]), ("bare Pyodide, warm", bare["warm"]),
                       ("ours, first visit", ours["cold"]), ("ours, return visit", ours["warm"])):
        print(f"{label:28} {run['ms']:10.0f} ms {run['bytes'] / mb:9.2f} MB {run['engine_bytes'] / mb:10.2f} MB  "
              f"{run['path']}")
    print(f"offline copy: the service worker fetched {ours['cold']['sw_bytes'] / mb:.2f} MB in the background "
          f"after the first visit went live")
    verdict = lambda ok: "met" if ok else "NOT met"  # noqa: E731
    print(f"first visit bytes: {first_bytes:.2f} x bare cold (goal <= {GOALS['first_bytes']}: "
          f"{verdict(first_bytes <= GOALS['first_bytes'])})")
    print(f"first visit time to live: {first_time:.2f} x bare cold boot (goal <= {GOALS['first_time']}: "
          f"{verdict(first_time <= GOALS['first_time'])})")
    print(f"return visit: {ours['warm']['engine_bytes']} engine bytes from the network (goal 0: "
          f"{verdict(ours['warm']['engine_bytes'] == 0)}); time to live {return_time:.2f} x bare warm boot "
          f"(goal <= {GOALS['return_time']}: {verdict(return_time <= GOALS['return_time'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
