"""What a reader reads or hears on a built page, piece by piece, with where each piece stands.

A piece is a run of text or the words of an attribute a reader meets (``aria-label``, ``title``,
``alt``, ``placeholder``, the ``data-msg-*`` words the page script shows). Each piece knows:

* ``quoted``: it stands in a seed's rule text, marked by the build (``.tutor-seed``): the user's
  words, carried verbatim, which no rule of ours may change;
* ``bridge``: it stands in a terms bridge (``.tutor-bridge``), which names other games' words on
  purpose;
* ``foreign``: it stands in an element in another language (``lang`` or ``hreflang``: the
  language switcher's "English" on a German page);
* ``section``: the id of the ``h2`` it follows (on the about page: the game the section is about);
* ``where``: the element's tag and classes, for messages.

Scripts, styles and ``<noscript>`` styles are not read; hidden frames of a guide are (a reader
steps through them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Tags inside which a sentence runs on: their text joins the text around them into one piece.
INLINE = {"a", "abbr", "b", "bdi", "cite", "code", "del", "em", "i", "ins", "kbd", "mark", "q", "s", "small",
          "span", "strong", "sub", "sup", "time", "u", "tspan"}
READ_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")


@dataclass(frozen=True)
class Piece:
    text: str
    quoted: bool
    bridge: bool
    foreign: bool
    section: str
    where: str


class _Reader(HTMLParser):
    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.pieces: list[Piece] = []
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.section = ""
        self._buffer: list[str] = []
        self._buffer_flags: tuple | None = None

    # --- the flags of the current place ---------------------------------------------------------
    def _flags(self, attrs: dict[str, str] | None = None) -> tuple:
        chain = [a for _, a in self.stack] + ([attrs] if attrs is not None else [])
        classes = {c for a in chain for c in (a.get("class") or "").split()}
        foreign = any((a.get("lang") or a.get("hreflang") or self.lang).split("-")[0] != self.lang for a in chain)
        block = next((f"{tag}.{'.'.join((a.get('class') or '').split())}".rstrip(".")
                      for tag, a in reversed(self.stack) if tag not in INLINE), "")
        return ("tutor-seed" in classes, "tutor-bridge" in classes, foreign, self.section, block)

    def _add(self, text: str, flags: tuple) -> None:
        quoted, bridge, foreign, section, where = flags
        self.pieces.append(Piece(" ".join(text.split()), quoted, bridge, foreign, section, where))

    def _flush(self) -> None:
        text = "".join(self._buffer)
        if text.strip() and self._buffer_flags is not None:
            self._add(text, self._buffer_flags)
        self._buffer, self._buffer_flags = [], None

    def _skipping(self) -> bool:
        return any(tag in ("script", "style", "template") for tag, _ in self.stack)

    def _attributes(self, tag: str, attrs: dict[str, str]) -> None:
        if self._skipping():
            return
        for name, value in attrs.items():
            if value and value.strip() and (name in READ_ATTRIBUTES or name.startswith("data-msg")):
                quoted, bridge, foreign, section, _ = self._flags(attrs)
                classes = ".".join((attrs.get("class") or "").split())
                self._add(value, (quoted, bridge, foreign, section, f"{tag}{'.' + classes if classes else ''}[{name}]"))

    def handle_starttag(self, tag, attrs):
        a = {name: value or "" for name, value in attrs}
        if tag not in INLINE:
            self._flush()
        if tag == "h2" and a.get("id"):
            self.section = a["id"]
        self._attributes(tag, a)
        if tag not in VOID:
            self.stack.append((tag, a))

    def handle_startendtag(self, tag, attrs):
        if tag not in INLINE:
            self._flush()
        self._attributes(tag, {name: value or "" for name, value in attrs})

    def handle_endtag(self, tag):
        if tag not in INLINE:
            self._flush()
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        if self._skipping():
            return
        flags = self._flags()
        if self._buffer_flags is not None and flags[:3] != self._buffer_flags[:3]:
            self._flush()
        if self._buffer_flags is None:
            self._buffer_flags = flags
        self._buffer.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def reader_pieces(html: str, lang: str) -> list[Piece]:
    """Every piece a reader meets on the page (see the module's docstring)."""
    reader = _Reader(lang)
    reader.feed(html)
    reader.close()
    return reader.pieces


def sentence_around(text: str, start: int, end: int, width: int = 60) -> str:
    """The words around a find, for a failure message."""
    left = max(0, start - width)
    right = min(len(text), end + width)
    return ("…" if left else "") + text[left:right] + ("…" if right < len(text) else "")


WORD = re.compile(r"[A-Za-zÄÖÜäöüß’'-]+")
