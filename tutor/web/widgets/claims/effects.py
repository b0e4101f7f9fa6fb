"""What each tip is worth, as a table beside the tips (``tip-effects: <table-id>``, drawn at build time).

One row per tip: how often the player wins with every tip, how often without that one (the same
deals), and the difference in points with its 95 % interval, in words: "helps", "no clear
difference", "costs wins". Every figure comes from the stored figures (:mod:`tutor.claims.figures`)
and is marked as measured (``<data class="tutor-measured">``), so the tests can hold each one to its
source.
"""

from __future__ import annotations

from tutor.claims.data import get_tip_table
from tutor.claims.records import TipTable
from tutor.claims.stats import HELPS, HURTS, Figure, difference_interval, effect_verdict, stored_figure
from tutor.claims.words import MARKS, format_number, format_percent
from tutor.i18n import Text
from tutor.web.render import escape
from tutor.web.widgets.claims.card import measured_html


def _points(value: float, lang: str) -> str:
    """A difference in percentage points, signed: ``+1.2``, ``−0.4``, ``±0.0``."""
    text = format_number(abs(100 * value), lang, 1)
    return ("+" if value > 0.0005 else "−" if value < -0.0005 else "±") + text


def effect_words(verdict: str, lang: str) -> str:
    if verdict == HELPS:
        return Text("ui", "helps").render(lang)
    if verdict == HURTS:
        return Text("ui", "costs wins").render(lang)
    return Text("ui", "no clear difference").render(lang)


def _rate_cell(figure: Figure, key: str, lang: str) -> str:
    low, high = figure.ci95
    return (measured_html(figure, key, lang) + " "
            + escape(Text("ui", "({low} to {high})", low=format_percent(low, lang), high=format_percent(high, lang))
                     .render(lang)))


def tip_effects_html(table: TipTable, lang: str) -> str:
    """The table of ``table``: a caption with the player's own figure, then a row per tip."""
    main = stored_figure(table.measurement)
    caption = Text("ui", "{title} With every tip our player wins {rate} of {deals} deals; each row leaves out one "
                         "tip, on the same deals.", title=table.title, rate="\0",
                   deals=format_number(main.games, lang)).render(lang)
    caption_html = escape(caption).replace("\0", measured_html(main, table.measurement.key, lang))
    head = [Text("ui", "Tip"), Text("ui", "Without it"), Text("ui", "Difference (95 % interval)"),
            Text("ui", "Effect")]
    rows = []
    for effect in table.effects:
        without = stored_figure(effect.without)
        difference, low, high = difference_interval(main, without)
        verdict = effect_verdict(main, without)
        span = Text("ui", "{value} points ({low} to {high})", value=_points(difference, lang),
                    low=_points(low, lang), high=_points(high, lang)).render(lang)
        rows.append(f'<tr data-tip="{effect.tip}"><td>{escape(effect.label.render(lang))}</td>'
                    f"<td>{_rate_cell(without, effect.without.key, lang)}</td><td>{escape(span)}</td>"
                    f'<td data-verdict="{verdict}"><span aria-hidden="true">{MARKS[verdict]}</span> '
                    f"{escape(effect_words(verdict, lang))}</td></tr>")
    # our own scroll box, which the keyboard can reach (a phone scrolls the table sideways); a table
    # with a class is one Material leaves unwrapped
    return (f'<div class="tutor-tip-effects tutor-table-scroll" data-table="{escape(table.id)}" tabindex="0" '
            f'role="region" aria-label="{escape(table.title.render(lang))}"><table class="tutor-table">'
            f"<caption>{caption_html}</caption><thead><tr>"
            + "".join(f'<th scope="col">{escape(h.render(lang))}</th>' for h in head)
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")


def tip_effects_for(table_id: str, lang: str) -> str:
    return tip_effects_html(get_tip_table(table_id), lang)
