// Build-time Pyodide artefacts, made by Pyodide's own CPython under Node (the host Python is a
// different version, so its bytecode would not load).
//
//   node build.mjs pyc-stdlib --pyodide DIR --out FILE.zip
//       The standard library zip with every module compiled to unchecked hash-based .pyc.
//   node build.mjs snapshot --pyodide DIR --stdlib FILE.zip --tutor-zip FILE.zip --out FILE.bin.gz
//       [--import tutor.session,...] [--build-id HEX]
//       A memory snapshot (sparse, gzip-compressed: format in boot.mjs) of an interpreter booted
//       with that stdlib zip, the tutor archive unpacked and its modules imported. --build-id overrides the runtime's build id
//       (tests use it to make a snapshot "from another build").
//   node build.mjs build-id --pyodide DIR
//       Prints the runtime's BUILD_ID (the value snapshots are checked against).
//
// Every command prints one JSON line on stdout describing what it made.

import { readFile, writeFile, mkdir, rename } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

import { SPARSE_MAGIC, unpackTutor } from "../../docs/assets/js/boot.mjs";

const SPARSE_PAGE_BYTES = 4096;

// The snapshot file format read by boot.mjs (decodeSparseSnapshot): header, bitmap of the pages
// that are not all zero, those pages; the bytes to gzip.
export function encodeSparseSnapshot(raw, pageSize = SPARSE_PAGE_BYTES) {
  const pageCount = Math.ceil(raw.length / pageSize);
  const bitmapBytes = Math.ceil(pageCount / 8);
  const header = new Uint8Array(16 + Math.ceil(bitmapBytes / 4) * 4);
  const view = new DataView(header.buffer);
  view.setUint32(0, SPARSE_MAGIC, true);
  view.setUint32(4, pageSize, true);
  view.setUint32(8, raw.length, true);
  view.setUint32(12, pageCount, true);
  const pages = [];
  for (let page = 0; page < pageCount; page++) {
    const bytes = raw.subarray(page * pageSize, Math.min(raw.length, (page + 1) * pageSize));
    if (bytes.some((byte) => byte !== 0)) {
      header[16 + (page >> 3)] |= 1 << (page & 7);
      pages.push(bytes);
    }
  }
  return Buffer.concat([header, ...pages]);
}

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

async function writeAtomically(path, bytes) {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, path);
}

// Compiles every .py in the interpreter's own stdlib zip; other members are copied unchanged.
// Fixed member timestamps make the output byte-for-byte reproducible.
const COMPILE_STDLIB_PY = `
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_stdlib(source_zip, target_zip):
    compiled = copied = 0
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(
        target_zip, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9
    ) as target:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            data = source.read(info)
            name = info.filename
            if name.endswith(".py"):
                code = compile(data, "/lib/python%d%d.zip/%s" % (*sys.version_info[:2], name), "exec", dont_inherit=True)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name = name[:-3] + ".pyc"
                compiled += 1
            else:
                copied += 1
            member = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            member.external_attr = info.external_attr
            member.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            target.writestr(member, data)
    return compiled, copied
`;

async function buildPycStdlib(options) {
  const pyodideDir = required(options, "pyodide");
  const out = required(options, "out");
  const started = performance.now();
  const loadPyodide = await importLoadPyodide(pyodideDir);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
  pyodide.runPython(COMPILE_STDLIB_PY);
  const [major, minor] = pyodide.runPython("import sys; sys.version_info[:2]").toJs();
  const result = pyodide.globals
    .get("compile_stdlib")(`/lib/python${major}${minor}.zip`, "/tmp/stdlib-pyc.zip")
    .toJs();
  const bytes = pyodide.FS.readFile("/tmp/stdlib-pyc.zip");
  await writeAtomically(out, bytes);
  return {
    out,
    bytes: bytes.length,
    compiled: result[0],
    copied: result[1],
    python: `${major}.${minor}`,
    seconds: +((performance.now() - started) / 1000).toFixed(2),
  };
}

// Modules the snapshot imports: the given list, else every module of the tutor package except
// command-line entry points (they are not used in the browser and may need a terminal).
const IMPORT_TUTOR_PY = `
import importlib, pkgutil, sys

def import_tutor(requested):
    import tutor
    if requested:
        names = list(requested)
    else:
        names = sorted(
            info.name for info in pkgutil.walk_packages(tutor.__path__, "tutor.")
            if not info.name.rsplit(".", 1)[-1].startswith(("cli", "__main__"))
        )
    for name in names:
        importlib.import_module(name)
    return sorted(name for name in sys.modules if name == "tutor" or name.startswith("tutor."))
`;

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
  await unpackTutor(pyodide, new Uint8Array(await readFile(tutorZip)));
  pyodide.runPython(IMPORT_TUTOR_PY);
  const imported = pyodide.globals.get("import_tutor")(pyodide.toPy(requested)).toJs();
  // Leave nothing in __main__ that a restored interpreter would not expect, and tidy the heap so
  // the snapshot compresses well.
  pyodide.runPython("del import_tutor, pkgutil, importlib\nimport gc; gc.collect()");
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

const COMMANDS = {
  "pyc-stdlib": buildPycStdlib,
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

