// Boots Pyodide through docs/assets/js/boot.mjs under Node and prints, as one JSON line, the path
// it took, the fallbacks, what it wrote to console.error, and the answers of tests/boot_answers.py.
//
//   node --expose-gc boot_answers.mjs --pyodide DIR --tutor-zip F [--stdlib F] [--snapshot F] [--paths a,b]
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileFetch, importPageModule, parseOptions, pyodideFrom, repoRoot } from "../../tools/node_host.mjs";

const { bootTutor } = await importPageModule("boot.mjs");
const options = parseOptions();

const consoleErrors = [];
const originalError = console.error;
console.error = (...args) => consoleErrors.push(args.map(String).join(" "));

// Bytes of ArrayBuffers still reachable (not the wasm memory) once pending promise jobs have run
// and full collections have freed what they released.
async function arrayBufferBytesAfterGc() {
  for (let round = 0; round < 3; round++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return process.memoryUsage().arrayBuffers;
}

const { indexURL: pyodideDir, loadPyodide } = await pyodideFrom(options.pyodide);
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
  const answerSource = await readFile(resolve(repoRoot, "tests/boot_answers.py"), "utf8");
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
