// Boots Pyodide through docs/assets/js/boot.mjs under Node and prints, as one JSON line, the path
// it took, the fallbacks, what it wrote to console.error, and the answers of tests/boot_answers.py.
//
//   node --expose-gc boot_answers.mjs --pyodide DIR --tutor-zip F [--stdlib F] [--snapshot F] [--paths a,b]
//       [--store DIR --store-key KEY] [--keep-snapshot yes] [--import-all yes]
//
// --store: a stand-in for the browser's Cache Storage, kept in DIR (one file per entry, its headers
// beside it), holding the snapshots boot.mjs's snapshotStore saves under --store-key; the boot
// restores the one stored under that key, if any. --keep-snapshot: once booted by the .pyc path,
// import every module of the archive, make the snapshot and store it, as the worker does.
// --import-all: import every module of the archive a page can import, and list the ones that fail.
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileFetch, importPageModule, parseOptions, pyodideFrom, repoRoot } from "../../tools/node_host.mjs";

const { bootTutor, makeTutorSnapshot, snapshotStore } = await importPageModule("boot.mjs");
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

// Cache Storage as boot.mjs uses it (open, match, put, keys, delete), kept in a folder.
function folderCaches(dir) {
  const file = (key) => resolve(dir, encodeURIComponent(String(key?.url ?? key)));
  const cache = {
    async match(key) {
      try {
        const headers = JSON.parse(await readFile(`${file(key)}.headers`, "utf8"));
        return new Response(new Uint8Array(await readFile(file(key))), { headers });
      } catch {
        return undefined;
      }
    },
    async put(key, response) {
      await mkdir(dir, { recursive: true });
      await writeFile(file(key), new Uint8Array(await response.arrayBuffer()));
      await writeFile(`${file(key)}.headers`, JSON.stringify(Object.fromEntries(response.headers)));
    },
    async keys() {
      const names = await readdir(dir).catch(() => []);
      return names.filter((name) => !name.endsWith(".headers")).map((name) => new Request(decodeURIComponent(name)));
    },
    async delete(key) {
      await rm(file(key), { force: true });
      await rm(`${file(key)}.headers`, { force: true });
      return true;
    },
  };
  return { open: async () => cache };
}

const { indexURL: pyodideDir, loadPyodide } = await pyodideFrom(options.pyodide);
const store = options.store ? snapshotStore({ key: options["store-key"], caches: folderCaches(options.store) }) : null;
try {
  const storedSnapshot = store ? store.load() : undefined;
  const booted = await bootTutor({
    indexURL: pyodideDir,
    loadPyodide,
    fetch: fileFetch,
    tutorZipURL: resolve(options["tutor-zip"]),
    pycStdlibURL: options.stdlib && resolve(options.stdlib),
    snapshotURL: options.snapshot && resolve(options.snapshot),
    storedSnapshot,
    makeSnapshots: Boolean(options["keep-snapshot"]),
    paths: options.paths ? options.paths.split(",") : undefined,
  });
  const importErrors = {};
  if (options["import-all"]) {
    for (const name of booted.modules) {
      try {
        booted.pyodide.pyimport(name);
      } catch (error) {
        importErrors[name] = String(error?.message ?? error).trim().split("\n").at(-1);
      }
    }
  }
  let kept = null;
  if (options["keep-snapshot"] && booted.path === "pyc") {
    for (const name of booted.modules) booted.pyodide.pyimport(name);
    const sparse = makeTutorSnapshot(booted.pyodide);
    await store.save(sparse);
    kept = { bytes: sparse.length, keys: (await (await folderCaches(options.store).open()).keys()).map((r) => r.url) };
  }
  const answerSource = await readFile(resolve(repoRoot, "tests/boot_answers.py"), "utf8");
  const answers = JSON.parse(booted.pyodide.runPython(answerSource));
  console.log(JSON.stringify({
    path: booted.path,
    fallbacks: booted.fallbacks,
    milliseconds: booted.timings.milliseconds,
    snapshot_released: booted.pyodide._api.config._loadSnapshot == null,
    array_buffer_bytes: await arrayBufferBytesAfterGc(),
    console_errors: consoleErrors,
    modules: booted.modules,
    import_errors: importErrors,
    kept,
    answers,
  }));
  process.exit(0);
} catch (error) {
  originalError(error?.stack ?? String(error));
  process.exit(1);
}
