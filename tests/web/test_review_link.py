"""The review's link (tutor/web/review_link.py): a game travels as its deal, variant and each move's
place in the legal moves; every game of every variant comes back exactly; a corrupt or illegal move
keeps the game up to the move before it and names it; a link too long is refused, never cut."""

from __future__ import annotations

import random

import pytest

from tutor.engine import get_rules, iter_variants
from tutor.errors import HashError
from tutor.limits import MAX_LINK_CHARS
from tutor.web.review_link import (
    decode_moves,
    encode_moves,
    encode_places,
    read_review_hash,
    review_hash,
    too_long_text,
)


def random_moves(rules, deal: int, seed: int, limit: int = 300) -> list[str]:
    position, rng, moves = rules.deal(deal), random.Random(seed), []
    while not position.is_over() and len(moves) < limit:
        move = rng.choice(position.legal_moves())
        moves.append(str(position.play(move)))
    return moves


@pytest.mark.parametrize(("game", "variant"), list(iter_variants()))
def test_every_game_comes_back_from_its_link(game, variant):
    rules = get_rules(game, variant)
    moves = random_moves(rules, 7, seed=1)
    text = review_hash(game, 7, variant, rules.deal(7), moves)
    assert text is not None and len(text) < 40 + 2 * len(moves)
    link = read_review_hash("#" + text)
    assert (link.game, link.variant, link.deal, link.moves, link.problem) == (game, variant, 7, moves, None)


def test_places_take_one_digit_under_32_and_more_above():
    assert encode_places([0, 31, 32, 33]) == "A" + "f" + "gB" + "hB"
    assert len(encode_places([31])) == 1 and len(encode_places([32])) == 2 and len(encode_places([1024])) == 3
    start = get_rules("forty-thieves").deal(3)
    for place in (0, 5, 40):
        legal = start.legal_moves()
        if place < len(legal):
            assert decode_moves(start, encode_places([place])) == ([str(legal[place])], None)


def test_a_corrupt_move_keeps_the_game_up_to_the_move_before_it():
    rules = get_rules("fortunes-favour")
    moves = random_moves(rules, 2, seed=3)
    code = encode_moves(rules.deal(2), moves)
    for broken, reason in ((code[:10] + "!" + code[11:], "cannot be read"),
                           (code[:10] + "_" + code[11:], "not a move that could be played there"),
                           (code[:10] + "g", "cannot be read")):  # a digit that promises more, then nothing
        kept, problem = decode_moves(rules.deal(2), broken)
        assert kept == moves[:10]
        assert problem.render("en").startswith("move 11 of the link") and reason in problem.render("en")
        assert problem.render("de").startswith("Zug 11 im Link")


def test_moves_past_the_end_of_the_game_are_not_playable():
    rules = get_rules("queens-audience")
    moves = random_moves(rules, 2, seed=1)
    kept, problem = decode_moves(rules.deal(2), encode_moves(rules.deal(2), moves) + "A")
    assert kept == moves and "not a move that could be played there" in problem.render("en")


@pytest.mark.parametrize(("text", "english"), [
    ("game=nope&deal=1", "there is no game \"nope\""),
    ("game=fortunes-favour&deal=1&variant=nope", "has no variant \"nope\""),
    ("game=fortunes-favour&deal=abc", "\"abc\" is not a deal number"),
    ("game=fortunes-favour&deal=" + "9" * 30, "is too high"),
    ("game=fortunes-favour", "names no deal number"),
    ("deal=5", "the link names no game"),
    ("game=fortunes-favour&game=queens-audience&deal=1", "names \"game\" twice"),
    ("game=fortunes-favour&deal=1&moves=" + "A" * MAX_LINK_CHARS, "longer than a review link can be"),
])
def test_a_link_that_cannot_be_used_says_why(text, english):
    with pytest.raises(HashError) as refused:
        read_review_hash("#" + text)
    assert english in refused.value.text.render("en")
    assert refused.value.text.render("de") != refused.value.text.render("en")


def back_and_forth(total: int) -> list[str]:
    """A Forty Thieves game of deal 1 that goes on as long as wanted: a few moves, then one card
    carried between two columns and back (two equal cards lie free: the pack holds each twice)."""
    from tutor.engine import Move

    position = get_rules("forty-thieves").deal(1)
    played: list[str] = []
    while True:
        for move in position.legal_moves():
            if move.src.startswith("t") and move.dst.startswith("t"):
                position.play(move)
                back = Move(move.dst, move.src, move.count)
                legal_back = position.is_legal(back)
                position.undo()
                if legal_back:
                    loop = [str(move), str(back)]
                    return played + [loop[i % 2] for i in range(total - len(played))]
        move = position.legal_moves()[0]
        position.play(move)
        played.append(str(move))


def test_an_empty_link_names_nothing_and_a_game_too_long_gets_no_link():
    assert read_review_hash("") is None and read_review_hash("#") is None and read_review_hash(None) is None
    start = get_rules("forty-thieves").deal(1)
    fits = back_and_forth(1000)
    text = review_hash("forty-thieves", 1, "", start, fits)
    assert text is not None and read_review_hash(text).moves == fits
    assert review_hash("forty-thieves", 1, "", start, back_and_forth(MAX_LINK_CHARS)) is None
    assert "too long for a review link" in too_long_text().render("en")
    assert "zu lang" in too_long_text().render("de")
