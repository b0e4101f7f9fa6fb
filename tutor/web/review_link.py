"""The link to a game's review: ``#game=fortunes-favour&deal=123&variant=one-redeal&moves=…``.

The moves travel compactly: each as its place in the list of legal moves of the position before it
(:meth:`tutor.engine.Position.legal_moves`, the engine's order), written in base64url digits, five
bits to a digit with the sixth saying "more digits follow" (so a place under 32 takes one digit, one
under 1024 two). A game of 150 moves is about 150 characters; a game whose link would be longer than
:data:`tutor.limits.MAX_LINK_CHARS` gets no link (:func:`review_hash` says so), never a cut one.

:func:`read_review_hash` reads a link back: a link that names no game, a game or variant the tutor
does not know or a bad deal number cannot be used at all; a corrupt or illegal move keeps the game
up to the move before it, and says which move it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine import UnknownGame, get_rules
from tutor.errors import HashError
from tutor.i18n import Text
from tutor.inputs import page_deal_number
from tutor.limits import MAX_LINK_CHARS

DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {digit: value for value, digit in enumerate(DIGITS)}
MORE = 32  # the digit's sixth bit: another digit of the same number follows
FIELDS = ("game", "deal", "variant", "moves")


def encode_places(places: Sequence[int]) -> str:
    """Whole numbers ≥ 0 as base64url digits, five bits to a digit, lowest bits first."""
    out = []
    for place in places:
        while True:
            chunk, place = place & 31, place >> 5
            out.append(DIGITS[chunk | (MORE if place else 0)])
            if not place:
                break
    return "".join(out)


def encode_moves(start: Any, moves: Sequence[str]) -> str:
    """The moves of a game from ``start`` (an engine position, unchanged) as places in the legal
    moves. Raises the engine's error for a move that cannot be played."""
    position = start.copy()
    places = []
    for move in moves:
        legal = [str(m) for m in position.legal_moves()]
        places.append(legal.index(str(position.play(move))))
    return encode_places(places)


def review_hash(game: str, deal: int, variant: str, start: Any, moves: Sequence[str]) -> str | None:
    """The link's hash (without ``#``) for the game ``moves`` of deal ``deal``, or ``None`` when it
    would be longer than :data:`MAX_LINK_CHARS` (the page then says so: :func:`too_long_text`)."""
    text = f"game={game}&deal={deal}" + (f"&variant={variant}" if variant else "") + "&moves="
    if len(text) + len(moves) > MAX_LINK_CHARS:  # each move takes a digit at least: no need to play them
        return None
    text += encode_moves(start, moves)
    return text if len(text) <= MAX_LINK_CHARS else None


def too_long_text() -> Text:
    """What a page says instead of a review link when :func:`review_hash` gives none."""
    return Text("ui", "This game is too long for a review link (a link holds at most {limit} characters), so it "
                      "has none.", limit=MAX_LINK_CHARS)


@dataclass
class ReviewLink:
    """What a review link names: the game, its start, the moves that could be read and played,
    and what was wrong with the rest (``problem``, ``None`` when nothing was)."""

    game: str
    variant: str
    deal: int
    start: Any
    moves: list[str]
    problem: Text | None = None


def read_review_hash(text: Any) -> ReviewLink | None:
    """A review link's hash (with or without ``#``) → :class:`ReviewLink`; ``None`` when it names
    nothing of a review (an empty hash). Raises :class:`HashError` when the game cannot be opened."""

    if not isinstance(text, str):
        return None
    text = text.lstrip("#").strip()
    if not text:
        return None
    if len(text) > MAX_LINK_CHARS:
        raise HashError(Text("ui", "the link is longer than a review link can be ({limit} characters)",
                             limit=MAX_LINK_CHARS))
    fields: dict[str, str] = {}
    for part in text.split("&"):
        key, _, value = part.partition("=")
        if key in FIELDS:
            if key in fields:
                raise HashError(Text("ui", 'the address names "{key}" twice', key=key))
            fields[key] = value.strip()
    if "game" not in fields:
        raise HashError(Text("ui", "the link names no game"))
    variant = fields.get("variant", "")
    try:
        rules = get_rules(fields["game"], "" if variant == "base" else variant)
    except UnknownGame as err:
        raise HashError(err.text) from None
    if "deal" not in fields:
        raise HashError(Text("ui", "the address names no deal number"))
    deal = page_deal_number(fields["deal"])
    start = rules.deal(deal)
    moves, problem = decode_moves(start, fields.get("moves", ""))
    return ReviewLink(rules.game_id, rules.variant, deal, start, moves, problem)


def decode_moves(start: Any, code: str) -> tuple[list[str], Text | None]:
    """The moves written ``code`` from ``start`` (unchanged): every move up to the first one that
    cannot be read or played, and what was wrong with that one (``None`` when nothing was)."""
    position = start.copy()
    moves: list[str] = []
    place = shift = 0
    for digit in code:
        value = _VALUE.get(digit)
        if value is None:
            return moves, _bad_move(len(moves))
        place |= (value & 31) << shift
        shift += 5
        if value & MORE:
            if shift > 30:
                return moves, _bad_move(len(moves))
            continue
        legal = position.legal_moves()
        if place >= len(legal):
            return moves, Text("ui", "move {number} of the link is not a move that could be played there, so the "
                                     "game is kept up to the move before it", number=len(moves) + 1)
        moves.append(str(position.play(legal[place])))
        place = shift = 0
    if shift:
        return moves, _bad_move(len(moves))
    return moves, None


def _bad_move(index: int) -> Text:
    return Text("ui", "move {number} of the link cannot be read, so the game is kept up to the move before it",
                number=index + 1)
