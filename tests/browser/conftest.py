"""One built site and one Chromium for all browser tests.

The tests' browser brings every widget of a page to life and lays out every lesson
(``EVERY_WIDGET_LIVE`` and ``EVERY_LESSON_LAID_OUT`` in each context it makes), as every page did
before issue 44, so a test can wait for any widget and read any lesson wherever it lies; a reader's
page wakes a widget and lays out a lesson only near the viewport: ``browser.reader_context()`` makes
a context as a reader's browser is (tests/browser/test_lazy_live.py, test_continue_browser.py).

A test's context registers no service worker unless the test asks for one
(``service_workers="allow"``: the offline copy's tests, and the tests that watch a whole visit for
errors): the worker's precache of every page costs each context about a second of the browser's
time, and the other tests never use it."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Any

import pytest
from site_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    EVERY_LESSON_LAID_OUT,
    EVERY_WIDGET_LIVE,
    build_site,
    serve,
    widget_pages,
)


def _build_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site with the widget pages, built once per run: under pytest-xdist the first worker to
    ask builds it into the run's shared temporary folder and the others wait for it."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return build_site(tmp_path_factory.mktemp("site-build"), widget_pages())
    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / "site-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        made = shared / "site-build.done"
        if not made.exists():
            made.write_text(str(build_site(shared / "site-build", widget_pages())), encoding="utf-8")
        return Path(made.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = _build_once(tmp_path_factory)
    # Every browser test runs under the site's Content-Security-Policy: the build writes it into
    # every page (tests/browser/test_csp.py checks it in detail and that nothing violates it).
    missing = [str(p) for p in site.rglob("*.html")
               if 'http-equiv="Content-Security-Policy"' not in p.read_text("utf-8")]
    if missing:
        pytest.fail(f"pages without the Content-Security-Policy: {missing[:5]}")
    return site


@pytest.fixture(scope="session")
def base_url(built_site: Path) -> str:
    with serve(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"the browser tests need Debian's chromium at {CHROMIUM} (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield EveryWidgetLive(browser)
        browser.close()


class EveryWidgetLive:
    """The browser, whose ``new_context`` brings every widget of a page to life."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("service_workers", "block")
        context = self._browser.new_context(**options)
        context.add_init_script(EVERY_WIDGET_LIVE)
        context.add_init_script(EVERY_LESSON_LAID_OUT)
        return context

    def reader_context(self, **options: Any) -> Any:
        """A context as a reader's browser is: widgets wake near the viewport."""
        options.setdefault("service_workers", "block")
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)
