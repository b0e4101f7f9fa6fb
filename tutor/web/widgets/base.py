"""What every widget is, and the kinds a page can ask for.

A widget module registers its kinds when imported (:func:`register_widget`, and
:func:`register_picture` for a directive drawn at build time only, never live); the package
:mod:`tutor.web.widgets` imports every widget module, so :mod:`tutor.web.protocol` opens a widget
by its kind without naming one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from tutor.errors import DirectiveError
from tutor.i18n import Text
from tutor.limits import MAX_GAME_MOVES
from tutor.web.directives import Directive


def set_aside_text(reason: Text) -> Text:
    """What a board says of a saved game it cannot restore: the page keeps it aside, never drops it."""
    return Text("ui", "The saved game could not be restored ({reason}); it is kept aside in this browser.",
                reason=reason)


def move_limit_text() -> Text:
    """What a board says when its game has as many moves as the tutor keeps."""
    return Text("ui", "This game has reached {limit} moves, the most this site keeps: reset it to play on.",
                limit=MAX_GAME_MOVES)


class Widget:
    """A live widget: its state, how it draws, and what its buttons do."""

    kind: ClassVar[str]
    #: The page draws this widget from the answer to its first action after ``open`` (``start``:
    #: tasks.js), so ``open`` answers without HTML: drawing it would repeat the build-time picture.
    drawn_on_start: ClassVar[bool] = False

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        raise NotImplementedError

    def actions(self) -> dict[str, Callable[[dict], None]]:
        """Action name → what it does (given the whole request)."""
        return {}

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind}

    def announcement(self, lang: str) -> str:
        """What a screen reader should hear after an action (the page puts it in a live region)."""
        return ""

    def records_kept_aside(self) -> list[str]:
        """The progress records this answer asks the page to keep aside (unreadable ones). The notice
        is not in the announcement: the protocol adds it, and the page says it only where the record
        was actually moved, so a record read by two widgets is reported once."""
        return []

    def root_attributes(self) -> dict[str, str]:
        """Attributes of the widget's root element besides the common ones (``data-scenario``)."""
        return {}

    def continues(self) -> bool:
        """Whether the page should send the action ``continue`` next (a long run done in chunks,
        so the page stays responsive and the reader can stop it)."""
        return False

    def moves_kept(self) -> int:
        """How many moves the widget keeps (and saves): the door refuses a move beyond
        :data:`tutor.limits.MAX_GAME_MOVES`, so every game a widget lets grow can be restored."""
        return 0

    def saved_game_owner(self) -> str | None:
        """The id a saved game of this widget must name (a scenario's), when its ``restore`` takes
        the saved game the page kept; ``None``: it takes none this way."""
        return None


WidgetFactory = Callable[[Directive], Widget]
PictureFactory = Callable[[Directive, str], str]  # (directive, language) → the HTML the page carries

_WIDGETS: dict[str, WidgetFactory] = {}
_PICTURES: dict[str, PictureFactory] = {}

F = TypeVar("F", bound=Callable[..., Any])


def register_widget(kind: str) -> Callable[[F], F]:
    """Decorator of a widget class (or a function that makes one) for directives of ``kind``."""
    def register(factory: F) -> F:
        _WIDGETS[kind] = factory
        return factory
    return register


def register_picture(kind: str) -> Callable[[F], F]:
    """Decorator of a function that draws directives of ``kind`` at build time (no live widget)."""
    def register(draw: F) -> F:
        _PICTURES[kind] = draw
        return draw
    return register


def widget_kinds() -> dict[str, WidgetFactory]:
    return dict(_WIDGETS)


def open_widget(directive: Directive) -> Widget:
    """The widget for a directive; raises :class:`DirectiveError` or the engine's ``TutorError``."""
    factory = _WIDGETS.get(directive.kind)
    if factory is None:
        raise DirectiveError(Text("ui", '"{kind}:" blocks cannot be shown as a live widget yet',
                                  kind=directive.kind))
    return factory(directive)


def picture_for(directive: Directive) -> PictureFactory | None:
    """What draws ``directive`` at build time when it is no widget (``picture:``, ``figures:``…)."""
    return _PICTURES.get(directive.kind)
