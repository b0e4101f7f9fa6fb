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

# The glossary enforced (tutor.glossary.offences): this game's words for things its TERMS do not
# label, and the words that must not stand for its things. The German seed says "kein neuer
# Durchgang" and "Ein neuer Durchgang"; its variant "Runder Saal" is the "Round chamber" in English,
# as the audience chamber is.
WORDS: dict[str, dict[str, str]] = {
    "en": {"redeal": "redeal", "pass": "pass", "jack-place": "foundation"},
    "de": {"redeal": "neuer Durchgang", "pass": "Durchgang", "jack-place": "Zielstapel"},
}
FORBIDDEN: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"hall": (r"(?<!audience )(?<!round )hall",)},
    "de": {"redeal": ("Neuausteil", "neu austeil", "neu ausgeteilt", "neu auflegen", "neu aufgelegt", "Neuauflegen"),
           "pass": ("Durchlauf", "Durchläuf")},
}
# The seed's own heading "Die Teile der Auslage" (the whole layout, not the antechamber), quoted as the
# title of the path's first step.
GLOSSES: dict[str, tuple[str, ...]] = {"de": ("Die Teile der Auslage",)}
VARIANT_SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"round-hall": ("Round hall",)},
}
