// What every Node script that runs our engine under Pyodide needs (tests/node/*.mjs,
// bench/pyodide_sim.mjs): its --key value options, a fetch that reads local files, and the npm
// Pyodide's loadPyodide from a folder.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

// "--pyodide DIR --tutor-zip F" → {pyodide: "DIR", "tutor-zip": "F"}
export function parseOptions(argv = process.argv.slice(2)) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) options[argv[i].replace(/^--/, "")] = argv[i + 1];
  return options;
}

// Node's fetch cannot read files; the boot needs only ok, body and arrayBuffer. readFile gives a
// Buffer: wrapped in a Uint8Array, Response copies it into the plain ArrayBuffer unpackArchive wants.
export async function fileFetch(path) {
  try {
    return new Response(new Uint8Array(await readFile(path)));
  } catch {
    return new Response(null, { status: 404 });
  }
}

// {indexURL, loadPyodide} for the npm Pyodide in `dir`.
export async function pyodideFrom(dir) {
  const indexURL = resolve(dir) + "/";
  const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
  return { indexURL, loadPyodide };
}

// Import one of the page's own modules (docs/assets/js/NAME), the code the browser runs.
export function importPageModule(name) {
  return import(pathToFileURL(resolve(repoRoot, "docs/assets/js", name)).href);
}
