"""Cards named from the position (issue 26): every card a guided example, an exercise or a task names
in its words is where the words say.

Two readings, both languages:

* Every frame of every track of every scenario, as the page draws it: each card its words name (a
  card glyph in the rendered text, ``Q♦``, ``B♠``) lies face up on the board the reader sees beside
  them: the frame's position, or the next frame's (a sentence says what the move brings).
* Every step, by what its sentence says a card does: a step that moves names the cards it moves,
  the card it goes onto, and the cards it brings into play (a space filled, a card turned); a step
  that only explains names cards that lie face up. A card named by where it lies
  (:class:`tutor.lessons.CardAt`) is read from the position, so it cannot be wrong.

Fortune's Favour's tip 3 once named the Q♦ as the card the emptied pile brings in, where the board
showed the 4♦: the first reading fails on that, the second too.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tutor.cards import Card
from tutor.engine import Move
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import CardAt, CardIn, Scenario, Step, all_scenarios, get_scenario, named_from
from tutor.tasks import all_tasks, get_task
from tutor.tasks.kinds import MAKE_MOVE
from tutor.web.frames import scenario_tracks

GLYPH = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQKBD])([♠♥♦♣])")
RANK_LETTER = {"B": "J", "D": "Q", "10": "T"}
SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
IDS = [scenario.id for scenario in all_scenarios()]


def glyph_cards(text: str) -> list[Card]:
    return [Card.parse(RANK_LETTER.get(rank, rank) + SUIT_LETTER[suit]) for rank, suit in GLYPH.findall(text)]


def face_up(position) -> Counter:
    """The cards a reader sees: every pile but the face-down stock."""
    return Counter(card for pile, cards in position.piles.items() if pile != "s" for card in cards)


def referenced(text: Text, before, after) -> Counter:
    """The cards a text names by where they lie (CardAt, CardIn): read from the position, checked
    when drawn."""
    return Counter(value.card(before, after) for value in text.params.values() if isinstance(value, (CardAt, CardIn)))


def spoken(text: Text, before, after, lang: str) -> list[Card]:
    return glyph_cards(named_from(text, before, after).render(lang))


@pytest.mark.parametrize("scenario_id", IDS)
def test_every_card_a_sentence_names_lies_face_up_beside_it(scenario_id: str) -> None:
    """Each card a guided example's words name (as rendered, both languages) lies face up on the
    board before or after its step, or is named by where it lies (and so read from there)."""
    scenario = get_scenario(scenario_id)
    wrong = []
    start = scenario.start_position()
    for lang in LANGUAGES:
        allowed = face_up(start) + referenced(scenario.alt, start, start)
        wrong += [f"the start ({lang}): {card} is not on the board" for card in spoken(scenario.alt, start, start, lang)
                  if card not in allowed]
    for begin, steps in step_sequences(scenario):
        position = begin.copy()
        for number, step in enumerate(steps, start=1):
            before = position.copy()
            if step.move is not None and not step.expect_refused:
                position.play(step.move)
            allowed = face_up(before) + face_up(position) + referenced(step.narration, before, position)
            for lang in LANGUAGES:
                said = spoken(step.narration, before, position, lang)
                wrong += [f"step {number} ({step.move}, {lang}): {card} is not on the board: "
                          f"“{named_from(step.narration, before, position).render(lang)}”"
                          for card in said if card not in allowed]
    assert not wrong, "\n".join(wrong)


def literal_cards(text: Text) -> list[tuple[str, Card]]:
    found = []
    for key, value in text.params.items():
        for item in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(item, Card):
                found.append((key, item))
    return found


def step_sequences(scenario: Scenario):
    """(start position, steps) of every way the scenario is played."""
    if scenario.kind == "compare":
        for branch in scenario.branches:
            yield scenario.start_position(), branch.steps
    elif scenario.kind == "variants":
        for variant in scenario.variants:
            play = scenario.play_for(variant)
            yield scenario.position_for(variant), (play.steps if play else scenario.steps)
    else:
        yield scenario.start_position(), scenario.steps


def where_a_step_speaks(step: Step, before, after) -> Counter:
    """The cards a step's sentence may name: those it moves, the card they go onto, the cards that
    came into play by the move (a space filled, a card turned), and, for a step that only explains
    or shows a refusal, every card face up."""
    if step.move is None or step.expect_refused:
        return face_up(before)
    move = Move.parse(step.move)
    allowed: Counter = Counter()
    for source in move.sources:
        allowed += Counter(before.piles[source][-max(1, move.count):] if source != "s" else [])
    allowed += Counter(before.piles[move.dst][-1:])
    for pile, cards in after.piles.items():
        if pile != "s":
            allowed += Counter(cards) - Counter(before.piles.get(pile, []))
    return allowed


@pytest.mark.parametrize("scenario_id", IDS)
def test_each_card_a_step_names_is_one_its_move_moves_meets_or_brings(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    wrong = []
    for start, steps in step_sequences(scenario):
        position = start.copy()
        for number, step in enumerate(steps, start=1):
            before = position.copy()
            if step.move is not None and not step.expect_refused:
                position.play(step.move)
            allowed = where_a_step_speaks(step, before, position)
            for key, card in literal_cards(step.narration):  # CardAt, CardIn: read and checked when drawn
                if card not in allowed:
                    wrong.append(f"step {number} ({step.move}): {{{key}}} = {card} is not where the sentence puts it: "
                                 f"“{step.narration.render('en')}”")
    assert not wrong, "\n".join(wrong)


def test_a_card_named_by_where_it_lies_is_read_from_the_position() -> None:
    """Fortune's Favour's tip 3: the pile emptied by the move takes a card from the stock, and the
    sentence names that card, whatever it is."""
    scenario = get_scenario("ff-tip-3")
    step = scenario.steps[0]
    assert isinstance(step.narration.params["new"], CardAt)
    track = scenario_tracks(scenario)[0]
    after = track.frames[-1].position
    said = track.frames[1].narration[0].render("en")
    from tutor.i18n import card_short

    assert said.endswith(f"the {card_short(after.piles['t3'][-1], 'en')}."), said
    assert "Q♦" not in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_exercise_names_only_cards_on_its_board(lang: str) -> None:
    """An exercise's words (the task, the answer to a wrong move, the right move once shown) name
    only cards that lie face up on its board."""
    from tutor.lessons import all_exercises
    from tutor.web.protocol import Session

    wrong = []
    for exercise in all_exercises():
        session = Session()
        session.handle({"widget": "p", "action": "open", "spec": f"practice: {exercise.game}", "lang": lang})
        said = [session.handle({"widget": "p", "action": "start", "hash": f"practice={exercise.id}"})]
        board = face_up(exercise.position())
        for _ in range(2):  # the trap twice: the coach's answer, then the right move shown
            said.append(session.handle({"widget": "p", "action": "move", "move": exercise.trap}))
        for answer in said:
            assert answer["ok"], answer["message"]
            text = re.sub(r"<svg.*?</svg>", " ", answer["html"], flags=re.S)
            text = re.sub(r"<[^>]+>", " ", text) + " " + answer["message"]
            wrong += [f"{exercise.id} ({lang}): {card} in “{' '.join(text.split())[:300]}”"
                      for card in glyph_cards(text) if card not in board]
    assert not wrong, "\n".join(wrong)


# --- the tasks (issue 23): every card their words name is read from the position -----------------------

TASK_IDS = [task.id for task in all_tasks()]


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_a_task_names_no_card_typed_in(task_id: str) -> None:
    """A task's goal and answers name a card by where it lies (``CardAt``) or with where they say it
    lies (``CardIn``), never as a card typed in: the position decides which card it is."""
    task = get_task(task_id)
    typed = [f"{name}: {{{key}}} = {card}" for name, text in zip(("goal", "right", "wrong"), task.texts(), strict=True)
             for key, card in literal_cards(text)]
    assert not typed, "\n".join(typed)


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_every_card_a_task_names_lies_face_up_on_its_board(task_id: str) -> None:
    """Each card a task's words name (both languages, as the widget says them) lies face up on the
    board the learner sees: the task's position, or for the right answer's words the position
    after any accepted answer; or the words say where it lies (``CardIn``)."""
    task = get_task(task_id)
    start = task.position()
    answers = task.answers if task.kind is MAKE_MOVE else (None,)
    wrong = []
    for answer in answers:
        after = task.answered(answer)
        for name, text, before_after in (("goal", task.goal, (start, start)), ("right", task.right, (start, after)),
                                         ("wrong", task.wrong, (start, start))):
            allowed = face_up(before_after[0]) + face_up(before_after[1]) + referenced(text, *before_after)
            for lang in LANGUAGES:
                said = task.said(text, *before_after).render(lang)
                wrong += [f"{name} ({lang}): {card} is not on the board: “{said}”"
                          for card in spoken(text, *before_after, lang) if card not in allowed]
    assert not wrong, "\n".join(wrong)
