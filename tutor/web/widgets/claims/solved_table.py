"""``solved: <game-id>``: what the solver decided, variant by variant, as a table (drawn at build time):
deals tried, proven won, proven lost, undecided, and the share that can be won (a range while some
are undecided). The figures come from the game's stored verdicts (its claims part's ``solved_rows``);
the base game's row is the same figure the claim card and the home page's table show.
"""

from __future__ import annotations

from tutor.claims.stats import Figure
from tutor.claims.words import format_number, winnable_range, winnable_sentence
from tutor.engine import get_rules
from tutor.engine.contract import optional_name
from tutor.errors import DirectiveError
from tutor.i18n import Text
from tutor.web.render import escape


def solved_table_html(game: str, lang: str) -> str:
    rows_of = optional_name(game, "claims", "solved_rows")
    if rows_of is None:
        raise DirectiveError(Text("ui", "this game has no stored verdicts on its deals"))
    rules = get_rules(game)
    head = [Text("ui", "Variant"), Text("ui", "Deals"), Text("ui", "Won"), Text("ui", "Lost"), Text("ui", "Undecided"),
            Text("ui", "Can be won")]
    rows = []
    base: Figure | None = None
    for variant, deals, won, lost in rows_of():
        figure = Figure(deals, won, lost)
        name = get_rules(game, variant).variant_name.render(lang) if variant else rules.title.render(lang)
        share = winnable_range(figure, lang)
        if not variant:
            base = figure
        cells = [name, format_number(deals, lang), format_number(won, lang), format_number(lost, lang),
                 format_number(figure.undecided, lang), share]
        rows.append(f'<tr data-variant="{escape(variant or "base")}">'
                    + "".join(f"<td>{escape(cell)}</td>" for cell in cells) + "</tr>")
    label = Text("ui", "Which deals can be won, per variant").render(lang)
    # our own scroll box, which the keyboard can reach (a phone scrolls the table sideways)
    # the base game's figure in its one sentence, as the home page and the claim card say it
    said = f'<p class="tutor-solved-base">{escape(winnable_sentence(base, lang))}</p>' if base is not None else ""
    return (said + f'<div class="tutor-solved-table tutor-table-scroll" tabindex="0" role="region" '
            f'aria-label="{escape(label)}">'
            '<table class="tutor-table"><thead><tr>'
            + "".join(f'<th scope="col">{escape(h.render(lang))}</th>' for h in head)
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")
