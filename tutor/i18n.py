"""Languages: gettext catalogs, lazy messages, card names.

Every user-facing sentence is written in English in the source as ``Text(context, msgid, **params)``
(extracted by ``pybabel extract -k Text:1c,2``) and rendered later in a language with
``text.render(lang)``. The *context* is the game id for words that differ between games (each game
has its own words: the German Fortune's Favour says *Auslage*, Forty Thieves *Tableau*), or
``"ui"`` / ``"cards"`` for words shared by all games.

Compiled catalogs (``.mo``) live in ``tutor/_locales/<lang>/LC_MESSAGES/tutor.mo``; the build
compiles them from ``locales/<lang>/LC_MESSAGES/tutor.po`` and ships them inside the package
archive. English is the source language, so a missing catalog falls back to the msgid.

A card parameter may carry a *form* in a translation, for languages whose article depends on
the card: the German ``"Leg {card:acc} auf {top:acc}"`` renders ``Leg den K♥ auf die D♠`` but
``Leg das A♠ …``. The forms are ``nom``, ``acc``, ``dat``, ``gen``, ``indef_nom``,
``indef_acc``, ``indef_dat``; written with a capital (``{card:Nom}``) the result starts with
one (``Der K♥ geht …``). Each rank's grammatical gender (context ``rank-gender``) and each
form's words per gender (contexts ``card-<form>-<gender>``, e.g. ``den {card}``) come from the
catalog, so a third language defines its own. English msgids need one form only: ``a``, the
indefinite article as the rank is spoken (``{lower:a}`` → ``an 8♣``, ``an A♠``, ``a K♥``); a
language without genders, or a form it does not know, renders the plain short form (``K♥``). A
form on a parameter that is not a card is ignored rather than raising.

A sentence whose words follow a count is a ``Plural(context, singular, plural, n, **params)``
(extracted by ``-k Plural:1c,2,3``): the catalog gives each language's forms (``msgstr[0]``,
``msgstr[1]`` … by its ``Plural-Forms``), chosen by ``n``, which is also the ``{count}``
parameter unless the sentence passes its own (``count=in_words(n)``). Never choose a sentence by
``count == 1`` in the code: a language with other plural rules could not follow it.

Small counts are written as words (``in two moves``, ``in zwei Zügen``): pass
``count=in_words(n)`` to a sentence; the words come from the catalog (context ``number``).
"""

from __future__ import annotations

import gettext
import os
import re
from functools import cache
from typing import Any

from tutor.cards import Card  # cards know nothing of languages; languages name cards

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"
DOMAIN = "tutor"
LOCALE_DIR = os.path.join(os.path.dirname(__file__), "_locales")


def normalize_language(lang: str | None) -> str:
    """``"de-DE"`` → ``"de"``; anything unknown → the default language."""
    if not lang:
        return DEFAULT_LANGUAGE
    base = str(lang).replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


@cache
def translations(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[normalize_language(lang)], fallback=True)


def catalogs_available() -> list[str]:
    """Languages whose compiled catalog is present (English needs none)."""
    return [lang for lang in LANGUAGES if lang == "en" or gettext.find(DOMAIN, LOCALE_DIR, [lang])]


def translate(lang: str, context: str, msgid: str) -> str:
    return translations(normalize_language(lang)).pgettext(context, msgid)


class Text:
    """A message not yet in a language: ``Text("ui", "Undo")``, ``Text(game, "{card} to {pile}", card=c)``.

    Parameters that are themselves ``Text`` (or cards, which render as their short name) are
    rendered in the same language.
    """

    __slots__ = ("context", "msgid", "params")

    def __init__(self, context: str, msgid: str, **params: Any) -> None:
        self.context = context
        self.msgid = msgid
        self.params = params

    def template(self, lang: str) -> str:
        return translate(lang, self.context, self.msgid)

    def render(self, lang: str) -> str:
        template = self.template(lang)
        if not self.params:
            return template
        values = {key: _CardWords(value, lang) if isinstance(value, Card) else render_value(value, lang)
                  for key, value in self.params.items()}
        try:
            return template.format(**values)
        except ValueError:  # a form on a parameter that is no card: say it plainly, never fail
            return _FORM_SPEC.sub(r"{\1}", template).format(**values)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Text({self.context!r}, {self.msgid!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.context, self.msgid, self.params) == (
            other.context, other.msgid, other.params)

    def __hash__(self) -> int:
        return hash((self.context, self.msgid))


class Plural(Text):
    """A message whose words follow a count: ``Plural("ui", "one task", "{count} tasks", n)``."""

    __slots__ = ("plural", "n")

    def __init__(self, context: str, singular: str, plural: str, n: int, **params: Any) -> None:
        super().__init__(context, singular, **{"count": n, **params})
        self.plural = plural
        self.n = n

    def template(self, lang: str) -> str:
        return translations(normalize_language(lang)).npgettext(self.context, self.msgid, self.plural, self.n)

    def __repr__(self) -> str:
        return f"Plural({self.context!r}, {self.msgid!r}, {self.plural!r}, {self.n!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plural) and (self.context, self.msgid, self.plural, self.n, self.params) == (
            other.context, other.msgid, other.plural, other.n, other.params)

    def __hash__(self) -> int:
        return hash((self.context, self.msgid, self.plural))


_FORM_SPEC = re.compile(r"\{(\w+):[^{}]*\}")


class _CardWords:
    """A card as a ``str.format`` value: ``{card}`` is its short form, ``{card:acc}`` adds the
    article the catalog gives for that form of the card's rank."""

    __slots__ = ("card", "lang")

    def __init__(self, card: Card, lang: str) -> None:
        self.card = card
        self.lang = lang

    def __str__(self) -> str:
        return card_short(self.card, self.lang)

    def __format__(self, form: str) -> str:
        if not form:
            return card_short(self.card, self.lang)
        return card_form(self.card, form, self.lang)


def render_value(value: object, lang: str) -> str:
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, Card):
        return card_short(value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(render_value(v, lang) for v in value)
    return str(value)


# Card words go through the catalogs like every other word, so a third language needs only its
# catalog. German writes the ranks A, 2–10, B, D, K; English A, 2–10, J, Q, K.
_RANK_SHORT = [Text("rank-short", "A"), Text("rank-short", "2"), Text("rank-short", "3"),
               Text("rank-short", "4"), Text("rank-short", "5"), Text("rank-short", "6"),
               Text("rank-short", "7"), Text("rank-short", "8"), Text("rank-short", "9"),
               Text("rank-short", "10"), Text("rank-short", "J"), Text("rank-short", "Q"),
               Text("rank-short", "K")]
_RANK_NAMES = [Text("rank", "Ace"), Text("rank", "Two"), Text("rank", "Three"), Text("rank", "Four"),
               Text("rank", "Five"), Text("rank", "Six"), Text("rank", "Seven"), Text("rank", "Eight"),
               Text("rank", "Nine"), Text("rank", "Ten"), Text("rank", "Jack"), Text("rank", "Queen"),
               Text("rank", "King")]
_SUIT_NAMES = {"C": Text("suit", "clubs"), "D": Text("suit", "diamonds"), "H": Text("suit", "hearts"),
               "S": Text("suit", "spades")}


def rank_short(rank: int, lang: str) -> str:
    return _RANK_SHORT[rank - 1].render(lang)


def card_short(card: Card, lang: str) -> str:
    """``10♠``, ``Q♥`` in English; ``10♠``, ``D♥`` in German."""
    return rank_short(card.rank, lang) + card.symbol


def suit_name(suit: str, lang: str) -> str:
    return _SUIT_NAMES[suit].render(lang)


def suit_text(suit: str) -> Text:
    """The suit's name not yet in a language (``hearts``, ``Herz``), for a parameter of a sentence."""
    return _SUIT_NAMES[suit]


def card_name(card: Card, lang: str) -> str:
    """``ten of spades`` in English, ``Pik-Zehn`` in German: the word order is in the catalog."""
    return Text("card-name", "{rank_lower} of {suit}").render(lang).format(
        rank=_RANK_NAMES[card.rank - 1].render(lang),
        rank_lower=_RANK_NAMES[card.rank - 1].render(lang).lower(),
        suit=suit_name(card.suit, lang),
    )


# The grammatical gender of each rank's noun, as a code that the form entries below use (German:
# das Ass, die Zwei … die Zehn, der Bube, die Dame, der König → n, f … f, m, f, m). A language
# without genders leaves the English entry (the rank's name), which matches no form.
_RANK_GENDER = [Text("rank-gender", "Ace"), Text("rank-gender", "Two"), Text("rank-gender", "Three"),
                Text("rank-gender", "Four"), Text("rank-gender", "Five"), Text("rank-gender", "Six"),
                Text("rank-gender", "Seven"), Text("rank-gender", "Eight"), Text("rank-gender", "Nine"),
                Text("rank-gender", "Ten"), Text("rank-gender", "Jack"), Text("rank-gender", "Queen"),
                Text("rank-gender", "King")]
# Each form of a card per gender, e.g. German acc/m "den {card}", dat/f "der {card}". The English
# entries are the bare "{card}"; a form a language leaves untranslated falls back to it.
_CARD_FORMS = {
    ("nom", "m"): Text("card-nom-m", "{card}"), ("nom", "f"): Text("card-nom-f", "{card}"),
    ("nom", "n"): Text("card-nom-n", "{card}"),
    ("acc", "m"): Text("card-acc-m", "{card}"), ("acc", "f"): Text("card-acc-f", "{card}"),
    ("acc", "n"): Text("card-acc-n", "{card}"),
    ("dat", "m"): Text("card-dat-m", "{card}"), ("dat", "f"): Text("card-dat-f", "{card}"),
    ("dat", "n"): Text("card-dat-n", "{card}"),
    ("gen", "m"): Text("card-gen-m", "{card}"), ("gen", "f"): Text("card-gen-f", "{card}"),
    ("gen", "n"): Text("card-gen-n", "{card}"),
    ("indef_nom", "m"): Text("card-indef_nom-m", "{card}"), ("indef_nom", "f"): Text("card-indef_nom-f", "{card}"),
    ("indef_nom", "n"): Text("card-indef_nom-n", "{card}"),
    ("indef_acc", "m"): Text("card-indef_acc-m", "{card}"), ("indef_acc", "f"): Text("card-indef_acc-f", "{card}"),
    ("indef_acc", "n"): Text("card-indef_acc-n", "{card}"),
    ("indef_dat", "m"): Text("card-indef_dat-m", "{card}"), ("indef_dat", "f"): Text("card-indef_dat-f", "{card}"),
    ("indef_dat", "n"): Text("card-indef_dat-n", "{card}"),
}
CARD_FORMS = tuple(dict.fromkeys(form for form, _gender in _CARD_FORMS))


def rank_gender(rank: int, lang: str) -> str:
    """The gender code of a rank's noun in a language (German: ``"m"`` for the King), or the
    English rank name where the language has none."""
    return _RANK_GENDER[rank - 1].render(lang)


@cache
def _card_form_template(form: str, rank: int, lang: str) -> str:
    words = _CARD_FORMS.get((form.lower(), rank_gender(rank, lang)))
    template = words.render(lang) if words is not None else "{card}"
    if "{card}" not in template:  # a translation that lost the card would hide it: keep the card
        template = "{card}"
    return template[:1].upper() + template[1:] if form[:1].isupper() else template


def card_form(card: Card, form: str, lang: str) -> str:
    """A card's short form with the words the grammatical *form* needs: German ``acc`` → ``den K♥``,
    ``die 7♥``, ``das A♠``; ``Nom`` → ``Der K♥``; English ``a`` → ``an 8♣``. Unknown forms give the
    short form."""
    lang = normalize_language(lang)
    if form == "a":
        return _indefinite(card, lang)
    return _card_form_template(form, card.rank, lang).replace("{card}", card_short(card, lang))


# The ranks whose spoken name starts with a vowel sound in English: "an Ace", "an Eight".
_VOWEL_RANKS = (1, 8)


def _indefinite(card: Card, lang: str) -> str:
    """The card with the English indefinite article (``an 8♣``, ``a 7♣``); other languages write
    their articles with their own forms in their catalogs, so this gives them the short form."""
    short = card_short(card, lang)
    if normalize_language(lang) != "en":
        return short
    return f"an {short}" if card.rank in _VOWEL_RANKS else f"a {short}"


_NUMBER_WORDS = {2: Text("number", "two"), 3: Text("number", "three"), 4: Text("number", "four"),
                 5: Text("number", "five"), 6: Text("number", "six"), 7: Text("number", "seven"),
                 8: Text("number", "eight"), 9: Text("number", "nine"), 10: Text("number", "ten"),
                 11: Text("number", "eleven"), 12: Text("number", "twelve")}


def in_words(count: int) -> Text | int:
    """A count from two to twelve as a word of the page's language (``two``, ``zwei``), others as
    figures; one takes a sentence of its own (``in one move``), so it has no word here."""
    return _NUMBER_WORDS.get(count, count)
