"""Every built page read as a native reader reads it (issue 26): each game's own words (the glossary),
one language per page (Material's own strings included), one voice, no label said twice, no word of
the machinery; the 404 page greets each reader in the language of the address asked for.

The pages are the ones the browser tests build (the ``built_site`` fixture). What a reader reads is
every piece of text and every label of a page (tests/browser/reader_html.py), the seeds' quoted
rule text excepted (the build marks it), the terms bridge too (it names the other games' words on
purpose). A failure names the page, the words found and the word to use.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from reader_html import Piece, reader_pieces
from site_server import WIDGET_PAGE, serve
from test_site import Watch

from tutor.engine.registry import game_ids
from tutor.glossary import CONCEPTS, developer_words, never_written, offences, variant_names
from tutor.i18n import LANGUAGES

GAMES = tuple(game_ids())

# Names that stay as they are in either language: games, variants, authors, other names of a game.
NAMES = ("Fortune's Favour", "Fortune’s Favour", "Queen's Audience", "Queen’s Audience", "King's Audience",
         "King’s Audience", "Forty Thieves", "Busy Aces", "Josephine", "Limited", "Indian", "Streets",
         "Sixty Thieves", "Napoleon at St. Helena", "Big Forty", "Le Cadran", "Roosevelt at San Juan", "Klondike",
         "Material for MkDocs", "Morehead", "Mott-Smith", "William Brisbane Dick", "Mark Masten", "Masten",
         "Vierzig Räuber", "Patience Tutor", "Patiencen-Trainer")
# Words that are English, not German, and that a German page has no reason to say (and the reverse).
ENGLISH_WORDS = {"the", "and", "you", "your", "with", "this", "that", "for", "is", "are", "of", "to", "not",
                 "or", "from", "each", "when", "which", "can", "card", "cards", "move", "moves", "deal", "deals",
                 "game", "games", "play", "won", "lost", "loading", "search", "made", "back", "previous", "undo",
                 "hint", "page", "home", "skip", "content", "contents", "select", "language", "clear",
                 "initializing", "new", "copy", "restart", "redo", "coach", "rules", "about", "tips", "tip",
                 "waste", "stock", "foundation", "foundations", "column", "columns", "pile", "piles", "empty",
                 "turn", "free", "step", "one", "two", "here", "there", "what", "try", "yourself"}
GERMAN_WORDS = {"der", "die", "das", "und", "ist", "nicht", "eine", "einen", "einer", "mit", "auf", "den", "dem",
                "des", "wenn", "oder", "von", "du", "dich", "dein", "deine", "karte", "karten", "zug", "züge",
                "stapel", "spiel", "spiele", "gewonnen", "verloren", "zurück", "weiter", "nächste", "vorrat",
                "abwurfstapel", "zielstapel", "grundstapel", "ablagestapel", "spalte", "lücke", "wird", "werden",
                "sind", "bei", "nach", "für", "über", "noch", "nur", "auch", "zum", "zur", "ein", "als", "wie",
                "aus", "schritt", "seite", "tipp", "tipps", "regeln", "neues", "erlaubte"}
# Material's own words on an English page: none of them may stand on a German page.
MATERIAL_ENGLISH = ("Permanent link", "Made with", "Skip to content", "Search", "Table of contents",
                    "Select language", "Initializing search", "Clear", "Back to top", "Header", "Footer",
                    "Previous", "Next")


def site_pages(built_site: Path) -> list[tuple[str, str]]:
    """(path below the site, language) of every page a reader can open, the 404 page too."""
    pages = []
    for index in sorted(built_site.rglob("index.html")):
        path = index.relative_to(built_site).as_posix()
        if path.startswith("assets/") or f"{WIDGET_PAGE}/" in path:  # the tests' own page, not the site's
            continue
        pages.append((path, "de" if path.startswith("de/") else "en"))
    return pages + [("404.html", "en")]


@cache
def _read(site: str, path: str, lang: str) -> tuple[Piece, ...]:
    return tuple(reader_pieces((Path(site) / path).read_text(encoding="utf-8"), lang))


def read_pages(built_site: Path):
    """(page, language, game or None, piece) for every piece a reader reads in the site's own words:
    not the seed's quoted text, nor the sidebar's copy of a quoted heading, nor the terms bridge, nor
    the words of another language (the language switcher's)."""
    for path, lang in site_pages(built_site):
        pieces = _read(str(built_site), path, lang)
        quoted = {piece.text.rstrip("¶") for piece in pieces if piece.quoted}
        for piece in pieces:
            if piece.quoted or piece.bridge or piece.foreign:
                continue
            if piece.where.startswith(("li.md-nav__item", "label.md-nav__link")) and piece.text in quoted:
                continue
            yield path, lang, page_game(path, piece), piece


def page_game(path: str, piece: Piece) -> str | None:
    """The game a piece is about: its page's game (the rules page, the play page); on the about page,
    its section's; elsewhere none (the home page speaks of all games)."""
    parts = [part for part in path.split("/") if part not in ("de", "play", "index.html")]
    if parts and parts[0] in GAMES:
        return parts[0]
    if parts and parts[0] == "about":
        return piece.section if piece.section in GAMES else None
    return None


def without_names(text: str) -> str:
    for name in sorted(NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    for game in GAMES:
        for lang in LANGUAGES:
            for name in variant_names(game, lang).values():
                text = text.replace(name, " ")
    return text


@cache
def _offences_by_concept(site: str) -> dict[str, set[str]]:
    """Every page's offences against the glossary, read once (each concept's test takes its own)."""
    found: dict[str, set[str]] = {}
    for path, lang, game, piece in read_pages(Path(site)):
        for offence in offences(piece.text, lang, game):
            concept = "variant names" if offence.concept.startswith("variant:") else offence.concept
            found.setdefault(concept, set()).add(
                f"{path} ({game or 'every game'}, {piece.where}): {offence.explain(piece.text)}")
    return found


@pytest.mark.parametrize("concept_id", [c.id for c in CONCEPTS] + ["variant names"])
def test_every_page_says_the_glossarys_word(built_site, concept_id):
    known = {c.id: c for c in CONCEPTS}
    if concept_id in known and known[concept_id].pending:
        pytest.skip(known[concept_id].pending)
    found = _offences_by_concept(str(built_site)).get(concept_id, set())
    assert not found, "\n".join(sorted(found))


def test_no_page_names_the_machinery(built_site):
    found = {f"{path} ({piece.where}): “{o.phrase}” in “{piece.text[:160]}”"
             for path, lang, _, piece in read_pages(built_site) for o in developer_words(piece.text, lang)}
    assert not found, "\n".join(sorted(found))


def test_no_page_writes_a_word_the_site_never_writes(built_site):
    """The glossary's list of words the site never writes (``NEVER_WRITTEN``), on every page in its
    language; the seeds' quoted text keeps its own words (seed 004 says "zieh…")."""
    found = {f"{path} ({piece.where}): {o.explain(piece.text)}"
             for path, lang, _, piece in read_pages(built_site) for o in never_written(piece.text, lang)}
    assert not found, "\n".join(sorted(found))


def test_german_pages_say_no_english_and_english_pages_no_german(built_site):
    """A word list of each language, Material's own strings, and the names that stay as they are."""
    found = set()
    for path, lang, _, piece in read_pages(built_site):
        text = without_names(piece.text)
        if lang == "de":
            hits = [w for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", text) if w.lower() in ENGLISH_WORDS]
            hits += [phrase for phrase in MATERIAL_ENGLISH if re.search(rf"\b{phrase}\b", text)]
        else:
            hits = [w for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", text) if w.lower() in GERMAN_WORDS]
        if hits:
            found.add(f"{path} ({piece.where}): {sorted(set(hits))} in “{piece.text[:160]}”")
    assert not found, "\n".join(sorted(found))


def test_every_german_page_has_materials_strings_in_german(built_site):
    """Material's language is set per page: the footer, the headings' links, the search say German."""
    text = (built_site / "de" / "index.html").read_text(encoding="utf-8")
    assert 'title="Link zu diesem Abschnitt"' in (built_site / "de" / "forty-thieves" / "index.html").read_text("utf-8")
    assert "Erstellt mit" in text and 'placeholder="Suche"' in text and '<html lang="de"' in text
    english = (built_site / "index.html").read_text(encoding="utf-8")
    assert "Made with" in english and 'placeholder="Search"' in english


FORMAL = re.compile(r"\b(?:Ihnen|Ihre?[mnrs]?)\b|(?<![.!?:–„]\s)(?<!^)(?<!„)\bSie\b(?!“)"
                    r"|(?:^|[.!?:–]\s)Sie (?:haben|hatten|können|möchten|müssen|dürfen|wollen|sollten)\b")


def test_the_sites_own_german_says_du(built_site):
    """Only the Forty Thieves seed's quoted rule text says Sie."""
    found = {f"{path} ({piece.where}): “{piece.text[:160]}”" for path, lang, _, piece in read_pages(built_site)
             if lang == "de" and FORMAL.search(piece.text)}
    assert not found, "\n".join(sorted(found))


DOUBLED = re.compile(r"(?<![\w’'])((?:[\w’'-]+ ){0,5}[\w’'-]+): \1:", re.I)


def test_no_page_says_a_label_twice(built_site):
    found = {f"{path} ({piece.where}): “{piece.text[:160]}”" for path, _, _, piece in read_pages(built_site)
             if DOUBLED.search(piece.text)}
    assert not found, "\n".join(sorted(found))


def test_english_pages_write_suits_in_lower_case(built_site):
    capitalised = re.compile(r"(?<![.!?:]\s)(?<!^)\b(?:Hearts?|Spades?|Diamonds?|Clubs?)\b")
    found = {f"{path} ({piece.where}): “{piece.text[:160]}”" for path, lang, _, piece in read_pages(built_site)
             if lang == "en" and capitalised.search(piece.text)}
    assert not found, "\n".join(sorted(found))


def test_each_language_keeps_its_own_quotation_marks_on_the_pages(built_site):
    """English as the English seed: ' and "; German as the German seeds: ’ and „…“ (the Forty
    Thieves seed's own „…” stays in its quoted text)."""
    found = set()
    for path, lang, _, piece in read_pages(built_site):
        if lang == "en" and re.search(r"[’‘“”„]", piece.text):
            found.add(f"{path} ({piece.where}): “{piece.text[:160]}”")
        if lang == "de" and re.search(r"[\"']|“\w|„[^“]*$", piece.text):
            found.add(f"{path} ({piece.where}): “{piece.text[:160]}”")
    assert not found, "\n".join(sorted(found))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_variant_names_are_the_same_on_the_play_page_and_the_rules_page(built_site, game, lang):
    """The play page's choice of variants and the rules page's variants example name each variant by
    its one name (tutor.glossary.variant_names), as the command line's help does."""
    folder = "de/" if lang == "de" else ""
    names = set(variant_names(game, lang).values())
    play = (built_site / f"{folder}play/{game}/index.html").read_text(encoding="utf-8")
    buttons = {escape_free(name) for name in re.findall(r'data-action="variant"[^>]*>([^<]+)<', play)}
    assert buttons == names, (game, lang, buttons ^ names)
    rules = " ".join(piece.text for piece in _read(str(built_site), f"{folder}{game}/index.html", lang))
    missing = [name for name in names if name not in rules]
    assert not missing, (game, lang, missing)


def escape_free(text: str) -> str:
    import html

    return html.unescape(text).strip()


@pytest.mark.parametrize(("path", "lang", "greeting", "home"), [
    ("no/such/page/", "en", "Page not found", "Go to the home page"),
    ("de/keine/solche/seite/", "de", "Seite nicht gefunden", "Zur Startseite"),
])
def test_the_404_page_greets_the_reader_in_the_language_of_the_address(browser, built_site, path, lang, greeting,
                                                                      home):
    """A static host answers every missing address with the one 404.html: it shows the greeting of
    the address's language, in that language (html lang, title), with links to both home pages."""
    with serve(built_site, not_found_page=True) as base_url:
        context = browser.new_context()
        watch = Watch(context, base_url)
        page = context.new_page()
        response = page.goto(base_url + path)
        assert response.status == 404
        assert page.evaluate("document.documentElement.lang") == lang
        visible = page.inner_text("body")
        assert greeting in visible and home in visible
        other = "Seite nicht gefunden" if lang == "en" else "Page not found"
        assert other not in visible
        assert greeting.split()[0] in page.title()
        links = {page.evaluate("a => new URL(a.href).pathname", link)
                 for link in page.query_selector_all("main a[href]")}
        assert {"/", "/de/"} <= links
        for target in ("/", "/de/"):
            assert page.goto(base_url + target.lstrip("/")).status == 200
        errors = [error for error in watch.errors if "404" not in error]
        assert not errors and not watch.foreign, (errors, watch.foreign)
        context.close()
