// The page script: starts the engine worker at page load and swaps the HTML that tutor.session
// returns into each widget. It knows no rules and holds no words: every text it shows comes
// from the page (data-msg-* attributes drawn at build time) or from the engine.
// A widget's root carries data-state: static (as built) → loading → live, or error.

const widgets = [...document.querySelectorAll("[data-tutor-widget]")];
if (widgets.length > 0) start();

function setState(widget, state, message) {
  widget.dataset.state = state;
  widget.querySelector(".tutor-status").textContent = message || "";
}

function start() {
  const here = new URL(import.meta.url);
  const version = here.searchParams.get("v") || "";
  const engineURL = new URL("../engine/", here);
  const pending = new Map();
  let nextId = 1;
  let worker;

  const failAll = (reason) => {
    console.warn("tutor: the live engine is not available:", reason);
    for (const widget of widgets) setState(widget, "error", widget.dataset.msgError);
    for (const settle of pending.values()) settle(new Error(reason));
    pending.clear();
  };

  const request = (body) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (response) => (response instanceof Error ? reject(response) : resolve(response)));
      worker.postMessage({ type: "request", id, request: body });
    });

  const show = (widget, response) => {
    if (response.ok) {
      widget.querySelector(".tutor-body").innerHTML = response.html;
      setState(widget, "live", "");
    } else {
      widget.querySelector(".tutor-status").textContent = response.message;
    }
  };

  const openAll = async (pyodideReadyAt) => {
    performance.mark("tutor-engine-ready", { startTime: pyodideReadyAt - performance.timeOrigin });
    await Promise.all(
      widgets.map(async (widget) => {
        const response = await request({
          widget: widget.dataset.tutorWidget,
          action: "open",
          spec: widget.dataset.spec,
          lang: widget.dataset.lang,
        });
        if (response.ok) show(widget, response);
        else setState(widget, "error", response.message);
      })
    );
    performance.mark("tutor-live");
  };

  for (const widget of widgets) {
    setState(widget, "loading", widget.dataset.msgLoading);
    widget.addEventListener("click", async (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || widget.dataset.state !== "live") return;
      const action = button.dataset.action;
      widget.setAttribute("aria-busy", "true");
      try {
        show(widget, await request({ widget: widget.dataset.tutorWidget, action }));
        // keep the keyboard where it was: the same control in the new HTML
        widget.querySelector(`button[data-action="${CSS.escape(action)}"]`)?.focus();
      } catch (error) {
        // failAll has already told the reader
      } finally {
        widget.removeAttribute("aria-busy");
      }
    });
  }

  try {
    worker = new Worker(new URL(`tutor-worker.mjs?v=${version}`, here), { type: "module" });
  } catch (error) {
    failAll(String(error));
    return;
  }
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    failAll(event.message || "the engine worker could not start");
  });
  worker.addEventListener("message", (event) => {
    const message = event.data;
    if (message.type === "ready") {
      openAll(message.pyodideReadyAt).catch((error) => failAll(String(error)));
    } else if (message.type === "failed") {
      failAll(message.error);
    } else if (message.type === "response") {
      const settle = pending.get(message.id);
      pending.delete(message.id);
      if (settle) settle(message.response);
    }
  });
  worker.postMessage({
    type: "boot",
    indexURL: engineURL.href,
    tutorZipURL: new URL(`tutor.zip?v=${version}`, engineURL).href,
    version,
  });
}
