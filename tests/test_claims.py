"""Claims (issue 6): numbers in each language, verdicts at their boundaries, the widget's static HTML
in both languages, the chunked live check against simulate(), the stored figures against a fresh
run, and bad requests answered in the reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.numbers import format_decimal, format_percent as babel_percent

from tutor.claims import (AGREES, CLAIMS, FIGURE_SEED, HELPS, HIGHER, HURTS, LOWER, NO_DIFFERENCE, ClaimWidget,
                          Figure, LiveCheck, Measurement, Statement, all_measurements, compare, compare_tips,
                          format_number, format_percent, format_percent_range, iter_measurement, stored_figure)
from tutor.claim_figures import FIGURES
from tutor.games import get_rules
from tutor.i18n import Text
from tutor.session import Directive, Session, build_html
from tutor.simulate import deal_number, simulate, wilson_interval

DOCS = Path(__file__).resolve().parent.parent / "docs"
NBSP = "\u00a0"


# --- numbers ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("fraction, digits", [(0.274, 1), (0.807, 1), (0.051, 1), (0.999, 1), (0.29, 0), (0.75, 0),
                                              (1.0, 0), (0.0, 0)])
def test_percent_matches_babels_locale_data(lang, fraction, digits):
    """Under Pyodide there is no Babel: the catalogs carry the same conventions."""
    assert format_percent(fraction, lang, digits) == babel_percent(fraction, locale=lang, decimal_quantization=False)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("number", [0, 7, 999, 1000, 20000, 100000, 1234567])
def test_whole_numbers_group_as_babel_does(lang, number):
    assert format_number(number, lang) == format_decimal(number, locale=lang)


def test_percent_per_language():
    assert format_percent(0.29, "en", 0) == "29%"
    assert format_percent(0.29, "de", 0) == f"29{NBSP}%"
    assert format_percent(0.2742, "de") == f"27,4{NBSP}%"
    assert format_percent_range(0.2715, 0.277, "en") == "27.2–27.7%"
    assert format_percent_range(0.2715, 0.277, "de") == f"27,2–27,7{NBSP}%"
    assert format_number(1234.5, "de", 1) == "1.234,5"


# --- verdicts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("interval, verdict", [
    ((0.27, 0.28), LOWER),
    ((0.27, 0.285), AGREES),  # touching the low end of "about 29 %" counts
    ((0.28, 0.2849999), LOWER),
    ((0.295, 0.30), AGREES),  # touching the high end
    ((0.2950001, 0.31), HIGHER),
    ((0.20, 0.40), AGREES),  # a wide interval holds the claim
    ((0.288, 0.292), AGREES),
])
def test_a_claim_agrees_exactly_when_the_interval_meets_its_range(interval, verdict):
    assert compare(interval, 0.285, 0.295) == verdict


def test_tips_help_only_when_the_intervals_part():
    assert compare_tips(Figure(1000, 999), Figure(1000, 78)) == HELPS
    assert compare_tips(Figure(1000, 78), Figure(1000, 999)) == HURTS
    assert compare_tips(Figure(100, 0), Figure(100, 0)) == NO_DIFFERENCE
    # touching intervals are not yet a difference
    with_tips, without = Figure(400, 200), Figure(400, 100)
    low_with, high_without = with_tips.ci95[0], without.ci95[1]
    assert low_with > high_without and compare_tips(with_tips, without) == HELPS
    close = Figure(400, 120)
    assert close.ci95[1] >= without.ci95[0] and compare_tips(close, without) == NO_DIFFERENCE


def test_statements_in_words_and_figures():
    about = Statement(Text("ui", "x"), 0.285, 0.295)
    assert about.render("en") == "about 29%"
    assert about.render("de") == f"etwa 29{NBSP}%"
    nine = CLAIMS["ff-win-rate"].statements[0]
    assert nine.render("en") == "nine games in ten, that is 90%"
    assert nine.render("de") == f"neun von zehn Spielen, also 90{NBSP}%"
    assert CLAIMS["ft-win-rate"].statements[0].render("de") == f"10–15{NBSP}%"
    assert CLAIMS["ff-solver"].statements[0].render("en") == "practically every deal, that is 99–100%"


# --- the widget's static HTML -------------------------------------------------------------------

def text_of(html: str) -> str:
    return re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", html))  # keeps no-break spaces


@pytest.mark.parametrize("claim_id", list(CLAIMS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_claim_builds_in_both_languages_without_controls(claim_id, lang):
    html = build_html(f"claim: {claim_id}", lang, "w1")
    assert 'data-state="static"' in html and f'data-claim="{claim_id}"' in html
    assert "<button" not in html  # the check button comes with the live engine
    claim = CLAIMS[claim_id]
    figure = stored_figure(claim.measurement)
    text = text_of(html)
    assert format_percent(figure.rate, lang) in text
    assert format_number(figure.games, lang) in text
    assert format_percent_range(*figure.ci95, lang) in text
    verdicts = re.findall(r'class="tutor-claim-verdict" data-verdict="([\w-]+)"', html)
    if claim.kind == "tips":
        assert verdicts == [compare_tips(figure, stored_figure(claim.without_tips))]
    else:
        assert verdicts == [compare(figure.ci95, s.low, s.high) for s in claim.statements]


def test_queens_audience_says_plainly_which_reading_gives_mastens_figure():
    for lang, words in (("en", "fits that reading, not the rules of this site"),
                        ("de", "passt also zu dieser Lesart, nicht zu den Regeln dieser Seite")):
        text = text_of(build_html("claim: qa-one-pass", lang, "w"))
        main = stored_figure(CLAIMS["qa-one-pass"].measurement)
        reading = stored_figure(CLAIMS["qa-one-pass"].readings[0].measurement)
        masten = CLAIMS["qa-one-pass"].statements[0]
        if compare(main.ci95, masten.low, masten.high) != AGREES and \
                compare(reading.ci95, masten.low, masten.high) == AGREES:
            assert words in text
        else:
            assert words not in text


def test_german_widget_uses_german_numbers_and_words():
    text = text_of(build_html("claim: qa-one-pass", "de", "w"))
    assert "Laut Mark Mastens Computeranalyse: etwa 29" in text
    assert "100.000 Spielen" in text and "95-%-Intervall" in text
    assert re.search(r"\d,\d\u00a0%", text)
    assert not re.search(r"\d\.\d\s?%", text)  # no English decimal point before a percent sign


# --- the live check -----------------------------------------------------------------------------

class StepClock:
    """A clock that moves on a second per look: every chunk is one step of each figure."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("game, strategy, deals, step", [
    ("queens-audience", "tips", 600, 100), ("fortunes-favour", "tips", 30, 4), ("fortunes-favour", "naive", 30, 7),
    ("forty-thieves", "tips", 6, 2),
])
def test_chunked_check_reaches_the_figures_of_simulate(game, strategy, deals, step):
    seed = 5
    measurement = Measurement(game=game, player=strategy, live_deals=deals, step=step)
    check = LiveCheck([measurement], seed)
    seen = []
    while check.running:
        check.step(StepClock())
        seen.append(check.done)
    assert seen == sorted(seen) and seen[-1] == deals and len(seen) == -(-deals // step)
    expected = simulate(get_rules(game), deals, seed=seed, strategy=strategy, workers=1)
    assert (check.figures[0].games, check.figures[0].wins) == (expected.games, expected.wins)


def test_tips_check_grows_both_figures_together():
    claim = CLAIMS["ff-tips"]
    check = LiveCheck([claim.measurement, claim.without_tips], 3)
    check.step(StepClock())
    assert check.figures[0].games == check.figures[1].games == claim.measurement.step


def test_solver_check_counts_the_solved_deals():
    from tutor.solve import solve

    measurement = Measurement(game="fortunes-favour", player="solver", step=2)
    progress = list(iter_measurement(measurement, 4, seed=9))
    rules = get_rules("fortunes-favour")
    wins = sum(solve(rules.deal(deal_number(9, i)), time_limit=2.0).result == "won" for i in range(4))
    assert [p.done for p in progress] == [2, 4]
    assert progress[-1].wins == wins and progress[-1].ci95 == wilson_interval(wins, 4)


def test_stop_ends_the_run_and_continue_then_changes_nothing():
    session = Session()
    assert session.handle({"widget": "w", "action": "open", "spec": "claim: ff-tips", "lang": "de"})["ok"]
    started = session.handle({"widget": "w", "action": "check"})
    assert started["ok"] and started["continue"] is True
    assert 'data-action="stop"' in started["html"] and "<progress" in started["html"]
    assert "Prüfung läuft" in started["html"]
    stopped = session.handle({"widget": "w", "action": "stop"})
    assert stopped["continue"] is False and "Angehalten nach" in stopped["html"]
    assert 'data-action="check"' in stopped["html"]
    assert started["message"] == "" and stopped["message"].startswith("Angehalten nach")
    again = session.handle({"widget": "w", "action": "continue"})
    assert again["ok"] and again["continue"] is False and again["state"] == stopped["state"]


def test_a_check_runs_to_its_end_with_new_deals_each_time():
    session = Session()
    session.handle({"widget": "w", "action": "open", "spec": "claim: ft-win-rate", "lang": "en"})
    response = session.handle({"widget": "w", "action": "check"})
    requests = 1
    while response["continue"]:
        response = session.handle({"widget": "w", "action": "continue"})
        requests += 1
        assert requests < 10_000
    state = response["state"]
    assert state["done"] == state["total"] == CLAIMS["ft-win-rate"].measurement.live_deals
    assert state["run"] == FIGURE_SEED + 1 and "Checked 200 new deals (run 1)." in response["html"]
    assert "Measured in your browser: " in response["html"]
    assert session.handle({"widget": "w", "action": "check"})["state"]["run"] == FIGURE_SEED + 2


def test_other_widgets_never_ask_to_continue():
    session = Session()
    response = session.handle({"widget": "d", "action": "open", "spec": "deal: fortunes-favour 1", "lang": "en"})
    assert response["ok"] and response["continue"] is False


# --- bad requests -------------------------------------------------------------------------------

def test_an_unknown_claim_is_refused_in_the_readers_language():
    session = Session()
    response = session.handle({"widget": "w", "action": "open", "spec": "claim: qa-nonsense", "lang": "de"})
    assert response["ok"] is False and response["html"] is None
    assert "es gibt keine Angabe „qa-nonsense“" in response["message"] and "qa-one-pass" in response["message"]
    english = Session().handle({"widget": "w", "action": "open", "spec": "claim: qa-nonsense", "lang": "en"})
    assert "there is no claim “qa-nonsense”" in english["message"]


@pytest.mark.parametrize("spec", ["claim:", "claim: qa-one-pass ff-tips"])
def test_a_malformed_claim_directive_says_what_to_write(spec):
    response = Session().handle({"widget": "w", "action": "open", "spec": spec, "lang": "en"})
    assert response["ok"] is False and "claim: <claim-id>" in response["message"]


def test_an_unknown_action_leaves_the_check_as_it_was():
    session = Session()
    session.handle({"widget": "w", "action": "open", "spec": "claim: qa-tips", "lang": "de"})
    before = session.handle({"widget": "w", "action": "check"})["state"]
    response = session.handle({"widget": "w", "action": "explode"})
    assert response["ok"] is False and response["state"] == before
    assert "explode" in response["message"] and response["message"] != Text(
        "ui", "this widget cannot do “{action}”", action="explode").render("en")


# --- the stored figures and the pages ------------------------------------------------------------

def test_every_figure_is_stored_for_the_deals_its_claim_names():
    measurements = all_measurements()
    assert set(FIGURES) == set(measurements)
    for key, measurement in measurements.items():
        assert FIGURES[key]["games"] == measurement.deals and FIGURES[key]["seed"] == FIGURE_SEED, key
        assert stored_figure(measurement).games == measurement.deals


@pytest.mark.parametrize("key", sorted(FIGURES))
def test_stored_figures_replay_on_their_first_deals(key):
    """The engine still plays the first deals of each stored figure as it did when the figures
    were made; if not, run ``python -m tutor.claims --update``."""
    measurement = all_measurements()[key]
    deals, wins = FIGURES[key]["check"]
    replayed = list(iter_measurement(measurement, deals, FIGURE_SEED))[-1]
    assert (replayed.done, replayed.wins) == (deals, wins), "stale figures: run python -m tutor.claims --update"
    assert 0 <= FIGURES[key]["wins"] <= FIGURES[key]["games"]


def claim_blocks(lang: str, name: str) -> list[str]:
    text = (DOCS / lang / name).read_text(encoding="utf-8")
    return re.findall(r"^```tutor\nclaim: ([\w-]+)\n```", text, re.M)


@pytest.mark.parametrize("name, sections", [
    ("queens-audience.md", {"winning": ["qa-one-pass"], "tips": ["qa-tips"], "variants": ["qa-one-redeal"]}),
    ("fortunes-favour.md", {"winning": ["ff-win-rate", "ff-solver"], "tips": ["ff-tips"]}),
    ("forty-thieves.md", {"winning": ["ft-win-rate"], "tips": ["ft-tips"]}),
])
def test_pages_carry_each_check_in_its_section_in_both_languages(name, sections):
    for lang in ("en", "de"):
        text = (DOCS / lang / name).read_text(encoding="utf-8")
        parts = re.split(r"^## .*\{#([\w-]+)\}\s*$", text, flags=re.M)
        by_section = {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}
        for section, claims in sections.items():
            assert re.findall(r"^claim: ([\w-]+)$", by_section[section], re.M) == claims, (lang, section)
    assert claim_blocks("en", name) == claim_blocks("de", name)


def test_widget_kind_is_registered():
    widget = ClaimWidget(Directive("claim", ("qa-one-pass",)))
    assert widget.kind == "claim" and widget.continues() is False
    assert widget.state() == {"kind": "claim", "claim": "qa-one-pass"}


def test_the_about_page_describes_the_verdicts_the_figures_give():
    """docs/*/about.md, "Checked by the engine", says in words what these verdicts are; if the
    figures change so that a verdict changes, that section must change too."""
    def verdict(claim_id: str, reading: bool = False) -> str:
        claim = CLAIMS[claim_id]
        measurement = claim.readings[0].measurement if reading else claim.measurement
        figure, first = stored_figure(measurement), claim.statements[0]
        return compare(figure.ci95, first.low, first.high)

    assert verdict("qa-one-pass") == LOWER and verdict("qa-one-pass", reading=True) == AGREES
    assert verdict("qa-one-redeal") == LOWER and verdict("qa-one-redeal", reading=True) == AGREES
    assert verdict("ff-win-rate") == HIGHER and verdict("ft-win-rate") == LOWER
    assert compare_tips(stored_figure(CLAIMS["qa-tips"].measurement),
                        stored_figure(CLAIMS["qa-tips"].without_tips)) == NO_DIFFERENCE
    for lang, heading in (("en", "## Checked by the engine {#checked}"), ("de", "## Vom Programm nachgeprüft {#checked}")):
        assert heading in (DOCS / lang / "about.md").read_text(encoding="utf-8")
