"""The coach: judges a move just made (or tried) against the beginner tips of the game's page.

Each game's ``tips`` part (:mod:`tutor.analysis`) holds one function per tip (``TIPS``), each
``(before, move) -> Remark | None``: ``before`` is the engine position before the move, ``move`` the
move the player made or tried (a refused move is judged too: in Queen's Audience the engine refuses
to turn while a card fits, and the coach says which tip the player missed). A function looks only
at what the player can see: the face-up cards of the tableau (square), the waste's top card and the
foundations; it never reads the stock or the cards under the waste's top. The position after the
move may be used when the move is legal: it is what the player sees next. The helpers below are
what those functions share.

A :class:`Remark` is a *warning* (the move went against the tip: the page offers to undo it) or a
*note* (the tip applies to what just happened). It says it twice: for the move made (``text``: the
play page, where the board shows the move) and for the move only tried (``would``: practice, where
the board stays as it was), so that no sentence speaks of a move the board does not show.
:func:`judge` asks every tip of the game and returns the remarks most specific first;
:func:`remark_for` is the first of them. The tips are quoted as the pages state them (each game's
``tips.TIP_TEXTS``; ``tests/analysis/test_coach.py`` checks them against the pages), and each
remark links to the tip's guided example on the rules page (:attr:`Remark.anchor`).

Queen's Audience's fourth tip ("the game is good for relaxing") says nothing about a move, so it
has no function; every other tip of the three pages has one.

A check speaks only *against* a move. What a tip asks *for* is said by each game's ``ASKS`` (an
optional name of its tips part: tip number → :class:`TipAsks`): the tip's idea in words that name no
card (what a learner hears after a miss), and a check that a move does what the tip names, which
gives an :class:`Asked`: why, from the position, in one sentence that names a card the move moves
or frees. :func:`asked` is the one door to it; an exercise's answers are the moves it accepts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card
from tutor.engine import Move, TutorError
from tutor.engine.contract import optional_name, tips_of
from tutor.i18n import Text

WARNING = "warning"
NOTE = "note"

# Per game id, from each game's tips part: the tips as the page states them, the prefix of their
# examples' anchors, and the tip functions (most specific first, the order judge() asks them in).


@dataclass(frozen=True)
class Remark:
    """What the coach says about one move: which tip, whether the move went against it, and why."""

    game: str
    tip: int  # the tip's number on the page, from 1
    kind: str  # WARNING or NOTE
    text: Text  # what happened, in the game's words (the move was made)
    would: Text  # the same for a move only tried: what it would do (the board stays as it was)

    @property
    def anchor(self) -> str:
        """The id of the tip's guided example on the rules page (``scenario-ff-tip-1``)."""
        return tip_anchor(self.game, self.tip)

    def tip_text(self) -> Text:
        return tips_of(self.game).TIP_TEXTS[self.tip - 1]

    def full_text(self) -> Text:
        """The remark followed by the tip as the page states it."""
        return Text("ui", "{remark} Tip {number}: {tip}", remark=self.text, number=self.tip, tip=self.tip_text())

    def would_text(self) -> Text:
        """The remark for a move that was not made (practice), followed by the tip."""
        return Text("ui", "{remark} Tip {number}: {tip}", remark=self.would, number=self.tip, tip=self.tip_text())

    def render(self, lang: str) -> str:
        return self.full_text().render(lang)

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"game": self.game, "tip": self.tip, "kind": self.kind, "anchor": self.anchor,
                "text": self.render(lang)}


TipFunction = Callable[[Any, Move], "Remark | None"]


@dataclass(frozen=True)
class Asked:
    """A move that does what a tip asks for: ``why`` says so from the position in one sentence, which
    names ``card``, a card the move moves or frees."""

    tip: int
    why: Text
    card: Any


AskFunction = Callable[[Any, Move], "Asked | None"]


@dataclass(frozen=True)
class TipAsks:
    """What a tip asks for: ``idea``, the tip's idea in a sentence that names no card and no move
    (what a learner hears after a miss), and ``check(before, move)``, the :class:`Asked` when a legal
    move does what the tip names, else ``None``."""

    idea: Text
    check: AskFunction


def tip_asks(game: str, tip: int) -> TipAsks | None:
    """What tip ``tip`` of ``game`` asks for, or ``None`` for a tip that asks for no move."""
    asks: dict[int, TipAsks] = optional_name(game, "tips", "ASKS")
    return asks.get(tip)


def asked(before: Any, move: Move | str, tip: int) -> Asked | None:
    """Whether ``move`` does what tip ``tip`` asks for in ``before``, and why; ``None`` for a move
    that does not, is refused, or is no move at all."""
    asks = tip_asks(before.rules.game_id, tip)
    try:
        written: Move = before.canonical(move)
    except TutorError:
        return None
    if asks is None or not is_legal(before, written):
        return None
    return asks.check(before, written)


def named_cards(text: Text) -> set[Any]:
    """Every card a sentence names, in its own parameters and those of the sentences it holds."""
    found: set[Any] = set()
    for value in text.params.values():
        if isinstance(value, Text):
            found |= named_cards(value)
        elif isinstance(value, (list, tuple)):
            found |= {card for card in value if isinstance(card, Card)}
        elif isinstance(value, Card):
            found.add(value)
    return found


def lesson_anchor(step: str) -> str:
    """The id of the lesson that teaches a step of the game's path on its rules page (``lesson-setup``,
    ``lesson-tip-2``: one board per section or tip, :mod:`tutor.web.widgets.course`)."""
    return f"lesson-{step}"


def tip_anchor(game: str, tip: int) -> str:
    """Where the coach's remarks and the hints link: the tip's lesson on the game's rules page."""
    return lesson_anchor(f"tip-{tip}")


# --- what the player sees ---------------------------------------------------------------------

def as_move(move: Move | str) -> Move:
    return move if isinstance(move, Move) else Move.parse(move)


def pile_kind(pile_id: str) -> str:
    """``t`` for ``t3``, ``f`` for ``f1``, ``w``, ``s``."""
    return pile_id.rstrip("0123456789")


def is_turn(move: Move) -> bool:
    """Turning the stock (``s-w``) or turning the waste over for a new pass (``w-s``)."""
    return move.src == "s" or move.dst == "s"


def top_card(position: Any, pile_id: str) -> Any:
    pile = position.piles.get(pile_id)
    return pile[-1] if pile else None


def moving_card(position: Any, move: Move) -> Any:
    """The card the move takes (the lowest of a sequence), or ``None``."""
    pile = position.piles.get(move.sources[0]) or []
    return pile[-move.count] if len(pile) >= move.count else None


def is_legal(position: Any, move: Move) -> bool:
    try:
        return position.is_legal(move)
    except TutorError:
        return False


def position_after(position: Any, move: Move) -> Any | None:
    """The position after ``move`` (what the player sees next), or ``None`` if it is refused."""
    if not is_legal(position, move):
        return None
    after = position.copy()
    after.play(move)
    return after


def moved_cards(position: Any, move: Move) -> list[Any]:
    """The cards a move takes: from each of its sources the top ``count`` (a turn: the stock's top)."""
    return [card for pile in move.sources for card in (position.piles.get(pile) or [])[-move.count:]]


def freed_cards(position: Any, move: Move) -> list[Any]:
    """The cards a move uncovers: the card under the moving ones in each source pile."""
    found = []
    for pile_id in move.sources:
        pile = position.piles.get(pile_id) or []
        if len(pile) > move.count:
            found.append(pile[-move.count - 1])
    return found


def empties_pile(position: Any, move: Move) -> bool:
    """Whether the move takes the last card(s) of a tableau pile."""
    pile = position.piles.get(move.src)
    return pile_kind(move.src) == "t" and pile is not None and len(pile) == move.count


# --- the judge ------------------------------------------------------------------------------------

def tip_function(game: str, tip: int) -> TipFunction:
    return tips_of(game).TIPS[tip]


def judge(before: Any, move: Move | str) -> list[Remark]:
    """Every remark the tips make about ``move`` in ``before`` (the position before it), most
    specific first. A move that is not even notation gets no remark."""
    try:
        move = before.canonical(move)
    except TutorError:
        return []
    remarks = []
    for function in tips_of(before.rules.game_id).TIPS.values():
        remark = function(before, move)
        if remark is not None:
            remarks.append(remark)
    return remarks


def warnings(position: Any) -> dict[str, Remark | None]:
    """Every legal move of ``position`` (as ``position.canonical`` writes it) → the first remark the
    tips make on it, ``None`` for a move no tip speaks on. Kept for the last positions asked about:
    the hint and the coach ask about the same position many times."""
    key = (position.rules.game_id, position.rules.variant, position.state_key())
    found = _WARNINGS.get(key)
    if found is None:
        if len(_WARNINGS) > 256:
            _WARNINGS.clear()
        found = {}
        for move in position.legal_moves():
            written = str(position.canonical(move))
            if written not in found:
                remarks = judge(position, move)
                found[written] = remarks[0] if remarks else None
        _WARNINGS[key] = found
    return found


_WARNINGS: dict[Any, dict[str, Remark | None]] = {}


def exception(before: Any, move: Move | str, tip: int, hinted: Any = None) -> Text | None:
    """Why ``move`` is the exception to tip ``tip`` in ``before``, or ``None``: the one place where
    a move a tip speaks against is excused. Two cases:

    * the hint the reader was given in ``before`` (``hinted``, a :class:`tutor.analysis.hints.Hint`)
      proposed this move and said why it goes against this very tip here (``hint.exception``);
    * every legal move of ``before`` goes against some tip, and this is the move of the game's hint
      player (its tips part's ``exception_move``): then the game's words for that player
      (``HINT_EXCEPTIONS[HINT_PLAYER]``) say why."""
    if (hinted is not None and getattr(hinted, "exception", None) is not None and hinted.exception_tip == tip
            and _same_move(before, hinted.move, move)):
        return hinted.exception
    tips = tips_of(before.rules.game_id)
    if tips.exception_move is None or not tips.HINT_PLAYER:
        return None
    if any(remark is None for remark in warnings(before).values()):
        return None
    chosen = tips.exception_move(before)
    if chosen is None or not _same_move(before, chosen, move):
        return None
    return tips.HINT_EXCEPTIONS[tips.HINT_PLAYER](tip)


def remark_for(before: Any, move: Move | str, hinted: Any = None, tip: int | None = None) -> Remark | None:
    """The coach's one remark about ``move`` (the most specific), or ``None``.

    ``tip``: the tip an exercise practises; its remark comes first when it speaks on the move (an
    exercise answers in the words of the tip it teaches). A warning the position excuses
    (:func:`exception`: the reader followed a hint that said why, or every move goes against some
    tip and this is the hint player's) becomes a note that says why this position is the
    exception."""
    remarks = judge(before, move)
    if not remarks:
        return None
    remark = next((r for r in remarks if r.tip == tip), remarks[0])
    if remark.kind == WARNING:
        why = exception(before, move, remark.tip, hinted)
        if why is not None:
            return Remark(remark.game, remark.tip, NOTE, why, why)
    return remark


def _same_move(position: Any, first: Move | str, second: Move | str) -> bool:
    try:
        return position.canonical(first) == position.canonical(second)
    except TutorError:
        return False
