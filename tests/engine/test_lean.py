"""The lean boards (tutor/engine/lean.py) agree with the engine, move by move, for every game and variant.

The lean boards restate the rules for speed; these tests and ``test_twin.py`` are what keeps the two
statements one: the same deal, the same legal moves (the lean list leaves out moves that only differ
by which of two equal piles they use: foundations holding the same cards, empty columns), and the
same position after every move. The check both ways, at 20,000 positions a game and variant, is
``test_twin.py``; here the deals and a replay of uniformly random lean games in the engine.
"""

from __future__ import annotations

import random

import pytest

from tutor.engine import get_rules, iter_variants
from tutor.engine.lean import kernel_for

VARIANTS = list(iter_variants())
IDS = [f"{game}:{variant or 'base'}" for game, variant in VARIANTS]


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
def test_lean_deal_is_the_engine_deal(game, variant):
    rules = get_rules(game, variant)
    kernel = kernel_for(rules)
    for number in (0, 1, 2, 12345, 2**32 - 1):
        assert kernel.deal(number) == kernel.from_position(rules.deal(number))


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
def test_random_play_agrees_with_the_engine(game, variant):
    rules = get_rules(game, variant)
    kernel = kernel_for(rules)
    rng = random.Random(f"{game}/{variant}")
    for number in range(4):
        position = rules.deal(number)
        state = kernel.from_position(position)
        for _ in range(250):
            lean_moves = kernel.moves(state)
            engine_moves = {str(m) for m in position.legal_moves()}
            written = {kernel.notation(m) for m in lean_moves}
            assert written <= engine_moves
            assert bool(written) == bool(engine_moves)
            assert kernel.is_won(state) == position.is_won()
            if not lean_moves:
                break
            # the turn is often the only sensible move; prefer the others so play goes deeper
            move = rng.choice(lean_moves)
            position.play(kernel.notation(move))
            state = kernel.play(state, move)
            assert state == kernel.from_position(position)


@pytest.mark.parametrize("variant", ["", "one-redeal"])
@pytest.mark.parametrize("waste_pair", [False, True])
def test_queens_audience_fast_path_agrees_with_the_tips_player(variant, waste_pair):
    from tutor.analysis.players import get_strategy, play_out
    from tutor.games.queens_audience.fast import queens_audience_outcome

    kernel = kernel_for(get_rules("queens-audience", variant), waste_pair=waste_pair)
    player = get_strategy(kernel, "tips")
    outcomes = []
    for number in range(600):
        codes = kernel.deal_codes(number)
        fast = queens_audience_outcome(codes, kernel.max_passes, waste_pair)
        assert fast == play_out(kernel, kernel.from_codes(codes), player)[0], number
        outcomes.append(fast)
    assert True in outcomes and False in outcomes
