// The site's service worker, made with Workbox at build time (called by the MkDocs hook's
// on_post_build once the site folder is complete).
//
//   node tools/build_sw.mjs --site DIR
//
// Workbox's getManifest lists what to precache: every page of every language and every file the
// pages and the engine load (Material's scripts and styles, the search indexes and the search
// languages they need, the Pyodide files, the compiled tutor archive and the .pyc standard
// library), and nothing the site does not use: not the precompressed .br/.gz siblings (a host's
// business), Pyodide's own python_stdlib.zip (only the last fallback boot reads it), the search
// languages and word-cutters no index asks for, the 404 page (the worker never answers with it),
// the sitemap. The worker itself (SW_SOURCE) is bundled with Rollup from workbox-precaching (both
// pinned with workbox-build) into one file, sw.js at the site root.
//
// Each entry is cached under the address the site asks for it by, so the browser can hand over
// what the page already fetched (issue 28): a page as its folder ("de/fortunes-favour/"), our
// scripts (assets/js/) with the one query every page loads them with (the build's version and boot
// files, read from the pages), everything else as it is. A file whose name or query carries its
// hash is its own revision; every other file's revision is the SHA-256 of its content, which the
// worker checks before it keeps a copy from the browser's HTTP cache.
//
// When: sw-register.mjs registers the worker once the page's widgets are live and the browser is
// idle, so precaching never competes with the page; the worker then takes what the page fetched
// from the HTTP cache (checked against its revision) and fetches only the rest.
//
// How a new build takes over (README "Hosting"): the new worker installs beside the old one,
// fetching only what changed; the old one keeps answering with the old set until the reader takes
// the new version (the page posts SKIP_WAITING, then reloads), so a page never gets an engine from
// another build.
//
// Prints one JSON line: {count, bytes, warnings}.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
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
const SCRIPTS = "assets/js/";
const LUNR = "assets/javascripts/lunr/";

const SW_SOURCE = `
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";

const MANIFEST = ${MANIFEST_PLACEHOLDER};
const REVISIONS = new Map(MANIFEST.filter((entry) => entry.revision)
  .map((entry) => [new URL(entry.url, self.location.href).href, entry.revision]));

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

addPlugins([
  // Installing: what the page has already fetched is taken from the browser's HTTP cache, however
  // old ("force-cache"), and kept only if its content is this build's (its SHA-256 is the
  // revision); anything else is fetched afresh. So nothing the page loaded is downloaded twice.
  {
    requestWillFetch: async ({ request, event }) =>
      event?.type === "install" ? new Request(request, { cache: "force-cache" }) : request,
    fetchDidSucceed: async ({ request, response, event }) => {
      const revision = event?.type === "install" && response.ok && REVISIONS.get(request.url);
      if (!revision) return response;
      const body = await response.arrayBuffer();
      if ((await sha256(body)) === revision) {
        const { status, statusText, headers } = response;
        return new Response(body, { status, statusText, headers });
      }
      return fetch(request.url, { cache: "reload", credentials: "same-origin" });
    },
  },
  // A cached response carries the address it was fetched by, and a module script takes the
  // response's address as its own (import.meta.url). The page's scripts read their settings from
  // their address (tutor.js?v=…&stdlib=…), so for a request with a query the answer is a copy that
  // has no address of its own: the browser then keeps the one the page asked for. Files asked for
  // without a query (the wasm, whose compiled code the browser caches by address) are answered as
  // they are.
  {
    cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
      if (!cachedResponse || !event?.request || !new URL(event.request.url).search) return cachedResponse;
      const { status, statusText, headers } = cachedResponse;
      return new Response(cachedResponse.body, { status, statusText, headers });
    },
  },
]);
cleanupOutdatedCaches();
// One build's files: a request is matched as it is, then without its query; a page asked for by
// its file name is the page kept under its folder.
precacheAndRoute(MANIFEST, {
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: null,
  urlManipulation: ({ url }) => (url.pathname.endsWith("/index.html")
    ? [new URL(url.pathname.slice(0, -"index.html".length), url)] : []),
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});
`;

// The query every page loads our scripts with (the hook writes it; each script hands its own on
// to the scripts it loads), read from the pages, where sw-register.mjs carries it.
async function scriptQuery(site) {
  for (const page of ["index.html", ...(await readdir(site, { recursive: true })).filter((f) => f.endsWith("index.html"))]) {
    let html;
    try {
      html = await readFile(join(site, page), "utf8");
    } catch {
      continue;
    }
    const found = /assets\/js\/sw-register\.mjs\?([^"]+)"/.exec(html);
    if (found) return found[1].replaceAll("&amp;", "&");
  }
  return "";
}

// The search languages an index asks for, as Material's search worker loads them
// (assets/javascripts/workers/search.*.js: stemmer support, one file per language but English,
// "multi" for several, a word-cutter for Japanese, Hindi and Thai).
async function searchFilesUsed(site) {
  const used = new Set();
  const indexes = (await readdir(site, { recursive: true })).filter((f) => f.endsWith("search/search_index.json"));
  for (const index of indexes) {
    const { config } = JSON.parse(await readFile(join(site, index), "utf8"));
    const languages = config?.lang ?? ["en"];
    for (const language of languages) {
      if (language === "ja") used.add(`${LUNR}tinyseg.js`);
      if (language === "hi" || language === "th") used.add(`${LUNR}wordcut.js`);
      if (language !== "en") used.add(`${LUNR}min/lunr.${language}.min.js`);
    }
    if (languages.length > 1) used.add(`${LUNR}min/lunr.multi.min.js`);
    if (languages.some((language) => language !== "en")) used.add(`${LUNR}min/lunr.stemmer.support.min.js`);
  }
  return used;
}

export async function buildServiceWorker(site) {
  const globDirectory = resolve(site);
  const query = await scriptQuery(globDirectory);
  const searchUsed = await searchFilesUsed(globDirectory);
  const contentHashed = /(?:-[0-9a-f]{16}\.zip|\.[0-9a-f]{8,}\.min\.(?:js|css))$/;
  const { manifestEntries, count, size, warnings } = await getManifest({
    globDirectory,
    globPatterns: ["**/*.{html,js,mjs,css,json,wasm,zip,svg,png,ico,webmanifest}"],
    globIgnores: [SW_FILE, "404.html", "assets/engine/python_stdlib.zip", "__bench/**"],
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    manifestTransforms: [
      async (entries) => ({
        manifest: await Promise.all(entries
          .filter(({ url }) => !url.startsWith(LUNR) || searchUsed.has(url))
          .map(async ({ url, size: bytes }) => {
            if (url.startsWith(SCRIPTS) && query) return { url: `${url}?${query}`, revision: null, size: bytes };
            if (contentHashed.test(url)) return { url, revision: null, size: bytes };
            const revision = createHash("sha256").update(await readFile(join(globDirectory, url))).digest("hex");
            return { url: url === "index.html" ? "./" : url.replace(/\/index\.html$/, "/"), revision, size: bytes };
          })),
        warnings: [],
      }),
    ],
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
