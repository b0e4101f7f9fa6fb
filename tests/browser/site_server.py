"""Build the site into a folder and serve it on 127.0.0.1: shared by the browser tests and
bench/bench_boot.py. Chromium is Debian's (Playwright downloads no browser here)."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]

# The one way to bring every widget of a page to life (issue 44): a page wakes a widget only when it
# comes near the viewport (tutor.js); with this script run before the page's own (Playwright's
# ``add_init_script``), it wakes them all, in page order, and "tutor-live" means every widget is live.
EVERY_WIDGET_LIVE = "globalThis.tutorLiveAll = true;"
# Every lesson laid out wherever it lies (tutor.css lays out a lesson only near the viewport), so a test
# can read any lesson's text (innerText is empty while it is not laid out). A constructed style sheet:
# the page's Content-Security-Policy allows no inline style, and this is not one.
EVERY_LESSON_LAID_OUT = """{ const sheet = new CSSStyleSheet();
  sheet.replaceSync("[data-lesson] { content-visibility: visible !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }"""

# A page that carries a live widget whatever the rules pages hold, in both languages.
WIDGET_PAGE = "widget-check"
WIDGET_PAGE_TEXT = {
    "en": "# Widget check\n\n```tutor\ndeal: fortunes-favour 1\n```\n",
    "de": "# Widget-Prüfung\n\n```tutor\ndeal: fortunes-favour 1\n```\n",
}


def build_site(workdir: Path, extra_pages: dict[str, str] | None = None, fast_boot: bool = True) -> Path:
    """Build the project's site with ``mkdocs build --strict`` into ``workdir/site``, from a copy
    of docs/ to which ``extra_pages`` ({"en/name.md": text}) are added. ``fast_boot=False``
    builds without the snapshot (TUTOR_FAST_BOOT=0). Returns the site folder."""
    docs = workdir / "docs"
    if docs.exists():
        shutil.rmtree(docs)
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("hooks", "__pycache__"))
    for name, text in (extra_pages or {}).items():
        (docs / name).write_text(text, encoding="utf-8")
    config = workdir / "mkdocs.yml"
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\n"
        f"docs_dir: {docs}\n"
        f"site_dir: {workdir / 'site'}\n"
        f"hooks:\n  - {ROOT / 'docs' / 'hooks' / 'tutor_hook.py'}\n"
        f"watch: []\n",
        encoding="utf-8",
    )
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if not fast_boot:
        env["TUTOR_FAST_BOOT"] = "0"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config)],
                            cwd=ROOT, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}")
    return workdir / "site"


def widget_pages() -> dict[str, str]:
    return {f"{lang}/{WIDGET_PAGE}.md": text for lang, text in WIDGET_PAGE_TEXT.items()}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: object) -> None:
        pass


class _StaticHostHandler(_Handler):
    """As a static host does: every missing path is answered with the site's ``404.html``, status 404."""

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@contextmanager
def serve(directory: Path, not_found_page: bool = False) -> Iterator[str]:
    """Serve ``directory`` on a free port of 127.0.0.1; yields the base URL (ending in /). With
    ``not_found_page`` a missing path gets the site's 404 page, as a static host serves it."""
    handler = functools.partial(_StaticHostHandler if not_found_page else _Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def show_lesson_part(page: Any, widget: Any, timeout_ms: int = 90_000) -> None:
    """Show the part of its lesson that holds ``widget`` (a guided example or the tasks of a section), as
    a learner does: press that part in the lesson's head once the lesson is live. A widget in no lesson,
    or in the part shown, is left as it is."""
    part = widget.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' tutor-lesson-part ')][1]")
    if not part.count() or part.is_visible():
        return
    lesson = part.locator("xpath=ancestor::*[@data-lesson][1]")
    page.wait_for_function("el => el.dataset.state === 'live'", arg=lesson.element_handle(), timeout=timeout_ms)
    lesson.locator(f':scope > .tutor-body > .tutor-lesson-head button[data-choice="{part.get_attribute("data-part")}"]'
                   ).click()
    part.wait_for(state="visible")
