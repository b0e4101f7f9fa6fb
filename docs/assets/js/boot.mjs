// Fast Pyodide boot for the tutor worker (issue 7).
//
// bootTutor() tries, in order, until one works:
//   "snapshot" – a memory snapshot of an interpreter that already imported tutor (made at build time
//                by tools/pyodide_build), gzip-compressed, inflated here with DecompressionStream;
//   "pyc"      – the standard library precompiled to .pyc (public stdLibURL option);
//   "plain"    – Pyodide's own python_stdlib.zip.
// A failed attempt is recorded in `fallbacks` and never reported through console.error, so the
// reader sees nothing; the caller publishes `path` (e.g. as data-boot on the page).
//
// The snapshot holds memory, not the file system, and is tied to the exact Pyodide build and to the
// stdlib zip it was made with: after a restore the tutor files are unpacked again, random is
// reseeded, and the snapshot buffer is released.

// Where tutor.zip is unpacked; the snapshot was made with the same directory on sys.path.
export const TUTOR_EXTRACT_DIR = "/home/pyodide/app";

const SNAPSHOT_MAGIC = 1886286592; // first uint32 of a Pyodide memory snapshot

export const BOOT_PATHS = Object.freeze(["snapshot", "pyc", "plain"]);

export async function unpackTutor(pyodide, zipBytes) {
  pyodide.unpackArchive(zipBytes, "zip", { extractDir: TUTOR_EXTRACT_DIR });
  pyodide.runPython(`
import importlib, sys
if ${JSON.stringify(TUTOR_EXTRACT_DIR)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(TUTOR_EXTRACT_DIR)})
importlib.invalidate_caches()
`);
}

// The snapshot carries the generator state it was made with; every reader must get fresh state.
export function reseedAfterRestore(pyodide) {
  pyodide.runPython(`
import sys
if "random" in sys.modules:
    sys.modules["random"].seed()
`);
}

async function fetchBytes(fetchImpl, url) {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function fetchSnapshot(fetchImpl, url, marks) {
  if (typeof DecompressionStream !== "function") {
    throw new Error("DecompressionStream is not available");
  }
  const response = await fetchImpl(url);
  if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
  marks.snapshot_response = performance.now();
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const snapshot = new Uint8Array(await new Response(inflated).arrayBuffer());
  marks.snapshot_inflated = performance.now();
  if (snapshot.length < 48 || new Uint32Array(snapshot.buffer, 0, 1)[0] !== SNAPSHOT_MAGIC) {
    throw new Error(`${url}: not a Pyodide memory snapshot`);
  }
  return snapshot;
}

function silenced(promise) {
  // Pyodide awaits the promise only at one stage of loading; a rejection before that must not
  // surface as an "unhandled rejection" in the console.
  promise.catch(() => {});
  return promise;
}

/**
 * Boots Pyodide with tutor importable.
 *
 * @param {object} options
 * @param {string} options.indexURL  folder of the Pyodide files (pyodide.mjs, pyodide.asm.wasm, …), ending in "/"
 * @param {string} options.tutorZipURL  the tutor package archive (top-level folder "tutor/")
 * @param {string} [options.pycStdlibURL]  the .pyc standard library zip made by tools/pyodide_build
 * @param {string} [options.snapshotURL]  the gzip snapshot made by tools/pyodide_build with that stdlib zip
 * @param {string[]} [options.paths]  the paths to try, in order (default snapshot, pyc, plain)
 * @param {Function} [options.loadPyodide]  default: imported from indexURL + "pyodide.mjs"
 * @param {Function} [options.fetch]  default: globalThis.fetch
 * @param {object} [options.pyodideOptions]  extra loadPyodide options (stdout, stderr, …)
 * @returns {Promise<{pyodide, path: string, fallbacks: {path: string, reason: string}[], timings: object}>}
 */
export async function bootTutor(options) {
  const started = performance.now();
  const marks = {};
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const paths = options.paths ?? BOOT_PATHS;
  const attempts = {
    snapshot: options.snapshotURL && options.pycStdlibURL ? bootFromSnapshot : null,
    pyc: options.pycStdlibURL ? bootFromPyc : null,
    plain: bootPlain,
  };
  // Downloads start before Pyodide's own script is even imported.
  const tutorZip = silenced(fetchBytes(fetchImpl, options.tutorZipURL));
  const snapshot =
    attempts.snapshot && paths.includes("snapshot")
      ? silenced(fetchSnapshot(fetchImpl, options.snapshotURL, marks))
      : null;
  const loadPyodide =
    options.loadPyodide ?? (await import(`${options.indexURL}pyodide.mjs`)).loadPyodide;
  marks.pyodide_module = performance.now();
  const fallbacks = [];
  for (const path of paths) {
    const attempt = attempts[path];
    if (!attempt) {
      fallbacks.push({ path, reason: "not configured" });
      continue;
    }
    try {
      const pyodide = await attempt({ ...options, loadPyodide, fetchImpl, tutorZip, snapshot, marks });
      const timings = { milliseconds: Math.round(performance.now() - started) };
      for (const [name, time] of Object.entries(marks)) timings[name] = Math.round(time - started);
      return { pyodide, path, fallbacks, timings };
    } catch (error) {
      fallbacks.push({ path, reason: String(error?.message ?? error).split("\n")[0] });
    }
  }
  throw new Error(
    `Pyodide did not boot: ${fallbacks.map((f) => `${f.path}: ${f.reason}`).join("; ")}`,
  );
}

function baseConfig(options) {
  return { ...(options.pyodideOptions ?? {}), indexURL: options.indexURL };
}

async function finishBoot(pyodide, options) {
  options.marks.loaded = performance.now();
  await unpackTutor(pyodide, await options.tutorZip);
  options.marks.unpacked = performance.now();
  pyodide.runPython("import tutor");
  options.marks.imported = performance.now();
}

async function bootFromSnapshot(options) {
  const pyodide = await options.loadPyodide({
    ...baseConfig(options),
    stdLibURL: options.pycStdlibURL,
    _loadSnapshot: options.snapshot,
  });
  // Pyodide keeps the snapshot buffer referenced from its config; without this the worker holds
  // the whole raw snapshot (~31 MB) for its lifetime.
  pyodide._api.config._loadSnapshot = null;
  await finishBoot(pyodide, options);
  reseedAfterRestore(pyodide);
  return pyodide;
}

async function bootFromPyc(options) {
  const pyodide = await options.loadPyodide({
    ...baseConfig(options),
    stdLibURL: options.pycStdlibURL,
  });
  await finishBoot(pyodide, options);
  return pyodide;
}

async function bootPlain(options) {
  const pyodide = await options.loadPyodide(baseConfig(options));
  await finishBoot(pyodide, options);
  return pyodide;
}
