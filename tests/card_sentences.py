"""The sentences the tutor really builds, for the checks over the words it says about cards: every
scenario's texts, and along a seeded random walk through each game and variant the engine's move
sentences, its refusals, the reports of the moves played and what each tip says of the moves it
asks for."""

from __future__ import annotations

import itertools
import random
from functools import cache

from tutor.analysis.coach import tip_asks
from tutor.analysis.reports import move_report
from tutor.cards import Card
from tutor.engine import Position, TutorError, get_rules, iter_variants
from tutor.i18n import Text
from tutor.lessons import CardAt, CardIn, all_scenarios

# A card a scenario names by where it lies is read from the position when the frame is drawn.
CARD_VALUES = (Card, CardAt, CardIn)
WALK_MOVES = 60
TIPS_TRIED = range(1, 13)
STOCK_MOVES = 150


def walk(value: object, found: list[Text]) -> None:
    """Every ``Text`` in ``value`` (a text, or lists and tuples of them) and in its parameters."""
    if isinstance(value, Text):
        found.append(value)
        value = tuple(value.params.values())
    if isinstance(value, (list, tuple)):
        for item in value:
            walk(item, found)


@cache
def texts_built() -> tuple[Text, ...]:
    found: list[Text] = []
    for scenario in all_scenarios():
        walk([scenario.title, scenario.alt, [step.narration for step in scenario.steps]], found)
        for branch in scenario.branches:
            walk([branch.label, branch.outcome, [step.narration for step in branch.steps]], found)
    rng = random.Random(5)
    for game, variant in iter_variants():
        position = get_rules(game, variant).deal(1)
        asks = [check for tip in TIPS_TRIED if (check := tip_asks(game, tip)) is not None]
        for _ in range(WALK_MOVES):
            legal = position.legal_moves()
            walk([position.describe(move) for move in legal], found)
            walk([move_report(position, move, by) for move in legal for by in ("you", "auto")], found)
            walk([asked.why for move in legal for ask in asks if (asked := ask.check(position, move)) is not None],
                 found)
            ids = list(position.piles)
            tries = [f"{a}-{b}" for a, b in itertools.permutations(ids, 2)]
            tries += [f"{a}+{b}-{d}" for a, b in itertools.combinations([i for i in ids if i[0] in "rw"], 2)
                      for d in ids if d[0] in "kj"]
            for move in rng.sample(tries, min(30, len(tries))):
                try:
                    position.copy().play(move)
                except TutorError as err:
                    walk(err.text, found)
            if not legal:
                break
            walk(position.play_narrated(rng.choice(legal)), found)
        walk(_through_the_stock(position), found)
    return tuple(found)


def _through_the_stock(position: Position) -> list[Text]:
    """The descriptions of the legal moves while the stock is turned to its end and the waste
    turned over, where a variant allows it (the redeal's sentences)."""
    found: list[Text] = []
    for _ in range(STOCK_MOVES):
        legal = position.legal_moves()
        found += [position.describe(move) for move in legal]
        stock_moves = [move for move in legal if move.src == "s" or move.dst == "s"]
        if not stock_moves:
            break
        position.play(stock_moves[0])
    return found


def texts_naming_cards() -> tuple[Text, ...]:
    """The built messages with a card parameter."""
    return tuple(text for text in texts_built() if any(isinstance(v, Card) for v in text.params.values()))


def card_parameters() -> dict[tuple[str, str], set[str]]:
    """(context, msgid) → the names of the parameters the tutor passes cards in, for every message it
    was seen to build (an empty set: built, but never with a card)."""
    seen: dict[tuple[str, str], set[str]] = {}
    for text in texts_built():
        names = {name for name, value in text.params.items() if isinstance(value, CARD_VALUES)}
        seen.setdefault((text.context, text.msgid), set()).update(names)
    return seen


def non_card_parameters() -> set[str]:
    """The names of the parameters the tutor was seen to pass something else than a card in."""
    return {name for text in texts_built() for name, value in text.params.items()
            if not isinstance(value, CARD_VALUES)}
