"""tutor.engine.registry: each game's parts found by their fixed names."""

from __future__ import annotations

from tutor.engine import registry
from tutor.engine.registry import game_ids, game_part


def test_game_part_finds_each_part_in_the_games_own_folder() -> None:
    for game_id in game_ids():
        for part in ("rules", "fast", "tips", "lessons", "claims", "terms", "words"):
            module = game_part(game_id, part)
            assert module.__name__.endswith(f".{part}")
            assert module.__name__.rpartition(".")[0] == registry.rules_class(game_id).__module__.rpartition(".")[0]
