"""Each game's own words (tutor/glossary.py, each game's tutor/games/<game>/terms.py): in the catalog, on the
pages, in the engine's messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from catalog_forms import forms

from tutor.engine.contract import terms_of
from tutor.engine.registry import game_ids
from tutor.glossary import (
    bridge_line,
    bridge_pairs,
    bridge_words,
    foreign_words,
    game_name,
    game_terms,
    term,
    without_glosses,
    words,
)
from tutor.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
PO_DE = ROOT / "locales" / "de" / "LC_MESSAGES" / "tutor.po"
POT = ROOT / "locales" / "tutor.pot"
GAMES = tuple(game_ids())
# the section of each game's page that carries its terms (and the bridge to the other games' words)
TERMS_SECTION = {"fortunes-favour": "terms", "queens-audience": "layout", "forty-thieves": "glossary"}


def catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def test_every_game_has_its_glossary() -> None:
    assert set(TERMS_SECTION) == set(game_ids())
    for game in GAMES:
        assert {"foundation", "stock", "waste", "space"} <= set(game_terms(game))
    assert {"tableau"} <= set(game_terms("fortunes-favour")) & set(game_terms("forty-thieves"))
    assert {"reserve", "hall"} <= set(game_terms("queens-audience"))


def test_the_seeds_words_in_german() -> None:
    """The words of the rules texts: Fortune's Favour "Zielstapel, Auslage, Vorrat, Abwurfstapel";
    Queen's Audience "Vorzimmer, Audienzsaal"; Forty Thieves "Grundstapel, Tableau, Talon, Ablagestapel"."""
    assert {"Zielstapel", "Auslage", "Vorrat", "Abwurfstapel"} <= words("fortunes-favour", "de")
    assert {"Vorzimmer", "Audienzsaal"} <= words("queens-audience", "de")
    assert {"Grundstapel", "Tableau", "Talon", "Ablagestapel"} <= words("forty-thieves", "de")
    assert term("forty-thieves", "stock").render("de") == "Talon"
    assert term("queens-audience", "reserve").render("en") == "antechamber"


def test_unknown_terms_are_named() -> None:
    with pytest.raises(KeyError, match="reserve"):
        term("forty-thieves", "reserve")
    with pytest.raises(KeyError, match="known games"):
        game_terms("klondike")


def test_every_glossary_entry_is_translated_in_the_catalog() -> None:
    po = catalog(PO_DE)
    for game in GAMES:
        for text in game_terms(game).values():
            message = po.get(text.msgid, context=text.context)
            assert message is not None and message.string and not message.fuzzy, (game, text.msgid)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_glossary_word_is_on_the_games_page(game: str, lang: str) -> None:
    page = (ROOT / "docs" / lang / f"{game}.md").read_text(encoding="utf-8").lower()
    for term_id, text in game_terms(game).items():
        assert text.render(lang).lower() in page, (game, lang, term_id, text.render(lang))


def test_foreign_words_are_the_other_games_distinctive_words() -> None:
    assert {"Grundstapel", "Tableau", "Talon", "Ablagestapel", "Vorzimmer"} <= foreign_words("fortunes-favour", "de")
    assert {"Auslage", "Zielstapel", "Abwurfstapel", "Vorrat"} <= foreign_words("forty-thieves", "de")
    assert "Zielstapel" not in foreign_words("queens-audience", "de")  # shared with Fortune's Favour
    for game in GAMES:
        assert not foreign_words(game, "de") & words(game, "de")


@pytest.mark.parametrize("game", GAMES)
def test_german_messages_use_only_their_games_words(game: str) -> None:
    """Every German message of a game (context = game id: engine messages, pile labels, scenario
    narrations) avoids the distinctive words of the other games: no "Grundstapel" in Fortune's
    Favour, no "Auslage" in Forty Thieves."""
    forbidden = foreign_words(game, "de")
    offending = []
    for message in forms(PO_DE):
        if message.context == game and message.string:
            said = without_glosses(message.string, game, "de")  # a seed's own words, quoted on purpose
            found = [w for w in forbidden if re.search(re.escape(w), said)]
            if found:
                offending.append((message.id, message.string, found))
    assert not offending, offending


@pytest.mark.parametrize("game", GAMES)
def test_the_game_folders_messages_carry_the_games_context(game: str) -> None:
    """A message of a game's folder (its rules, lessons, tips, claims, terms, words) carries the game's
    own context, so that it can get the game's words — or a shared one ("ui", "tips"), never another
    game's."""
    folder = f"tutor/games/{game.replace('-', '_')}/"
    contexts = [(m.id, m.context) for m in catalog(POT) if any(loc.startswith(folder) for loc, _ in m.locations)]
    assert len(contexts) > 50, f"{folder} should hold the game's messages"
    wrong = [(msgid, context) for msgid, context in contexts if context not in (game, "ui", "tips")]
    assert not wrong, wrong


@pytest.mark.parametrize("game", GAMES)
def test_german_messages_say_the_games_word_where_the_english_names_the_thing(game: str) -> None:
    """Where an English message of a game names a glossary thing ("foundation", "waste", …), its
    German says the game's word for it (Zielstapel in Fortune's Favour, Grundstapel in Forty Thieves)."""
    terms = {text.msgid: text.render("de").split()[-1] for text in game_terms(game).values()}
    wrong = []
    for message in forms(PO_DE):
        if message.context != game or not message.string:
            continue
        for english, german in terms.items():
            words_only = re.sub(r"\{\w*\}", "", message.id)  # {columns} is a placeholder, not a word
            if re.search(rf"\b{re.escape(english)}s?\b", words_only, re.I) and german not in message.string:
                wrong.append((message.id, message.string, german))
    assert not wrong, wrong


# --- the terms bridge (issue 12) --------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_carries_its_terms_bridge_in_its_terms_section(game: str, lang: str) -> None:
    text = (ROOT / "docs" / lang / f"{game}.md").read_text(encoding="utf-8")
    assert text.count(bridge_line(game, lang)) == 1
    terms_section = TERMS_SECTION[game]
    section = re.search(r"\{#" + terms_section + r"\}(.*?)(?=^## |\Z)", text, re.S | re.M).group(1)
    assert bridge_line(game, lang) in section


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_bridge_names_only_words_of_the_pages_it_bridges(game: str, lang: str) -> None:
    """"Zielstapel = Grundstapel": the first word is on this game's page, the second on the other's."""
    def on_page(word: str, page_game: str) -> bool:
        text = (ROOT / "docs" / lang / f"{page_game}.md").read_text(encoding="utf-8")
        text = text.replace(bridge_line(page_game, lang), "")  # not counting the bridge itself
        return re.search(r"\b" + re.escape(word) + r"\b", text, re.I) is not None

    pairs = bridge_pairs(game, lang)
    assert pairs, "every game has words that differ in another game"
    for other, found in pairs.items():
        for mine, theirs in found:
            assert on_page(mine, game), (game, mine)
            assert on_page(theirs, other), (other, theirs)


def test_the_german_bridge_joins_the_seeds_words() -> None:
    """Issue 12: Zielstapel = Grundstapel, Auslage = Tableau, Vorrat = Talon, Abwurfstapel = Ablagestapel."""
    line = bridge_line("fortunes-favour", "de")
    for pair in ("Zielstapel = Grundstapel", "Auslage = Tableau", "Vorrat = Talon", "Abwurfstapel = Ablagestapel"):
        assert pair in line


def test_each_games_terms_and_bridge_are_its_packages() -> None:
    """A game's words live in its ``terms`` module: ``TERMS`` (term id → Text in the game's context)
    and ``BRIDGE`` (language → thing → word)."""
    for game in game_ids():
        terms = terms_of(game)
        assert game_terms(game) is terms.TERMS
        assert all(text.context == game for text in terms.TERMS.values()), game
        assert set(terms.BRIDGE) <= set(LANGUAGES)
        assert bridge_words(game, "de") == terms.BRIDGE["de"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bridged_thing_is_named_by_two_games_at_least(lang: str) -> None:
    """A thing only one game names in the bridge would bridge nothing (a misspelt thing, say)."""
    things = [thing for game in game_ids() for thing in bridge_words(game, lang)]
    assert things and all(things.count(thing) >= 2 for thing in things), things


@pytest.mark.parametrize("game", GAMES)
def test_the_german_bridge_says_the_games_glossary_words(game: str) -> None:
    """The catalog is the one place for a German word: the bridge repeats only glossary words."""
    assert set(bridge_words(game, "de").values()) <= words(game, "de")


def test_a_games_name_is_spelt_as_the_rules_texts_spell_it() -> None:
    """The English seed writes "Fortune's Favour", the German seeds "Fortune’s Favour"."""
    assert [game_name(game, "en") for game in GAMES] == ["Fortune's Favour", "Queen's Audience", "Forty Thieves"]
    assert [game_name(game, "de") for game in GAMES] == ["Fortune’s Favour", "Queen’s Audience", "Forty Thieves"]
