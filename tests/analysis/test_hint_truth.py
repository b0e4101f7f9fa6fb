"""Hints and the coach never contradict the board (issue 24).

For every game and variant, 1,000 positions drawn from seeded random walks from random deals:

* the hint's move is legal in the position;
* every card a hint names (its sentence and every sentence inside it) lies face up where the reader
  can see it: a pile's top card, or a face-up card of a fanned column (a kind of card a sentence
  speaks of, "a 3♦ could still use it", is still in play);
* a hint that names the card a space will take (the parameter ``filler``) names the card that
  does take it once the move is made;
* the coach (:func:`tutor.analysis.coach.remark_for`) never warns against the move the hint
  proposes, unless the hint says why this position is the exception to that very tip
  (:attr:`Hint.exception`), and then the coach, told of the hint, notes the exception instead of
  warning;
* the coach's remark on the hint's move names only cards of the board.

The positions come from cheap random walks (a random legal move at each step, leaning towards moves
other than turning the stock so that the walks reach the middle of a game); every position a walk
passes is a candidate, and a seeded draw keeps about one in three. The hint is asked with a small
budget (:data:`BUDGET` seconds; the game's hint player has its own fixed budget). About 27 s of CPU
for the 16 pairs on this machine (``time pytest tests/analysis/test_hint_truth.py``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tutor.analysis.coach import WARNING, remark_for
from tutor.analysis.hints import hint
from tutor.cards import Card
from tutor.engine import Move, get_rules, iter_variants
from tutor.i18n import Text

POSITIONS = 1000
BUDGET = 0.01  # seconds for the hint's search (the tips and the hint player need none of it)
WALK = 160  # the longest random walk, in moves
KEEP = 0.35  # the share of the positions a walk passes that are checked

PAIRS = list(iter_variants())


def walk_positions(game: str, variant: str, count: int, seed: int) -> Iterator[Any]:
    """``count`` positions that are not over, from seeded random walks over random deals."""
    rules = get_rules(game, variant)
    rng = random.Random(seed)
    found = 0
    while found < count:
        position = rules.deal(rng.randrange(2**32))
        for _ in range(rng.randrange(1, WALK)):
            moves = position.legal_moves()
            if not moves or position.is_won():
                break
            if rng.random() < KEEP:
                found += 1
                yield position
                if found == count:
                    return
            others = [m for m in moves if "s" not in (m.src, m.dst)]
            position.play(rng.choice(others if others and rng.random() < 0.8 else moves))


def texts_in(text: Text) -> Iterator[Text]:
    """The text and every text among its parameters, however deep."""
    yield text
    for value in text.params.values():
        for item in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(item, Text):
                yield from texts_in(item)


# A parameter that names a kind of card rather than a card on the board ("a 3♦ could still have used
# it as a resting place"): that kind must still be in play, not every copy on a foundation.
KINDS = ("lower",)


def named_cards(text: Text, kinds: bool = False) -> list[Card]:
    """Every card a text names (as a parameter of it or of a text inside it): the cards on the
    board, or with ``kinds`` the kinds of card it speaks of (:data:`KINDS`)."""
    found: list[Card] = []
    for inner in texts_in(text):
        for name, value in inner.params.items():
            if (name in KINDS) == kinds:
                found += [v for v in (value if isinstance(value, (tuple, list)) else (value,)) if isinstance(v, Card)]
    return found


def in_play(position: Any, card: Card) -> bool:
    """Whether a copy of ``card`` lies anywhere but on a foundation (face up or down)."""
    return any(card in view.cards for view in position.layout() if view.kind != "foundation")


def visible_cards(position: Any) -> list[Card]:
    """The cards the reader sees: each pile's top card, and every face-up card of a fanned pile."""
    seen: list[Card] = []
    for view in position.layout():
        face_up = list(view.cards[view.face_down:])
        seen += face_up[-1:] if view.fan == "none" else face_up
    return seen


def filled_by(text: Text) -> list[Card]:
    return [inner.params["filler"] for inner in texts_in(text) if isinstance(inner.params.get("filler"), Card)]


@pytest.mark.parametrize("game, variant", PAIRS, ids=[f"{g}-{v or 'base'}" for g, v in PAIRS])
def test_hints_and_the_coach_never_contradict_the_board(game: str, variant: str) -> None:
    problems: list[str] = []
    checked = 0
    for position in walk_positions(game, variant, POSITIONS, seed=24):
        found = hint(position.copy(), time_limit=BUDGET)
        assert found is not None, position.card_string()
        checked += 1
        where = f"{found.move} in {position.card_string()}"
        if not position.is_legal(found.move):
            problems.append(f"illegal hint {where}")
            continue
        seen = visible_cards(position)
        hidden = [card for card in named_cards(found.explanation) if card not in seen]
        hidden += [card for card in named_cards(found.explanation, kinds=True) if not in_play(position, card)]
        if hidden:
            problems.append(f"the hint names {hidden}, not face up: {found.explanation.render('en')} ({where})")
        fillers = filled_by(found.explanation)
        if fillers:
            move = Move.parse(found.move)
            after = position.copy()
            after.play(move)
            spaces = [pid for pid, pile in position.piles.items()
                      if not pile or (pid in move.sources and len(pile) == move.count)]
            landed = [after.piles[pid][-1] for pid in spaces if after.piles[pid]]
            if not set(fillers) <= set(landed):
                problems.append(f"the hint says {fillers} fill the space, but {landed} do: "
                                f"{found.explanation.render('en')} ({where})")
        remark = remark_for(position, found.move)
        if remark is not None:
            hidden = [card for card in named_cards(remark.text) if card not in seen]
            hidden += [card for card in named_cards(remark.text, kinds=True) if not in_play(position, card)]
            if hidden:
                problems.append(f"the coach names {hidden}, not face up or not in play: {remark.render('en')} "
                                f"({where})")
        if remark is not None and remark.kind == WARNING:
            if found.exception is None or found.exception_tip != remark.tip:
                problems.append(f"the coach warns against the hint: {found.explanation.render('en')} / "
                                f"{remark.render('en')} ({where})")
            else:
                told = remark_for(position, found.move, hinted=found)
                if told is None or told.kind == WARNING:
                    problems.append(f"the coach, told of the hint, still warns ({where})")
    assert checked == POSITIONS
    assert not problems, f"{len(problems)} of {POSITIONS}:\n" + "\n".join(problems[:12])
