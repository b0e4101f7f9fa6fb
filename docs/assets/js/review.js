// The review page's widget (review: link). tutor.js, which owns the engine worker, imports this
// module when a page carries one and passes its request and setState helpers. Like tutor.js it
// knows no rules and holds no words: it sends the address's hash as it is (the engine reads the
// game from it and says what it cannot use), then asks for the next chunk of the review as long
// as the engine answers `continue: true`, until the reader presses a button (Stop).

export function wire(widget, engine) {
  const id = widget.dataset.tutorWidget;
  const body = widget.querySelector(".tutor-body");
  let run = 0; // a press on any button, or a new link, ends the chunks asked for so far

  const show = (response) => {
    if (!response.ok) {
      widget.querySelector(".tutor-status").textContent = response.message;
      return;
    }
    engine.swapHTML(body, response.html); // a press on Stop while the next chunk comes in is kept
    engine.setState(widget, "live", response.message || "");
  };

  // Send one action, then the chunks that follow it, while no other action has begun.
  const act = async (message, focusAction) => {
    const mine = ++run;
    let response;
    try {
      body.setAttribute("aria-busy", "true");
      response = await engine.request({ widget: id, ...message });
      show(response);
      refocus(focusAction);
      while (response.ok && response.continue && run === mine) {
        const focused = document.activeElement?.closest?.("button[data-action]")?.dataset.action;
        response = await engine.request({ widget: id, action: "continue" });
        if (run !== mine) return; // the reader acted meanwhile: that answer is the one to show
        show(response);
        if (focused) refocus(focused);
      }
    } catch {
      engine.setState(widget, "error", widget.dataset.msgError);
    } finally {
      if (run === mine) body.removeAttribute("aria-busy");
    }
  };

  // The keyboard stays on the control it was on (Back → Back), else the next one that does
  // something (Stop → Go on), never on the page's top.
  const refocus = (action) => {
    if (!action) return;
    const same = body.querySelector(`button[data-action="${CSS.escape(action)}"]:not([disabled])`);
    (same || body.querySelector(".tutor-controls button:not([disabled])"))?.focus();
  };

  widget.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled || widget.dataset.state !== "live") return;
    // a search under way finishes before the engine reads the press: the button shows it was taken
    if (button.dataset.action === "stop") button.setAttribute("aria-disabled", "true");
    act({ action: button.dataset.action }, button.dataset.action);
  });
  window.addEventListener("hashchange", () => {
    if (widget.dataset.state === "live") act({ action: "start", link: location.hash });
  });

  engine.setState(widget, "loading", widget.dataset.msgLoading);
  return engine.request({ widget: id, action: "open", spec: widget.dataset.spec, lang: widget.dataset.lang }).then(
    (response) => {
      if (!response.ok) {
        engine.setState(widget, "error", response.message);
        return;
      }
      show(response);
      act({ action: "start", link: location.hash }); // the review goes on in chunks; the widget is live now
    },
    () => engine.setState(widget, "error", widget.dataset.msgError),
  );
}
