// The live board by keyboard, the same on every board of the site (a guided example's "try it
// yourself", the play page, practice): the WAI-ARIA grid pattern. tutor.js and play.js both use it.
// Like them it knows no rules and holds no words: it reads only the DOM the engine drew.
//
// A board in play is one Tab stop (a roving tabindex: the renderer draws the picked pile's control,
// else the first one, with tabindex=0 and the others with -1; the focused one takes the 0 here).
// The arrow keys move to the nearest pile in their direction, by the piles' places on screen;
// Home and End to the first and the last pile. Enter or Space picks the focused pile (the widget's
// own pick: the same request as a click, which the engine reads) and, once something is picked,
// drops it on the focused pile; Escape puts a picked card back (picking its pile again).

export const BOARD_CONTROL = "svg.tutor-svg [data-pile][tabindex]";

export function boardControls(element) {
  const board = element.closest("svg.tutor-svg");
  return board ? [...board.querySelectorAll("[data-pile][tabindex]")] : [];
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

// the nearest control from `from` in a direction (dx, dy): the angle counts more than the distance
function nearest(from, controls, dx, dy) {
  const [x0, y0] = place(from);
  let best = null;
  let bestScore = Infinity;
  for (const control of controls) {
    if (control === from) continue;
    const [x, y] = place(control);
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

const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

// The keys of every board inside `container`. pick(control, { focus }) is the widget's pick of the
// control's pile (returning false when it cannot pick now); `focus` names the pile whose control
// should have the focus once the board is redrawn (the one the key was pressed on).
export function wireBoardKeys(container, pick) {
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
      if (!event.repeat) pick(control, { focus: control.dataset.pile });
      return;
    }
    if (event.key === "Escape") {
      const picked = controls.find((c) => c.getAttribute("aria-pressed") === "true");
      if (!picked) return;
      event.preventDefault();
      event.stopPropagation();
      pick(picked, { focus: control.dataset.pile }); // the same pile again: nothing picked
      return;
    }
    if (event.key in ARROWS) target = nearest(control, controls, ...ARROWS[event.key]);
    else if (event.key === "Home") target = controls[0];
    else if (event.key === "End") target = controls[controls.length - 1];
    else return;
    event.preventDefault();
    event.stopPropagation(); // a guide's own arrow keys step through the example
    if (target) {
      rove(target);
      target.focus();
    }
  });
}

// After a redraw: the focus on the control of `pile` in `container` (the pile acted on), else on
// the board's Tab stop. Returns whether a board control has the focus.
export function focusBoard(container, pile) {
  const board = container.querySelector("svg.tutor-svg [data-pile][tabindex]")?.closest("svg.tutor-svg");
  if (!board) return false;
  const target = (pile && board.querySelector(`[data-pile="${CSS.escape(pile)}"][tabindex]`))
    || board.querySelector('[data-pile][tabindex="0"]') || board.querySelector("[data-pile][tabindex]");
  target.focus();
  return document.activeElement === target;
}
