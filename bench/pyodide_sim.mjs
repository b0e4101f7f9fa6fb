// Runs simulation cases under Pyodide in Node (no browser), booted through the page worker's own
// boot code (docs/assets/js/boot.mjs, plain path), and prints one JSON line per case:
// {game, variant, strategy, deals, wins, cpu_seconds, wall_seconds}.
// Driven by bench/bench_pyodide_sim.py:
//
//   node pyodide_sim.mjs --pyodide DIR --tutor-zip FILE --cases FILE.json
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileFetch, importPageModule, parseOptions, pyodideFrom } from "../tools/node_host.mjs";

const options = parseOptions();

const { bootTutor } = await importPageModule("boot.mjs");
const { indexURL: pyodideDir, loadPyodide } = await pyodideFrom(options.pyodide);
const cases = JSON.parse(await readFile(options.cases, "utf8"));

const { pyodide } = await bootTutor({
  indexURL: pyodideDir, loadPyodide, fetch: fileFetch, tutorZipURL: resolve(options["tutor-zip"]),
  paths: ["plain"],
});
pyodide.runPython("from tutor.analysis.simulate import play_range");
const playRange = pyodide.globals.get("play_range");
const platform = pyodide.runPython("import sys; sys.platform");
const version = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(JSON.stringify({ platform, version }));

for (const c of cases) {
  playRange(c.game, c.variant, c.strategy, c.seed, 0, c.warmup); // imports and first-call costs
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const wins = playRange(c.game, c.variant, c.strategy, c.seed, 0, c.deals);
  const wall = (performance.now() - wallBefore) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(JSON.stringify({ ...c, wins, cpu_seconds: (cpu.user + cpu.system) / 1e6, wall_seconds: wall }));
}
playRange.destroy();
