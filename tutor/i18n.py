"""Languages: gettext catalogs, lazy messages, card names.

Every user-facing sentence is written in English in the source as ``Text(context, msgid, **params)``
(extracted by ``pybabel extract -k Text:1c,2``) and rendered later in a language with
``text.render(lang)``. The *context* is the game id for words that differ between games (each game
has its own words: the German Fortune's Favour says *Auslage*, Forty Thieves *Tableau*), or
``"ui"`` / ``"cards"`` for words shared by all games.

Compiled catalogs (``.mo``) live in ``tutor/_locales/<lang>/LC_MESSAGES/tutor.mo``; the build
compiles them from ``locales/<lang>/LC_MESSAGES/tutor.po`` and ships them inside the package
archive. English is the source language, so a missing catalog falls back to the msgid.
"""

from __future__ import annotations

import gettext
import os
from functools import lru_cache
from typing import Any

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


@lru_cache(maxsize=None)
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

    def render(self, lang: str) -> str:
        template = translate(lang, self.context, self.msgid)
        if not self.params:
            return template
        values = {key: render_value(value, lang) for key, value in self.params.items()}
        return template.format(**values)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Text({self.context!r}, {self.msgid!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.context, self.msgid, self.params) == (
            other.context, other.msgid, other.params)

    def __hash__(self) -> int:
        return hash((self.context, self.msgid))


def render_value(value: Any, lang: str) -> str:
    from .cards import Card  # local: cards must not depend on languages

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


def card_short(card: Any, lang: str) -> str:
    """``10♠``, ``Q♥`` in English; ``10♠``, ``D♥`` in German."""
    return rank_short(card.rank, lang) + card.symbol


def suit_name(suit: str, lang: str) -> str:
    return _SUIT_NAMES[suit].render(lang)


def card_name(card: Any, lang: str) -> str:
    """``ten of spades`` in English, ``Pik-Zehn`` in German: the word order is in the catalog."""
    return Text("card-name", "{rank_lower} of {suit}").render(lang).format(
        rank=_RANK_NAMES[card.rank - 1].render(lang),
        rank_lower=_RANK_NAMES[card.rank - 1].render(lang).lower(),
        suit=suit_name(card.suit, lang),
    )
