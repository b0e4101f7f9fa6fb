// The live board by keyboard, the same on every board of the site (a guided example's "try it
// yourself", the play page, practice): the WAI-ARIA grid pattern. tutor.js and play.js both use it.
// Like them it knows no rules and holds no words: it reads only the DOM the engine drew.
//
// A board in play is one Tab stop (a roving tabindex: the renderer draws the picked pile's control,
// else the first one, with tabindex=0 and the others with -1; the focused one takes the 0 here).
// The arrow keys move to the nearest pile in their direction, by the piles' places on screen (onto
// its top card); where the first card of a run that may move is a control too, Up and Down step
// through the pile's controls first; while that pile is picked, Up and Down pick again from there
// (more or fewer cards of the run: the engine decides what may move). Home and End go to the first
// and the last pile. Enter or Space picks the focused pile (the widget's own pick: the same request
// as a click, which the engine reads) and, once something is picked, drops it on the focused pile
// (on the picked pile itself: puts it back); Escape puts a picked card back (picking its pile
// again). F sends the focused pile's card home, on the boards that offer it (the play page,
// practice).

export const BOARD_CONTROL = "svg.tutor-svg [data-pile][tabindex]";

export function boardControls(element) {
  const board = element.closest("svg.tutor-svg");
  return board ? [...board.querySelectorAll("[data-pile][tabindex]")] : [];
}

// the top card of a control's pile: its last control
function topOf(control, controls) {
  const pile = control.closest("g.tutor-pile");
  return pile ? controls.filter((c) => c.closest("g.tutor-pile") === pile).pop() : control;
}

function rove(control) {
  for (const other of boardControls(control)) other.tabIndex = other === control ? 0 : -1;
}

// Where a pile lies: its first card (or its empty place), whatever lies on it; a column that grows
// downwards keeps its place in the grid of piles.
function place(control) {
  const pile = control.closest("g.tutor-pile");
  const first = pile?.querySelector(".tutor-card, .tutor-empty") || control;
  const box = first.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

const centre = (element) => {
  const box = element.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
};

// the nearest in a direction (dx, dy) from [x0, y0], each candidate where at(c) says: the angle
// counts more than the distance
function closest(x0, y0, candidates, at, dx, dy) {
  let best = null;
  let bestScore = Infinity;
  for (const control of candidates) {
    const [x, y] = at(control);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 1) continue;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    const score = along + 2.5 * across;
    if (score < bestScore) {
      bestScore = score;
      best = control;
    }
  }
  return best;
}

// The control an arrow key leads to from `from`: another control of its own pile in that direction
// (a run's first card, by where the cards lie), else the top card of the nearest other pile.
function nearest(from, controls, dx, dy) {
  const pile = from.closest("g.tutor-pile");
  const own = controls.filter((c) => c !== from && c.closest("g.tutor-pile") === pile);
  const inPile = closest(...centre(from), own, centre, dx, dy);
  if (inPile) return inPile;
  const tops = new Map(); // per other pile its last control: the top card
  for (const control of controls) {
    const group = control.closest("g.tutor-pile");
    if (group !== pile) tops.set(group || control, control);
  }
  return closest(...place(from), [...tops.values()], place, dx, dy);
}

const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

// The keys of every board inside `container`. pick(control, { focus, card, regrip }) is the widget's
// pick of the control's pile (and card; returning false when it cannot pick now); `focus` and `card`
// name the control that should have the focus once the board is redrawn (the one the key was pressed
// on); `regrip`: the pile is picked already, pick again from this card. home(control), where given,
// sends the control's card home (F).
export function wireBoardKeys(container, pick, { home } = {}) {
  container.addEventListener("focusin", (event) => {
    const control = event.target.closest?.(BOARD_CONTROL);
    if (control) rove(control);
  });
  container.addEventListener("keydown", (event) => {
    const control = event.target.closest?.(BOARD_CONTROL);
    if (!control || event.altKey || event.ctrlKey || event.metaKey) return;
    const controls = boardControls(control);
    let target = null;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault(); // Space would scroll the page
      if (!event.repeat) pick(control, { focus: control.dataset.pile, card: control.dataset.card });
      return;
    }
    if ((event.key === "f" || event.key === "F") && home) {
      event.preventDefault();
      event.stopPropagation(); // the theme's own F (search) does not see it
      if (!event.repeat) home(control);
      return;
    }
    if (event.key === "Escape") {
      const picked = controls.find((c) => c.getAttribute("aria-pressed") === "true");
      if (!picked) return;
      event.preventDefault();
      event.stopPropagation();
      pick(picked, { focus: control.dataset.pile, card: control.dataset.card }); // the same pile again: nothing picked
      return;
    }
    if (event.key in ARROWS) target = nearest(control, controls, ...ARROWS[event.key]);
    else if (event.key === "Home") target = topOf(controls[0], controls);
    else if (event.key === "End") target = controls[controls.length - 1];
    else return;
    event.preventDefault();
    event.stopPropagation(); // a guide's own arrow keys step through the example
    if (target) {
      rove(target);
      target.focus();
      // a picked run grows or shrinks: Up/Down within the picked pile pick again from there
      const vertical = event.key === "ArrowUp" || event.key === "ArrowDown";
      const samePile = target.closest("g.tutor-pile") === control.closest("g.tutor-pile");
      if (vertical && samePile && target !== control && control.getAttribute("aria-pressed") === "true") {
        pick(target, { focus: target.dataset.pile, card: target.dataset.card, regrip: true });
      }
    }
  });
}

// After a redraw: the focus on the control of `pile` in `container` (the pile acted on: the card
// `card` where it is still a control, else the pile's top card), else on the board's Tab stop.
// Returns whether a board control has the focus.
export function focusBoard(container, pile, card) {
  const board = container.querySelector("svg.tutor-svg [data-pile][tabindex]")?.closest("svg.tutor-svg");
  if (!board) return false;
  const ofPile = pile ? [...board.querySelectorAll(`[data-pile="${CSS.escape(pile)}"][tabindex]`)] : [];
  const target = (card && ofPile.find((c) => c.dataset.card === card)) || ofPile.pop()
    || board.querySelector('[data-pile][tabindex="0"]') || board.querySelector("[data-pile][tabindex]");
  target.focus();
  return document.activeElement === target;
}
