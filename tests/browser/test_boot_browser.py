"""Fast Pyodide boot in Chromium (issue 7), on a minimal page + worker (tools/pyodide_build/browser_harness).

"the live widget reaches data-state="live" by the snapshot path; with the snapshot file blocked or
corrupted it still goes live by the fallback; with a snapshot from another build it falls back with
no console error shown to the reader. The snapshot-booted engine gives the same answers as the plain
one."
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

import pytest

from tools.pyodide_build import FOREIGN_BUILD_ID, build_snapshot
from tools.pyodide_build.browser_harness import ANSWERS_SCRIPT, make_site, serve, visit, zip_tutor_package


@pytest.fixture(scope="module")
def fastboot_site(tmp_path_factory: pytest.TempPathFactory):
    work = tmp_path_factory.mktemp("fastboot-browser")
    tutor_zip = zip_tutor_package(work / "tutor.zip.gz", gzipped=True)  # the Node tests use a plain zip
    names = build_snapshot(work / "artefacts", tutor_zip)
    foreign = build_snapshot(work / "foreign", tutor_zip, build_id=FOREIGN_BUILD_ID)
    site = make_site(work / "site", tutor_zip, work / "artefacts" / names["stdlib"],
                     work / "artefacts" / names["snapshot"])
    with serve(site) as served:
        yield {
            "served": served,
            "snapshot_path": f"/pyodide/{names['snapshot']}",
            "snapshot_bytes": (work / "artefacts" / names["snapshot"]).read_bytes(),
            "foreign_bytes": (work / "foreign" / foreign["snapshot"]).read_bytes(),
        }


@pytest.fixture
def page_and_errors(browser, fastboot_site):
    context = browser.new_context()  # its own, empty caches
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    fastboot_site["served"].overrides.clear()
    fastboot_site["served"].headers.clear()
    yield page, errors
    fastboot_site["served"].overrides.clear()
    fastboot_site["served"].headers.clear()
    context.close()


@pytest.fixture(scope="module")
def host_answers() -> dict:
    result = subprocess.run(
        [sys.executable, "-c", f"exec(open({str(ANSWERS_SCRIPT)!r}).read()); print(json.dumps(_answers()))"],
        capture_output=True, text=True, check=True,
    )
    return json.loads(result.stdout)


def engine_answers(answers: dict) -> dict:
    return {key: value for key, value in answers.items() if key not in ("random", "tutor-modules")}


def go_live(page, fastboot_site, path: str = "snapshot", answers: bool = False) -> dict:
    report = visit(page, f"{fastboot_site['served'].base_url}index.html?path={path}", answers=answers)
    assert report["state"] == "live", report
    return report


def test_goes_live_by_the_snapshot_with_the_plain_engines_answers(page_and_errors, fastboot_site, host_answers):
    page, errors = page_and_errors
    restored = go_live(page, fastboot_site, "snapshot", answers=True)
    assert restored["data_boot"] == "snapshot" and restored["fallbacks"] == []
    assert "snapshot_inflated_in_worker" in restored["timings"]  # on another core
    plain = go_live(page, fastboot_site, "plain", answers=True)
    assert plain["data_boot"] == "plain"
    assert engine_answers(restored["answers"]) == engine_answers(plain["answers"]) == engine_answers(host_answers)
    assert restored["answers"]["random"] != plain["answers"]["random"]
    assert errors == []


def test_blocked_snapshot_falls_back_to_the_pyc_boot(page_and_errors, fastboot_site):
    page, _ = page_and_errors  # the browser itself logs the failed request
    fastboot_site["served"].overrides[fastboot_site["snapshot_path"]] = (404, b"")
    report = go_live(page, fastboot_site)
    assert report["data_boot"] == "pyc"
    assert [fallback["path"] for fallback in report["fallbacks"]] == ["snapshot"]


@pytest.mark.parametrize("damage", ["truncated", "bit flipped", "not gzip", "gzip of garbage"])
def test_corrupted_snapshot_falls_back_silently(page_and_errors, fastboot_site, damage: str):
    page, errors = page_and_errors
    good = fastboot_site["snapshot_bytes"]
    flipped = bytearray(good)
    flipped[len(flipped) // 2] ^= 0x55
    body = {
        "truncated": good[: len(good) // 3],
        "bit flipped": bytes(flipped),
        "not gzip": b"<html>a proxy's error page</html>",
        "gzip of garbage": gzip.compress(b"\x01" * 100_000),
    }[damage]
    fastboot_site["served"].overrides[fastboot_site["snapshot_path"]] = (200, body)
    report = go_live(page, fastboot_site)
    assert report["data_boot"] == "pyc"
    assert [fallback["path"] for fallback in report["fallbacks"]] == ["snapshot"]
    assert errors == []


def test_snapshot_from_another_build_falls_back_with_no_console_error(page_and_errors, fastboot_site):
    page, errors = page_and_errors
    fastboot_site["served"].overrides[fastboot_site["snapshot_path"]] = (200, fastboot_site["foreign_bytes"])
    report = go_live(page, fastboot_site)
    assert report["data_boot"] == "pyc"
    assert "build id" in report["fallbacks"][0]["reason"]
    assert errors == []


def test_snapshot_still_restores_where_blob_workers_are_forbidden(page_and_errors, fastboot_site):
    """The snapshot is inflated in a worker made from a blob: URL; a content security policy may
    forbid that, and then it is inflated on the boot worker's own thread."""
    page, _ = page_and_errors
    policy = {"Content-Security-Policy": "worker-src 'self'"}
    fastboot_site["served"].headers.update({"/index.html": policy, "/worker.mjs": policy})
    report = go_live(page, fastboot_site)
    assert report["data_boot"] == "snapshot" and report["fallbacks"] == []
    assert "snapshot_inflated_here" in report["timings"]


@pytest.mark.parametrize("encoding", ["none", "gzip"])
def test_snapshot_restores_whether_or_not_the_host_sets_content_encoding(page_and_errors, fastboot_site, encoding):
    """A host may send the .bin.gz file with "Content-Encoding: gzip" (the browser then inflates
    it): boot.mjs reads the first bytes, not the name or the headers."""
    page, errors = page_and_errors
    if encoding == "gzip":
        fastboot_site["served"].headers[fastboot_site["snapshot_path"]] = {"Content-Encoding": "gzip"}
    report = go_live(page, fastboot_site)
    assert report["data_boot"] == "snapshot" and report["fallbacks"] == []
    assert errors == []
