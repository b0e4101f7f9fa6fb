// The module worker: boots the engine the moment it starts, then answers the page's requests
// through tutor.web.protocol (queued until the engine is up).
// Its address carries the boot settings, like the page script's: tutor-worker.mjs?v=<version>
// [&stdlib=<the .pyc standard library>&tutor=<the compiled tutor archive>] (files in ../engine/,
// names with their content hash; without them the boot takes tutor.zip and Pyodide's own library).
// In:  {type: "request", id, request}.
// Out: {type: "ready", readyAt (ms since the epoch), path (how boot.mjs booted)},
//      {type: "failed", error}, {type: "response", id, response}.
//
// Return visits: once a first visit's engine has answered the page and the page has been quiet
// for a moment, the worker imports the rest of the engine, takes a memory snapshot and stores it
// in this browser (boot.mjs snapshotStore, keyed by the version and the two files), and the next
// visit restores it instead of starting Python. A stored snapshot that cannot be restored is
// dropped: the boot falls back to the .pyc path without a word to the reader, and stores a new one.

const here = new URL(import.meta.url);
const version = here.searchParams.get("v") || "";
const engineURL = new URL("../engine/", here);
const stdlibName = here.searchParams.get("stdlib");
const archiveName = here.searchParams.get("tutor");

// The stored snapshot is looked up first of all: Cache Storage answers one thing at a time, and
// soon it is busy with the engine's files. (SNAPSHOT_CACHE in boot.mjs names the same cache.)
const snapshotKey = stdlibName && archiveName // snapshots need the .pyc files
  ? new URL(`tutor-snapshot?v=${version}&stdlib=${stdlibName}&tutor=${archiveName}`, engineURL).href : null;
let found = null;
try {
  found = snapshotKey && self.caches ? self.caches.open("tutor-snapshot").then((cache) => cache.match(snapshotKey)) : null;
  found?.catch(() => {});
} catch {
  found = null; // no Cache Storage here (an opaque origin, storage turned off)
}

// Our scripts are loaded with this one query, the address the offline copy keeps them by.
// boot.mjs comes at once, beside the engine module that imports it (the same module: same address).
const bootModule = import(`./boot.mjs${here.search}`);
bootModule.catch(() => {});
const engineModule = import(`./tutor-engine.mjs${here.search}`);

const QUIET_BEFORE_SNAPSHOT_MS = 2000; // the page has had no request answered for this long
const LARGEST_SNAPSHOT_BYTES = 192 * 1024 * 1024; // a bigger memory is not worth storing

let settled = false; // the page has been told "ready" or "failed"
let lastRequest = performance.now();

function report(message) {
  if (settled) return;
  settled = true;
  self.postMessage(message);
}

// When Pyodide cannot fetch or compile pyodide.asm.wasm, Pyodide 314 catches the error, only
// warns "wasm instantiation failed!", and loadPyodide never settles. Every boot path needs that
// file, so that warning means the engine cannot come up: tell the page instead of loading forever.
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (args[0] === "wasm instantiation failed!") {
    report({ type: "failed", error: "Pyodide could not load pyodide.asm.wasm" });
  }
  warn(...args);
};

async function openStore() {
  if (!found) return null;
  const { snapshotStore } = await bootModule;
  return snapshotStore({ key: snapshotKey, caches: self.caches });
}

const store = openStore();
const engine = boot();

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.type === "request") {
    lastRequest = performance.now();
    const ready = await engine;
    if (ready) {
      self.postMessage({ type: "response", id: message.id, response: ready.handle(message.request) });
    }
    lastRequest = performance.now();
  }
});

async function boot() {
  try {
    const { startEngine } = await engineModule;
    const snapshots = await store;
    const stored = snapshots ? snapshots.load(found).catch(() => (snapshots.drop().catch(() => {}), null)) : null;
    const bootStart = performance.now();
    const ready = await startEngine({
      indexURL: engineURL.href,
      tutorZipURL: new URL(archiveName ?? `tutor.zip?v=${version}`, engineURL).href,
      ...(stdlibName ? { pycStdlibURL: new URL(stdlibName, engineURL).href } : {}),
      ...(stored ? { storedSnapshot: stored, makeSnapshots: true } : {}),
    });
    // Where the boot's time went, for bench/bench_boot.py: boot.mjs's marks (ms since bootTutor
    // began, about bootStart) and the worker's own clock (its timeOrigin, since the epoch).
    self.tutorBootReport = {
      path: ready.path, timings: ready.timings, fallbacks: ready.fallbacks, bootStart, timeOrigin: performance.timeOrigin,
    };
    if (settled) return null; // the page has already been told that the engine failed
    report({ type: "ready", readyAt: performance.timeOrigin + performance.now(), path: ready.path });
    if (snapshots) keepSnapshot(ready, snapshots);
    return ready;
  } catch (error) {
    report({ type: "failed", error: String(error?.message ?? error) });
    return null;
  }
}

// Resolves in a later task, once no request has come for `milliseconds`.
function quiet(milliseconds) {
  return new Promise((resolve) => {
    const check = () => {
      const waited = performance.now() - lastRequest;
      if (waited >= milliseconds) resolve();
      else setTimeout(check, milliseconds - waited);
    };
    setTimeout(check, 0);
  });
}

// After a .pyc boot: every module of the engine imported (one at a time, each when the page is
// quiet, so a click is answered first), then the snapshot taken and stored. A snapshot that was
// found but could not be restored is dropped first.
async function keepSnapshot(ready, snapshots) {
  const failed = ready.fallbacks.some((fallback) => fallback.path === "snapshot" && !fallback.nothingStored);
  if (failed) await snapshots.drop().catch(() => {});
  if (ready.path !== "pyc") return;
  try {
    const { makeTutorSnapshot } = await bootModule;
    await quiet(QUIET_BEFORE_SNAPSHOT_MS);
    for (const name of ready.modules) {
      await quiet(0);
      try {
        ready.pyodide.runPython(`import importlib; importlib.import_module(${JSON.stringify(name)})`);
      } catch {
        // a module the browser cannot import is left out of the snapshot, as it was of the visit
      }
    }
    await quiet(QUIET_BEFORE_SNAPSHOT_MS / 4);
    if (ready.pyodide._module.HEAP8.length > LARGEST_SNAPSHOT_BYTES) return;
    await snapshots.save(makeTutorSnapshot(ready.pyodide));
    self.tutorBootReport.snapshotStored = performance.now();
  } catch (error) {
    warn("tutor: no snapshot kept for the next visit:", error?.message ?? error);
  }
}
