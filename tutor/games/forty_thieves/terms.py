"""Forty Thieves' own words (the lookup: :mod:`tutor.glossary`): German *Grundstapel*, *Tableau*,
*Talon*, *Ablagestapel*, English *stock (talon)*, as the rules text says. The German word of each
term is its msgstr in ``locales/de/LC_MESSAGES/tutor.po`` (context ``forty-thieves``)."""

from __future__ import annotations

from tutor.i18n import Text

TERMS: dict[str, Text] = {
    "foundation": Text("forty-thieves", "foundation"),
    "tableau": Text("forty-thieves", "tableau"),
    "column": Text("forty-thieves", "column"),
    "stock": Text("forty-thieves", "stock"),
    "waste": Text("forty-thieves", "waste"),
    "space": Text("forty-thieves", "empty column"),
}

# The terms bridge (tutor.glossary.bridge_line): per language, this game's word for each thing the
# games share ("layout": the cards dealt out to play from; "pile": one pile of it).
BRIDGE: dict[str, dict[str, str]] = {
    "de": {"foundation": "Grundstapel", "layout": "Tableau", "stock": "Talon", "waste": "Ablagestapel"},
    "en": {"layout": "tableau", "pile": "column"},
}
