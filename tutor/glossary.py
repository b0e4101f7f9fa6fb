"""Each game's own words: one glossary per game and language, looked up through the registry.

The games name the same things differently, and the rules pages, the pictures and the engine's
messages must all use the game's own word. In German, Fortune's Favour says *Zielstapel*,
*Auslage*, *Vorrat*, *Abwurfstapel*; Queen's Audience *Vorzimmer* and *Audienzsaal*; Forty Thieves
*Grundstapel*, *Tableau*, *Talon*, *Ablagestapel*. English follows the rules texts too
(Queen's Audience: *antechamber*, *audience chamber*; Forty Thieves: *stock (talon)*).

Each game's package holds its words in ``tutor/games/<game>/terms.py``:

* ``TERMS``: term id → ``Text(game_id, "<English word>")``; the same id names the same thing in
  every game that has it (``"foundation"``, ``"stock"``, …). The German word is the msgstr in
  ``locales/de/LC_MESSAGES/tutor.po`` (context = game id), so the catalog is the one place for it.
* ``BRIDGE``: language → thing → the game's word, for the terms bridge (:func:`bridge_line`).
"""

from __future__ import annotations

from tutor.engine.registry import game_ids, game_part, rules_class
from tutor.i18n import Text


def game_terms(game_id: str) -> dict[str, Text]:
    """The glossary of one game: term id → its word. Raises ``KeyError`` naming the known games."""
    known = game_ids()
    if game_id not in known:
        raise KeyError(f"no glossary for “{game_id}”; known games: {', '.join(known)}")
    return game_part(game_id, "terms").TERMS


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
    others = {word for other in game_ids() if other != game_id for word in words(other, lang)}
    return {word for word in others - own if not any(word in mine for mine in own)}


def game_name(game_id: str, lang: str) -> str:
    """The game's name as a page prints it: its rules' title, with a typographic apostrophe
    (*Fortune’s Favour*)."""
    return rules_class(game_id).title.render(lang).replace("'", "’")


# --- the terms bridge: the same things in the other games ------------------------------------------
# Each game's BRIDGE names, per language, its word for each thing the games share; the rules pages
# carry bridge_line(game, lang) in their terms section, so a reader who knows one game's words finds
# the others'. Only words that differ are shown, in the order this game's BRIDGE lists its things.
BRIDGE_LEAD = {"de": "**Dieselben Dinge in den anderen Patiencen:**", "en": "**The same things in the other games:**"}


def bridge_words(game_id: str, lang: str) -> dict[str, str]:
    """The game's word for each thing of the bridge, in ``lang``."""
    return game_part(game_id, "terms").BRIDGE.get(lang, {})


def bridge_pairs(game_id: str, lang: str) -> dict[str, list[tuple[str, str]]]:
    """Other game → [(this game's word, that game's word)] where the words differ."""
    mine = bridge_words(game_id, lang)
    pairs: dict[str, list[tuple[str, str]]] = {}
    for other in game_ids():
        if other == game_id:
            continue
        theirs = bridge_words(other, lang)
        found = [(word, theirs[thing]) for thing, word in mine.items() if thing in theirs and theirs[thing] != word]
        if found:
            pairs[other] = found
    return pairs


def bridge_line(game_id: str, lang: str) -> str:
    """The page's one line, e.g. ``… Forty Thieves: Zielstapel = Grundstapel, Vorrat = Talon …``."""
    clauses = [f"{game_name(other, lang)}: " + ", ".join(f"{mine} = {theirs}" for mine, theirs in pairs)
               for other, pairs in bridge_pairs(game_id, lang).items()]
    return f"{BRIDGE_LEAD[lang]} " + "; ".join(clauses) + "."
