"""The seeds exact (issue 26): each page that carries one of the user's rules texts holds it character
for character, outside the mends it marks.

A seed page says which seed it carries (front matter ``seed: "004"``); the build marks its blocks as
the seed's (tutor/web/quoted.py), except what the page marks as the site's own (``.tutor-own``). Here
the page is rendered as the build renders it (Python-Markdown with the site's extensions), every mend
(``<span class="tutor-mend" data-seed="…">``) is put back to what the seed says, and the marked blocks
must then be the seed's lines, in order, character for character (a line break inside a paragraph is
a space, as a browser shows it). The seeds' lists of contents are left out: the sidebar carries them.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
import yaml

from tutor.web.quoted import mark_seed_text, seed_wording

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path("/work/shared/seeds")  # the user's rules texts; outside the repository
SEED_PAGES = {"000": ("de", "fortunes-favour.md"), "001": ("de", "queens-audience.md"),
              "003": ("en", "fortunes-favour.md"), "004": ("de", "forty-thieves.md")}
FENCE = re.compile(r"^```tutor\n.*?^```\n?", re.M | re.S)
CONTENTS_HEADINGS = ("Ausführliche Regeln", "Full rules")


def site_extensions() -> list:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    names = []
    for entry in config["markdown_extensions"]:
        names.append(next(iter(entry)) if isinstance(entry, dict) else entry)
    return names


def page_source(lang: str, name: str) -> tuple[dict, str]:
    text = (ROOT / "docs" / lang / name).read_text(encoding="utf-8")
    meta: dict = {}
    if text.startswith("---\n"):
        front, _, text = text[4:].partition("\n---\n")
        meta = yaml.safe_load(front) or {}
    return meta, text


class _SeedBlocks(HTMLParser):
    """The text of each heading, paragraph and list item inside a block marked ``tutor-seed``."""

    UNITS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.blocks: list[str] = []
        self._seed_depth = 0  # depth of open elements since the seed block opened (0: outside)
        self._units: list[list[str]] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if self._seed_depth:
            self._seed_depth += 1
        elif "tutor-seed" in classes:
            self._seed_depth = 1
        if self._seed_depth and "headerlink" in classes:
            self._skip += 1
        if self._seed_depth and tag in self.UNITS:
            if self._units:  # a list item's own text ends where a nested block starts
                self._close_unit()
            self._units.append([])

    def handle_endtag(self, tag):
        if not self._seed_depth:
            return
        if self._skip and tag == "a":
            self._skip -= 1
        if tag in self.UNITS and self._units:
            self._close_unit()
        self._seed_depth -= 1

    def _close_unit(self) -> None:
        text = " ".join(html.unescape("".join(self._units.pop())).split())
        if text:
            self.blocks.append(text)

    def handle_data(self, data):
        if self._seed_depth and self._units and not self._skip:
            self._units[-1].append(data)

    def handle_entityref(self, name):
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.handle_data(f"&#{name};")


def page_seed_blocks(lang: str, name: str) -> list[str]:
    meta, text = page_source(lang, name)
    rendered = markdown.markdown(FENCE.sub("", text), extensions=site_extensions())
    marked = mark_seed_text(rendered, bool(meta.get("seed_quoted")))
    reader = _SeedBlocks()
    reader.feed(seed_wording(marked))
    return reader.blocks


def seed_lines(number: str) -> list[str]:
    found = sorted(SEEDS.glob(f"{number}_*.txt"))
    if not found:
        pytest.skip(f"seed {number} is not on this machine")
    lines = []
    in_contents = False
    for line in found[0].read_text(encoding="utf-8").splitlines():
        line = " ".join(line.split())
        if not line:
            continue
        if line in CONTENTS_HEADINGS:
            lines.append(line)
            in_contents = True
            continue
        if in_contents and re.match(r"^\d+\. ", line):
            continue  # the list of contents: the sidebar carries it
        in_contents = False
        lines.append(re.sub(r"^(?:•|\d+\.)\s+", "", line))
    return lines


def first_difference(seed: str, page: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(seed, page, strict=False)) if a != b), min(len(seed), len(page)))
    return (f"at character {at}:\n  seed: …{seed[max(0, at - 40):at + 40]!r}…\n"
            f"  page: …{page[max(0, at - 40):at + 40]!r}…")


@pytest.mark.parametrize("number", sorted(SEED_PAGES))
def test_the_page_holds_its_seed_character_for_character(number: str) -> None:
    lang, name = SEED_PAGES[number]
    meta, _ = page_source(lang, name)
    assert str(meta.get("seed")) == number, f"docs/{lang}/{name} should say seed: \"{number}\" in its front matter"
    seed, page = seed_lines(number), page_seed_blocks(lang, name)
    for index, (seed_line, page_line) in enumerate(zip(seed, page, strict=False)):
        assert seed_line == page_line, (f"docs/{lang}/{name}, block {index + 1} differs from seed {number} outside "
                                        f"its marked mends, {first_difference(seed_line, page_line)}")
    assert len(page) == len(seed), (f"docs/{lang}/{name}: {len(page)} marked blocks, seed {number} has {len(seed)}; "
                                    f"extra or missing: {(page[len(seed):] or seed[len(page):])[:3]}")


def test_mends_are_marked_and_put_back() -> None:
    """A mend carries what the seed says; put back, the seed's words return (an empty mend is a removal)."""
    marked = ('<p class="tutor-seed">Beispiel: <span class="tutor-mend" data-seed="">6♦</span> darf auf '
              '<span class="tutor-mend" data-seed="ein falsches">eine falsche</span> Karte.'
              '<span class="tutor-mend" data-seed="6♦7♦"></span></p>')
    assert re.sub(r"<[^>]+>", "", seed_wording(marked)) == "Beispiel:  darf auf ein falsches Karte.6♦7♦"


def test_the_build_marks_seed_blocks_but_not_the_sites_own() -> None:
    fragment = ('<h1 id="t">Title</h1>\n<p class="tutor-own">Ours</p>\n<div class="tutor-slot"></div>\n'
                '<ul>\n<li>Seed <strong>item</strong></li>\n</ul>\n<p>Seed</p>')
    marked = mark_seed_text(fragment, shown_as_quote=True)
    assert '<h1 id="t" class="tutor-seed tutor-quoted">' in marked
    assert '<p class="tutor-own">' in marked and '<div class="tutor-slot">' in marked
    assert '<ul class="tutor-seed tutor-quoted">' in marked and '<p class="tutor-seed tutor-quoted">Seed' in marked


@pytest.mark.parametrize("number", sorted(SEED_PAGES))
def test_every_seed_page_marks_its_mends_only_inside_its_seed_text(number: str) -> None:
    lang, name = SEED_PAGES[number]
    _, text = page_source(lang, name)
    for line in text.splitlines():
        if "tutor-mend" in line:
            assert "tutor-own" not in line
    mends = re.findall(r'<span class="tutor-mend" data-seed="[^"]*">', text)
    assert len(mends) == text.count("tutor-mend"), "a mend is written exactly so: span, class, data-seed"


def seed_headings(number: str) -> tuple[str, list[str]]:
    """The seed's title (its first line) and its section headings: the lines that stand alone between
    blank lines, short and without closing punctuation (the list of contents' heading among them)."""
    found = sorted(SEEDS.glob(f"{number}_*.txt"))
    if not found:
        pytest.skip(f"seed {number} is not on this machine")
    lines = found[0].read_text(encoding="utf-8").split("\n")
    headings = [line.strip() for before, line, after in zip(lines, lines[1:], lines[2:], strict=False)
                if not before.strip() and not after.strip() and 0 < len(line.strip()) < 40
                and not re.search(r"[.:!?,;)]$", line.strip()) and not re.match(r"^(?:•|\d+\.)", line.strip())]
    return lines[0].strip(), headings


@pytest.mark.parametrize("number", sorted(SEED_PAGES))
def test_the_page_has_the_seeds_headings_as_the_seed_has_them(number: str) -> None:
    """The seed's title is the page's title, or, where the page's title is the site's own (Forty Thieves:
    the seed is titled "Spielanleitung"), the page's first bold line; the heading of the seed's list of
    contents is a bold line (the sidebar lists the contents); every other heading of the seed is one of
    the page's section headings, word for word and in order, and the page adds none of its own there."""
    lang, name = SEED_PAGES[number]
    _, text = page_source(lang, name)
    title, headings = seed_headings(number)
    page_title = re.search(r"^# (.*?)(?: \{([^}]*)\})?\s*$", text, re.M)
    assert page_title is not None
    bold_lines = re.findall(r"^\*\*([^*]+)\*\*\s*$", text, re.M)
    if ".tutor-own" in (page_title.group(2) or ""):
        assert bold_lines and bold_lines[0] == title, (name, title, bold_lines[:1])
    else:
        assert page_title.group(1) == title, (name, title, page_title.group(1))
    contents = [heading for heading in headings if heading in CONTENTS_HEADINGS]
    assert all(heading in bold_lines for heading in contents), (name, contents, bold_lines)
    sections = [heading for heading, attrs in re.findall(r"^## (.*?)(?: \{([^}]*)\})?\s*$", text, re.M)
                if ".tutor-own" not in attrs]
    assert sections == [heading for heading in headings if heading not in CONTENTS_HEADINGS], name
