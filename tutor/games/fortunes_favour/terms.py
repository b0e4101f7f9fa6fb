"""Fortune's Favour's own words (the lookup: :mod:`tutor.glossary`): German *Zielstapel*, *Auslage*,
*Vorrat*, *Abwurfstapel*, as the rules text says. The German word of each term is its msgstr in
``locales/de/LC_MESSAGES/tutor.po`` (context ``fortunes-favour``)."""

from __future__ import annotations

from tutor.i18n import Text

TERMS: dict[str, Text] = {
    "foundation": Text("fortunes-favour", "foundation"),
    "tableau": Text("fortunes-favour", "tableau"),
    "stock": Text("fortunes-favour", "stock"),
    "waste": Text("fortunes-favour", "waste"),
    "space": Text("fortunes-favour", "space"),
}

# The terms bridge (tutor.glossary.bridge_line): per language, this game's word for each thing the
# games share, where a reader of another game's page may need it ("layout": the cards dealt out to
# play from; "pile": one pile of it).
BRIDGE: dict[str, dict[str, str]] = {
    "de": {"foundation": "Zielstapel", "layout": "Auslage", "stock": "Vorrat", "waste": "Abwurfstapel"},
    "en": {"layout": "tableau", "pile": "pile"},
}

# The glossary enforced (tutor.glossary.offences): this game's words for things its TERMS do not
# label, and the words that must not stand for its things (beyond the site's list and the other games'
# words). The German seed says "es wird nicht neu aufgelegt" and "Einmal neu auflegen": Forty Thieves'
# "Neuausteilen" is not this game's word.
WORDS: dict[str, dict[str, str]] = {
    "en": {"redeal": "redeal", "pass": "pass", "column": "pile"},
    "de": {"redeal": "neu auflegen", "pass": "Durchgang", "column": "Stapel"},
}
FORBIDDEN: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"column": (r"columns?",)},
    "de": {"redeal": ("Neuausteil", "neu austeil", "neu ausgeteilt"), "pass": ("Durchlauf", "Durchläuf"),
           "column": ("Spalte",)},
}
GLOSSES: dict[str, tuple[str, ...]] = {}
VARIANT_SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {}
