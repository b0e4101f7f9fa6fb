"""The seeds' rule text on a page, marked as quoted.

A rules page that carries one of the user's rules texts says so in its front matter
(``seed: "004"``). Every block of such a page (its headings, paragraphs and lists at the top level)
is the seed's text, carried verbatim, except what the page marks as the site's own
(``{: .tutor-own }``: a subtitle, the terms bridge, a sentence where the seed is silent) and the
tutor blocks. The build gives each seed block the class ``tutor-seed``; with ``seed_quoted: true``
also ``tutor-quoted``, which shows it as a quotation (the Forty Thieves seed addresses the reader
as „Sie“, the site as du). Inside the seed text, a mend is marked where it stands:
``<span class="tutor-mend" data-seed="what the seed says">what the page says</span>``.

The tests read the marks: the glossary and the voice checks leave the seed's text alone, and each
page's seed text is compared with its seed character for character outside the mends.
"""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

BLOCKS = {"p", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _TopLevel(HTMLParser):
    """The start tags of the fragment's top-level elements: (offset, end of the tag, tag, attrs)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, int, str, dict[str, str]]] = []
        self._depth = 0
        self._lines = [0]
        for match in re.finditer("\n", html):
            self._lines.append(match.end())

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if self._depth == 0:
            start = self._offset()
            text = self.get_starttag_text() or ""
            self.found.append((start, start + len(text), tag, {k: v or "" for k, v in attrs}))
        if tag not in VOID:
            self._depth += 1

    def handle_endtag(self, tag):
        if tag not in VOID:
            self._depth = max(0, self._depth - 1)


def mark_seed_text(html: str, shown_as_quote: bool = False) -> str:
    """``html`` (a page's content) with each top-level block of the seed's text marked (see the
    module's docstring)."""
    parser = _TopLevel(html)
    parser.feed(html)
    parser.close()
    classes = "tutor-seed tutor-quoted" if shown_as_quote else "tutor-seed"
    for start, end, tag, attrs in reversed(parser.found):
        own = set((attrs.get("class") or "").split())
        if tag not in BLOCKS or "tutor-own" in own:
            continue
        opening = html[start:end]
        if "class=" in opening:
            opening = re.sub(r'class="([^"]*)"', lambda m: f'class="{m.group(1)} {classes}"', opening, count=1)
        else:
            opening = opening[:-1].rstrip("/") + f' class="{classes}">'
        html = html[:start] + opening + html[end:]
    return html


_MEND = re.compile(r'<span class="tutor-mend" data-seed="([^"]*)">(.*?)</span>', re.S)


def seed_wording(html: str) -> str:
    """A block's HTML as the seed words it: each mend back to what the seed says."""

    return _MEND.sub(lambda m: html_lib.unescape(m.group(1)), html)
