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

# The glossary enforced (tutor.glossary.offences): this game's words for things its TERMS do not
# label, and the words that must not stand for its things. The German seed says "Neuausteilen" and
# "Durchlauf"; it glosses "Talon (Nachziehstapel)", as the English page glosses "stock (the talon)".
# The seed's "Sequenz" stays in its quoted text; the site's own German says "Folge".
WORDS: dict[str, dict[str, str]] = {
    "en": {"redeal": "redeal", "pass": "pass", "sequence": "sequence"},
    "de": {"redeal": "Neuausteilen", "pass": "Durchlauf", "sequence": "Folge"},
}
FORBIDDEN: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"column": (r"tableau piles?", r"piles? of the tableau")},
    "de": {"pass": ("Durchgang", "Durchgäng"), "redeal": ("neu auflegen", "neu aufgelegt", "neuer Durchgang"),
           "column": ("Tableau-Stapel",)},
}
GLOSSES: dict[str, tuple[str, ...]] = {
    "en": ("stock (the talon)", "Stock (talon)"),
    "de": ("Talon (Nachziehstapel)",),
}
VARIANT_SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"kings-only": ("Kings only in empty columns",)},
    "de": {"kings-only": ("Nur Könige in leere Spalten",)},
}
