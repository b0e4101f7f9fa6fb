"""The one interpreter of a board's clicks and keys: every board that is played on (a guided
example's "try it yourself", the play page, practice) turns a pick into the same outcome.

A *pick* is a click, or Enter or Space, on a pile (a click also names the card under the pointer).
The first pick chooses what moves, the second the pile it goes to; the stock turns at once.
:func:`read_pick` takes the position, what is picked so far and the new pick, and answers with a
:class:`PickOutcome`: a new selection, a move to play, or a refusal saying why nothing moves. It
plays nothing and keeps no state: each widget plays the move its own way (the play page with the
coach, practice as an answer to judge).

It knows no game: only the pile kinds of the layout (``stock``, ``foundation``, ``pair``), the
legal moves, the engine's reasons and its reading of a drop (:meth:`Position.canonical`: a
Queen's Audience pair dropped on any empty place in the hall goes to its suit's place), and, where
a game names it, the game's sentence for a card picked that moves with a partner (its
``words.PARTNER_PICK``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine import BadMoveNotation, IllegalMove, Move, Position
from tutor.engine.contract import optional_name, words_of
from tutor.errors import PlayError, shown
from tutor.i18n import Plural, Text, in_words

# piles from which nothing is picked while no card may leave them: what lies there stays
_FIXED_KINDS = ("foundation", "pair")


@dataclass(frozen=True)
class Selection:
    """What the first pick chose: a pile and how many of its top cards move (more than one where
    the reader picked a card under others and the rules let that run move)."""

    pile: str
    count: int = 1


@dataclass(frozen=True)
class PickOutcome:
    """What a pick does. Exactly one of: ``move`` to play (``turns_stock`` when it is the stock's
    turn), a ``selection`` with ``text`` saying what was picked, or only ``text`` — why nothing
    moves (``refused``: the board marks it as a refusal; ``refused_move``: the move the engine
    refuses, for a widget that judges it) or that the pick was put back."""

    move: Move | None = None
    turns_stock: bool = False
    selection: Selection | None = None
    text: Text | None = None
    refused: bool = False
    refused_move: Move | None = None


def checked_pile(position: Position, pile: Any) -> str:
    """``pile`` as the page sent it, where the position has that pile; else :class:`PlayError` naming it."""
    if not isinstance(pile, str) or pile not in position.piles:
        raise PlayError(Text("ui", 'there is no pile "{pile}" here', pile=shown(pile)))
    return pile


def read_pick(position: Position, selection: Selection | None, pile: Any, card: Any = None,
              regrip: bool = False) -> PickOutcome:
    """The outcome of picking ``pile`` (and, from a click, the card with code ``card``) while
    ``selection`` is picked. ``regrip``: a pick on the picked pile picks again from ``card`` (a
    keyboard's Up/Down grow or shrink a picked run) instead of putting it back. Raises
    :class:`PlayError` for a pile the position does not have."""
    pile = checked_pile(position, pile)
    if selection is None or selection.pile not in position.piles or (regrip and selection.pile == pile):
        return _first_pick(position, pile, card)
    return _drop(position, selection, pile)


def read_drop(position: Position, pile: Any, card: Any, target: Any) -> PickOutcome:
    """A card (or the run from ``card``) of ``pile`` dragged onto ``target``: the two picks of a
    click and a click, read at once. A drop back on its own pile moves nothing."""
    first = read_pick(position, None, pile, card)
    if first.selection is None:
        return first  # the stock turned, or why nothing leaves this pile
    if target == pile:
        return PickOutcome(text=Text("ui", "Nothing picked."))
    return read_pick(position, first.selection, target)


# where a card "goes home": the piles it leaves the game on
_HOME_KINDS = ("foundation", "pair")


def home_move(position: Position, pile: Any, card: Any = None) -> Move | None:
    """The move that sends the top card of ``pile`` (with its partner, where a pair enters
    together) home, onto a foundation or a place in the hall, when one may; else ``None``. Where
    several may (empty foundations alike), the first."""
    pile = checked_pile(position, pile)
    kinds = {view.id: view.kind for view in position.layout()}
    return next((move for move in position.legal_moves()
                 if pile in move.sources and move.count == 1 and kinds.get(move.dst) in _HOME_KINDS), None)


def no_home(position: Position, pile: str) -> Text:
    """Why ``pile``'s card does not go home now (:func:`home_move` found nothing): the game's
    ``words.NO_HOME`` naming it, where it lies face up; never the stock's hidden card."""
    view = next((view for view in position.layout() if view.id == pile), None)
    cards = position.piles.get(pile) or []
    no_home_words = words_of(position.rules.game_id).NO_HOME
    if view is None or view.kind == "stock" or not cards or len(cards) <= view.face_down or no_home_words is None:
        return Text("ui", "No card can move from here now.")
    return no_home_words(cards[-1])


def move_map(position: Position) -> dict[str, list[dict[str, Any]]]:
    """The legal moves of the position as the page's boards carry them (a JSON attribute), so that a
    double-click, a one-click move and a drag know where a card may go without knowing any rule:
    per source pile, one entry per destination of the cards taken from it —
    ``{"n": how many top cards, "move": the notation, "to": [the piles a drop there plays it on],
    "home": true when it goes to a foundation or the hall}``. Moves of the same cards into empty
    piles of one kind (an Ace to any empty foundation, a card to any empty column) are one entry:
    for the reader they are one destination. The stock's turn is not listed (a click turns it)."""
    kinds = {view.id: view.kind for view in position.layout()}
    piles = position.piles
    entries: dict[str, list[dict[str, Any]]] = {}
    for move in position.legal_moves():
        if any(kinds.get(src) == "stock" for src in move.sources):
            continue
        drops = [move.dst] + [other for other in piles if other != move.dst and not piles[other]
                              and _reads_as(position, move, other)]
        count = move.count if len(move.sources) == 1 else 1
        for src in move.sources:
            listed = entries.setdefault(src, [])
            same = next((e for e in listed if e["n"] == count and not piles[move.dst]
                         and kinds.get(move.dst) == e["kind"] and e["empty"]), None)
            if same is not None:
                same["to"] += [pile for pile in drops if pile not in same["to"]]
                continue
            entry = {"n": count, "move": str(move), "to": drops, "kind": kinds.get(move.dst),
                     "empty": not piles[move.dst]}
            if kinds.get(move.dst) in _HOME_KINDS:
                entry["home"] = True
            listed.append(entry)
    for listed in entries.values():
        for entry in listed:
            del entry["kind"], entry["empty"]
    return entries


def _reads_as(position: Position, move: Move, pile: str) -> bool:
    """Whether a drop of ``move``'s cards on ``pile`` is read as ``move`` (see :func:`_drop`)."""
    try:
        return position.canonical(Move(move.src, pile, move.count)) == move
    except (IllegalMove, BadMoveNotation):
        return False


def run_depths(position: Position) -> dict[str, frozenset[int]]:
    """Per pile, how many of its top cards may be picked now as one run (where more than one: a
    legal move from that pile alone moves that many). A live board makes the first card of each
    such run a control of its own, so that a keyboard picks from there as a click on it does."""
    depths: dict[str, set[int]] = {}
    for move in position.legal_moves():
        if len(move.sources) == 1 and move.count > 1:
            depths.setdefault(move.sources[0], set()).add(move.count)
    return {pile: frozenset(counts) for pile, counts in depths.items()}


def refusal(position: Position, move: Move | str) -> Text | None:
    """The engine's reason why ``move`` may not be played here (a bad notation's too), or ``None``
    when it may."""
    try:
        position.copy().play(move)
    except (IllegalMove, BadMoveNotation) as refused:
        return refused.text
    return None


def _first_pick(position: Position, pile: str, card: Any) -> PickOutcome:
    legal = position.legal_moves()
    from_here = [move for move in legal if pile in move.sources]
    view = next((view for view in position.layout() if view.id == pile), None)
    kind = view.kind if view is not None else ""
    if kind == "stock":
        if from_here and len({move.dst for move in from_here}) == 1:
            return PickOutcome(move=from_here[0], turns_stock=True)
        if not from_here:  # the stock may not turn now: the engine's reason, never its hidden card
            return _nothing_leaves(position, pile)
    cards = position.piles[pile]
    if not cards:
        return PickOutcome(text=Text("ui", "This pile is empty. Pick a card to move first."))
    face_up = len(cards) - view.face_down if view is not None else len(cards)
    if not from_here and (face_up <= 0 or kind in _FIXED_KINDS):
        return _nothing_leaves(position, pile)
    count = _run_length(cards, face_up, card, from_here)
    partner = _partner(position, pile, from_here)
    partner_pick = optional_name(position.rules.game_id, "words", "PARTNER_PICK")
    if partner is not None and partner_pick is not None:
        text = partner_pick(card=cards[-1], partner=partner)
    else:
        text = picked_text(cards[-count], count)
    return PickOutcome(selection=Selection(pile, count), text=text)


def picked_text(card: Any, count: int) -> Text:
    """What picking ``count`` cards from ``card`` (the lowest of them in its pile) up says."""
    if count == 1:
        return Text("ui", "You picked the {card}. Now pick the pile it should go to.", card=card)
    return Plural("ui", "You picked the {card} and the card on it. Now pick the pile they should go to.",
                  "You picked the {card} and the {count} cards on it. Now pick the pile they should go to.",
                  count - 1, card=card, count=in_words(count - 1))


def _partner(position: Position, pile: str, from_here: list[Move]) -> Any:
    """The card that moves together with the top card of ``pile``, where every move from there
    takes it along (a pair that enters together), else ``None``."""
    others = {source for move in from_here for source in move.sources if source != pile}
    if not from_here or len(others) != 1 or any(len(move.sources) != 2 for move in from_here):
        return None
    return position.piles[others.pop()][-1]


def _run_length(cards: list, face_up: int, code: Any, from_here: list[Move]) -> int:
    """How many cards move: from the picked card to the top, where a legal move from this pile
    moves that many now; else the top card alone (as a keyboard pick, which names no card)."""
    for depth in range(1, min(face_up, len(cards)) + 1):
        if cards[-depth].code == code:
            return depth if depth == 1 or any(move.count == depth for move in from_here) else 1
    return 1


def _drop(position: Position, selection: Selection, pile: str) -> PickOutcome:
    source = selection.pile
    if pile == source:
        return PickOutcome(text=Text("ui", "Nothing picked."))
    # a pair (two cards that enter together) is found from either of its cards, and dropped on
    # a pile the engine reads as its own place (Queen's Audience: any empty place in the hall)
    candidates = [move for move in position.legal_moves() if source in move.sources
                  and (move.dst == pile or position.canonical(Move(move.src, pile, move.count)) == move)]
    if candidates:
        return PickOutcome(move=next((m for m in candidates if m.count == selection.count), candidates[0]))
    move = Move(source, pile, selection.count)
    return PickOutcome(text=refusal(position, move) or Text("ui", "That move is not allowed here."), refused=True,
                       refused_move=move)


def _nothing_leaves(position: Position, pile: str) -> PickOutcome:
    """The engine's reason why no card may leave ``pile`` now (the stock: why it may not turn)."""
    kinds = {view.id: view.kind for view in position.layout()}
    targets = [other for other in position.piles if other != pile]
    stock = kinds.get(pile) == "stock"
    if stock:  # the stock's move is its turn onto the waste: ask about that first
        targets.sort(key=lambda other: kinds.get(other) != "waste")
    for target in targets:
        move = Move(pile, target)
        reason = refusal(position, move)
        if reason is not None:
            # a pick on the stock asks for its turn: that is the move refused (practice judges it)
            return PickOutcome(text=reason, refused=True, refused_move=move if stock else None)
    return PickOutcome(text=Text("ui", "No card can move from here now."), refused=True)
