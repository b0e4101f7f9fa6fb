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

from tutor.i18n import Text

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


# --- the terms bridge: the same things in the other games ------------------------------------------
# Each row names one thing in each game that has it, in each language; the rules pages carry
# bridge_line(game, lang) in their terms section, so a reader who knows one game's words finds the
# others'. Only words that differ are shown.
GAME_NAMES = {FORTUNES_FAVOUR: "Fortune’s Favour", QUEENS_AUDIENCE: "Queen’s Audience", FORTY_THIEVES: "Forty Thieves"}
BRIDGE: dict[str, list[dict[str, str]]] = {
    "de": [
        {FORTUNES_FAVOUR: "Zielstapel", QUEENS_AUDIENCE: "Zielstapel", FORTY_THIEVES: "Grundstapel"},
        {FORTUNES_FAVOUR: "Auslage", QUEENS_AUDIENCE: "Vorzimmer", FORTY_THIEVES: "Tableau"},
        {FORTUNES_FAVOUR: "Vorrat", QUEENS_AUDIENCE: "Vorrat", FORTY_THIEVES: "Talon"},
        {FORTUNES_FAVOUR: "Abwurfstapel", QUEENS_AUDIENCE: "Abwurfstapel", FORTY_THIEVES: "Ablagestapel"},
    ],
    "en": [
        {FORTUNES_FAVOUR: "tableau", QUEENS_AUDIENCE: "antechamber", FORTY_THIEVES: "tableau"},
        {FORTUNES_FAVOUR: "pile", FORTY_THIEVES: "column"},
    ],
}
BRIDGE_LEAD = {"de": "**Dieselben Dinge in den anderen Patiencen:**", "en": "**The same things in the other games:**"}


def bridge_pairs(game_id: str, lang: str) -> dict[str, list[tuple[str, str]]]:
    """Other game → [(this game's word, that game's word)] where the words differ."""
    pairs: dict[str, list[tuple[str, str]]] = {}
    for other in GLOSSARY:
        if other == game_id:
            continue
        found = [(row[game_id], row[other]) for row in BRIDGE[lang]
                 if game_id in row and other in row and row[game_id] != row[other]]
        if found:
            pairs[other] = found
    return pairs


def bridge_line(game_id: str, lang: str) -> str:
    """The page's one line, e.g. ``… Forty Thieves: Zielstapel = Grundstapel, Vorrat = Talon …``."""
    clauses = [f"{GAME_NAMES[other]}: " + ", ".join(f"{mine} = {theirs}" for mine, theirs in pairs)
               for other, pairs in bridge_pairs(game_id, lang).items()]
    return f"{BRIDGE_LEAD[lang]} " + "; ".join(clauses) + "."
