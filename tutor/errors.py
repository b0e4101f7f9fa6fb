"""The tutor's errors: one base that carries page text, and narrow subclasses that say what failed.

Every error the reader or the terminal may see is a :class:`TutorError`: its ``text`` is a
:class:`~tutor.i18n.Text`, rendered in the reader's language by :meth:`TutorError.message`, and an
input it refuses is repeated :func:`shown` (escaped and shortened), never raw. Nothing that raises
one changes a position, a saved game or a page.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tutor.limits import MAX_SHOWN

if TYPE_CHECKING:
    from tutor.i18n import Text


class TutorError(Exception):
    """Base of the tutor's errors. ``text`` is the reason, renderable in any language."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render("en"))
        self.text = text

    def message(self, lang: str) -> str:
        return self.text.render(lang)


# --- the engine --------------------------------------------------------------------------------
class IllegalMove(TutorError):
    """A move the rules forbid in this position; the position is unchanged."""


class BadMoveNotation(TutorError):
    """Text that is not a move in the notation (see :meth:`tutor.engine.Move.parse`)."""


class BadDeal(TutorError):
    """A card string (or deal number) that cannot be a deal of this game."""


class UnknownGame(TutorError):
    """An unknown game or variant id."""


# --- what a user gives ---------------------------------------------------------------------------
class InputError(TutorError):
    """Input the tutor refuses (a command-line value, a request, a saved game, a page address)."""


class UsageError(TutorError):
    """A command line that argparse cannot read (an unknown option, a missing value)."""


class DirectiveError(TutorError):
    """A page directive that cannot be used; the text says what to fix."""


class PlayError(TutorError):
    """A request that a board refuses (a frame out of range, an unknown action)."""


class HashError(TutorError):
    """A page address (``#deal=…&variant=…``) that the play page cannot use."""


class UnknownClaim(TutorError):
    """A ``claim:`` directive naming no claim; the text lists the known ones."""


# --- showing what was refused ----------------------------------------------------------------------
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """``text`` with every character a terminal or a page would act on written as an escape:
    line breaks, control characters, escape sequences, direction overrides, lone surrogates."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch.isprintable() or ch == " ":
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """An offending input as a message repeats it: escaped (:func:`printable`) and at most
    ``limit`` characters (``…`` marks the cut). Never fails, whatever ``value`` is."""
    if isinstance(value, str):
        text = value[: limit * 4]
    elif isinstance(value, bool) or value is None:
        text = json.dumps(value)
    elif isinstance(value, int):
        # a huge number cannot even be written out (Python refuses over 4,300 digits): its size
        text = (str(value) if value.bit_length() < 200
                else f"{'-' if value < 0 else ''}~10^{int(value.bit_length() * 0.30103)}")
    elif isinstance(value, float):
        text = repr(value)
    else:
        text = type(value).__name__
    text = printable(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"
