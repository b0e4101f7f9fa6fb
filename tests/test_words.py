"""Every catalog message read against the glossary and the site's voice (issue 26): one word per thing
and game (tutor/glossary.py, each game's terms.py), no words of the machinery, German in du, English
and German each in their own quotation marks, no label said twice.

The built pages are read the same way in tests/browser/test_words.py. A failure names the message,
the word found and the word to use.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from babel.messages.pofile import read_po
from catalog_forms import forms
from test_seeds import FENCE, page_source, site_extensions

from tutor.engine.registry import game_ids
from tutor.glossary import BRIDGE_LEAD, CONCEPTS, NEVER_WRITTEN, developer_words, never_written, offences, variant_names
from tutor.i18n import LANGUAGES
from tutor.web.quoted import mark_seed_text

ROOT = Path(__file__).resolve().parent.parent
PO_DE = ROOT / "locales" / "de" / "LC_MESSAGES" / "tutor.po"
PO_EN = ROOT / "locales" / "en" / "LC_MESSAGES" / "tutor.po"

# Messages no reader of the site or the command line meets as a sentence of ours: errors for whoever
# writes a page (a tutor block that cannot be drawn stops the build), for whoever updates the
# figures, and the command line's own name before its errors.
NOT_READER_TEXT = {
    "a tutor block must be text",
    "the tutor block is empty; write one line: {forms}",
    "a tutor block holds exactly one directive line, this one has {count}: use one block per directive",
    '"{line}" is not a directive; write one of: {forms}',
    '"{line}": write {form}, e.g. deal: fortunes-favour 1',
    '"{line}": write {form}',
    'scenario "{scenario}", {where}: {reason}',
    "the move {move} should be refused but is legal",
    'the measured figure "{key}" is missing or out of date: run python -m tutor.claims --update',
    'there is no claim "{claim}"; known claims: {known}',
    'there is no scenario "{scenario}"; known scenarios: {known}',
    '"{kind}:" blocks cannot be shown as a live widget yet',
    "write play: <game-id>",
    "write practice: <game-id>",
    'there are no exercises for "{game}" yet',
    '"{target}" is neither a game nor an exercise; games: {games}; exercises: {exercises}',
    "tutor: {reason}",
    "the narration names card {depth} from the top of {pile}, which holds {count}",
    "the narration puts the {card} in {pile}, where it does not lie",
    "a message shows move notation: {message}",  # tutor lessons --check, to the lessons' author
}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


class Message:
    def __init__(self, msgid: str, msgstr: str, context: str | None, locations: list[str]) -> None:
        self.msgid, self.msgstr, self.context, self.locations = msgid, msgstr, context, locations
        self.game = self._game()
        self.quoted = self.game is not None and _in_seed_text(self.game, msgstr)

    def _game(self) -> str | None:
        if self.context in game_ids():
            return self.context
        folders = {re.sub(r"^tutor/games/(\w+)/.*$", r"\1", loc).replace("_", "-") for loc in self.locations
                   if loc.startswith("tutor/games/")}
        return folders.pop() if len(folders) == 1 and all(loc.startswith("tutor/games/") for loc in self.locations) \
            else None

    def text(self, lang: str) -> str:
        return PLACEHOLDER.sub("·", self.msgid if lang == "en" else self.msgstr)

    def name(self) -> str:
        return f"[{self.context}] {self.msgid!r}"


@cache
def _seed_page_text(game: str) -> str:
    """The German page of ``game``, if it carries a seed: its words, one space between them."""
    text = (ROOT / "docs" / "de" / f"{game}.md").read_text(encoding="utf-8")
    if not re.search(r"^seed:", text.partition("\n---\n")[0], re.M):
        return ""
    text = re.sub(r'<span class="tutor-mend" data-seed="[^"]*">(.*?)</span>', r"\1", text)
    return " ".join(text.replace("**", "").split())


def _in_seed_text(game: str, german: str) -> bool:
    """A German message that quotes its game's seed word for word (Forty Thieves' tips, in the seed's
    own voice): the seed's text, which the voice checks leave alone."""
    return len(german) > 40 and " ".join(german.split()) in _seed_page_text(game)


@cache
def messages() -> tuple[Message, ...]:
    return tuple(Message(m.id, m.string, m.context, [loc for loc, _ in m.locations]) for m in forms(PO_DE)
                 if m.id and m.id not in NOT_READER_TEXT)


def reader_messages() -> tuple[Message, ...]:
    """Messages of the site and the command line's answers; the card words (rank, suit, forms) too."""
    return messages()


@pytest.mark.parametrize("concept_id", [c.id for c in CONCEPTS] + ["variant names"])
def test_every_message_says_the_glossarys_word(concept_id: str) -> None:
    """Each thing has one word per game and language: no forbidden synonym, no other game's word
    (a Forty Thieves message never says Vorrat), no other name for a variant."""
    known = {c.id: c for c in CONCEPTS}
    if concept_id in known and known[concept_id].pending:
        pytest.skip(known[concept_id].pending)
    found = []
    for message in reader_messages():
        for lang in LANGUAGES:
            text = message.text(lang)
            for offence in offences(text, lang, message.game):
                wanted = offence.concept.startswith("variant:") if concept_id == "variant names" else \
                    offence.concept == concept_id
                if wanted:
                    found.append(f"{message.name()} ({lang}, {message.game or 'every game'}): {offence.explain(text)}")
    assert not found, "\n".join(found)


def test_no_message_names_the_machinery() -> None:
    """No engine, widget, solver or "run 3" in what a reader reads."""
    found = [f"{m.name()} ({lang}): “{o.phrase}” in “{m.text(lang)}”" for m in reader_messages()
             for lang in LANGUAGES for o in developer_words(m.text(lang), lang)]
    assert not found, "\n".join(found)


# Messages of the play page's widget (tutor/web/widgets/play.py), which another branch is changing: rewritten
# there when that work lands (the lessons' and practice boards already say "the page did not say which move").
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_writes_a_word_the_site_never_writes(lang: str) -> None:
    """The glossary's list of words the site never writes (``NEVER_WRITTEN``: calques, a card that
    "zieht", developer words): the German of every message, the English msgid; a message that quotes
    its seed word for word keeps the seed's words."""
    assert NEVER_WRITTEN[lang]
    found = [f"{m.name()} ({lang}): {o.explain(m.text(lang))}" for m in reader_messages()
             if not m.quoted for o in never_written(m.text(lang), lang)]
    assert not found, "\n".join(found)


# --- the pages' own sentences (docs/<lang>/…), read as their source renders --------------------------------
class _OwnText(HTMLParser):
    """The text of each paragraph, list item, heading and table cell of a page, outside the seed's
    quoted blocks (class ``tutor-seed``): the site's own sentences."""

    UNITS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "dt", "dd"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.units: list[str] = []
        self._open: list[list[str]] = []
        self._seed = 0  # open elements since a seed block opened (0: outside)

    def handle_starttag(self, tag, attrs):
        if self._seed:
            self._seed += 1 if tag not in VOID else 0
            return
        if "tutor-seed" in (dict(attrs).get("class") or "").split():
            self._seed = 1
            return
        if tag in self.UNITS:
            self._open.append([])

    def handle_endtag(self, tag):
        if self._seed:
            self._seed -= 1
            return
        if tag in self.UNITS and self._open:
            text = " ".join("".join(self._open.pop()).split())
            if text:
                self.units.append(text)

    def handle_data(self, data):
        if not self._seed and self._open:
            self._open[-1].append(data)


VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "source"}
PAGES = sorted((ROOT / "docs").glob("*/**/*.md"))


def page_own_text(path: Path) -> list[str]:
    """The site's own sentences of one page: its Markdown rendered as the build renders it, the tutor
    blocks left out (their words are catalog messages), the seed's marked blocks excepted."""
    lang, name = path.relative_to(ROOT / "docs").parts[0], path.relative_to(ROOT / "docs" / path.relative_to(
        ROOT / "docs").parts[0]).as_posix()
    meta, text = page_source(lang, name)
    rendered = markdown.markdown(FENCE.sub("", text), extensions=site_extensions())
    if meta.get("seed"):
        rendered = mark_seed_text(rendered, bool(meta.get("seed_quoted")))
    reader = _OwnText()
    reader.feed(rendered)
    bridge = BRIDGE_LEAD[lang].strip("*")  # the terms bridge names the other games' words on purpose
    return [re.sub(r"\{[^{}]*\}", "·", unit) for unit in reader.units if not unit.startswith(bridge)]


def page_lang_game(path: Path) -> tuple[str, str | None]:
    lang = path.relative_to(ROOT / "docs").parts[0]
    return lang, path.stem if path.stem in game_ids() else None


def test_the_pages_are_read() -> None:
    """Every language's pages, the seed pages' own sentences among them (their notes), none of the
    seeds' quoted lines."""
    assert {page_lang_game(path)[0] for path in PAGES} == set(LANGUAGES)
    forty = page_own_text(ROOT / "docs" / "de" / "forty-thieves.md")
    assert any("Anrede" in unit for unit in forty)
    assert not any("Patience-Spiel für einen Spieler mit zwei Kartendecks" in unit for unit in forty)


@pytest.mark.parametrize("path", PAGES, ids=lambda path: path.relative_to(ROOT / "docs").as_posix())
def test_no_page_writes_a_word_the_site_never_writes_or_a_second_name(path: Path) -> None:
    """Each page's own sentences (docs/<lang>/…) against ``NEVER_WRITTEN`` and the glossary's one word per
    thing (``CONCEPTS``, the game's own words on its rules page); the seeds' quoted text keeps its words
    (seed 004's "Partie", seeds 000 and 001's "Computer")."""
    lang, game = page_lang_game(path)
    found = [f"{o.explain(unit)}" for unit in page_own_text(path)
             for o in never_written(unit, lang) + offences(unit, lang, game)]
    assert not found, "\n".join(found)


SITE = re.compile(r"\bsite\b", re.I)


def test_the_site_is_website_and_a_page_is_seite() -> None:
    """German says "Seite" for a page only: where the English says "site", the German says "Website"
    (it said "diese Seite" for both, and "Version dieser Seite" beside "Fassung dieser Website")."""
    found = [f"{m.name()}: {m.msgstr!r}" for m in reader_messages() if m.msgstr and not m.quoted
             and bool(SITE.search(m.msgid)) != ("Website" in m.msgstr)]
    assert not found, "\n".join(found)


FORMAL = re.compile(r"\b(?:Ihnen|Ihre?[mnrs]?)\b|(?<![.!?:–„]\s)(?<!^)\bSie\b"
                    r"|(?:^|[.!?:–]\s)Sie (?:haben|hatten|können|möchten|müssen|dürfen|wollen|sollten|sehen|spielen)\b")
DU = re.compile(r"\b(?:du|dich|dir|dein\w*)\b", re.I)
YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.I)


def test_german_messages_say_du_never_sie() -> None:
    """The site speaks to the reader in du, in every game: the tasks, hints, coach and claims of
    Forty Thieves too (the seed's own Sie stays in its quoted rule text, on the page)."""
    found = [f"{m.name()}: {m.msgstr!r}" for m in reader_messages()
             if m.msgstr and not m.quoted and FORMAL.search(m.text("de"))]
    assert not found, "\n".join(found)


# English sentences that speak of "you" where the German says it without a pronoun, as German does
# (an imperative, "man", an infinitive heading).
YOU_WITHOUT_DU = {
    "Pick a card, then the pile it should go to; or ask for the legal moves.",
    "Try it yourself",  # a button: "Selbst ausprobieren"
    'press "Try it yourself" first',  # names that button
    # the list of keys: each key's line says what it does, in the infinitive as German key lists do
    "Take more or fewer cards of the row you picked",
    "Make the move you took back again",
}


def test_where_the_english_says_you_the_german_says_du() -> None:
    found = [f"{m.name()}: {m.msgstr!r}" for m in reader_messages()
             if m.msgstr and not m.quoted and YOU.search(m.msgid) and not DU.search(m.msgstr)
             and m.msgid not in YOU_WITHOUT_DU]
    assert not found, "\n".join(found)


def test_each_language_keeps_its_own_quotation_marks() -> None:
    """English as the English seed writes: ' and "; German as the German seeds: ’ and „…“."""
    found = []
    for message in reader_messages():
        english, german = message.text("en"), message.text("de")
        if re.search(r"[’‘“”„]", english):
            found.append(f"{message.name()} (en): curly quotation marks")
        if german and not message.quoted and (re.search(r"[\"']|“\w", german) or re.search(r"„[^“]*$", german)):
            found.append(f"{message.name()} (de): {german!r}")
    assert not found, "\n".join(found)


SUIT_CAPITALISED = re.compile(r"(?<![.!?:]\s)(?<!^)\b(?:Hearts?|Spades?|Diamonds?|Clubs?)\b")


def test_english_writes_suits_in_lower_case() -> None:
    """As the card names do ("Queen of hearts"): "three spades", "the last hearts"; ranks are
    capitalised, as the English seed writes them ("the Ace", "up to King")."""
    found = [m.name() for m in reader_messages() if SUIT_CAPITALISED.search(m.text("en"))]
    assert not found, found


DOUBLED = re.compile(r"(?<![\w’'])((?:[\w’'-]+ ){0,5}[\w’'-]+): \1:", re.I)


def test_no_message_says_a_label_twice() -> None:
    found = [f"{m.name()} ({lang})" for m in reader_messages() for lang in LANGUAGES
             if DOUBLED.search(m.text(lang))]
    assert not found, found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_claim_cards_verdict_is_not_repeated_by_its_sentence(lang: str) -> None:
    """"▲ The tips help: The tips help: …" said the verdict twice: the sentence after the verdict
    says what was measured, not the verdict again."""
    from tutor.claims.data import claims_of
    from tutor.web.widgets.claims.card import verdict_html

    found = []
    for claim in [claim for game in game_ids() for claim in claims_of(game)]:
        text = re.sub(r"<[^>]+>", "", verdict_html(claim, lang))
        if DOUBLED.search(text):
            found.append(f"{claim.id}: {text}")
    assert not found, "\n".join(found)


def test_english_is_the_source_language_of_every_message() -> None:
    """The English catalog repeats each msgid: an English word is changed in the source, where the
    glossary test reads it, not overridden in locales/en (it once said "Round chamber" for "Round hall")."""
    with PO_EN.open("rb") as f:
        catalog = read_po(f)
    changed = [f"[{m.context}] {m.id!r} → {m.string!r}" for m in catalog
               if m.id and m.string and m.string != m.id]
    assert not changed, changed


def test_variant_names_are_the_same_in_both_places_the_command_line_lists_them() -> None:
    """The command line's help names each variant by its id and its name, as the pages do."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "tutor", "play", "--help"], capture_output=True, text=True, cwd=ROOT)
    help_text = " ".join(result.stdout.replace("-\n", "-").split())
    for game in game_ids():
        for variant, name in variant_names(game, "en").items():
            if variant:
                assert f"{variant} ({name})" in help_text, (game, variant, name, help_text[-600:])
