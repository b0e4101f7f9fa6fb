"""Guided examples as data: each game's ``lessons`` module holds a tuple ``SCENARIOS`` of :class:`Scenario`.

A scenario is a start position (the full card string, in the card-string order its game module
documents) plus, for a worked example, the steps that the rules text walks through. The site draws
``picture: <id>`` from the start position and builds the guided widget ``scenario: <id>`` from the
steps; the tests replay every step in the engine.

Narrations name their cards as ``Text`` parameters, so German pages show German short forms (``B♠``
for the Jack of spades): a card the sentence names by where it lies is a :class:`CardAt`, read from
the position when the frame is drawn (``new=CardAt("t3", after=True)``: the card that filled the
space); a card given as ``Card.parse("2D")`` must be where the sentence says, which the tests check
for every frame (tests/test_named_cards.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tutor.analysis.coach import asked, tip_asks
from tutor.cards import Card
from tutor.engine import get_rules
from tutor.engine.contract import collected, tips_of
from tutor.errors import DirectiveError
from tutor.i18n import Text

if TYPE_CHECKING:  # the engine is imported only when a position is needed
    from tutor.engine import Position



SCENARIO_KINDS = ("steps", "terms", "compare", "variants")


@dataclass(frozen=True)
class CardAt:
    """A card a narration names by where it lies, read from the position when the frame is drawn:
    the card ``depth`` from the top of ``pile`` (1: the top card), in the position before the step,
    or after it (``after=True``: after the move and everything it sets off, such as a space filled).
    ``Text(game, "… the {new}.", new=CardAt("t3", after=True))`` names whatever card the stock put
    into the space, so a sentence cannot name a card the board does not show."""

    pile: str
    depth: int = 1
    after: bool = False

    def card(self, before: Position, after: Position) -> Any:
        """The card; a pile that does not hold it stops the build (the scenario names a card it does not show)."""

        cards = (after if self.after else before).piles.get(self.pile, [])
        if len(cards) < self.depth:
            raise DirectiveError(Text("ui", "the narration names card {depth} from the top of {pile}, which holds "
                                            "{count}", depth=self.depth, pile=self.pile, count=len(cards)))
        return cards[-self.depth]


@dataclass(frozen=True)
class CardIn:
    """A card a narration names together with where the sentence says it lies: in ``pile`` (an id,
    or a prefix of letters such as ``"s"``, ``"t"``), before the step or after it. "The J♦ has to
    wait until the {ace} turns up" names the A♦ as still in the stock: ``ace=CardIn("AD", "s")``.
    Drawing the frame checks it, so the sentence cannot put a card where it is not."""

    code: str
    pile: str
    after: bool = False

    def card(self, before: Position, after: Position) -> Any:
        card = Card.parse(self.code)
        position = after if self.after else before
        piles = [pile for pile, cards in position.piles.items()
                 if pile == self.pile or (self.pile.isalpha() and pile.rstrip("0123456789") == self.pile)]
        if not any(card in position.piles[pile] for pile in piles):
            raise DirectiveError(Text("ui", "the narration puts the {card} in {pile}, where it does not lie",
                                      card=card, pile=self.pile))
        return card


def named_from(text: Text, before: Position, after: Position) -> Text:
    """``text`` with each :class:`CardAt` and :class:`CardIn` replaced by its card in these positions."""
    if not any(isinstance(value, (CardAt, CardIn)) for value in text.params.values()):
        return text
    named = copy.copy(text)  # the same message, its references turned into cards
    named.params = {key: value.card(before, after) if isinstance(value, (CardAt, CardIn)) else value
                    for key, value in text.params.items()}
    return named


@dataclass(frozen=True)
class Step:
    """One step of a guided example.

    ``move`` is a move in the engine's notation (``None`` for a frame that only explains);
    ``highlight`` names extra pile ids (a move's source and destination are highlighted anyway);
    ``show`` draws only these pile ids or id prefixes (``"f"``, ``"t"``, ``"s"``, ``"w"``, ``"r"``,
    ``"k"``, ``"j"``) for a deal in progress, ``None`` draws everything; with ``expect_refused`` the
    move is shown being refused: the frame shows the engine's reason (the narration must not give
    one of its own), the position stays, and ``fits`` names the piles holding the card that does
    fit (drawn as such)."""

    move: str | None
    narration: Text
    highlight: tuple[str, ...] = ()
    show: tuple[str, ...] | None = None
    expect_refused: bool = False
    fits: tuple[str, ...] = ()


@dataclass(frozen=True)
class Branch:
    """One way of playing a ``compare`` scenario's start (following or ignoring a tip)."""

    label: Text
    steps: tuple[Step, ...]
    outcome: Text


@dataclass(frozen=True)
class VariantPlay:
    """Kind ``variants``: how one variant's track shows what the variant changes. ``prelude`` is
    played silently on the variant's deal (to reach a position where the change shows), then the
    ``steps`` are shown like a worked example's; ``outcome`` says what they led to (required when
    the last step is a move: its result is a frame of its own)."""

    variant: str
    prelude: tuple[str, ...]
    steps: tuple[Step, ...]
    outcome: Text | None = None


@dataclass(frozen=True)
class Scenario:
    """A guided example. ``kind`` says how the widget presents it:

    - ``steps``: the steps in order from the start position;
    - ``terms``: ``terms`` maps glossary term ids to the pile ids (or id prefixes) they name;
    - ``compare``: ``branches`` play the same start two ways (a tip followed and ignored);
    - ``variants``: deal number ``deal`` dealt under each of ``variants`` (``""`` = the base game);
      ``cards`` may then be empty; ``variant_plays`` show, per variant, what it changes.

    ``prelude`` (an addition to the fixed schema, default empty) holds moves played silently after
    the deal, so that a short position near the end (a won or lost end) starts from a real deal.
    Always build the start with :meth:`start_position`, never from ``cards`` alone; the prelude is
    not in the position's history, so undo stops at the start.

    ``outcome`` is what the last frame says when the steps end on a move (that frame shows the
    move's result): what the moves led to. A scenario whose steps end on a move needs one.
    """

    id: str
    game: str
    variant: str
    cards: str
    title: Text
    alt: Text
    steps: tuple[Step, ...] = ()
    kind: str = "steps"
    terms: tuple[tuple[str, tuple[str, ...]], ...] = ()
    branches: tuple[Branch, ...] = ()
    variants: tuple[str, ...] = ()
    deal: int | None = None
    prelude: tuple[str, ...] = ()
    variant_plays: tuple[VariantPlay, ...] = ()
    outcome: Text | None = None

    def play_for(self, variant: str) -> VariantPlay | None:
        """Kind ``variants``: what the track of ``variant`` plays to show what the variant changes."""
        return next((play for play in self.variant_plays if play.variant == variant), None)

    def start_position(self) -> Position:
        """The start: the card string, or for kind ``variants`` without one, the deal under the
        first variant."""
        if self.kind == "variants" and not self.cards:
            return self.position_for(self.variants[0] if self.variants else self.variant)

        position = get_rules(self.game, self.variant).from_cards(self.cards)
        if self.prelude:
            for move in self.prelude:
                position.play(move)
            position.history.clear()
            position.redo_stack.clear()
        return position

    def position_for(self, variant: str) -> Position:
        """Kind ``variants``: deal number ``deal`` under ``variant`` (one of ``variants``)."""
        if self.kind != "variants" or self.deal is None:
            raise ValueError(f"scenario {self.id!r} is not a variants scenario with a deal number")
        if variant not in self.variants:
            raise ValueError(f"scenario {self.id!r} has no variant {variant!r}; it has {list(self.variants)}")

        position = get_rules(self.game, variant).deal(self.deal)
        play = self.play_for(variant)
        if play is not None and play.prelude:
            for move in play.prelude:
                position.play(move)
            position.history.clear()
            position.redo_stack.clear()
        return position


class UnknownScenario(KeyError):
    """A scenario id that no game file defines; the message names the known ids."""

    def __init__(self, scenario_id: str, known: list[str]) -> None:
        super().__init__(scenario_id)
        self.scenario_id = scenario_id
        self.known = known

    def __str__(self) -> str:
        return f"there is no scenario “{self.scenario_id}”; known scenarios: {', '.join(self.known)}"


@dataclass(frozen=True)
class Exercise:
    """A "your move" exercise (the play page's practice): a deal (game, variant, number), the moves
    played before the moment (``prelude``, the tips player's own line), the tip, the move that tip
    asks for (``answer``: its :func:`~tutor.analysis.coach.asked` says why) and the move it warns
    against (``trap``: its check speaks on it); ``effect`` records what the solver (which knows every
    card) says of the game after each of the two (``won``, ``lost``, ``unknown`` within its limit, or
    ``refused`` where the engine does not allow the trap). The exercise accepts exactly the moves its
    tip asks for that no tip speaks against (tests/games/test_exercises.py)."""

    id: str
    game: str
    variant: str
    deal: int
    tip: int
    answer: str
    trap: str
    effect: tuple[str, str]  # the solver's verdict after the answer, after the trap
    prelude: str = ""
    # further moves the tip asks for just as well (tip 6: every move that keeps the ending won)
    also: tuple[str, ...] = ()

    @property
    def answers(self) -> tuple[str, ...]:
        """Every move that solves the exercise, ``answer`` (the one "Show me" marks) first."""
        return (self.answer, *self.also)

    def goal(self) -> Text:
        """What the reader is asked: the move (or, with ``also``, a move) the tip asks for, and the tip."""

        tip = tips_of(self.game).TIP_TEXTS[self.tip - 1]
        if self.also:
            return Text("ui", "Find a move that tip {number} asks for: \"{tip}\"", number=self.tip, tip=tip)
        return Text("ui", "Find the move that tip {number} asks for: \"{tip}\"", number=self.tip, tip=tip)

    def shown(self, move: str) -> Text:
        """The answer as "Show me" gives it."""
        if self.also:
            return Text("ui", "A move tip {number} asks for: {move}.", number=self.tip, move=move)
        return Text("ui", "The move tip {number} asks for: {move}.", number=self.tip, move=move)

    def idea(self) -> Text:
        """The tip's idea, naming no card (what a miss is answered with: :attr:`TipAsks.idea`)."""
        asks = tip_asks(self.game, self.tip)
        if asks is None:  # a tip that asks for no move has no exercises (tests/games/test_exercises.py)
            return Text("ui", "Tip {number}: {tip}", number=self.tip, tip=tips_of(self.game).TIP_TEXTS[self.tip - 1])
        return asks.idea

    def right(self, before: Position, move: str) -> Text:
        """What the reader hears after solving it with ``move`` in ``before``: why, from the position
        (the tip's :func:`~tutor.analysis.coach.asked`)."""
        said = asked(before, move, self.tip)
        if said is None:  # every answer does what its tip asks for (tests/games/test_exercises.py)
            return Text("ui", "Right: this is one of the moves tip {number} asks for.", number=self.tip)
        return Text("ui", "Right: {why}", why=said.why)

    def position(self) -> Any:
        position = get_rules(self.game, self.variant).deal(self.deal)
        for move in self.prelude.split():
            position.play(move)
        position.history.clear()
        position.redo_stack.clear()
        return position


def first_moves(line: str, count: int) -> str:
    """The first ``count`` moves of ``line`` (moves as the engine writes them, separated by spaces): an
    exercise's prelude, where several exercises start at points along one player's game of a deal."""
    return " ".join(line.split()[:count])


def all_exercises() -> tuple[Exercise, ...]:
    """Every game's exercises (each game's ``lessons.EXERCISES``), in the registry's order."""
    return tuple(collected("lessons", "EXERCISES").values())


def exercises_of(game: str) -> list[Exercise]:
    return [exercise for exercise in all_exercises() if exercise.game == game]


def first_exercise_for(game: str, tip: int) -> Exercise | None:
    return next((e for e in all_exercises() if e.game == game and e.tip == tip), None)


def _load() -> dict[str, Scenario]:
    return collected("lessons", "SCENARIOS")


def all_scenarios() -> list[Scenario]:
    """Every scenario of every game, in file order."""
    return list(_load().values())


def get_scenario(scenario_id: str) -> Scenario:
    """The scenario with this id; raises :class:`UnknownScenario` (a ``KeyError``) naming the known ids."""
    registry = _load()
    if scenario_id not in registry:
        raise UnknownScenario(scenario_id, list(registry))
    return registry[scenario_id]


__all__ = ["Branch", "SCENARIO_KINDS", "Scenario", "Step", "UnknownScenario", "VariantPlay", "all_scenarios",
           "get_scenario", "Exercise", "all_exercises", "exercises_of", "first_exercise_for"]
