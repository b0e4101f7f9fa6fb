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
import { pathToFileURL } from "node:url";
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

async function writeAtomically(path, bytes) {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, path);
}

// The standard library the browser gets: only the modules the engine and the boot can import,
// compiled to unchecked hash-based .pyc without docstrings and asserts (optimize=2), stored
// uncompressed in the zip (the host's brotli/gzip compresses the whole file better than per-member
// deflate, and the interpreter reads stored members without inflating them).
//
// Which modules, computed from the tutor archive at every build (so a module added to the package
// is covered): those in sys.modules once Pyodide has booted and every module a page can import is
// imported (what runs), plus the static import graph of those sources followed through the standard
// library (imports inside functions and try blocks too, so a lazy import is not lost), but not into
// packages that cannot run in a browser (no processes, terminals or windows there). Codecs are
// looked up by name at run time, so the common ones are kept by name. Fixed member timestamps make
// the output byte-for-byte reproducible.
const COMPILE_STDLIB_PY = `
import ast, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

NOT_IN_A_BROWSER = {
    "multiprocessing", "subprocess", "_pyrepl", "pdb", "pydoc", "tkinter", "curses", "idlelib",
    "unittest", "doctest", "venv", "ensurepip", "lib2to3", "turtle", "turtledemo", "webbrowser",
    "getpass", "pty", "tty", "selectors", "socketserver", "http", "urllib", "email", "xmlrpc",
    "sqlite3", "dbm", "ctypes", "asyncio", "concurrent.futures.process", "concurrent.futures.thread",
    "ssl", "ftplib", "smtplib", "imaplib", "poplib", "mailbox", "wsgiref", "zoneinfo", "tomllib",
}
KEPT_CODECS = {
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.cp1252", "encodings.utf_16", "encodings.utf_16_le",
    "encodings.utf_16_be", "encodings.utf_32", "encodings.unicode_escape",
    "encodings.raw_unicode_escape", "encodings.charmap",
}

def _module_name(member):
    name = member[:-3] if member.endswith(".py") else member
    return (name[:-9] if name.endswith("/__init__") else name).replace("/", ".")

def _blocked(name):
    return any(name == top or name.startswith(top + ".") for top in NOT_IN_A_BROWSER)

def _imports(source, name, is_package):
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - node.level + 1] if node.level > 1 else base
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # a submodule, if it is one
    return {f for f in found if f}

def import_graph(source_zip, tutor_sources, loaded):
    """The stdlib modules to keep: loaded ones plus the static closure from the tutor sources."""
    with zipfile.ZipFile(source_zip) as zf:
        members = {_module_name(n): n for n in zf.namelist() if n.endswith(".py")}
        keep = {m for m in loaded if m in members} | (KEPT_CODECS & members.keys())
        todo = []
        for source, name, is_package in tutor_sources:
            todo.extend(_imports(source, name, is_package))
        while todo:
            name = todo.pop()
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # importing a.b imports a first
                prefix = ".".join(parts[:i])
                if prefix in members and prefix not in keep and (prefix in loaded or not _blocked(prefix)):
                    keep.add(prefix)
                    member = members[prefix]
                    todo.extend(_imports(zf.read(member), prefix, member.endswith("__init__.py")))
    return keep

def compile_stdlib(source_zip, target_zip, keep=None):
    compiled = copied = 0
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target_zip, "w") as target:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            name = info.filename
            if keep is not None:
                if name.endswith("/"):
                    continue
                owner = _module_name(name) if name.endswith(".py") else name.rpartition("/")[0].replace("/", ".")
                if owner not in keep:
                    continue
            data = source.read(info)
            if name.endswith(".py"):
                optimize = 2 if keep is not None else -1
                code = compile(data, "/lib/python%d%d.zip/%s" % (*sys.version_info[:2], name), "exec",
                               dont_inherit=True, optimize=optimize)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name = name[:-3] + ".pyc"
                compiled += 1
            else:
                copied += 1
            member = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            member.external_attr = info.external_attr
            stored = keep is not None or name.endswith("/")
            member.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            target.writestr(member, data, compresslevel=None if stored else 9)
    return compiled, copied
`;

// The sources of the tutor modules a page can import (boot.mjs tutorModules: every module but the
// command-line ones), for the import graph.
const TUTOR_SOURCES_PY = `
import os

def tutor_sources(root, modules):
    found = []
    for name in modules:
        base = root + "/" + name.replace(".", "/")
        for path, is_package in ((base + "/__init__.py", True), (base + ".py", False)):
            if os.path.exists(path):
                with open(path, "rb") as source:
                    found.append((source.read(), name, is_package))
                break
    return found
`;

async function buildPycStdlib(options) {
  const pyodideDir = required(options, "pyodide");
  const out = required(options, "out");
  const tutorZip = options["tutor-zip"];
  const started = performance.now();
  const loadPyodide = await importLoadPyodide(pyodideDir);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: COMPILE_ENV });
  pyodide.runPython(COMPILE_STDLIB_PY);
  const [major, minor] = pyodide.runPython("import sys; sys.version_info[:2]").toJs();
  const stdlibZip = `/lib/python${major}${minor}.zip`;
  let keep; // undefined: None in Python, the whole library
  if (tutorZip) {
    const modules = await unpackTutor(pyodide, new Uint8Array(await readFile(tutorZip)));
    pyodide.runPython(IMPORT_TUTOR_PY);
    pyodide.runPython(TUTOR_SOURCES_PY);
    pyodide.globals.get("import_tutor")(pyodide.toPy(modules));
    const loaded = pyodide.runPython("import sys; sorted(sys.modules)");
    const sources = pyodide.globals.get("tutor_sources")(TUTOR_EXTRACT_DIR, pyodide.toPy(modules));
    keep = pyodide.globals.get("import_graph")(stdlibZip, sources, loaded);
  }
  const result = pyodide.globals.get("compile_stdlib")(stdlibZip, "/tmp/stdlib-pyc.zip", keep).toJs();
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

// Imports the given tutor modules (the snapshot: by default every module a page can import, as the
// browser's own snapshot does); returns the tutor modules then loaded.
const IMPORT_TUTOR_PY = `
import importlib, sys

def import_tutor(names):
    import tutor
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
  const modules = await unpackTutor(pyodide, new Uint8Array(await readFile(tutorZip)));
  pyodide.runPython(IMPORT_TUTOR_PY);
  const imported = pyodide.globals.get("import_tutor")(pyodide.toPy(requested.length ? requested : modules)).toJs();
  // Leave nothing in __main__ that a restored interpreter would not expect, and tidy the heap so
  // the snapshot compresses well.
  pyodide.runPython("del import_tutor, importlib\nimport gc; gc.collect()");
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
// give the same bytes.
const COMPILE_TUTOR_PY = `
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _command_line(name):
    return any(part.startswith("cli") or part in ("__main__.py", "__main__") for part in name.split("/")[1:])

def compile_tutor(source_zip, target_zip, folder):
    compiled = copied = 0
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target_zip, "w", zipfile.ZIP_STORED) as target:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            name = info.filename
            if name.endswith("/") or (name.endswith(".py") and _command_line(name)):
                continue
            data = source.read(info)
            if name.endswith(".py"):
                code = compile(data, folder + "/" + name, "exec", dont_inherit=True, optimize=2)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
                compiled += 1
            else:
                copied += 1
            member = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            member.external_attr = 0o644 << 16
            target.writestr(member, data)
    return compiled, copied
`;

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
  pyodide.runPython(COMPILE_TUTOR_PY);
  const result = pyodide.globals.get("compile_tutor")("/tmp/tutor-source.zip", "/tmp/tutor-pyc.zip", TUTOR_EXTRACT_DIR).toJs();
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

