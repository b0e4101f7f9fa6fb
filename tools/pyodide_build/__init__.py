"""Build-time Pyodide artefacts for a fast boot in the browser (issues 7 and 28).

Made by Pyodide's own CPython running under Node (``build.mjs`` next to this file):

* the standard library cut to what the engine and the boot import (computed from the tutor
  sources at every build), compiled to ``.pyc`` – passed to ``loadPyodide`` as ``stdLibURL``;
* the tutor archive with its modules compiled to ``.pyc`` (no sources, no command-line modules):
  a first visit imports the engine without compiling it;
* (tests and benchmarks only) a memory snapshot of an interpreter booted with that stdlib zip and
  with every module of ``tutor`` imported – zero pages left out, gzip-compressed (format described
  in boot.mjs), restored through ``_loadSnapshot`` (a private option, tied to the exact Pyodide
  build). The site makes none: a reader's browser makes its own after the first visit.

All are cached under ``build/pyodide/`` by a key over their inputs (the Pyodide build, ``build.mjs``
and the Python files it runs inside Pyodide, ``compile_pyc.py`` and ``import_tutor.py``, the tutor
archive's contents), so they are remade only when an input changes, and their file names carry a
hash of their content, so browsers may cache them for ever.

The MkDocs hook calls::

    stdlib = build_pyc_stdlib(out_dir, tutor_zip_path)     # the archive of the tutor sources
    archive = build_tutor_archive(out_dir, tutor_zip_path)
    # "python_stdlib-pyc-<hash>.zip", "tutor-pyc-<hash>.zip"

serves both files next to the Pyodide files, and hands their names to the worker, which passes
them to ``bootTutor`` in ``docs/assets/js/boot.mjs`` (``pycStdlibURL``, ``tutorZipURL``). A second
call with the same inputs is a cache hit that only copies the files (well under a second).
Failures raise PyodideBuildError; the page then still boots by the plain path.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PYODIDE_DIR = REPO_ROOT / "node_modules" / "pyodide"
DEFAULT_CACHE_DIR = REPO_ROOT / "build" / "pyodide"
BUILD_SCRIPT = Path(__file__).with_name("build.mjs")
# The Python build.mjs runs inside Pyodide; with build.mjs, a part of every cache key.
PYTHON_FILES = (Path(__file__).with_name("compile_pyc.py"), Path(__file__).with_name("import_tutor.py"))
# build.mjs unpacks tutor with boot.mjs's own function, so the worker's unpacking matches the snapshot's.
BOOT_SCRIPT = REPO_ROOT / "docs" / "assets" / "js" / "boot.mjs"

STDLIB_PREFIX = "python_stdlib-pyc-"
TUTOR_PREFIX = "tutor-pyc-"
SNAPSHOT_PREFIX = "tutor-snapshot-"
HASH_LENGTH = 16
# Entries kept per kind: the site build, the tests and a dev server may each want their own.
CACHE_ENTRIES_KEPT = 4
# the runtime id of the tests' "foreign" snapshot (one a browser must refuse); one id, so one cache entry
FOREIGN_BUILD_ID = "ab" * 32
PRUNE_GRACE_SECONDS = 3600

log = logging.getLogger(__name__)


class PyodideBuildError(RuntimeError):
    """A build step failed; the message carries the end of Node's error output."""


def pyodide_build_id(pyodide_dir: Path | str = DEFAULT_PYODIDE_DIR) -> str:
    """The runtime's BUILD_ID, which a memory snapshot must carry to be restored."""
    source = (Path(pyodide_dir) / "pyodide.mjs").read_text(encoding="utf-8")
    match = re.search(r'BUILD_ID:"([0-9a-f]{64})"', source)
    if not match:
        raise PyodideBuildError(f"no BUILD_ID in {pyodide_dir}/pyodide.mjs")
    return match.group(1)


def build_pyc_stdlib(out_dir: Path | str, tutor_zip_path: Path | str | None = None, *,
                     pyodide_dir: Path | str = DEFAULT_PYODIDE_DIR, cache_dir: Path | str = DEFAULT_CACHE_DIR) -> str:
    """Put the .pyc standard library zip into ``out_dir``; returns its content-hashed file name.

    With ``tutor_zip_path`` only the modules that archive can import are kept (see build.mjs:
    what is loaded once tutor is imported, plus the static import graph of its sources);
    without it, the whole standard library."""
    return _build_pyc_stdlib(Path(out_dir), Path(pyodide_dir), Path(cache_dir),
                             Path(tutor_zip_path) if tutor_zip_path else None).name


def build_tutor_archive(out_dir: Path | str, tutor_zip_path: Path | str, *,
                        pyodide_dir: Path | str = DEFAULT_PYODIDE_DIR,
                        cache_dir: Path | str = DEFAULT_CACHE_DIR) -> str:
    """Put the compiled tutor archive (``.pyc`` modules, the other files as they are, members
    stored) made from the archive of sources ``tutor_zip_path`` into ``out_dir``; returns its
    content-hashed file name."""
    pyodide_dir, tutor_zip_path = Path(pyodide_dir), Path(tutor_zip_path)
    key = _key(
        "tutor-pyc",
        pyodide_build_id(pyodide_dir),
        _zip_contents_digest(tutor_zip_path),
        _file_digest(BUILD_SCRIPT),
        *map(_file_digest, PYTHON_FILES),
        _file_digest(BOOT_SCRIPT),
    )

    def make(target: Path) -> dict:
        return _run_node(["tutor-pyc", "--pyodide", pyodide_dir, "--tutor-zip", tutor_zip_path, "--out", target])

    return _cached(Path(cache_dir), key, TUTOR_PREFIX, ".zip", make, Path(out_dir)).name


def build_snapshot(out_dir: Path | str, tutor_zip_path: Path | str, *,
                   modules: Sequence[str] = (), pyodide_dir: Path | str = DEFAULT_PYODIDE_DIR,
                   cache_dir: Path | str = DEFAULT_CACHE_DIR, build_id: str | None = None) -> dict[str, str]:
    """Put the .pyc stdlib zip and the memory snapshot made with it into ``out_dir``.

    ``modules`` are imported before the snapshot is taken (default: every ``tutor`` module but
    command-line ones). ``build_id`` overrides the runtime's id (tests make a foreign snapshot
    with it). Returns ``{"stdlib": name, "snapshot": name}``, file names relative to ``out_dir``.
    """
    out_dir, pyodide_dir, cache_dir = Path(out_dir), Path(pyodide_dir), Path(cache_dir)
    stdlib = _build_pyc_stdlib(out_dir, pyodide_dir, cache_dir, Path(tutor_zip_path))
    key = _key(
        "snapshot",
        build_id or pyodide_build_id(pyodide_dir),
        stdlib.name,
        _zip_contents_digest(Path(tutor_zip_path)),
        ",".join(modules),
        _file_digest(BUILD_SCRIPT),
        *map(_file_digest, PYTHON_FILES),
        _file_digest(BOOT_SCRIPT),
    )

    def make(target: Path) -> dict:
        command = ["snapshot", "--pyodide", pyodide_dir, "--stdlib", stdlib, "--tutor-zip", tutor_zip_path,
                   "--out", target]
        if modules:
            command += ["--import", ",".join(modules)]
        if build_id:
            command += ["--build-id", build_id]
        return _run_node(command)

    snapshot = _cached(cache_dir, key, SNAPSHOT_PREFIX, ".bin.gz", make, out_dir)
    return {"stdlib": stdlib.name, "snapshot": snapshot.name}


def _build_pyc_stdlib(out_dir: Path, pyodide_dir: Path, cache_dir: Path, tutor_zip_path: Path | None) -> Path:
    key = _key(
        "pyc-stdlib",
        pyodide_build_id(pyodide_dir),
        _file_digest(pyodide_dir / "python_stdlib.zip"),
        _file_digest(BUILD_SCRIPT),
        *map(_file_digest, PYTHON_FILES),
        _file_digest(BOOT_SCRIPT),
        _zip_contents_digest(tutor_zip_path) if tutor_zip_path else "whole",
    )

    def make(target: Path) -> dict:
        command = ["pyc-stdlib", "--pyodide", pyodide_dir, "--out", target]
        if tutor_zip_path:
            command += ["--tutor-zip", tutor_zip_path]
        return _run_node(command)

    return _cached(cache_dir, key, STDLIB_PREFIX, ".zip", make, out_dir)


def _cached(cache_dir: Path, key: str, prefix: str, suffix: str, make, out_dir: Path) -> Path:
    """The artefact for ``key`` copied into ``out_dir``, made first if the cache lacks it.

    Cache layout: ``<cache_dir>/<prefix><key>/<prefix><content hash><suffix>``; once a new entry
    is made, only the CACHE_ENTRIES_KEPT newest of its kind stay. Builds may run side by side on
    one cache (a site build beside the tests'): each makes its file in a folder of its own and
    moves it into place in one step, pruning spares entries another build may be using, and an
    entry pruned between finding and copying it is made again.
    """
    entry = cache_dir / f"{prefix}{key}"
    for _ in range(2):
        found = sorted(entry.glob(f"{prefix}*{suffix}")) if entry.is_dir() else []
        artefact = found[0] if found else _make_entry(cache_dir, entry, prefix, suffix, make)
        try:
            os.utime(entry)  # most recently used: kept longest
            return _copy_into(artefact, out_dir)
        except FileNotFoundError:
            continue  # another build pruned the entry just now
    raise PyodideBuildError(f"the cache entry {entry} keeps disappearing (another build pruning it?)")


def _make_entry(cache_dir: Path, entry: Path, prefix: str, suffix: str, make) -> Path:
    cache_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".making-{prefix}", dir=cache_dir))
    try:
        made = work / f"made{suffix}"
        report = make(made)
        log.info("made %s in %.1f s (%s bytes)", prefix.rstrip("-"), report.get("seconds", 0), report.get("bytes"))
        entry.mkdir(exist_ok=True)
        artefact = entry / f"{prefix}{_file_digest(made)[:HASH_LENGTH]}{suffix}"
        os.replace(made, artefact)  # atomic: a reader sees the whole file or none
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _prune(cache_dir, prefix, keep=entry)
    return artefact


def _prune(cache_dir: Path, prefix: str, keep: Path) -> None:
    """Only the CACHE_ENTRIES_KEPT newest entries of a kind stay; one used in the last
    PRUNE_GRACE_SECONDS stays too (a build beside this one may be reading it)."""
    now = time.time()
    entries = []
    for candidate in cache_dir.glob(f"{prefix}*"):
        try:
            if candidate.is_dir():
                entries.append((candidate.stat().st_mtime, candidate))
        except FileNotFoundError:
            pass
    entries.sort(reverse=True)
    for mtime, stale in entries[CACHE_ENTRIES_KEPT:]:
        if stale != keep and now - mtime > PRUNE_GRACE_SECONDS:
            shutil.rmtree(stale, ignore_errors=True)


def _copy_into(artefact: Path, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / artefact.name
    if not target.exists() or target.stat().st_size != artefact.stat().st_size:
        partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
        shutil.copyfile(artefact, partial)
        os.replace(partial, target)
    return target


def _run_node(arguments: list) -> dict:
    node = shutil.which("node")
    if node is None:
        raise PyodideBuildError("node is not installed; it runs Pyodide at build time")
    result = subprocess.run([node, str(BUILD_SCRIPT), *map(str, arguments)], capture_output=True, text=True)
    if result.returncode != 0:
        raise PyodideBuildError(f"{' '.join(map(str, arguments[:1]))} failed:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def _key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:HASH_LENGTH]


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _zip_contents_digest(path: Path) -> str:
    """A digest of member names and bytes only, so an archive re-zipped with new timestamps matches.

    The archive may be gzip-compressed as a whole (boot.mjs unpacks both forms)."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    digest = hashlib.sha256()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in sorted(archive.infolist(), key=lambda i: i.filename):
            digest.update(info.filename.encode() + b"\0" + archive.read(info) + b"\0")
    return digest.hexdigest()
