"""tutor.web.widgets.task_items: what a rules section's task answers, about the move the learner made
(issue 39)."""

from __future__ import annotations

import pytest
from card_words import names

from tutor.engine import Move
from tutor.engine.shape import move_shape
from tutor.glossary import term
from tutor.i18n import LANGUAGES, Text
from tutor.tasks import all_tasks, get_task
from tutor.tasks.kinds import WHAT_NEXT
from tutor.web.widgets.task_items import TaskItem

TASK_IDS = [task.id for task in all_tasks() if task.kind is not WHAT_NEXT]  # a what-next task is answered by a pick


def the_moves_own_words(position, move, lang: str) -> list[str]:
    """What a sentence about ``move`` must name, one of them: its moving card with an article, or,
    for turning the stock and the redeal, the stock or the waste in the game's words."""
    shape = move_shape(position, move)
    game = position.rules.game_id
    if shape.is_turn or shape.target_kind == "stock":
        return [term(game, "stock").render(lang), term(game, "waste").render(lang)]
    return [position.piles[source][-move.count if source == move.sources[0] else -1] for source in move.sources]


def answer_breaks(task, answer=None) -> list[str]:
    """Every legal move of the task's position that is not an answer whose words (``answer(position,
    move)``, the widget's ``TaskItem.wrong`` unless given), in some language, name neither the move's
    own moving card nor (turning the stock, a redeal) the stock or the waste."""
    item = TaskItem(task)
    answer = answer or item.wrong
    position = item.position()
    answers = {position.canonical(answer) for answer in task.answers if position.is_legal(answer)}
    broken = []
    for move in position.legal_moves():
        if position.canonical(move) in answers:
            continue
        texts = answer(position, move)
        for lang in LANGUAGES:
            said = " ".join(text.render(lang) for text in texts)
            own = the_moves_own_words(position, move, lang)
            if not any(names(said, word, lang) if not isinstance(word, str) else word.lower() in said.lower()
                       for word in own):
                broken.append(f"{task.id} {move} ({lang}): “{said}” names none of {own}")
    return broken


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_every_answer_to_a_legal_move_names_that_move(task_id):
    """Each legal move of a task's position that is not an answer gets words about that move: its own
    card with an article ("the 7♣"), or the stock (the waste) where the stock is turned or the waste
    turned over; never a sentence about another move ("that card goes onto the tableau" for a turn)."""
    assert not answer_breaks(get_task(task_id))



def test_the_answer_check_finds_a_sentence_about_another_move():
    """Fortune's Favour's find-them-all setup task once answered every legal move, turning the stock
    too, with one sentence about a card going onto the tableau: the check names that answer."""
    task = get_task("ff-setup-twos")
    broken = answer_breaks(task, lambda position, move: [Text("fortunes-favour", "Allowed, but that card goes onto "
                                                                                 "the tableau, not onto an Ace.")])
    assert any(line.startswith("ff-setup-twos s-w ") for line in broken)


WHAT_NEXT_IDS = [task.id for task in all_tasks() if task.kind is WHAT_NEXT]


@pytest.mark.parametrize("task_id", WHAT_NEXT_IDS)
def test_a_wrong_pick_in_a_what_next_task_names_the_picked_card(task_id):
    """A what-next task is answered by picking the card the rules move next; a pick of another pile
    is answered about that pick: its top card by name where it lies face up ("Not the 7♣."), "Not
    that one." where none shows, then the task's reason."""
    task = get_task(task_id)
    item = TaskItem(task)
    position = item.position()
    right = set(Move.parse(task.answers[0]).sources)
    views = {view.id: view for view in position.layout()}
    for pile, cards in position.piles.items():
        if pile in right:
            continue
        texts = item.wrong(position, None, pile)
        assert texts[1:] == [task.said(task.wrong, position, position)]
        for lang in LANGUAGES:
            said = texts[0].render(lang)
            if len(cards) > views[pile].face_down:
                assert names(said, cards[-1], lang), (pile, said)
            else:
                assert said == Text("ui", "Not that one.").render(lang), (pile, said)
