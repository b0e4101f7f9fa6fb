// Registers the site's service worker (sw.js at the site root, made by Workbox at build time: see
// tools/build_sw.mjs), so that after one visit every page of both languages opens and goes live
// without the network, and a return visit takes the engine from the cache.
//
// When: once the page's engine is up (the page script's "tutor-engine-ready" mark), so the
// precache download never competes with the first visit's own; on pages without a widget, once
// the page has loaded.
//
// A new build: its worker installs beside the running one and waits. This script then shows the
// page's notice (the build hook writes <div class="tutor-update" data-msg-ready data-msg-reload>
// in the page's language: this script holds no text); the button tells the waiting worker to take
// over and reloads, so pages and engine always come from the same build.

const root = new URL("../../", import.meta.url);
const ENGINE_READY = "tutor-engine-ready";
const LATEST_START_MS = 20_000; // register anyway when the engine never comes up

function whenTimeToRegister() {
  return new Promise((resolve) => {
    const hasWidget = document.querySelector("[data-tutor-widget]") !== null;
    if (!hasWidget) {
      if (document.readyState === "complete") resolve();
      else addEventListener("load", () => resolve(), { once: true });
      return;
    }
    setTimeout(resolve, LATEST_START_MS);
    if (performance.getEntriesByName(ENGINE_READY).length) {
      resolve();
      return;
    }
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName(ENGINE_READY).length) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe({ type: "mark", buffered: true });
    } catch {
      // no PerformanceObserver: the timeout registers
    }
  });
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
