// Pyodide boot for the tutor worker: the one place that knows how (issues 7 and 28).
//
// bootTutor() tries, in order, until one works:
//   "snapshot" – a memory snapshot of an interpreter that has already imported tutor: the one this
//                browser made after an earlier visit (`storedSnapshot`, read from Cache Storage,
//                stored uncompressed: see snapshotStore and makeTutorSnapshot), or one made at
//                build time and fetched (`snapshotURL`, gzip; the tests and bench_fastboot.py);
//   "pyc"      – the standard library precompiled to .pyc and cut to what the engine imports;
//   "plain"    – Pyodide's own python_stdlib.zip.
// A failed attempt is recorded in `fallbacks` and never reported through console.error, so the
// reader sees nothing; the caller publishes `path` (e.g. as data-boot on the page).
//
// Everything a boot needs is asked for at once, before Pyodide's own scripts have even arrived:
// pyodide.mjs and pyodide.asm.mjs, the tutor archive, the stored snapshot, and in a browser the
// wasm (compiling as it arrives), the standard library and the lock file, which Pyodide is handed
// when it asks (startEngineFiles); Python starts while the tutor archive is still on its way.
//
// A snapshot holds memory, not the file system, and is tied to the exact Pyodide build, to the
// standard library zip and to the tutor archive it was made with: after a restore the tutor files
// are unpacked again, random is reseeded, and the snapshot's bytes are released.
//
// Snapshot bytes (encodeSparseSnapshot; what makeTutorSnapshot stores, and inside the gzip stream
// of a build-time snapshot): a 16-byte header (uint32 little-endian: SPARSE_MAGIC, page size, raw
// length, page count), a bitmap of the pages that are not all zero (padded to 4 bytes), then those
// pages in order. More than half of an interpreter's memory is zero pages; they are neither stored
// nor read, and the stored ones are written straight into the new module's memory (restoreSparse).

// Where the tutor archive is unpacked; a snapshot was made with the same directory on sys.path.
export const TUTOR_EXTRACT_DIR = "/home/pyodide/app";

export const SPARSE_MAGIC = 0x31504e53; // "SNP1"
const SPARSE_HEADER_BYTES = 16;
const SPARSE_PAGE_BYTES = 4096;

export const BOOT_PATHS = Object.freeze(["snapshot", "pyc", "plain"]);

// ---------------------------------------------------------------------------------------------
// The tutor archive, unpacked in JavaScript (the interpreter's own unzip costs ~100 ms). The site
// ships its members stored (the host's brotli compresses the whole file better, and the browser
// inflates it for us); deflated members and a gzip'd archive are unpacked too.

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

function entryBytes(entry) {
  if (entry.method === 0) return entry.data;
  if (entry.method !== 8) throw new Error(`tutor archive: ${entry.name}: unsupported compression`);
  const stream = new Blob([entry.data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The importable modules of an archive's file names ("tutor/web/protocol.pyc" → "tutor.web.protocol"),
// without the command-line ones, which a page never runs.
export function tutorModules(names) {
  const modules = [];
  for (const name of names) {
    const match = /^(tutor(?:\/[A-Za-z_][A-Za-z0-9_]*)*)\.pyc?$/.exec(name);
    if (!match) continue;
    const parts = match[1].split("/");
    if (parts.at(-1) === "__init__") parts.pop();
    if (parts.some((part) => part.startsWith("cli") || part === "__main__")) continue;
    modules.push(parts.join("."));
  }
  return [...new Set(modules)].sort();
}

// zipBytes: a zip archive, or a gzip-compressed one. Returns the archive's modules (tutorModules).
export async function unpackTutor(pyodide, zipBytes) {
  if (zipBytes[0] === 0x1f && zipBytes[1] === 0x8b) zipBytes = await gunzip(zipBytes);
  const entries = zipEntries(zipBytes);
  for (const { name } of entries) {
    if (name.startsWith("/") || name.split("/").includes("..")) {
      throw new Error(`tutor archive: unsafe path ${name}`);
    }
  }
  const files = entries.filter((entry) => !entry.name.endsWith("/"));
  const contents = files.some((entry) => entry.method !== 0)
    ? await Promise.all(files.map(entryBytes))
    : files.map((entry) => entry.data);
  const { FS } = pyodide;
  const made = new Set();
  files.forEach((entry, i) => {
    const path = `${TUTOR_EXTRACT_DIR}/${entry.name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, contents[i]);
  });
  pyodide.runPython(`
import importlib, sys
if ${JSON.stringify(TUTOR_EXTRACT_DIR)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(TUTOR_EXTRACT_DIR)})
importlib.invalidate_caches()
`);
  return tutorModules(files.map((entry) => entry.name));
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
// The sparse snapshot format.

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

// Copies the stored pages of a whole sparse snapshot into `target` (zero-filled).
function scatterSparse(compact, target) {
  const { pageSize, rawLength, pageCount } = readSparseHeader(compact);
  if (target.length !== rawLength) throw new Error("snapshot length does not match its header");
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

// The raw snapshot from a sparse one.
export function decodeSparseSnapshot(compact) {
  const target = new Uint8Array(readSparseHeader(compact).rawLength);
  scatterSparse(compact, target);
  return target;
}

// Restores a sparse snapshot straight into the new module's memory, instead of Pyodide's own
// restoreSnapshot, which copies the whole raw snapshot (zero pages too) from a buffer that first
// had to be filled: only the stored pages are written, and a zero page only where the module's own
// start has left something there (fresh wasm memory is zero). Pyodide's function still reads and
// checks its header (magic, build id) and the state of its JavaScript side.
function restoreSparse(module, pyodideRestore, compact) {
  const { pageSize, rawLength, pageCount } = readSparseHeader(compact);
  const stored = (page) => compact[SPARSE_HEADER_BYTES + (page >> 3)] & (1 << (page & 7));
  const dataStart = SPARSE_HEADER_BYTES + Math.ceil(Math.ceil(pageCount / 8) / 4) * 4;
  if (!stored(0)) throw new Error("snapshot has no header");
  // Pyodide's header and state: the raw bytes before the memory (a few stored pages at the start)
  const headLength = new DataView(compact.buffer, compact.byteOffset + dataStart).getUint32(4, true);
  const head = new Uint8Array(headLength);
  for (let page = 0, from = dataStart; page * pageSize < headLength; page++) {
    if (!stored(page)) continue; // a zero page (the padding after the state): head is zero already
    const length = Math.min(pageSize, headLength - page * pageSize);
    head.set(compact.subarray(from, from + length), page * pageSize);
    from += pageSize; // the pages before the memory's first byte are whole pages
  }
  const state = pyodideRestore(head); // checks it; copies nothing (no memory after the header)
  const memory = module.HEAP8;
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >> 2);
  if (memory.byteLength < rawLength - headLength) throw new Error("snapshot is larger than the memory");
  let from = dataStart;
  for (let page = 0; page < pageCount; page++) {
    const start = page * pageSize;
    const end = Math.min(rawLength, start + pageSize);
    const skip = Math.max(0, headLength - start); // the part of the page before the memory
    const at = start + skip - headLength;
    if (stored(page)) {
      if (from + (end - start) > compact.length) throw new Error("snapshot is truncated");
      if (end - start > skip) memory.set(compact.subarray(from + skip, from + (end - start)), at);
      from += end - start;
    } else if (end - start > skip) {
      for (let i = at >> 2; i < (at + end - start - skip) >> 2; i++) {
        if (words[i] !== 0) {
          memory.fill(0, at, at + end - start - skip);
          break;
        }
      }
    }
  }
  if (from !== compact.length) throw new Error("snapshot has trailing data");
  return state;
}

function pageIsZero(raw, words, start, end) {
  if (words && start % 4 === 0 && end % 4 === 0) {
    for (let i = start >> 2; i < end >> 2; i++) if (words[i] !== 0) return false;
    return true;
  }
  for (let i = start; i < end; i++) if (raw[i] !== 0) return false;
  return true;
}

// The sparse form of a raw snapshot (pyodide.makeMemorySnapshot()).
export function encodeSparseSnapshot(raw, pageSize = SPARSE_PAGE_BYTES) {
  const pageCount = Math.ceil(raw.length / pageSize);
  const bitmapBytes = Math.ceil(pageCount / 8);
  const headerBytes = SPARSE_HEADER_BYTES + Math.ceil(bitmapBytes / 4) * 4;
  const words = raw.byteOffset % 4 === 0 ? new Uint32Array(raw.buffer, raw.byteOffset, raw.length >> 2) : null;
  const stored = [];
  let storedBytes = 0;
  for (let page = 0; page < pageCount; page++) {
    const start = page * pageSize;
    const end = Math.min(raw.length, start + pageSize);
    if (!pageIsZero(raw, words, start, end)) {
      stored.push(page);
      storedBytes += end - start;
    }
  }
  const out = new Uint8Array(headerBytes + storedBytes);
  const view = new DataView(out.buffer);
  view.setUint32(0, SPARSE_MAGIC, true);
  view.setUint32(4, pageSize, true);
  view.setUint32(8, raw.length, true);
  view.setUint32(12, pageCount, true);
  let at = headerBytes;
  for (const page of stored) {
    out[SPARSE_HEADER_BYTES + (page >> 3)] |= 1 << (page & 7);
    const start = page * pageSize;
    const end = Math.min(raw.length, start + pageSize);
    out.set(raw.subarray(start, end), at);
    at += end - start;
  }
  return out;
}

// The SHA-256 of stored bytes (hex): a flipped bit or a cut-off copy is not restored. The browser
// computes it off this thread, while the module is being created.
export async function snapshotChecksum(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------------------------------------
// A snapshot this browser made: in Cache Storage, under a key that names the engine's version
// (and the standard library and archive it was made with), uncompressed, so a return visit only
// reads it. One entry at a time: storing one removes the others, and another version's entry is
// never looked at (a different key). The raw length and checksum travel as headers, so the
// buffer can be sized, and module creation start, before the bytes are read.

const STORE_HEADER = "x-tutor-snapshot"; // "<raw length> <checksum>"
export const SNAPSHOT_CACHE = "tutor-snapshot";

/**
 * @param {object} options
 * @param {string} options.key  a URL naming the engine version (the Cache Storage key)
 * @param {CacheStorage} [options.caches]  default: globalThis.caches
 * @returns {{load: Function, save: Function, drop: Function}} or null without Cache Storage
 */
export function snapshotStore({ key, caches = globalThis.caches, cacheName = SNAPSHOT_CACHE }) {
  if (!caches || !key) return null;
  const cache = () => caches.open(cacheName);
  return {
    key,
    // {rawLength, checksum, bytes: () => Promise<Uint8Array>} or null when none is stored.
    // found: the entry's lookup, when the caller started it earlier (findStoredSnapshot)
    async load(found = findStoredSnapshot(key, caches, cacheName)) {
      const response = await found;
      if (!response) return null;
      const [rawLength, checksum] = (response.headers.get(STORE_HEADER) ?? "").split(" ");
      if (!(Number(rawLength) > 0) || !checksum) throw new Error("stored snapshot: no length or checksum");
      return {
        rawLength: Number(rawLength),
        bytes: async (marks = {}) => {
          const bytes = new Uint8Array(await response.arrayBuffer());
          marks.snapshot_bytes = performance.now();
          if ((await snapshotChecksum(bytes)) !== checksum) throw new Error("stored snapshot: checksum differs");
          return bytes;
        },
      };
    },
    async save(sparse) {
      const { rawLength } = readSparseHeader(sparse);
      const opened = await cache();
      await opened.put(key, new Response(sparse, {
        headers: { "content-type": "application/octet-stream", [STORE_HEADER]: `${rawLength} ${await snapshotChecksum(sparse)}` },
      }));
      for (const request of await opened.keys()) {
        if (request.url !== new URL(key, globalThis.location?.href).href) await opened.delete(request);
      }
    },
    async drop() {
      await (await cache()).delete(key);
    },
  };
}

// The stored snapshot's entry (a Response) or undefined: the first thing a worker may ask for.
export function findStoredSnapshot(key, caches = globalThis.caches, cacheName = SNAPSHOT_CACHE) {
  return caches.open(cacheName).then((cache) => cache.match(key));
}

/**
 * The snapshot of a booted engine (booted with `makeSnapshots: true`), in sparse form for
 * snapshotStore.save. Call it when the engine is idle: it copies the whole wasm memory.
 */
export function makeTutorSnapshot(pyodide) {
  pyodide.runPython("import gc; gc.collect()");
  return encodeSparseSnapshot(pyodide.makeMemorySnapshot());
}

// ---------------------------------------------------------------------------------------------
// A snapshot made at build time, fetched: inflated while it downloads (on another thread where
// blob: workers may run), then scattered into a zero-filled buffer.

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
 * Starts downloading and inflating the snapshot. `sized` resolves to an empty buffer of the raw
 * snapshot's length as soon as that is known, which is all Pyodide needs to start creating the
 * module (it is never written: restoreSparse writes the memory itself); `complete` resolves to the
 * sparse bytes once they are all in.
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
    if (!target || readSparseHeader(compact).rawLength !== target.length) throw new Error("snapshot is truncated");
    return compact;
  });
  complete.catch((error) => rejectSized(error));
  return { sized: silenced(sized), complete: silenced(complete) };
}

// The same two promises for a snapshot this browser stored: `sized` as soon as the entry is found
// (its raw length is a header), `complete` once its bytes are read and checked.
function startStoredSnapshot(stored, marks) {
  let target = null;
  const sized = Promise.resolve(stored).then((entry) => {
    if (!entry) throw Object.assign(new Error("no snapshot stored"), { nothingStored: true });
    target = new Uint8Array(entry.rawLength);
    marks.snapshot_sized = performance.now();
    return target;
  });
  const complete = sized.then(async () => {
    const compact = await (await stored).bytes(marks);
    marks.snapshot_checked = performance.now();
    if (readSparseHeader(compact).rawLength !== target.length) throw new Error("stored snapshot: length differs");
    return compact;
  });
  return { sized: silenced(sized), complete: silenced(complete) };
}

// ---------------------------------------------------------------------------------------------
// In a browser, the files Pyodide itself asks for are asked for first, here, while pyodide.mjs and
// pyodide.asm.mjs are still on their way: the wasm, compiled as it arrives (by the streaming API,
// so the browser may keep its compiled code for the next visit), the standard library and the
// lock file. While loadPyodide runs,
// Pyodide gets them through `fetch` and `WebAssembly.instantiateStreaming` (nothing else is
// rerouted, and nothing once it has loaded); a fallback boot instantiates the same compiled wasm.

function startEngineFiles(options, marks) {
  const base = globalThis.location?.href;
  const wasmURL = new URL(`${options.indexURL}pyodide.asm.wasm`, base).href;
  const wasm = silenced(WebAssembly.compileStreaming(fetch(wasmURL)).then((module) => {
    marks.wasm_compiled = performance.now();
    return module;
  }));
  const waiting = new Map();
  for (const file of [options.pycStdlibURL, `${options.indexURL}pyodide-lock.json`]) {
    if (file) waiting.set(new URL(file, base).href, silenced(fetch(new URL(file, base))));
  }
  return { base, wasmURL, wasm, waiting };
}

async function withEngineFiles(files, load) {
  if (!files) return load();
  const realFetch = globalThis.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  globalThis.fetch = (input, init) => {
    const key = typeof input === "string" || input instanceof URL ? new URL(input, files.base).href : null;
    if (key === files.wasmURL) return Promise.resolve(new Response(null)); // compiled already: unread
    const started = files.waiting.get(key);
    if (started) {
      files.waiting.delete(key);
      return started;
    }
    return realFetch(input, init);
  };
  WebAssembly.instantiateStreaming = async (_source, imports) => {
    let module;
    try {
      module = await files.wasm;
    } catch {
      return realInstantiate(realFetch(files.wasmURL), imports);
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  }
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
 * @param {Promise} [options.storedSnapshot]  what snapshotStore().load() gives: a snapshot this
 *   browser made with the same files (or null); it needs pycStdlibURL
 * @param {string} [options.snapshotURL]  a snapshot made by tools/pyodide_build with that stdlib zip
 * @param {boolean} [options.makeSnapshots]  boot the .pyc path so that makeTutorSnapshot works
 * @param {Function} [options.ready]  ready(pyodide) runs inside each attempt once tutor is
 *   importable (e.g. opening the page's session); if it throws, the next path is tried
 * @param {string[]} [options.paths]  the paths to try, in order (default snapshot, pyc, plain)
 * @param {Function} [options.loadPyodide]  default: imported from indexURL + "pyodide.mjs"
 * @param {Function} [options.createPyodideModule]  default: imported from indexURL + "pyodide.asm.mjs"
 * @param {Function} [options.fetch]  default: globalThis.fetch (given one, a build-time snapshot is
 *   inflated on this thread, as in Node; otherwise in a worker of its own)
 * @param {object} [options.pyodideOptions]  extra loadPyodide options (stdout, stderr, …)
 * @returns {Promise<{pyodide, path: string, fallbacks: {path: string, reason: string}[],
 *   timings: object, modules: string[], readied: any}>}  modules: the archive's (tutorModules);
 *   readied: what ready() returned
 */
export async function bootTutor(options) {
  const started = performance.now();
  const marks = {};
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const paths = options.paths ?? BOOT_PATHS;
  const snapshotSource = options.pycStdlibURL && paths.includes("snapshot")
    ? (options.storedSnapshot ? "stored" : options.snapshotURL ? "url" : null)
    : null;
  const attempts = {
    snapshot: snapshotSource ? bootFromSnapshot : null,
    pyc: options.pycStdlibURL ? bootFromPyc : null,
    plain: bootPlain,
  };
  // Everything starts before Pyodide's own scripts are even imported.
  const engineFiles = !options.fetch && typeof WebAssembly.compileStreaming === "function"
    ? startEngineFiles(options, marks) : null;
  const tutorZip = silenced(fetchBytes(fetchImpl, options.tutorZipURL));
  const snapshot = snapshotSource === "stored"
    ? startStoredSnapshot(options.storedSnapshot, marks)
    : snapshotSource === "url" ? startSnapshot({ ...options, fetchImpl }, marks) : null;
  const createModule = silenced(
    (options.createPyodideModule
      ? Promise.resolve(options.createPyodideModule)
      : import(`${options.indexURL}pyodide.asm.mjs`).then((module) => module.default)
    ).then((factory) => {
      marks.asm_module = performance.now();
      return timedFactory(factory, marks);
    }),
  );
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
      const booted = await attempt({
        ...options, fetchImpl, tutorZip, snapshot, createModule, marks,
        loadPyodide: (config) => withEngineFiles(engineFiles, () => loadPyodide(config)),
      });
      const timings = { milliseconds: Math.round(performance.now() - started) };
      for (const [name, time] of Object.entries(marks)) timings[name] = Math.round(time - started);
      return { ...booted, path, fallbacks, timings };
    } catch (error) {
      fallbacks.push({
        path,
        reason: String(error?.message ?? error).split("\n")[0],
        ...(error?.nothingStored ? { nothingStored: true } : {}),
      });
    }
  }
  throw new Error(
    `Pyodide did not boot: ${fallbacks.map((f) => `${f.path}: ${f.reason}`).join("; ")}`,
  );
}

// The module factory, marking when the wasm is instantiated and the module created (bench_boot.py).
function timedFactory(factory, marks) {
  return (settings) => {
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, done) => instantiate(imports, (instance, module) => {
        marks.wasm_instantiated = performance.now();
        done(instance, module);
      });
    }
    return factory(settings).then((module) => {
      marks.module_created = performance.now();
      return module;
    });
  };
}

function baseConfig(options) {
  return { ...(options.pyodideOptions ?? {}), indexURL: options.indexURL };
}

async function finishBoot(pyodide, options) {
  options.marks.loaded = performance.now();
  await options.tutorZip;
  options.marks.archive = performance.now();
  const modules = await unpackTutor(pyodide, await options.tutorZip);
  options.marks.unpacked = performance.now();
  pyodide.runPython("import tutor");
  const readied = options.ready ? await options.ready(pyodide) : undefined;
  options.marks.imported = performance.now();
  return { pyodide, modules, readied };
}

async function bootFromSnapshot(options) {
  await options.snapshot.sized; // none stored: fail before Pyodide starts fetching anything
  const createModule = await options.createModule;
  const marks = options.marks; // Pyodide keeps the function below: it must not hold `options`
  let inflating = options.snapshot.complete;
  const pyodide = await options.loadPyodide({
    ...baseConfig(options),
    stdLibURL: options.pycStdlibURL,
    // Pyodide sizes the wasm memory from the buffer, then restores it only after the module
    // exists: module creation and reading the snapshot run side by side, joined before the restore.
    _loadSnapshot: options.snapshot.sized,
    createPyodideModule: async (settings) => {
      const module = await createModule(settings);
      let compact = await inflating;
      inflating = null; // Pyodide keeps this function in its config: it must not hold the bytes
      const { API } = module;
      const pyodideRestore = API.restoreSnapshot;
      API.restoreSnapshot = () => {
        API.restoreSnapshot = pyodideRestore;
        const bytes = compact;
        compact = null;
        const state = restoreSparse(module, pyodideRestore, bytes);
        marks.memory_restored = performance.now();
        return state;
      };
      const finalize = API.finalizeBootstrap;
      API.finalizeBootstrap = (...args) => {
        API.finalizeBootstrap = finalize;
        const pyodide = finalize(...args);
        marks.bootstrap_finalized = performance.now();
        return pyodide;
      };
      return module;
    },
  });
  // Pyodide keeps the (empty) snapshot buffer referenced from its config; without this the worker
  // holds ~31 MB of address space for its lifetime.
  pyodide._api.config._loadSnapshot = null;
  options.marks.restored = performance.now();
  reseedAfterRestore(pyodide);
  return finishBoot(pyodide, options);
}

async function bootFromPyc(options) {
  const pyodide = await options.loadPyodide({
    ...baseConfig(options),
    stdLibURL: options.pycStdlibURL,
    createPyodideModule: await options.createModule,
    ...(options.makeSnapshots ? { _makeSnapshot: true } : {}),
  });
  return finishBoot(pyodide, options);
}

async function bootPlain(options) {
  const pyodide = await options.loadPyodide({
    ...baseConfig(options),
    createPyodideModule: await options.createModule,
  });
  return finishBoot(pyodide, options);
}
