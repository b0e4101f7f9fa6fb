"""The simulator (tutor/analysis/simulate.py): reproducible deal numbers, the Wilson interval, the same
figures however the run is split (one process, a pool, the browser's chunks)."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from tutor.analysis.simulate import Progress, deal_number, iter_simulation, play_range, simulate, wilson_interval
from tutor.cards import SplitMix64
from tutor.engine import get_rules
from tutor.engine.registry import game_ids


def test_wilson_interval_known_values():
    # Textbook values (Newcombe 1998, table I): 0/10 → [0, 0.2775]; 5/10 → [0.2366, 0.7634]
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    low, high = wilson_interval(5, 10)
    assert math.isclose(low, 0.2366, abs_tol=1e-4) and math.isclose(high, 0.7634, abs_tol=1e-4)
    low, high = wilson_interval(10, 10)
    assert math.isclose(low, 0.7225, abs_tol=1e-4) and high == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_deal_numbers_follow_the_seed_and_do_not_depend_on_the_split():
    stream = SplitMix64(42)
    assert [deal_number(42, i) for i in range(5)] == [stream.next() >> 32 for _ in range(5)]
    assert deal_number(42, 3) != deal_number(43, 3)


def test_same_seed_same_figures_however_the_run_is_split():
    rules = get_rules("queens-audience")
    one = simulate(rules, 120, seed=9, strategy="tips", workers=1)
    again = simulate(rules, 120, seed=9, strategy="tips", workers=1)
    pooled = simulate(rules, 120, seed=9, strategy="tips", workers=2)
    chunks = list(iter_simulation(rules, 120, seed=9, strategy="tips", chunk=25))
    assert one.wins == again.wins == pooled.wins == chunks[-1].wins
    assert one.games == pooled.games == chunks[-1].done == 120
    assert [step.done for step in chunks] == [25, 50, 75, 100, 120]
    assert play_range("queens-audience", "", "tips", 9, 0, 60) + play_range("queens-audience", "", "tips", 9, 60, 120) \
        == one.wins
    other_seed = simulate(rules, 120, seed=10, strategy="tips", workers=1)
    assert other_seed.wins != one.wins or other_seed.seed != one.seed


def test_progress_reaches_the_end_and_json_has_the_promised_keys():
    seen: list[tuple[int, int]] = []
    result = simulate(get_rules("fortunes-favour"), 50, seed=1, strategy="naive", workers=1,
                      progress=lambda done, wins, ci: seen.append((done, wins)))
    assert seen[-1] == (50, result.wins)
    assert all(a[0] < b[0] for a, b in pairwise(seen))
    data = result.as_json()
    assert {"games", "wins", "rate", "ci95"} <= set(data)
    assert data["games"] == 50 and data["ci95"][0] <= data["rate"] <= data["ci95"][1]


def test_incremental_steps_carry_the_interval():
    step = next(iter_simulation(get_rules("queens-audience"), 40, seed=2, chunk=40))
    assert isinstance(step, Progress) and step.done == 40
    assert step.ci95 == wilson_interval(step.wins, 40)


@pytest.mark.parametrize("game", game_ids())
def test_every_game_simulates(game):
    result = simulate(get_rules(game), 6, seed=3, workers=1)
    assert result.games == 6 and 0 <= result.wins <= 6
