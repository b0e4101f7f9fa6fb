"""How fast the guided examples answer: the build-time guide, "try it yourself", and a click.

Builds the site (with the fast boot) plus a page that carries every scenario of every game (the
heaviest page there could be), serves it on 127.0.0.1 and opens it in headless Debian Chromium.
It prints, for that page and for each rules page that carries a guided example:

* first usable step: DOMContentLoaded → every guide wired (back/next work; ``tutor-guide-ready``
  mark), goal ≤ 100 ms — and the same from navigation start;
* try it yourself live: navigation start → every widget live (``tutor-live`` mark; every widget
  of the page is woken at once, as the browser tests do, not only those near the view);
* click-to-redraw: the median of picking and un-picking a pile in the live board (page → worker →
  tutor.web.protocol in Pyodide → HTML swapped in; ``tutor-redraw`` measures), goal ≤ 16 ms;
* the page's HTML size.

    .venv/bin/python bench/bench_widget.py [--clicks N]
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

from site_server import CHROMIUM, CHROMIUM_ARGS, EVERY_WIDGET_LIVE, build_site, serve

from tutor.i18n import LANGUAGES

BENCH_PAGE = "widget-bench"
TIMEOUT_MS = 120_000
RULES_PAGES = ("fortunes-favour/", "queens-audience/", "forty-thieves/")


def bench_pages() -> dict[str, str]:
    from tutor.lessons import all_scenarios

    blocks = "\n".join(f"## {s.id}\n\n```tutor\nscenario: {s.id}\n```\n" for s in all_scenarios())
    return {f"{lang}/{BENCH_PAGE}.md": f"# Widget bench\n\n{blocks}" for lang in LANGUAGES}


def measure(browser, url: str, clicks: int) -> dict | None:
    context = browser.new_context()
    # every widget wakes at once, in page order: a rules page's guides are in its lessons, far below
    # the first viewport, where a reader's page would wake them only on the way down
    context.add_init_script(EVERY_WIDGET_LIVE)
    page = context.new_page()
    response = page.goto(url)
    size = len(response.body()) if response else 0
    if page.locator("[data-scenario]").count() == 0:
        context.close()
        return None
    page.wait_for_function("() => performance.getEntriesByName('tutor-guide-ready').length > 0", timeout=TIMEOUT_MS)
    page.wait_for_function("() => performance.getEntriesByName('tutor-live').length > 0", timeout=TIMEOUT_MS,
                           polling=20)
    times = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const ready = performance.getEntriesByName('tutor-guide-ready').at(-1).startTime;
        return { dcl: nav.domContentLoadedEventStart, ready,
                 live: performance.getEntriesByName('tutor-live')[0].startTime };
    }""")
    widget = page.locator("[data-tutor-widget][data-scenario]").first
    widget.scroll_into_view_if_needed()
    widget.locator('[data-guide="try"]').click()
    widget.locator(".tutor-play-view").wait_for()
    pile = widget.locator(".tutor-play svg [data-card][tabindex]").first.get_attribute("data-pile")
    page.evaluate("performance.clearMeasures('tutor-redraw')")
    for _ in range(clicks):
        before = page.evaluate("performance.getEntriesByName('tutor-redraw').length")
        widget.locator(f'.tutor-play svg [data-pile="{pile}"][tabindex]').last.click()
        page.wait_for_function(f"() => performance.getEntriesByName('tutor-redraw').length > {before}")
    redraws = page.evaluate("performance.getEntriesByName('tutor-redraw').map(m => m.duration)")
    boot = page.evaluate("document.documentElement.dataset.boot || ''")
    page.wait_for_load_state("networkidle")  # closing mid-download only makes the server complain
    context.close()
    return {"size": size, "ready_after_dcl": times["ready"] - times["dcl"], "ready": times["ready"],
            "live": times["live"], "redraw": statistics.median(redraws), "redraw_max": max(redraws),
            "clicks": len(redraws), "boot": boot}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="picks and un-picks to time (median printed)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-widget-") as work, sync_playwright() as playwright:
        site = build_site(Path(work), bench_pages())
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with serve(site) as base:
            for lang in LANGUAGES:
                prefix = "" if lang == "en" else f"{lang}/"
                for path in (f"{BENCH_PAGE}/", *RULES_PAGES):
                    result = measure(browser, f"{base}{prefix}{path}", args.clicks)
                    if result is not None:
                        rows.append((f"{prefix}{path}", result))
        browser.close()
    print(f"Headless Chromium ({CHROMIUM}); each page opened once in a fresh context; "
          f"click-to-redraw = median of {args.clicks} picks")
    print(f"{'page':28} {'HTML':>9} {'guide after DCL':>16} {'guide':>9} {'live':>9} "
          f"{'redraw median':>14} {'max':>7}  boot")
    for path, r in rows:
        print(f"{path:28} {r['size'] / 1024:7.0f} KB {r['ready_after_dcl']:13.1f} ms {r['ready']:6.0f} ms "
              f"{r['live']:6.0f} ms {r['redraw']:11.1f} ms {r['redraw_max']:4.0f} ms  {r['boot']}")
    print("goals: first usable step ≤ 100 ms after DOMContentLoaded; click-to-redraw ≤ 16 ms (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
