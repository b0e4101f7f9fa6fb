"""Scenarios (tutor/scenarios): every start position is a legal deal, every step and every branch
replays in the engine (a refused step is refused, the position unchanged), the ends are what their
narrations say, the worked examples are the examples of the rules texts, every narration is in both
languages, and the pages place every scenario, the same in both languages."""

from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path

import pytest

from tutor.analysis.solve import solve
from tutor.cards import Card
from tutor.engine import IllegalMove, Move, get_rules, rules_class
from tutor.engine.contract import tips_of
from tutor.engine.registry import game_ids
from tutor.glossary import game_terms
from tutor.i18n import LANGUAGES, Text, translate
from tutor.lessons import SCENARIO_KINDS, Branch, Scenario, Step, UnknownScenario, all_scenarios, get_scenario
from tutor.web.widgets.course import with_lesson_parts

ROOT = Path(__file__).resolve().parent.parent
PREFIX = {game: tips_of(game).PREFIX for game in game_ids()}  # a game's scenarios' ids start with it
PAGES = {prefix: f"{game}.md" for game, prefix in PREFIX.items()}
SECTION_KINDS = ("setup-deal", "terms", "moves", "worked-example", "won", "lost", "variants")
PICTURES = ("ff-setup", "ff-worked-example", "qa-setup", "qa-worked-example", "ft-setup", "ft-worked-example")
FENCE = re.compile(r"^```tutor\n(.*?)^```", re.M | re.S)

ALL_IDS = [scenario.id for scenario in all_scenarios()]


def named_cards(text: Text) -> list[Card]:
    found: list[Card] = []
    for value in text.params.values():
        values = value if isinstance(value, (tuple, list)) else (value,)
        found += [v for v in values if isinstance(v, Card)]
    return found


def player_moves(position) -> set[str]:
    """The legal moves other than turning the stock."""
    return {str(m) for m in position.legal_moves()} - {"s-w"}


def texts_of(scenario: Scenario) -> list[Text]:
    found = [scenario.title, scenario.alt, *(step.narration for step in scenario.steps)]
    found += [scenario.outcome] if scenario.outcome is not None else []
    for branch in scenario.branches:
        found += [branch.label, branch.outcome, *(step.narration for step in branch.steps)]
    for play in scenario.variant_plays:
        found += [step.narration for step in play.steps] + ([play.outcome] if play.outcome is not None else [])
    return found


def play_steps(position, steps: tuple[Step, ...]) -> list[tuple[Step, object, object]]:
    """Play ``steps`` on ``position`` (a refused step must be refused and change nothing); return
    (step, position before, position after) for each."""
    played = []
    for step in steps:
        before = position.copy()
        if step.move is not None and step.expect_refused:
            with pytest.raises(IllegalMove):
                position.play(step.move)
            assert position.state_key() == before.state_key(), f"{step.move}: a refused move changed the position"
        elif step.move is not None:
            assert position.is_legal(step.move), (step.move, [str(m) for m in position.legal_moves()])
            position.play(step.move)
        played.append((step, before, position.copy()))
    return played


def replay(scenario_id: str):
    scenario = get_scenario(scenario_id)
    position = scenario.start_position()
    return scenario, position, play_steps(position, scenario.steps)


def end_of(scenario_id: str, branch: int | None = None):
    scenario = get_scenario(scenario_id)
    position = scenario.start_position()
    play_steps(position, scenario.steps if branch is None else scenario.branches[branch].steps)
    return position


def pile_matches(pile_ids, wanted: str) -> bool:
    """A pile id or an id prefix ("t", "f", …) that names at least one pile."""
    return wanted in pile_ids or any(re.fullmatch(re.escape(wanted) + r"\d+", pid) for pid in pile_ids)


def page_blocks(lang: str, name: str) -> list[str]:
    """The directives of a page, a lesson's parts after it (what the page shows)."""
    text = (ROOT / "docs" / lang / name).read_text(encoding="utf-8")
    return [line for body in FENCE.findall(text) for line in with_lesson_parts(body.strip()).splitlines()]


# --- the set of scenarios -----------------------------------------------------------------------
def tips_on_page(name: str) -> int:
    """The bullets of the page's tips section (the seeds' "Tipps"), and the site's own numbered tips
    below them (Forty Thieves' "Tips that win, measured": **Tip 6.** …)."""
    text = (ROOT / "docs" / "en" / name).read_text(encoding="utf-8")
    section = re.search(r"^## .*\{#tips\}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S).group(1)
    return len(re.findall(r"^- ", section, re.M)) + len(re.findall(r"^\*\*Tip \d+\.\*\*", section, re.M))


@pytest.mark.parametrize("prefix", sorted(PAGES))
def test_every_game_has_its_sections_and_one_scenario_per_tip(prefix: str) -> None:
    ids = set(ALL_IDS)
    for kind in SECTION_KINDS:
        assert f"{prefix}-{kind}" in ids
    tips = tips_on_page(PAGES[prefix])
    assert tips >= 4
    assert {f"{prefix}-tip-{n}" for n in range(1, tips + 1)} <= ids
    assert f"{prefix}-tip-{tips + 1}" not in ids


def test_ids_are_unique_and_prefixed_by_their_game() -> None:
    assert len(ALL_IDS) == len(set(ALL_IDS))
    for scenario in all_scenarios():
        assert scenario.id.startswith(PREFIX[scenario.game] + "-"), scenario.id
        assert scenario.kind in SCENARIO_KINDS


def test_an_unknown_id_names_itself_and_the_known_ids() -> None:
    with pytest.raises(KeyError) as caught:
        get_scenario("ff-nonsense")
    assert isinstance(caught.value, UnknownScenario)
    message = str(caught.value)
    assert "ff-nonsense" in message and all(known in message for known in PICTURES)


# --- texts --------------------------------------------------------------------------------------
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w*)?\}")  # a German {card:acc} names the same {card}


@pytest.mark.parametrize("scenario_id", ALL_IDS)
def test_every_text_is_the_games_and_translated(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    for text in texts_of(scenario):
        assert text.context == scenario.game, text.msgid
        english, german = text.render("en"), text.render("de")
        assert english and german and english != german, f"not translated: {text.msgid}"
        msgstr = translate("de", text.context, text.msgid)
        assert set(PLACEHOLDER.findall(msgstr)) == set(PLACEHOLDER.findall(text.msgid)), text.msgid


# --- replaying ------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario_id", ALL_IDS)
def test_every_scenario_replays_in_the_engine(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    position = scenario.start_position()
    if scenario.cards:
        assert position.card_string().split() == scenario.cards.split()
    assert not position.history, "the prelude is not part of the scenario's history"
    pile_ids = set(position.piles)
    for branch_steps in (scenario.steps, *(branch.steps for branch in scenario.branches)):
        for step, before, _after in play_steps(scenario.start_position(), branch_steps):
            for pile in step.highlight:
                assert pile in pile_ids, (step, pile)
            for shown in step.show or ():
                assert pile_matches(pile_ids, shown), (step, shown)
            if step.expect_refused:
                assert step.move is not None and not before.is_legal(step.move)


@pytest.mark.parametrize("scenario_id", [s.id for s in all_scenarios() if s.kind == "compare"])
def test_a_comparison_plays_the_same_start_two_ways(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    assert [branch.label.msgid for branch in scenario.branches] == ["Following the tip", "Ignoring the tip"]
    assert all(branch.steps for branch in scenario.branches)
    assert not scenario.steps
    ends = [end_of(scenario_id, i) for i in range(2)]
    assert ends[0].state_key() != ends[1].state_key()


@pytest.mark.parametrize("scenario_id", [s.id for s in all_scenarios() if s.kind == "terms"])
def test_terms_name_the_games_words_and_existing_piles(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    position = scenario.start_position()
    glossary = game_terms(scenario.game)
    named = dict(scenario.terms)
    assert set(named) <= set(glossary)
    for term_id, piles in named.items():
        assert piles and all(pile_matches(position.piles, pile) for pile in piles), term_id
    # Every term shows a place; "space" only where a space can stand open: in Fortune's Favour and
    # Queen's Audience a space is filled at once while the waste or the stock holds a card.
    assert set(glossary) - set(named) <= {"space"}
    if "space" in named:
        assert all(not position.piles[pile] for pile in named["space"])
    else:
        assert position.piles["s"] or position.piles["w"]
    for pile in ("s", "w"):
        assert position.piles[pile], f"{scenario_id}: the {pile} pile should hold cards to point at"


@pytest.mark.parametrize("scenario_id", [s.id for s in all_scenarios() if s.kind == "variants"])
def test_variants_deal_the_same_number_under_every_variant(scenario_id: str) -> None:
    scenario = get_scenario(scenario_id)
    assert scenario.deal is not None
    assert set(scenario.variants) == set(rules_class(scenario.game).variants)
    for variant in scenario.variants:
        position = scenario.position_for(variant)
        assert position.deal_number == scenario.deal
        assert position.card_string() == get_rules(scenario.game, variant).deal(scenario.deal).card_string()
    assert scenario.start_position().card_string() == scenario.position_for(scenario.variants[0]).card_string()
    with pytest.raises(ValueError):
        scenario.position_for("no-such-variant")


def test_position_for_belongs_to_variants_scenarios() -> None:
    with pytest.raises(ValueError):
        get_scenario("ff-moves").position_for("")


# --- what the narrations say ----------------------------------------------------------------------
@pytest.mark.parametrize("prefix", sorted(PAGES))
def test_the_won_end_is_won_and_the_lost_end_lost(prefix: str) -> None:
    """"You win when all 52 cards lie on the four foundations …"; "If the stock is used up and no
    move is left, the game is lost." """
    start = get_scenario(f"{prefix}-won").start_position()
    assert not start.is_won() and not start.piles["s"]
    assert end_of(f"{prefix}-won").is_won()
    lost = end_of(f"{prefix}-lost")
    assert lost.is_lost() and not lost.piles["s"] and not lost.legal_moves()
    assert get_scenario(f"{prefix}-lost").steps[-1].move is None, "the last frame gives the reason"


def test_the_queens_audience_loss_cannot_be_avoided() -> None:
    """"Every way of playing this deal ends like this." – the solver exhausts the deal."""
    scenario = get_scenario("qa-lost")
    assert solve(get_rules(scenario.game).from_cards(scenario.cards), time_limit=30).result == "lost"


def test_the_commonest_cause_of_a_loss() -> None:
    """"Der häufigste Grund für eine Niederlage: Ein Ass liegt tief im Abwurfstapel, während sein
    Bube im Vorzimmer wartet – dann hängt die ganze Farbe fest." """
    end = end_of("qa-tip-3")
    assert end.is_lost()
    ace, jack = Card.parse("AS"), Card.parse("JS")
    waste = end.piles["w"]
    assert ace in waste and waste.index(ace) < len(waste) - 5, "deep in the waste"
    assert any(end.piles[f"r{i}"] == [jack] for i in range(1, 17))


def test_fortunes_favour_first_tip_decides_the_game() -> None:
    """"Before turning a stock card, make every useful move in the tableau and to the foundations."
    Following it the deal can still be won; turning first loses it (the solver's proof)."""
    assert solve(end_of("ff-tip-1", 0), time_limit=30).result == "won"
    assert solve(end_of("ff-tip-1", 1), time_limit=30).result == "lost"
    ignoring = end_of("ff-tip-1", 1)
    assert ignoring.piles["w"][-2:] == [Card.parse("2S"), Card.parse("TC")], "2♠ under the 10♣"


@pytest.mark.parametrize("scenario_id, card, cover", [("ff-tip-2", "5D", "8C"), ("ft-tip-2", "7S", "KD")])
def test_a_waste_card_is_saved_by_the_tip_and_buried_without_it(scenario_id: str, card: str, cover: str) -> None:
    """Fortune's Favour: "making a space is the way to rescue its top card"; Forty Thieves: "once a
    waste card is covered by the next one, it is harder to reach"."""
    card_, cover_ = Card.parse(card), Card.parse(cover)
    following, ignoring = end_of(scenario_id, 0), end_of(scenario_id, 1)
    assert any(pile.startswith("t") and card_ in cards for pile, cards in following.piles.items())
    assert card_ not in following.piles["w"]
    assert ignoring.piles["w"][-2:] == [card_, cover_]


def test_queens_audience_holds_you_to_the_first_tips() -> None:
    """"Spiel jede Karte, sobald sie passt" – turning is refused while a card fits (tips 1 and 2)."""
    for scenario_id in ("qa-tip-1", "qa-tip-2"):
        refused = [step for step in get_scenario(scenario_id).steps if step.expect_refused]
        assert [step.move for step in refused] == ["s-w"]


def test_fortunes_favour_fourth_tip_brings_the_waste_cards_back() -> None:
    """"When you can choose between two moves, prefer the one that empties a pile." """
    scenario = get_scenario("ff-tip-4")
    start = scenario.start_position()
    assert player_moves(start) == {"t6-f2", "w-t7"}
    end = end_of("ff-tip-4")
    assert not end.piles["w"] and end.piles["t6"] == [Card.parse("5C")]


# --- each kind of move ----------------------------------------------------------------------------
def move_kinds(scenario_id: str) -> set[str]:
    """Kinds of move the scenario shows: "t-f", "w-t", … for the player's moves, "fill s-t" for a
    space filled by the rules, "refused t-t" for a refused move, "into empty" for a card put into an
    empty pile."""
    kinds: set[str] = set()
    for step, before, after in replay(scenario_id)[2]:
        if step.move is None:
            continue
        move = Move.parse(step.move)
        kind = "+".join(src[0] for src in move.sources) + "-" + move.dst[0]
        if step.expect_refused:
            kinds.add("refused " + kind + (f"x{move.count}" if move.count > 1 else ""))
            continue
        kinds.add(kind)
        if move.dst[0] in "tf" and not before.piles[move.dst]:
            kinds.add("into empty " + move.dst[0])
        for entry in after.history[len(before.history):]:
            if entry.forced:
                kinds.add(f"fill {entry.move.src}-{entry.move.dst[0]}")
    return kinds


def test_fortunes_favour_moves_show_every_kind_of_move() -> None:
    """The four rules of play: to a foundation, onto the tableau (from a pile or the waste),
    filling spaces (from the stock, then from the waste), turning the stock."""
    assert move_kinds("ff-moves") >= {"t-f", "t-t", "s-w", "w-f", "w-t", "fill s-t", "fill w-t"}


def test_queens_audience_moves_show_every_kind_of_move() -> None:
    """King and Queen, Jack and Ace, building down, filling spaces, turning only when nothing goes."""
    assert move_kinds("qa-moves") >= {"r+r-k", "r+r-j", "r-j", "w-j", "r+w-k", "s-w", "refused s-w",
                                      "fill s-r", "fill w-r"}


def test_forty_thieves_moves_show_every_kind_of_move() -> None:
    """Rules 2 to 5: building in the tableau one card at a time, Aces starting foundations, the
    waste's top card, an empty column filled by any single card."""
    assert move_kinds("ft-moves") >= {"t-f", "into empty f", "t-t", "refused t-tx2", "s-w", "w-f", "w-t",
                                      "into empty t"}


def test_setup_frames_deal_the_layout_step_by_step() -> None:
    """"Take the four Aces out … deal twelve cards face up in two rows of six … the remaining 36 cards
    face down as the stock."""
    shows = [step.show for step in get_scenario("ff-setup-deal").steps]
    assert shows[0] == ("f",)
    assert shows[1] == ("f", "t1", "t2", "t3", "t4", "t5", "t6")
    assert shows[2] == ("f", "t") and shows[-1] is None
    for scenario_id in ("ff-setup-deal", "qa-setup-deal", "ft-setup-deal"):
        steps = get_scenario(scenario_id).steps
        piles = get_scenario(scenario_id).start_position().piles
        assert all(step.move is None for step in steps)
        drawn = [{pid for pid in piles if any(pile_matches({pid}, shown) for shown in step.show)}
                 if step.show is not None else None for step in steps]
        assert drawn[-1] is None, "the last frame draws everything"
        assert all(a <= b for a, b in pairwise(drawn) if b is not None), "frames only add piles"


# --- the worked examples --------------------------------------------------------------------------
def moved_cards(before, after) -> Counter:
    """Cards that arrived on a pile (the player's move and whatever the rules forced after it)."""
    arrived: Counter = Counter()
    for pile, cards in after.piles.items():
        arrived += Counter(cards) - Counter(before.piles[pile])
    return arrived


@pytest.mark.parametrize("scenario_id", [s for s in ALL_IDS if s.endswith("worked-example")])
def test_the_cards_a_narration_names_are_the_cards_its_step_moves(scenario_id: str) -> None:
    for step, before, after in replay(scenario_id)[2]:
        named = Counter(named_cards(step.narration))
        if step.move is None:
            continue
        move = Move.parse(step.move)
        src_cards: Counter = Counter()
        for source in move.sources:
            src_cards += Counter(before.piles[source][-move.count:])
        if step.expect_refused:
            involved = src_cards + Counter(before.piles[move.dst])
            assert named <= involved, f"{step.move}: the narration names {named - involved}"
            continue
        assert src_cards <= named, f"{step.move}: the narration does not name {src_cards - named}"
        onto = Counter(before.piles[move.dst][-1:])
        arrived = moved_cards(before, after)
        assert named <= arrived + onto, f"{step.move}: the narration names {named - arrived - onto}"


def test_fortunes_favour_example_is_the_texts_example() -> None:
    """"In the layout above, move the 2♦ and the 2♣ onto their Aces. That leaves two spaces, and the
    waste is still empty, so fill both from the stock – say with a 6♣ and a 3♦. The 3♦ goes straight
    onto the 2♦ (and its space is filled from the stock again), and the 5♣ can move onto the 6♣,
    making yet another space." """
    scenario = get_scenario("ff-worked-example")
    position = scenario.start_position()
    tableau = {position.piles[f"t{i}"][-1].code for i in range(1, 13)}
    assert {"2D", "2C", "5C"} <= tableau
    assert [c.code for c in position.piles["s"][-2:]] == ["3D", "6C"]  # 6♣ on top, then 3♦
    assert player_moves(position) == {"t2-f2", "t5-f1"}, "no distracting moves"
    for step in scenario.steps:
        position.play(step.move)
    assert [c.code for c in position.piles["f2"]][-2:] == ["2D", "3D"]
    assert position.piles["f1"][-1].code == "2C"
    assert [c.code for c in position.piles["t2"]] == ["6C", "5C"]
    assert all(position.piles[f"t{i}"] for i in range(1, 13)), "every space was filled from the stock"
    assert player_moves(position) == set()


def test_queens_audience_example_is_the_texts_example() -> None:
    """"Im Bild oben sind K♥ und D♥ beide da, also kommen sie zusammen in den Audienzsaal. Auch B♠ und
    A♠ sind da: Der B♠ kommt als erster Zielstapel auf das A♠, und die 10♠ folgt gleich. Jetzt gibt es
    fünf Lücken; der Abwurfstapel ist noch leer, also füllst du sie aus dem Vorrat. Der B♦ muss
    warten, bis das A♦ auftaucht, die D♦, bis der K♦ kommt." """
    scenario = get_scenario("qa-worked-example")
    position = scenario.start_position()
    square = {position.piles[f"r{i}"][-1].code for i in range(1, 17)}
    assert {"KH", "QH", "JS", "AS", "TS", "JD", "QD"} <= square
    assert not {"AD", "KD"} & square
    assert player_moves(position) == {"r2+r10-k3", "r8+r4-j4"}
    for step in scenario.steps:
        if step.move:
            position.play(step.move)
    filled_from_stock = [e for e in position.history if e.forced and e.move.src == "s"]
    assert len(filled_from_stock) == 5
    assert [c.code for c in position.piles["j4"]] == ["AS", "JS", "TS"]
    square = {position.piles[f"r{i}"][-1].code for i in range(1, 17)}
    assert {"JD", "QD"} <= square
    assert player_moves(position) == set()


def test_forty_thieves_example_is_the_texts_example() -> None:
    """"Beispiel: 6♦ darf auf 7♦ gelegt werden, aber nicht auf 7♥ oder auf 7♦, wenn dort bereits eine
    6 liegt." – both refusals are shown as refused moves, then the 6♦ goes onto the 7♦."""
    scenario = get_scenario("ft-worked-example")
    position = scenario.start_position()
    tops = [position.piles[f"t{i}"][-1].code for i in range(1, 11)]
    assert tops[:3] == ["6D", "7D", "7H"]
    assert [c.code for c in position.piles["t4"][-2:]] == ["7D", "6C"]
    assert player_moves(position) == {"t1-t2"}, "no distracting moves"
    assert [(step.move, step.expect_refused) for step in scenario.steps] == [
        ("t1-t3", True), ("t1-t4", True), ("t1-t2", False)]
    for step in scenario.steps:
        if step.expect_refused:
            with pytest.raises(IllegalMove) as refused:
                position.play(step.move)
            assert refused.value.message("de") and refused.value.message("en") != refused.value.message("de")
        else:
            position.play(step.move)
    assert [c.code for c in position.piles["t2"][-2:]] == ["7D", "6D"]


def test_setup_pictures_show_the_setup() -> None:
    """Forty Thieves' ten columns of four; the Queen's Audience square of sixteen with the hall
    empty inside; Fortune's Favour's twelve cards below the four Aces."""
    ft = get_scenario("ft-setup").start_position()
    assert [len(ft.piles[f"t{i}"]) for i in range(1, 11)] == [4] * 10 and len(ft.piles["s"]) == 64
    qa = get_scenario("qa-setup").start_position()
    assert all(len(qa.piles[f"r{i}"]) == 1 for i in range(1, 17)) and len(qa.piles["s"]) == 36
    assert not any(qa.piles[f"k{i}"] or qa.piles[f"j{i}"] for i in range(1, 5))
    ff = get_scenario("ff-setup").start_position()
    assert [ff.piles[f"f{i}"][-1].rank for i in range(1, 5)] == [1] * 4
    assert all(len(ff.piles[f"t{i}"]) == 1 for i in range(1, 13)) and len(ff.piles["s"]) == 36


# --- the pages ------------------------------------------------------------------------------------
def placed(lang: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {"picture": set(), "scenario": set()}
    for name in (*PAGES.values(), "index.md"):  # the home page shows each game's layout after the setup
        for body in page_blocks(lang, name):
            kind, _, argument = body.partition(":")
            if kind.strip() in found:
                found[kind.strip()].add(argument.strip())
    return found


def test_pages_place_every_scenario_the_same_in_both_languages() -> None:
    en, de = placed("en"), placed("de")
    assert en == de
    assert en["scenario"] <= set(ALL_IDS)
    assert set(ALL_IDS) - en["scenario"] == set(en["picture"]) - en["scenario"], "every scenario is on a page"
    for scenario in all_scenarios():
        if scenario.steps or scenario.kind != "steps":
            assert scenario.id in en["scenario"], scenario.id
    for prefix, name in PAGES.items():
        on_page = {body.partition(":")[2].strip() for body in page_blocks("en", name) if body.startswith("scenario")}
        assert all(scenario_id.startswith(prefix + "-") for scenario_id in on_page), name


def test_step_and_branch_are_frozen_values() -> None:
    step = Step("t1-t2", Text("forty-thieves", "Move {move}", move="t1-t2"))
    with pytest.raises(AttributeError):
        step.move = "t2-t1"  # type: ignore[misc]
    assert step.highlight == () and step.show is None and not step.expect_refused
    branch = Branch(Text("forty-thieves", "Following the tip"), (step,), Text("forty-thieves", "Ignoring the tip"))
    with pytest.raises(AttributeError):
        branch.steps = ()  # type: ignore[misc]


def test_explaining_scenarios_show_what_they_say() -> None:
    """The tips without a decisive position explain one: the position must hold what the words claim."""
    ft_1 = get_scenario("ft-tip-1").start_position()
    assert not ft_1.piles["t6"], "the sixth column is empty"
    ft_4 = get_scenario("ft-tip-4").start_position()
    assert ft_4.is_legal("t4-f1") and ft_4.is_legal("t4-t1"), "the 6♥ may go up or onto the 7♥"
    assert ft_4.piles["t4"][-1] == Card.parse("6H")
    ft_5 = get_scenario("ft-tip-5").start_position()
    assert ft_5.piles["w"][-1] == Card.parse("KD") and not ft_5.piles["t6"]
    ft_3 = end_of("ft-tip-3")
    assert Card.parse("AH") in ft_3.piles["s"] + [c for i in range(1, 11) for c in ft_3.piles[f"t{i}"]], \
        "the second A♥ is in the talon or the tableau"
    qa_4 = end_of("qa-tip-4")
    assert len(qa_4.legal_moves()) == 1, "one thing to do at a time"


@pytest.mark.parametrize("scenario_id, stock, waste", [("qa-lost", 4, None), ("ft-lost", 1, None),
                                                        ("qa-redeal", 0, 16), ("ff-redeal", 0, None)])
def test_start_positions_hold_what_their_descriptions_say(scenario_id: str, stock: int, waste: int | None) -> None:
    position = get_scenario(scenario_id).start_position()
    assert len(position.piles["s"]) == stock
    if waste is not None:
        assert len(position.piles["w"]) == waste


# --- the frames as the page carries them (the DOM contract of issue 10) -----------------------------

class _FrameReader(HTMLParser):
    """The frames of a guide's HTML: per frame its attributes, per pile the drawn cards (code or
    ``None`` for a face-down card, and whether it is marked ``data-moving``), and its arrows. A
    pile drawn in an earlier frame and referred to with ``<use>`` (render.SharedPiles) is read as
    the browser draws it: the earlier drawing's cards."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict] = []
        self._shared: dict[str, tuple[str, list]] = {}  # pile drawing id → (pile id, its cards)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if "tutor-frame" in classes:
            self.frames.append({"attrs": a, "piles": {}, "arrows": []})
        elif not self.frames:
            return
        frame = self.frames[-1]
        if tag == "g" and "tutor-pile" in classes:
            frame["piles"][a["data-pile"]] = []
            if "id" in a:
                self._shared[a["id"]] = (a["data-pile"], frame["piles"][a["data-pile"]])
        elif tag == "use" and a.get("href", "").removeprefix("#") in self._shared:
            pile, cards = self._shared[a["href"].removeprefix("#")]
            frame["piles"][pile] = list(cards)
        elif tag == "g" and "tutor-card" in classes:
            frame["piles"][a["data-pile"]].append((a.get("data-card"), "data-moving" in a))
        elif tag == "g" and "tutor-arrow" in classes:
            frame["arrows"].append((a["data-from"], a["data-to"], "tutor-arrow-refused" in classes))


def _guide_frames(scenario_id: str, lang: str) -> list[dict]:
    from tutor.web.protocol import build_html

    reader = _FrameReader()
    reader.feed(build_html(f"scenario: {scenario_id}", lang, "w"))
    return reader.frames


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("scenario_id", ALL_IDS)
def test_every_move_is_drawn_on_the_position_before_it_with_its_cards_marked(scenario_id: str, lang: str) -> None:
    """Issue 10: a frame that shows a move draws the moving card(s) as the top of their
    ``data-from`` pile, marked ``data-moving``, with an arrow to the ``data-to`` pile, where the
    card lies in the next frame; a refused frame (``data-refused``, arrows ``tutor-arrow-refused``)
    leaves the next frame's position as it was; start and end frames show no arrow."""
    from tutor.web.protocol import scenario_tracks

    frames = _guide_frames(scenario_id, lang)
    tracks = scenario_tracks(get_scenario(scenario_id))
    by_track: dict[str, list[dict]] = {}
    for frame in frames:
        by_track.setdefault(frame["attrs"]["data-track"], []).append(frame)
    assert len(by_track) == len(tracks)
    for track_frames, track in zip(by_track.values(), tracks, strict=True):
        assert not track_frames[0]["arrows"] and not track_frames[-1]["arrows"], "start and end show no arrow"
        for index, frame in enumerate(track_frames):
            attrs, piles, arrows = frame["attrs"], frame["piles"], frame["arrows"]
            moving = [(pile, card) for pile, cards in piles.items() for card, marked in cards if marked]
            if "data-move" not in attrs:
                assert not arrows and not moving and "data-refused" not in attrs
                continue
            move = Move.parse(attrs["data-move"])
            assert {(src, dst) for src, dst, _ in arrows} == {(src, move.dst) for src in move.sources}
            refused = "data-refused" in attrs
            assert all(is_refused == refused for _, _, is_refused in arrows)
            assert {pile for pile, _ in moving} == set(move.sources)
            nxt = track_frames[index + 1]["piles"]
            for src in move.sources:
                marked = [card for card, is_moving in piles[src] if is_moving]
                drawn = [card for card, _ in piles[src]]
                assert marked and drawn[-len(marked):] == marked, f"frame {index}: the marked cards top {src}"
                if refused:
                    continue
                # the next frame's pile as the engine holds it (a foundation draws only its top card)
                destination = [card.code for card in track.frames[index + 1].position.piles[move.dst]]
                shown = [card for card in marked if card is not None]
                if shown:
                    assert all(card in destination for card in shown), \
                        f"frame {index}: {shown} should lie on {move.dst} in the next frame"
                else:  # a face-down card (the stock turned, a redeal): the next frame holds more there
                    before = len(track.frames[index].position.piles[move.dst])
                    assert len(track.frames[index + 1].position.piles[move.dst]) > before
            if refused:
                assert ({pile: [card for card, _ in cards] for pile, cards in nxt.items()}
                        == {pile: [card for card, _ in cards] for pile, cards in piles.items()}), \
                    f"frame {index}: a refused move changes nothing"


@pytest.mark.parametrize("scenario_id", [s.id for s in all_scenarios() if s.kind == "variants"])
def test_each_variant_track_shows_what_its_variant_changes(scenario_id: str) -> None:
    """Issue 10: a variant's track is not the start picture under another name. Every variant but
    the base game has steps of its own; where the base game can replay the same deal and prelude,
    the variant's first move is one the base game forbids (a run, a build across suits, a redeal) or
    lays out otherwise (the King on the Queen), or its first refused move is one the base game
    allows (a non-King into an empty column)."""
    from tutor.engine import BadDeal, TutorError

    scenario = get_scenario(scenario_id)
    for variant in scenario.variants:
        play = scenario.play_for(variant)
        if variant == "":
            assert play is None
            continue
        assert play is not None and play.steps, f"{variant}: shows nothing of its own"
        first = play.steps[0]
        if first.move is None:
            assert first.highlight, f"{variant}: a picture-only step points at what differs"
            continue
        base = get_rules(scenario.game, "")
        try:
            position = base.deal(scenario.deal)
            if position.card_string() != get_rules(scenario.game, variant).deal(scenario.deal).card_string():
                continue  # another pack or layout (Busy Aces, Limited): the base game cannot replay it
            for move in play.prelude:
                position.play(move)
        except (BadDeal, TutorError):
            continue
        if first.expect_refused:
            assert position.is_legal(first.move), f"{variant}: {first.move} should be allowed in the base game"
        elif position.is_legal(first.move):  # allowed in both: then it lays the cards out otherwise (King's Audience)
            shown = scenario.position_for(variant)
            shown.play(first.move)
            position.play(first.move)
            assert shown.state_key() != position.state_key(), f"{variant}: {first.move} changes nothing"
