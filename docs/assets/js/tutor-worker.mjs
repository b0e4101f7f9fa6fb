// The module worker: boots the engine as soon as the page asks, then answers the page's requests
// through tutor.web.protocol (queued until the engine is up).
// In:  {type: "boot", version, indexURL, tutorZipURL, [pycStdlibURL, snapshotURL]},
//      {type: "request", id, request}.
// Out: {type: "ready", readyAt (ms since the epoch), path (how boot.mjs booted)},
//      {type: "failed", error}, {type: "response", id, response}.

let engine = null;
let settled = false; // the page has been told "ready" or "failed"

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

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.type === "boot") {
    engine = boot(message);
  } else if (message.type === "request") {
    const ready = await engine;
    if (ready) {
      self.postMessage({ type: "response", id: message.id, response: ready.handle(message.request) });
    }
  }
});

// The first visit takes the lighter path: the trimmed .pyc standard library (about a quarter of
// the snapshot's bytes). The snapshot is for the visits after it: the service worker fetches it in
// the background with the rest of the site (sw-register.mjs), and once it is in the cache the
// boot restores it. Without Cache Storage (no service worker) every visit takes the .pyc path.
async function snapshotIsCached(url) {
  try {
    return Boolean(url && self.caches && (await self.caches.match(url)));
  } catch {
    return false;
  }
}

async function boot({ version, ...urls }) {
  try {
    const { startEngine } = await import(`./tutor-engine.mjs?v=${version}`);
    if (urls.snapshotURL && !(await snapshotIsCached(urls.snapshotURL))) delete urls.snapshotURL;
    const bootStart = performance.now();
    const ready = await startEngine(urls);
    // Where the boot's time went, for bench/bench_boot.py: boot.mjs's marks (ms since bootTutor
    // began, about bootStart) and the worker's own clock (its timeOrigin, since the epoch).
    self.tutorBootReport = { path: ready.path, timings: ready.timings, bootStart, timeOrigin: performance.timeOrigin };
    if (settled) return null; // the page has already been told that the engine failed
    report({ type: "ready", readyAt: performance.timeOrigin + performance.now(), path: ready.path });
    return ready;
  } catch (error) {
    report({ type: "failed", error: String(error?.message ?? error) });
    return null;
  }
}
