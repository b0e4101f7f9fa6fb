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
//
// Snapshot file format (made by tools/pyodide_build/build.mjs, encodeSparseSnapshot): one gzip
// stream (or, when the host set Content-Encoding and the browser inflated it, the bytes inside) of a 16-byte header (uint32 little-endian: SPARSE_MAGIC, page size, raw length, page
// count), a bitmap of the pages that are not all zero (padded to 4 bytes), then those pages in
// order. More than half of a fresh interpreter's memory is zero pages, so inflating only the others
// halves the work; the pages are then scattered into a zero-filled buffer. In a browser the
// inflation runs in a worker of its own, on another core than the one loading Pyodide.

// Where tutor.zip is unpacked; the snapshot was made with the same directory on sys.path.
export const TUTOR_EXTRACT_DIR = "/home/pyodide/app";

export const SPARSE_MAGIC = 0x31504e53; // "SNP1"
const SPARSE_HEADER_BYTES = 16;

export const BOOT_PATHS = Object.freeze(["snapshot", "pyc", "plain"]);

// ---------------------------------------------------------------------------------------------
// tutor.zip, unpacked in JavaScript: the interpreter's own unzip costs ~100 ms after a restore.

function zipEntries(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("tutor archive: not a zip file");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("tutor archive: bad directory");
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({
      name,
      method: view.getUint16(at + 10, true),
      data: bytes.subarray(start, start + view.getUint32(at + 20, true)),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

async function entryBytes(entry) {
  if (entry.method === 0) return entry.data;
  if (entry.method !== 8) throw new Error(`tutor archive: ${entry.name}: unsupported compression`);
  const stream = new Blob([entry.data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// zipBytes: a zip archive, or a gzip-compressed one; an archive of stored (uncompressed) members
// inside gzip unpacks fastest: one inflation instead of one per member.
export async function unpackTutor(pyodide, zipBytes) {
  if (zipBytes[0] === 0x1f && zipBytes[1] === 0x8b) zipBytes = await gunzip(zipBytes);
  const entries = zipEntries(zipBytes);
  for (const { name } of entries) {
    if (name.startsWith("/") || name.split("/").includes("..")) {
      throw new Error(`tutor archive: unsafe path ${name}`);
    }
  }
  const files = entries.filter((entry) => !entry.name.endsWith("/"));
  const contents = await Promise.all(files.map(entryBytes));
  const { FS } = pyodide;
  files.forEach((entry, i) => {
    const path = `${TUTOR_EXTRACT_DIR}/${entry.name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, contents[i]);
  });
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

// ---------------------------------------------------------------------------------------------
// The snapshot: inflated while it downloads, then scattered into a zero-filled buffer.

function readSparseHeader(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < SPARSE_HEADER_BYTES || view.getUint32(0, true) !== SPARSE_MAGIC) {
    throw new Error("not a tutor snapshot");
  }
  const pageSize = view.getUint32(4, true);
  const rawLength = view.getUint32(8, true);
  const pageCount = view.getUint32(12, true);
  if (!pageSize || pageCount !== Math.ceil(rawLength / pageSize)) {
    throw new Error("snapshot header is inconsistent");
  }
  return { pageSize, rawLength, pageCount };
}

// Copies the stored pages of a whole inflated sparse snapshot into `target` (zero-filled).
function scatterSparse(compact, target) {
  const { pageSize, rawLength, pageCount } = readSparseHeader(compact);
  const bitmapBytes = Math.ceil(pageCount / 8);
  let from = SPARSE_HEADER_BYTES + Math.ceil(bitmapBytes / 4) * 4;
  let page = 0;
  while (page < pageCount) {
    if (!(compact[SPARSE_HEADER_BYTES + (page >> 3)] & (1 << (page & 7)))) {
      page += 1;
      continue;
    }
    const first = page; // copy a whole run of stored pages at once
    while (page < pageCount && compact[SPARSE_HEADER_BYTES + (page >> 3)] & (1 << (page & 7))) page += 1;
    const start = first * pageSize;
    const length = Math.min(page * pageSize, rawLength) - start;
    if (from + length > compact.length) throw new Error("snapshot is truncated");
    target.set(compact.subarray(from, from + length), start);
    from += length;
  }
  if (from !== compact.length) throw new Error("snapshot has trailing data");
}

// The raw snapshot from an inflated sparse one.
export function decodeSparseSnapshot(compact) {
  const target = new Uint8Array(readSparseHeader(compact).rawLength);
  scatterSparse(compact, target);
  return target;
}

// Fetches and inflates the whole snapshot file; calls onHead(bytes) once the header is in. It runs
// as the body of a worker of its own too (see inflateInWorker), so it uses nothing from this module.
// The file is gzip, but a host may add "Content-Encoding: gzip" for a .gz name, and then the
// browser has already inflated it: the first bytes tell which (gzip's 1f 8b, or the snapshot's own
// header), never the name or the headers.
async function inflateSnapshotFile(fetchImpl, url, onHead) {
  const response = await fetchImpl(url);
  if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
  const source = response.body.getReader();
  const first = [];
  let firstLength = 0;
  while (firstLength < 2) {
    const { value, done } = await source.read();
    if (done) break;
    first.push(value);
    firstLength += value.length;
  }
  const start = new Uint8Array(firstLength);
  first.reduce((at, chunk) => (start.set(chunk, at), at + chunk.length), 0);
  const replayed = new ReadableStream({
    start(controller) {
      if (start.length) controller.enqueue(start);
    },
    async pull(controller) {
      const { value, done } = await source.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
  const gzipped = start[0] === 0x1f && start[1] === 0x8b;
  if (gzipped && typeof DecompressionStream !== "function") {
    throw new Error("DecompressionStream is not available");
  }
  const reader = (gzipped ? replayed.pipeThrough(new DecompressionStream("gzip")) : replayed).getReader();
  const chunks = [];
  let total = 0;
  let announced = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
    if (!announced && total >= 16) {
      const head = new Uint8Array(16);
      let at = 0;
      for (const chunk of chunks) {
        head.set(chunk.subarray(0, 16 - at), at);
        at += Math.min(chunk.length, 16 - at);
        if (at === 16) break;
      }
      onHead(head);
      announced = true;
    }
  }
  const compact = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    compact.set(chunk, at);
    at += chunk.length;
  }
  return compact;
}

// The same inflation on another thread (a second core), so that it does not hold up the worker
// thread that loads Pyodide; the result is transferred, not copied.
function inflateInWorker(url, onHead) {
  const body = `const inflateSnapshotFile = ${inflateSnapshotFile.toString()};
onmessage = async ({ data }) => {
  try {
    const compact = await inflateSnapshotFile((url) => fetch(url), data.url, (head) => postMessage({ head }));
    postMessage({ compact }, [compact.buffer]);
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};`;
  const source = URL.createObjectURL(new Blob([body], { type: "text/javascript" }));
  // Rejects with .inflaterUnavailable when the worker itself cannot run (a content security
  // policy without blob: workers, say): the caller then inflates on its own thread.
  const unavailable = (message) => Object.assign(new Error(message), { inflaterUnavailable: true });
  return new Promise((resolve, reject) => {
    let inflater;
    try {
      inflater = new Worker(source);
    } catch (error) {
      URL.revokeObjectURL(source);
      reject(unavailable(String(error?.message ?? error)));
      return;
    }
    let heard = false;
    const finish = (settle, value) => {
      inflater.terminate();
      URL.revokeObjectURL(source);
      settle(value);
    };
    inflater.onmessage = ({ data }) => {
      heard = true;
      if (data.head) onHead(data.head);
      else if (data.compact) finish(resolve, data.compact);
      else finish(reject, new Error(data.error));
    };
    inflater.onerror = (event) => {
      event.preventDefault();
      const message = event.message || "snapshot inflater failed";
      finish(reject, heard ? new Error(message) : unavailable(message));
    };
    inflater.postMessage({ url: new URL(url, globalThis.location?.href).href });
  });
}

/**
 * Starts downloading and inflating the snapshot. `sized` resolves to the (still empty) buffer as
 * soon as its length is known, which is all Pyodide needs to start creating the module; `complete`
 * resolves to the same buffer when every byte is in place.
 */
function startSnapshot(options, marks) {
  let resolveSized;
  let rejectSized;
  const sized = new Promise((resolve, reject) => {
    resolveSized = resolve;
    rejectSized = reject;
  });
  let target = null;
  const onHead = (head) => {
    try {
      target = new Uint8Array(readSparseHeader(head).rawLength);
      marks.snapshot_sized = performance.now();
      resolveSized(target);
    } catch (error) {
      rejectSized(error);
    }
  };
  const offThread = !options.fetch && typeof Worker === "function" && typeof Blob === "function";
  let where = "here";
  const inflateHere = () => {
    where = "here";
    return inflateSnapshotFile(options.fetchImpl, options.snapshotURL, onHead);
  };
  const inflating = offThread
    ? ((where = "in_worker"),
      inflateInWorker(options.snapshotURL, onHead).catch((error) =>
        error.inflaterUnavailable ? inflateHere() : Promise.reject(error),
      ))
    : inflateHere();
  const complete = inflating.then((compact) => {
    marks[`snapshot_inflated_${where}`] = performance.now();
    if (!target) throw new Error("snapshot is truncated");
    scatterSparse(compact, target);
    return target;
  });
  complete.catch((error) => rejectSized(error));
  return { sized: silenced(sized), complete: silenced(complete) };
}

// ---------------------------------------------------------------------------------------------

async function fetchBytes(fetchImpl, url) {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function silenced(promise) {
  // Pyodide awaits some promises only at one stage of loading; a rejection before that must not
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
 * @param {string} [options.snapshotURL]  the snapshot made by tools/pyodide_build with that stdlib zip
 * @param {string[]} [options.paths]  the paths to try, in order (default snapshot, pyc, plain)
 * @param {Function} [options.loadPyodide]  default: imported from indexURL + "pyodide.mjs"
 * @param {Function} [options.createPyodideModule]  default: imported from indexURL + "pyodide.asm.mjs"
 * @param {Function} [options.fetch]  default: globalThis.fetch (given one, the snapshot is inflated on
 *   this thread, as in Node; otherwise in a worker of its own)
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
  // Downloads start before Pyodide's own scripts are even imported.
  const tutorZip = silenced(fetchBytes(fetchImpl, options.tutorZipURL));
  const snapshot =
    attempts.snapshot && paths.includes("snapshot")
      ? startSnapshot({ ...options, fetchImpl }, marks)
      : null;
  // The snapshot path creates the module itself: its script loads alongside pyodide.mjs.
  const createModule = snapshot
    ? silenced(
        options.createPyodideModule
          ? Promise.resolve(options.createPyodideModule)
          : import(`${options.indexURL}pyodide.asm.mjs`).then((module) => module.default),
      )
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
      const pyodide = await attempt({
        ...options, loadPyodide, fetchImpl, tutorZip, snapshot, createModule, marks,
      });
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
  const createModule = await options.createModule;
  let inflating = options.snapshot.complete;
  const pyodide = await options.loadPyodide({
    ...baseConfig(options),
    stdLibURL: options.pycStdlibURL,
    // Pyodide sizes the wasm memory from the buffer, then restores it only after the module
    // exists: module creation and inflation run side by side, joined before the restore.
    _loadSnapshot: options.snapshot.sized,
    createPyodideModule: async (settings) => {
      const module = await createModule(settings);
      await inflating;
      inflating = null; // Pyodide keeps this function in its config: it must not hold the buffer
      return module;
    },
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
