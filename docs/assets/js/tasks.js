// The lessons' widgets (tasks:, path:, progress:), issue 23. tutor.js, which owns the engine worker,
// imports this module when a page carries one and passes its helpers (request, setState, unsaved,
// the boards' keys, travel/nudge, the guides' animations, and progressRecords/keepProgress, the one
// place the progress records are read and kept). Like tutor.js it knows no rules and holds no words:
// it sends the stored progress records as they are, swaps in the HTML the engine draws, says the
// engine's answer in the task's live region, and has tutor.js store, remove or set aside exactly the
// records the engine names.

const PREFIX = "tutor-progress:"; // one record per task, exercise or example id, the same in both languages

// The play page's record of the game (its own key and format; the engine reads it).
function playStats(game) {
  try {
    return localStorage.getItem(`tutor-play-stats:${game}`);
  } catch {
    return null;
  }
}

const live = new Set(); // every widget of this module on the page: told when the records change
function recordsChanged(from) {
  for (const other of live) if (other.widget !== from) other.refresh();
}
// tutor.js keeps the records (a task's here, a guided example's there) and says when they change
window.addEventListener("tutor-records", (event) => recordsChanged(event.detail));
window.addEventListener("storage", (event) => {
  if (event.key === null || event.key.startsWith(PREFIX)) recordsChanged(null); // another tab
});

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

// The answer as it was played: each beat's figure in turn, its marked cards travelling along its
// arrows (tutor.js's travel), then the board after it. None under reduced motion.
function playBeats(view, travel) {
  const holder = view.querySelector(".tutor-task-beats");
  const board = view.querySelector(".tutor-task-board");
  if (!holder || !board) return Promise.resolve();
  const beats = [...holder.querySelectorAll(".tutor-task-beat")];
  if (!beats.length || reducedMotion() || !travel) {
    holder.remove();
    return Promise.resolve();
  }
  board.hidden = true;
  holder.hidden = false;
  return new Promise((resolve) => {
    const step = (index) => {
      if (index >= beats.length || !holder.isConnected) {
        holder.remove();
        board.hidden = false;
        resolve();
        return;
      }
      beats.forEach((beat, other) => { beat.hidden = other !== index; });
      const journey = travel(beats[index], () => step(index + 1));
      if (!journey) step(index + 1);
    };
    step(0);
  });
}

export function wire(widget, engine) {
  const id = widget.dataset.tutorWidget;
  const kind = widget.dataset.kind;
  const game = widget.dataset.game;
  const body = widget.querySelector(".tutor-body");

  // the task's own live region says each answer once
  const say = (text) => {
    const region = body.querySelector(".tutor-task-live");
    if (!region) return;
    region.textContent = "";
    if (text) setTimeout(() => { region.textContent = text; }, 50);
  };

  // A task keeps its root (data-task, data-task-state: the contract) and its live region; its view
  // is swapped. Other widgets are swapped whole.
  const swap = (html) => {
    const fresh = engine.swapHTML(body, html, { parts: [".tutor-task-view"] });
    if (!fresh) {
      engine.swapHTML(body, html);
      return body;
    }
    const root = body.querySelector(".tutor-task");
    for (const name of ["id", "data-task", "data-task-state", "data-task-kind"]) {
      root.setAttribute(name, fresh.querySelector(".tutor-task").getAttribute(name));
    }
    return root.querySelector(".tutor-task-view");
  };

  // Where the keyboard goes once the new HTML is in: the pile acted on, else the first control the
  // answer brings (Next task, Show me), else the board's Tab stop. `focus` may be a function of the
  // answer's state: after Show me, the marked card (state.shown_pile, its top card).
  const refocus = (focus) => {
    if (focus === null) return;
    if (focus?.pile && engine.keys.focusBoard(body.querySelector(".tutor-task-board") || widget, focus.pile, focus.card)) return;
    const chosen = typeof focus === "string" ? body.querySelector(focus) : null;
    const target = chosen
      || body.querySelector('.tutor-controls [data-action="next"], .tutor-controls .tutor-onward')
      || body.querySelector('.tutor-controls [data-action="show"]');
    if (target) {
      target.focus();
      return;
    }
    if (!engine.keys.focusBoard(body.querySelector(".tutor-task-board") || widget, null)) {
      body.querySelector(".tutor-controls button")?.focus();
    }
  };

  const apply = (response, quiet) => {
    if (!response.ok) {
      if (kind === "tasks") say(response.message);
      else widget.querySelector(".tutor-status").textContent = response.message;
      return;
    }
    const view = swap(response.html);
    // a quiet refresh (records changed elsewhere on the page) leaves the status line as it is: a
    // record kept aside is still said there after another widget stores its own
    if (quiet) widget.dataset.state = "live";
    else engine.setState(widget, "live", kind === "tasks" ? "" : response.message || "");
    if (kind === "tasks" && !quiet) say(response.message);
    if (!engine.keepProgress(widget, response.state, response.aside_notice)) engine.unsaved?.(widget); // said once, by tutor.js
    const nudged = view.querySelector(".tutor-task-board[data-nudge]");
    if (nudged && engine.nudge) engine.nudge(nudged);
    return playBeats(view, engine.travel);
  };

  const send = async (message, focus, quiet = false) => {
    body.setAttribute("aria-busy", "true");
    const started = performance.now();
    let answered = null;
    let state = null;
    try {
      const response = await engine.request({ widget: id, ...message });
      state = response.ok ? response.state : null;
      answered = apply(response, quiet);
      performance.measure(`tutor-${kind}-${message.action}`, { start: started, end: performance.now() });
    } catch {
      engine.setState(widget, "error", widget.dataset.msgError);
    } finally {
      body.removeAttribute("aria-busy");
    }
    refocus(typeof focus === "function" ? focus(state) : focus);
    await answered;
  };

  const progress = () => ({ records: engine.progressRecords(), play_stats: playStats(game) });
  const me = { widget, refresh: () => widget.dataset.state === "live" && send({ action: "refresh", ...progress() }, null, true) };

  // a pick on the task's board, by a click or a key (board-keys.js): the same request, read by the engine
  const pick = (control, { focus, card: focusCard } = {}) => {
    if (widget.dataset.state !== "live") return false;
    const pile = control.closest(".tutor-task-board svg [data-pile]");
    if (!pile) return false;
    const card = control.closest("[data-card]")?.dataset.card;
    send({ action: "pick", pile: pile.dataset.pile, card }, { pile: focus ?? pile.dataset.pile, card: focusCard });
    return true;
  };

  widget.addEventListener("click", (event) => {
    if (widget.dataset.state !== "live") return;
    const button = event.target.closest("button[data-action]");
    if (button) {
      if (button.disabled) return;
      const { action, ...fields } = button.dataset;
      const again = `button[data-action="${CSS.escape(action)}"]`;
      const focus = action === "show" ? (state) => (state?.shown_pile ? { pile: state.shown_pile } : again)
        : action === "choose" || action === "next" || action === "retry" ? {} : again;
      send({ action, ...fields }, focus);
      return;
    }
    pick(event.target);
  });
  engine.keys.wireBoardKeys(widget, pick);
  live.add(me);

  engine.setState(widget, "loading", "");
  return engine.request({ widget: id, action: "open", spec: widget.dataset.spec, lang: widget.dataset.lang }).then(
    async (response) => {
      if (!response.ok) {
        engine.setState(widget, "error", response.message);
        return;
      }
      await send({ action: "start", ...progress() }, null);
    },
    () => engine.setState(widget, "error", widget.dataset.msgError),
  );
}
