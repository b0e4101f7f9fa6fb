// Build-time Pyodide artefacts, made by Pyodide's own CPython under Node (the host Python is a
// different version, so its bytecode would not load).
//
//   node build.mjs pyc-stdlib --pyodide DIR --out FILE.zip
//       The standard library zip with every module compiled to unchecked hash-based .pyc.
//   node build.mjs snapshot --pyodide DIR --stdlib FILE.zip --tutor-zip FILE.zip --out FILE.bin.gz
//       [--import tutor.web.protocol,...] [--build-id HEX]
//       A memory snapshot (sparse, gzip-compressed: format in boot.mjs) of an interpreter booted
//       with that stdlib zip, the tutor archive unpacked and its modules imported. --build-id overrides the runtime's build id
//       (tests use it to make a snapshot "from another build").
//   node build.mjs tutor-pyc --pyodide DIR --tutor-zip FILE.zip --out FILE.zip
//       The tutor archive with every module a page can import compiled to unchecked hash-based .pyc
//       (no sources), the other files (the compiled catalogs) as they are; members stored, for the
//       host to compress.
//   node build.mjs build-id --pyodide DIR
//       Prints the runtime's BUILD_ID (the value snapshots are checked against).
//
// Every command prints one JSON line on stdout describing what it made.

import { readFile, writeFile, mkdir, rename } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";

import { TUTOR_EXTRACT_DIR, encodeSparseSnapshot, unpackTutor } from "../../docs/assets/js/boot.mjs";

// The sparse snapshot format is boot.mjs's (browsers make their own snapshots with it too).
export { encodeSparseSnapshot };

// The compiler leaves out column positions (the ^^^ under a traceback's line): the browser shows
// no traceback, and the .pyc files are about 6% smaller.
const COMPILE_ENV = { PYTHONNODEBUGRANGES: "1" };

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = {};
  for (let i = 0; i < rest.length; i += 2) {
    if (!rest[i].startsWith("--") || i + 1 >= rest.length) {
      throw new Error(`expected --name value pairs, got ${rest.slice(i).join(" ")}`);
    }
    options[rest[i].slice(2)] = rest[i + 1];
  }
  return { command, options };
}

function required(options, name) {
  if (!options[name]) throw new Error(`missing --${name}`);
  return options[name];
}

async function importLoadPyodide(pyodideDir) {
  const module = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  return module.loadPyodide;
}

export async function readBuildId(pyodideDir) {
  const source = await readFile(resolve(pyodideDir, "pyodide.mjs"), "utf8");
  const match = source.match(/BUILD_ID:"([0-9a-f]{64})"/);
  if (!match) throw new Error(`no BUILD_ID found in ${pyodideDir}/pyodide.mjs`);
  return match[1];
}

// The Python this script runs inside Pyodide lives in .py files next to it (compile_pyc.py,
// import_tutor.py), where ruff and mypy check it; the cache key in __init__.py covers them
// (PYTHON_FILES). Each runs in a namespace of its own, so nothing lands in __main__ (which a
// memory snapshot keeps); the file name is given in angle brackets, which tracebacks show (with
// line numbers) and Pyodide does not keep the source for in linecache. The caller destroys the
// returned namespace (a PyProxy of a dict); values from JavaScript go to the functions as
// arguments, never into Python source.
async function runPythonFile(pyodide, name) {
  const path = new URL(name, import.meta.url);
  const namespace = pyodide.toPy({ __name__: name.replace(/\.py$/, "") });
  pyodide.runPython(await readFile(path, "utf8"), { globals: namespace, filename: `<${fileURLToPath(path)}>` });
  return namespace;
}

async function writeAtomically(path, bytes) {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, path);
}

// The standard library the browser gets: only the modules the engine and the boot can import,
// compiled to unchecked hash-based .pyc without docstrings and asserts (optimize=2), stored
// uncompressed in the zip (compile_pyc.py compile_stdlib).
//
// Which modules, computed from the tutor archive at every build (so a module added to the package
// is covered): those in sys.modules once Pyodide has booted and every module a page can import is
// imported (what runs), plus the static import graph of those sources followed through the standard
// library (compile_pyc.py import_graph). Fixed member timestamps make the output byte-for-byte
// reproducible.

async function buildPycStdlib(options) {
  const pyodideDir = required(options, "pyodide");
  const out = required(options, "out");
  const tutorZip = options["tutor-zip"];
  const started = performance.now();
  const loadPyodide = await importLoadPyodide(pyodideDir);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: COMPILE_ENV });
  const compiler = await runPythonFile(pyodide, "compile_pyc.py");
  const [major, minor] = pyodide.runPython("import sys; sys.version_info[:2]").toJs();
  const stdlibZip = `/lib/python${major}${minor}.zip`;
  let keep; // undefined: None in Python, the whole library
  if (tutorZip) {
    const modules = await unpackTutor(pyodide, new Uint8Array(await readFile(tutorZip)));
    const importer = await runPythonFile(pyodide, "import_tutor.py");
    importer.get("import_tutor")(pyodide.toPy(modules));
    importer.destroy();
    const loaded = pyodide.runPython("import sys; sorted(sys.modules)");
    const sources = compiler.get("tutor_sources")(TUTOR_EXTRACT_DIR, pyodide.toPy(modules));
    keep = compiler.get("import_graph")(stdlibZip, sources, loaded);
  }
  const result = compiler.get("compile_stdlib")(stdlibZip, "/tmp/stdlib-pyc.zip", keep).toJs();
  compiler.destroy();
  const bytes = pyodide.FS.readFile("/tmp/stdlib-pyc.zip");
  await writeAtomically(out, bytes);
  return {
    out,
    bytes: bytes.length,
    compiled: result[0],
    copied: result[1],
    trimmed: Boolean(keep),
    modules: keep ? [...keep.toJs()].sort() : undefined,
    python: `${major}.${minor}`,
    seconds: +((performance.now() - started) / 1000).toFixed(2),
  };
}

async function buildSnapshot(options) {
  const pyodideDir = required(options, "pyodide");
  const stdlib = resolve(required(options, "stdlib"));
  const tutorZip = required(options, "tutor-zip");
  const out = required(options, "out");
  const requested = options.import ? options.import.split(",").filter(Boolean) : [];
  const started = performance.now();
  const loadPyodide = await importLoadPyodide(pyodideDir);
  const config = { indexURL: resolve(pyodideDir) + "/", stdLibURL: stdlib, _makeSnapshot: true };
  if (options["build-id"]) config.BUILD_ID = options["build-id"];
  const pyodide = await loadPyodide(config);
  const booted = performance.now();
  const modules = await unpackTutor(pyodide, new Uint8Array(await readFile(tutorZip)));
  const importer = await runPythonFile(pyodide, "import_tutor.py");
  const importTutor = importer.get("import_tutor");
  const imported = importTutor(pyodide.toPy(requested.length ? requested : modules)).toJs();
  // Leave nothing behind that a restored interpreter would not expect (the file ran in a namespace
  // of its own, __main__ is untouched), and tidy the heap so the snapshot compresses well.
  importTutor.destroy();
  importer.destroy();
  pyodide.runPython("import gc; gc.collect()");
  const raw = pyodide.makeMemorySnapshot();
  const snapshotted = performance.now();
  const sparse = encodeSparseSnapshot(raw);
  const compressed = gzipSync(sparse, { level: 9 });
  await writeAtomically(out, compressed);
  return {
    out,
    raw_bytes: raw.length,
    stored_bytes: sparse.length,
    bytes: compressed.length,
    imported,
    build_id: config.BUILD_ID ?? (await readBuildId(pyodideDir)),
    seconds_boot: +((booted - started) / 1000).toFixed(2),
    seconds_import_and_snapshot: +((snapshotted - booted) / 1000).toFixed(2),
    seconds_gzip: +((performance.now() - snapshotted) / 1000).toFixed(2),
    seconds: +((performance.now() - started) / 1000).toFixed(2),
  };
}

// The tutor archive as the browser imports it fastest: each module compiled once, here, instead of
// at every first visit (compiling the sources took Pyodide ~0.3 s of a first visit), without the
// command-line modules a page never runs. optimize=2, like the standard library: no docstrings
// (the engine reads none) and no asserts (the engine's only narrow types; the tests run them
// under CPython). Members are stored in name order with fixed timestamps, so the same sources
// give the same bytes (compile_pyc.py compile_tutor).

async function buildTutorPyc(options) {
  const pyodideDir = required(options, "pyodide");
  const tutorZip = required(options, "tutor-zip");
  const out = required(options, "out");
  const started = performance.now();
  const loadPyodide = await importLoadPyodide(pyodideDir);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: COMPILE_ENV });
  let source = new Uint8Array(await readFile(tutorZip));
  if (source[0] === 0x1f && source[1] === 0x8b) source = new Uint8Array(gunzipSync(source));
  pyodide.FS.writeFile("/tmp/tutor-source.zip", source);
  const compiler = await runPythonFile(pyodide, "compile_pyc.py");
  const result = compiler.get("compile_tutor")("/tmp/tutor-source.zip", "/tmp/tutor-pyc.zip", TUTOR_EXTRACT_DIR).toJs();
  compiler.destroy();
  const bytes = pyodide.FS.readFile("/tmp/tutor-pyc.zip");
  await writeAtomically(out, bytes);
  return {
    out,
    bytes: bytes.length,
    compiled: result[0],
    copied: result[1],
    seconds: +((performance.now() - started) / 1000).toFixed(2),
  };
}

const COMMANDS = {
  "pyc-stdlib": buildPycStdlib,
  "tutor-pyc": buildTutorPyc,
  snapshot: buildSnapshot,
  "build-id": async (options) => ({ build_id: await readBuildId(required(options, "pyodide")) }),
};

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? "").href;
if (isMain) {
  const { command, options } = parseArgs(process.argv.slice(2));
  const run = COMMANDS[command];
  if (!run) {
    console.error(`usage: node build.mjs {${Object.keys(COMMANDS).join("|")}} --name value ...`);
    process.exit(2);
  }
  try {
    console.log(JSON.stringify(await run(options)));
    process.exit(0);
  } catch (error) {
    console.error(error?.stack ?? String(error));
    process.exit(1);
  }
}

