"""tutor.engine.contract: every registered game gives every part and every name the contract asks for,
only the optional names it declares, and no code outside the engine reaches a game's part another way."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

import tutor.analysis
from tutor.engine import contract
from tutor.engine.contract import OPTIONAL, PARTS, collected, lessons_of, optional_name, part_of, required_names
from tutor.engine.registry import game_ids

ROOT = Path(__file__).resolve().parents[2]
GAMES = game_ids()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("part", PARTS)
def test_each_game_gives_every_required_name_of_each_part(game: str, part: str) -> None:
    module = part_of(game, part)
    missing = [name for name in required_names(part) if not hasattr(module, name)]
    assert not missing, f"{game}'s {part} part lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_the_values_have_the_contracts_kinds(game: str) -> None:
    tips = contract.tips_of(game)
    assert tips.PREFIX and isinstance(tips.PREFIX, str)
    assert set(tips.TIPS) <= set(range(1, len(tips.TIP_TEXTS) + 1))  # a tip may have no check of its own
    assert "first" in tips.REASONS
    if tips.exception_move is not None:
        assert tips.HINT_PLAYER in tips.HINT_EXCEPTIONS, "an excused move needs the words that say why"
    for part in PARTS:
        module = part_of(game, part)
        for name, default in OPTIONAL[part].items():
            value = getattr(module, name, default)
            assert value is default or callable(default) == callable(value) or default is None, (part, name)


def test_every_part_and_name_is_in_the_architecture_map() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for part in PARTS:
        for name in (*required_names(part), *OPTIONAL[part]):
            assert f"`{name}`" in text or f" {name}," in text or f"`{name}(" in text, (part, name)


def test_the_tips_names_are_the_ones_the_analysis_explains() -> None:
    for name in required_names("tips"):
        assert f"``{name}" in (tutor.analysis.__doc__ or ""), name


def test_an_undeclared_part_or_name_is_refused() -> None:
    game = GAMES[0]
    with pytest.raises(KeyError):
        part_of(game, "secrets")
    with pytest.raises(KeyError):
        optional_name(game, "words", "MOVE_REPORTS")  # required, so not asked for as optional
    with pytest.raises(KeyError):
        collected("lessons", "NOT_DECLARED")


def test_an_optional_name_a_game_lacks_stands_for_its_declared_value() -> None:
    for game in GAMES:
        for part in PARTS:
            for name, default in OPTIONAL[part].items():
                if not hasattr(part_of(game, part), name):
                    assert optional_name(game, part, name) is default


def test_collected_gathers_every_games_records_by_id_in_the_registrys_order() -> None:
    scenarios = collected("lessons", "SCENARIOS")
    assert list(scenarios) == [s.id for game in GAMES for s in lessons_of(game).SCENARIOS]
    assert collected("lessons", "SCENARIOS") is scenarios  # made once


def _fake_parts(monkeypatch: pytest.MonkeyPatch, parts: dict[str, object]) -> None:
    monkeypatch.setattr(contract, "part_of", lambda game, part: parts[game])
    collected.cache_clear()


def test_collected_refuses_an_id_given_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    record = types.SimpleNamespace(id="same")
    _fake_parts(monkeypatch, {game: types.SimpleNamespace(TIP_TABLES=(record,)) for game in GAMES})
    try:
        with pytest.raises(ValueError, match="'same' is given twice"):
            collected("claims", "TIP_TABLES")
    finally:
        collected.cache_clear()


def test_a_game_without_an_optional_name_adds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    first, *others = GAMES
    parts: dict[str, object] = {game: types.SimpleNamespace() for game in others}
    parts[first] = types.SimpleNamespace(TIP_TABLES=(types.SimpleNamespace(id="only"),))
    _fake_parts(monkeypatch, parts)
    try:
        assert list(collected("claims", "TIP_TABLES")) == ["only"]
    finally:
        collected.cache_clear()


def _part_lookups(tree: ast.AST) -> list[str]:
    """``game_part(…)`` calls and ``getattr(<a part>, "NAME", …)``: a game's part reached around the contract."""
    accessors = {"part_of", "fast_of", "tips_of", "lessons_of", "claims_of_game", "terms_of", "words_of"}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name == "game_part":
            found.append(f"line {node.lineno}: game_part")
        elif name == "getattr" and node.args and isinstance(node.args[0], ast.Call):
            inner = node.args[0].func
            if (inner.id if isinstance(inner, ast.Name) else getattr(inner, "attr", "")) in accessors:
                found.append(f"line {node.lineno}: getattr on a part")
    return found


def test_the_lookup_finder_finds_lookups() -> None:
    code = 'game_part("x", "tips")\ngetattr(words_of(g), "NO_HOME", None)\nwords_of(g).NO_HOME\n'
    assert len(_part_lookups(ast.parse(code))) == 2


def test_no_code_outside_the_engine_reaches_a_part_around_the_contract() -> None:
    offenders = {}
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        if path.parent.name == "engine":
            continue
        found = _part_lookups(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            offenders[str(path.relative_to(ROOT))] = found
    assert offenders == {}
