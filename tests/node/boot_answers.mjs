// Boots Pyodide through docs/assets/js/boot.mjs under Node and prints, as one JSON line, the path
// it took, the fallbacks, what it wrote to console.error, and the answers of tests/boot_answers.py.
//
//   node --expose-gc boot_answers.mjs --pyodide DIR --tutor-zip F [--stdlib F] [--snapshot F] [--paths a,b]
import { readFile } from "node:fs/promises";
import { resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { bootTutor } = await import(pathToFileURL(resolve(here, "../../docs/assets/js/boot.mjs")).href);

const options = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) options[argv[i].replace(/^--/, "")] = argv[i + 1];

const consoleErrors = [];
const originalError = console.error;
console.error = (...args) => consoleErrors.push(args.map(String).join(" "));

// Node's fetch cannot read files; the boot only needs ok, body and arrayBuffer.
async function fileFetch(path) {
  try {
    return new Response(await readFile(path));
  } catch {
    return new Response(null, { status: 404 });
  }
}

// Bytes of ArrayBuffers still reachable (not the wasm memory) once pending promise jobs have run
// and full collections have freed what they released.
async function arrayBufferBytesAfterGc() {
  for (let round = 0; round < 3; round++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return process.memoryUsage().arrayBuffers;
}

const pyodideDir = resolve(options.pyodide) + "/";
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "pyodide.mjs").href);
try {
  const booted = await bootTutor({
    indexURL: pyodideDir,
    loadPyodide,
    fetch: fileFetch,
    tutorZipURL: resolve(options["tutor-zip"]),
    pycStdlibURL: options.stdlib && resolve(options.stdlib),
    snapshotURL: options.snapshot && resolve(options.snapshot),
    paths: options.paths ? options.paths.split(",") : undefined,
  });
  const answerSource = await readFile(resolve(here, "../boot_answers.py"), "utf8");
  const answers = JSON.parse(booted.pyodide.runPython(answerSource));
  console.log(JSON.stringify({
    path: booted.path,
    fallbacks: booted.fallbacks,
    milliseconds: booted.timings.milliseconds,
    snapshot_released: booted.pyodide._api.config._loadSnapshot == null,
    array_buffer_bytes: await arrayBufferBytesAfterGc(),
    console_errors: consoleErrors,
    answers,
  }));
  process.exit(0);
} catch (error) {
  originalError(error?.stack ?? String(error));
  process.exit(1);
}
