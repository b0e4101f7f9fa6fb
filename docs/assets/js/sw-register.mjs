// Registers the site's service worker (sw.js at the site root, made by Workbox at build time: see
// tools/build_sw.mjs), so that after one visit every page of both languages opens and goes live
// without the network, and a return visit takes the engine from the cache.
//
// When: one second after the widgets tutor.js wakes first are live (or have given up), once the browser is
// idle, so the precache never competes with the page for the reader's bandwidth (issue 28); the
// worker then takes what the page has already fetched from the browser's HTTP cache and fetches
// only the rest (tools/build_sw.mjs). On pages without a widget, after the page has loaded.
//
// A new build: its worker installs beside the running one and waits. This script then shows the
// page's notice (the build hook writes <div class="tutor-update" data-msg-ready data-msg-reload>
// in the page's language: this script holds no text); the button tells the waiting worker to take
// over and reloads, so pages and engine always come from the same build.

const root = new URL("../../", import.meta.url);
const AFTER_LIVE_MS = 1000;
const IDLE_TIMEOUT_MS = 10_000; // a browser that is never idle registers anyway
const LATEST_START_MS = 20_000; // register anyway when the widgets never settle

// tutor.js marks <html data-live> once the widgets it wakes first (those in or near the first
// viewport, the anchor's) are live or have failed; the widgets further down wake only when the
// reader comes near them, so the page does not wait for them.
const settled = () => document.documentElement.dataset.live !== undefined;

function whenWidgetsSettle() {
  return new Promise((resolve) => {
    if (document.querySelector("[data-tutor-widget]") === null) {
      if (document.readyState === "complete") resolve();
      else addEventListener("load", () => resolve(), { once: true });
      return;
    }
    const observer = new MutationObserver(() => settled() && done());
    const done = () => {
      observer.disconnect();
      resolve();
    };
    setTimeout(done, LATEST_START_MS);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-live"] });
    if (settled()) done();
  });
}

async function whenTimeToRegister() {
  await whenWidgetsSettle();
  await new Promise((resolve) => setTimeout(resolve, AFTER_LIVE_MS));
  await new Promise((resolve) =>
    "requestIdleCallback" in globalThis ? requestIdleCallback(resolve, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(resolve, 0));
}

function showUpdate(waiting) {
  const notice = document.querySelector(".tutor-update");
  if (!notice || !notice.hidden) return;
  const text = document.createElement("p");
  text.textContent = notice.dataset.msgReady;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button md-button--primary";
  button.textContent = notice.dataset.msgReload;
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    waiting.postMessage({ type: "SKIP_WAITING" });
  });
  notice.replaceChildren(text, button);
  notice.hidden = false;
}

function watchForUpdates(registration) {
  // Only a page that an older worker controls has something to update; on the first visit the
  // installed worker simply becomes active.
  const offer = (worker) => {
    if (worker && navigator.serviceWorker.controller) showUpdate(worker);
  };
  const track = (worker) => {
    if (!worker) return;
    if (worker.state === "installed") offer(worker);
    else worker.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
  };
  track(registration.waiting);
  track(registration.installing); // the update may have started before this page registered
  registration.addEventListener("updatefound", () => track(registration.installing));
}

async function register() {
  if (!("serviceWorker" in navigator)) return;
  await whenTimeToRegister();
  try {
    const registration = await navigator.serviceWorker.register(new URL("sw.js", root), {
      scope: root.pathname,
    });
    watchForUpdates(registration);
    document.documentElement.dataset.offline = "registered";
  } catch (error) {
    // no service worker (a private window, a host that blocks it): the site works online as before
    console.warn("tutor: no offline copy:", error?.message ?? error);
  }
}

register();
