"""Properties every game and variant must keep (hypothesis, over ``iter_variants()``).

Random play is driven by hypothesis: a deal number and a list of choices, each picking one of the
legal moves. Kept small (a few examples per variant) so the suite stays fast.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import BadMoveNotation, IllegalMove, Move, game_ids, get_rules, iter_variants
from tutor.errors import TutorError
from tutor.i18n import Text

VARIANTS = list(iter_variants())
IDS = [f"{game}:{variant or 'base'}" for game, variant in VARIANTS]
MOVE_CAP = 400

deal_numbers = st.integers(min_value=0, max_value=2**32)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=80)
FAST = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_randomly(pos, picks):
    for pick in picks:
        moves = pos.legal_moves()
        if not moves:
            break
        pos.play(moves[pick % len(moves)])


def candidate_moves(pos, rng: random.Random, count: int) -> list[Move]:
    """Moves of every shape between this game's piles: most are illegal here."""
    ids = sorted(pos.piles)
    found = []
    for _ in range(count):
        src, dst = rng.choice(ids), rng.choice(ids)
        shape = rng.random()
        if shape < 0.15:
            found.append(Move(f"{src}+{rng.choice(ids)}", dst))
        elif shape < 0.25:
            found.append(Move(src, dst, rng.randint(2, 4)))
        else:
            found.append(Move(src, dst))
    return found


def test_every_game_has_variants():
    games = {game for game, _ in VARIANTS}
    assert games == set(game_ids())
    assert all(any(variant for other, variant in VARIANTS if other == game) for game in games)
    assert ("fortunes-favour", "busy-aces") in VARIANTS and ("queens-audience", "round-hall") in VARIANTS


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(number=deal_numbers, picks=choices)
def test_random_play_keeps_every_card_once_per_deck(game, variant, number, picks):
    rules = get_rules(game, variant)
    pos = rules.deal(number)
    pack = Counter(rules.pack())
    assert Counter(pos.all_cards()) == pack
    play_randomly(pos, picks)
    assert Counter(pos.all_cards()) == pack


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(number=deal_numbers, picks=choices)
def test_undo_restores_the_exact_position_and_redo_replays(game, variant, number, picks):
    pos = get_rules(game, variant).deal(number)
    keys = [pos.state_key()]
    for pick in picks:
        moves = pos.legal_moves()
        if not moves:
            break
        pos.play(moves[pick % len(moves)])
        keys.append(pos.state_key())
    for key in reversed(keys[:-1]):
        pos.undo()
        assert pos.state_key() == key
    assert pos.undo() is None and pos.history == []
    for key in keys[1:]:
        pos.redo()
        assert pos.state_key() == key


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(number=deal_numbers)
def test_the_same_deal_number_gives_the_same_cards(game, variant, number):
    rules = get_rules(game, variant)
    first, second = rules.deal(number), get_rules(game, variant).deal(number)
    assert first.card_string() == second.card_string()
    assert first.state_key() == second.state_key()
    again = rules.from_cards(first.card_string())
    assert again.state_key() == first.state_key() and again.card_string() == first.card_string()


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(number=deal_numbers, picks=choices)
def test_notation_round_trips_and_every_move_has_a_sentence(game, variant, number, picks):
    pos = get_rules(game, variant).deal(number)
    play_randomly(pos, picks)
    for move in pos.legal_moves():
        assert Move.parse(str(move)) == move
        assert pos.canonical(str(move)) == move
        text = pos.describe(move)
        assert isinstance(text, Text)
        assert text.render("en") and text.render("de")
    for entry in pos.history:
        assert Move.parse(str(entry.move)) == entry.move


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(number=deal_numbers, picks=choices, seed=st.integers(0, 2**16))
def test_legal_moves_play_and_illegal_moves_change_nothing(game, variant, number, picks, seed):
    pos = get_rules(game, variant).deal(number)
    play_randomly(pos, picks)
    before = pos.state_key()
    history = list(pos.history)
    legal = pos.legal_moves()
    for move in legal:
        assert pos.is_legal(move)
        pos.play(move)
        pos.undo()
        assert pos.state_key() == before
    legal_set = set(legal)
    for move in candidate_moves(pos, random.Random(seed), 40):
        if pos.canonical(move) in legal_set:
            continue
        assert not pos.is_legal(move)
        with pytest.raises(IllegalMove) as info:
            pos.play(move)
        assert info.value.message("en") and info.value.message("de")
        assert pos.state_key() == before and pos.history == history
    with pytest.raises(BadMoveNotation):
        pos.play("not a move")
    assert pos.state_key() == before


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(number=deal_numbers, seed=st.integers(0, 2**16))
def test_random_play_to_the_end_and_the_verdict_is_consistent(game, variant, number, seed):
    rng = random.Random(seed)
    pos = get_rules(game, variant).deal(number)
    for _ in range(MOVE_CAP):
        moves = pos.legal_moves()
        if not moves:
            break
        assert not pos.is_won() or not pos.is_lost()
        pos.play(rng.choice(moves))
    moves = pos.legal_moves()
    assert not (pos.is_won() and pos.is_lost())
    if not moves:
        assert pos.is_won() != pos.is_lost()
    elif pos.is_lost():
        # lost with moves left only when they all go to and fro among the tableau piles
        # (tutor.engine.position: "all that is left is moving cards to and fro among piles the rules treat alike")
        assert all(m.dst.startswith("t") and all(s.startswith("t") for s in m.sources) for m in moves)
    assert pos.is_over() == (pos.is_won() or pos.is_lost())


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(number=deal_numbers, picks=choices)
def test_a_copy_is_independent(game, variant, number, picks):
    pos = get_rules(game, variant).deal(number)
    play_randomly(pos, picks[: len(picks) // 2])
    twin = pos.copy()
    key = pos.state_key()
    assert twin.state_key() == key
    play_randomly(twin, picks)
    if twin.history:
        twin.undo()
    assert pos.state_key() == key
    play_randomly(pos, picks)  # the original still plays on its own piles


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
def test_layout_shows_every_pile_and_card(game, variant):
    pos = get_rules(game, variant).deal(7)
    views = pos.layout()
    assert sorted(v.id for v in views) == sorted(pos.piles)
    for view in views:
        assert list(view.cards) == pos.piles[view.id]
        assert view.label is None or view.label.render("de")
    assert len({(v.x, v.y) for v in views}) == len(views)  # no two piles on one spot


# Garbage through every public entry: is_legal answers False; play, Move.parse, canonical, deal and
# from_cards refuse with a TutorError (a subclass that names the input), nothing else, and change nothing.
GARBAGE_NOTATION = ["", " ", "zz", "t1", "t1-", "-f1", "t1--f1", "t1-f1-", "t1-f1x", "t1-f1-0", "t1-f1--1",
                    "t1-f1-99999999999999999999", "t0-f1", "t99-f1", "f0-t1", "x1-t1", "s+w-", "+-", "w+w-k1",
                    "t1+t1+t1-k1", "t-1-f1", "t１-f1", "t1-f1\n", "\x00", "t1-f1;", "t1 - f1", "t" * 5000,
                    "t1-" + "f" * 5000, "🂡-f1", "None", "k9-k1", "r99-k1", "j0-k1"]
GARBAGE_VALUES = [None, 17, 3.5, b"t1-f1", ["t1", "f1"], {"t1": "f1"}, object()]
GARBAGE_CARDS = ["", "zz", "AS", "AS KS", "XX " * 60, "1S " * 52, "AS" * 5000, "\x00", "🂡", "AS,KS", None, 5,
                 "TS JS QS KS"]
text_garbage = st.text(max_size=40) | st.binary(max_size=20).map(lambda b: b.decode("latin-1"))


def _out_of_range_moves(pos) -> list[Move]:
    ids = sorted(pos.piles)
    real = ids[0]
    return [Move(real, "t999"), Move("t999", real), Move(real, "f0"), Move(real, real), Move("zz", "yy"),
            Move(real, ids[-1], 0), Move(real, ids[-1], -1), Move(real, ids[-1], 10**6)]


def _spells_a_legal_move(pos, garbage) -> bool:
    try:
        move = Move.parse(garbage) if isinstance(garbage, str) else None
    except BadMoveNotation:
        return False
    return move is not None and str(move) in {str(legal) for legal in pos.legal_moves()}


def _refuses(action, *args) -> None:
    try:
        action(*args)
    except TutorError as err:
        assert err.message("en") and err.message("de"), err
    else:  # a garbage move that is legal after all would be a bug in the list, not in the engine
        raise AssertionError(f"{action.__name__}{args!r} was accepted")


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
def test_garbage_moves_are_refused_everywhere_and_change_nothing(game, variant):
    pos = get_rules(game, variant).deal(11)
    for _ in range(3):  # and again a few moves into the game
        before = pos.card_string()
        for garbage in [*GARBAGE_NOTATION, *GARBAGE_VALUES, *_out_of_range_moves(pos)]:
            if _spells_a_legal_move(pos, garbage):  # the notation forgives case and spaces around it
                continue
            assert pos.is_legal(garbage) is False, garbage
            _refuses(pos.play, garbage)
            if not isinstance(garbage, Move):
                try:
                    Move.parse(garbage)
                except BadMoveNotation:
                    pass
            assert pos.card_string() == before
        if pos.legal_moves():
            pos.play(pos.legal_moves()[0])


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
@FAST
@given(text=text_garbage)
def test_any_text_as_a_move_is_false_or_legal_never_a_crash(game, variant, text):
    pos = get_rules(game, variant).deal(3)
    legal = pos.is_legal(text)
    assert legal in (True, False)
    if not legal:
        _refuses(pos.play, text)


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
def test_garbage_deals_and_card_strings_are_refused(game, variant):
    rules = get_rules(game, variant)
    for number in [-1, 2**64, 10**5000, "7", 7.0, None, True]:
        _refuses(rules.deal, number)
    for text in GARBAGE_CARDS:
        _refuses(rules.from_cards, text)
    shuffled = rules.deal(5).card_string()
    assert rules.from_cards(shuffled).card_string() == shuffled
    _refuses(rules.from_cards, shuffled[:-3])
    _refuses(get_rules, game, "no-such-variant")
    _refuses(get_rules, "no-such-game", variant)
