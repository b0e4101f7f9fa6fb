"""The MkDocs hook: directives fail the build with a message naming page, line and fix; the
engine files land in the site; the build writes nothing where `mkdocs serve` watches."""

from __future__ import annotations

import subprocess
import sys
import zipfile

import pytest
from site_server import ROOT, build_site

PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}


BROKEN_BLOCKS = [  # (the block, the fix its message gives); the unclosed one last: it runs to the page's end
    ("```tutor\ndeal fortunes-favour 1\n```", "is not a directive; write one of: deal: <game-id> [variant] <n>"),
    ("```tutor\ndeal: fortunes-favour\n```", "write deal: <game-id> [variant] <n>, e.g. deal: fortunes-favour 1"),
    ("```tutor\ndeal: no-such-game 1\n```", 'there is no game "no-such-game"'),
    ("```tutor\npicture: no-such-scenario\n```", 'there is no scenario "no-such-scenario"; known scenarios:'),
    ("```tutor\n```", "the tutor block is empty"),
    ("```tutor\ndeal: fortunes-favour 1\n", "tutor block is not closed"),
]


def test_every_bad_tutor_block_is_named_with_page_line_and_fix_and_the_build_stops(tmp_path):
    """One build with six broken blocks: each is named (page, line, what to write instead), then the
    strict build fails, so an author sees every broken block at once."""
    text, lines = "# Broken\n\nSome text.\n", []
    for block, _fix in BROKEN_BLOCKS:
        text += "\n"
        lines.append(text.count("\n") + 1)
        text += block + "\n"
    with pytest.raises(RuntimeError) as caught:
        build_site(tmp_path, {"en/broken.md": text, "de/broken.md": "# Kaputt\n"})
    message = str(caught.value)
    for (_block, fix), line in zip(BROKEN_BLOCKS, lines, strict=True):
        assert f"en/broken.md, line {line}: tutor block" in message, (line, message[-2000:])
        assert fix in message, fix


def test_the_site_carries_pyodide_and_the_tutor_archive(built_site):
    """The engine ships compiled (tools/pyodide_build): every module a page can import as .pyc (no
    sources, no command-line modules) with the compiled catalogs; Pyodide's lock file without the
    packages the site never loads."""
    import json

    engine = built_site / "assets" / "engine"
    assert PYODIDE_FILES <= {p.name for p in engine.iterdir()}
    (archive_path,) = engine.glob("tutor-pyc-*.zip")
    assert not (engine / "tutor.zip").exists()  # the sources would be a file nobody loads
    with zipfile.ZipFile(archive_path) as archive:
        names = set(archive.namelist())
    assert {"tutor/__init__.pyc", "tutor/web/protocol.pyc", "tutor/web/render/__init__.pyc", "tutor/i18n.pyc",
            "tutor/_locales/de/LC_MESSAGES/tutor.mo"} <= names
    assert not any("__pycache__" in name or name.endswith(".py") for name in names)
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tutor").rglob("*.py") if "__pycache__" not in p.parts}
    for_pages = {s for s in sources
                 if not any(part.startswith("cli") or part == "__main__.py" for part in s.split("/")[1:])}
    assert {n[:-1] for n in names if n.endswith(".pyc")} == for_pages
    lock = json.loads((engine / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"]["abi_version"]


def test_widget_pages_load_the_page_script_and_others_do_not(built_site):
    assert 'src="../assets/js/tutor.js?v=' in (built_site / "widget-check" / "index.html").read_text()
    assert 'src="../../assets/js/tutor.js?v=' in (built_site / "de" / "widget-check" / "index.html").read_text()
    assert "tutor.js" not in (built_site / "about" / "index.html").read_text()


def test_building_writes_nothing_into_watched_folders(tmp_path):
    """`mkdocs serve` rebuilds when a watched file changes, so a build that wrote one would loop.
    (Catalogs are compiled first: a changed .po rightly gives one new .mo, once.)"""
    subprocess.run([sys.executable, "tools/catalogs.py", "compile"], cwd=ROOT, check=True)
    watched = [ROOT / "docs", ROOT / "tutor", ROOT / "locales"]
    def snapshot():
        return {p: p.stat().st_mtime_ns for folder in watched for p in folder.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts}
    before = snapshot()
    build_site(tmp_path)
    assert snapshot() == before
