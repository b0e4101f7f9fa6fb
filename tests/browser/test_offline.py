"""The offline copy (issue 16) and return visits (issue 28): the Workbox service worker made at
build time, and the memory snapshot each browser makes of its engine.

"after one visit the whole site — both languages, every widget live — works with the network cut";
"A new build replaces the old cache as one (never new pages with an old engine), and the page says
when a new version is ready."
"a stored snapshot of another engine version is ignored; a corrupt one is dropped and the page goes
live; offline after one visit still goes live; no file is fetched twice on a first visit."
"""

from __future__ import annotations

import hashlib
import http.server
import json
import re
import shutil
import subprocess
import threading
import time
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
    await new Promise((resolve) => worker.addEventListener(
      "statechange", () => worker.state === "activated" && resolve()));
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


STORED_SNAPSHOTS = """async () => {
  const cache = await caches.open("tutor-snapshot");
  return (await cache.keys()).map((request) => request.url);
}"""


def stored_snapshots(page, wait_for: int | None = None, timeout_s: float = 90) -> list[str]:
    """The keys of the snapshots this browser stored (tutor-worker.mjs); with ``wait_for``, once
    there are that many (the worker stores one when the page has been quiet for a moment)."""
    deadline = time.time() + timeout_s
    while True:
        keys = page.evaluate(STORED_SNAPSHOTS)
        if wait_for is None or len(keys) == wait_for or time.time() > deadline:
            return keys
        time.sleep(0.25)


def new_snapshot_alone(keys: list[str], old_key: str) -> bool:
    """The new engine's snapshot stands alone: boot.mjs stores it first and deletes the old one
    after it, so for a moment both are there."""
    return len(keys) == 1 and keys[0] != old_key


def manifest(site: Path) -> list[dict]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r'(\[\{"url":.*?\}\])', text).group(1))


def test_the_precache_revisions_are_the_final_files_contents(built_site):
    """The worker is written once every language is built and the search index merged: a stale
    revision would let a later build keep yesterday's file in the cache. A page is kept under its
    folder's address, our scripts under the one query the pages load them by."""
    entries = manifest(built_site)
    urls = {entry["url"] for entry in entries}
    assert {"./", "de/", "de/fortunes-favour/", "search/search_index.json"} <= urls
    query = re.search(r'assets/js/sw-register\.mjs\?([^"]+)"', (built_site / "index.html").read_text()).group(1)
    assert f"assets/js/tutor.js?{query.replace('&amp;', '&')}" in urls
    files = {entry["url"]: built_site / (entry["url"].split("?")[0]
                                         + ("index.html" if entry["url"].endswith("/") else ""))
             for entry in entries}
    files["./"] = built_site / "index.html"
    stale = [entry["url"] for entry in entries if entry["revision"]
             and hashlib.sha256(files[entry["url"]].read_bytes()).hexdigest() != entry["revision"]]
    assert stale == []
    unrevised = [entry["url"] for entry in entries if not entry["revision"]]
    assert all("?" in url or re.search(r"[-.][0-9a-f]{8,}\.", url) for url in unrevised), unrevised


def test_the_offline_copy_holds_no_file_the_site_does_not_use(built_site):
    """Not Pyodide's own standard library (only the last fallback boot reads it), the precompressed
    siblings, the search languages no index asks for, a build-time snapshot or the sources of the
    engine when its compiled archive is there."""
    urls = [entry["url"] for entry in manifest(built_site)]
    engine = {url.rsplit("/", 1)[1] for url in urls if url.startswith("assets/engine/")}
    assert {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"} <= engine
    assert any(name.startswith("python_stdlib-pyc-") for name in engine)
    assert any(name.startswith("tutor-pyc-") for name in engine)
    assert not engine & {"python_stdlib.zip", "tutor.zip"}
    assert not any("snapshot" in url or url.endswith((".br", ".gz")) for url in urls)
    lunr = sorted(url.rsplit("/", 1)[1] for url in urls if "/lunr/" in url)
    assert lunr == ["lunr.de.min.js", "lunr.stemmer.support.min.js"], lunr


def test_after_one_visit_every_page_of_both_languages_goes_live_offline(browser, built_site, base_url):
    pages = site_pages(built_site)
    assert "de/forty-thieves/" in pages and "queens-audience/" in pages and len(pages) >= 10
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        go_live(page, base_url + "fortunes-favour/")
        assert page.evaluate("document.documentElement.dataset.boot") == "pyc"  # the lighter first visit
        assert page.evaluate(SW_ACTIVE) == "activated"
        assert len(stored_snapshots(page, wait_for=1)) == 1  # this browser's own snapshot of its engine
        context.set_offline(True)
        boots = {}
        for path in pages:
            go_live(page, base_url + path)
            assert page.locator("article h1").count() == 1, path
            if page.locator("[data-tutor-widget]").count():
                boots[path] = page.evaluate("document.documentElement.dataset.boot")
        assert boots and set(boots.values()) == {"snapshot"}, boots  # restored from this browser's store
        assert any(path.startswith("de/") for path in boots) and any(not path.startswith("de/") for path in boots)
        page.evaluate("async () => (await caches.open('tutor-snapshot')).keys().then(async (keys) => "
                      "{ const cache = await caches.open('tutor-snapshot');"
                      " for (const k of keys) await cache.delete(k); })")
        go_live(page, base_url + "de/fortunes-favour/")  # offline without a snapshot: the .pyc boot
        assert page.evaluate("document.documentElement.dataset.boot") == "pyc"
    finally:
        context.close()


def engine_archive(site: Path) -> Path:
    """The compiled tutor archive the build's pages load (tools/pyodide_build)."""
    (archive,) = (site / "assets" / "engine").glob("tutor-pyc-*.zip")
    return archive


def make_build_b(site_a: Path, target: Path) -> dict:
    """Build A with another engine (a marker module in the tutor archive, a new version) and marked
    pages, and the service worker Workbox makes for that."""
    shutil.copytree(site_a, target)
    old = engine_archive(target)
    with zipfile.ZipFile(old, "a") as archive:
        archive.writestr("tutor/_build_marker.py", "BUILD = 'B'\n")
    data = old.read_bytes()
    new = old.with_name(f"tutor-pyc-{hashlib.sha256(data).hexdigest()[:16]}.zip")
    for stale in old.parent.glob(old.name + "*"):
        stale.unlink()
    new.write_bytes(data)
    version = re.search(r"\?v=([0-9a-f]+)", (target / "index.html").read_text(encoding="utf-8")).group(1)
    for html in target.rglob("*.html"):
        text = html.read_text(encoding="utf-8").replace(old.name, new.name).replace(f"v={version}", "v=b0b0b0b0b0b0")
        html.write_text(text.replace("</head>", '<meta name="tutor-build" content="B">\n</head>', 1), encoding="utf-8")
        for sibling in (html.with_name(html.name + ".br"), html.with_name(html.name + ".gz")):
            sibling.unlink(missing_ok=True)
    subprocess.run(["node", str(ROOT / "tools" / "build_sw.mjs"), "--site", str(target)], check=True,
                   capture_output=True, timeout=300)
    return {"tutor_zip_sha": hashlib.sha256(data).hexdigest(), "archive": new.name}


SERVED_TUTOR_ZIP_SHA = """async () => {
  const script = document.querySelector('script[src*="assets/js/tutor.js"]');
  const name = new URL(script.src).searchParams.get("tutor");
  const bytes = await (await fetch(`/assets/engine/${name}`)).arrayBuffer();
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}"""
BUILD_MARK = "document.querySelector('meta[name=tutor-build]')?.content ?? 'A'"


@pytest.fixture(scope="module")
def build_b(built_site, tmp_path_factory) -> dict:
    target = tmp_path_factory.mktemp("build-b") / "site"
    return {**make_build_b(built_site, target), "site": target}


def test_a_stored_snapshot_of_another_engine_version_is_ignored(browser, built_site, build_b):
    """The host now serves a build with another engine: the snapshot this browser kept of the old
    one is not restored (the page boots the normal way and runs the new engine), and the new
    engine's own snapshot takes its place. (No service worker here: the host answers every visit.)"""
    origin = SwitchableSite(built_site)
    context = browser.new_context(service_workers="block")
    try:
        with origin.serve() as base:
            page = context.new_page()
            url = f"{base}de/widget-check/"
            go_live(page, url)
            (a_key,) = stored_snapshots(page, wait_for=1)
            go_live(page, url)
            assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
            origin.directory = build_b["site"]
            url += "?build=b"  # past the HTTP cache's copy of A's page (B's scripts have new addresses)
            go_live(page, url)
            assert page.evaluate(BUILD_MARK) == "B"
            assert page.evaluate(SERVED_TUTOR_ZIP_SHA) == build_b["tutor_zip_sha"]
            assert page.evaluate("document.documentElement.dataset.boot") == "pyc"  # A's snapshot ignored
            deadline = time.time() + 90
            while not new_snapshot_alone(stored_snapshots(page), a_key) and time.time() < deadline:
                time.sleep(0.25)
            (b_key,) = stored_snapshots(page)
            assert b_key != a_key and build_b["archive"] in b_key
            go_live(page, url)
            assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["de"])
def test_a_new_build_replaces_the_cache_as_one(browser, built_site, build_b, lang):
    a_sha = hashlib.sha256(engine_archive(built_site).read_bytes()).hexdigest()
    origin = SwitchableSite(built_site)
    context = browser.new_context(service_workers="allow")
    try:
        with origin.serve() as base:
            url = f"{base}{lang}/fortunes-favour/"
            page = context.new_page()
            go_live(page, url)
            assert page.evaluate(SW_ACTIVE) == "activated"
            (a_key,) = stored_snapshots(page, wait_for=1)
            origin.directory = build_b["site"]  # the host now serves build B
            go_live(page, url)  # still build A, whole: its pages with its engine, while B installs
            assert page.evaluate(BUILD_MARK) == "A"
            assert page.evaluate(SERVED_TUTOR_ZIP_SHA) == a_sha
            assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"  # A's own
            notice = page.locator(".tutor-update")
            notice.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)
            messages = update_messages(lang)
            assert notice.locator("p").inner_text() == messages["ready"]
            with page.expect_navigation():
                notice.get_by_role("button", name=messages["reload"]).click()
            page.wait_for_function(ALL_LIVE, timeout=LIVE_TIMEOUT_MS, polling=100)
            assert page.evaluate(BUILD_MARK) == "B"
            assert page.evaluate(SERVED_TUTOR_ZIP_SHA) == build_b["tutor_zip_sha"]
            # A's snapshot, still stored, is another engine's: B's first visit ignores it, then
            # stores its own in its place
            assert page.evaluate("document.documentElement.dataset.boot") == "pyc"
            deadline = time.time() + 90
            while not new_snapshot_alone(stored_snapshots(page), a_key) and time.time() < deadline:
                time.sleep(0.25)
            (b_key,) = stored_snapshots(page)
            assert "v=b0b0b0b0b0b0" in b_key and build_b["archive"] in b_key
            go_live(page, url)
            assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
            keys = page.evaluate("""async () => {
              const names = await caches.keys();
              const keys = [];
              for (const name of names) {
                for (const request of await (await caches.open(name)).keys()) keys.push(request.url);
              }
              return {names, tutorZips: keys.filter((url) => url.includes("/assets/engine/tutor-pyc-"))};
            }""")
            assert len(keys["tutorZips"]) == 1, keys  # A's engine is gone from the cache
    finally:
        context.close()


# A snapshot damaged in storage: its checksum no longer matches (a flipped bit), or it checks out
# but Pyodide refuses it (made by another build of Pyodide).
DAMAGE_SNAPSHOT = """async (damage) => {
  const { snapshotChecksum } = await import("/assets/js/boot.mjs");
  const cache = await caches.open("tutor-snapshot");
  const [key] = await cache.keys();
  const response = await cache.match(key);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const [rawLength, checksum] = response.headers.get("x-tutor-snapshot").split(" ");
  const view = new DataView(bytes.buffer);
  const bitmap = Math.ceil(Math.ceil(view.getUint32(12, true) / 8) / 4) * 4;
  let header = `${rawLength} ${checksum}`;
  if (damage === "bit flipped") {
    bytes[Math.floor(bytes.length / 2)] ^= 0x10;
  } else {
    bytes[16 + bitmap + 20] ^= 0xff; // inside the Pyodide build id the snapshot was made by
    header = `${rawLength} ${await snapshotChecksum(bytes)}`;
  }
  await cache.put(key, new Response(bytes, { headers: { "x-tutor-snapshot": header } }));
  return header;
}"""
STORED_HEADER = """async () => {
  const cache = await caches.open("tutor-snapshot");
  const [key] = await cache.keys();
  return key ? (await cache.match(key)).headers.get("x-tutor-snapshot") : null;
}"""


@pytest.mark.parametrize("damage", ["bit flipped", "another Pyodide build"])
def test_a_damaged_stored_snapshot_is_dropped_and_the_page_goes_live(browser, base_url, damage):
    context = browser.new_context(service_workers="allow")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda message: message.type in ("error", "warning") and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        url = base_url + "de/widget-check/"
        go_live(page, url)
        (key,) = stored_snapshots(page, wait_for=1)
        go_live(page, url)
        assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
        damaged = page.evaluate(DAMAGE_SNAPSHOT, damage)
        go_live(page, url)
        assert page.evaluate("document.documentElement.dataset.boot") == "pyc"
        assert page.locator('[data-tutor-widget][data-state="live"]').count() == 1
        # dropped, then replaced by a sound one made by this visit's engine
        deadline = time.time() + 90
        while page.evaluate(STORED_HEADER) in (None, damaged) and time.time() < deadline:
            time.sleep(0.25)
        assert stored_snapshots(page) == [key]
        go_live(page, url)
        assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
        assert errors == []  # the reader is told nothing: the page simply goes live
    finally:
        context.close()


def test_no_file_is_fetched_twice_on_a_first_visit(browser, built_site):
    """The page fetches what it needs; the offline copy, installed once the widgets are live, takes
    what the page fetched from the browser's HTTP cache and fetches only the rest of the site."""
    from tools.pyodide_build.browser_harness import serve

    context = browser.new_context(service_workers="allow")
    try:
        with serve(built_site, precompressed=True) as served:
            page = context.new_page()
            go_live(page, served.base_url + "de/fortunes-favour/")
            assert page.evaluate(SW_ACTIVE) == "activated"
            stored_snapshots(page, wait_for=1)
            page.wait_for_load_state("networkidle")
            assert served.fetched_twice() == {}
            by_page = {path for _, path, _, size, by_worker in served.log if size and not by_worker}
            by_worker = {path for _, path, _, size, by_worker in served.log if size and by_worker}
            assert {"/de/fortunes-favour/", "/assets/engine/pyodide.asm.wasm"} <= by_page
            assert "/fortunes-favour/" in by_worker  # the rest of the site, precached
            assert not by_page & by_worker
    finally:
        context.close()
