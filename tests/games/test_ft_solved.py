"""The one set of "can be won" figures for Forty Thieves (tools/ft_solve_deals.py → tutor/games/
forty_thieves/solved.json and solved.py), checked without a clock: every stored winning line replays to
a win (on the lean board; a sample in the engine), a sample of the stored losses is proved again by a
complete search under a node limit, the summary the pages use is made from the same data, and the home
page's table, the claim card and the about page's table show the same figure with its undecided share."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutor.claims import CLAIMS, format_number, format_percent, stored_figure
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.games.forty_thieves import solved
from tutor.games.forty_thieves.search import exhaust
from tutor.i18n import LANGUAGES
from tutor.web.protocol import build_html

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "tutor" / "games" / "forty_thieves" / "solved.json").read_text(encoding="utf-8"))
VARIANTS = list(DATA["variants"])
REPROVE_NODES = 500_000  # the sample of losses: those the run proved within this many positions


def test_the_data_names_its_command_date_machine_and_limit():
    assert DATA["command"].startswith("nice -n 10 python tools/ft_solve_deals.py")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", DATA["date"]) and DATA["machine"] and DATA["seconds"] == 10.0
    assert (solved.COMMAND, solved.DATE, solved.MACHINE, solved.SECONDS) == (
        DATA["command"], DATA["date"], DATA["machine"], DATA["seconds"])
    assert set(VARIANTS) == set(get_rules("forty-thieves").variants)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v or "base")
def test_the_summary_is_made_from_the_data(variant):
    results = DATA["variants"][variant]["results"]
    numbers = sorted(int(n) for n in results)
    assert numbers == list(range(len(numbers))), "deal numbers 0, 1, 2, … without a gap"
    entry = solved.SOLVED[variant]
    assert entry["deals"] == len(numbers)
    assert list(entry["won"]) == [n for n in numbers if results[str(n)]["result"] == "won"]
    assert list(entry["lost"]) == [n for n in numbers if results[str(n)]["result"] == "lost"]
    assert all(results[str(n)]["result"] in ("won", "lost", "unknown") for n in numbers)
    assert all(("moves" in results[str(n)]) == (results[str(n)]["result"] == "won") for n in numbers)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v or "base")
def test_every_stored_winning_line_wins(variant):
    board = kernel_for(get_rules("forty-thieves", variant))
    results = DATA["variants"][variant]["results"]
    won = [int(n) for n, record in results.items() if record["result"] == "won"]
    for number in won:
        state = board.deal(number)
        for written in results[str(number)]["moves"].split():
            move = board.find_move(state, written)
            assert move is not None, (variant, number, written)
            state = board.play(state, move)
        assert board.is_won(state), (variant, number)
    rules = get_rules("forty-thieves", variant)
    for number in won[:: max(1, len(won) // 3)][:3]:  # a few in the engine itself
        position = rules.deal(number)
        for written in results[str(number)]["moves"].split():
            position.play(written)
        assert position.is_won(), (variant, number)


def test_a_sample_of_the_stored_losses_is_proved_again():
    """The losses the run proved within :data:`REPROVE_NODES` positions, up to two per variant: a
    complete search under that node limit (no clock) finds no win either (today the base game's
    and Restricted empty columns' losses: no other variant has a proven loss)."""
    proved = 0
    for variant in VARIANTS:
        board = kernel_for(get_rules("forty-thieves", variant))
        results = DATA["variants"][variant]["results"]
        sample = sorted((record["nodes"], int(n)) for n, record in results.items()
                        if record["result"] == "lost" and record["nodes"] <= REPROVE_NODES)[:2]
        for _nodes, number in sample:
            assert exhaust(board, board.deal(number), None, REPROVE_NODES).result == "lost", (variant, number)
            proved += 1
    assert proved >= 4


def winnable_figure():
    claim = CLAIMS["ft-win-rate"]
    return claim.winnable, stored_figure(claim.winnable)


def test_the_claims_figure_is_the_stored_data():
    measurement, figure = winnable_figure()
    entry = solved.SOLVED[""]
    assert measurement.player == "solved" and measurement.solver_seconds == DATA["seconds"]
    assert (figure.games, figure.wins, figure.lost) == (entry["deals"], len(entry["won"]), len(entry["lost"]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_claim_card_and_about_page_show_the_same_figure(lang):
    measurement, figure = winnable_figure()
    won = format_percent(figure.rate, lang)
    undecided = format_percent(figure.undecided / figure.games, lang)
    home = build_html("figures: games", lang, "t")
    assert f'data-figure="{measurement.key}">{won}</data>' in home and undecided in home
    card = build_html("claim: ft-win-rate", lang, "w")
    assert won.rstrip("%\u00a0") in card and format_number(figure.undecided, lang) in card  # a range "54.5–95.5 %"
    about = build_html("solved: forty-thieves", lang, "s")
    row = re.search(r'<tr data-variant="base">(.*?)</tr>', about).group(1)
    cells = re.findall(r"<td>([^<]*)</td>", row)
    assert cells[1:5] == [format_number(n, lang) for n in (figure.games, figure.wins, figure.lost or 0,
                                                            figure.undecided)]
    assert won.rstrip("%\u00a0") in cells[5]
    for lang_dir in LANGUAGES:
        page = (ROOT / "docs" / lang_dir / "about.md").read_text(encoding="utf-8")
        assert "solved: forty-thieves\n" in page


@pytest.mark.parametrize("lang, searched, waiting", [
    ("en", "and the first two hundred of each variant", "the variants' deals are still to be searched"),
    ("de", "und der ersten zweihundert jeder Variante", "die Spiele der Varianten stehen noch aus"),
])
def test_the_about_page_says_which_deals_were_searched(lang, searched, waiting):
    page = " ".join((ROOT / "docs" / lang / "about.md").read_text(encoding="utf-8").split())
    variants_done = all(solved.SOLVED[v]["deals"] == 200 for v in VARIANTS if v)
    assert solved.SOLVED[""]["deals"] == 1000
    assert (searched in page, waiting in page) == (variants_done, not variants_done)


def test_the_play_page_offers_only_stored_won_deals():
    from tutor.games.forty_thieves.claims import winnable_deals
    from tutor.web.protocol import Session

    assert winnable_deals("") == solved.SOLVED[""]["won"]
    session = Session()
    assert session.handle({"widget": "p", "action": "open", "spec": "play: forty-thieves", "lang": "en"})["ok"]
    session.handle({"widget": "p", "action": "start", "hash": "deal=5"})
    response = session.handle({"widget": "p", "action": "new-winnable"})
    assert response["ok"] and 'data-action="new-winnable"' in response["html"]
    assert int(response["state"]["hash"].split("=")[1].split("&")[0]) in solved.SOLVED[""]["won"]


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v], ids=str)
def test_each_variant_offers_its_own_won_deals_or_none(variant):
    from tutor.web.protocol import Session

    session = Session()
    assert session.handle({"widget": "p", "action": "open", "spec": "play: forty-thieves", "lang": "en"})["ok"]
    started = session.handle({"widget": "p", "action": "start", "hash": f"variant={variant}&deal=5"})
    assert f"variant={variant}" in started["state"]["hash"]
    won = solved.SOLVED[variant]["won"]
    assert ('data-action="new-winnable"' in started["html"]) == bool(won)
    if won:
        response = session.handle({"widget": "p", "action": "new-winnable"})
        hash_ = dict(part.split("=") for part in response["state"]["hash"].split("&"))
        assert hash_["variant"] == variant and int(hash_["deal"]) in won
