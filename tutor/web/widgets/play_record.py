"""What the play page keeps and reads besides the game: the address's hash (``deal=123&variant=…``),
deal numbers as the page writes them, and the player's record per variant (:class:`Stats`: played,
won, streaks, best time and the last finished games, each a :class:`Finished`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from tutor import inputs
from tutor.engine import UnknownGame, get_rules
from tutor.errors import HashError
from tutor.i18n import Text
from tutor.inputs import page_deal_number
from tutor.limits import MAX_DEAL, MAX_GAME_MOVES, MAX_GAME_SECONDS, RANDOM_DEALS, RECENT_GAMES


def parse_hash(text: Any, game: str) -> tuple[int, str] | None:
    """``deal=123&variant=one-redeal`` → ``(123, "one-redeal")``; ``deal=5`` → ``(5, "")``.
    ``None`` when the hash names neither a deal nor a variant (it is not for the play widget).
    Raises :class:`HashError` for anything else."""

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


def saved_deal_number(value: Any) -> int | None:
    """The deal of a saved game: written as text (``"18446744073709551615"``), or as a whole number
    by pages saved before deal numbers travelled as text; ``None`` when it is neither."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 0 <= value <= MAX_DEAL else None
    try:
        return inputs.deal_number(value) if isinstance(value, str) else None
    except inputs.InputError:
        return None


def format_hash(deal: int, variant: str) -> str:
    return f"deal={deal}" + (f"&variant={variant}" if variant else "")


RESULTS = ("won", "lost", "given-up")


@dataclass(frozen=True)
class Finished:
    """One finished game as the record keeps it: how it ended, the player's moves, its time."""

    result: str  # one of RESULTS
    moves: int
    seconds: int

    def as_json(self) -> dict[str, Any]:
        return {"result": self.result, "moves": self.moves, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: Any) -> Finished:
        if not isinstance(data, dict) or data.get("result") not in RESULTS:
            raise ValueError("not a finished game")
        moves, seconds = data.get("moves"), data.get("seconds")
        if not _count(moves, MAX_GAME_MOVES) or not _count(seconds, MAX_GAME_SECONDS):
            raise ValueError("moves or time")
        return cls(data["result"], moves, seconds)


def _count(value: Any, most: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


@dataclass
class Stats:
    """One game and variant's record, as the page keeps it."""

    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row, now
    best: int = 0  # the longest run of wins
    best_seconds: int | None = None  # the fastest won game
    recent: list[Finished] = field(default_factory=list)  # the last RECENT_GAMES finished games, oldest first

    def record(self, result: str, moves: int = 0, seconds: int = 0) -> None:
        self.played += 1
        if result == "won":
            self.won += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
            self.best_seconds = seconds if self.best_seconds is None else min(self.best_seconds, seconds)
        else:
            self.streak = 0
        self.recent = [*self.recent, Finished(result, moves, seconds)][-RECENT_GAMES:]

    def as_json(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "streak": self.streak, "best": self.best,
                "best_seconds": self.best_seconds, "recent": [game.as_json() for game in self.recent]}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """The stored record, checked (a number out of place is a damaged record: ValueError). A
        record kept before best times and recent games were kept has neither."""
        if not isinstance(data, dict):
            raise ValueError("not a record")
        values = {}
        for name in ("played", "won", "streak", "best"):
            value = data.get(name, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(name)
            values[name] = value
        best_seconds = data.get("best_seconds")
        if best_seconds is not None and not _count(best_seconds, MAX_GAME_SECONDS):
            raise ValueError("best_seconds")
        recent = data.get("recent", [])
        if not isinstance(recent, list) or len(recent) > RECENT_GAMES:
            raise ValueError("recent")
        stats = cls(**values, best_seconds=best_seconds, recent=[Finished.from_json(game) for game in recent])
        recent_won = sum(game.result == "won" for game in stats.recent)
        if (stats.won > stats.played or stats.streak > stats.won or stats.best > stats.won
                or stats.streak > stats.best or recent_won > stats.won
                or len(stats.recent) - recent_won > stats.played - stats.won):
            raise ValueError("inconsistent")
        return stats


def read_stats(data: Any, variants: Any) -> dict[str, Stats]:
    """The record the page kept (``None``: none yet), per variant id; raises ValueError when any
    of it cannot be read (the page then keeps it aside)."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError("not a record")
    stats = {}
    for variant, record in data.items():
        if variant not in variants:
            raise ValueError(variant)
        stats[variant] = Stats.from_json(record)
    return stats


def random_deal() -> int:
    return random.randint(1, RANDOM_DEALS)
