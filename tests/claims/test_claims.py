"""Claims (issues 6 and 12): numbers in each language, verdicts at their boundaries, the claim card
(a chart with a text alternative, at most 60 visible words, no verdict twice) in the static, live
and running states in both languages, the chunked live check against simulate(), the stored figures
against a fresh run, every measured figure the site shows against the stored one, and bad requests
answered in the reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_percent

from tutor.analysis.simulate import deal_number, simulate, wilson_interval
from tutor.claims import (
    AGREES,
    CLAIMS,
    FIGURE_SEED,
    HELPS,
    HIGHER,
    HURTS,
    LOWER,
    NO_DIFFERENCE,
    OPEN,
    Figure,
    Measurement,
    Statement,
    UnknownClaim,
    all_measurements,
    claim_verdict,
    claims_of,
    compare,
    compare_tips,
    format_number,
    format_percent,
    format_percent_range,
    get_claim,
    home_claims,
    iter_measurement,
    sentence,
    share,
    statement_verdict,
    stored_figure,
)
from tutor.claims.figures import FIGURES
from tutor.claims.words import MARKS, details_paragraphs, stated_figure, verdict_word
from tutor.engine import get_rules
from tutor.engine.contract import claims_of_game
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES, Text
from tutor.web.protocol import Directive, Session, build_html
from tutor.web.widgets.claims.card import ClaimWidget, LiveCheck

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
NBSP = "\u00a0"


# --- numbers ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("fraction, digits", [(0.274, 1), (0.807, 1), (0.051, 1), (0.999, 1), (0.29, 0), (0.75, 0),
                                              (1.0, 0), (0.0, 0)])
def test_percent_matches_babels_locale_data(lang, fraction, digits):
    """Under Pyodide there is no Babel: the catalogs carry the same conventions."""
    assert format_percent(fraction, lang, digits) == babel_percent(fraction, locale=lang, decimal_quantization=False)


@pytest.mark.parametrize("lang", LANGUAGES)
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
    about = Statement(Text("ui", "x"), 0.285, 0.295, Text("ui", "{stated}"), Text("ui", "x"))
    assert stated_figure(about, "en") == "about 29%"
    assert stated_figure(about, "de") == f"etwa 29{NBSP}%"
    nine = CLAIMS["ff-win-rate"].statements[0]
    assert stated_figure(nine, "en") == "nine games in ten, that is 90%"
    assert stated_figure(nine, "de") == f"neun von zehn Spielen, also 90{NBSP}%"
    assert stated_figure(CLAIMS["ft-win-rate"].statements[0], "de") == f"10–15{NBSP}%"
    assert stated_figure(CLAIMS["ff-solver"].statements[0], "en") == "practically every deal, that is 99–100%"


@pytest.mark.parametrize("rate, en, de", [(0.274, "27 in 100", "27 von 100"), (0.005, "1 in 200", "1 von 200"),
                                          (0.999, "999 in 1,000", "999 von 1.000"), (0.9, "90 in 100", "90 von 100")])
def test_a_share_is_said_in_whole_deals(rate, en, de):
    assert share(rate, "en") == en and share(rate, "de") == de


# --- the widget's static HTML -------------------------------------------------------------------

def text_of(html: str) -> str:
    from html import unescape

    return unescape(re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", html)))  # keeps no-break spaces


DETAILS = re.compile(r"<details\b.*?</details>", re.S)


def visible_text(html: str) -> str:
    """What the card shows before the reader opens anything: no <details>, no hidden status words."""
    html = DETAILS.sub(" ", html)
    html = re.sub(r'\sdata-msg-[\w-]+="[^"]*"', "", html)
    return text_of(html).strip()


def details_text(html: str) -> str:
    return " ".join(text_of(block) for block in DETAILS.findall(html))


def words_of(text: str) -> list[str]:
    return [w for w in re.split(r"[\s\u00a0]+", text) if re.search(r"\w", w)]


@pytest.mark.parametrize("claim_id", list(CLAIMS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_claim_builds_in_both_languages_without_controls(claim_id, lang):
    html = build_html(f"claim: {claim_id}", lang, "w1")
    assert 'data-state="static"' in html and f'data-claim="{claim_id}"' in html
    assert f'id="claim-{claim_id}"' in html  # the home page's table links here
    assert "<button" not in html  # the check button comes with the live engine
    claim = CLAIMS[claim_id]
    figure = stored_figure(claim.measurement)
    text = text_of(html)
    assert format_percent(figure.rate, lang) in text
    assert format_number(figure.games, lang) in details_text(html)
    verdicts = re.findall(r'class="tutor-claim-tag" data-verdict="([\w-]+)"', html)
    assert verdicts == [claim_verdict(claim)]
    # the verdict is a mark and a word, never colour alone
    assert MARKS[verdicts[0]] in html and verdict_word(verdicts[0], lang) in text


def test_queens_audience_says_plainly_which_reading_gives_mastens_figure():
    """The details name the other reading, its figure, and which rule to play; the figures bear it out."""
    claim = CLAIMS["qa-one-pass"]
    masten = claim.statements[0]
    main, reading = stored_figure(claim.measurement), stored_figure(claim.readings[0].measurement)
    assert compare(main.ci95, masten.low, masten.high) != AGREES
    assert compare(reading.ci95, masten.low, masten.high) == AGREES
    for lang, words in (("en", "This site plays the rule of the rules text"),
                        ("de", "Diese Website spielt nach der Regel des Regeltexts")):
        html = build_html("claim: qa-one-pass", lang, "w")
        assert words in details_text(html) and format_percent(reading.rate, lang) in details_text(html)
        assert words not in visible_text(html)


def test_german_widget_uses_german_numbers_and_words():
    html = build_html("claim: qa-one-pass", "de", "w")
    text = text_of(html)
    assert "Nach diesen Regeln gewinnst du etwa 27 von 100 Spielen" in text
    assert "etwas weniger als 29 von 100 laut Mark Mastens Simulation" in text
    assert "100.000 Spiele" in text
    assert re.search(r"\d,\d\u00a0%", text)
    assert not re.search(r"\d\.\d\s?%", text)  # no English decimal point before a percent sign


def test_the_english_card_reads_as_the_issue_asks():
    text = text_of(build_html("claim: qa-one-pass", "en", "w"))
    assert ("Under these rules you win about 27 in 100 deals – slightly fewer than the 29 in 100 of Masten's "
            "simulation.") in text


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
    from tutor.analysis.solve import solve

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
    assert "Bisher " in started["html"] and " geprüft: " in started["html"]
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
    assert state["run"] == FIGURE_SEED + 1 and "Checked 200 new deals: " in response["html"]
    assert response["message"].startswith("Checked 200 new deals: ")
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
    assert 'there is no claim "qa-nonsense"' in english["message"]


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
        "ui", 'this part of the page cannot do "{action}"', action="explode").render("en")


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
    from tutor.claims.update import measure

    measurement = all_measurements()[key]
    deals, *counts = FIGURES[key]["check"]
    replayed = measure(measurement, deals)
    assert [replayed["wins"]] + ([replayed["lost"]] if "lost" in replayed else []) == counts, \
        "stale figures: run python -m tutor.claims --update"
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
    for lang in LANGUAGES:
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
    """docs/*/about.md, "How the figures were made", says in words what these verdicts are; if the
    figures change so that a verdict changes, that section must change too."""
    def verdict(claim_id: str, reading: bool = False) -> str:
        claim = CLAIMS[claim_id]
        measurement = claim.readings[0].measurement if reading else claim.measurement
        figure, first = stored_figure(measurement), claim.statements[0]
        return compare(figure.ci95, first.low, first.high)

    assert verdict("qa-one-pass") == LOWER and verdict("qa-one-pass", reading=True) == AGREES
    assert verdict("qa-one-redeal") == LOWER and verdict("qa-one-redeal", reading=True) == AGREES
    assert verdict("ff-win-rate") == HIGHER
    assert claim_verdict(CLAIMS["ft-win-rate"]) == AGREES  # the careful program: "in line with the text"
    assert compare_tips(stored_figure(CLAIMS["qa-tips"].measurement),
                        stored_figure(CLAIMS["qa-tips"].without_tips)) == NO_DIFFERENCE
    for lang, heading in (("en", "## How the figures were made {#checked}"),
                          ("de", "## Wie die Zahlen entstanden sind {#checked}")):
        about = (DOCS / lang / "about.md").read_text(encoding="utf-8")
        assert heading in about
        assert "python -m" not in about and "run 0" not in about  # commands and run numbers: README

# --- the card at a glance (issue 12) ------------------------------------------------------------

MAX_VISIBLE_WORDS = 60


def card_states(claim_id: str, lang: str) -> dict[str, str]:
    """The card's HTML as built, live before a check, while a check runs, and when it is done. The
    check's first request plays one step of each figure (a chunk of no time): a fast figure, such as
    Fortune's Favour's, told from the cards alone, would otherwise finish within one chunk on a fast
    machine, and the card would never be seen running."""
    session = Session()
    states = {"static": build_html(f"claim: {claim_id}", lang, "w")}
    opened = session.handle({"widget": "w", "action": "open", "spec": f"claim: {claim_id}", "lang": lang})
    states["live"] = opened["html"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LiveCheck, "CHUNK_SECONDS", 0.0)
        running = session.handle({"widget": "w", "action": "check"})
    states["running"] = running["html"]
    widget = session.widgets["w"][0]
    widget.check.stop()  # the end state without playing every deal: the stopped card
    states["stopped"] = widget.body_html(lang, True, "w")
    return states


@pytest.mark.parametrize("claim_id", list(CLAIMS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_reads_at_a_glance_in_every_state(claim_id, lang):
    claim = CLAIMS[claim_id]
    for state, html in card_states(claim_id, lang).items():
        charts = re.findall(r'<svg class="tutor-chart"[^>]*>', html)
        assert len(charts) == 1, (state, "one chart")
        alt = re.search(r'role="img" aria-label="([^"]+)"', charts[0])
        assert alt and len(words_of(alt.group(1))) >= 5, (state, "the chart's text alternative")
        visible = visible_text(html)
        assert len(words_of(visible)) <= MAX_VISIBLE_WORDS, (state, len(words_of(visible)), visible)
        assert html.count("<details") == 1 + html.count("tutor-text-alternative"), state
        # the verdict's sentence once, and no sentence twice
        said = sentence(claim, lang)
        assert text_of(html).count(said) == 1, (state, said)
        sentences = [x.strip() for x in re.split(r"(?<=[.!?])\s+", text_of(html)) if len(words_of(x)) > 3]
        repeated = {x for x in sentences if sentences.count(x) > 1}
        assert not repeated, (state, repeated)
        if state == "running":
            assert 'data-run="running"' in html and html.count('class="tutor-claim-line"') == 1
            assert "tutor-claim-progress" in html


def test_the_running_chart_gains_a_bar_for_the_new_deals():
    states = card_states("qa-one-pass", "en")
    bars = {state: html.count('fill="#6a3d9a"') for state, html in states.items()}
    assert bars["static"] == bars["live"] == 0 and bars["running"] == 1


def test_forty_thieves_is_weighed_by_the_careful_player_not_the_tips_player():
    """10–15 % is about careful play; the tips player cannot weigh it (its figure is shown as a
    fact about our program), the fair expert player (tutor.analysis.players) does, and the solver's range
    bounds it from above."""
    claim = CLAIMS["ft-win-rate"]
    statement = claim.statements[0]
    expert, winnable = stored_figure(claim.expert), stored_figure(claim.winnable)
    assert claim.judges is False and claim.expert is not None and claim.expert.player == "expert"
    assert winnable.range95[1] >= statement.low  # the solver's range reaches the claim
    assert claim_verdict(claim) == compare(expert.ci95, statement.low, statement.high)
    for lang in LANGUAGES:
        said = sentence(claim, lang)
        assert share_words(expert, lang) in said
        assert share_words(stored_figure(claim.measurement), lang) not in said


def share_words(figure: Figure, lang: str) -> str:
    from tutor.claims.words import share_of_deals

    return share_of_deals(figure, lang)


def test_a_solver_range_wholly_below_the_claim_disagrees_and_an_expert_decides():
    from dataclasses import replace

    claim = CLAIMS["ft-win-rate"]
    statement = claim.statements[0]
    alone = replace(claim, expert=None)  # the solver's range alone
    assert statement_verdict(alone, statement, winnable=Figure(200, 2, 196)) == LOWER  # at most 4 of 200
    assert statement_verdict(alone, statement, winnable=Figure(100, 2, 60)) == OPEN
    expert = replace(claim, expert=claim.measurement)  # any stored figure stands in for the expert
    assert statement_verdict(expert, statement) == compare(stored_figure(claim.measurement).ci95,
                                                           statement.low, statement.high)


def test_solver_figures_keep_won_lost_and_undecided():
    figure = Figure(100, 8, 30)
    assert figure.undecided == 62 and figure.possible == 0.70
    assert figure.range95 == (wilson_interval(8, 100)[0], wilson_interval(70, 100)[1])
    assert Figure(100, 8).undecided == 0 and Figure(100, 8).possible == 0.08


# --- one set of figures -------------------------------------------------------------------------

MEASURED = re.compile(r'<data class="tutor-measured" value="([\d.]+)" data-figure="([^"]+)">([^<]+)</data>')


def check_measured(html: str, lang: str) -> int:
    """Every figure marked as measured equals its stored figure, and reads as it."""
    found = MEASURED.findall(html)
    measurements = all_measurements()
    for value, key, shown in found:
        figure = stored_figure(measurements[key])
        assert abs(float(value) - figure.rate) < 1e-6, key
        assert shown == format_percent(figure.rate, lang), (key, shown)
    return len(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_measured_figure_on_cards_and_the_home_table_is_the_stored_one(lang):
    count = 0
    for claim_id in CLAIMS:
        count += check_measured(build_html(f"claim: {claim_id}", lang, "w"), lang)
    table = build_html("figures: games", lang, "t")
    home = check_measured(table, lang)
    assert home >= 4  # Fortune's Favour, Queen's Audience, Forty Thieves' solver and tips player
    assert count + home >= home
    for claim_id in ("ff-win-rate", "qa-one-pass", "ft-win-rate"):
        assert f'#claim-{claim_id}"' in table


def test_the_chart_shows_the_stored_figures():
    for claim_id, claim in CLAIMS.items():
        for lang in LANGUAGES:
            html = build_html(f"claim: {claim_id}", lang, "w")
            chart = re.search(r'<svg class="tutor-chart".*?</svg>', html, re.S).group(0)
            assert format_percent(stored_figure(claim.measurement).rate, lang) in chart, claim_id


PERCENT_IN_PROSE = re.compile(r"(\d+(?:[.,]\d+)?)(?:\s|\u00a0)?%|(\d+) (?:to|bis) (\d+)(?:\s|\u00a0)?%")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["index.md", "fortunes-favour.md", "queens-audience.md", "forty-thieves.md",
                                  "about.md"])
def test_the_pages_own_text_types_no_measured_figure(lang, name):
    """A percentage in a page's prose is a figure of a rules text (a claim's statement) or the 95 %
    of the intervals: what the site measured comes only from the stored figures, drawn by the cards."""
    stated = {0.95}
    for claim in CLAIMS.values():
        for s in claim.statements:
            stated |= {round(s.low, 4), round(s.high, 4), round((s.low + s.high) / 2, 4)}
    text = re.sub(r"^```tutor\n.*?^```", "", (DOCS / lang / name).read_text(encoding="utf-8"), flags=re.M | re.S)
    for match in PERCENT_IN_PROSE.finditer(text):
        numbers = [g for g in match.groups() if g]
        for number in numbers:
            value = round(float(number.replace(",", ".")) / 100, 4)
            assert value in stated, (name, match.group(0))


def test_the_figures_directive_says_what_to_write():
    from tutor.web.protocol import DirectiveError

    with pytest.raises(DirectiveError, match="figures: games"):
        build_html("figures: nonsense", "en", "t")


# --- the package --------------------------------------------------------------------------------

def test_the_claims_import_nothing_of_the_session():
    """No import cycle: tutor.web.protocol imports tutor.claims, never the other way round."""
    import ast

    package = Path(__file__).resolve().parent.parent.parent / "tutor" / "claims"
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = ("." * node.level) + (node.module or "")
                assert "session" not in module, (path.name, module)
            elif isinstance(node, ast.Import):
                assert not any("session" in alias.name for alias in node.names), path.name
    import subprocess
    import sys

    script = "import sys, tutor.claims; print('tutor.web.protocol' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            cwd=package.parent.parent.parent).stdout.strip()
    assert loaded == "False"


# --- each game's claims (tutor/games/<game>/claims.py) ------------------------------------------

def test_each_games_claims_are_collected_in_the_games_order_and_name_their_game():
    """``CLAIMS`` is every game's ``CLAIMS``, game by game as the registry lists them, each game's
    claims in their own order; a claim's ``game`` is the game whose module holds it."""
    collected = []
    for game_id in game_ids():
        claims = claims_of_game(game_id).CLAIMS
        assert claims and all(claim.game == game_id for claim in claims), game_id
        assert claims_of(game_id) == list(claims)
        collected += [claim.id for claim in claims]
    assert list(CLAIMS) == collected
    assert set(CLAIMS) == {"qa-one-pass", "qa-one-redeal", "qa-tips", "ff-win-rate", "ff-solver", "ff-tips",
                           "ft-win-rate", "ft-tips"}


def test_each_games_home_claim_is_one_of_its_own_rate_claims():
    home = home_claims()
    assert [claim.game for claim in home] == game_ids()
    for claim in home:
        assert claim.id == claims_of_game(claim.game).HOME_CLAIM
        assert claim.kind == "rate" and claim.statements, claim.id
    assert [claim.id for claim in home] == ["ff-win-rate", "qa-one-pass", "ft-win-rate"]


def test_an_unknown_claim_is_named_with_the_known_ones():
    with pytest.raises(UnknownClaim) as raised:
        get_claim("ft-nothing")
    assert "ft-win-rate" in raised.value.message("en")


def test_the_update_writes_the_stored_figures_module(tmp_path, monkeypatch):
    """``--update`` rewrites tutor/claims/figures.py itself: the stored figures, written again, give
    the file as it is."""
    from tutor.claims import update

    assert update.FIGURES_FILE == Path(update.__file__).with_name("figures.py")
    monkeypatch.setattr(update, "FIGURES_FILE", tmp_path / "figures.py")
    stored = Path(update.__file__).with_name("figures.py").read_text(encoding="utf-8")
    made = re.search(r"\((?:the last run measured only (\S+), in )?(\d+) s(?: on this machine)?\)", stored)
    update.write_figures(FIGURES, int(made.group(2)), made.group(1) or "")
    assert (tmp_path / "figures.py").read_text(encoding="utf-8") == \
        Path(update.__file__).with_name("figures.py").read_text(encoding="utf-8")


# --- what each tip is worth (issue 25) ----------------------------------------------------------

def test_the_difference_of_two_rates_has_newcombes_interval():
    from tutor.claims.stats import difference_interval, effect_verdict

    difference, low, high = difference_interval(Figure(2000, 120), Figure(2000, 60))
    assert abs(difference - 0.03) < 1e-12 and 0 < low < 0.03 < high < 0.06
    assert effect_verdict(Figure(2000, 120), Figure(2000, 60)) == HELPS
    assert effect_verdict(Figure(2000, 60), Figure(2000, 120)) == HURTS
    assert effect_verdict(Figure(2000, 100), Figure(2000, 95)) == NO_DIFFERENCE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tip_table_shows_the_stored_figures(lang):
    from tutor.claims.data import tip_tables
    from tutor.claims.stats import effect_verdict

    for table_id, table in tip_tables().items():
        html = build_html(f"tip-effects: {table_id}", lang, "w")
        assert check_measured(html, lang) == 1 + len(table.effects)
        rows = re.findall(r'<tr data-tip="(\d+)">.*?<td data-verdict="([\w-]+)">', html, re.S)
        main = stored_figure(table.measurement)
        assert [(int(t), v) for t, v in rows] == [
            (e.tip, effect_verdict(main, stored_figure(e.without))) for e in table.effects]
        assert "<caption>" in html and "<th scope=\"col\">" in html


def test_the_forty_thieves_pages_carry_both_tables_in_the_tips_section():
    for lang in LANGUAGES:
        text = (DOCS / lang / "forty-thieves.md").read_text(encoding="utf-8")
        tips = text[text.index("{#tips}"):text.index("{#glossary}")]
        measured = tips[tips.index("{#tips-measured"):]
        assert "tip-effects: ft-rules-text-tips\n" in tips[:tips.index("{#tips-measured")]
        assert "tip-effects: ft-measured-tips\n" in measured


def test_an_unknown_tip_table_is_refused():
    with pytest.raises(UnknownClaim) as refusal:
        build_html("tip-effects: nope", "en", "w")
    assert "ft-measured-tips" in refusal.value.message("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_solved_table_rounds_every_share_alike(lang: str) -> None:
    """Every "can be won" cell of every game's verdict table has one decimal, as the sentence above it
    (it once said "58–100 %" beside "0,0–85,5 %")."""
    from tutor.engine.contract import optional_name
    from tutor.web.widgets.claims.solved_table import solved_table_html

    games = [game for game in game_ids() if optional_name(game, "claims", "solved_rows") is not None]
    assert games
    for game in games:
        cells = re.findall(r"<td>([^<]*%)</td>", solved_table_html(game, lang))
        assert cells, game
        decimal = r"\d+[.,]\d"
        odd = [cell for cell in cells if not re.fullmatch(rf"{decimal}(?:–{decimal})?\s?%", cell)]
        assert not odd, (game, lang, odd)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_details_paragraph_starts_as_a_sentence(lang):
    """A source named mid-sentence ("the old books") still opens its line with a capital."""
    for game_id in game_ids():
        for claim in claims_of_game(game_id).CLAIMS:
            for paragraph in details_paragraphs(claim, lang):
                assert paragraph[:1] == paragraph[:1].upper(), (claim.id, paragraph)
