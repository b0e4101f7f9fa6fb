"""Each game's own words: one glossary, per game and language.

The games name the same things differently, and the rules pages, the pictures and the engine's
messages must all use the game's own word. In German, Fortune's Favour says *Zielstapel*,
*Auslage*, *Vorrat*, *Abwurfstapel*; Queen's Audience *Vorzimmer* and *Audienzsaal*; Forty Thieves
*Grundstapel*, *Tableau*, *Talon*, *Ablagestapel*. English follows the rules texts too
(Queen's Audience: *antechamber*, *audience chamber*; Forty Thieves: *stock (talon)*).

Entries are ``Text(game_id, "<English word>")`` keyed by a term id; the German word is the msgstr in
``locales/de/LC_MESSAGES/tutor.po`` (context = game id), so the catalog is the one place for it.
"""

from __future__ import annotations

from .i18n import Text

FORTUNES_FAVOUR = "fortunes-favour"
QUEENS_AUDIENCE = "queens-audience"
FORTY_THIEVES = "forty-thieves"

GLOSSARY: dict[str, dict[str, Text]] = {
    FORTUNES_FAVOUR: {
        "foundation": Text("fortunes-favour", "foundation"),
        "tableau": Text("fortunes-favour", "tableau"),
        "stock": Text("fortunes-favour", "stock"),
        "waste": Text("fortunes-favour", "waste"),
        "space": Text("fortunes-favour", "space"),
    },
    QUEENS_AUDIENCE: {
        "reserve": Text("queens-audience", "antechamber"),
        "hall": Text("queens-audience", "audience chamber"),
        "foundation": Text("queens-audience", "foundation"),
        "stock": Text("queens-audience", "stock"),
        "waste": Text("queens-audience", "waste"),
        "space": Text("queens-audience", "space"),
    },
    FORTY_THIEVES: {
        "foundation": Text("forty-thieves", "foundation"),
        "tableau": Text("forty-thieves", "tableau"),
        "column": Text("forty-thieves", "column"),
        "stock": Text("forty-thieves", "stock"),
        "waste": Text("forty-thieves", "waste"),
        "space": Text("forty-thieves", "empty column"),
    },
}


def game_terms(game_id: str) -> dict[str, Text]:
    """The glossary of one game: term id → its word. Raises ``KeyError`` naming the known games."""
    if game_id not in GLOSSARY:
        raise KeyError(f"no glossary for “{game_id}”; known games: {', '.join(GLOSSARY)}")
    return GLOSSARY[game_id]


def term(game_id: str, term_id: str) -> Text:
    """The game's word for a thing: ``term("forty-thieves", "stock")`` renders *Talon* in German."""
    terms = game_terms(game_id)
    if term_id not in terms:
        raise KeyError(f"{game_id} has no term “{term_id}”; its terms: {', '.join(terms)}")
    return terms[term_id]


def words(game_id: str, lang: str) -> set[str]:
    """Every word of the game's glossary in ``lang``."""
    return {text.render(lang) for text in game_terms(game_id).values()}


def foreign_words(game_id: str, lang: str) -> set[str]:
    """Words that belong to other games' glossaries but not to this one: a message of this game in
    ``lang`` must not use them (a German Forty Thieves message never says *Auslage*)."""
    own = words(game_id, lang)
    others = {word for other in GLOSSARY if other != game_id for word in words(other, lang)}
    return {word for word in others - own if not any(word in mine for mine in own)}
