"""Simulation speed under Pyodide (Node) against CPython: the same run in both, one core each.

For every case (game, variant, strategy, deals 0 … N−1 of the run with seed 1, as
``bench_solver.py speed`` plays them) the run is played by ``tutor.analysis.simulate.play_range`` first in
this CPython, then under the npm Pyodide in Node, booted by the page worker's own boot code
(docs/assets/js/boot.mjs, plain path) from the very archive the site ships. Prints deals per
second in each, the ratio (goal: Pyodide no more than 3× slower; Queen's Audience ≥ 20 000
deals/s in CPython) and checks that both count the same wins.

Times are CPU seconds of the process (CPython: ``time.process_time``, Node: ``process.cpuUsage``),
so other work on the machine does not count against either; the wall time is printed beside them.

    .venv/bin/python bench/bench_pyodide_sim.py [--scale F]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_review import node_failure
from tutor.analysis.simulate import play_range

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "bench" / "pyodide_sim.mjs"
SEED = 1
WARMUP = 20
# (game, variant, strategy, deals): counts that keep the whole script under a minute
CASES = [
    ("queens-audience", "", "tips", 50000),
    ("queens-audience", "one-redeal", "tips", 50000),
    ("fortunes-favour", "", "tips", 3000),
    ("fortunes-favour", "", "naive", 3000),
    ("forty-thieves", "", "tips", 600),
]


def load_hook():
    spec = importlib.util.spec_from_file_location("tutor_hook", ROOT / "docs" / "hooks" / "tutor_hook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_cpython(case: dict) -> dict:
    play_range(case["game"], case["variant"], case["strategy"], SEED, 0, WARMUP)
    cpu, wall = time.process_time(), time.perf_counter()
    wins = play_range(case["game"], case["variant"], case["strategy"], SEED, 0, case["deals"])
    return {"wins": wins, "cpu_seconds": time.process_time() - cpu, "wall_seconds": time.perf_counter() - wall}


def run_pyodide(cases: list[dict], work: Path) -> tuple[dict, list[dict]]:
    archive = work / "tutor.zip"
    archive.write_bytes(load_hook().build_archive(ROOT / "tutor"))  # the very archive the site ships
    cases_file = work / "cases.json"
    cases_file.write_text(json.dumps(cases), encoding="utf-8")
    result = subprocess.run(["node", str(RUNNER), "--pyodide", str(PYODIDE_DIR), "--tutor-zip", str(archive),
                             "--cases", str(cases_file)], capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{node_failure(result.stderr)}")
    header, *rows = (json.loads(line) for line in result.stdout.strip().splitlines())
    return header, rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every deal count (default 1)")
    args = parser.parse_args()
    if shutil.which("node") is None or not (PYODIDE_DIR / "pyodide.mjs").exists():
        raise SystemExit("needs node and node_modules/pyodide (make bench runs npm ci)")
    cases = [{"game": game, "variant": variant, "strategy": strategy, "deals": max(1, round(deals * args.scale)),
              "seed": SEED, "warmup": WARMUP} for game, variant, strategy, deals in CASES]
    cpython = [run_cpython(case) for case in cases]
    with tempfile.TemporaryDirectory(prefix="bench-pyodide-") as work:
        header, pyodide = run_pyodide(cases, Path(work))
    if header["platform"] != "emscripten":
        raise SystemExit(f"the Node run was not Pyodide: platform {header['platform']}")

    print(f"CPython {platform.python_version()} against Pyodide's Python {header['version']} in Node; "
          f"deals/s from CPU seconds (wall in brackets), seed {SEED}")
    print(f"{'game':16} {'variant':11} {'strategy':8} {'deals':>6} {'CPython':>18} {'Pyodide':>18} "
          f"{'ratio':>6}  wins")
    mismatches = 0
    for case, native, wasm in zip(cases, cpython, pyodide, strict=True):
        deals = case["deals"]
        native_rate, wasm_rate = deals / native["cpu_seconds"], deals / wasm["cpu_seconds"]
        native_wall, wasm_wall = deals / native["wall_seconds"], deals / wasm["wall_seconds"]
        same = native["wins"] == wasm["wins"]
        mismatches += not same
        wins = f"{native['wins']}" if same else f"MISMATCH: CPython {native['wins']}, Pyodide {wasm['wins']}"
        print(f"{case['game']:16} {case['variant'] or 'base':11} {case['strategy']:8} {deals:6} "
              f"{native_rate:8.0f} ({native_wall:6.0f}) {wasm_rate:8.0f} ({wasm_wall:6.0f}) "
              f"{native_rate / wasm_rate:5.2f}×  {wins}", flush=True)
    print("goals: Queen's Audience ≥ 20 000 deals/s in CPython; Pyodide ≤ 3× slower than CPython")
    if mismatches:
        print(f"!!! {mismatches} case(s) with DIFFERENT WIN COUNTS in CPython and Pyodide !!!")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
