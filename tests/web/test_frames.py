"""tutor.web.frames: the frames of a guided example, each move drawn on the position before it."""

from __future__ import annotations

import pytest

from tutor.i18n import Text
from tutor.lessons import Scenario, Step, all_scenarios, get_scenario
from tutor.web.frames import pile_matches, scenario_tracks
from tutor.web.protocol import DirectiveError
from tutor.engine import IllegalMove, Move


SCENARIO_IDS = [scenario.id for scenario in all_scenarios()]


@pytest.mark.parametrize("scenario_id", SCENARIO_IDS)
def test_every_move_frame_draws_the_position_before_its_move_and_the_next_frame_the_result(scenario_id):
    """A frame that shows a move draws the position before it; the next frame is the engine's
    position after it (after the move: before the first compulsory action, which is a frame of its
    own); a refused move leaves the position as it was; start and end show no arrow."""
    scenario = get_scenario(scenario_id)
    for track in scenario_tracks(scenario):
        expected_next: list = []  # the positions the beats of the current move lead to, in order
        assert not track.frames[0].highlight.arrows and not track.frames[-1].highlight.arrows
        for frame, after in zip(track.frames, track.frames[1:]):
            if frame.refused is not None:
                assert frame.highlight.refused and after.position.state_key() == frame.position.state_key()
                continue
            if frame.move is None:
                continue
            if not frame.forced:
                position = frame.position.copy()
                beats = position.play_beats(frame.move)
                expected_next = [before.state_key() for _, _, before in beats[1:]] + [position.state_key()]
                assert not any(forced for _, forced, _ in beats[:1])
            assert after.position.state_key() == expected_next.pop(0)
            assert {arrow.src for arrow in frame.highlight.arrows} == set(Move.parse(frame.move).sources)


def refused_example(move: str, refused: bool = True) -> Scenario:
    base = get_scenario("ff-worked-example")
    return Scenario(id="test-refused", game=base.game, variant=base.variant, cards=base.cards, title=base.title,
                    alt=base.alt, steps=(Step(move, Text("ui", "Next"), expect_refused=refused),))


def test_a_refused_step_narrates_the_engines_reason_and_keeps_the_position():
    """Fortune's Favour: "move the top card … onto its foundation if it is the next card of that
    suit" — the 5♣ is not the next card on the Ace of hearts, so the step shows the refusal."""
    scenario = refused_example("t9-f3")
    start, refused, end = scenario_tracks(scenario)[0].frames
    with pytest.raises(IllegalMove) as caught:
        scenario.start_position().play("t9-f3")
    assert refused.refused is not None
    for lang in ("en", "de"):
        assert refused.refused.render(lang) == caught.value.message(lang)
    assert refused.position.state_key() == start.position.state_key() == end.position.state_key()
    assert refused.highlight.move == ("t9", "f3") and refused.highlight.refused
    assert not end.highlight.arrows


def test_a_step_meant_to_be_refused_that_is_legal_stops_the_build():
    with pytest.raises(DirectiveError) as caught:
        scenario_tracks(refused_example("t2-f2"))
    assert "t2-f2" in caught.value.message("en") and "test-refused" in caught.value.message("en")


def test_an_illegal_step_stops_the_build_naming_scenario_and_step():
    with pytest.raises(DirectiveError) as caught:
        scenario_tracks(refused_example("t9-f3", refused=False))
    assert "test-refused" in caught.value.message("en") and "step 1" in caught.value.message("en")


def test_pile_names_are_ids_or_letter_prefixes():
    assert pile_matches("t1", ("t",)) and pile_matches("t12", ("t1", "t12"))
    assert not pile_matches("t10", ("t1",)) and not pile_matches("f1", ("t",))
    assert pile_matches("s", ("s",)) and not pile_matches("s", ("w",))
