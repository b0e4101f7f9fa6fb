"""Fast Pyodide boot (issue 7): build-time artefacts and the boot fallback chain, under Node.

The snapshot and the .pyc stdlib are made from the current ``tutor/`` package; each boot path
(docs/assets/js/boot.mjs) must give the same answers (tests/boot_answers.py) as host CPython.
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tools.pyodide_build import (
    DEFAULT_CACHE_DIR,
    DEFAULT_PYODIDE_DIR,
    FOREIGN_BUILD_ID,
    SNAPSHOT_PREFIX,
    STDLIB_PREFIX,
    TUTOR_PREFIX,
    build_pyc_stdlib,
    build_snapshot,
    build_tutor_archive,
    pyodide_build_id,
)
from tools.pyodide_build.browser_harness import zip_tutor_package

REPO = Path(__file__).resolve().parents[1]
BOOT_RUNNER = REPO / "tests" / "node" / "boot_answers.mjs"
ANSWERS_SCRIPT = REPO / "tests" / "boot_answers.py"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (DEFAULT_PYODIDE_DIR / "pyodide.mjs").exists(),
    reason="needs node and the npm pyodide package (npm ci)",
)


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("fastboot")
    tutor_zip = zip_tutor_package(work / "tutor.zip")
    out = work / "site"
    # through the project's build cache (build/pyodide), which the browser tests' site build shares
    names = build_snapshot(out, tutor_zip)
    snapshot = out / names["snapshot"]
    truncated = work / "truncated.bin.gz"
    truncated.write_bytes(snapshot.read_bytes()[: 100_000])
    flipped = bytearray(snapshot.read_bytes())
    flipped[len(flipped) // 2] ^= 0xFF
    (work / "flipped.bin.gz").write_bytes(bytes(flipped))
    foreign = build_snapshot(work / "foreign", tutor_zip, build_id=FOREIGN_BUILD_ID)
    compiled = out / build_tutor_archive(out, tutor_zip)
    return {
        "compiled": compiled,
        "work": work,
        "tutor_zip": tutor_zip,
        "cache": DEFAULT_CACHE_DIR,
        "stdlib": out / names["stdlib"],
        "snapshot": snapshot,
        "truncated": truncated,
        "flipped": work / "flipped.bin.gz",
        "foreign": work / "foreign" / foreign["snapshot"],
        "missing": work / "missing.bin.gz",
        # what the boot reads when the host sent the file with Content-Encoding: gzip
        "inflated": _write(work / "inflated.bin.gz", gzip.decompress(snapshot.read_bytes())),
    }


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def host_answers() -> dict:
    result = subprocess.run(
        [sys.executable, "-c", f"exec(open({str(ANSWERS_SCRIPT)!r}).read()); print(json.dumps(_answers()))"],
        cwd=REPO, capture_output=True, text=True, check=True,
    )
    return json.loads(result.stdout)


def boot(artefacts: dict[str, Path], paths: str, snapshot: str = "snapshot", *, archive: str = "tutor_zip",
         stdlib: Path | None = None, store: Path | None = None, key: str = "", keep: bool = False,
         import_all: bool = False) -> dict:
    """Boot under Node through boot.mjs (tests/node/boot_answers.mjs). ``store``/``key``: a stand-in
    for the browser's Cache Storage and the key of this engine's snapshot (instead of a build-time
    snapshot); ``keep``: store a snapshot after a .pyc boot, as the worker does."""
    arguments = ["--tutor-zip", str(artefacts[archive]), "--stdlib", str(stdlib or artefacts["stdlib"]),
                 "--paths", paths]
    if store is not None:
        arguments += ["--store", str(store), "--store-key", key] + (["--keep-snapshot", "yes"] if keep else [])
    else:
        arguments += ["--snapshot", str(artefacts[snapshot])]
    if import_all:
        arguments += ["--import-all", "yes"]
    result = subprocess.run(
        ["node", "--expose-gc", str(BOOT_RUNNER), "--pyodide", str(DEFAULT_PYODIDE_DIR), *arguments],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def same_engine_answers(booted: dict, host: dict) -> bool:
    def engine(answers: dict) -> dict:
        return {k: v for k, v in answers.items() if k not in ("random", "tutor-modules")}
    return engine(booted["answers"]) == engine(host)


def test_sparse_snapshot_format_round_trips() -> None:
    """tests/node/test_boot_sparse.mjs: build.mjs encodes, boot.mjs decodes the same bytes."""
    result = subprocess.run(["node", "--test", str(REPO / "tests" / "node" / "test_boot_sparse.mjs")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "# pass 3" in result.stdout


def test_artefact_names_carry_content_hashes(artefacts: dict[str, Path]) -> None:
    assert artefacts["stdlib"].name.startswith(STDLIB_PREFIX)
    assert artefacts["snapshot"].name.startswith(SNAPSHOT_PREFIX)
    with zipfile.ZipFile(artefacts["stdlib"]) as stdlib:
        names = set(stdlib.namelist())
    assert "os.pyc" in names and "os.py" not in names
    assert "encodings/__init__.pyc" in names


def test_the_stdlib_is_trimmed_to_what_the_engine_imports(artefacts) -> None:
    """Only modules the engine and the boot can import, stored for the host to compress."""
    with zipfile.ZipFile(artefacts["stdlib"]) as stdlib:
        members = {info.filename: info for info in stdlib.infolist()}
    for needed in ("gettext.pyc", "json/__init__.pyc", "dataclasses.pyc", "random.pyc", "_pyodide/_base.pyc"):
        assert needed in members
    for unused in ("unittest/__init__.pyc", "tkinter/__init__.pyc", "pydoc.pyc", "xml/__init__.pyc",
                   "multiprocessing/__init__.pyc", "encodings/cp437.pyc"):
        assert unused not in members
    assert all(info.compress_type == zipfile.ZIP_STORED for info in members.values())
    whole = build_pyc_stdlib(artefacts["work"] / "whole", cache_dir=artefacts["cache"])
    with zipfile.ZipFile(artefacts["work"] / "whole" / whole) as stdlib:
        assert len(stdlib.namelist()) > 2 * len(members)


def test_snapshot_path_gives_the_same_answers_as_host_python(artefacts, host_answers) -> None:
    booted = boot(artefacts, "snapshot")
    assert booted["path"] == "snapshot" and booted["fallbacks"] == []
    assert same_engine_answers(booted, host_answers)
    # The engine was imported when the snapshot was made, not after the restore.
    assert {"tutor.cards", "tutor.games", "tutor.i18n"} <= set(booted["answers"]["tutor-modules"])
    assert booted["snapshot_released"]
    assert booted["console_errors"] == []


def test_a_snapshot_the_host_already_inflated_is_restored(artefacts, host_answers) -> None:
    booted = boot(artefacts, "snapshot", snapshot="inflated")
    assert booted["path"] == "snapshot" and booted["fallbacks"] == []
    assert same_engine_answers(booted, host_answers)


def test_the_worker_does_not_keep_the_snapshot_buffer(artefacts) -> None:
    """Pyodide references the snapshot from its config; the raw buffer is ~31 MB if it stays."""
    restored, compiled = boot(artefacts, "snapshot"), boot(artefacts, "pyc")
    assert restored["path"] == "snapshot" and compiled["path"] == "pyc"
    assert restored["array_buffer_bytes"] < compiled["array_buffer_bytes"] + 8 * 1024 * 1024


def test_snapshot_boots_reseed_random(artefacts) -> None:
    first, second = boot(artefacts, "snapshot"), boot(artefacts, "snapshot")
    assert first["path"] == second["path"] == "snapshot"
    assert first["answers"]["random"] != second["answers"]["random"]


@pytest.mark.parametrize("path", ["pyc", "plain"])
def test_pyc_and_plain_paths_give_the_same_answers(artefacts, host_answers, path: str) -> None:
    booted = boot(artefacts, path)
    assert booted["path"] == path and booted["fallbacks"] == []
    assert same_engine_answers(booted, host_answers)


@pytest.mark.parametrize("snapshot", ["foreign", "truncated", "flipped", "missing"])
def test_a_snapshot_that_cannot_be_restored_falls_back_silently(artefacts, host_answers, snapshot: str) -> None:
    booted = boot(artefacts, "snapshot,pyc,plain", snapshot=snapshot)
    assert booted["path"] == "pyc"
    assert [fallback["path"] for fallback in booted["fallbacks"]] == ["snapshot"]
    assert booted["console_errors"] == []
    assert same_engine_answers(booted, host_answers)
    if snapshot == "foreign":
        assert "build id" in booted["fallbacks"][0]["reason"]
        assert pyodide_build_id() != "ab" * 32


KEY = "https://example.org/assets/engine/tutor-snapshot?v={version}&stdlib=s.zip&tutor=t.zip"


def test_a_snapshot_made_after_a_pyc_boot_is_restored_with_the_same_answers(artefacts, host_answers, tmp_path) -> None:
    """The return visit (issue 28): the first visit boots by the .pyc path and stores a snapshot of
    its engine, every module imported, under the engine's version; the next visit restores it and
    answers as host CPython does, with fresh random state."""
    store, key = tmp_path / "store", KEY.format(version="1")
    first = boot(artefacts, "snapshot,pyc,plain", archive="compiled", store=store, key=key, keep=True)
    assert first["path"] == "pyc"
    assert [(f["path"], f.get("nothingStored")) for f in first["fallbacks"]] == [("snapshot", True)]
    assert first["kept"]["keys"] == [key]
    restored = [boot(artefacts, "snapshot,pyc,plain", archive="compiled", store=store, key=key) for _ in range(2)]
    for booted in restored:
        assert booted["path"] == "snapshot" and booted["fallbacks"] == []
        assert same_engine_answers(booted, host_answers)
        assert booted["console_errors"] == []
        assert booted["snapshot_released"]
    assert set(first["modules"]) <= set(restored[0]["answers"]["tutor-modules"])  # imported before the snapshot
    assert restored[0]["answers"]["random"] != restored[1]["answers"]["random"]


def test_a_stored_snapshot_of_another_engine_version_is_not_restored(artefacts, tmp_path) -> None:
    store = tmp_path / "store"
    boot(artefacts, "snapshot,pyc,plain", archive="compiled", store=store, key=KEY.format(version="1"), keep=True)
    other = boot(artefacts, "snapshot,pyc,plain", archive="compiled", store=store, key=KEY.format(version="2"),
                 keep=True)
    assert other["path"] == "pyc" and other["fallbacks"][0].get("nothingStored")
    assert other["kept"]["keys"] == [KEY.format(version="2")]  # the old version's snapshot is gone


def test_the_cut_stdlib_imports_every_module_of_the_engine_and_the_page_protocol(artefacts) -> None:
    """The standard library the site ships is cut to what the engine imports; every module a page
    can import (the compiled archive's, tutor.web.protocol among them) imports against it."""
    booted = boot(artefacts, "pyc", archive="compiled", import_all=True)
    assert booted["path"] == "pyc"
    assert "tutor.web.protocol" in booted["modules"] and len(booted["modules"]) > 40
    assert not any(name.split(".")[1:2] == ["cli"] for name in booted["modules"])
    assert booted["import_errors"] == {}


def test_the_cut_is_computed_from_the_package_so_a_new_module_is_covered(artefacts, tmp_path) -> None:
    """A module added to the engine (other work adds modules all the time) brings the standard
    library it imports into the cut; nothing is listed by hand."""
    probe = tmp_path / "probe.zip"
    shutil.copyfile(artefacts["tutor_zip"], probe)
    with zipfile.ZipFile(probe, "a") as archive:
        archive.writestr("tutor/web/_probe_cut.py", "import difflib\n\ndef ratio(a, b):\n"
                                                    "    return difflib.SequenceMatcher(None, a, b).ratio()\n")
    with zipfile.ZipFile(artefacts["stdlib"]) as stdlib:
        assert "difflib.pyc" not in stdlib.namelist()  # the engine does not use it
    out = tmp_path / "out"
    stdlib = out / build_pyc_stdlib(out, probe, cache_dir=artefacts["cache"])
    with zipfile.ZipFile(stdlib) as cut:
        assert "difflib.pyc" in cut.namelist()
    compiled = out / build_tutor_archive(out, probe, cache_dir=artefacts["cache"])
    assert compiled.name.startswith(TUTOR_PREFIX)
    booted = boot({**artefacts, "probe": compiled}, "pyc", archive="probe", stdlib=stdlib, import_all=True)
    assert "tutor.web._probe_cut" in booted["modules"] and booted["import_errors"] == {}


def test_artefacts_are_reused_until_an_input_changes(artefacts) -> None:
    out = artefacts["work"] / "again"
    names = build_snapshot(out, artefacts["tutor_zip"], cache_dir=artefacts["cache"])
    assert names == {"stdlib": artefacts["stdlib"].name, "snapshot": artefacts["snapshot"].name}
    assert build_pyc_stdlib(out, artefacts["tutor_zip"], cache_dir=artefacts["cache"]) == artefacts["stdlib"].name

    rezipped = artefacts["work"] / "rezipped.zip"  # same members, other timestamps and order
    with zipfile.ZipFile(artefacts["tutor_zip"]) as source, zipfile.ZipFile(rezipped, "w") as target:
        for info in reversed(source.infolist()):
            target.writestr(zipfile.ZipInfo(info.filename, date_time=(2001, 2, 3, 4, 5, 6)), source.read(info))
    assert build_snapshot(out, rezipped, cache_dir=artefacts["cache"])["snapshot"] == artefacts["snapshot"].name

    changed = artefacts["work"] / "changed.zip"
    shutil.copyfile(artefacts["tutor_zip"], changed)
    with zipfile.ZipFile(changed, "a") as archive:
        archive.writestr("tutor/_fastboot_marker.py", "MARK = 1\n")
    renamed = build_snapshot(out, changed, cache_dir=artefacts["cache"])
    assert renamed["stdlib"] == artefacts["stdlib"].name
    assert renamed["snapshot"] != artefacts["snapshot"].name


def test_builds_side_by_side_share_the_cache_without_breaking_each_other(tmp_path, monkeypatch) -> None:
    """A site build beside the tests' builds once failed making the .pyc stdlib: one pruned or
    overwrote what the other was still using."""
    import os
    import threading
    import time

    import tools.pyodide_build as pyodide_build

    cache = tmp_path / "cache"
    both_making = threading.Barrier(2, timeout=30)

    def make(target: Path) -> dict:
        both_making.wait()  # both builds are inside make() at once
        target.write_bytes(b"stdlib for key k")
        return {"seconds": 0, "bytes": 16}

    results, errors = [], []

    def build(n: int) -> None:
        try:
            results.append(pyodide_build._cached(cache, "k", STDLIB_PREFIX, ".zip", make, tmp_path / f"out{n}"))
        except Exception as err:  # noqa: BLE001 - collected for the assertion
            errors.append(err)

    threads = [threading.Thread(target=build, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(results) == 2
    assert all(path.read_bytes() == b"stdlib for key k" for path in results)
    assert [p.name for p in cache.iterdir() if p.name.startswith(".")] == []  # no half-made leftovers

    # Pruning keeps an entry another build used within the grace period, removes old spares.
    hour_ago = time.time() - 2 * pyodide_build.PRUNE_GRACE_SECONDS
    for n in range(pyodide_build.CACHE_ENTRIES_KEPT + 2):
        entry = cache / f"{STDLIB_PREFIX}old{n}"
        entry.mkdir()
        os.utime(entry, (hour_ago - n, hour_ago - n))
    in_use = cache / f"{STDLIB_PREFIX}in-use"
    in_use.mkdir()
    pyodide_build._prune(cache, STDLIB_PREFIX, keep=cache / f"{STDLIB_PREFIX}k")
    left = {p.name for p in cache.iterdir()}
    assert f"{STDLIB_PREFIX}in-use" in left and f"{STDLIB_PREFIX}k" in left
    assert len([name for name in left if "old" in name]) == pyodide_build.CACHE_ENTRIES_KEPT - 2

    # An entry pruned between finding it and copying it is made again, not a failure.
    real_copy, calls = pyodide_build._copy_into, []

    def copy_after_prune(artefact: Path, out_dir: Path) -> Path:
        calls.append(artefact)
        if len(calls) == 1:
            shutil.rmtree(artefact.parent)
        return real_copy(artefact, out_dir)

    monkeypatch.setattr(pyodide_build, "_copy_into", copy_after_prune)
    remade = pyodide_build._cached(cache, "k", STDLIB_PREFIX, ".zip", make_alone, tmp_path / "out-again")
    assert remade.read_bytes() == b"stdlib for key k" and len(calls) == 2


def make_alone(target: Path) -> dict:
    target.write_bytes(b"stdlib for key k")
    return {"seconds": 0, "bytes": 16}
