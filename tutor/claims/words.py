"""The claims in words: numbers in the page's language, the card's one sentence, the details.

Numbers follow the catalogs (no Babel under Pyodide): ``29%`` and ``20,000`` in English,
``29 %`` and ``20.000`` in German. A share a reader takes in at a glance is said in whole deals:
"27 in 100", "1 in 200", "999 in 1,000".
"""

from __future__ import annotations

import copy
from typing import Any

from tutor.claims.records import Claim, Measurement, Statement
from tutor.claims.stats import (
    AGREES,
    HELPS,
    HIGHER,
    HURTS,
    LOWER,
    NO_DIFFERENCE,
    OPEN,
    Figure,
    judging_figure,
    statement_verdict,
    stored_figure,
)
from tutor.i18n import Text


def _bind(text: Text, **params: object) -> Text:
    """``text`` with its parameters filled in (a claim's phrase or lead, given the figure)."""
    bound = copy.copy(text)
    bound.params = {**text.params, **params}
    return bound


# --- numbers ------------------------------------------------------------------------------------


def format_number(value: float, lang: str, digits: int = 0) -> str:
    """``20,000`` / ``27.4`` in English, ``20.000`` / ``27,4`` in German."""
    group = Text("number", ",").render(lang)  # the thousands separator
    decimal = Text("number", ".").render(lang)  # the decimal separator
    separators: dict[str, str | int | None] = {",": group, ".": decimal}
    return f"{value:,.{digits}f}".translate(str.maketrans(separators))


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


def share(rate: float, lang: str) -> str:
    """A share in whole deals: ``27 in 100``, ``1 in 200``, ``999 in 1,000``."""
    if 0 < rate < 0.01:
        count, out_of = 1, round(1 / rate)
    elif 0.995 <= rate < 1:
        count, out_of = min(999, round(1000 * rate)), 1000
    else:
        count, out_of = round(100 * rate), 100
    return Text("ui", "{count} in {of}", count=format_number(count, lang), of=format_number(out_of, lang)).render(lang)


def share_of_deals(figure: Figure, lang: str) -> str:
    """``27 in 100 deals``; ``every deal`` / ``no deal`` when that is what was measured."""
    if figure.games and figure.wins == figure.games:
        return Text("ui", "every deal").render(lang)
    if figure.wins == 0:
        return Text("ui", "no deal").render(lang)
    return Text("ui", "{share} deals", share=share(figure.rate, lang)).render(lang)


def winnable_range(figure: Figure, lang: str) -> str:
    """The share of the searched deals that can be won: from those proved won to those not proved lost
    (``45.8–98.5%``), or the one share when every deal is decided; always to one decimal, as the
    sentence's shares, so a table of them is rounded alike (``58.0–100.0%`` beside ``0.0–85.5%``)."""
    if not figure.undecided:
        return format_percent(figure.rate, lang)
    return format_percent_range(figure.rate, figure.possible, lang)


def winnable_sentence(figure: Figure, lang: str, won_share: str | None = None) -> str:
    """The one sentence of the solver's stored verdicts, said the same on every page (home, claim card,
    about): "Of the first 1,000 deals, 458 proved winnable (45.8%), 15 proved lost and 527 are undecided
    (52.7%): 45.8–98.5% of them can be won." ``won_share`` stands in for the won share (a marked-up figure)."""
    won = won_share if won_share is not None else format_percent(figure.rate, lang)
    if not figure.undecided:
        return Text("ui", "Of the first {deals} deals, {won} proved winnable ({won_share}) and {lost} proved lost.",
                    deals=format_number(figure.games, lang), won=format_number(figure.wins, lang), won_share=won,
                    lost=format_number(figure.lost or 0, lang)).render(lang)
    return Text("ui", "Of the first {deals} deals, {won} proved winnable ({won_share}), {lost} proved lost and "
                      "{undecided} are undecided ({undecided_share}): {range} of them can be won.",
                deals=format_number(figure.games, lang), won=format_number(figure.wins, lang), won_share=won,
                lost=format_number(figure.lost or 0, lang), undecided=format_number(figure.undecided, lang),
                undecided_share=format_percent(figure.undecided / figure.games, lang),
                range=winnable_range(figure, lang)).render(lang)


def stated_value(statement: Statement, lang: str) -> str:
    """The statement's figure as the card's sentence says it: its words, ``29 in 100``, ``10–15%``."""
    if statement.words is not None:
        return statement.words.render(lang)
    if abs(statement.high - statement.low - 0.01) < 1e-9:  # "about 29 %"
        return share((statement.low + statement.high) / 2, lang)
    return format_percent_range(statement.low, statement.high, lang, 0)


def stated_figure(statement: Statement, lang: str) -> str:
    """The statement as a figure: ``about 29%``, ``three games in four, that is 75%``, ``10–15%``."""
    if statement.words is not None and statement.as_range:
        return Text("ui", "{words}, that is {value}", words=statement.words,
                    value=format_percent_range(statement.low, statement.high, lang, 0)).render(lang)
    middle = (statement.low + statement.high) / 2
    if statement.words is not None:
        return Text("ui", "{words}, that is {value}", words=statement.words,
                    value=format_percent(middle, lang, _digits(middle))).render(lang)
    if abs(statement.high - statement.low - 0.01) < 1e-9:
        return Text("ui", "about {value}", value=format_percent(middle, lang, _digits(middle))).render(lang)
    return format_percent_range(statement.low, statement.high, lang, 0)


def stated_short(statement: Statement, lang: str) -> str:
    """The statement's figure for the chart and the home page's table: ``29%``, ``75%``, ``10–15%``."""
    middle = (statement.low + statement.high) / 2
    if statement.as_range or abs(statement.high - statement.low - 0.01) > 1e-9 and statement.words is None:
        return format_percent_range(statement.low, statement.high, lang, 0)
    return format_percent(middle, lang, _digits(middle))


# --- the verdict: a mark and a word ----------------------------------------------------------------

MARKS = {AGREES: "=", HIGHER: "▲", LOWER: "▼", OPEN: "?", HELPS: "▲", NO_DIFFERENCE: "=", HURTS: "▼"}


def verdict_word(verdict: str, lang: str) -> str:
    words = {
        AGREES: Text("ui", "As stated"),
        HIGHER: Text("ui", "More than stated"),
        LOWER: Text("ui", "Fewer than stated"),
        OPEN: Text("ui", "Not decided"),
        HELPS: Text("ui", "The tips help"),
        NO_DIFFERENCE: Text("ui", "No clear difference"),
        HURTS: Text("ui", "The tips do worse"),
    }
    return words[verdict].render(lang)


# --- the card's sentence ---------------------------------------------------------------------------

CLOSE = 0.05  # within five points a difference is "a little"


def _comparison(claim: Claim, statement: Statement, figure: Figure, lang: str) -> Text:
    phrase = _bind(statement.phrase, stated=stated_value(statement, lang))
    verdict = statement_verdict(claim, statement, figure)
    gap = abs((statement.low + statement.high) / 2 - figure.rate)
    if verdict == AGREES:
        return Text("ui", "in line with {phrase}", phrase=phrase)
    if verdict == LOWER:
        return (Text("ui", "slightly fewer than {phrase}", phrase=phrase) if gap < CLOSE
                else Text("ui", "far fewer than {phrase}", phrase=phrase))
    return (Text("ui", "slightly more than {phrase}", phrase=phrase) if gap < CLOSE
            else Text("ui", "far more than {phrase}", phrase=phrase))


def sentence(claim: Claim, lang: str) -> str:
    """The card's one plain sentence: what was measured, against what the text says."""
    if claim.kind == "tips":
        return _tips_sentence(claim, lang)
    figure = judging_figure(claim)
    if figure is None:
        return _open_sentence(claim, lang)
    assert claim.lead is not None
    lead = _bind(claim.lead, deals=share_of_deals(figure, lang))
    # the claim's own figure; the others are marks in the chart and lines in the details
    comparison = _comparison(claim, claim.statements[0], figure, lang)
    return Text("ui", "{lead} – {comparison}.", lead=lead, comparison=comparison).render(lang)


def _tips_sentence(claim: Claim, lang: str) -> str:
    assert claim.without_tips is not None
    with_tips, without = stored_figure(claim.measurement), stored_figure(claim.without_tips)
    values = dict(with_tips=share_of_deals(with_tips, lang), without=share_of_deals(without, lang))
    # the verdict before it says whether they help ("The tips help:"); the sentence says what was measured
    if with_tips.wins == without.wins:
        return Text("ui", "With the tips and without them you win {with_tips}.", **values).render(lang)
    return Text("ui", "With the tips you win {with_tips}, without them {without}.", **values).render(lang)


def _open_sentence(claim: Claim, lang: str) -> str:
    """A claim our figures cannot weigh yet: what is known, plainly."""
    statement = claim.statements[0]
    ours = share_of_deals(stored_figure(claim.measurement), lang)
    if claim.winnable is None:
        return Text("ui", "Our tips player wins {ours}; that cannot show what a typical player wins.",
                    ours=ours).render(lang)
    winnable = stored_figure(claim.winnable)
    if statement_verdict(claim, statement) == LOWER:
        return Text("ui", "Even a player who knows every card can win at most {most} – fewer than {phrase}.",
                    most=share(winnable.range95[1], lang),
                    phrase=_bind(statement.phrase, stated=stated_value(statement, lang))).render(lang)
    if winnable.wins == 0:
        return Text("ui", "No deal has been proven winnable yet; our tips player wins {ours}.",
                    ours=ours).render(lang)
    return Text("ui", "{winnable} Our tips player wins {ours}.", winnable=winnable_sentence(winnable, lang),
                ours=ours).render(lang)


# --- the details (folded) --------------------------------------------------------------------------

def _stored_games(measurement: Measurement) -> int:
    """How many deals the stored figure covers (the solver's verdicts: fewer while their run is not finished)."""
    from tutor.claims.figures import FIGURES

    stored: dict[str, Any] = FIGURES.get(measurement.key, {})  # the generated file's JSON-like entry
    return stored.get("games", measurement.deals)


def player_sentence(measurement: Measurement, lang: str) -> str:
    deals = format_number(measurement.deals, lang)
    if measurement.player == "solved":
        return Text("ui", "Deal numbers 0 to {last}, each searched for at most {seconds} seconds by a program that "
                          "knows every card; a deal it could not decide in that time counts as undecided.",
                    last=format_number(_stored_games(measurement) - 1, lang),
                    seconds=f"{measurement.solver_seconds:g}").render(lang)
    if measurement.player == "solver":
        if measurement.node_limit is not None:
            return Text("ui", "{deals} deals, solved by a program that knows every card; a deal it cannot decide "
                              "within {nodes} positions counts as undecided.", deals=deals,
                        nodes=format_number(measurement.node_limit, lang)).render(lang)
        return Text("ui", "{deals} deals, solved by a program that knows every card; a deal it cannot decide "
                          "within {seconds} seconds counts as not won.", deals=deals,
                    seconds=f"{measurement.solver_seconds:g}").render(lang)
    if measurement.player == "naive":
        return Text("ui", "{deals} deals, played by a program that ignores the tips: it turns the next card as "
                          "soon as it may, and otherwise makes the first move it finds.", deals=deals).render(lang)
    if measurement.player == "tips":
        return Text("ui", "{deals} deals, played by a program that follows the tips on this page.",
                    deals=deals).render(lang)
    if measurement.player == "rules-text-tips":
        return Text("ui", "{deals} deals, played by a program that follows the rules text's tips.",
                    deals=deals).render(lang)
    return Text("ui", "{deals} deals, played by the expert player, a fair program that sees only what a player "
                      "sees and looks ahead before each new card.", deals=deals).render(lang)


def interval_sentence(figure: Figure, lang: str) -> str:
    """The figure and its 95 % interval in plain words."""
    if figure.undecided:  # the solver's verdicts: the one sentence of that figure
        return winnable_sentence(figure, lang)
    low, high = figure.ci95
    return Text("ui", "{rate} won. We can be 95% sure that the true share lies between {low} and {high}.",
                rate=format_percent(figure.rate, lang), low=format_percent(low, lang),
                high=format_percent(high, lang)).render(lang)


def details_paragraphs(claim: Claim, lang: str) -> list[str]:
    """What the folded details say: the deals, who played, the interval, the readings."""
    paragraphs = []
    for statement in claim.statements:
        said = Text("ui", "{source}: {stated} (taken as {low} to {high}).", source=statement.source,
                    stated=stated_figure(statement, lang),
                    low=format_percent(statement.low, lang), high=format_percent(statement.high, lang)).render(lang)
        paragraphs.append(said[:1].upper() + said[1:])  # a source named in the middle of a sentence ("the old books")
    if claim.kind == "tips":
        assert claim.without_tips is not None
        with_tips, without = stored_figure(claim.measurement), stored_figure(claim.without_tips)
        paragraphs.append(Text("ui", "With the tips: {player} {figure}",
                               player=player_sentence(claim.measurement, lang),
                               figure=interval_sentence(with_tips, lang)).render(lang))
        figure = (interval_sentence(without, lang) if without != with_tips
                  else Text("ui", "It won exactly the same deals.").render(lang))
        paragraphs.append(Text("ui", "Without the tips: {player} {figure}",
                               player=player_sentence(claim.without_tips, lang), figure=figure).render(lang))
    else:
        for measurement in [m for m in (claim.expert, claim.winnable) if m is not None] + [claim.measurement]:
            paragraphs.append(f"{player_sentence(measurement, lang)} "
                              f"{interval_sentence(stored_figure(measurement), lang)}")
    if claim.note is not None:
        paragraphs.append(claim.note.render(lang))
    if claim.measurement.live_deals:
        paragraphs.append(Text("ui", "The button in this box plays {deals} new deals in your browser, so you can "
                                     "check the figure yourself.",
                               deals=format_number(claim.measurement.live_deals, lang)).render(lang))
    for reading in claim.readings:
        reading_figure = stored_figure(reading.measurement)
        paragraphs.append(Text("ui", "Under another reading of the rule – {reading} – you would win {rate} "
                                     "({low} to {high}).", reading=reading.description,
                               rate=format_percent(reading_figure.rate, lang),
                               low=format_percent(reading_figure.ci95[0], lang),
                               high=format_percent(reading_figure.ci95[1], lang)).render(lang)
                          + " " + reading.why.render(lang))
    return paragraphs
