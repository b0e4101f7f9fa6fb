"""Every game's ``tips`` part gives the names of its contract (tutor/analysis/__init__.py), so no
analysis module needs to ask which game it is."""

from __future__ import annotations

import pytest

import tutor.analysis
from tutor.analysis import TIPS_CONTRACT
from tutor.analysis.per_game import tips_of
from tutor.engine.registry import game_ids


def test_the_contract_is_the_one_the_docstring_explains() -> None:
    for name in TIPS_CONTRACT:
        assert f"``{name}" in tutor.analysis.__doc__, name


@pytest.mark.parametrize("game", game_ids())
def test_each_games_tips_part_gives_every_name_of_the_contract(game: str) -> None:
    tips = tips_of(game)
    missing = [name for name in TIPS_CONTRACT if not hasattr(tips, name)]
    assert not missing, f"{game}'s tips part lacks {missing}"
    if tips.exception_move is not None:
        assert tips.HINT_PLAYER in tips.HINT_EXCEPTIONS, "an excused move needs the words that say why"
