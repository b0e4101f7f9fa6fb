"""What the page talks to: directives, widgets and one request/response call that never raises.

A page carries engine output through a fenced ``tutor`` block holding one *directive*
(see ARCHITECTURE.md, "Pages")::

    deal: <game-id> [variant] <n>     a dealt layout; live: next/previous deal
    picture: <scenario-id>            the start position of a scenario, as a picture (not live)
    scenario: <scenario-id>           the guided widget (not built yet: see WIDGET_KINDS)

At build time the MkDocs hook calls :func:`build_html` (CPython). In the browser the worker calls
:meth:`Session.handle_json` (Pyodide) with ``{"widget", "action", ...}`` and gets
``{"ok", "widget", "html", "state", "message"}`` back; the page swaps ``html`` into the widget.
Both draw with :mod:`tutor.render`, so the static and the live widget are the same HTML.

Protocol (every field a plain JSON value):

* ``{"widget": id, "action": "open", "spec": "deal: fortunes-favour 1", "lang": "de"}`` opens a
  widget from the directive the page carries;
* ``{"widget": id, "action": <one of the widget's actions>}`` acts on an open widget.

Every failure — bad JSON, an unknown widget or action, an engine error, even a bug — comes back
as ``ok: false`` with a message in the widget's language, and changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from .i18n import DEFAULT_LANGUAGE, Text, normalize_language
from .render import Highlight, buttons_html, figure_html, widget_html


class DirectiveError(Exception):
    """A directive that cannot be used; ``text`` says what to fix, in any language."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render("en"))
        self.text = text

    def message(self, lang: str) -> str:
        return self.text.render(lang)


DIRECTIVE_FORMS = {
    "deal": "deal: <game-id> [variant] <n>",
    "picture": "picture: <scenario-id>",
    "scenario": "scenario: <scenario-id>",
}


@dataclass(frozen=True)
class Directive:
    kind: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.kind}: {' '.join(self.args)}"


def parse_directive(text: str) -> Directive:
    """Read the body of a ``tutor`` block: one ``kind: arguments`` line (blank lines and lines
    starting with ``#`` are ignored). Raises :class:`DirectiveError` saying what to write."""
    if not isinstance(text, str):
        raise DirectiveError(Text("ui", "a tutor block must be text"))
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    forms = "; ".join(DIRECTIVE_FORMS.values())
    if not lines:
        raise DirectiveError(Text("ui", "the tutor block is empty; write one line: {forms}", forms=forms))
    if len(lines) > 1:
        raise DirectiveError(Text("ui", "a tutor block holds exactly one directive line, this one has {count}: "
                                        "use one block per directive", count=len(lines)))
    kind, colon, rest = lines[0].partition(":")
    kind = kind.strip().lower()
    if not colon or kind not in DIRECTIVE_FORMS:
        raise DirectiveError(Text("ui", "“{line}” is not a directive; write one of: {forms}",
                                  line=lines[0], forms=forms))
    args = tuple(rest.split())
    if kind == "deal":
        if len(args) not in (2, 3) or not args[-1].isdigit():
            raise DirectiveError(Text("ui", "“{line}”: write {form}, e.g. deal: fortunes-favour 1",
                                      line=lines[0], form=DIRECTIVE_FORMS["deal"]))
    elif len(args) != 1:
        raise DirectiveError(Text("ui", "“{line}”: write {form}", line=lines[0], form=DIRECTIVE_FORMS[kind]))
    return Directive(kind, args)


class Widget:
    """A live widget: its state, how it draws, and what its buttons do."""

    kind: ClassVar[str]

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        raise NotImplementedError

    def actions(self) -> dict[str, Callable[[dict], None]]:
        """Action name → what it does (given the whole request)."""
        return {}

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind}


class DealWidget(Widget):
    """``deal: <game-id> [variant] <n>``: the layout of deal *n*; live, the reader can step through
    the deals."""

    kind = "deal"

    def __init__(self, directive: Directive) -> None:
        from .games import get_rules

        *game_and_variant, number = directive.args
        self.game = game_and_variant[0]
        self.variant = game_and_variant[1] if len(game_and_variant) > 1 else ""
        self.rules = get_rules(self.game, self.variant)  # raises UnknownGame with the choices
        self.number = int(number)
        self.position = self.rules.deal(self.number)

    def caption(self, lang: str) -> str:
        title = self.rules.title.render(lang)
        if self.rules.variant:
            title = f"{title} ({self.rules.variant_name.render(lang)})"
        return Text("ui", "{game}, deal {number}", game=title, number=self.number).render(lang)

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        html = figure_html(self.position.layout(), lang, caption=self.caption(lang), id_prefix=widget_id)
        if live:
            buttons = [("previous-deal", Text("ui", "Previous deal").render(lang))] if self.number > 0 else []
            buttons.append(("next-deal", Text("ui", "Next deal").render(lang)))
            html += buttons_html(buttons)
        return html

    def _go_to(self, number: int) -> None:
        self.position = self.rules.deal(number)  # may raise BadDeal: then nothing has changed
        self.number = number

    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {
            "next-deal": lambda request: self._go_to(self.number + 1),
            "previous-deal": lambda request: self._go_to(self.number - 1),
        }

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind, "game": self.game, "variant": self.variant, "deal": self.number}


# The directives that become live widgets. The guided examples (``scenario:``) plug in here with
# a Widget subclass of their own; until then a page using it fails to build with a clear message.
WIDGET_KINDS: dict[str, type[Widget]] = {"deal": DealWidget}


def open_widget(directive: Directive) -> Widget:
    """The widget for a directive; raises :class:`DirectiveError` or the engine's ``TutorError``."""
    widget_class = WIDGET_KINDS.get(directive.kind)
    if widget_class is None:
        raise DirectiveError(Text("ui", "“{kind}:” blocks cannot be shown as a live widget yet",
                                  kind=directive.kind))
    return widget_class(directive)


def picture_html(scenario_id: str, lang: str) -> str:
    """``picture: <scenario-id>``: the scenario's start position with its title and text alternative."""
    from .scenarios import UnknownScenario, get_scenario

    try:
        scenario = get_scenario(scenario_id)
    except UnknownScenario as err:
        raise DirectiveError(Text("ui", "there is no scenario “{scenario}”; known scenarios: {known}",
                                  scenario=scenario_id, known=", ".join(err.known))) from None
    position = scenario.start_position()
    return figure_html(position.layout(), lang, caption=scenario.title.render(lang), alt=scenario.alt.render(lang),
                       id_prefix=f"picture-{scenario_id}", highlight=Highlight())


def build_html(directive_text: str, lang: str, widget_id: str) -> str:
    """The HTML a page carries for a ``tutor`` block (build time). Raises :class:`DirectiveError`
    or the engine's ``TutorError`` with a message that says what to fix."""
    directive = parse_directive(directive_text)
    lang = normalize_language(lang)
    if directive.kind == "picture":
        return f'<div class="tutor-picture">{picture_html(directive.args[0], lang)}</div>'
    widget = open_widget(directive)
    return widget_html(widget_id, str(directive), lang, widget.body_html(lang, live=False, widget_id=widget_id))


class Session:
    """The live widgets of one page, by widget id."""

    def __init__(self) -> None:
        self.widgets: dict[str, tuple[Widget, str]] = {}  # id → (widget, its language)

    def handle_json(self, request_json: str) -> str:
        """:meth:`handle` for JavaScript: JSON text in, JSON text out."""
        try:
            request = json.loads(request_json)
        except (TypeError, ValueError):
            request = None
        if not isinstance(request, dict):
            return json.dumps(_failure(None, DEFAULT_LANGUAGE, Text("ui", "the page sent a request the engine cannot read")))
        return json.dumps(self.handle(request))

    def handle(self, request: dict) -> dict:
        """Answer one request (see the module docstring). Never raises."""
        widget_id = request.get("widget") if isinstance(request, dict) else None
        lang = normalize_language(request.get("lang") if isinstance(request, dict) else None)
        try:
            if not isinstance(widget_id, str) or not widget_id:
                return _failure(None, lang, Text("ui", "the request names no widget"))
            action = request.get("action")
            if action == "open":
                return self._open(widget_id, request.get("spec"), lang)
            if widget_id not in self.widgets:
                return _failure(widget_id, lang, Text("ui", "this widget is not open yet"))
            widget, lang = self.widgets[widget_id]
            handler = widget.actions().get(action) if isinstance(action, str) else None
            if handler is None:
                return _failure(widget_id, lang, Text("ui", "this widget cannot do “{action}”", action=action),
                                widget.state())
            handler(request)
            return _success(widget_id, widget, lang)
        except Exception as err:  # noqa: BLE001 - nothing may reach the page as a traceback
            return _failure(widget_id if isinstance(widget_id, str) else None, lang, _reason(err),
                            self._state_of(widget_id))

    def _open(self, widget_id: str, spec: Any, lang: str) -> dict:
        widget = open_widget(parse_directive(spec))
        self.widgets[widget_id] = (widget, lang)
        return _success(widget_id, widget, lang)

    def _state_of(self, widget_id: Any) -> dict:
        entry = self.widgets.get(widget_id) if isinstance(widget_id, str) else None
        return entry[0].state() if entry else {}


def _reason(err: Exception) -> Text:
    text = getattr(err, "text", None)
    if isinstance(text, Text):
        return text
    return Text("ui", "the engine hit an internal error ({error}); the widget is unchanged",
                error=type(err).__name__)


def _success(widget_id: str, widget: Widget, lang: str) -> dict:
    return {"ok": True, "widget": widget_id, "html": widget.body_html(lang, live=True, widget_id=widget_id),
            "state": widget.state(), "message": ""}


def _failure(widget_id: str | None, lang: str, reason: Text, state: dict | None = None) -> dict:
    return {"ok": False, "widget": widget_id, "html": None, "state": state or {}, "message": reason.render(lang)}
