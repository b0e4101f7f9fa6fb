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
* ``FORBIDDEN``: language → term id → the words that must not stand for the game's thing there
  (patterns, see :func:`offences`), beyond the site's own list (:data:`CONCEPTS`) and the other
  games' words;
* ``GLOSSES``: language → phrases in which the game names a forbidden word on purpose, to gloss its
  own (Forty Thieves' "stock (the talon)").

The glossary is enforced (``tests/test_words.py``, ``tests/browser/test_words.py``): every catalog
message and every built page is read against it, the seeds' quoted rule text excepted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from tutor.engine.contract import terms_of
from tutor.engine.registry import game_ids, rules_class
from tutor.i18n import Text


def game_terms(game_id: str) -> Mapping[str, Text]:
    """The glossary of one game: term id → its word. Raises ``KeyError`` naming the known games."""
    known = game_ids()
    if game_id not in known:
        raise KeyError(f"no glossary for “{game_id}”; known games: {', '.join(known)}")
    return terms_of(game_id).TERMS


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
    """The game's name as a page prints it: its rules' title, spelt as the rules texts spell it
    (*Fortune's Favour* in English, *Fortune’s Favour* in German)."""
    return rules_class(game_id).title.render(lang)


# --- the terms bridge: the same things in the other games ------------------------------------------
# Each game's BRIDGE names, per language, its word for each thing the games share; the rules pages
# carry bridge_line(game, lang) in their terms section, so a reader who knows one game's words finds
# the others'. Only words that differ are shown, in the order this game's BRIDGE lists its things.
BRIDGE_LEAD = {"de": "**So heißen diese Dinge in den anderen Patiencen:**",
               "en": "**The same things in the other games:**"}


def bridge_words(game_id: str, lang: str) -> Mapping[str, str]:
    """The game's word for each thing of the bridge, in ``lang``."""
    return terms_of(game_id).BRIDGE.get(lang, {})


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


# --- the glossary enforced ---------------------------------------------------------------------------
# Each thing the site names has one word per game and language: the game's own (its TERMS, the
# German in the catalog), and on pages that span the games the site's own (Concept.site). Words that
# must not stand for it are listed per language: here for every game, in a game's terms.FORBIDDEN for
# that game, and any other game's own word that this game does not share. A pattern is a regular
# expression; English ones match whole words in any case, German ones match case-sensitively from the
# start of a word, so that compounds count (a Forty Thieves text must not say "Vorratskarte").

@dataclass(frozen=True)
class Concept:
    """A thing the site names. ``site``: its word on pages that span the games, per language (empty
    where only one game names it); ``forbidden``: per language, the words never to use for it in any
    game; ``pending``: why its word is not settled yet (nothing is checked until it is)."""

    id: str
    site: dict[str, str] = field(default_factory=dict)
    forbidden: dict[str, tuple[str, ...]] = field(default_factory=dict)
    pending: str = ""


CONCEPTS: tuple[Concept, ...] = (
    Concept("foundation", {"en": "foundation", "de": "Zielstapel"},
            {"en": (r"home piles?", r"foundation piles?", r"base piles?", r"goal piles?"),
             "de": ("Fundament", "Ablegestapel", "Endstapel")}),
    Concept("tableau", {"en": "tableau", "de": "Auslage"}, {"en": (r"playing area",), "de": ("Spielfeld",)}),
    Concept("reserve", {}, {"en": (r"anterooms?", r"waiting rooms?"), "de": ("Warteraum", "Wartezimmer", "Vorraum")}),
    Concept("hall", {}, {"en": (r"audience halls?", r"audience rooms?", r"throne rooms?"),
                         "de": ("Thronsaal", "Audienzraum", "Audienzzimmer")}),
    Concept("jack-place", {}, {"en": (r"places? among the Jacks", r"Jacks?'? places?"),
                               "de": ("Platz der Buben", "Plätze der Buben", "Bubenpl")}),
    Concept("column", {}, {"en": (), "de": ("Kolonne",)}),
    Concept("stock", {"en": "stock", "de": "Vorrat"},
            {"en": (r"talons?", r"draw piles?", r"stockpiles?"),
             "de": (r"Stock\b", "Nachziehstapel", "Kartenstock", "Reststapel")}),
    Concept("waste", {"en": "waste", "de": "Abwurfstapel"},
            {"en": (r"waste piles?", r"waste heaps?", r"discard piles?", r"discards"),
             "de": ("Abfallstapel", r"Ablage(?!stapel)", r"Abwurf(?!stapel)")}),
    Concept("space", {"en": "space", "de": "Lücke"},
            {"en": (r"gaps?", r"empty spots?", r"holes?"), "de": ("Loch", "Löcher")}),
    Concept("sequence", {"en": "sequence", "de": "Folge"},
            {"en": (r"runs? of cards", r"a run", r"the run", r"whole run", r"runs (?:move|go)"), "de": ("Sequenz",)}),
    Concept("redeal", {"en": "redeal"}, {"en": (r"re-deals?", r"second deal"), "de": ("Neuverteil", "neu verteil")}),
    Concept("pass", {"en": "pass"}, {"en": (), "de": ()}),
    # a deal and a play-through of it are both "Spiel" in German, as "game" in English ("Spiel 12", "dein Spiel")
    Concept("deal", {"en": "deal", "de": "Spiel"}, {"en": (r"game numbers?", r"seed numbers?"),
                                                   "de": (r"Deal\b", "Partie", "Austeilung")}),
    Concept("coach", {"en": "coach", "de": "Trainer"}, {"en": (r"(?<!patience )tutors?", r"trainers?"),
                                                       "de": ("Tutor", "Coach", "Lehrer")}),
    # where the cards lie and are moved, live or in an example
    Concept("board", {"en": "board", "de": "Spielbrett"}, {"en": (r"game boards?", r"playing fields?"),
                                                          "de": (r"Brett\b", r"Bretter\b", "Spielbild")}),
    # what plays or searches deals here, or did elsewhere (Masten's): never "computer"
    Concept("program", {"en": "program", "de": "Programm"}, {"en": (r"computers?",), "de": ("Computer", "Rechner")}),
    # the site is the whole, a page one of its pages ("Seite" in German is only the page)
    Concept("site", {"en": "site", "de": "Website"}, {"en": (r"websites?", r"web ?pages?"),
                                                     "de": ("Webseite", "Homepage", "Internetseite")}),
    Concept("version", {"en": "version", "de": "Fassung"}, {"en": (), "de": ("Version",)}),
    # the box beside a claim, with its chart and its button: never a "card" in a card game
    Concept("claim-box", {"en": "box", "de": "Kasten"},
            {"en": (r"the card's chart", r"(?:button|chart) (?:on|in) the card",
                    r"the card (?:says|shows) (?:plainly|both)", r"shows a card with"), "de": ()}),
    # the strongest player that never sees the stock's order (Forty Thieves' expert player, issue 25)
    Concept("strongest-fair-player", {"en": "expert player", "de": "Expertenspieler"},
            {"en": (r"careful (?:player|program)s?", r"strongest fair (?:player|program)s?", r"expert programs?"),
             "de": (r"sorgfältige[nrs]? (?:Spieler|Programm)", r"stärkste[nrs]? faire[nrs]? (?:Spieler|Programm)",
                    "Expertenprogramm")}),
)

# Words of the machinery, not of the reader: never in what a reader reads or hears.
DEVELOPER_WORDS = {
    "en": (r"engines?", r"widgets?", r"solvers?", r"run \d+", r"pyodide", r"javascript", r"localstorage",
           r"notation"),
    "de": ("Engine", "Widget", "Löser", "Solver", r"Lauf \d+", "Pyodide", "JavaScript", "localStorage"),
}

_LETTER = "A-Za-zÄÖÜäöüß"

@dataclass(frozen=True)
class Never:
    """A word or phrase the site never writes in ``lang`` (a calque, a word of the machinery, a form a native
    editor would strike), with what to write instead. ``pattern`` is matched as :func:`compile_pattern` does;
    ``allowed``: phrases that contain it and stay (German "ziehen" of the reader dragging a card)."""

    pattern: str
    use: str
    allowed: tuple[str, ...] = ()


# The site's own words, never these (issue 43); the seeds quoted on the pages keep theirs (seed 004 says
# "zieh…", the rules texts "Computer"): tests/test_words.py reads every catalog message against this list,
# tests/browser/test_page_words.py every built page, the quoted seed text excepted.
NEVER_WRITTEN: dict[str, tuple[Never, ...]] = {
    "de": (
        # a card does not "ziehen": it is moved, played, laid
        Never(r"(?:weiter|weg)?(?:zieh(?:t|en|e|st)?|gezogen)\b", "„lässt sich bewegen“, „spielen“, „legen“",
              # the reader drags a card with the mouse: that is "ziehen"
              allowed=("auf den Stapel ziehen, auf den sie soll", "lässt sich dorthin ziehen, wo sie hinsoll")),
        Never(r"(?:[Zz]wei|[Dd]rei|\d+) Neuausteilen", "„zweimal neu austeilen“"),
        Never(r"(?:Mit|mit) einem Neuausteilen", "„einmal neu austeilen“"),
        Never("Tipps-Spieler", "„Tipp-Spieler“"),
        Never("Kartenfarbe", "„eine rote auf eine schwarze“ (Farbe ist die Farbe des Blatts: Herz, Pik …)"),
        Never(r"\d+-mal von \d+", "„mit 95 % Sicherheit“"),
        Never(r"gelesen als|(?:Worte|Angaben|Zahlen) gelesen", "„gewertet als“"),
        Never(r"Zufall eingerechnet", "„mit 95 % Sicherheit“"),
        Never(r"Element\b", "„dieser Teil der Seite“"),
        Never(r"Anfrage", "was die Seite schickt: „die Seite nennt …“"),
        Never(r"heißt w-s", "kein Zugkürzel: sag, was geschieht"),
        Never(r"[Ll]ive\b", "„das Spielbrett“, „selbst spielen“"),
        # the site's imperative is the short one ("Wähl eine Karte", "Leg sie dorthin")
        Never(r"(?:[Ww]ähle|[Dd]rücke|Beginne|[Ss]chreibe)\b", "„wähl“, „drück“, „beginn“, „schreib“"),
        Never(r"[Aa]ktuelle[nmrs]?\b", "„laufend“, „jetzt“ (nicht für „current“)"),
        Never(r"(?:·|\d+(?:,\d)?) Punkte\b", "„Prozentpunkte“"),
    ),
    "en": (
        Never(r"requests?", "what the page sent: \"the page names …\""),
        Never(r"\d+ times in \d+", "\"95% confidence range\""),
        Never(r"allowing for chance", "\"with 95% confidence\""),
        Never(r"write it as", "no move notation: say what happens"),
    ),
}


def never_written(text: str, lang: str) -> list[Offence]:
    """The words of :data:`NEVER_WRITTEN` in ``text``, each with the word to write instead."""
    found = []
    for never in NEVER_WRITTEN.get(lang, ()):
        blanked = text
        for phrase in never.allowed:
            blanked = blanked.replace(phrase, " " * len(phrase))
        found += [Offence(match.group(0), "never written", never.use, match.start(), match.end())
                  for match in compile_pattern(never.pattern, lang).finditer(blanked)]
    return sorted(found, key=lambda offence: offence.start)




def compile_pattern(pattern: str, lang: str) -> re.Pattern:
    """English: whole words in any case; German: case-sensitive, from the start of a word."""
    if lang == "en":
        return re.compile(rf"(?<![\w-]){pattern}(?![\w-])", re.I)
    return re.compile(rf"(?<![{_LETTER}]){pattern}")


def concept(concept_id: str) -> Concept:
    for known in CONCEPTS:
        if known.id == concept_id:
            return known
    raise KeyError(f"no concept “{concept_id}”; known: {', '.join(c.id for c in CONCEPTS)}")


def word_for(concept_id: str, game_id: str | None, lang: str) -> str:
    """The word to use: the game's own where it names the thing, else the site's."""
    if game_id is not None and concept_id in game_terms(game_id):
        return game_terms(game_id)[concept_id].render(lang)
    if game_id is not None:
        own = terms_of(game_id).WORDS.get(lang, {})
        if concept_id in own:
            return own[concept_id]
    return concept(concept_id).site.get(lang, "")


@dataclass(frozen=True)
class Offence:
    """A forbidden word found in a text: what was found, for which thing, and the word to use."""

    phrase: str
    concept: str
    use: str
    start: int
    end: int

    def explain(self, text: str) -> str:
        left, right = max(0, self.start - 50), min(len(text), self.end + 50)
        around = ("…" if left else "") + text[left:right] + ("…" if right < len(text) else "")
        return f"“{self.phrase}” ({self.concept}): say “{self.use}” – in “{around}”"


def _forbidden(game_id: str | None, lang: str) -> list[tuple[str, str, str]]:
    """(concept, pattern, word to use) for a text of ``game_id`` (``None``: a text that spans the games)."""
    found = []
    for known in CONCEPTS:
        if known.pending:
            continue
        for pattern in known.forbidden.get(lang, ()):
            found.append((known.id, pattern, word_for(known.id, game_id, lang)))
    if game_id is None:
        return found
    for concept_id, patterns in terms_of(game_id).FORBIDDEN.get(lang, {}).items():
        found += [(concept_id, pattern, word_for(concept_id, game_id, lang)) for pattern in patterns]
    own = {text.render(lang).lower() for text in game_terms(game_id).values()}
    for other in game_ids():
        if other == game_id:
            continue
        for concept_id, text in game_terms(other).items():
            word = text.render(lang)
            if word.lower() in own or any(word.lower() in mine for mine in own):
                continue
            use = word_for(concept_id, game_id, lang) or f"no word of {game_name(other, 'en')} here"
            found.append((concept_id, re.escape(word) + (r"s?" if lang == "en" else ""), use))
    for concept_id, names in _variant_synonyms(game_id, lang).items():
        use = variant_names(game_id, lang)[concept_id.split(":", 1)[1]]
        found += [(concept_id, re.escape(name), use) for name in names]
    return found


def _variant_synonyms(game_id: str, lang: str) -> dict[str, tuple[str, ...]]:
    synonyms = terms_of(game_id).VARIANT_SYNONYMS.get(lang, {})
    return {f"variant:{variant}": names for variant, names in synonyms.items()}


def variant_names(game_id: str, lang: str) -> dict[str, str]:
    """Variant id → its name in ``lang`` (the base game: the game's name), as every page and the
    command line print it."""
    return {variant: name.render(lang) for variant, name in rules_class(game_id).variants.items()}


def without_glosses(text: str, game_id: str | None, lang: str) -> str:
    """``text`` with the game's glosses (``GLOSSES``) blanked out: the words it quotes on purpose."""
    if game_id is None:
        return text
    for gloss in terms_of(game_id).GLOSSES.get(lang, ()):
        text = text.replace(gloss, " " * len(gloss))
    return text


def offences(text: str, lang: str, game_id: str | None = None) -> list[Offence]:
    """The words in ``text`` that the glossary forbids for a text of ``game_id`` in ``lang``
    (``None``: a text that spans the games), each with the word to use instead."""
    text_checked = without_glosses(text, game_id, lang)
    found: dict[tuple[int, int], Offence] = {}
    for concept_id, pattern, use in _forbidden(game_id, lang):
        for match in compile_pattern(pattern, lang).finditer(text_checked):
            found.setdefault((match.start(), match.end()),
                             Offence(match.group(0), concept_id, use, match.start(), match.end()))
    return sorted(found.values(), key=lambda offence: offence.start)


def developer_words(text: str, lang: str) -> list[Offence]:
    """Words of the machinery in a reader's text (engine, widget, solver, run 3, …)."""
    return [Offence(match.group(0), "developer word", "a reader's word", match.start(), match.end())
            for pattern in DEVELOPER_WORDS[lang] for match in compile_pattern(pattern, lang).finditer(text)]
