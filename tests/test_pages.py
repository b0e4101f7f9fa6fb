"""The rules pages (issue 4): both languages, the same sections, the right language, the seeds
carried faithfully, the Forty Thieves card glyphs back in their sentences, known pictures."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tutor.i18n import LANGUAGES
from tutor.lessons import all_scenarios, get_scenario
from tutor.web.widgets.task_items import path_steps

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = ("index.md", "fortunes-favour.md", "queens-audience.md", "forty-thieves.md", "about.md")

GAME_SECTIONS = {
    "fortunes-favour.md": ["overview", "terms", "setup", "playing", "winning", "tips", "variants"],
    "queens-audience.md": ["overview", "layout", "setup", "playing", "winning", "tips", "variants"],
    "forty-thieves.md": ["players", "deck", "goal", "setup", "playing", "winning", "variants", "tips",
                         "tips-measured", "glossary"],
}
GAME_PICTURES = {
    "fortunes-favour.md": ["ff-setup", "ff-worked-example"],
    "queens-audience.md": ["qa-setup", "qa-worked-example"],
    "forty-thieves.md": ["ft-setup", "ft-worked-example"],
}

CARD = r"(?:10|[2-9AJQKBD])[♠♥♦♣]"
FENCE = re.compile(r"^```tutor\n(.*?)^```", re.M | re.S)


def page(lang: str, name: str) -> str:
    """The page's Markdown without its front matter, a mend's marks taken away (its words kept)."""
    text = (DOCS / lang / name).read_text(encoding="utf-8")
    if text.startswith("---\n"):
        text = text[4:].partition("\n---\n")[2].lstrip("\n")
    return re.sub(r'<span class="tutor-mend" data-seed="[^"]*">(.*?)</span>', r"\1", text)


def anchors(text: str) -> list[str]:
    return re.findall(r"^#{2,6} .*\{#([\w-]+)(?: \.[\w-]+)*\}\s*$", text, re.M)


def tutor_blocks(text: str) -> list[str]:
    return [body.strip() for body in FENCE.findall(text)]


def prose(text: str) -> str:
    return FENCE.sub("", text)


@pytest.mark.parametrize("name", PAGES)
def test_every_page_exists_in_both_languages_with_the_same_anchors(name: str) -> None:
    en, de = page("en", name), page("de", name)
    assert anchors(en) == anchors(de), name
    assert len(set(anchors(en))) == len(anchors(en)), f"{name}: an anchor is used twice"
    # every heading below the title carries an explicit id, so the language switch lands on it
    for text in (en, de):
        for heading in re.findall(r"^#{2,6} .*$", text, re.M):
            assert re.search(r"\{#[\w-]+(?: \.[\w-]+)*\}\s*$", heading), f"{name}: heading without an id: {heading}"


@pytest.mark.parametrize("name", sorted(GAME_SECTIONS))
def test_game_pages_have_their_seed_sections_in_order(name: str) -> None:
    for lang in LANGUAGES:
        assert anchors(page(lang, name)) == GAME_SECTIONS[name]


@pytest.mark.parametrize("name", sorted(GAME_SECTIONS))
def test_game_pages_have_one_table_of_contents_the_sidebars(name: str) -> None:
    """The seeds open with their heading ("Ausführliche Regeln", "Full rules"; Forty Thieves:
    "Spielanleitung", "How to play") and a list of contents; the heading stays, the sidebar lists
    the sections, so the page does not list them a second time."""
    heading = {"fortunes-favour.md": ("**Full rules**", "**Ausführliche Regeln**"),
               "queens-audience.md": ("**Full rules**", "**Ausführliche Regeln**"),
               "forty-thieves.md": ("**How to play**", "**Spielanleitung**")}[name]
    for lang, wanted in zip(LANGUAGES, heading, strict=True):
        text = page(lang, name)
        assert not re.search(r"^\d+\. \[[^\]]+\]\(#[\w-]+\)", text, re.M), (lang, name)
        assert text.count(wanted) == 1, (lang, name, wanted)


def test_one_heading_word_per_section_across_the_games() -> None:
    """The English pages are ours: a section the games share starts with the same word everywhere
    ("Winning", not "Winning or losing" on one page)."""
    by_anchor: dict[str, set[str]] = {}
    for name in GAME_SECTIONS:
        for heading, anchor in re.findall(r"^## (.*?) \{#([\w-]+)\}\s*$", page("en", name), re.M):
            by_anchor.setdefault(anchor, set()).add(heading.split()[0])
    shared = {anchor: words for anchor, words in by_anchor.items() if anchor in ("overview", "setup", "playing",
                                                                              "winning", "tips", "variants")}
    assert all(len(words) == 1 for words in shared.values()), shared
    winning = {re.search(r"^## (.*?) \{#winning\}", page("en", name), re.M).group(1) for name in GAME_SECTIONS}
    assert winning == {"Winning"}


@pytest.mark.parametrize("name", ["queens-audience.md", "forty-thieves.md", "index.md", "about.md"])
def test_english_we_write_says_29_percent_and_starts_no_sentence_with_a_numeral(name: str) -> None:
    text = prose(page("en", name))
    assert not re.search(r"\d[ \u00a0]%", text), "English writes 29%, not 29 %"
    starts = re.findall(r"(?:^|[.!?:] +|^\s*(?:[-*]|\d+\.) +(?:\*\*[^*]+\*\* +)?)(\d+ \w+)", text, re.M)
    starts = [s for s in starts if not re.match(r"\d+ (to|bis)\b", s)]
    assert not starts, starts


GERMAN_WORDS = {"der", "die", "das", "und", "ist", "nicht", "ein", "eine", "auf", "mit", "den", "zu", "du",
                "dem", "des", "wenn", "oder", "von", "im", "sie"}
ENGLISH_WORDS = {"the", "and", "is", "not", "a", "an", "on", "with", "to", "you", "of", "in", "it", "if",
                 "or", "from", "are", "one", "each"}


def language_counts(text: str) -> tuple[int, int]:
    words = Counter(w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", prose(text)))
    return sum(words[w] for w in GERMAN_WORDS), sum(words[w] for w in ENGLISH_WORDS)


@pytest.mark.parametrize("name", PAGES)
def test_german_pages_are_german_and_english_pages_english(name: str) -> None:
    german, english = language_counts(page("de", name))
    assert german > 3 * english, (name, german, english)
    german, english = language_counts(page("en", name))
    assert english > 3 * german, (name, german, english)


def test_forty_thieves_example_sentence_carries_its_cards() -> None:
    """Seed 004, rule 2: "Beispiel: darf auf gelegt werden, aber nicht auf oder auf , wenn dort
    bereits eine 6 liegt." – the glyphs 6♦7♦7♥7♦ were pasted after the paragraph."""
    de = " ".join(page("de", "forty-thieves.md").split())
    assert ("Beispiel: 6♦ darf auf 7♦ gelegt werden, aber nicht auf 7♥ oder auf 7♦, wenn dort bereits eine 6 liegt."
            in de)
    en = " ".join(page("en", "forty-thieves.md").split())
    assert "Example: 6♦ can go onto 7♦, but not onto 7♥, nor onto a 7♦ that already has a 6 on it." in en


def section(text: str, anchor: str) -> str:
    match = re.search(r"^## .*\{#" + anchor + r"\}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, anchor
    return " ".join(match.group(1).split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_forty_thieves_spade_foundation_glyphs_sit_in_their_sentences(lang: str) -> None:
    """The A♠ … K♠ that seed 004 pasted after the foundation rule, the win condition and the
    glossary entry (and the Ziel section's "(… auf zwei Pik-Grundstapeln …)") stand inside them."""
    text = page(lang, "forty-thieves.md")
    goal = section(text, "goal")
    assert "(A♠ … K♠ auf zwei Pik-Grundstapeln" in goal or "(A♠ … K♠ on two spade foundations" in goal
    playing = section(text, "playing")
    assert re.search(r"(bis König|up to King) \(A♠ … K♠\)\. (Jede Farbe|Each suit)", playing)
    winning = section(text, "winning")
    assert re.search(r"(in der eigenen Farbe|in its own suit) \(A♠ … K♠\);", winning)
    glossary = section(text, "glossary")
    assert re.search(r"(bis zum König aufgebaut wird|built up from Ace to King) \(A♠ … K♠\);", glossary)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_no_stray_runs_of_card_glyphs(lang: str, name: str) -> None:
    text = prose(page(lang, name))
    assert not re.findall(f"(?:{CARD}){{2,}}", text), "card glyphs run together"
    assert not re.findall(rf"[.;:!?)]\s?(?:{CARD})+\s*$", text, re.M), "glyphs pasted after a sentence"
    assert not re.search(r"(auf|onto|on) ,", text), "a sentence lost its card"


@pytest.mark.parametrize("name", PAGES)
def test_tutor_blocks_are_identical_across_languages_and_name_known_scenarios(name: str) -> None:
    known = {scenario.id for scenario in all_scenarios()}
    en, de = tutor_blocks(page("en", name)), tutor_blocks(page("de", name))
    assert en == de
    for body in en:
        kind, _, argument = body.partition(":")
        if kind.strip() in ("picture", "scenario"):
            assert argument.strip() in known, body


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAME_PICTURES))
def test_each_game_page_shows_its_setup_and_worked_example(name: str, lang: str) -> None:
    """The worked example as a picture where the rules text describes it; the layout after the setup
    once, as the setup section's lesson steps through to it (one figure per fact: the picture of the
    same layout stood just above that lesson)."""
    blocks = tutor_blocks(page(lang, name))
    setup_id, example_id = GAME_PICTURES[name]
    game = name.removesuffix(".md")
    assert f"picture: {example_id}" in blocks
    assert f"picture: {setup_id}" not in blocks
    assert f"lesson: {game} setup" in blocks
    setup = next(step for step in path_steps(game) if step.anchor == "setup")
    assert get_scenario(setup.examples[0]).cards == get_scenario(setup_id).cards


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pictures_stand_where_the_text_points_at_them(lang: str) -> None:
    """"In der Auslage oben …", "Im Bild oben …", "In the layout above …": the picture comes first."""
    pointers = {"fortunes-favour.md": ("ff-worked-example", ("In der Auslage oben", "In the layout above")),
                "queens-audience.md": ("qa-worked-example", ("Im Bild oben", "In the picture above"))}
    for name, (scenario_id, phrases) in pointers.items():
        text = page(lang, name)
        picture = text.index(f"picture: {scenario_id}")
        pointer = min(text.index(p) for p in phrases if p in text)
        assert picture < pointer
        assert "```tutor" not in text[picture:pointer].split("```", 1)[1], "another picture in between"


def test_cross_links_between_the_games() -> None:
    """Fortune's Favour points at Forty Thieves twice: "größere Spiele wie Vierzig Räuber" and Busy
    Aces' "die vollständigen Regeln dieser Familie findest du bei Vierzig Räuber"."""
    for lang in LANGUAGES:
        assert page(lang, "fortunes-favour.md").count("](forty-thieves.md)") == 2
        index = page(lang, "index.md")
        for game in GAME_SECTIONS:
            assert f"]({game})" in index


# --- faithful to the seeds: tests/test_seeds.py compares each seed page with its seed ---------------

def test_forty_thieves_keeps_both_intro_paragraphs() -> None:
    """Seed 004 opens with two overlapping paragraphs: both stay on the German page as quoted, after the
    seed's heading and the site's subtitle; the English translation says it once (the fuller second)."""
    de = " ".join(page("de", "forty-thieves.md").split())
    assert de.index("*Vierzig Räuber*") < de.index("**Spielanleitung**") \
        < de.index("Forty Thieves (Napoleon at St. Helena, Big Forty) ist") < de.index("Forty Thieves (auch Napoleon")
    en = " ".join(page("en", "forty-thieves.md").split())
    assert en.index("**How to play**") < en.index("Forty Thieves (also Napoleon")
    assert en.count("is a demanding patience") == 1 and "Forty Thieves (Napoleon at St. Helena" not in en
