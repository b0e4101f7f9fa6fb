"""Everything a user gives the tutor, checked in one place (pure standard library).

The command line (:mod:`tutor.cli`), the lines typed into ``tutor play``,
the requests the page sends (``tutor.web.protocol.Session``), the saved games the page keeps and the
address parameters of a page all pass through here before they reach the engine. Each check
either returns a clean value or raises :class:`InputError`, whose ``text`` says in the reader's
language what was wrong, with the offending input :func:`shown` escaped and shortened.

The limits (stated once, in :mod:`tutor.limits`):

* a deal number is written in ASCII digits (no sign, no ``_``, no other script's digits) and lies
  in the deal shuffle's range, 0 to 2⁶⁴ − 1 (:data:`MAX_DEAL`): a larger one is refused, never
  wrapped onto a smaller deal;
* ``--deals`` at most :data:`MAX_DEALS`, ``--seed`` at most :data:`MAX_DEAL`, ``--workers`` at most
  the number of processors, ``--timeout`` at most :data:`MAX_SECONDS`, ``--nodes`` at most
  :data:`MAX_NODES`;
* a move in the notation is at most :data:`MAX_NOTATION` characters; a game (played, saved or
  restored) at most :data:`MAX_GAME_MOVES` moves — the same limit everywhere, so any game that can
  be played can be saved and restored;
* a request from the page is at most :data:`MAX_REQUEST_CHARS` characters of JSON, nested at most
  :data:`MAX_REQUEST_DEPTH` deep; a line of ``tutor play`` input at most :data:`MAX_LINE` characters,
  read as UTF-8 (a line that is not UTF-8 is refused, the lines after it are read).

Output: :func:`one_line` makes a refusal a single line without control characters, and
:func:`install_plain_output` lets the terminal's encoding decide how a character it cannot show
is written (``–`` as ``-``, ``♠`` as ``S``, ``ä`` as ``ae``), instead of failing.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import sys
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TextIO
from urllib.parse import parse_qsl

from tutor.errors import HashError, InputError, printable, shown
from tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES, Text
from tutor.limits import (
    DEAL_DIGITS,
    MAX_CARD_STRING,
    MAX_DEAL,
    MAX_FIELD,
    MAX_GAME_MOVES,
    MAX_LINE,
    MAX_LINK_CHARS,
    MAX_NOTATION,
    MAX_REQUEST_CHARS,
    MAX_REQUEST_DEPTH,
    MAX_SAVED_CHARS,
    MAX_SECONDS,
)


def one_line(text: str) -> str:
    """A message as one line: line breaks and control characters escaped (see :func:`printable`)."""
    return printable(text)


def refusal_line(reason: Text, lang: str) -> str:
    """What the ``tutor`` command writes on standard error for bad input: one line."""
    return one_line(Text("ui", "tutor: {reason}", reason=reason).render(lang))


# --- numbers -----------------------------------------------------------------------------------
_DIGITS = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def _stripped(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if value.bit_length() < 200 else None
    if not isinstance(value, str) or len(value) > 100:
        return None
    return value.strip(" \t")


def whole_number(value: Any, option: str, minimum: int = 0, maximum: int = MAX_DEAL) -> int:
    """A whole number written in ASCII digits, from ``minimum`` to ``maximum``."""
    text = _stripped(value)
    number = int(text) if text is not None and _DIGITS.fullmatch(text) and len(text.lstrip("0")) <= 25 else None
    if number is None or not minimum <= number <= maximum:
        raise InputError(Text("ui", '{option} needs a whole number from {minimum} to {maximum}, not "{value}"',
                              option=option, minimum=minimum, maximum=maximum, value=shown(value)))
    return number


def deal_number(value: Any) -> int:
    """A deal number: ASCII digits, 0 to :data:`MAX_DEAL` (the shuffle's range)."""
    text = _stripped(value)
    number = int(text) if text is not None and _DIGITS.fullmatch(text) and len(text.lstrip("0")) <= 25 else None
    if number is None or number > MAX_DEAL:
        raise InputError(Text("ui", 'a deal number is a whole number from 0 to {maximum}, not "{number}"',
                              maximum=MAX_DEAL, number=shown(value)))
    return number


def is_deal_number(text: Any) -> bool:
    try:
        deal_number(text)
    except InputError:
        return False
    return True


def seconds(value: Any, option: str, maximum: float = MAX_SECONDS) -> float:
    """A number of seconds above 0 and at most ``maximum``, in ASCII digits (``2``, ``0.5``)."""
    text = _stripped(value)
    number = float(text) if text is not None and _DECIMAL.fullmatch(text) else 0.0
    if not 0 < number <= maximum:
        raise InputError(Text("ui", '{option} needs a number of seconds above 0 and at most {maximum}, not "{value}"',
                              option=option, maximum=f"{maximum:g}", value=shown(value)))
    return number


def worker_count(value: Any, option: str = "--workers") -> int:
    """Processes to use: from 1 to the number of processors of this machine."""
    return whole_number(value, option, 1, os.cpu_count() or 1)


# --- words -----------------------------------------------------------------------------------
_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,8}(?:[-_.@][A-Za-z0-9]{1,16})*")


def language(value: Any) -> str:
    """A language tag (``de``, ``de-DE``, ``de_DE.UTF-8``) → a language of the tutor; anything
    else, of any type or size, → the default language."""
    if not isinstance(value, str) or len(value) > 40 or not _LANGUAGE_TAG.fullmatch(value):
        return DEFAULT_LANGUAGE
    base = re.split(r"[-_.@]", value, maxsplit=1)[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def choice(value: Any, choices: tuple[str, ...] | list[str], what: str) -> str:
    """One of ``choices``; the refusal names them. ``what``: ``"game"`` or ``"variant"``."""
    if isinstance(value, str) and value in choices:
        return value
    listed = ", ".join(c for c in choices if c)
    if what == "game":
        raise InputError(Text("ui", 'there is no game "{game}"; choose one of: {choices}',
                              game=shown(value), choices=listed))
    raise InputError(Text("ui", 'this game has no variant "{variant}"; choose one of: {choices}',
                          variant=shown(value), choices=listed))


def card_string(value: Any) -> str:
    """A card string as a user writes it (the engine reads the codes): text, at most
    :data:`MAX_CARD_STRING` characters."""
    if not isinstance(value, str) or len(value) > MAX_CARD_STRING:
        raise InputError(Text("ui", 'a card string is at most {limit} characters of card codes, not "{value}"',
                              limit=MAX_CARD_STRING, value=shown(value)))
    return value


def notation(value: Any) -> str:
    """A move as the reader types it: text of at most :data:`MAX_NOTATION` characters (the engine
    reads the notation itself and names what is wrong with it)."""
    if not isinstance(value, str) or len(value) > MAX_NOTATION:
        raise InputError(Text("ui", '"{text}" is not a move: expected something like t3-f1', text=shown(value)))
    return value


# --- standard input ----------------------------------------------------------------------------
def read_lines(stream: TextIO) -> Iterator[str | InputError]:
    """The lines of ``stream`` (without their line break), read as UTF-8 when the stream has bytes
    underneath: a line that is not UTF-8, or is longer than :data:`MAX_LINE`, comes as an
    :class:`InputError` instead, and reading goes on with the next line."""
    raw = getattr(stream, "buffer", None)
    while True:
        if raw is not None:
            data = raw.readline(MAX_LINE * 4 + 1)  # a character is at most 4 bytes of UTF-8
            if not data:
                return
            too_long = len(data) > MAX_LINE * 4
            if too_long and not data.endswith(b"\n"):
                _skip_rest(raw)
            try:
                line = data.decode("utf-8")
            except UnicodeDecodeError:
                yield InputError(Text("ui", 'this line is not UTF-8 text, so it was not read: "{line}"',
                                      line=shown(data.rstrip(b"\r\n").decode("utf-8", "backslashreplace"))))
                continue
        else:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                return
            too_long = len(line) > MAX_LINE
            if too_long:
                while (rest := stream.readline(MAX_LINE)) and not rest.endswith("\n"):
                    pass
        line = line.rstrip("\r\n")
        if too_long or len(line) > MAX_LINE:
            yield InputError(Text("ui", 'this line is longer than {limit} characters, so it was not read: "{line}"',
                                  limit=MAX_LINE, line=shown(line)))
            continue
        yield line


def _skip_rest(raw: Any) -> None:
    data = b""
    while not data.endswith(b"\n"):
        data = raw.readline(MAX_LINE * 4)
        if not data:
            return


# --- output ------------------------------------------------------------------------------------
_PLAIN = {"–": "-", "—": "-", "‑": "-", "’": "'", "‘": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "…": "...",
          "·": ".", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "▒": "#", "×": "x", "≥": ">=", "≤": "<=",
          "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "\u00a0": " ",
          "\u202f": " ", "→": "->", "€": "EUR"}


def _plain(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    out = []
    for ch in err.object[err.start:err.end]:
        if ch in _PLAIN:
            out.append(_PLAIN[ch])
            continue
        # a letter with an accent loses the accent (é → e); anything else is written as its escape
        decomposed = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        if unicodedata.category(ch).startswith("L") and decomposed.isascii() and decomposed:
            out.append(decomposed)
        else:
            out.append(printable(ch) if not ch.isprintable() else f"\\u{ord(ch):04x}" if ord(ch) < 0x10000
                       else f"\\U{ord(ch):08x}")
    return "".join(out), err.end


codecs.register_error("tutor-plain", _plain)


def install_plain_output(*streams: Any) -> None:
    """Let ``streams`` (standard output and error by default) write what their encoding cannot
    show in plain ASCII (see :data:`_PLAIN`) instead of raising ``UnicodeEncodeError``."""

    for stream in streams or (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="tutor-plain")
        except (ValueError, OSError, LookupError):
            pass


# --- requests from the page ----------------------------------------------------------------------
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def request(text: Any) -> dict:
    """The page's JSON request as a dict: at most :data:`MAX_REQUEST_CHARS` characters, nested at
    most :data:`MAX_REQUEST_DEPTH` deep (checked before parsing, so nothing deep is ever built)."""
    problem = Text("ui", "the page sent something that cannot be read")
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        raise InputError(problem)
    if _nests_deeper(text, MAX_REQUEST_DEPTH):
        raise InputError(problem)
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise InputError(problem) from None
    if not isinstance(value, dict):
        raise InputError(problem)
    return value


def depth_of(value: Any, limit: int = MAX_REQUEST_DEPTH) -> int:
    """How deep ``value`` nests lists and dicts, counting only up to ``limit + 1`` (so a value
    nested thousands deep costs no more than one nested a little too deep)."""
    stack = [(value, 1)]
    deepest = 0
    seen = 0
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, (list, dict)):
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        seen += 1
        if seen > 100_000:
            return limit + 1
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children)
    return deepest


def widget_id(value: Any) -> str:
    """A widget id the page names: letters, digits, ``-`` and ``_``, starting with a letter, at most
    64 characters (it becomes part of element ids and ``href="#…"`` references)."""
    if isinstance(value, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,63}", value):
        return value
    raise InputError(Text("ui", "the page did not say which part of it this is for"))


def field(value: Any, limit: int = MAX_FIELD) -> Any:
    """A text field of a request, refused when it is longer than ``limit``; other values as they are."""
    if isinstance(value, str) and len(value) > limit:
        raise InputError(Text("ui", "the page sent a value longer than {limit} characters", limit=limit))
    return value


@dataclass(frozen=True)
class PageRequest:
    """A request from the page, checked once at the door (:func:`page_request`): its language, the
    widget it is for, the action (a short text, or whatever the page sent in its place: the widget
    says it cannot do that) and the whole request with every field checked. A saved game in it is
    checked by the widget that owns it (:func:`saved_game`, :func:`saved_text`)."""

    lang: str
    widget: str
    action: Any
    fields: dict


class BadRequest(InputError):
    """A request refused at the door; ``lang`` and ``widget`` as far as they could be read, so the
    answer is in the page's language and names its widget."""

    def __init__(self, text: Text, lang: str, widget: str | None) -> None:
        super().__init__(text)
        self.lang = lang
        self.widget = widget


def page_request(request: Any) -> PageRequest:
    """Every check of a page's request in one place: a JSON object, its language, a widget id, an
    action of at most 40 characters, text fields of at most :data:`MAX_FIELD` characters (a saved
    game's ``saved`` and ``saved_text`` aside, and a review's ``link``: the review says
    when it is longer than :data:`MAX_LINK_CHARS`) and nothing nested deeper than
    :data:`MAX_REQUEST_DEPTH`. Raises :class:`BadRequest`."""
    lang, widget = DEFAULT_LANGUAGE, None
    try:
        if not isinstance(request, dict):
            raise InputError(Text("ui", "the page sent something that cannot be read"))
        lang = language(request.get("lang"))
        widget = widget_id(request.get("widget"))
        action = field(request.get("action"), 40)
        for key, value in request.items():
            if key == "link":  # a review's link: its moves make it longer; the review says when too long
                field(value, 4 * MAX_LINK_CHARS)
            elif key not in ("saved", "saved_text"):
                field(value)
        if depth_of(request) > MAX_REQUEST_DEPTH:
            raise InputError(Text("ui", "the page sent something that cannot be read"))
    except InputError as err:
        raise BadRequest(err.text, lang, widget) from None
    return PageRequest(lang, widget, action, request)


# --- saved games -------------------------------------------------------------------------------
SAVED_KEYS = ("kind", "scenario", "mode", "track", "frame", "moves")


def saved_text(text: Any, scenario_id: str) -> dict:
    """A saved game exactly as the page read it from its storage (text, never parsed by the page):
    refused when it is cut off, not JSON, nested deeper than a saved game is, too long, written by
    another version of the tutor (a field it does not know) or of the wrong shape (see
    :func:`saved_game`). Raises :class:`InputError` with the reason."""
    if not isinstance(text, str) or len(text) > MAX_SAVED_CHARS:
        raise InputError(Text("ui", "it is not a saved game"))
    if _nests_deeper(text, 2):
        raise InputError(Text("ui", "it is not a saved game"))
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        if 0 < err.pos and (err.pos >= len(text.rstrip()) or err.msg.startswith("Unterminated string")):
            raise InputError(Text("ui", "it is cut off")) from None
        raise InputError(Text("ui", "it is not a saved game")) from None
    except (ValueError, RecursionError):
        raise InputError(Text("ui", "it is not a saved game")) from None
    if isinstance(value, dict) and any(key not in SAVED_KEYS for key in value):
        raise InputError(Text("ui", "it was saved by another version of this site"))
    return saved_game(value, scenario_id)


def _nests_deeper(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` nests lists and objects deeper than ``limit`` (strings skipped),
    found without parsing it."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


def saved_game(saved: Any, scenario_id: str) -> dict:
    """A saved game as the page keeps it, ``{scenario, mode, track, frame, moves}``, checked for
    its shape: the right example, a mode, small whole numbers, at most :data:`MAX_GAME_MOVES`
    moves each of at most :data:`MAX_NOTATION` characters. Whether the moves replay is the
    engine's to say. Raises :class:`InputError` with the reason."""
    if not isinstance(saved, dict) or depth_of(saved) > 2:
        raise InputError(Text("ui", "it is not a saved game"))
    if saved.get("scenario") != scenario_id:
        raise InputError(Text("ui", "it belongs to another example"))
    mode = saved.get("mode", "play")
    if mode not in ("guide", "play"):
        raise InputError(Text("ui", "it is not a saved game"))
    for key in ("track", "frame"):
        place = saved.get(key, 0)
        if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < 10_000:
            raise InputError(Text("ui", "it names no step of this example"))
    moves = saved.get("moves", [])
    if (not isinstance(moves, list) or len(moves) > MAX_GAME_MOVES
            or not all(isinstance(m, str) and 0 < len(m) <= MAX_NOTATION for m in moves)):
        raise InputError(Text("ui", "its list of moves is damaged"))
    return {"scenario": scenario_id, "mode": mode, "track": saved.get("track", 0), "frame": saved.get("frame", 0),
            "moves": list(moves)}


# --- address parameters ----------------------------------------------------------------------------
def page_parameters(query: Any, games: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """The parameters of a page address (``?game=forty-thieves&variant=josephine&deal=7&lang=de``),
    checked: ``games`` maps each game id to its variant ids. Unknown parameters are ignored; a
    known one with a bad value is refused. Returns the values given (``deal`` as an int)."""
    if not isinstance(query, str) or len(query) > 2_000:
        raise InputError(Text("ui", "this address is too long to read"))
    values: dict[str, Any] = {}
    try:
        pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=50)
    except ValueError:
        raise InputError(Text("ui", "this address is too long to read")) from None
    for key, value in pairs:
        if key in values:
            continue  # the first of a repeated parameter counts
        if key == "game":
            values["game"] = choice(value, tuple(games), "game")
        elif key == "variant":
            values["variant"] = value
        elif key == "deal":
            values["deal"] = deal_number(value)
        elif key == "lang":
            values["lang"] = language(value)
    if "variant" in values:
        variants = games.get(values.get("game", ""), ())
        values["variant"] = choice(values["variant"], tuple(v or "base" for v in variants) + ("",), "variant")
    return values


def page_deal_number(text: Any) -> int:
    """A deal number as the page takes it (from the address or the deal box): checked by
    :func:`deal_number`, then within the page's range, 0 to :data:`MAX_DEAL`.
    Raises :class:`HashError` saying which it is not."""
    try:
        number = deal_number(text)
    except InputError:
        written = text.strip(" \t") if isinstance(text, str) else ""
        if not (written.isascii() and written.isdigit()):
            raise HashError(Text("ui", '"{number}" is not a deal number: it is a whole number of up to {digits} digits',
                                 number=shown(text), digits=DEAL_DIGITS)) from None
        number = None
    if number is None or number > MAX_DEAL:
        raise HashError(Text("ui", "{number} is too high: a deal number has at most {digits} digits",
                             number=shown(text.strip(" \t"), 30), digits=DEAL_DIGITS))
    return number
