"""Every exercise of every game teaches its tip (tutor/games/<game>/lessons/exercises.py, judged by what
each game's tips part says its tips ask for, ``ASKS``: tutor.analysis.coach.asked): its answers are
legal and do what the tip asks for, and they are every such move that no tip speaks against; its trap
gets the tip's own remark; the right answer says why from the position, naming a card the move moves
or frees; a miss names the tip's idea and never the answer's card."""

from __future__ import annotations

import re

import pytest

from tutor.analysis import coach
from tutor.engine.contract import optional_name, tips_of
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES, Text, card_short
from tutor.lessons import all_exercises, exercises_of, first_exercise_for
from tutor.web.widgets.practice import touched_cards, why_not

EXERCISES = all_exercises()
NOTATION = re.compile(r"\b[twfsrkj]\d*[-+][twfsrkj]\d*\b")  # a move as the engine writes it: never said


def _legal(position) -> list:
    return [position.canonical(move) for move in position.legal_moves()]


def _said(texts, lang: str) -> str:
    return " ".join(text.render(lang) for text in texts)


@pytest.mark.parametrize("game", game_ids())
def test_every_tip_with_exercises_says_what_it_asks_for_in_words_that_name_no_card(game: str) -> None:
    tips = {exercise.tip for exercise in exercises_of(game)}
    assert tips, f"{game} has no exercises"
    for tip in tips:
        asks = coach.tip_asks(game, tip)
        assert asks is not None, f"{game}: tip {tip} has exercises but does not say what it asks for"
        assert coach.named_cards(asks.idea) == set()
        for lang in LANGUAGES:
            idea = asks.idea.render(lang)
            assert f"{tip}" in idea and not NOTATION.search(idea), idea
    assert set(optional_name(game, "tips", "ASKS")) <= set(range(1, len(tips_of(game).TIP_TEXTS) + 1))


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_the_answers_are_every_move_the_tip_asks_for_that_no_tip_speaks_against(exercise) -> None:
    position = exercise.position()
    legal = _legal(position)
    for answer in exercise.answers:
        assert position.canonical(answer) in legal, f"{answer} is not legal"
        assert coach.asked(position, answer, exercise.tip) is not None, f"{answer} does not do what the tip asks for"
    accepted = {str(move) for move in legal
                if coach.asked(position, move, exercise.tip) is not None and not coach.judge(position, move)}
    assert accepted == set(exercise.answers)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_the_trap_gets_the_tips_own_remark(exercise) -> None:
    position = exercise.position()
    remark = coach.remark_for(position, exercise.trap, tip=exercise.tip)
    assert remark is not None and remark.tip == exercise.tip and remark.kind == coach.WARNING
    assert coach.asked(position, exercise.trap, exercise.tip) is None
    for lang in LANGUAGES:
        said = _said(why_not(position, exercise, exercise.trap), lang)
        assert remark.would.render(lang) in said or exercise.idea().render(lang) in said, said


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_the_right_answer_says_why_naming_a_card_the_move_moves_or_frees(exercise) -> None:
    position = exercise.position()
    for answer in exercise.answers:
        move = position.canonical(answer)
        said = coach.asked(position, move, exercise.tip)
        assert said.card in coach.moved_cards(position, move) + coach.freed_cards(position, move)
        assert said.card in coach.named_cards(said.why)
        for lang in LANGUAGES:
            right = exercise.right(position, answer).render(lang)
            assert card_short(said.card, lang) in right and said.why.render(lang) in right
            assert right.count(". ") == 0 and not NOTATION.search(right), right  # one sentence, no notation


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_a_miss_names_the_tips_idea_and_never_the_answers_card(exercise) -> None:
    """Every legal move but the answers is a miss, and so is a trap the rules refuse: what it hears
    names no card the answers move (unless the miss moves that card or aims at it), and a move no remark of
    its own can be said of hears the tip's idea. The answer is what "Show me" gives."""
    position = exercise.position()
    answer_cards = {card for answer in exercise.answers
                    for card in coach.moved_cards(position, position.canonical(answer))}
    trap = position.canonical(exercise.trap)
    for move in [*_legal(position), *([] if position.is_legal(trap) else [trap])]:  # a trap the rules refuse too
        if str(move) in exercise.answers:
            continue
        hidden = answer_cards - touched_cards(position, move)  # a miss may name what it moves or aims at
        texts = why_not(position, exercise, move)
        for lang in LANGUAGES:
            said = _said(texts, lang)
            assert not any(card_short(card, lang) in said for card in hidden), (str(move), said)
        remark = coach.remark_for(position, move, tip=exercise.tip)
        if remark is None or coach.named_cards(remark.would) & hidden:
            assert exercise.idea() in texts or any(exercise.idea() in text.params.values() for text in texts)


def test_forty_thieves_first_exercise_of_tip_1_refuses_a_move_that_leaves_the_empty_column_alone() -> None:
    """The issue: tip 1 ("empty columns are the most valuable resource") accepted the 10♥ from the
    waste onto the J♥, a move that has nothing to do with an empty column. Now every move that neither
    empties a column nor goes into one is refused, with the tip's idea."""
    exercise = first_exercise_for("forty-thieves", 1)
    position = exercise.position()
    empty = {pile for pile, cards in position.piles.items() if pile.startswith("t") and not cards}
    assert empty, "the exercise has an empty column to teach with"
    untouched = [move for move in _legal(position)
                 if move.dst not in empty and not coach.empties_pile(position, move) and move.src != "s"]
    assert untouched, "the position offers a move that leaves the empty column alone"
    for move in untouched:
        assert str(move) not in exercise.answers
        assert coach.asked(position, move, 1) is None
        if not coach.judge(position, move):  # a move no tip speaks against: allowed, but not tip 1's
            assert why_not(position, exercise, move) == [
                Text("ui", "That move is allowed, but it is not what tip {number} asks for.", number=1),
                exercise.idea()]
    for answer in exercise.answers:
        move = position.canonical(answer)
        assert move.dst in empty or coach.empties_pile(position, move)
