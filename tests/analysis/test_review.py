"""A game's review (tutor/analysis/review.py, review_words.py): the turning point is claimed only with
proof on both sides — its winning line replays to a win in the engine, and the position after the
turning move is lost by a search of its own; Queen's Audience, where the order of play never matters
(measured here on thousands of positions with a choice), claims no turning point and says why; Forty
Thieves positions that a tiny budget cannot decide are said to be undecided, never a turning point."""

from __future__ import annotations

import random
import time

import pytest

from tutor.analysis.players import get_strategy, play_out
from tutor.analysis.review import FOLLOWS_LINE, FOLLOWS_LOSS, HINDSIGHT, SEARCHED, SEEN, Review, playable_moves
from tutor.analysis.review_words import review_json, stretch_text, stretches, summary, undecided_texts
from tutor.analysis.solve import LOST, UNKNOWN, WON, solve_state
from tutor.engine import IllegalMove, get_rules, iter_variants
from tutor.engine.contract import tips_of
from tutor.engine.lean import kernel_for
from tutor.i18n import LANGUAGES


def random_game(rules, deal: int, rng: random.Random, limit: int = 2000) -> tuple[object, list[str]]:
    """Random play of deal ``deal`` to its end: the final position and the moves."""
    position = rules.deal(deal)
    moves: list[str] = []
    while not position.is_over() and len(moves) < limit:
        move = rng.choice(position.legal_moves())
        position.play(move)
        moves.append(str(move))
    return position, moves


def lost_games_on_winnable_deals(game: str, variant: str, count: int, seed: int) -> list[tuple[int, list[str]]]:
    """``count`` games lost by random play on deals the search wins (deal numbers from 1 on)."""
    rules = get_rules(game, variant)
    kernel = kernel_for(rules)
    rng = random.Random(seed)
    games: list[tuple[int, list[str]]] = []
    deal = 0
    while len(games) < count:
        deal += 1
        if solve_state(kernel, kernel.deal(deal), 5, None, time.process_time).result != WON:
            continue
        final, moves = random_game(rules, deal, rng)
        if not final.is_won():
            games.append((deal, moves))
    return games


def replays_to_a_win(position, line) -> bool:
    position = position.copy()
    for move in line:
        position.play(move)
    return position.is_won()


FF_GAMES = lost_games_on_winnable_deals("fortunes-favour", "", 50, seed=27)


@pytest.fixture(scope="module")
def ff_reviews() -> list[Review]:
    rules = get_rules("fortunes-favour")
    reviews = []
    for deal, moves in FF_GAMES:
        review = Review(rules.deal(deal), moves)
        review.run()
        reviews.append(review)
    return reviews


def test_every_lost_fortunes_favour_game_has_a_turning_point_proven_on_both_sides(ff_reviews):
    """50 games of random play, each on a deal the search wins, each lost: the review names the
    move after which the deal could no longer be won, a different move that wins instead, and a
    line from there that the engine plays to a win; the position after the move is lost by a
    search of its own (without the review's shared proofs)."""
    for review in ff_reviews:
        point = review.turning_point
        assert review.finished and point is not None, review.start.deal_number
        before = review.position_before(point.index)
        assert point.alternative == point.line[0] != point.move
        assert replays_to_a_win(before, point.line)
        kernel = kernel_for(review.rules)
        assert solve_state(kernel, review.states[point.index + 1], 30, None, time.process_time).result == LOST
        assert review.verdict(point.index + 1) == review.verdict(point.index + 1).__class__(LOST, SEARCHED)


def test_the_verdicts_follow_from_the_turning_point(ff_reviews):
    """Every position before the turning move could be won (each by the game's moves and a line the
    engine plays to a win), every one after it could not; only a few were searched."""
    for review in ff_reviews[:10]:
        index = review.turning_point.index
        for position, verdict in enumerate(review.verdicts()):
            assert verdict.result == (WON if position <= index else LOST)
            if verdict.how == FOLLOWS_LOSS:
                assert position > index + 1
            if position <= index and position % 7 == 0:
                assert replays_to_a_win(review.position_before(position), review.line_from(position))
        assert review.searches <= 12 < review.positions


def test_hindsight_is_the_fair_players_view(ff_reviews):
    """At the turning point the tips player (who sees only the face-up cards) is asked: where its
    move keeps the deal winnable, a player who sees only the face-up cards could have seen it and that move is the
    alternative shown; where it is the player's own losing move (or another losing one), only
    hindsight could. Both happen among the 50 games."""
    seen = hindsight = 0
    for review in ff_reviews:
        point = review.turning_point
        kernel = review.kernel
        state = review.states[point.index]
        player = get_strategy(kernel, tips_of(review.rules.game_id).HINT_PLAYER or "tips")
        choice = player(kernel, state, kernel.moves(state), {kernel.key(s) for s in review.states[:point.index + 1]})
        fair = kernel.notation(choice[0])
        if point.foresight == SEEN:
            seen += 1
            assert point.alternative == fair == point.fair_move
        else:
            assert point.foresight == HINDSIGHT
            hindsight += 1
            after = kernel.play(state, choice[0])
            assert fair == point.move or solve_state(kernel, after, 30, None, time.process_time).result == LOST
    assert seen and hindsight


def test_the_summary_says_it_in_a_players_words(ff_reviews):
    review = ff_reviews[0]
    for lang in LANGUAGES:
        text = " ".join(t.render(lang) for t in summary(review))
        assert str(review.turning_point.index + 1) in text
        assert "solver" not in text.lower() and "löser" not in text.lower()
        assert review.turning_point.alternative not in text  # no notation
    english = " ".join(t.render("en") for t in summary(review))
    assert "face-down" in english and ("could be seen without hindsight" in english or "hindsight" in english)


def quick(reviews: list[Review], count: int) -> list[Review]:
    """The reviews whose turning point comes latest (their searches are the shortest)."""
    return sorted(reviews, key=lambda r: r.positions - r.turning_point.index)[:count]


def test_shared_lost_proofs_change_no_verdict(ff_reviews):
    """A search that may skip positions an earlier search proved lost answers as one that may not,
    at every position of three games (searched from the end, as the review does)."""
    kernel = ff_reviews[0].kernel
    for review in quick(ff_reviews, 3):
        shared: set = set()
        for state in reversed(review.states):
            alone = solve_state(kernel, state, 30, None, time.process_time)
            together = solve_state(kernel, state, 30, None, time.process_time, lost_keys=shared)
            assert alone.result == together.result != UNKNOWN
            if together.result == WON:
                assert kernel.key(state) not in shared


def test_a_won_game_and_an_unfinished_one_have_no_turning_point():
    rules = get_rules("fortunes-favour")
    kernel = kernel_for(rules)
    start = rules.deal(FF_GAMES[0][0])
    line = solve_state(kernel, kernel.from_position(start), 10, None, time.process_time).moves
    won = Review(start, line)
    won.run()
    assert won.won and won.turning_point is None
    assert summary(won)[0].render("en") == "You won this deal: every card went home."
    half = Review(start, line[:10])
    half.run()
    assert half.turning_point is None and all(v.result == WON for v in half.verdicts())
    assert half.verdicts()[3].how == FOLLOWS_LINE
    assert "could still be won" in summary(half)[0].render("en")


def test_a_review_runs_in_steps_and_can_be_stopped_and_resumed(ff_reviews):
    whole = quick(ff_reviews, 1)[0]
    review = Review(whole.start, whole.moves)
    assert review.decided == 0 and review.running
    assert review.step()
    decided = review.decided
    assert 0 < decided < review.positions
    review.stop()
    assert review.stopped and not review.running and not review.step()
    assert summary(review)[0].render("en").startswith("The review was stopped")
    review.stopped = False
    review.run()
    assert review.finished and review.turning_point == whole.turning_point
    assert review.decided == review.positions


def test_a_move_that_cannot_be_played_is_named():
    rules = get_rules("fortunes-favour")
    start = rules.deal(2)
    with pytest.raises(IllegalMove) as refused:
        Review(start, ["t6-f2", "t9-t5"])
    assert refused.value.text.render("en").startswith("move 2 (t9-t5) cannot be played")
    kept, problem = playable_moves(start, ["t6-f2", "t9-t5", "s-w"])
    assert kept == ["t6-f2"] and problem.render("de").startswith("Zug 2 (t9-t5)")


def test_the_json_labels_moves_as_notation(ff_reviews):
    review = ff_reviews[0]
    data = review_json(review, "en")
    assert len(data["positions"]) == review.positions
    assert data["positions"][0]["move_notation"] == review.moves[0] and data["positions"][-1]["move_notation"] is None
    point = data["turning_point"]
    assert point["move_number"] == review.turning_point.index + 1
    assert point["winning_line_notation"][0] == point["alternative_notation"]
    assert {b["move_number"] for b in data["tip_breaks"]} == {b.index + 1 for b in review.tip_breaks}


def test_stretches_name_positions_by_the_moves_before_them(ff_reviews):
    review = ff_reviews[0]
    index = review.turning_point.index
    assert [(first, last, v.result) for first, last, v in stretches(review)] == [
        (0, index, WON), (index + 1, review.positions - 1, LOST)]
    assert stretch_text(0, 0).render("en") == "At the start"
    assert stretch_text(0, 5).render("de") == "Zu Beginn und nach den Zügen 1 bis 5"
    assert stretch_text(6, 6).render("en") == "After move 6"


# --- Queen's Audience: no choice of the player's decides a deal ------------------------------------

QA_VARIANTS = [variant for game, variant in iter_variants() if game == "queens-audience"]


@pytest.mark.parametrize("variant", QA_VARIANTS)
def test_random_play_never_loses_a_queens_audience_deal_that_can_be_won(variant):
    """Under the seed's rules every card that fits is played and a card is turned only when none
    does; the player still chooses the order (thousands of positions offer a choice here), yet
    random play on 300 deals the search wins wins every one of 600 games. So a lost game of Queen's
    Audience was lost by its cards, in every variant."""
    rules = get_rules("queens-audience", variant)
    kernel = kernel_for(rules)
    rng = random.Random(5)
    deal = winnable = choices = 0
    while winnable < 300:
        deal += 1
        start = kernel.deal(deal)
        if solve_state(kernel, start, 5, None, time.process_time).result != WON:
            continue
        winnable += 1
        for _ in range(2):
            state = start
            while not kernel.is_won(state) and (moves := kernel.moves(state)):
                choices += len(moves) > 1
                state = kernel.play(state, rng.choice(moves))
            assert kernel.is_won(state), (variant, deal)
    assert choices > 1000


@pytest.mark.parametrize("variant", QA_VARIANTS)
def test_a_lost_queens_audience_game_claims_no_turning_point_and_says_why(variant):
    rules = get_rules("queens-audience", variant)
    rng = random.Random(9)
    reviewed = 0
    for deal in range(1, 40):
        final, moves = random_game(rules, deal, rng)
        if final.is_won():
            continue
        review = Review(rules.deal(deal), moves)
        review.run()
        assert review.turning_point is None and review.lost_from_start
        assert all(v.result == LOST for v in review.verdicts())
        assert review.searches <= 2  # the end, then the start: everything else follows
        said = [t.render("en") for t in summary(review)]
        assert said[0].startswith("No move of yours decided this deal: it could not be won from the start")
        assert "decided by the order of the cards alone" in said[1]
        assert summary(review)[0].render("de").startswith("Kein Zug von dir hat dieses Spiel entschieden")
        reviewed += 1
        if reviewed == 3:
            break
    assert reviewed == 3


# --- Forty Thieves: undecided within the budget, never a turning point without proof ----------------

def test_forty_thieves_with_a_tiny_budget_says_not_decided_and_claims_no_turning_point():
    rules = get_rules("forty-thieves")
    final, moves = random_game(rules, 4, random.Random(3), limit=400)
    assert final.is_lost()
    review = Review(rules.deal(4), moves, time_limit=0.001)
    review.run()
    assert review.finished and review.turning_point is None
    results = {v.result for v in review.verdicts()}
    assert UNKNOWN in results
    said = " ".join(t.render("en") for t in summary(review))
    assert "not decided" in said and "turning point" not in said
    assert "nicht entschieden" in " ".join(t.render("de") for t in summary(review))
    data = review_json(review, "en")
    assert data["turning_point"] is None and "unknown" in {p["verdict"] for p in data["positions"]}


def ft_tips_game(deal: int) -> list[str]:
    """The game the site's tips player plays on Forty Thieves deal ``deal`` (lost: it runs out of moves it likes)."""
    kernel = kernel_for(get_rules("forty-thieves"))
    record: list = []
    won, _ = play_out(kernel, kernel.deal(deal), get_strategy(kernel, "tips"), record=record)
    assert not won
    return [kernel.notation(move) for move in record]


def test_forty_thieves_shows_the_winning_line_it_found_without_a_turning_point():
    """Issue 40: the tips player's game of deal 1, given up after 124 moves as in the issue, its later
    positions left undecided by a short budget: no turning point, yet the line from the last position
    known to be winnable is shown (and wins when replayed), the words say which moves stayed
    undecided, and a finished review never says "not looked at yet" but can go on."""
    rules = get_rules("forty-thieves")
    moves = ft_tips_game(1)[:124]
    review = Review(rules.deal(1), moves, time_limit=0.3, max_undecided=2)
    review.run()
    assert review.finished and review.turning_point is None
    index, line = review.winning_line()
    assert index == max(review.lines) and replays_to_a_win(review.position_before(index), line)
    data = review_json(review, "en")
    assert data["winning_line"] == {"from_move_number": index + 1, "moves_notation": list(line)}
    said = [t.render("en") for t in summary(review)]
    assert said[0] == f"Before your move {index + 1}, the deal could still be won."
    assert f"After your moves {index + 1} to {len(moves)}, it was not decided" in said[1]
    texts = {p["text"] for p in data["positions"]}
    assert "not looked at yet" not in texts and any(t.startswith("not searched") for t in texts)
    assert review.left_open
    undecided = len(review.undecided)
    review.go_on()
    assert review.running and review.step()
    review.run(0.5)
    assert len(review.undecided) > undecided or not review.left_open


def test_with_fair_chances_the_fair_players_line_comes_before_any_search():
    """Issue 40: with fair chances the review first lets the fair player play on from the real positions,
    the last first. The tips player's game of deal 11, given up after 60 moves: the fair player wins
    from where it stopped, so the review has a winning line (replayed to a win) and every position a
    verdict before its first search; ``run(searches=False)`` stops there."""
    rules = get_rules("forty-thieves")
    moves = ft_tips_game(11)[:60]
    review = Review(rules.deal(11), moves)
    assert review.with_chances() is not None
    review.run(None, searches=False)
    assert review.searching and review.searches == 0 and review.running
    index, line = review.winning_line()
    assert index == len(moves) and replays_to_a_win(review.position_before(index), line)
    assert all(v.result == WON and v.how == FOLLOWS_LINE for v in review.verdicts())
    review.run()
    assert review.finished and review.searches == 0 and review.winning_line() == (index, line)


def test_the_stretch_left_undecided_is_said_by_its_size():
    """"The position in between" for one position, "the positions in between" for more; and whether
    the others were searched at all."""
    rules = get_rules("forty-thieves")
    moves = ft_tips_game(1)[:12]
    review = Review(rules.deal(1), moves, time_limit=0.01)
    review.finished = True
    review.lines, review.lost, review.undecided = {3: ()}, {5}, {4}
    said = [t.render("en") for t in undecided_texts(review)]
    assert said[1:] == ["After your move 5, it could no longer be won.",
                        "No single move can be named that lost the deal: the position in between was not decided "
                        "within 0.01 s."]
    review.lost = {7}
    assert "the positions in between" in undecided_texts(review)[-1].render("en")
    assert "the others were not searched" in undecided_texts(review)[-1].render("en")
    review.undecided = {4, 5, 6}
    assert undecided_texts(review)[-1].render("en").endswith("the positions in between were not decided within "
                                                             "0.01 s each.")
    for lang in LANGUAGES:
        assert all(t.render(lang) for t in undecided_texts(review))
