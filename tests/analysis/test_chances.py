"""The fair chance to win, move by move (tutor/analysis/chances.py, Forty Thieves' sampler and expert in
tutor/games/forty_thieves/chances.py): deterministic for a seed, blind to the talon's order (the same
check as the fair player's own blind test), a costly move's better move legal in its position and
its drop significant, and the words in every language. Small expert budgets and sample counts keep
it fast."""

from __future__ import annotations

import random

import pytest

from tutor.analysis.chances import SIGNIFICANCE, FairChances, fair_chances_of, mcnemar_p, spread
from tutor.analysis.players import get_strategy, play_out
from tutor.analysis.review import Review
from tutor.analysis.review_words import chances_texts, review_json
from tutor.engine import game_ids, get_rules
from tutor.engine.lean import kernel_for
from tutor.games.forty_thieves.chances import ExpertChances
from tutor.i18n import LANGUAGES

RULES = get_rules("forty-thieves")
BOARD = kernel_for(RULES)
STRETCH = (80, 88)  # moves 81 to 88 of the tips player's game of deal 1: turns where a waste card had a place


def tips_game(deal: int) -> tuple[list, list]:
    """The tips player's game of ``deal``: its lean positions (one before each move, and the last) and moves."""
    record: list = []
    play_out(BOARD, BOARD.deal(deal), get_strategy(BOARD, "tips"), record=record)
    states = [BOARD.deal(deal)]
    for move in record:
        states.append(BOARD.play(states[-1], move))
    return states, record


STATES, MOVES = tips_game(1)


def small_expert() -> ExpertChances:
    return ExpertChances(BOARD, expansions=100, endgame_expansions=500)


def stretch_chances(seed: int = 1) -> FairChances:
    first, last = STRETCH
    chances = FairChances(BOARD, STATES[first:last + 1], MOVES[first:last], small_expert(), seed=seed,
                          first_samples=8, max_samples=32)
    chances.run()
    return chances


@pytest.fixture(scope="module")
def chances() -> FairChances:
    return stretch_chances()


def test_mcnemars_exact_test():
    assert mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(6, 0) == pytest.approx(2 / 64)
    assert mcnemar_p(5, 0) == pytest.approx(2 / 32) and mcnemar_p(5, 0) > SIGNIFICANCE
    assert mcnemar_p(3, 4) == mcnemar_p(4, 3) == 1.0


def test_the_chances_are_deterministic_for_a_seed(chances):
    again = stretch_chances()
    assert again.chances == chances.chances and again.costly_moves() == chances.costly_moves()
    assert chances.finished and all(len(outcomes) >= chances.first_samples for outcomes in chances.chances)


def test_a_costly_moves_better_move_is_legal_and_its_drop_significant(chances):
    """The stretch's turns that left a waste card with a place are named, each with the expert's move,
    which the engine plays in the position before it, and a drop McNemar's test finds at 95 %."""
    costly = chances.costly_moves()
    assert costly
    first = STRETCH[0]
    for move in costly:
        outcomes = chances.outcomes[move.index]
        assert move.p_value < SIGNIFICANCE and move.p_value == outcomes.p_value()
        assert move.better_chance > move.chance_after and move.samples == outcomes.samples > chances.first_samples
        position = RULES.deal(1)
        for played in MOVES[:first + move.index]:
            position.play(BOARD.notation(played))
        better = BOARD.notation(move.better_move)
        assert better in {str(m) for m in position.legal_moves()}
        assert better != BOARD.notation(MOVES[first + move.index])


def test_the_chances_never_read_the_talons_order():
    """Twins that differ only in the talon's order (random positions of random walks, first pass) get
    the same samples, the same expert move and the same chances and outcomes for a move from there."""
    rng = random.Random(11)
    checked = 0
    for number in range(6):
        state = BOARD.deal(number)
        for _ in range(rng.randint(0, 40)):
            state = BOARD.play(state, rng.choice(BOARD.moves(state)))
        if state[4] != 1 or len(state[2]) < 2:
            continue
        talon = list(state[2])
        rng.shuffle(talon)
        twin = (state[0], state[1], tuple(talon), state[3], state[4])
        fair_a, fair_b = small_expert(), small_expert()
        assert all(fair_a.sample(state, 3, j) == fair_b.sample(twin, 3, j) for j in range(5))
        assert fair_a.move(state) == fair_b.move(twin)
        move = rng.choice(BOARD.moves(state))
        a = FairChances(BOARD, [state, BOARD.play(state, move)], [move], fair_a, seed=3, first_samples=2,
                        max_samples=4)
        b = FairChances(BOARD, [twin, BOARD.play(twin, move)], [move], fair_b, seed=3, first_samples=2,
                        max_samples=4)
        a.run()
        b.run()
        assert a.chances[0] == b.chances[0] and a.outcomes == b.outcomes and a.fair_moves == b.fair_moves
        checked += 1
    assert checked >= 3


def test_the_experts_line_is_its_play_when_it_wins():
    """``line`` gives the expert's moves from a position exactly when ``wins`` says it wins, and they
    win on the board; from the real positions of a game this is the review's quick winning line."""
    lines, wins = ExpertChances(BOARD), ExpertChances(BOARD)
    won = 0
    for state in STATES[78:92:2]:  # the expert wins from the first of them, not from the last
        line = lines.line(state)
        assert (line is not None) == wins.wins(state)
        if line is not None:
            for move in line:
                assert move in BOARD.moves(state)
                state = BOARD.play(state, move)
            assert BOARD.is_won(state)
            won += 1
    assert 0 < won < len(STATES[78:92:2])


def test_the_review_names_the_costly_moves_in_words_and_json(chances):
    review = stretch_review()
    review.chances = chances
    data = review_json(review, "en")
    assert [c["move_number"] - 1 for c in data["costly_moves"]] == [c.index for c in chances.costly_moves()]
    for entry in data["costly_moves"]:
        assert set(entry) == {"move_number", "chance_before", "chance_after", "better_move_notation",
                              "better_chance", "samples", "p_value"}
    assert len(data["positions"]) == len(chances.states) and data["positions"][0]["chance"] is not None
    worst = chances.costly_moves()[0]
    english = [t.render("en") for t in chances_texts(review)]
    assert english[0].startswith(f"Move {worst.index + 1}: You turned up the ")
    assert english[1].startswith(f"This dropped your chance to win from {round(100 * worst.chance_before)}% to "
                                 f"{round(100 * worst.chance_after)}%; the expert player's move kept ")
    assert "McNemar" in english[-1]
    for lang in LANGUAGES:
        said = " ".join(t.render(lang) for t in chances_texts(review))
        assert said and "{" not in said and BOARD.notation(worst.better_move) not in said
    german = " ".join(t.render("de") for t in chances_texts(review))
    assert "Gewinnchance" in german and "Expertenspieler" in german


def stretch_review() -> Review:
    """A review of the stretch's moves, for its words (its own searches are not run)."""
    first, last = STRETCH
    position = RULES.deal(1)
    for move in MOVES[:first]:
        position.play(BOARD.notation(move))
    return Review(position, [BOARD.notation(m) for m in MOVES[first:last]], time_limit=0.01)


def test_the_costly_moves_are_named_before_the_chart_is_refined(chances):
    """Once every move is looked at, the costly moves are final and said, while the chart is still
    being refined: the same moves and words as when all is done."""
    first, last = STRETCH
    early = FairChances(BOARD, STATES[first:last + 1], MOVES[first:last], small_expert(), seed=1,
                        first_samples=8, max_samples=32)
    while not early.costly_final:
        assert early.step() and early.running
    done, running = stretch_review(), stretch_review()
    done.chances, running.chances = chances, early
    assert early.costly_moves() == chances.costly_moves()
    assert [t.render("en") for t in chances_texts(running)] == [t.render("en") for t in chances_texts(done)]


def test_a_game_without_a_significant_drop_says_so():
    chances = FairChances(BOARD, STATES[:4], MOVES[:3], small_expert(), seed=1, first_samples=2, max_samples=4)
    chances.run()
    review = Review(RULES.deal(1), [BOARD.notation(m) for m in MOVES[:3]], time_limit=0.01)
    review.chances = chances
    assert chances.costly_moves() == []
    assert chances_texts(review)[0].render("en") == "No move of yours cost a significant share of your chance to win."


def test_only_games_with_fair_chances_get_them():
    for game in game_ids():
        kernel = kernel_for(get_rules(game))
        fair = fair_chances_of(kernel)
        if fair is not None:
            state = kernel.deal(1)
            assert fair.move(state) in kernel.moves(state)
            assert fair.sample(state, 0, 0) == fair.sample(state, 0, 0)
    assert fair_chances_of(BOARD) is not None


def test_the_first_pass_covers_the_whole_game_early():
    for count in range(0, 140):
        order = spread(count)
        assert sorted(order) == list(range(count))
        if count > 1:
            assert count - 1 in order[:count // 16 + 2] and 0 == order[0]


def test_the_progress_says_what_is_being_worked_out():
    """While the chances are worked out the review says where they stand, truthfully at each stage:
    positions looked at while the first rough chart is drawn; then, with every position drawn, the
    moves compared so far; then the closer look at the moves that may have cost chance. It never
    says "all positions looked at" while the moves are being compared."""
    first, last = STRETCH
    review = stretch_review()
    review.chances = chances = FairChances(BOARD, STATES[first:last + 1], MOVES[first:last], small_expert(),
                                           seed=1, first_samples=8, max_samples=32)
    said = []
    while not chances.costly_final:
        said.append(" ".join(text.render("en") for text in chances_texts(review)))
        for lang in LANGUAGES:
            assert all(text.render(lang) for text in chances_texts(review))
        assert chances.step()

    def stage(text: str) -> int:
        return 0 if "positions looked at" in text else 1 if "compared with the expert player's" in text else 2

    assert [stage(text) for text in said] == sorted(stage(text) for text in said)  # never back to an earlier stage
    assert {stage(text) for text in said} == {0, 1, 2}
    compared = [text for text in said if stage(text) == 1]
    assert all(text.startswith("Your chance to win is drawn roughly for every position.") for text in compared)
    counts = [int(text.rsplit(": ", 1)[1].split(" of ")[0]) for text in compared]
    assert counts == sorted(counts) and max(counts) < len(chances.moves)
