"""The claims' record types: a :class:`Claim` of a rules text, the :class:`Statement` s it makes and
the :class:`Measurement` s of the engine that weigh them (and the other :class:`Reading` s of the
rules measured beside them). Each game writes its claims with these in
``tutor/games/<game>/claims.py``; :mod:`tutor.claims.data` collects them. This module imports no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.i18n import Text


@dataclass(frozen=True)
class Statement:
    """What a text says: who says it, in which words, and the win rates those words stand for.

    ``phrase`` names the statement in a sentence (``the {stated} of Masten’s simulation``;
    German in the nominative: it follows *als* / *wie*); ``label`` is its short name in the chart."""

    source: Text
    low: float
    high: float
    phrase: Text
    label: Text
    words: Text | None = None  # "three games in four"; None: the figure ("about 29 %")
    as_range: bool = False  # show the words' range ("99–100 %"), not its middle


@dataclass(frozen=True)
class Measurement:
    """One figure the engine measures: a player on deals of a run (``deal_number(seed, i)``)."""

    game: str
    variant: str = ""
    player: str = "tips"  # a strategy of tutor.analysis.players ("tips", "naive", …), "solver" (tutor.analysis.solve)
    # or "solved" (the solver's verdicts on deal numbers 0 … deals − 1, made offline and stored by the game:
    # its claims part's solved_counts)
    options: tuple[tuple[str, Any], ...] = ()  # an analysis reading of the lean board
    deals: int = 1000  # at build time (tutor.claims.figures)
    live_deals: int = 500  # in the browser's check
    step: int = 10  # deals per generator step: a step must stay well below a chunk's time
    solver_seconds: float | None = 2.0  # the solver's limit per deal (None: no time limit)
    node_limit: int | None = None  # the solver's limit per deal in positions (the same on every machine)
    check_deals: int = 100  # the test replays this many first deals

    @property
    def key(self) -> str:
        reading = ",".join(f"{name}={value}" for name, value in self.options)
        return f"{self.game}/{self.variant or 'base'}/{self.player}" + (f"/{reading}" if reading else "")


@dataclass(frozen=True)
class Reading:
    """Another reading of the rules, measured to see which one gives the published figure;
    ``why`` says which rule the site plays, and why."""

    description: Text
    measurement: Measurement
    why: Text


@dataclass(frozen=True)
class Claim:
    """A claim of a rules text and the figures that weigh it.

    ``lead`` starts the card's sentence (``{deals}``: the measured share in words); ``judges``
    says whether ``measurement`` plays as the claim's players do (else its figure is shown, but
    only ``expert`` and ``winnable`` weigh the claim)."""

    id: str
    kind: str  # "rate": statements about one figure; "tips": the tips player against the naive one
    game: str
    title: Text
    measurement: Measurement
    lead: Text | None = None
    statements: tuple[Statement, ...] = ()
    readings: tuple[Reading, ...] = ()
    without_tips: Measurement | None = None  # kind "tips"
    note: Text | None = None  # what the reader should know to weigh the figures
    judges: bool = True
    expert: Measurement | None = None
    winnable: Measurement | None = None

    def measurements(self) -> list[Measurement]:
        found = [self.measurement] + [r.measurement for r in self.readings]
        return found + [m for m in (self.without_tips, self.expert, self.winnable) if m is not None]

    @property
    def anchor(self) -> str:
        """The card's id on its page (the home page's table links to it)."""
        return f"claim-{self.id}"


@dataclass(frozen=True)
class TipEffect:
    """What one tip is worth: the table's player against ``without``, the same player ignoring that
    tip, on the same deals. ``label`` names the tip in the table (its number and first words)."""

    tip: int
    label: Text
    without: Measurement


@dataclass(frozen=True)
class TipTable:
    """The measured worth of a page's tips (``tip-effects: <id>``, a table beside them): the player
    who follows them all (``measurement``) and, per tip, the same player without it."""

    id: str
    game: str
    title: Text
    measurement: Measurement
    effects: tuple[TipEffect, ...]

    def measurements(self) -> list[Measurement]:
        return [self.measurement] + [effect.without for effect in self.effects]
