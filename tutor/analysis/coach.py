"""The coach: judges a move just made (or tried) against the beginner tips of the game's page.

One function per tip per game (:data:`TIPS`), each ``(before, move) -> Remark | None``: ``before``
is the engine position before the move, ``move`` the move the player made or tried (a refused
move is judged too: in Queen's Audience the engine refuses to turn while a card fits, and the
coach says which tip the player missed). A function looks only at what the player can see: the
face-up cards of the tableau (square), the waste's top card and the foundations; it never reads
the stock or the cards under the waste's top. The position after the move may be used when the
move is legal: it is what the player sees next.

A :class:`Remark` is a *warning* (the move went against the tip: the page offers to undo it) or a
*note* (the tip applies to what just happened). :func:`judge` asks every tip of the game and
returns the remarks most specific first; :func:`remark_for` is the first of them. The tips are
quoted as the pages state them (:data:`TIP_TEXTS`; ``tests/analysis/test_coach.py`` checks them against the
pages), and each remark links to the tip's guided example on the rules page (:attr:`Remark.anchor`).

Queen's Audience's fourth tip ("the game is good for relaxing") says nothing about a move, so it
has no function; every other tip of the three pages has one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tutor.engine import Move, TutorError
from tutor.i18n import Text

WARNING = "warning"
NOTE = "note"

PREFIX = {"fortunes-favour": "ff", "queens-audience": "qa", "forty-thieves": "ft"}


@dataclass(frozen=True)
class Remark:
    """What the coach says about one move: which tip, whether the move went against it, and why."""

    game: str
    tip: int  # the tip's number on the page, from 1
    kind: str  # WARNING or NOTE
    text: Text  # what happened, in the game's words

    @property
    def anchor(self) -> str:
        """The id of the tip's guided example on the rules page (``scenario-ff-tip-1``)."""
        return f"scenario-{PREFIX[self.game]}-tip-{self.tip}"

    def tip_text(self) -> Text:
        return TIP_TEXTS[self.game][self.tip - 1]

    def full_text(self) -> Text:
        """The remark followed by the tip as the page states it."""
        return Text("ui", "{remark} Tip {number}: {tip}", remark=self.text, number=self.tip, tip=self.tip_text())

    def render(self, lang: str) -> str:
        return self.full_text().render(lang)

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"game": self.game, "tip": self.tip, "kind": self.kind, "anchor": self.anchor,
                "text": self.render(lang)}


# The tips as the pages state them (the first sentence of each; docs/<lang>/<game>.md, "Tips"), in the
# context "tips": quotations of the pages, not the engine's own sentences.
TIP_TEXTS: dict[str, tuple[Text, ...]] = {
    "fortunes-favour": (
        Text("tips", "Before turning a stock card, make every useful move in the tableau and to the foundations."),
        Text("tips", "The waste is the danger: a card buried there comes back only when it reaches the top."),
        Text("tips", "Build down in suit to gather cards into one pile: every pile you empty brings a new card into the tableau."),
        Text("tips", "When you can choose between two moves, prefer the one that empties a pile."),
    ),
    "queens-audience": (
        Text("tips", "There is not much to decide: play every card as soon as it fits."),
        Text("tips", "Before turning the next card, look over the whole square and the top card of the waste – a matching pair is easy to miss."),
        Text("tips", "The commonest cause of a loss: an Ace lies deep in the waste while its Jack waits in the antechamber – then the whole suit is stuck."),
        Text("tips", "Because luck decides nearly everything, the game is good for relaxing – or for showing children how foundations work."),
    ),
    "forty-thieves": (
        Text("tips", "Empty columns are the most valuable resource in the game: they let you move cards between columns step by step."),
        Text("tips", "Play cards from the waste as eagerly as you can before you turn another stock card; once a waste card is covered by the next one, it is harder to reach."),
        Text("tips", "Keep an eye on the duplicates: every card has a second copy somewhere in the stock or the tableau, so you can sometimes afford to sacrifice one copy early to bring on an important foundation."),
        Text("tips", "Plan the order of your foundation moves with care."),
        Text("tips", "Be careful with the last King left in the tableau."),
    ),
}

TipFunction = Callable[[Any, Move], "Remark | None"]


# --- what the player sees ---------------------------------------------------------------------

def _as_move(move: Move | str) -> Move:
    return move if isinstance(move, Move) else Move.parse(move)


def _kind(pile_id: str) -> str:
    return pile_id.rstrip("0123456789")


def _is_turn(move: Move) -> bool:
    """Turning the stock (``s-w``) or turning the waste over for a new pass (``w-s``)."""
    return move.src == "s" or move.dst == "s"


def _top(position: Any, pile_id: str) -> Any:
    pile = position.piles.get(pile_id)
    return pile[-1] if pile else None


def _moving_card(position: Any, move: Move) -> Any:
    pile = position.piles.get(move.sources[0]) or []
    return pile[-move.count] if len(pile) >= move.count else None


def _legal(position: Any, move: Move) -> bool:
    try:
        return position.is_legal(move)
    except TutorError:
        return False


def _after(position: Any, move: Move) -> Any | None:
    """The position after ``move`` (what the player sees next), or ``None`` if it is refused."""
    if not _legal(position, move):
        return None
    after = position.copy()
    after.play(move)
    return after


def _empties(position: Any, move: Move) -> bool:
    """Whether the move takes the last card(s) of a tableau pile."""
    pile = position.piles.get(move.src)
    return _kind(move.src) == "t" and pile is not None and len(pile) == move.count


def _on_partner(position: Any, pile_id: str) -> bool:
    """Whether the pile's top card already lies on a card it may be built on (moving it on to
    another one, in a two-deck game, gathers nothing)."""
    pile = position.piles.get(pile_id) or []
    if len(pile) < 2 or _kind(pile_id) != "t":
        return False
    lower, upper = pile[-1], pile[-2]
    return upper.rank == lower.rank + 1 and _builds_on(position, lower, upper)


def _builds_on(position: Any, lower: Any, upper: Any) -> bool:
    build = getattr(getattr(position.rules, "spec", None), "build", "same-suit")
    if build == "other-suit":
        return lower.suit != upper.suit
    if build == "alternate-colour":
        return lower.is_red != upper.is_red
    return lower.suit == upper.suit


def _target_text(game: str, position: Any, move: Move) -> Text:
    """Where a move would take its card: ``to its foundation``, ``onto the 8♥``, ``into a space``."""
    top = _top(position, move.dst)
    kind = _kind(move.dst)
    if game == "forty-thieves":
        if kind == "f":
            return Text("forty-thieves", "to a foundation")
        if top is None:
            return Text("forty-thieves", "into an empty column")
        return Text("forty-thieves", "onto the {card}", card=top)
    if kind == "f":
        return Text("fortunes-favour", "to its foundation")
    if top is None:
        return Text("fortunes-favour", "into a space")
    return Text("fortunes-favour", "onto the {card}", card=top)


# --- Fortune's Favour ---------------------------------------------------------------------------

def _ff_useful(position: Any) -> list[Move]:
    """The moves the tips count as useful: not turning, not a tableau card into a space (Busy
    Aces: it gathers nothing), not a card from one partner to the other."""
    useful = []
    for move in position.legal_moves():
        if _is_turn(move):
            continue
        if _kind(move.src) == "t" and not position.piles[move.dst] and _kind(move.dst) == "t":
            continue
        if _kind(move.dst) == "t" and _on_partner(position, move.src):
            continue
        useful.append(move)
    return useful


def ff_tip_1(before: Any, move: Move) -> Remark | None:
    """Tip 1: turning the stock (or the waste over) while a useful move was still there."""
    move = _as_move(move)
    if not _is_turn(move):
        return None
    useful = _ff_useful(before)
    if not useful:
        return None
    useful.sort(key=lambda m: (_kind(m.dst) != "f", m.src == "w"))  # a foundation move first
    best = useful[0]
    return Remark("fortunes-favour", 1, WARNING,
                  Text("fortunes-favour", "You turned a stock card while the {card} could still go {target}.",
                       card=_moving_card(before, best), target=_target_text("fortunes-favour", before, best)))


def ff_tip_2(before: Any, move: Move) -> Remark | None:
    """Tip 2: turning a stock card buries the waste's top card, though it could have been played
    or a space made for it (spaces are filled from the waste first)."""
    move = _as_move(move)
    if move.src != "s" or not before.piles["w"]:
        return None
    waste_top = before.piles["w"][-1]
    useful = _ff_useful(before)
    if any(m.src == "w" for m in useful):
        return Remark("fortunes-favour", 2, WARNING,
                      Text("fortunes-favour", "The {card} on the waste is now buried, though it could still have "
                                              "been played.", card=waste_top))
    if getattr(before.rules, "fills_spaces", False) and any(_empties(before, m) for m in useful):
        return Remark("fortunes-favour", 2, WARNING,
                      Text("fortunes-favour", "The {card} on the waste is now buried, though emptying a pile would "
                                              "have rescued it: spaces are filled from the waste first.",
                           card=waste_top))
    return None


def ff_tip_3(before: Any, move: Move) -> Remark | None:
    """Tip 3: turning instead of building down in suit; in Busy Aces also moving a tableau card
    into a space, which spreads cards instead of gathering them."""
    move = _as_move(move)
    if _is_turn(move):
        useful = _ff_useful(before)
        builds = [m for m in useful if _kind(m.dst) == "t" and before.piles[m.dst] and m.src != "w"]
        if not builds or any(_kind(m.dst) == "f" for m in useful):  # a card that can go home: tip 1 says so
            return None
        best = builds[0]
        return Remark("fortunes-favour", 3, WARNING,
                      Text("fortunes-favour", "You turned a stock card instead of building the {card} onto the {target}.",
                           card=_moving_card(before, best), target=_top(before, best.dst)))
    if (_kind(move.src) == "t" and _kind(move.dst) == "t" and not before.piles.get(move.dst)
            and len(before.piles.get(move.src) or []) > 1 and _legal(before, move)):
        return Remark("fortunes-favour", 3, WARNING,
                      Text("fortunes-favour", "The {card} went into a space: that spreads the cards out instead of "
                                              "gathering them into one pile.", card=_moving_card(before, move)))
    return None


def ff_tip_4(before: Any, move: Move) -> Remark | None:
    """Tip 4: a move that empties no pile, chosen over one that would have, which the move has
    now made impossible."""
    move = _as_move(move)
    if _is_turn(move) or _empties(before, move):
        return None
    after = _after(before, move)
    if after is None:
        return None
    for other in _ff_useful(before):
        if other == move or not _empties(before, other):
            continue
        still = (_top(after, other.src) is _top(before, other.src) and len(after.piles[other.src]) == 1
                 and _legal(after, other))
        if not still:
            return Remark("fortunes-favour", 4, WARNING,
                          Text("fortunes-favour", "Moving the {card} {target} instead would have emptied a pile.",
                               card=_moving_card(before, other), target=_target_text("fortunes-favour", before, other)))
    return None


# --- Queen's Audience ---------------------------------------------------------------------------

def _qa_fits(position: Any) -> list[Move]:
    return [m for m in position.legal_moves() if not _is_turn(m)]


def _qa_cards(position: Any, move: Move) -> list[Any]:
    return [_top(position, pile) for pile in move.sources]


def qa_tip_1(before: Any, move: Move) -> Remark | None:
    """Tip 1: turning (the engine refuses it) while a card fits."""
    move = _as_move(move)
    if not _is_turn(move):
        return None
    fits = _qa_fits(before)
    if not fits:
        return None
    builds = [m for m in fits if len(m.sources) == 1]
    best = (builds or fits)[0]
    cards = _qa_cards(before, best)
    if len(cards) == 1:
        return Remark("queens-audience", 1, WARNING,
                      Text("queens-audience", "You wanted to turn the next card, but the {card} still fits on its "
                                              "Jack.", card=cards[0]))
    return Remark("queens-audience", 1, WARNING,
                  Text("queens-audience", "You wanted to turn the next card, but the {first} and the {second} can "
                                          "still enter the audience chamber.", first=cards[0], second=cards[1]))


def qa_tip_2(before: Any, move: Move) -> Remark | None:
    """Tip 2: turning (refused) while a King and Queen, or a Jack and Ace, are both free."""
    move = _as_move(move)
    if not _is_turn(move):
        return None
    pairs = [m for m in _qa_fits(before) if len(m.sources) == 2]
    if not pairs:
        return None
    first, second = _qa_cards(before, pairs[0])
    return Remark("queens-audience", 2, WARNING,
                  Text("queens-audience", "A matching pair was missed: the {first} and the {second} are both free.",
                       first=first, second=second))


def qa_tip_3(before: Any, move: Move) -> Remark | None:
    """Tip 3 (a note): the turned card covers an Ace on the waste. (Its Jack is not free: the
    engine would have refused the turn, Jack and Ace entering together.)"""
    move = _as_move(move)
    if move.src != "s" or not before.piles["w"] or not _legal(before, move):
        return None
    ace = before.piles["w"][-1]
    if ace.rank != 1:
        return None
    return Remark("queens-audience", 3, NOTE,
                  Text("queens-audience", "The {ace} is now covered on the waste: if its Jack comes into the "
                                          "antechamber before the {ace} is back on top, that whole suit is stuck.",
                       ace=ace))


# --- Forty Thieves ------------------------------------------------------------------------------

_KERNELS: dict[tuple[str, str], Any] = {}


def _kernel(rules: Any) -> Any:
    from tutor.engine.lean import kernel_for

    key = (rules.game_id, rules.variant)
    if key not in _KERNELS:
        _KERNELS[key] = kernel_for(rules)
    return _KERNELS[key]


def _frees(after: Any, pile_id: str) -> bool:
    """Whether the card now on top of ``pile_id`` (what the move uncovered) can move on: to a
    foundation, or onto another column's top card."""
    card = _top(after, pile_id)
    if card is None:
        return True
    for other in after.legal_moves():
        if other.src == pile_id and other.count == 1 and (_kind(other.dst) == "f" or after.piles[other.dst]):
            return True
    return False


def ft_tip_1(before: Any, move: Move) -> Remark | None:
    """Tip 1: filling an empty column when it does not surely pay off: a tableau card whose move
    frees no card that can move on, or the waste's top card when no other column stays empty."""
    move = _as_move(move)
    if _kind(move.dst) != "t" or before.piles.get(move.dst) or _is_turn(move):
        return None
    after = _after(before, move)
    if after is None:
        return None
    card = _moving_card(before, move)
    if move.src == "w":
        if any(not pile for pile_id, pile in after.piles.items() if _kind(pile_id) == "t"):
            return None
    elif _empties(before, move) or _frees(after, move.src):
        return None
    return Remark("forty-thieves", 1, WARNING,
                  Text("forty-thieves", "The {card} filled an empty column without freeing a card that can move on.",
                       card=card))


def ft_tip_2(before: Any, move: Move) -> Remark | None:
    """Tip 2: turning a stock card (or gathering the waste) while the waste's top card could be
    played onto a foundation or a column."""
    move = _as_move(move)
    if not _is_turn(move) or not before.piles["w"]:
        return None
    for other in before.legal_moves():
        if other.src == "w" and other.dst != "s" and (_kind(other.dst) == "f" or before.piles[other.dst]):
            return Remark("forty-thieves", 2, WARNING,
                          Text("forty-thieves", "You turned a new card while the {card} on the waste could still go "
                                                "{target}.", card=before.piles["w"][-1],
                               target=_target_text("forty-thieves", before, other)))
    return None


def _ft_home_choice(before: Any, move: Move) -> tuple[Any, Any, list[Any]] | None:
    """For a column card sent to a foundation that a lower card could still want as a resting
    place, and whose move frees nothing: (the card, a lower card that could want it, the column
    tops that are its twin). ``None`` when the move is none of that."""
    if _kind(move.src) != "t" or _kind(move.dst) != "f":
        return None
    card = _moving_card(before, move)
    if card is None or card.rank <= 2:  # Aces and 2s go up at once: that only frees room
        return None
    kernel = _kernel(before.rules)
    state = kernel.from_position(before)
    if kernel.is_safe_home(card.index, state[3]):
        return None
    after = _after(before, move)
    if after is None or _empties(before, move) or _frees(after, move.src):
        return None
    from tutor.cards import ALL_CARDS

    lower = ALL_CARDS[kernel.below[card.index][0]]
    twins = [pile[-1] for pile_id, pile in before.piles.items()
             if _kind(pile_id) == "t" and pile_id != move.src and pile and pile[-1] == card]
    return card, lower, twins


def ft_tip_3(before: Any, move: Move) -> Remark | None:
    """Tip 3 (a note): a card sent up early is fine when its twin lies free on another column."""
    move = _as_move(move)
    found = _ft_home_choice(before, move)
    if found is None or not found[2]:
        return None
    card, lower, _ = found
    return Remark("forty-thieves", 3, NOTE,
                  Text("forty-thieves", "The {card} went up early, but its twin lies free on another column and can "
                                        "still take a {lower}.", card=card, lower=lower))


def ft_tip_4(before: Any, move: Move) -> Remark | None:
    """Tip 4: a higher card sent to a foundation, freeing nothing, though a lower card could
    still need it as a resting place (and no twin lies free to take its place)."""
    move = _as_move(move)
    found = _ft_home_choice(before, move)
    if found is None or found[2]:
        return None
    card, lower, _ = found
    return Remark("forty-thieves", 4, WARNING,
                  Text("forty-thieves", "The {card} went to a foundation and freed nothing, though a {lower} could "
                                        "still have used it as a resting place.", card=card, lower=lower))


def ft_tip_5(before: Any, move: Move) -> Remark | None:
    """Tip 5: a card put on the only King left in the tableau."""
    move = _as_move(move)
    if _kind(move.dst) != "t" or _is_turn(move):
        return None
    king = _top(before, move.dst)
    if king is None or king.rank != 13 or not _legal(before, move):
        return None
    kings = sum(1 for pile_id, pile in before.piles.items() if _kind(pile_id) == "t" for c in pile if c.rank == 13)
    if kings != 1:
        return None
    return Remark("forty-thieves", 5, WARNING,
                  Text("forty-thieves", "The {card} now lies on the {king}, the last King in the tableau: every card "
                                        "put on it is harder to get back than the one before.",
                       card=_moving_card(before, move), king=king))


# The tip functions per game, most specific first (the order :func:`judge` asks them in).
TIPS: dict[str, dict[int, TipFunction]] = {
    "fortunes-favour": {2: ff_tip_2, 3: ff_tip_3, 1: ff_tip_1, 4: ff_tip_4},
    "queens-audience": {2: qa_tip_2, 1: qa_tip_1, 3: qa_tip_3},
    "forty-thieves": {2: ft_tip_2, 1: ft_tip_1, 4: ft_tip_4, 3: ft_tip_3, 5: ft_tip_5},
}


def tip_function(game: str, tip: int) -> TipFunction:
    return TIPS[game][tip]


def judge(before: Any, move: Move | str) -> list[Remark]:
    """Every remark the tips make about ``move`` in ``before`` (the position before it), most
    specific first. A move that is not even notation gets no remark."""
    try:
        move = before.canonical(move)
    except TutorError:
        return []
    remarks = []
    for function in TIPS.get(before.rules.game_id, {}).values():
        remark = function(before, move)
        if remark is not None:
            remarks.append(remark)
    return remarks


def remark_for(before: Any, move: Move | str) -> Remark | None:
    """The coach's one remark about ``move`` (the most specific), or ``None``."""
    remarks = judge(before, move)
    return remarks[0] if remarks else None
