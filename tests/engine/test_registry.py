"""tutor.engine.registry: each game's parts found by their fixed names, and every game's records
collected once."""

from __future__ import annotations

import types

import pytest

from tutor.engine import registry
from tutor.engine.registry import collected, game_ids, game_part


def test_game_part_finds_each_part_in_the_games_own_folder() -> None:
    for game_id in game_ids():
        for part in ("rules", "fast", "tips", "lessons", "claims", "terms", "words"):
            module = game_part(game_id, part)
            assert module.__name__.endswith(f".{part}")
            assert module.__name__.rpartition(".")[0] == registry.rules_class(game_id).__module__.rpartition(".")[0]


def test_collected_gathers_every_games_records_by_id_in_the_registrys_order() -> None:
    scenarios = collected("lessons", "SCENARIOS")
    expected = [s.id for game_id in game_ids() for s in game_part(game_id, "lessons").SCENARIOS]
    assert list(scenarios) == expected
    assert collected("lessons", "SCENARIOS") is scenarios  # made once


def test_collected_refuses_an_id_given_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    record = types.SimpleNamespace(id="same")
    parts = {game_id: types.SimpleNamespace(RECORDS=(record,)) for game_id in game_ids()}
    monkeypatch.setattr(registry, "game_part", lambda game_id, part: parts[game_id])
    collected.cache_clear()
    try:
        with pytest.raises(ValueError, match="'same' is given twice"):
            collected("test", "RECORDS")
    finally:
        collected.cache_clear()


def test_a_game_without_the_name_adds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    first, *others = game_ids()
    parts = {game_id: types.SimpleNamespace() for game_id in others}
    parts[first] = types.SimpleNamespace(RECORDS=(types.SimpleNamespace(id="only"),))
    monkeypatch.setattr(registry, "game_part", lambda game_id, part: parts[game_id])
    collected.cache_clear()
    try:
        assert list(collected("test", "RECORDS")) == ["only"]
    finally:
        collected.cache_clear()
