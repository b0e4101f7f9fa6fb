"""A minimal page + module worker that boots Pyodide through docs/assets/js/boot.mjs, served from a
temporary folder on 127.0.0.1, for the fast-boot benchmark and browser tests.

The page sets ``data-state="live"`` and ``data-boot=<path>`` on <html> when the worker has booted
and imported the engine, and leaves the worker's report in ``window.__boot`` (``live_ms`` is the time
since navigation started). Only the standard library and Playwright are used.
"""

from __future__ import annotations

import gzip
import http.server
import io
import json
import os
import shutil
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from . import DEFAULT_PYODIDE_DIR, REPO_ROOT

BOOT_SCRIPT = REPO_ROOT / "docs" / "assets" / "js" / "boot.mjs"
ANSWERS_SCRIPT = REPO_ROOT / "tests" / "boot_answers.py"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run",
]
# Which boot paths a page tries for ?path=…: the asked one first, then the ones it falls back to.
PATH_ORDERS = {"snapshot": ["snapshot", "pyc", "plain"], "pyc": ["pyc", "plain"], "plain": ["plain"]}

PAGE_HTML = """<!doctype html>
<html lang="en" data-state="static">
<head><meta charset="utf-8"><title>Pyodide boot</title><link rel="icon" href="data:,"></head>
<body>
<script type="module">
const worker = new Worker(`worker.mjs${location.search}`, { type: "module" });
worker.onmessage = ({ data }) => {
  if (data.type === "answers") {
    window.__answers = data.answers;
    return;
  }
  window.__boot = { ...data, live_ms: performance.now() };
  if (data.worker_origin) window.__boot.worker_created_ms = data.worker_origin - performance.timeOrigin;
  document.documentElement.dataset.boot = data.path ?? "";
  document.documentElement.dataset.state = data.type === "live" ? "live" : "failed";
};
</script>
</body>
</html>
"""

WORKER_JS = """import { bootTutor } from "./boot.mjs";

const evaluatedAt = performance.now(); // since this worker was created

const CONFIG = __CONFIG__;
const ANSWERS = __ANSWERS__;
const params = new URLSearchParams(location.search);
const here = (name) => new URL(name, location.href).href;
try {
  const booted = await bootTutor({
    indexURL: here("pyodide/"),
    tutorZipURL: here("tutor.zip"),
    pycStdlibURL: CONFIG.stdlib && here(`pyodide/${CONFIG.stdlib}`),
    snapshotURL: CONFIG.snapshot && here(`pyodide/${CONFIG.snapshot}`),
    paths: CONFIG.orders[params.get("path") ?? "snapshot"],
  });
  booted.pyodide.pyimport(CONFIG.readyImport).destroy(); // the module name as a value, not spliced into source
  postMessage({
    type: "live",
    path: booted.path,
    fallbacks: booted.fallbacks,
    worker_ms: booted.timings.milliseconds,
    worker_origin: performance.timeOrigin,
    worker_evaluated_ms: evaluatedAt,
    timings: booted.timings,
    wasm_bytes: booted.pyodide._module.HEAP8.length,
  });
  if (params.has("answers")) {
    postMessage({ type: "answers", answers: JSON.parse(booted.pyodide.runPython(ANSWERS)) });
  }
} catch (error) {
  postMessage({ type: "failed", message: String(error?.message ?? error) });
}
"""


def make_site(site_dir: Path, tutor_zip: Path, stdlib_pyc: Path | None, snapshot: Path | None,
              pyodide_dir: Path = DEFAULT_PYODIDE_DIR) -> Path:
    """Lay out the test page, its worker, boot.mjs, the Pyodide files and the artefacts."""
    (site_dir / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide_dir / name, site_dir / "pyodide" / name)
    for artefact in (stdlib_pyc, snapshot):
        if artefact is not None:
            shutil.copyfile(artefact, site_dir / "pyodide" / artefact.name)
    shutil.copyfile(tutor_zip, site_dir / "tutor.zip")
    shutil.copyfile(BOOT_SCRIPT, site_dir / "boot.mjs")
    data = tutor_zip.read_bytes()
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)) as archive:
        has_session = "tutor/web/protocol.py" in archive.namelist()
    config = {
        "stdlib": stdlib_pyc.name if stdlib_pyc else None,
        "snapshot": snapshot.name if snapshot else None,
        "orders": PATH_ORDERS,
        "readyImport": "tutor.web.protocol" if has_session else "tutor",
    }
    worker = WORKER_JS.replace("__CONFIG__", json.dumps(config)).replace(
        "__ANSWERS__", json.dumps(ANSWERS_SCRIPT.read_text(encoding="utf-8")))
    (site_dir / "worker.mjs").write_text(worker, encoding="utf-8")
    (site_dir / "index.html").write_text(PAGE_HTML, encoding="utf-8")
    return site_dir


@dataclass
class ServedSite:
    """What the server did: bytes sent per path since the last reset, and per-path overrides."""

    base_url: str
    sent: dict[str, int] = field(default_factory=dict)
    # path → (status, body): serve this instead of the file (blocked or corrupted artefacts).
    overrides: dict[str, tuple[int, bytes]] = field(default_factory=dict)
    # path → extra response headers (e.g. a Content-Security-Policy for the worker script).
    headers: dict[str, dict[str, str]] = field(default_factory=dict)
    # bytes per path fetched by the site's service worker (its precache: Referer …/sw.js)
    sent_to_service_worker: dict[str, int] = field(default_factory=dict)
    # every response since the last reset: (time.time() when the request came, path, query, bytes,
    # fetched by the service worker)
    log: list[tuple[float, str, str, int, bool]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()
            self.sent_to_service_worker.clear()
            self.log.clear()

    def bytes_requested_before(self, wall_time: float) -> int:
        """Bytes of every response (pages and service worker) whose request came before
        ``wall_time`` (``time.time()``), counted whole."""
        with self.lock:
            return sum(size for started, _, _, size, _ in self.log if started < wall_time)

    def fetched_twice(self) -> dict[str, int]:
        """Files (paths, whatever the query) sent with a body more than once since the last reset."""
        with self.lock:
            counts: dict[str, int] = {}
            for _, path, _, size, _ in self.log:
                if size:
                    counts[path] = counts.get(path, 0) + 1
        return {path: count for path, count in counts.items() if count > 1}

    def bytes_sent(self, prefix: str = "") -> int:
        """Bytes the pages (not the service worker) were sent, for paths starting with ``prefix``."""
        with self.lock:
            return sum(size for path, size in self.sent.items() if path.startswith(prefix))

    def bytes_sent_to_service_worker(self) -> int:
        with self.lock:
            return sum(self.sent_to_service_worker.values())


@contextmanager
def serve(site_dir: Path, cache_seconds: int = 600, precompressed: bool = False) -> Iterator[ServedSite]:
    """Serve ``site_dir`` on 127.0.0.1 (a free port) with ``Cache-Control: max-age`` like GitHub Pages.

    ``precompressed``: like a host that serves precompressed files (nginx ``brotli_static`` and
    ``gzip_static``), answer with ``name.br`` or ``name.gz`` and ``Content-Encoding`` when the
    browser accepts it and the build wrote that sibling."""
    state = ServedSite(base_url="")

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
            ".gz": "application/octet-stream", ".zip": "application/zip", ".json": "application/json",
        }

        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(site_dir), **kwargs)

        def log_message(self, *args) -> None:
            pass

        def end_headers(self) -> None:
            self.send_header("Cache-Control", f"max-age={cache_seconds}")
            for name, value in state.headers.get(self.path.split("?", 1)[0], {}).items():
                self.send_header(name, value)
            super().end_headers()

        def do_GET(self) -> None:
            self.started = time.time()
            path = self.path.split("?", 1)[0]
            override = state.overrides.get(path)
            if override is None:
                if precompressed and self._send_precompressed(path):
                    return None
                return super().do_GET()
            status, body = override
            self.send_response(status)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            self._count(path, len(body))

        def copyfile(self, source, outputfile) -> None:
            start = source.tell()
            super().copyfile(source, outputfile)
            self._count(self.path.split("?", 1)[0], source.tell() - start)

        def _send_precompressed(self, path: str) -> bool:
            file = Path(self.translate_path(path))
            if file.is_dir():
                file = file / "index.html"
            accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                sibling = file.with_name(file.name + suffix)
                if encoding in accepted and file.is_file() and sibling.is_file():
                    body = sibling.read_bytes()
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(str(file)))
                    self.send_header("Content-Encoding", encoding)
                    self.send_header("Vary", "Accept-Encoding")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    self._count(path, len(body))
                    return True
            return False

        def _count(self, path: str, size: int) -> None:
            by_worker = self.headers.get("Referer", "").split("?", 1)[0].endswith("/sw.js")
            query = self.path.split("?", 1)[1] if "?" in self.path else ""
            with state.lock:
                sent = state.sent_to_service_worker if by_worker else state.sent
                sent[path] = sent.get(path, 0) + size
                state.log.append((getattr(self, "started", time.time()), path, query, size, by_worker))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state.base_url = f"http://127.0.0.1:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def browser_memory_bytes() -> int:
    """Proportional set size of every process this Python process started (the browser)."""
    total = 0
    for pid in _descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                for line in rollup:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
        except OSError:
            continue
    return total


class MemorySampler:
    """Samples browser_memory_bytes() in a thread; ``peak`` is the highest sample."""

    def __init__(self, interval: float = 0.05) -> None:
        self.interval = interval
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, browser_memory_bytes())
            self._stop.wait(self.interval)

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, browser_memory_bytes())


def launch_profile(playwright, profile_dir: Path):
    """A fresh Chromium profile (empty HTTP and code caches)."""
    return playwright.chromium.launch_persistent_context(
        str(profile_dir), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def visit(page, url: str, timeout_ms: int = 120_000, answers: bool = False) -> dict:
    """Navigate and wait until the page is live (or failed); the worker's report plus live_ms.

    With ``answers`` the worker also runs tests/boot_answers.py after going live (not timed).
    """
    if answers:
        url += ("&" if "?" in url else "?") + "answers"
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.state !== 'static'", timeout=timeout_ms)
    report = page.evaluate("window.__boot")
    report["state"] = page.evaluate("document.documentElement.dataset.state")
    report["data_boot"] = page.evaluate("document.documentElement.dataset.boot")
    if answers and report["state"] == "live":
        page.wait_for_function("window.__answers !== undefined", timeout=timeout_ms)
        report["answers"] = page.evaluate("window.__answers")
    return report


def zip_tutor_package(target: Path, package_dir: Path = REPO_ROOT / "tutor", *, gzipped: bool = False) -> Path:
    """tutor/ as an archive with a top-level ``tutor/`` folder, without bytecode caches.

    ``gzipped``: stored (uncompressed) members, the whole archive gzip-compressed – smaller, and
    boot.mjs unpacks it with one inflation instead of one per member.
    """
    buffer = io.BytesIO()
    compression = zipfile.ZIP_STORED if gzipped else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for path in sorted(package_dir.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                archive.write(path, (Path(package_dir.name) / path.relative_to(package_dir)).as_posix())
    data = buffer.getvalue()
    target.write_bytes(gzip.compress(data, 9, mtime=0) if gzipped else data)
    return target


def settle(seconds: float = 1.0) -> None:
    """Give the browser time to write its caches between visits."""
    time.sleep(seconds)
