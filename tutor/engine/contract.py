"""What a game gives, declared once (as OpenSpiel declares a game's type): the parts of a game's folder
and, for each part, the names it must give (a ``Protocol``: mypy holds each game's modules to it, see
``tutor/games/<game>/__init__.py``) and the names it may give (``OPTIONAL``, each with the value a game
without it stands for). ``tests/engine/test_contract.py`` holds every registered game to the same.

The parts are imported when first asked for (a page that needs no tips never loads them), so code that
knows no game reaches them through :func:`part_of` and the typed accessors below, and an optional name
through :func:`optional_name`, which refuses a name this module does not declare.

The engine knows no game and nothing above it: the types of values made by higher layers (tasks,
lessons, claims, players) are written as ``Any`` here, and their own modules type them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Any, Protocol, cast

from tutor.engine.registry import game_ids, game_part
from tutor.i18n import Text

# ``(position, move) -> Text``, or a sentence that needs neither
Reason = Text | Callable[[Any, Any], Text]


class FastPart(Protocol):
    """``fast.py``: the search's quick picture of the game (:mod:`tutor.engine.lean`)."""

    @property
    def kernel(self) -> Callable[..., Any]:
        """``kernel(rules, **options)``: the lean board, checked against the rules both ways."""


class TipsPart(Protocol):
    """``tips.py``: the coach's checks, the tips player, hints and their reasons, the search's move order
    (each name is explained in :mod:`tutor.analysis`)."""

    @property
    def PREFIX(self) -> str: ...
    @property
    def TIP_TEXTS(self) -> Sequence[Text]: ...
    @property
    def TIPS(self) -> Mapping[int, Callable[..., Any]]: ...
    @property
    def REASONS(self) -> Mapping[str, Reason]: ...
    @property
    def tips_player(self) -> Callable[..., Any]: ...
    @property
    def PLAYERS(self) -> Mapping[str, Any]: ...
    @property
    def HINT_PLAYER(self) -> str: ...
    @property
    def HINT_REASONS(self) -> Mapping[str, Reason]: ...
    @property
    def HINT_EXCEPTIONS(self) -> Mapping[str, Callable[..., Any]]: ...
    @property
    def exception_move(self) -> Callable[..., Any] | None: ...
    @property
    def explain_hint(self) -> Callable[..., Any] | None: ...
    @property
    def order_moves(self) -> Callable[..., Any]: ...
    @property
    def search(self) -> Callable[..., Any] | None: ...
    @property
    def fast_outcome(self) -> Callable[..., Any]: ...


class LessonsPart(Protocol):
    """``lessons/``: the worked examples, the tips' exercises and the rules sections' tasks."""

    @property
    def SCENARIOS(self) -> Sequence[Any]: ...  # tutor.lessons.Scenario
    @property
    def EXERCISES(self) -> Sequence[Any]: ...  # tutor.lessons.Exercise
    @property
    def TASKS(self) -> Sequence[Any]: ...  # tutor.tasks.Task
    @property
    def PATH_SECTIONS(self) -> Sequence[tuple[str, Text]]: ...  # (section, title) in page order
    @property
    def MOVE_KINDS(self) -> Sequence[str]: ...  # the kinds of move the tasks must cover
    @property
    def OFF_BOARD_REFUSALS(self) -> Mapping[str, str]: ...  # refusals no board click can meet
    @property
    def CHANGES_PLAY(self) -> Sequence[str]: ...  # variants whose tasks differ
    @property
    def ALLOWED(self) -> Mapping[str, Callable[..., Text]]: ...  # by kind of move: a task's "you may …"


class PathPart(Protocol):
    """``path.py``: the guided examples each rules section of the path has, as the game's page places
    them (a tip's example is its own scenario, ``<PREFIX>-tip-<n>``)."""

    @property
    def SECTION_EXAMPLES(self) -> Mapping[str, Sequence[str]]: ...  # section -> scenario ids, page order
    @property
    def TIPS_AFTER(self) -> str: ...  # the section of the path the tips follow on the page


class ClaimsPart(Protocol):
    """``claims.py``: what the rules texts claim about the game, and the home page's one."""

    @property
    def CLAIMS(self) -> Sequence[Any]: ...  # tutor.claims.records.Claim
    @property
    def HOME_CLAIM(self) -> str: ...


class TermsPart(Protocol):
    """``terms.py``: the game's glossary (:mod:`tutor.glossary`)."""

    @property
    def TERMS(self) -> Mapping[str, Text]: ...  # concept -> the game's word
    @property
    def BRIDGE(self) -> Mapping[str, Mapping[str, str]]: ...  # language -> the words of the other games
    @property
    def WORDS(self) -> Mapping[str, Mapping[str, Any]]: ...  # language -> the page's own words
    @property
    def FORBIDDEN(self) -> Mapping[str, Mapping[str, Any]]: ...  # language -> words it never uses
    @property
    def GLOSSES(self) -> Mapping[str, Any]: ...
    @property
    def VARIANT_SYNONYMS(self) -> Mapping[str, Mapping[str, Any]]: ...


class WordsPart(Protocol):
    """``words.py``: the page's sentences in the game's words."""

    @property
    def MOVE_REPORTS(self) -> Mapping[str, Callable[..., Text]]: ...  # by kind of move
    @property
    def AUTO_LABEL(self) -> Text: ...
    @property
    def AUTO_PLAYS_EVERY_FIT(self) -> bool: ...
    @property
    def NO_HOME(self) -> Callable[..., Text]: ...  # (card) -> why it has no home yet
    @property
    def HOME_SHORTCUT(self) -> Text: ...


PROTOCOLS: dict[str, type] = {
    "fast": FastPart, "tips": TipsPart, "lessons": LessonsPart, "claims": ClaimsPart, "terms": TermsPart,
    "words": WordsPart, "path": PathPart,
}

# The names a game may give, and what a game without one stands for.
OPTIONAL: dict[str, dict[str, Any]] = {
    "fast": {},
    "tips": {
        "fair_chances": None,  # (kernel) -> sample/wins/move/line: the fair chance to win (tutor.analysis.chances)
        "ASKS": {},  # tip number -> tutor.analysis.coach.TipAsks: what the tip asks for (its exercises' answers)
    },
    "lessons": {},
    "claims": {
        "TIP_TABLES": (),  # what each tip is worth (tutor.claims.records.TipTable), for `tip-effects:`
        "solved_counts": None,  # (variant, deals) -> {"wins", "lost"}: the stored offline run's counts
        "solved_rows": None,  # (lang) -> the rows of the `solved:` table
        "winnable_deals": None,  # (variant) -> deal numbers proved winnable, for "a deal that can be won"
    },
    "terms": {},
    "words": {
        "PARTNER_PICK": None,  # (card, partner) -> Text: a pick that takes a partner along (pairs)
    },
    "path": {},
}
PARTS: tuple[str, ...] = tuple(PROTOCOLS)


def required_names(part: str) -> tuple[str, ...]:
    """The names every game's ``part`` gives: its Protocol's members."""
    return tuple(name for name, value in vars(PROTOCOLS[part]).items() if isinstance(value, property))


def part_of(game_id: str, part: str) -> ModuleType:
    """The module ``part`` of a game's package (``tutor/games/<game>/<part>``); ``UnknownGame`` for an
    unknown game, ``KeyError`` for a part this contract does not declare."""
    if part not in PROTOCOLS:
        raise KeyError(f"no part {part!r} in a game's contract")
    return game_part(game_id, part)


def optional_name(game_id: str, part: str, name: str) -> Any:
    """The game's optional ``part.name``, or the value declared for a game without it."""
    declared = OPTIONAL[part]
    if name not in declared:
        raise KeyError(f"{part}.{name} is not an optional name of a game's contract")
    return getattr(part_of(game_id, part), name, declared[name])


@cache
def collected(part: str, name: str) -> dict[str, Any]:
    """Every game's ``<part>.<name>`` (a sequence of records with an ``id``) by id, game by game in
    the registry's order: one lookup for the lessons, exercises and claims of all games, made on first
    use (a game's part imports its record types from the package that asks, so it cannot be made at
    import time). An optional name a game lacks adds nothing; an id given twice is a ``ValueError``."""
    if name not in required_names(part) and name not in OPTIONAL[part]:
        raise KeyError(f"{part}.{name} is not a name of a game's contract")
    found: dict[str, Any] = {}
    for game_id in game_ids():
        for record in getattr(part_of(game_id, part), name, OPTIONAL[part].get(name, ())):
            if record.id in found:
                raise ValueError(f"{part}.{name}: the id {record.id!r} is given twice")
            found[record.id] = record
    return found


def fast_of(game_id: str) -> FastPart:
    return cast(FastPart, part_of(game_id, "fast"))


def tips_of(game_id: str) -> TipsPart:
    return cast(TipsPart, part_of(game_id, "tips"))


def lessons_of(game_id: str) -> LessonsPart:
    return cast(LessonsPart, part_of(game_id, "lessons"))


def claims_of_game(game_id: str) -> ClaimsPart:
    return cast(ClaimsPart, part_of(game_id, "claims"))


def terms_of(game_id: str) -> TermsPart:
    return cast(TermsPart, part_of(game_id, "terms"))


def words_of(game_id: str) -> WordsPart:
    return cast(WordsPart, part_of(game_id, "words"))


def path_of(game_id: str) -> PathPart:
    return cast(PathPart, part_of(game_id, "path"))
