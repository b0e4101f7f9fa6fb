"""A move as a value: ``Move`` with its notation (parse and format round-trip), like python-chess's."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.errors import BadMoveNotation, shown
from tutor.i18n import Text
from tutor.limits import MAX_NOTATION


@dataclass(frozen=True, slots=True)
class Move:
    """A move as notation: ``src-dst`` with pile ids, e.g. ``t3-f1``, ``w-t5``, ``s-w`` (turn the
    stock), ``w-s`` (redeal), ``r3+r7-k1`` (two cards enter together), ``t2-t5x3`` (three cards as a
    unit, where a variant allows it). ``str(move)`` and :meth:`parse` round-trip.
    """

    src: str
    dst: str
    count: int = 1

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(self.src.split("+"))

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}" + (f"x{self.count}" if self.count != 1 else "")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the notation; anything else (of any type or length) raises :class:`BadMoveNotation`
        naming the text, escaped and shortened."""
        raw = text.strip().lower() if isinstance(text, str) and len(text) <= MAX_NOTATION else ""
        if not _NOTATION.fullmatch(raw):
            raise BadMoveNotation(Text("ui", '"{text}" is not a move: expected something like t3-f1',
                                       text=shown(text)))
        body, _, tail = raw.partition("x")
        count = int(tail) if tail else 1
        if count < 1:
            raise BadMoveNotation(Text("ui", '"{text}" is not a move: expected something like t3-f1',
                                       text=shown(text)))
        src, _, dst = body.partition("-")
        return cls(src, dst, count)


# pile ids are ASCII letters then digits (t3, w, r12); a count is at most three digits
_NOTATION = re.compile(r"[a-wyz]+[0-9]*(?:\+[a-wyz]+[0-9]*)*-[a-wyz]+[0-9]*(?:x[0-9]{1,3})?")


_MOVE_CACHE: dict[tuple[str, str], Move] = {}


def cached_move(src: str, dst: str) -> Move:
    """The single-card move ``src-dst``, one shared object per pair: move generation is the
    engine's hot path, and these moves are immutable."""
    found = _MOVE_CACHE.get((src, dst))
    if found is None:
        found = _MOVE_CACHE[(src, dst)] = Move(src, dst)
    return found

