"""What the play page keeps and reads besides the game: the address's hash (``deal=123&variant=…``),
deal numbers as the page writes them, and the player's record per variant (:class:`Stats`)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor.errors import HashError
from tutor.i18n import Text
from tutor.limits import DEAL_DIGITS, MAX_DEAL, RANDOM_DEALS



def parse_hash(text: Any, game: str) -> tuple[int, str] | None:
    """``deal=123&variant=one-redeal`` → ``(123, "one-redeal")``; ``deal=5`` → ``(5, "")``.
    ``None`` when the hash names neither a deal nor a variant (it is not for the play widget).
    Raises :class:`HashError` for anything else."""
    from tutor.engine import UnknownGame, get_rules

    if not isinstance(text, str):
        return None
    text = text.lstrip("#").strip()
    fields: dict[str, str] = {}
    for part in text.split("&"):
        key, _, value = part.partition("=")
        if key in ("deal", "variant"):
            if key in fields:
                raise HashError(Text("ui", 'the address names "{key}" twice', key=key))
            fields[key] = value.strip()
    if not fields:
        return None
    variant = fields.get("variant", "")
    try:
        get_rules(game, variant)
    except UnknownGame:
        raise HashError(Text("ui", 'this game has no variant "{variant}"', variant=variant)) from None
    if "deal" not in fields:
        raise HashError(Text("ui", "the address names no deal number"))
    number = page_deal_number(fields["deal"])
    return number, "" if variant in ("base", "standard") else variant


def page_deal_number(text: Any) -> int:
    """A deal number as the page takes it (from the address or the deal box): checked by
    :func:`tutor.inputs.deal_number`, then within the page's range, 0 to :data:`MAX_DEAL`.
    Raises :class:`HashError` saying which it is not."""
    from tutor import inputs

    try:
        number = inputs.deal_number(text)
    except inputs.InputError:
        written = text.strip(" \t") if isinstance(text, str) else ""
        if not (written.isascii() and written.isdigit()):
            raise HashError(Text("ui", '"{number}" is not a deal number: it is a whole number of up to {digits} digits',
                                 number=inputs.shown(text), digits=DEAL_DIGITS)) from None
        number = None
    if number is None or number > MAX_DEAL:
        raise HashError(Text("ui", "{number} is too high: a deal number has at most {digits} digits",
                             number=inputs.shown(text.strip(" \t"), 30), digits=DEAL_DIGITS))
    return number


def saved_deal_number(value: Any) -> int | None:
    """The deal of a saved game: written as text (``"18446744073709551615"``), or as a whole number
    by pages saved before deal numbers travelled as text; ``None`` when it is neither."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 0 <= value <= MAX_DEAL else None
    from tutor import inputs

    try:
        return inputs.deal_number(value) if isinstance(value, str) else None
    except inputs.InputError:
        return None


def format_hash(deal: int, variant: str) -> str:
    return f"deal={deal}" + (f"&variant={variant}" if variant else "")


@dataclass
class Stats:
    """One game and variant's record, as the page keeps it."""

    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row, now
    best: int = 0  # the longest run of wins

    def record(self, won: bool) -> None:
        self.played += 1
        if won:
            self.won += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0

    @classmethod
    def from_json(cls, data: Any) -> "Stats":
        """The stored record, checked (a number out of place is a damaged record: ValueError)."""
        if not isinstance(data, dict):
            raise ValueError("not a record")
        values = {}
        for name in ("played", "won", "streak", "best"):
            value = data.get(name, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(name)
            values[name] = value
        stats = cls(**values)
        if stats.won > stats.played or stats.streak > stats.won or stats.best > stats.won or stats.streak > stats.best:
            raise ValueError("inconsistent")
        return stats


def random_deal() -> int:
    return random.randint(1, RANDOM_DEALS)
