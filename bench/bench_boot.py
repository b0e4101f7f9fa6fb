"""How fast the page's live widget comes up, against the floor of a bare Pyodide boot.

Builds the site (with a page carrying `deal: fortunes-favour 1`), serves it on 127.0.0.1 and opens
it in headless Debian Chromium, first with a fresh profile (cold: nothing cached) and then again in
the same persistent profile (warm). For each it prints

* floor: navigation start → `loadPyodide()` resolved, in a module worker on a page that does
  nothing else (the least any page could do);
* live: navigation start → every widget of our page drawn live by the engine (`tutor-live` mark);
* their ratio (goal: live ≤ 1.1 × floor), the bytes transferred, and the boot path boot.mjs took
  (snapshot / pyc / plain: the build makes the fast-boot files unless TUTOR_FAST_BOOT=0).

    .venv/bin/python bench/bench_boot.py [--warm-runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from site_server import CHROMIUM, CHROMIUM_ARGS, WIDGET_PAGE, build_site, serve, widget_pages  # noqa: E402

BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bare Pyodide boot</title></head><body>
<script type="module">
const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
worker.postMessage(new URL("../assets/engine/", import.meta.url).href);
worker.onmessage = (event) => performance.mark("bare-ready", { startTime: event.data - performance.timeOrigin });
</script></body></html>
"""
BARE_WORKER = """self.onmessage = async (event) => {
  const indexURL = event.data;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  await loadPyodide({ indexURL });
  self.postMessage(performance.timeOrigin + performance.now());
};
"""
TIMEOUT_MS = 120_000


def measure(context, url: str, mark: str) -> tuple[float, int]:
    """Milliseconds from navigation start to ``mark``, and the bytes the network carried."""
    transferred = 0

    def count(request) -> None:
        nonlocal transferred
        response = request.response()
        if response is not None and not response.from_service_worker:
            sizes = request.sizes()
            transferred += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    page = context.new_page()
    page.on("requestfinished", count)
    page.goto(url)
    page.wait_for_function(f"performance.getEntriesByName({mark!r}).length > 0", timeout=TIMEOUT_MS,
                           polling=20)
    milliseconds = page.evaluate(f"performance.getEntriesByName({mark!r})[0].startTime")
    page.wait_for_load_state("networkidle")
    path = page.evaluate("document.documentElement.dataset.boot || 'bare'")
    page.close()
    return milliseconds, transferred, path


def run(playwright, url: str, mark: str, warm_runs: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        cold = measure(context, url, mark)
        warm = [measure(context, url, mark) for _ in range(warm_runs)]
        context.close()
    return {"cold": cold, "warm": (statistics.median(m for m, _, _ in warm), max(b for _, b, _ in warm),
                                   "/".join(sorted({p for _, _, p in warm})))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm-runs", type=int, default=3, help="warm visits (the median is printed)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-site-") as work, sync_playwright() as playwright:
        for label, fast_boot in (("fast boot", True), ("plain boot", False)):
            site = build_site(Path(work) / label.replace(" ", "-"), widget_pages(), fast_boot=fast_boot)
            (site / "__bench").mkdir()
            (site / "__bench" / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
            (site / "__bench" / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
            with serve(site) as base:
                floor = run(playwright, base + "__bench/bare.html", "bare-ready", args.warm_runs)
                live = run(playwright, base + f"de/{WIDGET_PAGE}/", "tutor-live", args.warm_runs)
            results[label] = (floor, live)
    print(f"Headless Chromium ({CHROMIUM}); one cold visit (fresh profile), warm = median of "
          f"{args.warm_runs} visits in the same profile; the floor is measured beside each site")
    print(f"{'site':11} {'':5} {'floor: bare loadPyodide':>24} {'live widget drawn':>18} {'ratio':>7} "
          f"{'bytes (floor)':>14} {'bytes (live)':>13}  boot path")
    for label, (floor, live) in results.items():
        for key in ("cold", "warm"):
            (floor_ms, floor_bytes, _), (live_ms, live_bytes, path) = floor[key], live[key]
            print(f"{label:11} {key:5} {floor_ms:21.0f} ms {live_ms:15.0f} ms {live_ms / floor_ms:7.2f} "
                  f"{floor_bytes:14,d} {live_bytes:13,d}  {path}")
    print("goal: live widget ≤ 1.1 × floor")
    return 0


if __name__ == "__main__":
    sys.exit(main())
