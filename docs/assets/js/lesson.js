// One board per rules section and per tip (lesson:, issue 39). tutor.js imports this module when a
// page carries a lesson and passes its helpers. A lesson holds its parts (a guided example, the
// tasks): widgets of their own, which tutor.js brings to life as any widget once they are shown. This
// module knows no rules and holds no words: it sends the stored progress records, swaps in the
// lesson's head and foot as the engine draws them, and shows the part the engine names
// (state.part: an index, or "done") and hides the others.

const PREFIX = "tutor-progress:";

export function wire(widget, engine) {
  const id = widget.dataset.tutorWidget;
  const body = widget.querySelector(":scope > .tutor-body");
  const parts = [...body.querySelectorAll(":scope > .tutor-lesson-part")];

  const showPart = (part) => {
    for (const element of parts) element.hidden = element.dataset.part !== String(part);
  };

  // the head (the parts, the current one marked) and the foot (Next, or the done state with its
  // Continue) are the lesson's own HTML; the parts between them are never redrawn here
  const swap = (html) => engine.swapHTML(body, html, { parts: [".tutor-lesson-head", ".tutor-lesson-foot"] });

  // where the keyboard goes after the reader chose a part: into it (its first control that works,
  // else its board), or onto the done state's Continue
  const focusShown = (part) => {
    if (part === "done") {
      body.querySelector(":scope > .tutor-lesson-foot [data-continue]")?.focus();
      return;
    }
    const shown = parts.find((element) => element.dataset.part === String(part));
    const inner = shown?.querySelector("[data-tutor-widget]");
    const land = () => (shown?.querySelector("button:not([disabled]), [tabindex='0']") || widget).focus();
    if (!inner || inner.dataset.state === "live" || inner.dataset.state === "error") {
      land();
      return;
    }
    // a part shown for the first time comes to life now (tutor.js): the keyboard goes in once it has
    widget.focus();
    const watch = new MutationObserver(() => {
      if (inner.dataset.state !== "live" && inner.dataset.state !== "error") return;
      watch.disconnect();
      if (document.activeElement === widget) land();
    });
    watch.observe(inner, { attributes: true, attributeFilter: ["data-state"] });
  };

  const apply = (response, quiet) => {
    if (!response.ok) {
      widget.querySelector(":scope > .tutor-status").textContent = response.message;
      return null;
    }
    swap(response.html);
    showPart(response.state.part);
    if (quiet) widget.dataset.state = "live";
    else engine.setState(widget, "live", response.message || "");
    return response.state.part;
  };

  const send = async (message, { quiet = false, focus = false } = {}) => {
    try {
      const part = apply(await engine.request({ widget: id, ...message }), quiet);
      if (focus && part !== null) focusShown(part);
    } catch {
      engine.setState(widget, "error", ""); // its parts say that the engine could not be loaded, once each
    }
  };

  const records = () => ({ records: engine.progressRecords() });
  const refresh = () => {
    if (widget.dataset.state === "live") send({ action: "refresh", ...records() }, { quiet: true });
  };
  // a part solved or stepped through (tutor.js and tasks.js keep the records), or another tab
  window.addEventListener("tutor-records", refresh);
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith(PREFIX)) refresh();
  });

  body.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled || button.closest(".tutor-lesson-part") || widget.dataset.state !== "live") return;
    const { action, choice } = button.dataset;
    send({ action, ...(choice === undefined ? {} : { choice }) }, { focus: true });
  });

  engine.setState(widget, "loading", "");
  return engine.request({ widget: id, action: "open", spec: widget.dataset.spec, lang: widget.dataset.lang }).then(
    async (response) => {
      if (!response.ok) {
        engine.setState(widget, "error", response.message);
        return;
      }
      await send({ action: "start", ...records() });
    },
    () => engine.setState(widget, "error", ""),
  );
}
