// The site's service worker, made with Workbox at build time (called by the MkDocs hook's
// on_post_build once the site folder is complete).
//
//   node tools/build_sw.mjs --site DIR
//
// Workbox's getManifest lists what to precache, each with a revision from its content: every page
// of every language and every file the pages and the engine load (Material's scripts and styles,
// the search index, the Pyodide files, the tutor archive, the trimmed .pyc standard library and the
// snapshot). Left out: the precompressed .br/.gz siblings (a host's business, not the browser's),
// Pyodide's own python_stdlib.zip (only the last fallback boot reads it), the sitemap. The worker
// itself (SW_SOURCE) is bundled with Rollup from workbox-precaching (both pinned with workbox-build)
// into one file, sw.js at the site root.
//
// How a new build takes over (README "Hosting"): the new worker installs beside the old one,
// fetching only what changed; the old one keeps answering with the old set until the reader takes
// the new version (the page posts SKIP_WAITING, then reloads), so a page never gets an engine from
// another build. A file whose name carries its content hash is its own revision, so the browser's
// HTTP cache may answer it at install time.
//
// Prints one JSON line: {count, bytes, warnings}.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import nodeResolve from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import { rollup } from "rollup";
import { getManifest } from "workbox-build";

import { parseOptions, repoRoot } from "./node_host.mjs";

export const SW_FILE = "sw.js";
const MANIFEST_PLACEHOLDER = "self.__WB_MANIFEST";

const SW_SOURCE = `
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";

// A cached response carries the address it was fetched by, and a module script takes the
// response's address as its own (import.meta.url). The page's scripts read their parameters from
// their address (tutor.js?v=…&stdlib=…), so for a request with a query the answer is a copy that
// has no address of its own: the browser then keeps the one the page asked for. Files asked for
// without a query (the wasm, whose compiled code the browser caches by address) are answered as
// they are.
addPlugins([{
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    if (!cachedResponse || !event?.request || !new URL(event.request.url).search) return cachedResponse;
    const { status, statusText, headers } = cachedResponse;
    return new Response(cachedResponse.body, { status, statusText, headers });
  },
}]);
cleanupOutdatedCaches();
// One build's files: any query (a version parameter) finds the cached file.
precacheAndRoute(${MANIFEST_PLACEHOLDER}, { ignoreURLParametersMatching: [/.*/], directoryIndex: "index.html" });

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});
`;

export async function buildServiceWorker(site) {
  const globDirectory = resolve(site);
  const { manifestEntries, count, size, warnings } = await getManifest({
    globDirectory,
    globPatterns: [
      "**/*.{html,js,mjs,css,json,wasm,zip,svg,png,ico,webmanifest}",
      "assets/engine/tutor-snapshot-*.bin.gz",
    ],
    globIgnores: [SW_FILE, "assets/engine/python_stdlib.zip", "__bench/**"],
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    // content hash in the name: the URL itself is the revision
    dontCacheBustURLsMatching: /(?:-[0-9a-f]{16}\.(?:zip|bin\.gz)|\.[0-9a-f]{8,}\.min\.(?:js|css))$/,
  });
  const work = await mkdtemp(join(tmpdir(), "tutor-sw-"));
  try {
    const input = join(work, "sw-source.mjs");
    await writeFile(input, SW_SOURCE);
    const bundle = await rollup({
      input,
      plugins: [
        nodeResolve({ rootDir: repoRoot, modulePaths: [join(repoRoot, "node_modules")] }),
        // production: Workbox's development logging is left out
        replace({ preventAssignment: true, values: { "process.env.NODE_ENV": JSON.stringify("production") } }),
      ],
      onwarn: (warning) => warnings.push(String(warning.message ?? warning)),
    });
    const { output } = await bundle.generate({ format: "iife" });
    await bundle.close();
    const code = output[0].code;
    if (!code.includes(MANIFEST_PLACEHOLDER)) throw new Error("the bundled worker lost its manifest placeholder");
    await writeFile(resolve(globDirectory, SW_FILE), code.replace(MANIFEST_PLACEHOLDER, JSON.stringify(manifestEntries)));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { count, bytes: size, warnings };
}

const isMain = resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url);
if (isMain) {
  const { site } = parseOptions();
  if (!site) {
    console.error("usage: node tools/build_sw.mjs --site DIR");
    process.exit(2);
  }
  try {
    console.log(JSON.stringify(await buildServiceWorker(site)));
  } catch (error) {
    console.error(error?.stack ?? String(error));
    process.exit(1);
  }
}
