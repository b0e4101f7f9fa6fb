// The play page's widgets (play: and practice:). tutor.js, which owns the engine worker, imports
// this module when a page carries one and passes its request and setState helpers and the boards'
// keys (board-keys.js, the same on every board of the site). Like tutor.js it
// knows no rules and holds no words: it sends the address's hash and what it stored before, then
// stores exactly what the engine returns (the game in progress, the record, the progress) and
// writes the engine's hash into the address. The engine checks everything it is sent.
//
// Fewer clicks on these two boards (not on the rules pages' boards): each board carries the legal
// moves of its position as data the engine writes (data-moves: per source pile, each destination
// of its top card or of a run, see tutor/web/board_input.py move_map), so that a click on a card
// with one place to go makes that move, a double-click (or F) sends a card home, and a card can
// be dragged (pointer events: mouse, pen and touch) onto a pile; the engine answers a drop on a
// pile it does not fit with its reason. The play page's shortcuts (H, U, Shift+U, Ctrl+Z, Ctrl+Y,
// N, ?) work only while the game has the focus (WCAG 2.1.4); its dialogs are the engine's HTML.
// Review opens the address the engine answers with (state.go_to); the page builds no link itself.

const startHash = location.hash.slice(1); // read once: the play widget rewrites the address

function loadText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parsed(text) {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { unreadable: true }; // the engine says it was damaged, and the page keeps it aside
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

// what the engine could not read is never dropped: it moves to a key of its own ("…:set-aside")
function setAside(key, text) {
  if (text === null) return;
  try {
    localStorage.setItem(`${key}:set-aside`, text);
  } catch {}
}

function storageKeys(kind, game) {
  if (kind === "play") {
    return { saved: `tutor-play:${game}`, stats: `tutor-play-stats:${game}`, options: `tutor-play-options:${game}` };
  }
  return { saved: `tutor-practice:${game}` };
}

// The time the page is visible: a game's clock counts it and stops while the page is hidden.
function visibleClock() {
  let since = document.hidden ? null : performance.now();
  let banked = 0;
  return {
    pause() {
      if (since !== null) banked += performance.now() - since;
      since = null;
    },
    resume() {
      if (since === null) since = performance.now();
    },
    // the milliseconds since the last take(), visible ones only
    take() {
      const now = performance.now();
      const spent = banked + (since === null ? 0 : now - since);
      banked = 0;
      if (since !== null) since = now;
      return Math.round(spent);
    },
  };
}

// The grip a card gives: its pile and how many cards it takes (itself and those on it).
function gripOf(element) {
  const card = element.closest?.(".tutor-card, .tutor-empty");
  const group = card?.closest("g.tutor-pile");
  if (!card || !group) return null;
  const cards = [...group.querySelectorAll(".tutor-card")];
  const index = cards.indexOf(card);
  return { pile: group.dataset.pile, group, card, code: card.dataset.card, cards: index < 0 ? [] : cards.slice(index),
           depth: index < 0 ? 0 : cards.length - index };
}

// the board's legal moves from a grip, as the engine wrote them (data-moves)
function movesFrom(grip) {
  const holder = grip.card.closest("[data-moves]");
  if (!holder) return [];
  try {
    return (JSON.parse(holder.dataset.moves)[grip.pile] || []).filter((entry) => entry.n === grip.depth);
  } catch {
    return [];
  }
}

const picked = (board) => !!board?.querySelector('[data-pile][aria-pressed="true"]');

export function wire(widget, engine) {
  const id = widget.dataset.tutorWidget;
  const kind = widget.dataset.kind;
  const keys = storageKeys(kind, widget.dataset.game);
  const body = widget.querySelector(".tutor-body");
  const clock = visibleClock();
  let lastHash = null;
  let storedText = {}; // the stored texts as they were before the engine started, in case one cannot be read
  // A double-click whose first click moved its card by one click is not another move (its second
  // click lands on whatever took the card's place); a double-click on any other card is, even on
  // the card that has just refilled the pile. So the guard compares card ids, never piles.
  let lastMove = null; // { card, at }: the card a click moved, and when
  let firstClick = null; // the card the click that began the latest (double-)click was on
  let dragged = 0; // when a drag ended (the click that follows it is not a pick)

  const status = (text) => {
    widget.querySelector(".tutor-status").textContent = text || "";
  };

  const keep = (state) => {
    let stored = store(keys.saved, state.saved);
    if (kind === "play") {
      const statsStored = store(keys.stats, state.stats);
      stored = store(keys.options, state.options) && statsStored && stored;
    }
    if (!stored) engine.unsaved?.(widget); // said once, by tutor.js
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
    engine.swapHTML(body, response.html);
    engine.setState(widget, "live", response.message || "");
    const ask = body.querySelector("dialog[data-open]"); // the engine asks first (a typed deal, a game in progress)
    if (ask) openDialog(ask.dataset.dialog);
    const state = response.state;
    // the engine could not restore or read what was stored: kept under a key of its own, never dropped
    if (state.set_aside) setAside(keys.saved, storedText.saved ?? null);
    if (state.stats_set_aside) setAside(keys.stats, storedText.stats ?? null);
    storedText = {};
    keep(state);
    if (kind === "play") {
      widget.dataset.deal = String(state.deal);
      widget.dataset.variant = state.variant;
      lastHash = state.hash;
      if (location.hash.slice(1) !== state.hash) history.replaceState(null, "", `#${state.hash}`);
      // an address the engine wrote for the page to open (Review: the review page, the game in its link)
      if (state.go_to) location.assign(new URL(state.go_to, location.href).href);
    }
  };

  // Where the keyboard goes once the new HTML is in, so that it is never lost to the page: `focus`
  // ({ pile }: that pile's control on the board; a selector: that control), else the board's Tab
  // stop, else (the game has ended, the board has no controls) the end's first button, else the first.
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
    const ended = !!body.querySelector(".tutor-play-end");
    if (kind === "play") message.spent = clock.take(); // the game's clock: visible time only
    try {
      apply(await engine.request({ widget: id, ...message }));
      // bench/bench_play.py: the request until its board is in the page, per action
      performance.measure(`tutor-${kind}-${message.action}`, { start: started, end: performance.now() });
    } catch {
      engine.setState(widget, "error", widget.dataset.msgError);
    } finally {
      body.removeAttribute("aria-busy");
    }
    const end = body.querySelector(".tutor-play-end");
    if (end && !ended && focus !== null) {
      // the end panel has just opened above the board: the keyboard goes to its first button
      const first = end.querySelector("button:not([disabled])") || end.querySelector("h2");
      first?.focus({ preventScroll: true });
      end.scrollIntoView({ block: "nearest" });
      return;
    }
    if (focus !== null) refocus(focus);
  };

  // a pick on the board, by a click or a key (board-keys.js): the same request, which the engine reads
  const pick = (control, { focus, card: focusCard, regrip } = {}) => {
    if (widget.dataset.state !== "live") return false;
    const pile = control.closest("svg [data-pile]");
    if (!pile) return false;
    const card = control.closest("[data-card]")?.dataset.card;
    const message = { action: "pick", pile: pile.dataset.pile, card };
    if (regrip) message.regrip = true;
    send(message, { pile: focus ?? pile.dataset.pile, card: focusCard });
    return true;
  };

  // a double-click or F: the pile's card home, where a foundation takes it (the engine says why not)
  const home = (control) => {
    if (widget.dataset.state !== "live") return false;
    const pile = control.closest("svg [data-pile]");
    if (!pile) return false;
    send({ action: "home", pile: pile.dataset.pile }, { pile: pile.dataset.pile });
    return true;
  };

  const showGame = () => {
    const game = body.querySelector(".tutor-play-main");
    const last = body.querySelector(".tutor-play-hint-row") || game;
    if (game && last && last.getBoundingClientRect().bottom > window.innerHeight) {
      game.scrollIntoView({ block: "start" });
    }
  };

  const start = (hash) => {
    storedText = { saved: loadText(keys.saved), stats: kind === "play" ? loadText(keys.stats) : null };
    const message = { action: "start", hash, saved: parsed(storedText.saved) };
    if (kind === "play") Object.assign(message, { stats: parsed(storedText.stats), options: parsed(loadText(keys.options)) });
    clock.take(); // the time before the game is shown counts for nothing
    return send(message, null);
  };

  // --- dialogs (the engine's HTML; opened by name) ------------------------------------------
  const dialogOf = (name) => widget.querySelector(`dialog[data-dialog="${CSS.escape(name)}"]`);
  const openDialog = (name) => {
    const dialog = dialogOf(name);
    if (!dialog || dialog.open) return;
    const before = document.activeElement;
    dialog.addEventListener("close", () => {
      if (before?.isConnected && !widget.querySelector(".tutor-play-end:focus-within")) before.focus();
    }, { once: true });
    dialog.showModal();
  };

  // A control with an action: a button, or a link that also works as an address (the deal to replay).
  const act = (control) => {
    const { action, confirm, ...fields } = control.dataset;
    const dialog = control.closest("dialog");
    if (confirm && !dialog && dialogOf(confirm)) {
      openDialog(confirm); // the engine asks first (a game in progress, giving up)
      return;
    }
    if (action === "copy") {
      navigator.clipboard.writeText(location.href).then(
        () => status(control.dataset.copied),
        () => status(control.dataset.copyFailed),
      );
      return;
    }
    delete fields.copied;
    delete fields.copyFailed;
    dialog?.close();
    send({ action, ...fields }, `button[data-action="${CSS.escape(action)}"]:not([disabled])`);
  };

  widget.addEventListener("click", (event) => {
    if (widget.dataset.state !== "live") return;
    const opener = event.target.closest("[data-dialog-open]");
    if (opener && !opener.disabled) {
      openDialog(opener.dataset.dialogOpen);
      return;
    }
    const closer = event.target.closest("[data-dialog-close]");
    if (closer) {
      closer.closest("dialog")?.close();
      return;
    }
    const control = event.target.closest("button[data-action], a[data-action]");
    if (control) {
      event.preventDefault();
      if (!control.disabled) act(control);
      return;
    }
    if (performance.now() - dragged < 400) return; // the click that ends a drag
    const board = event.target.closest("svg.tutor-svg");
    const grip = gripOf(event.target);
    if (event.detail > 1) return; // the second click of a double-click: the dblclick decides
    firstClick = grip?.code ?? null;
    if (board && grip && grip.depth > 0 && !picked(board)) {
      // one place to go: the click makes the move (the JavaScript only reads what the engine wrote)
      const moves = movesFrom(grip);
      if (moves.length === 1) {
        lastMove = { card: grip.code, at: performance.now() };
        send({ action: "move", move: moves[0].move }, { pile: moves[0].to[0] });
        return;
      }
    }
    pick(event.target);
  });

  widget.addEventListener("dblclick", (event) => {
    const grip = gripOf(event.target);
    if (!grip || widget.dataset.state !== "live" || grip.group.classList.contains("tutor-pile-stock")) return;
    // the first click of this double-click moved its card: the second is not a new move
    if (lastMove && lastMove.card === firstClick && performance.now() - lastMove.at < 800) return;
    event.preventDefault();
    home(grip.card);
  });

  // --- drag and drop (pointer events: mouse, pen, touch) -----------------------------------
  let drag = null;
  const dropTarget = (x, y, board) => {
    const pile = document.elementFromPoint(x, y)?.closest?.("g.tutor-pile");
    return pile && board.contains(pile) ? pile : null;
  };
  const endDrag = () => {
    if (!drag) return;
    const { image, grip, board, over } = drag;
    image?.remove();
    grip.cards.forEach((card) => card.classList.remove("tutor-dragged"));
    board.querySelectorAll(".tutor-drop-target, .tutor-drop-over").forEach((pile) => {
      pile.classList.remove("tutor-drop-target", "tutor-drop-over");
    });
    over?.classList.remove("tutor-drop-over");
    drag = null;
  };
  widget.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || widget.dataset.state !== "live" || drag) return;
    const board = event.target.closest("svg.tutor-svg");
    const grip = gripOf(event.target);
    // what can be dragged: a card that is a control (a top card, the first card of a run that may move)
    if (!board || !grip?.code || !grip.card.hasAttribute("tabindex") || !grip.card.closest("[data-moves]")) return;
    drag = { grip, board, x0: event.clientX, y0: event.clientY, pointer: event.pointerId, image: null, over: null };
  });
  widget.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { grip, board } = drag;
    const dx = event.clientX - drag.x0;
    const dy = event.clientY - drag.y0;
    if (!drag.image) {
      if (Math.hypot(dx, dy) < 6) return;
      // the drag image: copies of the cards taken, drawn above every pile, following the pointer
      const image = document.createElementNS("http://www.w3.org/2000/svg", "g");
      image.setAttribute("class", "tutor-drag-image");
      image.setAttribute("aria-hidden", "true");
      for (const card of grip.cards) {
        const copy = card.cloneNode(true);
        for (const name of ["tabindex", "role", "aria-label", "aria-pressed", "data-pile", "data-card", "id"]) {
          copy.removeAttribute(name);
        }
        image.appendChild(copy);
        card.classList.add("tutor-dragged");
      }
      board.appendChild(image);
      drag.image = image;
      for (const entry of movesFrom(grip)) {
        for (const pile of entry.to) board.querySelector(`g.tutor-pile[data-pile="${CSS.escape(pile)}"]`)?.classList.add("tutor-drop-target");
      }
      try {
        board.setPointerCapture(event.pointerId);
      } catch {}
    }
    const scale = board.getScreenCTM();
    drag.image.setAttribute("transform", `translate(${dx / (scale?.a || 1)} ${dy / (scale?.d || 1)})`);
    const over = dropTarget(event.clientX, event.clientY, board);
    if (over !== drag.over) {
      drag.over?.classList.remove("tutor-drop-over");
      over?.classList.add("tutor-drop-over");
      drag.over = over;
    }
    event.preventDefault();
  });
  const finishDrag = (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { grip, image, board } = drag;
    const target = image ? dropTarget(event.clientX, event.clientY, board)?.dataset.pile : null;
    endDrag();
    if (!image) return; // it was a click
    dragged = performance.now();
    if (target && target !== grip.pile) {
      send({ action: "drop", pile: grip.pile, card: grip.code, to: target }, { pile: target });
    }
  };
  // a finger on a card that can be dragged moves the card, not the page (touch-action does not
  // reach inside an SVG): the page scrolls as usual from anywhere else
  widget.addEventListener("touchmove", (event) => {
    if (drag && event.cancelable) event.preventDefault();
  }, { passive: false });
  widget.addEventListener("pointerup", finishDrag);
  widget.addEventListener("pointercancel", (event) => {
    if (drag && event.pointerId === drag.pointer) endDrag();
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
  engine.keys.wireBoardKeys(widget, pick, { home });

  if (kind === "play") {
    // The play page's shortcuts, only while the game has the focus (a key typed elsewhere on the
    // page does nothing here): H hint, U or Ctrl+Z undo, Shift+U or Ctrl+Y redo, N new deal
    // (asking first while a game is in progress), ? the list of keys.
    widget.addEventListener("keydown", (event) => {
      if (widget.dataset.state !== "live" || event.altKey || event.metaKey) return;
      if (event.target.closest?.("input, textarea, select, dialog")) return;
      const key = event.key.toLowerCase();
      let action = null;
      if (event.ctrlKey) action = key === "y" || (key === "z" && event.shiftKey) ? "redo" : key === "z" ? "undo" : null;
      else if (key === "h") action = "hint";
      else if (key === "u") action = event.shiftKey ? "redo" : "undo";
      else if (key === "n") action = "new";
      else if (event.key === "?") {
        event.preventDefault();
        event.stopPropagation();
        openDialog("shortcuts");
        return;
      }
      if (!action) return;
      event.preventDefault();
      event.stopPropagation(); // the theme's own keys (N: the next page) do not see it
      const button = widget.querySelector(`.tutor-body button[data-action="${action}"]`);
      if (action === "new" && button?.dataset.confirm) {
        openDialog(button.dataset.confirm);
        return;
      }
      send({ action }, focusNow()); // the keyboard stays where it was: on the same pile or button
    });
    // the clock stops while the page is hidden; what it counted so far is kept with the game
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) {
        clock.resume();
        return;
      }
      clock.pause();
      if (widget.dataset.state !== "live") return;
      engine.request({ widget: id, action: "time", spent: clock.take() }).then(
        (response) => { if (response.ok) keep(response.state); },
        () => {},
      );
    });
  }

  window.addEventListener("hashchange", () => {
    const hash = location.hash.slice(1);
    if (widget.dataset.state !== "live" || hash === lastHash) return;
    if (kind === "play" && /(^|&)(deal|variant)=/.test(hash)) start(hash);
    if (kind === "practice" && /(^|&)practice=/.test(hash)) start(hash).then(() => widget.scrollIntoView());
  });

  engine.setState(widget, "loading", widget.dataset.msgLoading);
  return engine.request({ widget: id, action: "open", spec: widget.dataset.spec, lang: widget.dataset.lang }).then(
    async (response) => {
      if (!response.ok) {
        engine.setState(widget, "error", response.message);
        return;
      }
      await start(startHash);
      if (kind === "practice" && /(^|&)practice=/.test(startHash)) widget.scrollIntoView();
      // a deal link opens the page at the game when the board and its controls are not all in view
      // (a phone): the page's introduction lies above
      if (kind === "play" && /(^|&)(deal|variant)=/.test(startHash)) showGame();
    },
    () => engine.setState(widget, "error", widget.dataset.msgError),
  );
}
