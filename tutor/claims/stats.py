"""The statistics of the claims: measured figures, their intervals, and the verdicts.

How words become numbers (the claim's range, which the verdict compares with our interval):

* "about 29 %" stands for 28.5 to 29.5 % (what rounds to it);
* "nine in ten", "three in four" stand for the fraction ± 2.5 points (87.5–92.5 %, 72.5–77.5 %);
* "practically every deal" stands for 99 to 100 %; "10 to 15 %" for exactly that range.

A figure *agrees* when our 95 % (Wilson) interval and the claim's range overlap (touching counts),
else it is *higher* or *lower*. The tips claims compare the ``tips`` player with the ``naive`` one:
they help when the two intervals do not overlap. A claim whose players our figure does not model
(Forty Thieves' careful play) is *open* unless the share of deals that can be won at all lies
wholly below it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tutor.analysis.simulate import Progress, WinRate, deal_number, iter_simulation, wilson_interval
from tutor.analysis.solve import LOST, WON, solve_state
from tutor.claims.data import FIGURE_SEED
from tutor.claims.records import Claim, Measurement, Statement
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.errors import UnknownClaim
from tutor.i18n import Text

AGREES, HIGHER, LOWER, OPEN = "agrees", "higher", "lower", "open"
HELPS, NO_DIFFERENCE, HURTS = "helps", "no-difference", "hurts"


@dataclass(frozen=True)
class Figure(WinRate):
    """A measured win rate: ``wins`` of ``games`` deals; ``lost`` the deals proven lost where
    some may be undecided (the solver), ``None`` where every other deal is lost (a player)."""

    games: int
    wins: int
    lost: int | None = None

    @property
    def undecided(self) -> int:
        return 0 if self.lost is None else self.games - self.wins - self.lost

    @property
    def possible(self) -> float:
        """The share not proven lost: the high end of the range when some deals are undecided."""
        return (self.wins + self.undecided) / self.games if self.games else 0.0

    @property
    def range95(self) -> tuple[float, float]:
        """95 % interval of the share of deals won, with the undecided counted as lost (low end)
        and as won (high end)."""
        return (self.ci95[0], wilson_interval(self.wins + self.undecided, self.games)[1])


def iter_measurement(measurement: Measurement, deals: int, seed: int) -> Iterator[Progress]:
    """Play (or solve) ``deals`` deals of the run ``seed``, yielding the progress after every
    ``measurement.step`` deals; the same figures as :func:`tutor.analysis.simulate.simulate` for players.
    For the solver the progress's ``wins`` are the deals proven won (see :func:`solve_counts`)."""
    if measurement.player == "solver":
        for done, won, _lost in solve_counts(measurement, deals, seed):
            yield Progress(done, won, wilson_interval(won, done))
        return

    rules = get_rules(measurement.game, measurement.variant)
    yield from iter_simulation(rules, deals, seed, measurement.player, measurement.step, dict(measurement.options))


def solve_counts(measurement: Measurement, deals: int, seed: int) -> Iterator[tuple[int, int, int]]:
    """(deals done, proven won, proven lost) after every ``measurement.step`` deals."""

    kernel = kernel_for(get_rules(measurement.game, measurement.variant), **dict(measurement.options))
    done = won = lost = 0
    while done < deals:
        stop = min(deals, done + measurement.step)
        for i in range(done, stop):
            result = solve_state(kernel, kernel.deal(deal_number(seed, i)), measurement.solver_seconds,
                                 measurement.node_limit).result
            won += result == WON
            lost += result == LOST
        done = stop
        yield done, won, lost


def stored_figure(measurement: Measurement) -> Figure:
    """The figure measured for the pages (:mod:`tutor.claims.figures`)."""
    from tutor.claims.figures import FIGURES

    stored: dict[str, Any] | None = FIGURES.get(measurement.key)  # the generated file's JSON-like entry
    # the solver's stored verdicts may cover fewer deals while their offline run is not finished
    partial = measurement.player == "solved" and stored is not None and 0 < stored["games"] <= measurement.deals
    if stored is None or (stored["games"] != measurement.deals and not partial) or stored["seed"] != FIGURE_SEED:
        raise UnknownClaim(Text("ui", 'the measured figure "{key}" is missing or out of date: '
                                      "run python -m tutor.claims --update", key=measurement.key))
    return Figure(stored["games"], stored["wins"], stored.get("lost"))


def compare(interval: tuple[float, float], low: float, high: float) -> str:
    """``agrees`` when the interval and the range [low, high] overlap (touching counts);
    ``higher`` when our whole interval lies above the range, ``lower`` when below."""
    if interval[0] > high:
        return HIGHER
    if interval[1] < low:
        return LOWER
    return AGREES


def compare_tips(with_tips: Figure, without: Figure) -> str:
    """``helps`` when even the low end of the interval with the tips lies above the high end
    without them; ``hurts`` the other way round; else ``no-difference``."""
    if with_tips.ci95[0] > without.ci95[1]:
        return HELPS
    if with_tips.ci95[1] < without.ci95[0]:
        return HURTS
    return NO_DIFFERENCE


def difference_interval(first: Figure, second: Figure) -> tuple[float, float, float]:
    """The difference of two win rates (``first`` − ``second``) with its 95 % interval, by
    Newcombe's method from the two Wilson intervals (his method 10; for two runs on the same deals
    it is on the safe side, a little wider than it need be)."""
    p1, p2 = first.rate, second.rate
    (l1, u1), (l2, u2) = first.ci95, second.ci95
    difference = p1 - p2
    low = difference - ((p1 - l1) ** 2 + (u2 - p2) ** 2) ** 0.5
    high = difference + ((u1 - p1) ** 2 + (p2 - l2) ** 2) ** 0.5
    return difference, low, high


def effect_verdict(with_tip: Figure, without: Figure) -> str:
    """``helps`` when the whole interval of the difference lies above zero, ``hurts`` when below,
    else ``no-difference``."""
    _, low, high = difference_interval(with_tip, without)
    if low > 0:
        return HELPS
    if high < 0:
        return HURTS
    return NO_DIFFERENCE


def judging_figure(claim: Claim, main: Figure | None = None) -> Figure | None:
    """The figure that weighs the claim's statements: the main one if its player plays as the
    claim's players do, else the expert's; ``None`` if there is none."""
    if claim.judges:
        return main if main is not None else stored_figure(claim.measurement)
    return stored_figure(claim.expert) if claim.expert is not None else None


def statement_verdict(claim: Claim, statement: Statement, main: Figure | None = None,
                      winnable: Figure | None = None) -> str:
    """The verdict on one statement; ``main`` and ``winnable`` stand in for the stored figures."""
    figure = judging_figure(claim, main)
    if figure is not None:
        return compare(figure.ci95, statement.low, statement.high)
    if winnable is None and claim.winnable is not None:
        winnable = stored_figure(claim.winnable)
    if winnable is not None:
        if winnable.games and winnable.range95[1] < statement.low:
            return LOWER  # not even a player who knows every card could win so often
    return OPEN


def claim_verdict(claim: Claim, main: Figure | None = None) -> str:
    """The verdict of the card: the first statement's (the claim's own figure), or the tips'."""
    if claim.kind == "tips":
        assert claim.without_tips is not None
        return compare_tips(main if main is not None else stored_figure(claim.measurement),
                            stored_figure(claim.without_tips))
    return statement_verdict(claim, claim.statements[0], main)
