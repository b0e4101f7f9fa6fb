"""The claim card (``claim: <claim-id>``) and the home page's table of figures (``figures: games``).

A card reads at a glance: the question, a verdict (a mark and a word, never colour alone) with
one plain sentence, and a chart (:mod:`tutor.web.widgets.claims.chart`); how the figures were made is folded in a
``<details>``. Live, "Check with new deals" plays new deals in the reader's browser, one short
chunk per request (the response's ``continue`` flag asks for the next); while it runs, only the
chart (a bar for the new deals) and one line change.

Every figure the site gives as its own is drawn here from the stored figures and marked as
``<data class="tutor-measured" value="…" data-figure="<key>">`` so the tests can hold each one to
the figure it comes from.

The widget follows the interface of :class:`tutor.web.protocol.Widget` without importing it: the
session imports the claims, never the other way round.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tutor.claims.data import FIGURE_SEED, get_claim, home_claims
from tutor.claims.records import Claim, Measurement
from tutor.claims.stats import Figure, claim_verdict, iter_measurement, stored_figure
from tutor.claims.words import (
    MARKS,
    details_paragraphs,
    format_number,
    format_percent,
    sentence,
    stated_figure,
    stated_short,
    verdict_word,
    winnable_range,
    winnable_sentence,
)
from tutor.glossary import game_name
from tutor.i18n import Text
from tutor.web.render import buttons_html, escape
from tutor.web.widgets.base import Widget
from tutor.web.widgets.claims.chart import Bar, Mark, chart_svg


def measured_html(figure: Figure, key: str, lang: str, text: str | None = None) -> str:
    """A measured share as the reader reads it, with the exact figure for machines (and tests)."""
    shown = text if text is not None else format_percent(figure.rate, lang)
    return (f'<data class="tutor-measured" value="{figure.rate:.6f}" data-figure="{escape(key)}">'
            f"{escape(shown)}</data>")


# --- the chart ------------------------------------------------------------------------------------

def _bar(label: Text, figure: Figure, lang: str, live: bool = False) -> Bar:
    if figure.undecided:  # the solver's verdicts: the deals searched, from proved won to not proved lost
        return Bar(label.render(lang), figure.rate, figure.rate, figure.possible, winnable_range(figure, lang),
                   reach=figure.possible, live=live, words=winnable_sentence(figure, lang))
    return Bar(label.render(lang), figure.rate, *figure.ci95, format_percent(figure.rate, lang), live=live)


def chart_html(claim: Claim, lang: str, live_figures: list[Figure] | None = None) -> str:
    marks = [Mark(f"{s.label.render(lang)} {stated_short(s, lang)}", s.low, s.high) for s in claim.statements]
    bars: list[Bar] = []
    if claim.kind == "tips":
        assert claim.without_tips is not None
        bars.append(_bar(Text("ui", "with the tips"), stored_figure(claim.measurement), lang))
        bars.append(_bar(Text("ui", "without"), stored_figure(claim.without_tips), lang))
        if live_figures:
            bars.append(_bar(Text("ui", "new, with"), live_figures[0], lang, live=True))
            bars.append(_bar(Text("ui", "new, without"), live_figures[1], lang, live=True))
    else:
        if claim.winnable is not None:
            bars.append(_bar(Text("ui", "can be won"), stored_figure(claim.winnable), lang))
        if claim.expert is not None:
            bars.append(_bar(Text("ui", "expert player"), stored_figure(claim.expert), lang))
        own = Text("ui", "this site") if claim.judges else Text("ui", "tips player")
        bars.append(_bar(own, stored_figure(claim.measurement), lang))
        if live_figures:
            bars.append(_bar(Text("ui", "new deals"), live_figures[0], lang, live=True))
    alt_bars = "; ".join(Text("ui", "{label}: {words}", label=b.label, words=b.words).render(lang) if b.words
                         else Text("ui", "{label} {value} (from {low} to {high})", label=b.label, value=b.text,
                                   low=format_percent(b.low, lang), high=format_percent(b.high, lang)).render(lang)
                         for b in bars)
    if marks:
        alt = Text("ui", "Chart from 0 to 100%. Stated: {marks}. Measured: {bars}.",
                   marks="; ".join(m.label for m in marks), bars=alt_bars)
    else:
        alt = Text("ui", "Chart from 0 to 100%. Measured: {bars}.", bars=alt_bars)
    ticks = [format_percent(f, lang, 0) for f in (0.0, 1.0)]
    return f'<div class="tutor-claim-chart">{chart_svg(marks, bars, alt=alt.render(lang), ticks=ticks)}</div>'


# --- the card -------------------------------------------------------------------------------------

def verdict_html(claim: Claim, lang: str) -> str:
    verdict = claim_verdict(claim)
    return (f'<p class="tutor-claim-answer"><span class="tutor-claim-tag" data-verdict="{verdict}">'
            f'<span class="tutor-claim-mark" aria-hidden="true">{MARKS[verdict]}</span> '
            f"<strong>{escape(verdict_word(verdict, lang))}:</strong></span> {escape(sentence(claim, lang))}</p>")


def details_html(claim: Claim, lang: str, extra: list[str] | None = None) -> str:
    summary = escape(Text("ui", "How this was measured").render(lang))
    paragraphs = details_paragraphs(claim, lang) + (extra or [])
    return (f'<details class="tutor-claim-details"><summary>{summary}</summary>'
            + "".join(f"<p>{escape(p)}</p>" for p in paragraphs) + "</details>")


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

    @property
    def run_state(self) -> str:
        return "running" if self.running else ("stopped" if self.stopped else "done")


class ClaimWidget(Widget):
    """``claim: <claim-id>``: the card, and a live check with new deals."""

    kind = "claim"

    def __init__(self, directive: Any) -> None:
        self.claim = get_claim(directive.args[0])
        self.check: LiveCheck | None = None
        self.checks = 0

    def _measurements(self) -> list[Measurement]:
        claim = self.claim
        return [claim.measurement] + ([claim.without_tips] if claim.without_tips else [])

    def start(self) -> None:
        self.checks += 1
        # new deals each time: the figures above are run 0, the checks are runs 1, 2, …
        self.check = LiveCheck(self._measurements(), FIGURE_SEED + self.checks)
        self.check.step()

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        claim = self.claim
        check = self.check if live else None
        live_figures = check.figures if check is not None and check.done else None
        html = (f'<div class="tutor-claim" data-claim="{escape(claim.id)}" id="{escape(claim.anchor)}">'
                f'<p class="tutor-claim-title"><strong>{escape(claim.title.render(lang))}</strong></p>'
                + verdict_html(claim, lang) + chart_html(claim, lang, live_figures))
        if live:
            html += self.live_html(lang)
        return html + details_html(claim, lang) + "</div>"

    def status_line(self, lang: str) -> str:
        """The one line of the check: what it does, how far it got, what it found."""
        check = self.check
        if check is None:
            return ""
        done, total = format_number(check.done, lang), format_number(check.total, lang)
        figures = check.figures
        if self.claim.kind == "tips":
            found = Text("ui", "with the tips {with_tips} won, without {without}",
                         with_tips=format_percent(figures[0].rate, lang), without=format_percent(figures[1].rate, lang))
        else:
            found = Text("ui", "{rate} won", rate=format_percent(figures[0].rate, lang))
        if check.running:
            return Text("ui", "Checking {done} of {total} new deals: {found}.", done=done, total=total,
                        found=found).render(lang)
        if check.stopped:
            return Text("ui", "Stopped after {done} of {total} new deals: {found}.", done=done, total=total,
                        found=found).render(lang)
        return Text("ui", "Checked {total} new deals: {found}.", total=total, found=found).render(lang)

    def live_html(self, lang: str) -> str:
        check = self.check
        line = f'<p class="tutor-claim-line">{escape(self.status_line(lang))}</p>'
        if check is None:
            return ('<div class="tutor-claim-live">'
                    + buttons_html([("check", Text("ui", "Check with new deals").render(lang))]) + "</div>")
        label = escape(Text("ui", "Progress of the check").render(lang))
        parts = [f'<div class="tutor-claim-live" data-run="{check.run_state}">', line,
                 f'<progress class="tutor-claim-progress" max="{check.total}" value="{check.done}" '
                 f'aria-label="{label}"></progress>']
        if check.running:
            parts.append(buttons_html([("stop", Text("ui", "Stop").render(lang))]))
        else:
            parts.append(buttons_html([("check", Text("ui", "Check again").render(lang))]))
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
        if self.check is None or self.check.running:
            return ""
        return self.status_line(lang)

    def root_attributes(self) -> dict[str, str]:
        return {}

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = {"kind": self.kind, "claim": self.claim.id}
        if self.check is not None:
            state.update(run=self.check.seed, done=self.check.done, total=self.check.total,
                         running=self.check.running,
                         figures=[[f.wins, f.games] for f in self.check.figures])
        return state


# --- the home page's table ------------------------------------------------------------------------

def measured_cell(claim: Claim, lang: str) -> str:
    """What was measured, in the table's few words, each figure from the store."""
    main = stored_figure(claim.measurement)
    if claim.judges:
        return measured_html(main, claim.measurement.key, lang)
    sentences = []
    if claim.winnable is not None:  # the one sentence of the solver's verdicts, as the claim card and about say it
        winnable = stored_figure(claim.winnable)
        words = winnable_sentence(winnable, lang, won_share="\0")
        sentences.append(escape(words).replace("\0", measured_html(winnable, claim.winnable.key, lang)))
    ours = measured_html(main, claim.measurement.key, lang)
    if claim.expert is not None:
        players = Text("ui", "The expert player wins {expert}, our tips player {ours}.", expert="\1", ours="\0")
        expert = measured_html(stored_figure(claim.expert), claim.expert.key, lang)
        sentences.append(escape(players.render(lang)).replace("\1", expert).replace("\0", ours))
    else:
        players = Text("ui", "Our tips player wins {ours}.", ours="\0")
        sentences.append(escape(players.render(lang)).replace("\0", ours))
    return " ".join(sentences)


def figures_table_html(lang: str) -> str:
    """``figures: games``: per game (its ``HOME_CLAIM``), what the rules text says beside what was
    measured here, each linked to its card on the game's page."""
    head = [Text("ui", "Game"), Text("ui", "The rules text says"), Text("ui", "Measured here")]
    rows = []
    for claim in home_claims():
        game = claim.game
        stated = "; ".join(Text("ui", "{stated} ({source})", stated=stated_figure(s, lang),
                                source=s.source).render(lang)
                           for s in claim.statements)
        href = f"{game}/#{claim.anchor}"
        rows.append(f'<tr><td><a href="{escape(game)}/">{escape(game_name(game, lang))}</a></td>'
                    f"<td>{escape(stated)}</td>"
                    f'<td><a href="{escape(href)}">{measured_cell(claim, lang)}</a></td></tr>')
    return ('<table><thead><tr>' + "".join(f"<th>{escape(h.render(lang))}</th>" for h in head)
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
