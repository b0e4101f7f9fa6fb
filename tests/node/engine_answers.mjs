// Runs the tutor archive under Pyodide in Node (the real runtime, no browser), booted through
// the same code as the browser worker (docs/assets/js/tutor-engine.mjs → boot.mjs), and prints
// one JSON line: the interpreter's version and the engine's answer to each request.
//
//   node engine_answers.mjs --pyodide DIR --tutor-zip FILE --requests FILE.json [--stdlib FILE.zip]
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileFetch, importPageModule, parseOptions, pyodideFrom } from "../../tools/node_host.mjs";

const options = parseOptions();

const { startEngine } = await importPageModule("tutor-engine.mjs");
const { indexURL: pyodideDir, loadPyodide } = await pyodideFrom(options.pyodide);
const requests = JSON.parse(await readFile(options.requests, "utf8"));

// --stdlib: boot by the .pyc path with that standard library (the trimmed one the site ships).
const pycBoot = options.stdlib ? { pycStdlibURL: resolve(options.stdlib), paths: ["pyc"] } : {};
const engine = await startEngine({
  indexURL: pyodideDir, loadPyodide, fetch: fileFetch, tutorZipURL: resolve(options["tutor-zip"]), ...pycBoot,
});
const version = engine.pyodide.runPython("import sys; sys.version.split()[0]");
const platform = engine.pyodide.runPython("import sys; sys.platform");
const answers = requests.map((request) => engine.handle(request));
// the top-level modules of the standard library the interpreter could import (found by the import
// system itself: the cut library has neither pkgutil nor the codecs zipfile needs to list it)
const stdlib = engine.pyodide.runPython(
  "import importlib.util, sys; sorted(n for n in sys.stdlib_module_names if importlib.util.find_spec(n) is not None)",
).toJs();
console.log(JSON.stringify({ version, platform, path: engine.path, answers, stdlib }));
