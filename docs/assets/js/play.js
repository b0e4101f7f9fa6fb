// The play page's widgets (play: and practice:). tutor.js, which owns the engine worker, imports
// this module when a page carries one and passes its request and setState helpers and the boards'
// keys (board-keys.js, the same on every board of the site). Like tutor.js it
// knows no rules and holds no words: it sends the address's hash and what it stored before, then
// stores exactly what the engine returns (the game in progress, the record, the progress) and
// writes the engine's hash into the address. The engine checks everything it is sent.

const startHash = location.hash.slice(1); // read once: the play widget rewrites the address

function load(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return { unreadable: true }; // the engine says it was damaged and starts afresh
  }
}

function loadText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or forbidden: the game still works, it just is not remembered
  }
}

function storageKeys(kind, game) {
  if (kind === "play") {
    return { saved: `tutor-play:${game}`, stats: `tutor-play-stats:${game}`, options: `tutor-play-options:${game}` };
  }
  return { saved: `tutor-practice:${game}` };
}

const live = new Set(); // the play widgets, for the keyboard shortcuts

export function wire(widget, engine) {
  const id = widget.dataset.tutorWidget;
  const kind = widget.dataset.kind;
  const keys = storageKeys(kind, widget.dataset.game);
  const body = widget.querySelector(".tutor-body");
  let lastHash = null;
  let setAsideText = null; // the stored game as it was before the engine started, in case it cannot be restored

  const status = (text) => {
    widget.querySelector(".tutor-status").textContent = text || "";
  };

  const apply = (response) => {
    if (!response.ok) {
      status(response.message);
      const shown = body.querySelector(".tutor-play-message"); // the live status line is not shown while live
      if (shown) {
        shown.textContent = response.message;
        shown.classList.add("tutor-refused");
      }
      return;
    }
    body.innerHTML = response.html;
    engine.setState(widget, "live", response.message || "");
    const state = response.state;
    if (state.set_aside && setAsideText !== null) {
      // the engine could not restore what was stored: it is kept under a key of its own, never dropped
      try {
        localStorage.setItem(`${keys.saved}:set-aside`, setAsideText);
      } catch {}
      setAsideText = null;
    }
    let stored = store(keys.saved, state.saved);
    if (kind === "play") {
      widget.dataset.deal = String(state.deal);
      widget.dataset.variant = state.variant;
      const statsStored = store(keys.stats, state.stats);
      stored = store(keys.options, state.options) && statsStored && stored;
      lastHash = state.hash;
      if (location.hash.slice(1) !== state.hash) history.replaceState(null, "", `#${state.hash}`);
    }
    if (!stored) engine.unsaved?.(widget); // said once, by tutor.js
  };

  // Where the keyboard goes once the new HTML is in, so that it is never lost to the page: `focus`
  // ({ pile }: that pile's control on the board; a selector: that control), else the board's Tab
  // stop, else (the game is won, the board has no controls) the end's first button, else the first.
  const refocus = (focus) => {
    if (focus === null) return;
    if (typeof focus === "object" && engine.keys.focusBoard(widget, focus.pile, focus.card)) return;
    const chosen = typeof focus === "string" ? widget.querySelector(focus) : null;
    if (chosen) {
      chosen.focus();
      return;
    }
    if (engine.keys.focusBoard(widget, null)) return;
    (widget.querySelector(".tutor-play-end button:not([disabled])")
      || widget.querySelector(".tutor-body button:not([disabled])"))?.focus();
  };

  // The focus to keep over a redraw: the same pile or the same button, when it is in this widget
  // (or lost to the page); null when it is elsewhere (the redraw does not touch it).
  const focusNow = () => {
    const element = document.activeElement;
    if (!element || element === document.body) return undefined;
    if (!widget.contains(element)) return null;
    const pile = element.closest?.("svg [data-pile]");
    if (pile) return { pile: pile.dataset.pile, card: element.dataset.card };
    const action = element.closest?.("button[data-action]")?.dataset.action;
    return action ? `button[data-action="${CSS.escape(action)}"]:not([disabled])` : undefined;
  };

  const send = async (message, focus) => {
    body.setAttribute("aria-busy", "true");
    const started = performance.now();
    try {
      apply(await engine.request({ widget: id, ...message }));
      // bench/bench_play.py: the request until its board is in the page, per action
      performance.measure(`tutor-${kind}-${message.action}`, { start: started, end: performance.now() });
    } catch {
      engine.setState(widget, "error", widget.dataset.msgError);
    } finally {
      body.removeAttribute("aria-busy");
    }
    if (focus !== null) refocus(focus);
  };

  // a pick on the board, by a click or a key (board-keys.js): the same request, which the engine reads
  const pick = (control, { focus, card: focusCard } = {}) => {
    if (widget.dataset.state !== "live") return false;
    const pile = control.closest("svg [data-pile]");
    if (!pile) return false;
    const card = control.closest("[data-card]")?.dataset.card;
    send({ action: "pick", pile: pile.dataset.pile, card }, { pile: focus ?? pile.dataset.pile, card: focusCard });
    return true;
  };

  const start = (hash) => {
    setAsideText = loadText(keys.saved);
    const message = { action: "start", hash, saved: load(keys.saved) };
    if (kind === "play") Object.assign(message, { stats: load(keys.stats), options: load(keys.options) });
    return send(message, null);
  };

  widget.addEventListener("click", (event) => {
    if (widget.dataset.state !== "live") return;
    const button = event.target.closest("button[data-action]");
    if (button) {
      if (button.disabled) return;
      const { action, ...fields } = button.dataset;
      if (action === "copy") {
        navigator.clipboard.writeText(location.href).then(
          () => status(button.dataset.copied),
          () => status(button.dataset.copyFailed),
        );
        return;
      }
      send({ action, ...fields }, `button[data-action="${CSS.escape(action)}"]:not([disabled])`);
      return;
    }
    pick(event.target);
  });
  // The deal box is a form: Enter in it or its button sends the typed text as it is (the engine checks it).
  widget.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-action]");
    if (!form) return;
    event.preventDefault();
    if (widget.dataset.state !== "live") return;
    const box = form.querySelector("input[name]");
    send({ action: form.dataset.action, [box.name]: box.value }, `form[data-action="${CSS.escape(form.dataset.action)}"] input`);
  });
  engine.keys.wireBoardKeys(widget, pick);
  window.addEventListener("hashchange", () => {
    const hash = location.hash.slice(1);
    if (widget.dataset.state !== "live" || hash === lastHash) return;
    if (kind === "play" && /(^|&)(deal|variant)=/.test(hash)) start(hash);
    if (kind === "practice" && /(^|&)practice=/.test(hash)) start(hash).then(() => widget.scrollIntoView());
  });
  if (kind === "play") live.add({ widget, send, focusNow });

  engine.setState(widget, "loading", widget.dataset.msgLoading);
  return engine.request({ widget: id, action: "open", spec: widget.dataset.spec, lang: widget.dataset.lang }).then(
    async (response) => {
      if (!response.ok) {
        engine.setState(widget, "error", response.message);
        return;
      }
      await start(startHash);
      if (kind === "practice" && /(^|&)practice=/.test(startHash)) widget.scrollIntoView();
    },
    () => engine.setState(widget, "error", widget.dataset.msgError),
  );
}

// Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) take back and replay a move of the play widget.
document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.target.closest?.("input, textarea, select")) return;
  const key = event.key.toLowerCase();
  const action = key === "y" || (key === "z" && event.shiftKey) ? "redo" : key === "z" ? "undo" : null;
  if (!action) return;
  for (const { widget, send, focusNow } of live) {
    if (widget.dataset.state !== "live") continue;
    event.preventDefault();
    send({ action }, focusNow()); // the keyboard stays where it was: on the same pile or button
  }
});
