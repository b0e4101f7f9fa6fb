"""One figure, one sentence (issue 43): the share of Forty Thieves deals that can be won is said in one
sentence form, made from the stored verdicts in one place (``tutor.claims.words.winnable_sentence``), on
every page that gives it (the home page's table, the rules page's claim card, the about page), in both
languages; no page says it any other way (no second interval, no "at least …" of its own).

Every built page is read as plain text; the one sentence and the one range it contains (which the chart's
bar and the about page's table show) are taken out; none of the figure's shares may be left."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from test_page_words import site_pages

from tutor.claims import CLAIMS, stored_figure
from tutor.claims.words import winnable_range, winnable_sentence
from tutor.i18n import LANGUAGES

# the pages that give the figure, per language (below the site; German pages below de/)
PAGES_WITH_IT = ("index.html", "forty-thieves/index.html", "about/index.html")


def page_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


def figure_shares() -> list[str]:
    """Every share one could write for this figure, as a pattern matching either language's decimal mark:
    proved won, not proved lost, undecided, and the 95 % interval's ends."""
    figure = stored_figure(CLAIMS["ft-win-rate"].winnable)
    shares = {figure.rate, figure.possible, figure.undecided / figure.games, *figure.range95, *figure.ci95}
    patterns = set()
    for share in shares:
        value = f"{100 * share:.1f}"
        whole, tenth = value.split(".")
        patterns.add(rf"(?<![\d.,]){whole}[.,]{tenth}(?!\d)")
        if tenth == "0":
            patterns.add(rf"(?<![\d.,]){whole}(?![\d.,]\d) ?%")
    return sorted(patterns)


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_say_the_winnable_figure_in_its_one_sentence(built_site, lang):
    figure = stored_figure(CLAIMS["ft-win-rate"].winnable)
    said, span = _plain(winnable_sentence(figure, lang)), _plain(winnable_range(figure, lang))
    prefix = "de/" if lang == "de" else ""
    for page in PAGES_WITH_IT:
        assert said in page_text(built_site / (prefix + page)), f"{prefix + page} lacks “{said}”"
    others = []
    for path, page_lang in site_pages(built_site):
        if page_lang != lang:
            continue
        rest = page_text(built_site / path).replace(said, " ").replace(span, " ")
        for pattern in figure_shares():
            for match in re.finditer(pattern, rest):
                others.append(f"{path}: “…{rest[max(0, match.start() - 80):match.end() + 40]}…”")
    assert not others, "the figure said another way:\n" + "\n".join(others)
