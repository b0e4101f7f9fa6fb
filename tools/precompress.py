"""Precompressed siblings for the built site: ``name.br`` and ``name.gz`` next to each large file.

A static host that serves precompressed files (nginx ``gzip_static``/``brotli_static``, Caddy
``file_server { precompressed br gzip }``, Apache with the rewrite rules in README.md, …) sends
them with ``Content-Encoding`` to browsers that accept it; the browser inflates them itself. The
engine files load the same either way (boot.mjs tells a gzip snapshot from an inflated one by its
first bytes).

gzip comes from Python's standard library; brotli from the ``brotli`` package (the ``docs``
extras) and is skipped, with a note in the log, where it is not installed. Brotli at its best
setting is slow (half a minute for the Pyodide wasm), so results are cached in ``build/`` by
content; pages use a faster setting.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import threading
from pathlib import Path

try:
    import brotli
except ImportError:  # pragma: no cover - the docs extras install it
    brotli = None

ROOT = Path(__file__).resolve().parents[1]
CACHE_DIR = ROOT / "build" / "precompressed"
SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".zip", ".svg", ".xml", ".txt"}
MIN_BYTES = 4096
WORTH_IT = 0.9  # a sibling is written only when it is at most this share of the file
PAGE_QUALITY, ASSET_QUALITY = 9, 11  # brotli; pages change with every engine edit, assets rarely

log = logging.getLogger("mkdocs.hooks.tutor")


def _compressed(data: bytes, kind: str, quality: int, cache_dir: Path) -> bytes:
    key = hashlib.sha256(data).hexdigest()[:32]
    cached = cache_dir / f"{key}-{kind}{quality}"
    if cached.is_file():
        return cached.read_bytes()
    if kind == "br":
        result = brotli.compress(data, quality=quality)
    else:
        result = gzip.compress(data, compresslevel=quality, mtime=0)
    cache_dir.mkdir(parents=True, exist_ok=True)
    # builds side by side share the cache: each writes its own partial file, then moves it in place
    partial = cached.with_name(f".{cached.name}.{os.getpid()}-{threading.get_ident()}.partial")
    partial.write_bytes(result)
    partial.replace(cached)
    return result


def write_precompressed(site_dir: Path | str, cache_dir: Path | str = CACHE_DIR) -> dict[str, int]:
    """Write the siblings for every large compressible file under ``site_dir`` (stale ones go).

    Returns bytes per kind: ``{"files": n, "raw": …, "gz": …, "br": …}`` (``br`` 0 without brotli)."""
    site_dir, cache_dir = Path(site_dir), Path(cache_dir)
    for stale in [*site_dir.rglob("*.br"),
                  *(p for p in site_dir.rglob("*.gz") if p.with_suffix("").suffix in SUFFIXES)]:
        stale.unlink()
    totals = {"files": 0, "raw": 0, "gz": 0, "br": 0}
    kinds = ["gz"] + (["br"] if brotli is not None else [])
    if brotli is None:
        log.info("tutor: the brotli package is not installed: writing .gz siblings only (pip install brotli)")
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix not in SUFFIXES or path.stat().st_size < MIN_BYTES:
            continue
        data = path.read_bytes()
        counted = False
        for kind in kinds:
            quality = 9 if kind == "gz" else PAGE_QUALITY if path.suffix == ".html" else ASSET_QUALITY
            packed = _compressed(data, kind, quality, cache_dir)
            if len(packed) > WORTH_IT * len(data):
                continue
            path.with_name(f"{path.name}.{kind}").write_bytes(packed)
            totals[kind] += len(packed)
            counted = True
        if counted:
            totals["files"] += 1
            totals["raw"] += len(data)
    return totals
