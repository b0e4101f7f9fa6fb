"""Queen's Audience's own words (the lookup: :mod:`tutor.glossary`): German *Vorzimmer* and
*Audienzsaal*, English *antechamber* and *audience chamber*, as the rules texts say. The German word
of each term is its msgstr in ``locales/de/LC_MESSAGES/tutor.po`` (context ``queens-audience``)."""

from __future__ import annotations

from tutor.i18n import Text

TERMS: dict[str, Text] = {
    "reserve": Text("queens-audience", "antechamber"),
    "hall": Text("queens-audience", "audience chamber"),
    "foundation": Text("queens-audience", "foundation"),
    "stock": Text("queens-audience", "stock"),
    "waste": Text("queens-audience", "waste"),
    "space": Text("queens-audience", "space"),
}

# The terms bridge (tutor.glossary.bridge_line): per language, this game's word for each thing the
# games share ("layout": the cards dealt out to play from).
BRIDGE: dict[str, dict[str, str]] = {
    "de": {"foundation": "Zielstapel", "layout": "Vorzimmer", "stock": "Vorrat", "waste": "Abwurfstapel"},
    "en": {"layout": "antechamber"},
}
