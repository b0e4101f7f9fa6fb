// The page script: starts the engine worker at once (the hook loads this script async in the
// page's <head>, and only on pages with a live widget), then swaps the HTML that tutor.session
// returns into each widget. It knows no rules and holds no words: every text it shows comes from
// the page (data-msg-* attributes drawn at build time) or from the engine.
// A widget's root carries data-state: static (as built) → loading → live, or error.

const here = new URL(import.meta.url);
const version = here.searchParams.get("v") || "";
const engineURL = new URL("../engine/", here);
const pending = new Map(); // request id → settle(response | Error)
let nextId = 1;
let worker = null;
let engineFailure = null; // why the engine is unavailable, once it is known

const whenEngineReady = new Promise((resolve, reject) => {
  try {
    worker = new Worker(new URL(`tutor-worker.mjs?v=${version}`, here), { type: "module" });
  } catch (error) {
    reject(error);
    return;
  }
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    reject(new Error(event.message || "the engine worker could not start"));
  });
  worker.addEventListener("message", (event) => {
    const message = event.data;
    if (message.type === "ready") {
      resolve();
      document.documentElement.dataset.tutorBoot = message.path; // which boot path worked
      performance.mark("tutor-engine-ready", { startTime: Math.max(0, message.readyAt - performance.timeOrigin) });
    } else if (message.type === "failed") {
      reject(new Error(message.error));
    } else if (message.type === "response") {
      const settle = pending.get(message.id);
      pending.delete(message.id);
      if (settle) settle(message.response);
    }
  });
  // the fast-boot files (made at build time, names carry their content hash), when the build made them
  const fastBoot = {};
  for (const [parameter, option] of [["stdlib", "pycStdlibURL"], ["snapshot", "snapshotURL"]]) {
    const name = here.searchParams.get(parameter);
    if (name) fastBoot[option] = new URL(name, engineURL).href;
  }
  worker.postMessage({
    type: "boot",
    version,
    indexURL: engineURL.href,
    tutorZipURL: new URL(`tutor.zip?v=${version}`, engineURL).href,
    ...fastBoot,
  });
});
whenEngineReady.catch((error) => {
  engineFailure = error;
  for (const settle of pending.values()) settle(error);
  pending.clear();
});

// Requests may be sent before the engine is ready: the worker answers them once it is.
function request(body) {
  if (engineFailure) return Promise.reject(engineFailure);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
    worker.postMessage({ type: "request", id, request: body });
  });
}

function setState(widget, state, message) {
  widget.dataset.state = state;
  widget.querySelector(".tutor-status").textContent = message || "";
}

function show(widget, response) {
  if (response.ok) {
    widget.querySelector(".tutor-body").innerHTML = response.html;
    setState(widget, "live", "");
  } else {
    widget.querySelector(".tutor-status").textContent = response.message;
  }
}

function wire(widget) {
  const id = widget.dataset.tutorWidget;
  setState(widget, "loading", widget.dataset.msgLoading);
  widget.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || widget.dataset.state !== "live") return;
    const action = button.dataset.action;
    widget.setAttribute("aria-busy", "true");
    try {
      show(widget, await request({ widget: id, action }));
      // keep the keyboard where it was: on the same control in the new HTML
      widget.querySelector(`button[data-action="${CSS.escape(action)}"]`)?.focus();
    } catch (error) {
      setState(widget, "error", widget.dataset.msgError);
    } finally {
      widget.removeAttribute("aria-busy");
    }
  });
  return request({ widget: id, action: "open", spec: widget.dataset.spec, lang: widget.dataset.lang }).then(
    (response) => (response.ok ? show(widget, response) : setState(widget, "error", response.message)),
    () => setState(widget, "error", widget.dataset.msgError),
  );
}

function start() {
  const widgets = [...document.querySelectorAll("[data-tutor-widget]")];
  Promise.all(widgets.map(wire)).then(() => {
    if (widgets.every((widget) => widget.dataset.state === "live")) performance.mark("tutor-live");
  });
  whenEngineReady.catch((error) => console.warn("tutor: the live engine is not available:", error.message));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
