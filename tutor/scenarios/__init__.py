"""Guided examples as data: one file per game, each a tuple ``SCENARIOS`` of :class:`Scenario`.

A scenario is a start position (the full card string, in the card-string order its game module
documents) plus, for a worked example, the steps that the rules text walks through. The site draws
``picture: <id>`` from the start position and builds the guided widget ``scenario: <id>`` from the
steps; the tests replay every step in the engine.

Narrations name their cards as ``Text`` parameters (``card=Card.parse("2D")``), so German pages
show German short forms (``B♠`` for the Jack of spades) and the tests can compare the cards a
narration names with the cards its move carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import Text

if TYPE_CHECKING:  # the engine is imported only when a position is needed
    from ..games.base import Position

GAME_MODULES = ("fortunes_favour", "queens_audience", "forty_thieves")


@dataclass(frozen=True)
class Step:
    """One step of a worked example: a move in the notation (``None`` for a step that only
    explains), what the text says about it, and the pile ids worth highlighting."""

    move: str | None
    narration: Text
    highlight: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scenario:
    id: str
    game: str
    variant: str
    cards: str
    title: Text
    alt: Text
    steps: tuple[Step, ...] = ()

    def start_position(self) -> "Position":
        from ..games import get_rules

        return get_rules(self.game, self.variant).from_cards(self.cards)


class UnknownScenario(KeyError):
    """A scenario id that no game file defines; the message names the known ids."""

    def __init__(self, scenario_id: str, known: list[str]) -> None:
        super().__init__(scenario_id)
        self.scenario_id = scenario_id
        self.known = known

    def __str__(self) -> str:
        return f"there is no scenario “{self.scenario_id}”; known scenarios: {', '.join(self.known)}"


_registry: dict[str, Scenario] | None = None


def _load() -> dict[str, Scenario]:
    global _registry
    if _registry is None:
        from importlib import import_module

        found: dict[str, Scenario] = {}
        for name in GAME_MODULES:
            for scenario in import_module(f"{__name__}.{name}").SCENARIOS:
                if scenario.id in found:
                    raise ValueError(f"scenario id {scenario.id!r} is defined twice")
                found[scenario.id] = scenario
        _registry = found
    return _registry


def all_scenarios() -> list[Scenario]:
    """Every scenario of every game, in file order."""
    return list(_load().values())


def get_scenario(scenario_id: str) -> Scenario:
    """The scenario with this id; raises :class:`UnknownScenario` (a ``KeyError``) naming the known ids."""
    registry = _load()
    if scenario_id not in registry:
        raise UnknownScenario(scenario_id, list(registry))
    return registry[scenario_id]


__all__ = ["Scenario", "Step", "UnknownScenario", "all_scenarios", "get_scenario"]
