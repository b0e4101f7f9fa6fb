"""The tutor archive under Pyodide in Node: the real runtime the browser uses, booted by the
worker's own boot code with the standard library the site ships (trimmed at build time to what
the engine imports, tools/pyodide_build). It imports, draws, and speaks German and English —
exactly as CPython does."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.i18n import Text
from tutor.web.protocol import Session

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "tests" / "node" / "engine_answers.mjs"

REQUESTS = [
    {"widget": "w1", "action": "open", "spec": "deal: fortunes-favour 1", "lang": "de"},
    {"widget": "w1", "action": "next-deal"},
    {"widget": "w1", "action": "fly"},
    {"widget": "w2", "action": "open", "spec": "deal: fortunes-favour 1", "lang": "en"},
    {"widget": "w2", "action": "previous-deal"},
    {"widget": "w3", "action": "open", "spec": "deal: no-such-game 1", "lang": "de"},
    {"widget": "w4", "action": "open", "spec": "deal: queens-audience 3", "lang": "de"},
    {"widget": "w5", "action": "open", "spec": "deal: forty-thieves 3", "lang": "en"},
]


def load_hook():
    spec = importlib.util.spec_from_file_location("tutor_hook", ROOT / "docs" / "hooks" / "tutor_hook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pyodide_answers(tmp_path_factory) -> dict:
    if shutil.which("node") is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        pytest.fail("needs node and node_modules/pyodide (make test runs npm ci)")
    subprocess.run([sys.executable, str(ROOT / "tools" / "catalogs.py"), "compile"], check=True)
    work = tmp_path_factory.mktemp("node-engine")
    archive = work / "tutor.zip"
    archive.write_bytes(load_hook().build_archive(ROOT / "tutor"))  # the very archive the site ships
    from tools.pyodide_build import build_pyc_stdlib

    stdlib = work / build_pyc_stdlib(work, archive)  # cached in build/pyodide/ like the site's
    requests = work / "requests.json"
    requests.write_text(json.dumps(REQUESTS), encoding="utf-8")
    result = subprocess.run(["node", str(RUNNER), "--pyodide", str(PYODIDE_DIR), "--tutor-zip", str(archive),
                             "--requests", str(requests), "--stdlib", str(stdlib)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_it_runs_on_the_trimmed_standard_library(pyodide_answers):
    assert pyodide_answers["path"] == "pyc"
    assert "unittest" not in pyodide_answers["stdlib"] and "tkinter" not in pyodide_answers["stdlib"]
    assert "gettext" in pyodide_answers["stdlib"] and "json" in pyodide_answers["stdlib"]


def test_it_is_really_pyodide(pyodide_answers):
    assert pyodide_answers["platform"] == "emscripten"


def test_pyodide_answers_exactly_as_cpython(pyodide_answers):
    session = Session()
    expected = [session.handle(dict(request)) for request in REQUESTS]
    assert pyodide_answers["answers"] == expected


def test_it_speaks_german_and_english(pyodide_answers):
    german, _, refused, english = pyodide_answers["answers"][:4]
    assert 'aria-label="Kreuz-Ass"' in german["html"] and ">Nächstes Spiel<" in german["html"]
    assert 'aria-label="Ace of clubs"' in english["html"] and ">Next deal<" in english["html"]
    assert refused["ok"] is False
    assert refused["message"] == Text("ui", 'this part of the page cannot do "{action}"', action="fly").render("de")
    assert refused["message"] != Text("ui", 'this part of the page cannot do "{action}"', action="fly").render("en")
    unknown_game = pyodide_answers["answers"][5]
    assert unknown_game["ok"] is False and "no-such-game" in unknown_game["message"]
