"""Scenarios (tutor/scenarios): every start position is a legal deal, every step is legal in the
engine, and the worked examples are the examples of the rules texts."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.cards import Card
from tutor.games import Move, get_rules
from tutor.i18n import Text
from tutor.scenarios import Scenario, Step, UnknownScenario, all_scenarios, get_scenario

REQUIRED = ("ff-setup", "ff-worked-example", "qa-setup", "qa-worked-example", "ft-setup", "ft-worked-example")


def engine_ready(game: str) -> bool:
    try:
        get_rules(game).deal(1)
    except NotImplementedError:
        return False
    return True


def start(scenario_id: str):
    scenario = get_scenario(scenario_id)
    if not engine_ready(scenario.game):
        pytest.skip(f"the {scenario.game} engine is not there yet")
    return scenario, scenario.start_position()


def named_cards(text: Text) -> list[Card]:
    found: list[Card] = []
    for value in text.params.values():
        values = value if isinstance(value, (tuple, list)) else (value,)
        found += [v for v in values if isinstance(v, Card)]
    return found


def player_moves(position) -> set[str]:
    """The legal moves other than turning the stock (which a game may allow at any time or only when
    nothing else goes)."""
    return {str(m) for m in position.legal_moves()} - {"s-w"}


def test_the_required_scenarios_exist() -> None:
    ids = [scenario.id for scenario in all_scenarios()]
    assert set(REQUIRED) <= set(ids)
    assert len(ids) == len(set(ids))


def test_an_unknown_id_names_itself_and_the_known_ids() -> None:
    with pytest.raises(KeyError) as caught:
        get_scenario("ff-nonsense")
    assert isinstance(caught.value, UnknownScenario)
    message = str(caught.value)
    assert "ff-nonsense" in message and all(known in message for known in REQUIRED)


@pytest.mark.parametrize("scenario_id", REQUIRED)
def test_every_scenario_is_data_with_texts_in_both_languages(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    assert isinstance(scenario, Scenario)
    for text in (scenario.title, scenario.alt, *(step.narration for step in scenario.steps)):
        assert text.context == scenario.game
        english, german = text.render("en"), text.render("de")
        assert english and german and english != german, text.msgid


@pytest.mark.parametrize("scenario_id", REQUIRED)
def test_every_picture_is_a_legal_position_of_its_game(scenario_id: str) -> None:
    scenario, position = start(scenario_id)
    assert position.card_string().split() == scenario.cards.split()


def replay(scenario_id: str):
    """Play every step; yield (step, position before, position after)."""
    scenario, position = start(scenario_id)
    for step in scenario.steps:
        before = position.copy()
        for pile in step.highlight:
            assert pile in position.piles, (step, pile)
        if step.move is not None:
            assert position.is_legal(step.move), (step.move, [str(m) for m in position.legal_moves()])
            position.play(step.move)
        yield step, before, position


def moved_cards(before, after) -> Counter:
    """Cards that arrived on a pile (the player's move and whatever the rules forced after it)."""
    arrived: Counter = Counter()
    for pile, cards in after.piles.items():
        arrived += Counter(cards) - Counter(before.piles[pile])
    return arrived


@pytest.mark.parametrize("scenario_id", [s for s in REQUIRED if s.endswith("worked-example")])
def test_every_step_is_legal_and_names_the_cards_it_moves(scenario_id: str) -> None:
    for step, before, after in replay(scenario_id):
        named = Counter(named_cards(step.narration))
        if step.move is None:
            continue
        move = Move.parse(step.move)
        src_cards: Counter = Counter()
        for source in move.sources:
            src_cards += Counter(before.piles[source][-move.count:])
        assert src_cards <= named, f"{step.move}: the narration does not name {src_cards - named}"
        onto = Counter(before.piles[move.dst][-1:])
        arrived = moved_cards(before, after)
        assert named <= arrived + onto, f"{step.move}: the narration names {named - arrived - onto}"


def test_fortunes_favour_example_is_the_texts_example() -> None:
    """"In the layout above, move the 2♦ and the 2♣ onto their Aces. That leaves two spaces, and the
    waste is still empty, so fill both from the stock – say with a 6♣ and a 3♦. The 3♦ goes straight
    onto the 2♦ (and its space is filled from the stock again), and the 5♣ can move onto the 6♣,
    making yet another space." """
    scenario, position = start("ff-worked-example")
    tableau = {position.piles[f"t{i}"][-1].code for i in range(1, 13)}
    assert {"2D", "2C", "5C"} <= tableau
    assert [c.code for c in position.piles["s"][-2:]] == ["3D", "6C"]  # 6♣ on top, then 3♦
    assert player_moves(position) == {"t2-f2", "t5-f1"}, "no distracting moves"
    for step in scenario.steps:
        position.play(step.move)
    assert [c.code for c in position.piles["f2"]][-2:] == ["2D", "3D"]
    assert position.piles["f1"][-1].code == "2C"
    assert [c.code for c in position.piles["t2"]] == ["6C", "5C"]
    assert all(position.piles[f"t{i}"] for i in range(1, 13)), "every space was filled from the stock"
    assert player_moves(position) == set()


def test_queens_audience_example_is_the_texts_example() -> None:
    """"Im Bild oben sind K♥ und D♥ beide da, also kommen sie zusammen in den Audienzsaal. Auch B♠ und
    A♠ sind da: Der B♠ kommt als erster Zielstapel auf das A♠, und die 10♠ folgt gleich. Jetzt gibt es
    fünf Lücken; der Abwurfstapel ist noch leer, also füllst du sie aus dem Vorrat. Der B♦ muss
    warten, bis das A♦ auftaucht, die D♦, bis der K♦ kommt." """
    scenario, position = start("qa-worked-example")
    square = {position.piles[f"r{i}"][-1].code for i in range(1, 17)}
    assert {"KH", "QH", "JS", "AS", "TS", "JD", "QD"} <= square
    assert not {"AD", "KD"} & square
    assert player_moves(position) == {"r2+r10-k3", "r8+r4-j4"}
    for step in scenario.steps:
        if step.move:
            position.play(step.move)
    filled_from_stock = [e for e in position.history if e.forced and e.move.src == "s"]
    assert len(filled_from_stock) == 5
    assert [c.code for c in position.piles["j4"]] == ["AS", "JS", "TS"]
    square = {position.piles[f"r{i}"][-1].code for i in range(1, 17)}
    assert {"JD", "QD"} <= square
    assert player_moves(position) == set()


def test_forty_thieves_example_is_the_texts_example() -> None:
    """"Beispiel: 6♦ darf auf 7♦ gelegt werden, aber nicht auf 7♥ oder auf 7♦, wenn dort bereits eine
    6 liegt." """
    scenario, position = start("ft-worked-example")
    tops = [position.piles[f"t{i}"][-1].code for i in range(1, 11)]
    assert tops[:3] == ["6D", "7D", "7H"]
    assert [c.code for c in position.piles["t4"][-2:]] == ["7D", "6C"]
    assert not position.is_legal("t1-t3"), "6♦ may not go onto 7♥"
    assert not position.is_legal("t1-t4"), "6♦ may not go onto a 7♦ that already has a 6 on it"
    assert player_moves(position) == {"t1-t2"}, "no distracting moves"
    for step in scenario.steps:
        if step.move:
            position.play(step.move)
    assert [c.code for c in position.piles["t2"][-2:]] == ["7D", "6D"]


def test_setup_pictures_show_the_setup() -> None:
    """Forty Thieves' ten columns of four; the Queen's Audience square of sixteen with the hall
    empty inside; Fortune's Favour's twelve cards below the four Aces."""
    _, ft = start("ft-setup")
    assert [len(ft.piles[f"t{i}"]) for i in range(1, 11)] == [4] * 10 and len(ft.piles["s"]) == 64
    _, qa = start("qa-setup")
    assert all(len(qa.piles[f"r{i}"]) == 1 for i in range(1, 17)) and len(qa.piles["s"]) == 36
    assert not any(qa.piles[f"k{i}"] or qa.piles[f"j{i}"] for i in range(1, 5))
    _, ff = start("ff-setup")
    assert [ff.piles[f"f{i}"][-1].rank for i in range(1, 5)] == [1] * 4
    assert all(len(ff.piles[f"t{i}"]) == 1 for i in range(1, 13)) and len(ff.piles["s"]) == 36


def test_step_is_a_frozen_value() -> None:
    step = Step("t1-t2", Text("forty-thieves", "Move {move}", move="t1-t2"))
    with pytest.raises(AttributeError):
        step.move = "t2-t1"  # type: ignore[misc]
    assert step.highlight == ()
