// Runs the tutor archive under Pyodide in Node (the real runtime, no browser), booted through
// the same code as the browser worker (docs/assets/js/tutor-engine.mjs → boot.mjs), and prints
// one JSON line: the interpreter's version and the engine's answer to each request.
//
//   node engine_answers.mjs --pyodide DIR --tutor-zip FILE --requests FILE.json
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const options = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) options[argv[i].replace(/^--/, "")] = argv[i + 1];

// Node's fetch cannot read files; the boot needs only ok, body and arrayBuffer. readFile gives
// a Buffer: Response copies it into a plain ArrayBuffer, which is what unpackArchive wants.
async function fileFetch(path) {
  try {
    return new Response(new Uint8Array(await readFile(path)));
  } catch {
    return new Response(null, { status: 404 });
  }
}

const { startEngine } = await import(pathToFileURL(resolve(here, "../../docs/assets/js/tutor-engine.mjs")).href);
const pyodideDir = resolve(options.pyodide) + "/";
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "pyodide.mjs").href);
const requests = JSON.parse(await readFile(options.requests, "utf8"));

const engine = await startEngine({ indexURL: pyodideDir, loadPyodide, fetch: fileFetch, tutorZipURL: resolve(options["tutor-zip"]) });
const version = engine.pyodide.runPython("import sys; sys.version.split()[0]");
const platform = engine.pyodide.runPython("import sys; sys.platform");
const answers = requests.map((request) => engine.handle(request));
console.log(JSON.stringify({ version, platform, path: engine.path, answers }));
