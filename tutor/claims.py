"""Claims the rules texts make about how often a game comes out, and the engine's check of them.

A page places a check with the directive ``claim: <claim-id>`` (a fenced ``tutor`` block, the same
in both languages). At build time the widget shows the text's figure, the engine's measured figure
with its 95 % Wilson interval and deal count, and a plain verdict; live, a "Check this claim"
button plays new deals in the reader's browser, one short chunk per request, so the page stays
responsive and the run can be stopped (the response's ``continue`` flag asks the page script for
the next chunk).

How words become numbers (the claim's range, which the verdict compares with our interval):

* "about 29 %" stands for 28.5 to 29.5 % (what rounds to it);
* "nine in ten", "three in four" stand for the fraction ± 2.5 points (87.5–92.5 %, 72.5–77.5 %);
* "practically every deal" stands for 99 to 100 %; "10 to 15 %" for exactly that range.

A claim *agrees* when our 95 % interval and the claim's range overlap (touching counts), and
*disagrees* plainly, with the direction, when they do not. The tips claims compare the ``tips``
player with the ``naive`` one: they help when the two intervals do not overlap.

The measured figures are data, :mod:`tutor.claim_figures`, made by ``python -m tutor.claims
--update`` (CPython, both cores, about ten seconds) and checked by ``tests/test_claims.py`` against
a fresh run of each figure's first deals: the live widget under Pyodide needs the same figures, and
playing 20 000 deals there at every page load would keep the reader waiting.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from .i18n import Text
from .render import buttons_html, escape
from .session import Directive, DirectiveError, Widget
from .simulate import Progress, deal_number, iter_simulation, wilson_interval

# ---------------------------------------------------------------------------------------------
# numbers in the page's language (the catalogs say how: no Babel under Pyodide)
# ---------------------------------------------------------------------------------------------


def format_number(value: float, lang: str, digits: int = 0) -> str:
    """``20,000`` / ``27.4`` in English, ``20.000`` / ``27,4`` in German."""
    group = Text("number", ",").render(lang)  # the thousands separator
    decimal = Text("number", ".").render(lang)  # the decimal separator
    return f"{value:,.{digits}f}".translate(str.maketrans({",": group, ".": decimal}))


def format_percent(fraction: float, lang: str, digits: int = 1) -> str:
    """``27.4%`` in English, ``27,4 %`` (with a no-break space) in German."""
    return Text("number", "{value}%", value=format_number(100 * fraction, lang, digits)).render(lang)


def format_percent_range(low: float, high: float, lang: str, digits: int = 1) -> str:
    """``26.8–28.0%`` in English, ``26,8–28,0 %`` in German."""
    span = f"{format_number(100 * low, lang, digits)}–{format_number(100 * high, lang, digits)}"
    return Text("number", "{value}%", value=span).render(lang)


def _digits(fraction: float) -> int:
    """Whole percents where the figure is whole ("29 %"), else one decimal."""
    return 0 if abs(100 * fraction - round(100 * fraction)) < 1e-9 else 1


# ---------------------------------------------------------------------------------------------
# the claims, as data
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Statement:
    """What a text says: who says it, in which words, and the win rates those words stand for."""

    source: Text
    low: float
    high: float
    words: Text | None = None  # "three games in four"; None: the figure ("about 29 %")
    as_range: bool = False  # show the words' range ("99–100 %"), not its middle

    def render(self, lang: str) -> str:
        if self.words is not None and self.as_range:
            return Text("ui", "{words}, that is {value}", words=self.words,
                        value=format_percent_range(self.low, self.high, lang, 0)).render(lang)
        if self.words is not None:
            middle = (self.low + self.high) / 2
            return Text("ui", "{words}, that is {value}", words=self.words,
                        value=format_percent(middle, lang, _digits(middle))).render(lang)
        if abs(self.high - self.low - 0.01) < 1e-9:  # "about 29 %"
            middle = (self.low + self.high) / 2
            return Text("ui", "about {value}", value=format_percent(middle, lang, _digits(middle))).render(lang)
        return format_percent_range(self.low, self.high, lang, 0)


@dataclass(frozen=True)
class Measurement:
    """One figure the engine measures: a player on deals of a run (``deal_number(seed, i)``)."""

    game: str
    variant: str = ""
    player: str = "tips"  # "tips" | "naive" (tutor.strategies) or "solver" (tutor.solve)
    options: tuple[tuple[str, Any], ...] = ()  # an analysis reading of the lean board
    deals: int = 1000  # at build time (tutor.claim_figures)
    live_deals: int = 500  # in the browser's check
    step: int = 10  # deals per generator step: a step must stay well below a chunk's time
    solver_seconds: float = 2.0  # the solver's limit per deal

    @property
    def key(self) -> str:
        reading = ",".join(f"{name}={value}" for name, value in self.options)
        return f"{self.game}/{self.variant or 'base'}/{self.player}" + (f"/{reading}" if reading else "")


@dataclass(frozen=True)
class Reading:
    """Another reading of the rules, measured to see which one gives the published figure."""

    description: Text
    measurement: Measurement


@dataclass(frozen=True)
class Claim:
    id: str
    kind: str  # "rate": statements about one figure; "tips": the tips player against the naive one
    title: Text
    measurement: Measurement
    statements: tuple[Statement, ...] = ()
    readings: tuple[Reading, ...] = ()
    without_tips: Measurement | None = None  # kind "tips"
    note: Text | None = None  # what the reader should know to weigh the verdict

    def measurements(self) -> list[Measurement]:
        found = [self.measurement] + [r.measurement for r in self.readings]
        return found + ([self.without_tips] if self.without_tips else [])


FIGURE_SEED = 0  # the run of the figures on the pages (deal i = deal_number(0, i))

_QA = dict(game="queens-audience", deals=100_000, live_deals=100_000, step=100)
_QA_PAIR_READING = Text("queens-audience", "the card just turned may pair with the card under it on the waste")
_MASTEN = Text("queens-audience", "Mark Masten’s computer analysis")
_FF = dict(game="fortunes-favour", deals=1000, live_deals=500, step=5)
_FT = dict(game="forty-thieves", deals=200, live_deals=200, step=2)

CLAIMS: dict[str, Claim] = {claim.id: claim for claim in (
    Claim("qa-one-pass", "rate", Text("queens-audience", "How often does Queen’s Audience come out?"),
          Measurement(**_QA),
          (Statement(_MASTEN, 0.285, 0.295),
           Statement(Text("queens-audience", "the old books"), 0.725, 0.775,
                     Text("queens-audience", "three games in four"))),
          (Reading(_QA_PAIR_READING, Measurement(**_QA, options=(("waste_pair", True),))),)),
    Claim("qa-one-redeal", "rate", Text("queens-audience", "How often does Queen’s Audience come out with one redeal?"),
          Measurement(**_QA, variant="one-redeal"),
          (Statement(_MASTEN, 0.805, 0.815),),
          (Reading(_QA_PAIR_READING, Measurement(**_QA, variant="one-redeal", options=(("waste_pair", True),))),)),
    Claim("qa-tips", "tips", Text("queens-audience", "Do the tips help?"),
          Measurement(**_QA), without_tips=Measurement(**_QA, player="naive")),
    Claim("ff-win-rate", "rate", Text("fortunes-favour", "How often does Fortune’s Favour come out?"),
          Measurement(**_FF),
          (Statement(Text("fortunes-favour", "Morehead and Mott-Smith"), 0.875, 0.925,
                     Text("fortunes-favour", "nine games in ten")),)),
    Claim("ff-solver", "rate", Text("fortunes-favour", "Does a computer that knows the stock win every deal?"),
          Measurement(game="fortunes-favour", player="solver", deals=1000, live_deals=300, step=1),
          (Statement(Text("fortunes-favour", "the rules text"), 0.99, 1.0,
                     Text("fortunes-favour", "practically every deal"), as_range=True),)),
    Claim("ff-tips", "tips", Text("fortunes-favour", "Do the tips help?"),
          Measurement(**_FF), without_tips=Measurement(**_FF, player="naive")),
    Claim("ft-win-rate", "rate", Text("forty-thieves", "How often does Forty Thieves come out?"),
          Measurement(**_FT),
          (Statement(Text("forty-thieves", "the rules text"), 0.10, 0.15),),
          note=Text("forty-thieves", "Forty Thieves leaves the player many choices, and the engine’s tips player "
                                     "is a simple program that looks no further than the next move. The 10–15 % "
                                     "of the rules text describe careful play that thinks ahead, so this figure "
                                     "says more about our player than about the claim.")),
    Claim("ft-tips", "tips", Text("forty-thieves", "Do the tips help?"),
          Measurement(**_FT), without_tips=Measurement(**_FT, player="naive")),
)}


def get_claim(claim_id: str) -> Claim:
    claim = CLAIMS.get(claim_id)
    if claim is None:
        raise DirectiveError(Text("ui", "there is no claim “{claim}”; known claims: {known}",
                                  claim=claim_id, known=", ".join(CLAIMS)))
    return claim


def all_measurements() -> dict[str, Measurement]:
    return {m.key: m for claim in CLAIMS.values() for m in claim.measurements()}


# ---------------------------------------------------------------------------------------------
# measuring
# ---------------------------------------------------------------------------------------------

def iter_measurement(measurement: Measurement, deals: int, seed: int) -> Iterator[Progress]:
    """Play (or solve) ``deals`` deals of the run ``seed``, yielding the progress after every
    ``measurement.step`` deals; the same figures as :func:`tutor.simulate.simulate` for players."""
    from .games import get_rules

    rules = get_rules(measurement.game, measurement.variant)
    options = dict(measurement.options)
    if measurement.player != "solver":
        yield from iter_simulation(rules, deals, seed, measurement.player, measurement.step, options)
        return
    from .lean import kernel_for
    from .solve import WON, solve_state

    kernel = kernel_for(rules, **options)
    done = wins = 0
    while done < deals:
        stop = min(deals, done + measurement.step)
        for i in range(done, stop):
            result = solve_state(kernel, kernel.deal(deal_number(seed, i)), measurement.solver_seconds)
            wins += result.result == WON  # a deal the search could not decide counts as not won
        done = stop
        yield Progress(done, wins, wilson_interval(wins, done))


@dataclass(frozen=True)
class Figure:
    """A measured win rate: ``wins`` of ``games`` deals."""

    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def stored_figure(measurement: Measurement) -> Figure:
    """The figure measured for the pages (:mod:`tutor.claim_figures`)."""
    from .claim_figures import FIGURES

    stored = FIGURES.get(measurement.key)
    if stored is None or stored["games"] != measurement.deals or stored["seed"] != FIGURE_SEED:
        raise DirectiveError(Text("ui", "the measured figure “{key}” is missing or out of date: "
                                        "run python -m tutor.claims --update", key=measurement.key))
    return Figure(stored["games"], stored["wins"])


# ---------------------------------------------------------------------------------------------
# verdicts
# ---------------------------------------------------------------------------------------------

AGREES, HIGHER, LOWER = "agrees", "higher", "lower"


def compare(interval: tuple[float, float], low: float, high: float) -> str:
    """``agrees`` when the interval and the range [low, high] overlap (touching counts);
    ``higher`` when our whole interval lies above the range, ``lower`` when below."""
    if interval[0] > high:
        return HIGHER
    if interval[1] < low:
        return LOWER
    return AGREES


HELPS, NO_DIFFERENCE, HURTS = "helps", "no-difference", "hurts"


def compare_tips(with_tips: Figure, without: Figure) -> str:
    """``helps`` when even the low end of the interval with the tips lies above the high end
    without them; ``hurts`` the other way round; else ``no-difference``."""
    if with_tips.ci95[0] > without.ci95[1]:
        return HELPS
    if with_tips.ci95[1] < without.ci95[0]:
        return HURTS
    return NO_DIFFERENCE


def statement_verdict(statement: Statement, figure: Figure, lang: str) -> tuple[str, str]:
    """(verdict key, the sentence) for one statement against one figure."""
    verdict = compare(figure.ci95, statement.low, statement.high)
    stated = statement.render(lang)
    if verdict == AGREES:
        text = Text("ui", "This agrees with {source} ({stated}): our 95% interval reaches it.",
                    source=statement.source, stated=stated)
    elif verdict == HIGHER:
        text = Text("ui", "This disagrees with {source} ({stated}): by our count more deals come out – even "
                          "the low end of our 95% interval, {low}, lies above it.",
                    source=statement.source, stated=stated, low=format_percent(figure.ci95[0], lang))
    else:
        text = Text("ui", "This disagrees with {source} ({stated}): by our count fewer deals come out – even "
                          "the high end of our 95% interval, {high}, lies below it.",
                    source=statement.source, stated=stated, high=format_percent(figure.ci95[1], lang))
    return verdict, text.render(lang)


def tips_verdict(with_tips: Figure, without: Figure, lang: str) -> tuple[str, str]:
    verdict = compare_tips(with_tips, without)
    if verdict == HELPS:
        text = Text("ui", "The tips help: even the low end of the interval with them lies above the high end "
                          "without them.")
    elif verdict == HURTS:
        text = Text("ui", "Over these deals the tips do worse: playing without them wins more.")
    else:
        text = Text("ui", "No measurable difference: over these deals the two intervals overlap.")
    return verdict, text.render(lang)


# ---------------------------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------------------------

def _player(measurement: Measurement) -> Text:
    if measurement.player == "solver":
        return Text("ui", "solved by the engine, which knows every card (a deal it cannot decide within "
                          "{seconds} s counts as lost)", seconds=f"{measurement.solver_seconds:g}")
    if measurement.player == "naive":
        return Text("ui", "played by the engine without the tips: it turns the next stock card as soon as it "
                          "may, and otherwise makes the first legal move")
    return Text("ui", "played by the engine following the beginner tips")


def figure_sentence(figure: Figure, lang: str) -> str:
    """``27.4% of 20,000 deals won (95% interval 26.8–28.0%)``."""
    return Text("ui", "{rate} of {deals} deals won (95% interval {interval})",
                rate=format_percent(figure.rate, lang), deals=format_number(figure.games, lang),
                interval=format_percent_range(*figure.ci95, lang)).render(lang)


def _paragraph(css: str, text: str, verdict: str = "") -> str:
    data = f' data-verdict="{escape(verdict)}"' if verdict else ""
    return f'<p class="{css}"{data}>{escape(text)}</p>'


def _verdict_paragraph(verdict: str, sentence: str) -> str:
    return _paragraph("tutor-claim-verdict", sentence, verdict)


def _verdicts_html(claim: Claim, figure: Figure, lang: str) -> str:
    return "".join(_verdict_paragraph(*statement_verdict(s, figure, lang)) for s in claim.statements)


def stated_html(claim: Claim, lang: str) -> str:
    if claim.kind == "tips":
        return _paragraph("tutor-claim-stated", Text("ui", "The text says: each tip helps.").render(lang))
    return "".join(_paragraph("tutor-claim-stated", Text("ui", "According to {source}: {stated}.",
                                                         stated=s.render(lang), source=s.source).render(lang))
                   for s in claim.statements)


def measured_html(claim: Claim, lang: str) -> str:
    """The figures measured for the page, with their verdicts."""
    main = stored_figure(claim.measurement)
    deals_note = Text("ui", "Deals 0 to {last} of run {seed}.", last=format_number(main.games - 1, lang),
                      seed=FIGURE_SEED).render(lang)
    if claim.kind == "tips":
        assert claim.without_tips is not None
        without = stored_figure(claim.without_tips)
        parts = [_paragraph("tutor-claim-measured", Text("ui", "Measured with the tips: {figure}; {player}.",
                                                         figure=figure_sentence(main, lang),
                                                         player=_player(claim.measurement)).render(lang)),
                 _paragraph("tutor-claim-measured", Text("ui", "Measured without the tips: {figure}; {player}.",
                                                         figure=figure_sentence(without, lang),
                                                         player=_player(claim.without_tips)).render(lang)),
                 _verdict_paragraph(*tips_verdict(main, without, lang))]
        return "".join(parts) + _paragraph("tutor-claim-note", deals_note)
    parts = [_paragraph("tutor-claim-measured", Text("ui", "Measured under the rules of this site: {figure}; {player}.",
                                                     figure=figure_sentence(main, lang),
                                                     player=_player(claim.measurement)).render(lang)),
             _verdicts_html(claim, main, lang)]
    if claim.note is not None:
        parts.append(_paragraph("tutor-claim-note", claim.note.render(lang)))
    for reading in claim.readings:
        figure = stored_figure(reading.measurement)
        parts.append(_paragraph("tutor-claim-reading", Text(
            "ui", "Under another reading of the rules – {reading} – the engine measures: {figure}.",
            reading=reading.description, figure=figure_sentence(figure, lang)).render(lang)))
        for statement in claim.statements:
            ours = compare(main.ci95, statement.low, statement.high)
            theirs = compare(figure.ci95, statement.low, statement.high)
            if ours != AGREES and theirs == AGREES:
                text = Text("ui", "So the figure according to {source} fits that reading, not the rules of this site.",
                            source=statement.source)
            elif ours == AGREES and theirs != AGREES:
                text = Text("ui", "So the figure according to {source} fits the rules of this site, not that reading.",
                            source=statement.source)
            else:
                continue
            parts.append(_paragraph("tutor-claim-reading", text.render(lang), "reading-" + theirs))
    return "".join(parts) + _paragraph("tutor-claim-note", deals_note)


class LiveCheck:
    """A check running in the browser: one generator per figure, a chunk of deals per request."""

    CHUNK_SECONDS = 0.15

    def __init__(self, measurements: list[Measurement], seed: int) -> None:
        self.total = measurements[0].live_deals
        self.seed = seed
        self.runs = [iter_measurement(m, m.live_deals, seed) for m in measurements]
        self.figures = [Figure(0, 0) for _ in measurements]
        self.running = True
        self.stopped = False

    def step(self, clock: Callable[[], float] = time.perf_counter) -> None:
        """Advance the figures by about :attr:`CHUNK_SECONDS` (at least one step each), the one
        furthest behind first, so the figures of a comparison grow together."""
        if not self.running:
            return
        deadline = clock() + self.CHUNK_SECONDS
        while True:
            index = min(range(len(self.runs)), key=lambda i: self.figures[i].games)
            progress = next(self.runs[index], None)
            if progress is None:
                self.running = False
                return
            self.figures[index] = Figure(progress.done, progress.wins)
            if all(f.games >= self.total for f in self.figures):
                self.running = False
                return
            if clock() >= deadline and len({f.games for f in self.figures}) == 1:
                return

    def stop(self) -> None:
        if self.running:
            self.running, self.stopped = False, True

    @property
    def done(self) -> int:
        return min(f.games for f in self.figures)

    @property
    def finished(self) -> bool:
        return not self.running and not self.stopped


class ClaimWidget(Widget):
    """``claim: <claim-id>``: the text's figure, ours, and a live check."""

    kind = "claim"

    def __init__(self, directive: Directive) -> None:
        self.claim = get_claim(directive.args[0])
        self.check: LiveCheck | None = None
        self.checks = 0

    def _measurements(self) -> list[Measurement]:
        claim = self.claim
        return [claim.measurement] + ([claim.without_tips] if claim.without_tips else [])

    def start(self) -> None:
        self.checks += 1
        # new deals each time: the figure above is run 0, the checks are runs 1, 2, …
        self.check = LiveCheck(self._measurements(), FIGURE_SEED + self.checks)
        self.check.step()

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        claim = self.claim
        html = (f'<div class="tutor-claim" data-claim="{escape(claim.id)}">'
                f'<p class="tutor-claim-title"><strong>{escape(claim.title.render(lang))}</strong></p>'
                + stated_html(claim, lang) + measured_html(claim, lang))
        if live:
            html += self.live_html(lang)
        return html + "</div>"

    def live_html(self, lang: str) -> str:
        check = self.check
        if check is None:
            note = Text("ui", "The check plays {deals} new deals in your browser.",
                        deals=format_number(self.claim.measurement.live_deals, lang)).render(lang)
            return (f'<div class="tutor-claim-live">{_paragraph("tutor-claim-note", note)}'
                    + buttons_html([("check", Text("ui", "Check this claim").render(lang))]) + "</div>")
        label = escape(Text("ui", "Progress of the check").render(lang))
        parts = [f'<div class="tutor-claim-live" data-run="{"running" if check.running else ("stopped" if check.stopped else "done")}">',
                 f'<progress class="tutor-claim-progress" max="{check.total}" value="{check.done}" '
                 f'aria-label="{label}"></progress>']
        total = format_number(check.total, lang)
        done = format_number(check.done, lang)
        if check.running:
            head = Text("ui", "Checking: {done} of {total} new deals so far.", done=done, total=total)
        elif check.stopped:
            head = Text("ui", "Stopped after {done} of {total} new deals.", done=done, total=total)
        else:
            head = Text("ui", "Checked {total} new deals (run {seed}).", total=total, seed=check.seed)
        parts.append(_paragraph("tutor-claim-live-status", head.render(lang)))
        figures = check.figures
        if self.claim.kind == "tips":
            parts.append(_paragraph("tutor-claim-live-figure", Text(
                "ui", "With the tips: {figure}.", figure=figure_sentence(figures[0], lang)).render(lang)))
            parts.append(_paragraph("tutor-claim-live-figure", Text(
                "ui", "Without the tips: {figure}.", figure=figure_sentence(figures[1], lang)).render(lang)))
            if figures[0].games:
                parts.append(_verdict_paragraph(*tips_verdict(figures[0], figures[1], lang)))
        else:
            sentence = (Text("ui", "Measured in your browser: {figure}.", figure=figure_sentence(figures[0], lang))
                        if check.finished else Text("ui", "So far: {figure}.", figure=figure_sentence(figures[0], lang)))
            parts.append(_paragraph("tutor-claim-live-figure", sentence.render(lang)))
            if figures[0].games:
                parts.append(_verdicts_html(self.claim, figures[0], lang))
        if check.running:
            parts.append(buttons_html([("stop", Text("ui", "Stop").render(lang))]))
        else:
            parts.append(buttons_html([("check", Text("ui", "Check again with new deals").render(lang))]))
        return "".join(parts) + "</div>"

    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {
            "check": lambda request: self.start(),
            "continue": lambda request: self.check.step() if self.check else None,
            "stop": lambda request: self.check.stop() if self.check else None,
        }

    def continues(self) -> bool:
        return self.check is not None and self.check.running

    def announcement(self, lang: str) -> str:
        """Said once, when a check ends (each chunk's figures would be too many words)."""
        check = self.check
        if check is None or check.running:
            return ""
        done, total = format_number(check.done, lang), format_number(check.total, lang)
        if check.stopped:
            head = Text("ui", "Stopped after {done} of {total} new deals.", done=done, total=total)
        else:
            head = Text("ui", "Checked {total} new deals (run {seed}).", total=total, seed=check.seed)
        figures = "; ".join(figure_sentence(f, lang) for f in check.figures)
        return f"{head.render(lang)} {figures}."

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = {"kind": self.kind, "claim": self.claim.id}
        if self.check is not None:
            state.update(run=self.check.seed, done=self.check.done, total=self.check.total,
                         running=self.check.running,
                         figures=[[f.wins, f.games] for f in self.check.figures])
        return state


# ---------------------------------------------------------------------------------------------
# python -m tutor.claims --update | --check
# ---------------------------------------------------------------------------------------------

CHECK_DEALS = 100  # the test replays each figure's first deals (see stored "check")


def measure_all(workers: int | None = None) -> dict[str, dict[str, Any]]:
    """Every figure the claims show, measured afresh (CPython; both cores where there are two)."""
    from concurrent.futures import ProcessPoolExecutor

    measurements = all_measurements()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {key: pool.submit(_measure, m, m.deals) for key, m in measurements.items()}
        checks = {key: pool.submit(_measure, m, min(CHECK_DEALS, m.deals)) for key, m in measurements.items()}
        return {key: {"seed": FIGURE_SEED, "games": measurements[key].deals, "wins": futures[key].result(),
                      "check": [min(CHECK_DEALS, measurements[key].deals), checks[key].result()]}
                for key in sorted(measurements)}


def _measure(measurement: Measurement, deals: int) -> int:
    from dataclasses import replace

    if measurement.player != "solver":  # no page waits here: fewer, longer steps
        measurement = replace(measurement, step=max(measurement.step, deals // 20))
    wins = 0
    for progress in iter_measurement(measurement, deals, FIGURE_SEED):
        wins = progress.wins
    return wins


def write_figures(figures: dict[str, dict[str, Any]], seconds: float) -> None:
    from pathlib import Path

    lines = ['"""The figures the claims show (see tutor.claims): made by ``python -m tutor.claims --update``',
             f"({seconds:.0f} s on this machine); do not edit by hand. Each entry: wins of ``games`` deals",
             "0 … games−1 of run ``seed`` (deal i = tutor.simulate.deal_number(seed, i)); ``check`` is",
             '[deals, wins] of the first deals alone, which the tests replay."""', "", "FIGURES = {"]
    for key, entry in figures.items():
        lines.append(f"    {key!r}: {entry!r},")
    lines.append("}")
    Path(__file__).with_name("claim_figures.py").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in (["--update"], ["--check"]):
        print("usage: python -m tutor.claims --update | --check", file=sys.stderr)
        return 2
    started = time.perf_counter()
    figures = measure_all()
    seconds = time.perf_counter() - started
    for key, entry in figures.items():
        figure = Figure(entry["games"], entry["wins"])
        print(f"{key:45} {entry['wins']:6}/{entry['games']:<6} {100 * figure.rate:6.2f} %  "
              f"[{100 * figure.ci95[0]:.2f}, {100 * figure.ci95[1]:.2f}]")
    if args == ["--update"]:
        write_figures(figures, seconds)
        print(f"wrote tutor/claim_figures.py ({seconds:.1f} s)")
        return 0
    from .claim_figures import FIGURES

    stale = [key for key in figures if FIGURES.get(key) != figures[key]]
    print("stale: " + ", ".join(stale) if stale else "the stored figures are up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    from tutor.claims import main as _main  # the pool's workers pickle tutor.claims' names, not __main__'s

    sys.exit(_main())
