"""The offline copy (issue 16): the Workbox service worker made at build time.

"after one visit the whole site — both languages, every widget live — works with the network cut";
"A new build replaces the old cache as one (never new pages with an old engine), and the page says
when a new version is ready."
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import shutil
import subprocess
import threading
import zipfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from tutor.web.site_messages import update_messages

ROOT = Path(__file__).resolve().parents[2]
LIVE_TIMEOUT_MS = 90_000
ALL_LIVE = "() => [...document.querySelectorAll('[data-tutor-widget]')].every(w => w.dataset.state === 'live')"
SW_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") {
    await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
  }
  return worker.state;
}"""


def site_pages(site: Path) -> list[str]:
    """Every page of every language, as paths below the site root ("", "fortunes-favour/", "de/…")."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        relative = index.parent.relative_to(site).as_posix()
        if not relative.startswith(("assets", "search", "__")):
            pages.append("" if relative == "." else relative + "/")
    return pages


class SwitchableSite:
    """One origin whose files can be swapped for another build's (a service worker is per origin)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @contextmanager
    def serve(self):
        site = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                              ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(site.directory), **kwargs)

            def log_message(self, *args) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_port}/"
        finally:
            server.shutdown()
            server.server_close()


def go_live(page, url: str) -> None:
    page.goto(url)
    if page.locator("[data-tutor-widget]").count():
        page.wait_for_function(ALL_LIVE, timeout=LIVE_TIMEOUT_MS, polling=100)


def test_the_precache_revisions_are_the_final_files_contents(built_site):
    """The worker is written once every language is built and the search index merged: a stale
    revision would let a later build keep yesterday's file in the cache."""
    import json
    import re

    entries = [json.loads(entry) for entry in re.findall(r'\{"url":"[^"]+","revision":"[0-9a-f]+"\}',
                                                         (built_site / "sw.js").read_text(encoding="utf-8"))]
    urls = {entry["url"] for entry in entries}
    assert {"index.html", "de/index.html", "search/search_index.json", "assets/js/tutor.js"} <= urls
    stale = [entry["url"] for entry in entries
             if hashlib.md5((built_site / entry["url"]).read_bytes()).hexdigest() != entry["revision"]]
    assert stale == []


def test_after_one_visit_every_page_of_both_languages_goes_live_offline(browser, built_site, base_url):
    pages = site_pages(built_site)
    assert "de/forty-thieves/" in pages and "queens-audience/" in pages and len(pages) >= 10
    context = browser.new_context()
    try:
        page = context.new_page()
        go_live(page, base_url + "fortunes-favour/")
        assert page.evaluate("document.documentElement.dataset.boot") == "pyc"  # the lighter first visit
        assert page.evaluate(SW_ACTIVE) == "activated"
        context.set_offline(True)
        boots = {}
        for path in pages:
            go_live(page, base_url + path)
            assert page.locator("article h1").count() == 1, path
            if page.locator("[data-tutor-widget]").count():
                boots[path] = page.evaluate("document.documentElement.dataset.boot")
        assert boots and set(boots.values()) == {"snapshot"}, boots  # the snapshot came from the cache
        assert any(path.startswith("de/") for path in boots) and any(not path.startswith("de/") for path in boots)
    finally:
        context.close()


def make_build_b(site_a: Path, target: Path) -> dict:
    """Build A with another engine (a marker module in tutor.zip) and marked pages, and the
    service worker Workbox makes for that."""
    shutil.copytree(site_a, target)
    with zipfile.ZipFile(target / "assets" / "engine" / "tutor.zip", "a") as archive:
        archive.writestr("tutor/_build_marker.py", "BUILD = 'B'\n")
    for html in target.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        html.write_text(text.replace("</head>", '<meta name="tutor-build" content="B">\n</head>', 1), encoding="utf-8")
    subprocess.run(["node", str(ROOT / "tools" / "build_sw.mjs"), "--site", str(target)], check=True,
                   capture_output=True, timeout=300)
    return {"tutor_zip_sha": hashlib.sha256((target / "assets/engine/tutor.zip").read_bytes()).hexdigest()}


SERVED_TUTOR_ZIP_SHA = """async () => {
  const bytes = await (await fetch("/assets/engine/tutor.zip")).arrayBuffer();
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}"""
BUILD_MARK = "document.querySelector('meta[name=tutor-build]')?.content ?? 'A'"


@pytest.mark.parametrize("lang", ["de"])
def test_a_new_build_replaces_the_cache_as_one(browser, built_site, tmp_path, lang):
    build_b = make_build_b(built_site, tmp_path / "build-b")
    a_sha = hashlib.sha256((built_site / "assets/engine/tutor.zip").read_bytes()).hexdigest()
    origin = SwitchableSite(built_site)
    context = browser.new_context()
    try:
        with origin.serve() as base:
            url = f"{base}{lang}/fortunes-favour/"
            page = context.new_page()
            go_live(page, url)
            assert page.evaluate(SW_ACTIVE) == "activated"
            origin.directory = tmp_path / "build-b"  # the host now serves build B
            go_live(page, url)  # still build A, whole: its pages with its engine, while B installs
            assert page.evaluate(BUILD_MARK) == "A"
            assert page.evaluate(SERVED_TUTOR_ZIP_SHA) == a_sha
            notice = page.locator(".tutor-update")
            notice.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)
            messages = update_messages(lang)
            assert notice.locator("p").inner_text() == messages["ready"]
            with page.expect_navigation():
                notice.get_by_role("button", name=messages["reload"]).click()
            page.wait_for_function(ALL_LIVE, timeout=LIVE_TIMEOUT_MS, polling=100)
            assert page.evaluate(BUILD_MARK) == "B"
            assert page.evaluate(SERVED_TUTOR_ZIP_SHA) == build_b["tutor_zip_sha"]
            keys = page.evaluate("""async () => {
              const names = await caches.keys();
              const keys = [];
              for (const name of names) for (const request of await (await caches.open(name)).keys()) keys.push(request.url);
              return {names, tutorZips: keys.filter((url) => url.includes("/assets/engine/tutor.zip"))};
            }""")
            assert len(keys["tutorZips"]) == 1, keys  # A's engine is gone from the cache
    finally:
        context.close()
