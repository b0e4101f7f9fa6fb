"""Every card a sentence names has its article: "the 9♥", "die 9♥", never a bare "9♥ von Stapel 5 …".

The rule, as the catalogs are written:

* **A card in a sentence has its article.** English writes it in the msgid: the card's placeholder
  follows an article, a possessive or a demonstrative (the, a, an, its, his, her, their, your, this,
  that, another, no), with at most one word between them ("the available {target}", "A second {card}"),
  or it takes a form that gives the article (``{lower:a}`` → "an 8♣"; "a" or "an" written before a
  bare placeholder would be right for some ranks only). German gives the placeholder a
  form (``{card:acc}``, ``{card:Nom}`` …), so the article follows the rank's gender (an article written
  before a bare placeholder fits some ranks only), or names the card
  in apposition after *Karte* ("auf die verfügbare Karte {target}").
* **A label is no sentence**: a message of at most two words besides its placeholders ("{card} on
  top" in the cards-as-text list, a table cell, a button) names the card alone. The list of a pile's
  cards ("Pile 1: 9♦, 7♠") passes its cards as one list, which is no card parameter.

A placeholder is a card where the tutor was seen to pass a card in it (``card_sentences``), or has a
form in a translation; a message the seeded walk never builds counts, in a game's own words, every
placeholder named like one the tutor passes cards in elsewhere (and never anything else in).
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import catalog_forms
import pytest
from card_sentences import card_parameters, non_card_parameters

from tutor.analysis.reports import move_report
from tutor.cards import SUIT_SYMBOLS, Card
from tutor.engine import game_ids, get_rules, iter_variants
from tutor.i18n import LANGUAGES, card_form, card_short, rank_short

LOCALES = Path(__file__).resolve().parent.parent / "locales"
# The words that may stand right before a card (at most one word between: an adjective), per language.
ARTICLE_BEFORE = {
    "en": re.compile(r"\b(?:the|a|an|its|his|her|their|your|this|that|another|no)\s+(?:[a-z]+\s+)?$", re.I),
    "de": re.compile(r"\b(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|Karten?)\s+$", re.I),
}
# An article that depends on the card's rank ("a 7♣", "an 8♣") is the form's to give (``{card:a}``):
# written before a bare placeholder it is right for some ranks only.
ARTICLE_OF_THE_RANK = {"en": re.compile(r"\b(?:a|an)\s+$", re.I),
                       "de": re.compile(r"\b(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+$", re.I)}
LABEL_WORDS = 2
PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
DEALS = (1, 2, 3)
MOVES_PER_DEAL = 25
# Cards of each gender a language may give its ranks (German: der König, das Ass, die Sieben).
PROBES = tuple(Card.parse(code) for code in ("KH", "AS", "7H", "8C"))


def _form_gives_article(form: str, lang: str) -> bool:
    return all(card_form(card, form, lang) != card_short(card, lang) for card in PROBES)


def _is_label(sentence: str) -> bool:
    return len(re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", sentence))) <= LABEL_WORDS


def bare_placeholders(sentence: str, card_names: set[str], lang: str) -> list[str]:
    """The card placeholders of a catalog sentence that stand without their article."""
    if _is_label(sentence):
        return []
    return [match.group(0) for match in PLACEHOLDER.finditer(sentence)
            if match.group(1) in card_names
            and not (match.group(2) and _form_gives_article(match.group(2), lang))
            and not _article_before(sentence[:match.start()], lang)]


def _article_before(before: str, lang: str) -> bool:
    by_rank = ARTICLE_OF_THE_RANK.get(lang)
    return bool(ARTICLE_BEFORE[lang].search(before)) and not (by_rank and by_rank.search(before))


def _glyph(lang: str) -> re.Pattern[str]:
    ranks = "|".join(sorted({re.escape(rank_short(rank, lang)) for rank in range(1, 14)}, key=len, reverse=True))
    return re.compile(rf"(?<![\w♠♥♦♣])(?:{ranks})[{''.join(SUIT_SYMBOLS.values())}]")


def bare_cards(sentence: str, lang: str) -> list[str]:
    """The cards a rendered sentence names without their article."""
    return [match.group(0) for match in _glyph(lang).finditer(sentence)
            if not ARTICLE_BEFORE[lang].search(sentence[:match.start()])]


def _catalog(lang: str) -> list:
    return [m for m in catalog_forms.forms(LOCALES / lang / "LC_MESSAGES" / "tutor.po", locale=lang)
            if m.id and m.string and not m.context.startswith("card-")]


def _card_names() -> dict[tuple[str, str], set[str]]:
    """(context, msgid) → its card placeholders: those the tutor passes cards in, those a translation
    gives a form, and for a message of a game's words never built on the walk, those named like a
    card elsewhere."""
    built = card_parameters()
    named_like_cards = set().union(*built.values()) - non_card_parameters()
    games = set(game_ids())
    names: dict[tuple[str, str], set[str]] = {}
    for lang in LANGUAGES:
        for message in _catalog(lang):
            key = (message.context, message.id)
            found = names.setdefault(key, set(built.get(key, set())))
            found |= {name for name, form in PLACEHOLDER.findall(message.string) if form}
            if key not in built and message.context in games:
                found |= {name for name, _form in PLACEHOLDER.findall(message.id) if name in named_like_cards}
    return names


def test_every_language_has_its_article_rule():
    assert set(LANGUAGES) <= set(ARTICLE_BEFORE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_in_a_catalog_sentence_has_its_article(lang):
    names = _card_names()
    bare = [(message.context, message.string, bare)
            for message in _catalog(lang)
            if (bare := bare_placeholders(message.string, names[(message.context, message.id)], lang))]
    assert bare == []


def test_the_rule_sees_the_old_sentences_and_lets_the_right_ones_pass():
    """The sentences this check was written against, as they were, and as they are now."""
    cards = {"card", "top", "first", "second"}
    assert bare_placeholders("Move {card} from column {src} onto {top} on foundation {dst}", cards, "en") == [
        "{card}", "{top}"]
    assert bare_placeholders("{card} von Stapel {src} kommt auf den Zielstapel.", cards, "de") == ["{card}"]
    assert bare_placeholders("the {first} and {second} are not a King and Queen of one suit", cards, "en") == [
        "{second}"]
    assert bare_placeholders("{card:acc} passt nicht auf {top:a}", cards, "de") == ["{top:a}"]
    assert bare_placeholders("Move the {card} from the waste onto the {top} in column {dst}", cards, "en") == []
    assert bare_placeholders("Leg {card:acc} vom Ablagestapel auf {top:acc} in Spalte {dst}", cards, "de") == []
    assert bare_placeholders("though {card:a} could, and the available {top}", cards, "en") == []
    assert bare_placeholders("filled from the stock: a {card}.", cards, "en") == ["{card}"]
    assert bare_placeholders("Leg die {card} auf die verfügbare Karte {top}", cards, "de") == ["{card}"]
    assert bare_placeholders("{card} on top", cards, "en") == []  # a label in the cards-as-text list
    assert bare_cards("Move Q♦ from column 3 onto the J♦ on foundation 3", "en") == ["Q♦"]
    assert bare_cards("Die 6♦ darf nicht auf 7♥ (Zielstapel 10♠)", "de") == ["7♥", "10♠"]
    assert bare_cards("Leg den B♠ von Spalte 3 auf die D♠ in Spalte 10", "de") == []


def _walk_moves(game: str, variant: str):
    """Every legal move, with the position before it, along a seeded random walk of a few deals."""
    rng = random.Random(43)
    for deal in DEALS:
        position = get_rules(game, variant).deal(deal)
        for _ in range(MOVES_PER_DEAL):
            legal = position.legal_moves()
            if not legal:
                break
            yield from ((position, move) for move in legal)
            position.play(rng.choice(legal))


@pytest.mark.parametrize(("game", "variant"), list(iter_variants()))
def test_every_move_sentence_names_its_cards_with_their_articles(game, variant):
    """The move's description (the legal-move list, the review's steps, the command line's answers)
    and the report after it is played, for every legal move of a few deals, in every language."""
    bare = set()
    for position, move in _walk_moves(game, variant):
        for text in (position.describe(move), move_report(position, move, "you"), move_report(position, move, "auto")):
            for lang in LANGUAGES:
                sentence = text.render(lang)
                bare |= {(lang, sentence) for _card in bare_cards(sentence, lang)}
    assert sorted(bare) == []


def test_the_catalog_placeholders_are_format_fields():
    """The check reads placeholders by a pattern: it must see every field ``str.format`` sees."""
    for lang in LANGUAGES:
        for message in _catalog(lang):
            fields = {field.split(":")[0] for _lit, field, spec, _conv in string.Formatter().parse(message.string)
                      if field}
            assert fields == {name for name, _form in PLACEHOLDER.findall(message.string)}, message.string
