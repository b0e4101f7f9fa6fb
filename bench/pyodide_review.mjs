// Runs game reviews under Pyodide in Node (no browser), booted through the page worker's own boot
// code (docs/assets/js/boot.mjs, plain path), and prints one JSON line per game: {index, ...what the
// Python function answered, cpu_seconds, wall_seconds}. Driven by bench/bench_review.py (the
// default: in_pyodide/review.py's review_case) and bench/bench_ft_review.py (in_pyodide/ft_review.py's
// ft_review_case):
//
//   node pyodide_review.mjs --pyodide DIR --tutor-zip FILE --cases FILE.json [--script in_pyodide/X.py --function F] [--warm-up no]
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { fileFetch, importPageModule, parseOptions, pyodideFrom } from "../tools/node_host.mjs";

const options = parseOptions();

const { bootTutor } = await importPageModule("boot.mjs");
const { indexURL: pyodideDir, loadPyodide } = await pyodideFrom(options.pyodide);
const cases = JSON.parse(await readFile(options.cases, "utf8"));

const { pyodide } = await bootTutor({
  indexURL: pyodideDir, loadPyodide, fetch: fileFetch, tutorZipURL: resolve(options["tutor-zip"]),
  paths: ["plain"],
});
// The review's Python is in in_pyodide/ (where ruff and mypy check it), run in a namespace of its own.
const reviewFile = new URL(options.script || "in_pyodide/review.py", import.meta.url);
const namespace = pyodide.toPy({});
pyodide.runPython(await readFile(reviewFile, "utf8"), { globals: namespace, filename: fileURLToPath(reviewFile) });
const reviewCase = namespace.get(options.function || "review_case");
const platform = pyodide.runPython("import sys; sys.platform");
const version = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(JSON.stringify({ platform, version }));
if (options["warm-up"] !== "no") reviewCase(JSON.stringify(cases[0])); // imports and first-call costs

cases.forEach((c, index) => {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const answer = JSON.parse(reviewCase(JSON.stringify(c)));
  const wall = (performance.now() - wallBefore) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(JSON.stringify({ index, ...answer, cpu_seconds: (cpu.user + cpu.system) / 1e6, wall_seconds: wall }));
});
reviewCase.destroy();
namespace.destroy();
