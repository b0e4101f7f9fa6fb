// Runs simulation cases under Pyodide in Node (no browser), booted through the page worker's own
// boot code (docs/assets/js/boot.mjs, plain path), and prints one JSON line per case:
// {game, variant, strategy, deals, wins, cpu_seconds, wall_seconds}.
// Driven by bench/bench_pyodide_sim.py:
//
//   node pyodide_sim.mjs --pyodide DIR --tutor-zip FILE --cases FILE.json
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const options = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) options[argv[i].replace(/^--/, "")] = argv[i + 1];

// Node's fetch cannot read files; readFile gives a Buffer, wrapped so Response copies it into a
// plain ArrayBuffer, which is what the archive unpacking wants.
async function fileFetch(path) {
  try {
    return new Response(new Uint8Array(await readFile(path)));
  } catch {
    return new Response(null, { status: 404 });
  }
}

const { bootTutor } = await import(pathToFileURL(resolve(here, "../docs/assets/js/boot.mjs")).href);
const pyodideDir = resolve(options.pyodide) + "/";
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "pyodide.mjs").href);
const cases = JSON.parse(await readFile(options.cases, "utf8"));

const { pyodide } = await bootTutor({
  indexURL: pyodideDir, loadPyodide, fetch: fileFetch, tutorZipURL: resolve(options["tutor-zip"]),
  paths: ["plain"],
});
pyodide.runPython("from tutor.simulate import play_range");
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
