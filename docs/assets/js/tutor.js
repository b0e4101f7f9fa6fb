// The page script: starts the engine worker at once (the hook loads this script async in the
// page's <head>, and only on pages with a live widget), then swaps the HTML that tutor.web.protocol
// returns into each widget. It knows no rules and holds no words: every text it shows comes from
// the page (data-msg-* attributes drawn at build time) or from the engine.
// A widget's root carries data-state: static (as built) → loading → live, or error; it is woken
// (static → loading) when it comes near the viewport (see "waking the widgets" below).

const here = new URL(import.meta.url);
const version = here.searchParams.get("v") || "";
const pending = new Map(); // request id → settle(response | Error)
let nextId = 1;
let worker = null;
let engineFailure = null; // why the engine is unavailable, once it is known
// the boards' keys (board-keys.js), shared with play.js; fetched with this script's own query (the
// build's version and boot files), the address the offline copy keeps every page script by
const boardKeys = import(new URL(`board-keys.js${here.search}`, here).href);
let boardKeysLoaded = null; // the module, once it is in
boardKeys.then((keys) => { boardKeysLoaded = keys; }, () => {});

const whenEngineReady = new Promise((resolve, reject) => {
  // The page's first inline lines (the build hook writes them) have usually started the worker
  // already and kept what it said meanwhile; else it starts here, from the settings in this
  // script's address (v, stdlib, tutor: issue 28).
  const early = globalThis.tutorWorker;
  try {
    worker = early?.worker ?? new Worker(new URL(`tutor-worker.mjs${here.search}`, here), { type: "module" });
  } catch (error) {
    reject(error);
    return;
  }
  const onError = (event) => {
    event.preventDefault();
    reject(new Error(event.message || "the engine worker could not start"));
  };
  const onMessage = (event) => {
    const message = event.data;
    if (message.type === "ready") {
      resolve();
      document.documentElement.dataset.boot = message.path; // which boot path worked
      performance.mark("tutor-engine-ready", { startTime: Math.max(0, message.readyAt - performance.timeOrigin) });
    } else if (message.type === "failed") {
      reject(new Error(message.error));
    } else if (message.type === "response") {
      const settle = pending.get(message.id);
      pending.delete(message.id);
      if (settle) settle(message.response);
    }
  };
  worker.addEventListener("error", onError);
  worker.addEventListener("message", onMessage);
  if (early) {
    worker.onmessage = worker.onerror = null;
    for (const event of early.heard) (event.type === "error" ? onError : onMessage)(event);
  }
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
  // the widget's own status line (a lesson's parts, widgets inside it, have theirs)
  widget.querySelector(":scope > .tutor-status").textContent = message || "";
}

// --- the one way the engine's HTML comes in ----------------------------------------------------
// Every widget takes its new HTML through here (the page modules through their helpers). It replaces
// the container's content, or with `parts` (selectors) only those parts, each by its new copy: a
// lesson's head and foot around its live parts, a task's view inside the root that keeps its live
// region. Within what it replaces, a button drawn exactly as before stays the same element (a press
// on Stop while a long check swaps in its chunks is not lost between pointer down and up, and the
// focus stays on it), and what the reader unfolded stays unfolded (the engine draws its details
// closed: the text of a board, how a claim was measured). Returns the new HTML as parsed (what was
// not swapped in is still there), or null when a part is missing on either side: nothing changed.
function swapHTML(container, html, { parts = null } = {}) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const fresh = template.content;
  const pairs = parts
    ? parts.map((selector) => [container.querySelector(selector), fresh.querySelector(selector)])
    : [[container, fresh]];
  if (pairs.some(([old, next]) => !old || !next)) return null;
  for (const [old, next] of pairs) {
    const buttons = new Map([...old.querySelectorAll("button[data-action]")].map((button) => [button.outerHTML, button]));
    const unfolded = [...old.querySelectorAll("details")].map((details) => details.open);
    next.querySelectorAll("button[data-action]").forEach((button) => {
      const same = buttons.get(button.outerHTML);
      if (!same) return;
      button.replaceWith(same);
      buttons.delete(button.outerHTML);
    });
    next.querySelectorAll("details").forEach((details, index) => { if (unfolded[index]) details.open = true; });
    if (old === container) container.replaceChildren(next);
    else old.replaceWith(next);
  }
  return fresh;
}

// --- the learner's progress records ------------------------------------------------------------
// One record per task, exercise or guided example, under "tutor-progress:<id>", the same in both
// languages (tutor.web.progress reads and checks them). The page sends them as they are stored and
// keeps exactly what the engine names: state.set_aside (moved to "…:set-aside", never dropped; first,
// so a fresh record never lands on a corrupt one before it is kept aside), state.remove, state.store.
// Every widget that shows progress (tasks.js) hears "tutor-records" when they change.

const PROGRESS = "tutor-progress:";
const ASIDE = ":set-aside";

// Every stored record, as text (the engine reads and checks them).
function progressRecords() {
  const found = {};
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key && key.startsWith(PROGRESS) && !key.endsWith(ASIDE)) found[key] = localStorage.getItem(key);
    }
  } catch {}
  return found;
}

// What the engine asks the page to keep: returns whether everything asked to be stored was. A
// record kept aside is said once, by the widget whose answer moved it (`notice`, the answer's
// aside_notice, in its status line): another widget that read the same record finds it gone.
function keepProgress(widget, state, notice = "") {
  let changed = false;
  let stored = true;
  try {
    let movedAside = false;
    for (const key of state.set_aside || []) {
      const text = localStorage.getItem(key);
      if (text === null) continue;
      localStorage.setItem(key + ASIDE, text);
      localStorage.removeItem(key);
      changed = movedAside = true;
    }
    const status = widget.querySelector(":scope > .tutor-status");
    if (movedAside && notice && status) status.textContent = notice;
    for (const key of state.remove || []) {
      localStorage.removeItem(key);
      changed = true;
    }
  } catch {}
  try {
    for (const [key, text] of Object.entries(state.store || {})) {
      localStorage.setItem(key, text);
      changed = true;
    }
  } catch {
    stored = false;
  }
  if (changed) window.dispatchEvent(new CustomEvent("tutor-records", { detail: widget }));
  return stored;
}

// --- guided examples (scenario:) -------------------------------------------------------------
// Every frame is in the page (drawn at build time); the guide only shows one of them. The place
// in the guide and the moves played from it are saved per scenario id (not per language), so a
// reload or the other language's page shows the same position.

const storageKey = (scenarioId) => `tutor-scenario:${scenarioId}`;

// The stored text as it is (null: nothing saved, or storage forbidden): the engine reads and checks it.
function loadSaved(scenarioId) {
  try {
    return localStorage.getItem(storageKey(scenarioId));
  } catch {
    return null;
  }
}

function save(widget, scenarioId, saved) {
  try {
    localStorage.setItem(storageKey(scenarioId), JSON.stringify({ scenario: scenarioId, ...saved }));
  } catch {
    unsaved(widget); // storage full or forbidden: the example goes on in memory
  }
}

// The browser would not store the game (storage full or turned off): the widget says so once, in
// a line of its own below the board that stays (a live region: said once), and the game goes on
// in memory.
function unsaved(widget) {
  if (widget.querySelector(":scope > .tutor-unsaved")) return;
  const note = document.createElement("p");
  note.className = "tutor-unsaved";
  note.setAttribute("role", "status");
  widget.querySelector(":scope > .tutor-status").before(note);
  // a live region says what comes into it once it is in the page
  setTimeout(() => {
    note.textContent = widget.dataset.msgUnsaved || "";
  }, 50);
}

// A saved game the engine could not restore is never dropped: it moves to a key of its own
// ("…:set-aside", the latest one kept), where nothing overwrites it; if that cannot be stored, it stays.
function setAside(scenarioId, text) {
  try {
    localStorage.setItem(`${storageKey(scenarioId)}:set-aside`, text);
    localStorage.removeItem(storageKey(scenarioId));
  } catch {}
}

class Guide {
  constructor(widget, root) {
    this.widget = widget;
    this.root = root;
    this.id = widget.dataset.scenario;
    this.frames = [...root.querySelectorAll(".tutor-frame")];
    this.track = 0;
    this.frame = 0;
    this.mode = "guide";
    this.moves = [];
    this.play = root.querySelector(".tutor-play");
    this.guide = root.querySelector(".tutor-guide");
    this.announce = root.querySelector(".tutor-announce");
  }

  framesOf(track) {
    return this.frames.filter((f) => Number(f.dataset.track) === track);
  }

  has(track, frame) {
    return Number.isInteger(track) && Number.isInteger(frame) && this.framesOf(track).length > frame && frame >= 0;
  }

  show(track, frame, { announce = true, remember = true } = {}) {
    if (this.travel) {
      const journey = this.travel;
      this.travel = null;
      journey.cancel();
    }
    this.track = track;
    this.frame = frame;
    let current = null;
    for (const element of this.frames) {
      const isCurrent = Number(element.dataset.track) === track && Number(element.dataset.frame) === frame;
      element.hidden = !isCurrent;
      if (isCurrent) current = element;
    }
    for (const button of this.root.querySelectorAll("[data-guide-track]")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.guideTrack) === track));
    }
    for (const button of this.root.querySelectorAll("[data-guide-frame]")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.guideFrame) === frame));
    }
    const count = this.framesOf(track).length;
    const focused = document.activeElement;
    this.button("back").disabled = frame === 0;
    this.button("next").disabled = frame >= count - 1;
    this.button("restart").disabled = frame === 0;
    // a control that has just been disabled would drop the keyboard focus: hand it to its neighbour
    if (focused?.disabled && this.root.contains(focused)) {
      (this.button(frame === 0 ? "next" : "back").disabled ? this.root : this.button(frame === 0 ? "next" : "back")).focus();
    }
    if (announce && current) this.say(current.querySelector(".tutor-narrations").textContent);
    if (remember) this.touched = true; // the reader has moved: a saved guide place no longer applies
    if (remember && !this.restoring) save(this.widget, this.id, { mode: this.mode, track, frame, moves: this.moves });
    if (remember && frame === count - 1) this.reached(track, frame);
    if (current?.hasAttribute("data-refused")) nudge(current);
  }

  button(action) {
    return this.root.querySelector(`[data-guide="${action}"]`);
  }

  // The last step of a track is in view: the engine counts the example as stepped through and
  // names the progress record to keep (the same path as a task's record).
  reached(track, frame) {
    const widget = this.widget;
    request({ widget: widget.dataset.tutorWidget, action: "reached", track, frame, records: progressRecords() }).then(
      (response) => {
        if (!response.ok) return;
        if (response.message) widget.querySelector(".tutor-status").textContent = response.message;
        if (!keepProgress(widget, response.state, response.aside_notice)) unsaved(widget);
      },
      () => {},
    );
  }

  say(text) {
    this.announce.textContent = text;
  }

  // "Next" on a frame that shows a move plays it: the marked cards travel along their arrows,
  // then the next frame (the result) is shown. A step asked for meanwhile first lets the journey
  // arrive at once, then steps on from there.
  step(delta) {
    if (this.travel) this.travel.finish();
    const frame = this.frame + delta;
    if (!this.has(this.track, frame)) return;
    const current = this.frames.find((f) => Number(f.dataset.track) === this.track && Number(f.dataset.frame) === this.frame);
    if (delta !== 1 || !current) {
      this.show(this.track, frame);
      return;
    }
    const track = this.track;
    this.travel = travel(current, () => {
      this.travel = null;
      this.show(track, frame);
    });
    if (!this.travel) this.show(track, frame);
  }

  showGuide() {
    this.mode = "guide";
    this.moves = [];
    this.play.hidden = true;
    this.guide.hidden = false;
    this.show(this.track, this.frame);
  }

  showPlay(response) {
    this.mode = "play";
    this.moves = response.state.moves;
    swapHTML(this.play, response.html);
    // the live region below says it (once); the visible line is the same words for the eye
    this.play.querySelector(".tutor-play-message")?.setAttribute("aria-hidden", "true");
    this.play.hidden = false;
    this.guide.hidden = true;
    this.say(response.message);
    save(this.widget, this.id, { mode: "play", track: response.state.track, frame: response.state.frame, moves: this.moves });
  }

  // The saved position at load time, as stored: the engine checks it and answers with the place
  // in the guide or the replayed game (see restore in wire), or says why it cannot be used.
  // Until the engine has answered, the stored entry is not overwritten (nothing saved is lost).
  recall() {
    const text = loadSaved(this.id);
    this.restoring = text !== null;
    return text;
  }
}

// --- the move on its way (guided examples) ----------------------------------------------------
// The page knows no rules: it moves what the frame marks (.tutor-card[data-moving]) along the
// arrow that starts at the card's pile (.tutor-arrow[data-from]). No motion when the reader asks
// for reduced motion.

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

function arrowFor(frame, card) {
  const arrow = [...frame.querySelectorAll(".tutor-arrow[data-from]")].find((a) => a.dataset.from === card.dataset.pile);
  const line = arrow?.querySelector("line");
  if (!line) return null;
  const at = (name) => Number(line.getAttribute(name));
  return { dx: at("x2") - at("x1"), dy: at("y2") - at("y1") };
}

// Play the frame's move: copies of the marked cards travel on top of the board, then done() runs.
// Returns { finish() } to arrive at once and { cancel() } to drop the journey without arriving, or
// null when nothing travels (no marked card, a refused move, reduced motion).
function travel(frame, done) {
  let finished = false;
  const travellers = [];
  const cancel = () => {
    if (finished) return false;
    finished = true;
    for (const [original, copy] of travellers) {
      copy.remove();
      clearStyle(original, "visibility");
    }
    return true;
  };
  const finish = () => {
    if (cancel()) done();
  };
  const cards = frame.hasAttribute("data-refused") || reducedMotion() ? [] : [...frame.querySelectorAll(".tutor-card[data-moving]")];
  for (const card of cards) {
    const way = arrowFor(frame, card);
    const svg = card.closest("svg");
    if (!way || !svg) continue;
    const copy = card.cloneNode(true);
    copy.removeAttribute("data-moving");
    copy.setAttribute("aria-hidden", "true");
    copy.classList.add("tutor-travelling");
    svg.appendChild(copy); // drawn last: above every pile
    card.style.visibility = "hidden";
    travellers.push([card, copy]);
    copy.getBoundingClientRect(); // start the transition from where the card lies
    copy.style.transform = `translate(${way.dx}px, ${way.dy}px)`;
  }
  if (!travellers.length) return null;
  travellers[0][1].addEventListener("transitionend", finish, { once: true });
  setTimeout(finish, 900); // in case no transition runs (a hidden tab)
  return { finish, cancel };
}

// Leave an element as the page was built: without the inline style a journey or a nudge set.
function clearStyle(element, ...properties) {
  for (const property of properties) element.style.removeProperty(property);
  if (!element.getAttribute("style")) element.removeAttribute("style");
}

// A refused move: the marked card starts towards its destination and comes back.
function nudge(frame) {
  if (reducedMotion()) return;
  for (const card of frame.querySelectorAll(".tutor-card[data-moving]")) {
    const way = arrowFor(frame, card);
    if (!way) continue;
    const length = Math.hypot(way.dx, way.dy) || 1;
    const reach = Math.min(24, length / 3);
    card.style.setProperty("--tutor-nudge-x", `${(way.dx / length) * reach}px`);
    card.style.setProperty("--tutor-nudge-y", `${(way.dy / length) * reach}px`);
    card.classList.remove("tutor-nudging");
    card.getBoundingClientRect();
    card.classList.add("tutor-nudging");
    card.addEventListener("animationend", () => {
      card.classList.remove("tutor-nudging");
      clearStyle(card, "--tutor-nudge-x", "--tutor-nudge-y");
    }, { once: true });
  }
}

// focus: where the keyboard goes once the new HTML is in: a selector, or a function that moves it
async function act(widget, body, focus) {
  // busy: only the part that is redrawn (marking the whole widget restyles every frame of a guide)
  const busy = widget.querySelector(".tutor-play") || widget;
  busy.setAttribute("aria-busy", "true");
  const started = performance.now();
  try {
    const response = await request(body);
    show(widget, response);
    performance.measure("tutor-redraw", { start: started, end: performance.now() }); // bench_widget.py
    if (typeof focus === "function") focus();
    else if (focus) (widget.querySelector(focus) || widget.querySelector(PLAY_STOP))?.focus();
    return response;
  } catch (error) {
    setState(widget, "error", widget.dataset.msgError);
    return null;
  } finally {
    busy.removeAttribute("aria-busy");
  }
}

function show(widget, response) {
  const guide = widget.tutorGuide;
  if (!response.ok) {
    widget.querySelector(".tutor-status").textContent = response.message;
    return;
  }
  if (guide) {
    widget.querySelector(".tutor-status").textContent = "";
    if (response.state.mode === "play") guide.showPlay(response);
    return;
  }
  swapHTML(widget.querySelector(".tutor-body"), response.html);
  setState(widget, "live", response.message || ""); // the widget's announcement, if any (a finished check)
}

// the live board's Tab stop in a guide's play view: where the keyboard goes when its control is gone
const PLAY_STOP = ".tutor-play svg.tutor-svg [data-pile][tabindex='0']";

function wireGuide(widget, root) {
  const guide = new Guide(widget, root);
  widget.tutorGuide = guide;
  const id = widget.dataset.tutorWidget;
  root.addEventListener("click", (event) => {
    const control = event.target.closest("[data-guide], [data-guide-track], [data-guide-frame]");
    if (!control || control.disabled) return;
    if (control.dataset.guideTrack !== undefined) guide.show(Number(control.dataset.guideTrack), 0);
    else if (control.dataset.guideFrame !== undefined) guide.show(guide.track, Number(control.dataset.guideFrame));
    else if (control.dataset.guide === "back") guide.step(-1);
    else if (control.dataset.guide === "next") guide.step(1);
    else if (control.dataset.guide === "restart") guide.show(guide.track, 0);
    else if (control.dataset.guide === "try" && widget.dataset.state === "live") {
      act(widget, { widget: id, action: "try", track: guide.track, frame: guide.frame }, PLAY_STOP);
    }
  });
  root.addEventListener("keydown", (event) => {
    if (guide.mode !== "guide" || event.target.closest("input, textarea")) return;
    if (event.key === "ArrowRight") guide.step(1);
    else if (event.key === "ArrowLeft") guide.step(-1);
    else return;
    event.preventDefault();
  });
  // the live board: a click or Enter/Space on a pile picks it (board-keys.js); buttons carry their
  // action. After a pick the keyboard is back on the board: on the pile acted on, else its Tab stop.
  const pick = (target, { focus, card: focusCard, regrip } = {}) => {
    const pile = target.closest("[data-pile]");
    if (!pile || widget.dataset.state !== "live") return false;
    const card = target.closest("[data-card]")?.dataset.card;
    const keys = boardKeysLoaded;
    act(widget, { widget: id, action: "pick", pile: pile.dataset.pile, card, ...(regrip ? { regrip } : {}) },
      () => keys?.focusBoard(guide.play, focus ?? pile.dataset.pile, focusCard));
    return true;
  };
  guide.play.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) {
      if (widget.dataset.state !== "live") return;
      if (button.dataset.action === "guide") {
        guide.showGuide();
        request({ widget: id, action: "guide" }).catch(() => {});
        guide.button("try").focus();
        return;
      }
      const body = { widget: id, action: button.dataset.action };
      if (button.dataset.move) body.move = button.dataset.move;
      const again = button.dataset.move ? ".tutor-play [data-action='legal']" : `.tutor-play button[data-action="${CSS.escape(button.dataset.action)}"]:not([disabled])`;
      act(widget, body, again);
      return;
    }
    pick(event.target);
  });
  // the live board by keyboard, the same on every board: board-keys.js
  boardKeys.then((keys) => keys.wireBoardKeys(guide.play, pick), () => {});
  return guide;
}

// Focus the control with the same action in the new HTML, else the widget's first control
// (Check → Stop), so the keyboard never falls back to the top of the page.
function keepFocus(widget, action) {
  const same = widget.querySelector(`.tutor-body button[data-action="${CSS.escape(action)}"]`);
  (same || widget.querySelector(".tutor-body .tutor-controls button"))?.focus();
}

// Widgets whose page code is a module of its own (the play page's: play.js; the lessons' tasks, path
// and progress: tasks.js; a game's review: review.js) get the engine from here.
const pageModules = {
  play: "play.js", practice: "play.js", tasks: "tasks.js", path: "tasks.js", progress: "tasks.js", review: "review.js",
  lesson: "lesson.js",
};

function wire(widget) {
  const pageModule = pageModules[widget.dataset.kind];
  if (pageModule) {
    return Promise.all([import(new URL(`${pageModule}${here.search}`, here).href), boardKeys])
      .then(([module, keys]) => module.wire(widget, { request, setState, swapHTML, unsaved, keys, travel, nudge, progressRecords, keepProgress }))
      .catch(() => setState(widget, "error", widget.dataset.msgError));
  }
  const id = widget.dataset.tutorWidget;
  const scenarioRoot = widget.querySelector(".tutor-scenario");
  const guide = scenarioRoot ? wireGuide(widget, scenarioRoot) : null;
  const savedGame = guide ? guide.recall() : null;
  if (guide) performance.mark("tutor-guide-ready");
  setState(widget, "loading", widget.dataset.msgLoading);
  if (!guide) {
    widget.addEventListener("click", async (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || widget.dataset.state !== "live") return;
      const action = button.dataset.action;
      const run = (widget.tutorRun = (widget.tutorRun || 0) + 1); // a click ends any run of chunks
      // keep the keyboard where it was: on the same control in the new HTML
      let response = await act(widget, { widget: id, action }, null);
      keepFocus(widget, action);
      // A long run done in chunks (a claim check): the engine asks for the next chunk with
      // "continue" until it is done, or the reader clicks again (Stop).
      while (response?.ok && response.continue && widget.tutorRun === run) {
        const focused = widget.contains(document.activeElement) || document.activeElement === document.body
          ? document.activeElement.closest?.("button[data-action]")?.dataset.action : undefined;
        response = await act(widget, { widget: id, action: "continue" }, null);
        if (focused) keepFocus(widget, focused);
      }
    });
  }
  return request({ widget: id, action: "open", spec: widget.dataset.spec, lang: widget.dataset.lang }).then(
    async (response) => {
      if (!response.ok) {
        setState(widget, "error", response.message);
        return;
      }
      show(widget, response);
      if (!guide) return;
      setState(widget, "live", widget.querySelector(".tutor-status").textContent);
      guide.button("try").disabled = false;
      if (savedGame !== null) {
        const restored = await request({ widget: id, action: "restore", saved_text: savedGame }).catch(() => null);
        guide.restoring = false;
        if (restored === null) setState(widget, "error", widget.dataset.msgError);
        else if (restored.ok && restored.state.mode === "play") guide.showPlay(restored);
        else if (restored.ok && !guide.touched) {
          guide.show(restored.state.track, restored.state.frame, { announce: false, remember: false });
          // a guide saved at its end was stepped through (perhaps before examples were counted)
          if (restored.state.frame === guide.framesOf(restored.state.track).length - 1) {
            guide.reached(restored.state.track, restored.state.frame);
          }
        } else if (!restored.ok) {
          setAside(guide.id, savedGame); // a corrupt or stale game: say why, keep the guide where it is
          guide.mode = "guide";
          widget.querySelector(".tutor-status").textContent = restored.message;
        }
      }
    },
    () => setState(widget, "error", widget.dataset.msgError),
  );
}

// The language switcher links to the same page in the other language: keep the section too.
// Without a section in the address, the example the reader last used is the place to keep.
let lastExample = "";

function keepSectionOnLanguageSwitch() {
  document.addEventListener("click", (event) => {
    const example = event.target.closest?.(".tutor-scenario");
    if (example) lastExample = `#${example.id}`;
    const link = event.target.closest?.("a[hreflang]");
    const place = location.hash || lastExample;
    if (!link || !place || event.metaKey || event.ctrlKey || event.shiftKey) return;
    // Material's own handler would rebuild the address without the section: go there ourselves
    event.preventDefault();
    event.stopPropagation();
    const target = new URL(link.href);
    target.hash = place;
    location.href = target.href;
  }, true);
}

// --- waking the widgets where the reader looks (issue 44) ----------------------------------------
// A game page carries 24–36 widgets over 20,000 px or more. A widget goes live (wire: its first
// request to the engine) only when it comes near the viewport, nearest first, then in page order;
// the rest stay as the build drew them (data-state="static"), readable, and wake when the reader
// scrolls near them. The widget of the address's anchor (a deep link, a Continue link) comes first
// of all; an anchor that names no element (the play page's #deal=…, #practice=…) is for the
// widgets that read the address. Marks (the benches and tests read them):
// - performance mark "tutor-widget-woken" / "tutor-widget-live", detail: the widget's id, per widget;
// - the first wave: the widgets woken at the start (the anchor's, those in or near the first
//   viewport). Once each of them is live: performance mark "tutor-live" and <html data-live="in-view">;
//   once every widget of the page is: data-live="all"; a first wave that failed: data-live="failed"
//   (sw-register.mjs waits for data-live before it registers the offline copy).
// globalThis.tutorLiveAll = true, set before this script runs (the browser tests, the benches: a
// Playwright init script), makes every widget of the page the first wave, woken in page order.
const NEAR = "50% 0px"; // half a viewport above and below the viewport counts as near
const READS_ADDRESS = new Set(["play", "practice", "review"]); // widgets that read location.hash

// The anchor the address names ("" for none), as the page's ids spell it.
function addressAnchor() {
  const name = location.hash.slice(1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

// The widgets the address's anchor points at: the one holding the element it names, else the
// first widget after it in its section (no h1/h2 between); for an anchor that names no element,
// the widgets that read the address.
function anchored(widgets) {
  const name = addressAnchor();
  if (!name) return [];
  const target = document.getElementById(name);
  if (!target) return widgets.filter((widget) => READS_ADDRESS.has(widget.dataset.kind));
  const inside = target.closest("[data-tutor-widget]");
  if (inside) return withShownParts(inside);
  const after = [...document.querySelectorAll("h1, h2, [data-tutor-widget]")]
    .find((element) => !target.contains(element) && target.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
  return after?.hasAttribute("data-tutor-widget") ? withShownParts(after) : [];
}

// A lesson and the part of it that is shown (widgets of their own): the reader's board is the part's.
function withShownParts(widget) {
  const parts = [...widget.querySelectorAll(".tutor-lesson-part:not([hidden]) > [data-tutor-widget]")];
  return [widget.closest("[data-lesson]"), widget, ...parts]
    .filter((found, index, all) => found && all.indexOf(found) === index);
}

// How far a widget lies from the viewport (0: in it): the reader meets the nearest first.
function distance(rect) {
  return Math.max(0, rect.top - innerHeight, -rect.bottom);
}

// --- Continue (issue 39) -------------------------------------------------------------------------
// A Continue link (a[data-continue]: the path's, the home page's, a lesson's done state) leads to
// the lesson of the next step not done; once the browser has scrolled there, the keyboard is there too.
function focusLesson() {
  const name = addressAnchor();
  const lesson = name ? document.getElementById(name) : null;
  if (lesson?.hasAttribute("data-lesson")) lesson.focus({ preventScroll: true });
}

function followContinue() {
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[data-continue]");
    if (link && new URL(link.href).pathname === location.pathname) setTimeout(focusLesson, 0);
  });
  focusLesson(); // arrived by a Continue link from another page
}

function start() {
  keepSectionOnLanguageSwitch();
  followContinue();
  whenEngineReady.catch((error) => console.warn("tutor: the live engine is not available:", error.message));
  const widgets = [...document.querySelectorAll("[data-tutor-widget]")];
  if (!widgets.length) return;
  const woken = new Map(); // widget → its wire() promise
  let observer = null;
  const allLive = () => widgets.every((widget) => widget.dataset.state === "live");
  const wake = (widget) => {
    if (woken.has(widget)) return woken.get(widget);
    observer?.unobserve(widget);
    const id = widget.dataset.tutorWidget;
    performance.mark("tutor-widget-woken", { detail: id });
    const wired = Promise.resolve(wire(widget)).catch(() => {}).then(() => {
      if (widget.dataset.state !== "live") return;
      performance.mark("tutor-widget-live", { detail: id });
      if (allLive() && document.documentElement.dataset.live === "in-view") document.documentElement.dataset.live = "all";
    });
    woken.set(widget, wired);
    return wired;
  };
  const firstWave = (wave) => {
    const unique = [...new Set(wave)];
    // an empty wave (nothing near the first viewport) waits for the engine all the same
    Promise.all([...unique.map(wake), whenEngineReady.catch(() => {})]).then(() => {
      const live = !engineFailure && unique.every((widget) => widget.dataset.state === "live");
      if (live) performance.mark("tutor-live");
      document.documentElement.dataset.live = !live ? "failed" : allLive() ? "all" : "in-view";
    });
  };
  const first = anchored(widgets);
  window.addEventListener("hashchange", () => anchored(widgets).forEach(wake));
  if (globalThis.tutorLiveAll === true || !("IntersectionObserver" in globalThis)) {
    firstWave([...first, ...widgets]);
    return;
  }
  first.forEach(wake); // before anything else: its requests are the engine's first
  let started = false;
  observer = new IntersectionObserver((entries) => {
    const near = entries.filter((entry) => entry.isIntersecting)
      .sort((a, b) => distance(a.boundingClientRect) - distance(b.boundingClientRect)
        || widgets.indexOf(a.target) - widgets.indexOf(b.target))
      .map((entry) => entry.target);
    if (started) {
      near.forEach(wake);
      return;
    }
    started = true; // the first report: what is near the first viewport is the first wave
    firstWave([...first, ...near]);
  }, { rootMargin: NEAR });
  for (const widget of widgets) if (!woken.has(widget)) observer.observe(widget);
  if (widgets.every((widget) => woken.has(widget))) firstWave(first);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
