"""First visit, return visit and the bytes they cost on the real game pages, as ratios to a bare
Pyodide boot measured in the same run, the same way (issues 28 and 44).

Builds the site and serves it on 127.0.0.1 like a host that serves the build's precompressed
siblings (`.br`, else `.gz`, with Content-Encoding; `Cache-Control: max-age=600`). In headless
Debian Chromium at 1280×900, each side in a fresh persistent profile (Playwright's default context
is incognito; a warm visit needs a profile):

* bare: a page whose module worker imports `loadPyodide` from the npm package's own files (copied
  as they are into `__bench/pyodide/`, precompressed like the site's) and runs it until
  `runPython("1+1")` answers: a cold visit (empty HTTP and code caches), then warm visits;
* ours, per game page (default `/fortunes-favour/` and `/de/forty-thieves/`, 24–36 widgets): a
  first visit until every widget **in the first viewport** is live (each widget's
  `tutor-widget-live` mark, tutor.js; the page's `tutor-live` mark, the first wave with the
  widgets near the viewport, is reported beside it); the bytes sent until one second after that
  (pages and service worker alike, each response counted whole if its request came before then);
  then, on that page, each widget below the first viewport scrolled to in page order: the time
  from the scroll until it is live (0 when it was already live: woken on coming near) and what
  going live cost it (woken → live); all bytes until the offline copy is installed, this browser's
  snapshot stored and the network quiet; return visits in the same profile; and a return visit by
  a deep link (`#playing`) until its widget is live.

With `--every-widget` the page wakes every widget at load, in page order (the tests' switch,
EVERY_WIDGET_LIVE): as every page did before issue 44; `tutor-live` is then every widget live.

Each run measures both sides in turns, each in its own profile, both open side by side (cold, cold,
then warm and return visits alternating; which side goes first alternates between runs); the ratios
are taken within a run, and the medians over the runs are reported with their spread:

* first viewport live, first visit / bare cold boot     (goal <= 0.6)
* first viewport live, return visit / bare warm boot    (goal <= 0.3; median of the visits)
* deep link's widget live (return visit) / bare warm boot (reported)
* a widget scrolled to, live after (ms, median over every widget below the first viewport; goal <= 150)
* bytes until live + 1 s / bare boot's bytes              (goal <= 0.8)
* all bytes until the network is idle / bare boot's bytes (reported)

    .venv/bin/python bench/bench_boot.py [--runs N] [--warm-runs N] [--page fortunes-favour/ ...]
                                         [--every-widget] [--json FILE]
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from site_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EVERY_WIDGET_LIVE,
    WIDGET_PAGE,
    build_site,
    widget_pages,
)

from tools.precompress import write_precompressed
from tools.pyodide_build import DEFAULT_PYODIDE_DIR
from tools.pyodide_build.browser_harness import PYODIDE_FILES, serve

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
GOALS = {"first_time": 0.6, "return_time": 0.3, "bytes_live_1s": 0.8}
SCROLLED_GOAL_MS = 150
VIEWPORT = {"width": 1280, "height": 900}
PAGES = ["fortunes-favour/", "de/forty-thieves/"]
DEEP_LINK = "playing"
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
# the widgets in the first viewport (the page as loaded, before any scroll), by id
FIRST_VIEWPORT = """() => [...document.querySelectorAll('[data-tutor-widget]')].filter(w => {
    const r = w.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })
  .map(w => w.dataset.tutorWidget)"""
# when every given widget was live (its tutor-widget-live mark), or null while one is not
LIVE_AT = """ids => {
  const at = Object.fromEntries(performance.getEntriesByName('tutor-widget-live').map(e => [e.detail, e.startTime]));
  return ids.length && ids.every(id => id in at) ? Math.max(...ids.map(id => at[id])) : null; }"""
# the widget of a deep link: the first after the heading (tutor.js: anchored)
ANCHORED = """name => {
  const heading = document.getElementById(name);
  return [...document.querySelectorAll('[data-tutor-widget]')]
    .find(w => heading.compareDocumentPosition(w) & Node.DOCUMENT_POSITION_FOLLOWING).dataset.tutorWidget; }"""
# every widget below the first viewport scrolled to, in page order, as a reader scrolls on (a lesson's hidden
# parts left out: they wake when the learner shows them)
SCROLL_WALK = """async (skip) => {
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const mark = (name, id) => performance.getEntriesByName(name).find((e) => e.detail === id)?.startTime;
  const out = [];
  for (const widget of document.querySelectorAll('[data-tutor-widget]')) {
    const id = widget.dataset.tutorWidget;
    if (skip.includes(id) || widget.closest('[hidden]')) continue; // a lesson's part not shown: no reader sees it
    const already = widget.dataset.state === 'live';
    const scrolled = performance.now();
    widget.scrollIntoView({ block: 'start' });
    while (!['live', 'error'].includes(widget.dataset.state) && performance.now() - scrolled < 30000) await pause(2);
    const live = mark('tutor-widget-live', id);
    const woken = mark('tutor-widget-woken', id);
    out.push({ id, kind: widget.dataset.spec.split(':')[0],
               state: widget.dataset.state, already, after: live === undefined ? null : Math.max(0, live - scrolled),
               cost: live === undefined || woken === undefined ? null : live - woken });
    await pause(150); // the reader looks at it a moment
  }
  return out;
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


def visit(page, served, url: str, mark: str, *, first: bool = False, walk: bool = False,
          anchor: str | None = None) -> dict:
    """One visit until it is live: the bare page's mark; ours: every widget in the first viewport
    (with ``anchor``: the deep link's widget) live."""
    served.reset()
    if anchor:  # from the same page, a link to its anchor only scrolls (hashchange): load it afresh
        page.goto("about:blank")
    page.goto(url + (f"#{anchor}" if anchor else ""))
    if anchor and not page.evaluate("name => document.getElementById(name) !== null", anchor):
        return {"ms": None}  # a page without that section (the one-widget page)
    # a function, not an expression: Playwright evals an expression, which the page's CSP forbids
    page.wait_for_function("mark => performance.getEntriesByName(mark).length > 0", arg=mark,
                           timeout=TIMEOUT_MS, polling=20)
    result: dict = {}
    if mark == "bare-ready":
        live_ms = page.evaluate(f"performance.getEntriesByName({mark!r})[0].startTime")
    else:
        watched = [page.evaluate(ANCHORED, anchor)] if anchor else page.evaluate(FIRST_VIEWPORT)
        page.wait_for_function(LIVE_AT, arg=watched, timeout=TIMEOUT_MS, polling=20)
        live_ms = page.evaluate(LIVE_AT, watched)
        wave_ms = page.evaluate("performance.getEntriesByName('tutor-live')[0].startTime")
        result |= {"widgets": watched, "wave_ms": wave_ms, "count": page.locator("[data-tutor-widget]").count()}
    live_wall = (page.evaluate("performance.timeOrigin") + live_ms) / 1000
    time.sleep(max(0.0, live_wall + AFTER_LIVE_S + 0.3 - time.time()))
    bytes_live_1s = served.bytes_requested_before(live_wall + AFTER_LIVE_S)
    page.wait_for_load_state("networkidle")
    result |= {"ms": live_ms, "bytes_live_1s": bytes_live_1s,
               "path": page.evaluate("document.documentElement.dataset.boot || 'bare'")}
    if first and mark != "bare-ready":
        page.evaluate(SW_ACTIVE)  # the offline copy is in place
        wait_until(page, SNAPSHOT_STORED)  # and this browser's snapshot stored
        page.wait_for_load_state("networkidle")
        time.sleep(0.5)
    result["bytes_all"] = served.bytes_requested_before(time.time())
    result["fetched_twice"] = served.fetched_twice()
    if walk:  # after the boot's work (the offline copy, the snapshot): as a reader scrolls on
        result["scrolled"] = page.evaluate(SCROLL_WALK, result["widgets"])
    return result


def open_profile(playwright, profile: str, every_widget: bool = False):
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=VIEWPORT)
    if every_widget:
        context.add_init_script(EVERY_WIDGET_LIVE)
    return context, (context.pages[0] if context.pages else context.new_page())


def one_run(playwright, served, page_path: str, warm_runs: int, bare_first: bool, every_widget: bool) -> dict:
    """Both sides in profiles of their own, open side by side; their visits alternate (cold, cold,
    then warm and return visits in turns), so a change in the machine's load falls on both."""
    sides = {"bare": (served.base_url + "__bench/bare.html", "bare-ready"),
             "ours": (served.base_url + page_path, "tutor-live")}
    order = ["bare", "ours"] if bare_first else ["ours", "bare"]
    visits: dict[str, dict] = {side: {"warm": []} for side in order}
    # Chromium may still be writing to its profile as it closes
    with tempfile.TemporaryDirectory(prefix="bench-profile-", ignore_cleanup_errors=True) as bare_profile, \
            tempfile.TemporaryDirectory(prefix="bench-profile-", ignore_cleanup_errors=True) as our_profile:
        browsers = {"bare": open_profile(playwright, bare_profile),
                    "ours": open_profile(playwright, our_profile, every_widget)}
        try:
            for side in order:
                visits[side]["cold"] = visit(browsers[side][1], served, *sides[side], first=True,
                                             walk=side == "ours" and not every_widget)
            for _ in range(warm_runs):
                for side in order:
                    visits[side]["warm"].append(visit(browsers[side][1], served, *sides[side]))
            visits["ours"]["deep"] = visit(browsers["ours"][1], served, *sides["ours"], anchor=DEEP_LINK)
        finally:
            for context, _ in browsers.values():
                context.close()
    for side in order:
        visits[side]["warm_ms"] = statistics.median(v["ms"] for v in visits[side]["warm"])
    bare, ours = visits["bare"], visits["ours"]
    ours["warm_wave_ms"] = statistics.median(v["wave_ms"] for v in ours["warm"])
    scrolled = [w for w in ours["cold"].get("scrolled", []) if w["after"] is not None]
    return {
        "bare": bare, "ours": ours,
        "scrolled_ms": statistics.median(w["after"] for w in scrolled) if scrolled else None,
        "scrolled_max_ms": max((w["after"] for w in scrolled), default=None),
        "going_live_ms": statistics.median(w["cost"] for w in scrolled) if scrolled else None,
        "scrolled_count": len(scrolled),
        "ratios": {
            "first_time": ours["cold"]["ms"] / bare["cold"]["ms"],
            "return_time": ours["warm_ms"] / bare["warm_ms"],
            "deep_link": ours["deep"]["ms"] / bare["warm_ms"] if ours["deep"]["ms"] is not None else None,
            "bytes_live_1s": ours["cold"]["bytes_live_1s"] / bare["cold"]["bytes_all"],
            "bytes_all": ours["cold"]["bytes_all"] / bare["cold"]["bytes_all"],
        },
    }


def spread(values: list[float], digits: int = 2) -> str:
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def report(runs: list[dict], warm_runs: int, page_path: str, every_widget: bool) -> list[str]:
    mb = 1e6
    ours = runs[0]["ours"]["cold"]
    lines = [f"page /{page_path}: {ours['count']} widgets, {len(ours['widgets'])} in the first viewport "
             f"({VIEWPORT['width']}×{VIEWPORT['height']}); "
             + ("every widget woken at load (--every-widget)" if every_widget else "widgets woken near the viewport"),
             "median (min–max) over the runs:"]
    columns = [
        ("bare Pyodide, cold boot", [r["bare"]["cold"]["ms"] for r in runs]),
        ("bare Pyodide, warm boot", [r["bare"]["warm_ms"] for r in runs]),
        ("ours, first visit: first viewport live", [r["ours"]["cold"]["ms"] for r in runs]),
        ("ours, first visit: tutor-live (first wave)", [r["ours"]["cold"]["wave_ms"] for r in runs]),
        ("ours, return visit: first viewport live", [r["ours"]["warm_ms"] for r in runs]),
        ("ours, return visit: tutor-live (first wave)", [r["ours"]["warm_wave_ms"] for r in runs]),
    ]
    if runs[0]["ours"]["deep"]["ms"] is not None:
        deep = [r["ours"]["deep"]["ms"] for r in runs]
        columns.append((f"ours, return visit by #{DEEP_LINK}: its widget live", deep))
    if runs[0]["scrolled_ms"] is not None:
        columns += [
            (f"scrolled to, live after (median of {runs[0]['scrolled_count']})", [r["scrolled_ms"] for r in runs]),
            ("scrolled to, live after (the slowest)", [r["scrolled_max_ms"] for r in runs]),
            ("scrolled to, going live (woken → live)", [r["going_live_ms"] for r in runs]),
        ]
    for label, values in columns:
        lines.append(f"  {label:48} {spread(values, 0)} ms")
    for label, values in (
        ("bare boot's bytes (cold)", [r["bare"]["cold"]["bytes_all"] / mb for r in runs]),
        ("ours, bytes until live + 1 s (first visit)", [r["ours"]["cold"]["bytes_live_1s"] / mb for r in runs]),
        ("ours, all bytes until the network is idle", [r["ours"]["cold"]["bytes_all"] / mb for r in runs]),
        ("ours, bytes of a return visit", [max(v["bytes_all"] for v in r["ours"]["warm"]) / mb for r in runs]),
    ):
        lines.append(f"  {label:48} {spread(values)} MB")
    paths = sorted({r["ours"]["cold"]["path"] for r in runs}) + ["/"] + \
        sorted({v["path"] for r in runs for v in r["ours"]["warm"]})
    lines.append(f"  boot paths: first visit {' / '.join(paths[:paths.index('/')])}, "
                 f"return visits {' / '.join(paths[paths.index('/') + 1:])}")
    twice = {path: count for r in runs for path, count in r["ours"]["cold"]["fetched_twice"].items()}
    lines.append(f"  files fetched twice on a first visit: {twice or 'none'}")
    verdict = lambda ok: "met" if ok else "NOT met"  # noqa: E731 - a one-line helper of the report
    lines.append("ratios (within each run), median (min–max):")
    for key, label in (("first_time", "first viewport live, first visit / bare cold boot"),
                       ("return_time", "first viewport live, return visit / bare warm boot"),
                       ("deep_link", f"#{DEEP_LINK}'s widget live, return visit / bare warm"),
                       ("bytes_live_1s", "bytes until live + 1 s / bare boot's bytes"),
                       ("bytes_all", "all bytes until network idle / bare boot's bytes")):
        values = [r["ratios"][key] for r in runs if r["ratios"][key] is not None]
        if not values:
            continue
        goal = GOALS.get(key)
        tail = f"  goal <= {goal}: {verdict(statistics.median(values) <= goal)}" if goal else ""
        lines.append(f"  {label:52} {spread(values)}{tail}")
    if runs[0]["scrolled_ms"] is not None:
        scrolled = statistics.median(r["scrolled_ms"] for r in runs)
        lines.append(f"  {'a widget scrolled to, live after (ms)':52} {scrolled:.0f}  goal <= {SCROLLED_GOAL_MS}: "
                     f"{verdict(scrolled <= SCROLLED_GOAL_MS)}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs (each: both sides), at least 3 for a median")
    parser.add_argument("--warm-runs", type=int, default=3, help="warm/return visits per profile (median)")
    parser.add_argument("--page", nargs="+", default=PAGES,
                        help=f"the pages of ours to visit (the one-widget page: de/{WIDGET_PAGE}/)")
    parser.add_argument("--every-widget", action="store_true", help="wake every widget at load (as before issue 44)")
    parser.add_argument("--json", type=Path, help="write every measurement here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {}
    print(f"Headless Chromium ({CHROMIUM}); host serves the .br/.gz siblings; a fresh persistent profile per "
          f"side and run; {args.runs} runs; warm/return: median of {args.warm_runs} visits", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-site-") as work, sync_playwright() as playwright:
        site = build_site(Path(work), widget_pages())
        add_bare_page(site)
        with serve(site, precompressed=True) as served:
            for page_path in args.page:
                runs = results[page_path] = []
                for number in range(args.runs):
                    runs.append(one_run(playwright, served, page_path, args.warm_runs, bare_first=number % 2 == 0,
                                        every_widget=args.every_widget))
                    scrolled = runs[-1]["scrolled_ms"]
                    print(f"/{page_path} run {number + 1}: " + ", ".join(
                        f"{k} {v:.2f}" for k, v in runs[-1]["ratios"].items() if v is not None)
                        + (f", scrolled {scrolled:.0f} ms" if scrolled is not None else ""), flush=True)
                print("\n".join(report(runs, args.warm_runs, page_path, args.every_widget)), flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
