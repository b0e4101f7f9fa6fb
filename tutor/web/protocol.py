"""What the page talks to: one request/response call that never raises, and the HTML of a directive.

A page carries engine output through a fenced ``tutor`` block holding one *directive*
(see ARCHITECTURE.md, "Pages")::

    deal: <game-id> [variant] <n>     a dealt layout; live: next/previous deal
    picture: <scenario-id>            the start position of a scenario, as a picture (not live)
    scenario: <scenario-id>           the guided widget: every frame drawn at build time; live,
                                      "try it yourself" from any frame (see ScenarioWidget)
    claim: <claim-id>                 a claim of the rules text beside the engine's measured figure;
                                      live, a check played in chunks (see tutor.claims)
    play: / practice: <game-id>       the play page's game and exercises (tutor.web.widgets.play, .practice)
    tasks: <game-id> <section>        the section's tasks (or a tip's exercises) the learner plays
    path: / progress: <game-id>       the game's path with the learner's progress (tutor.web.widgets.path)
    play-link: / figures:             a link to the play page, the home page's table (build time only)

The directives are read by :mod:`tutor.web.directives`; each kind is a widget of
:mod:`tutor.web.widgets`, found by its kind (:func:`tutor.web.widgets.base.open_widget`).

At build time the MkDocs hook calls :func:`build_html` (CPython). In the browser the worker calls
:meth:`Session.handle_json` (Pyodide) with ``{"widget", "action", ...}`` and gets
``{"ok", "widget", "html", "state", "message", "aside_notice"}`` back; the page swaps ``html`` into
the widget. ``aside_notice`` says that progress records could not be read and are kept aside
(``state["set_aside"]``); the page says it in the status line of the widget that moved them, so a
record that several widgets read is reported once.
Both draw with :mod:`tutor.web.render`, so the static and the live widget are the same HTML.

Protocol (every field a plain JSON value):

* ``{"widget": id, "action": "open", "spec": "deal: fortunes-favour 1", "lang": "de"}`` opens a
  widget from the directive the page carries (a widget the page draws from its ``start`` answer,
  ``Widget.drawn_on_start``, answers with ``html: ""``: the page shows the build-time picture);
* ``{"widget": id, "action": <one of the widget's actions>}`` acts on an open widget.

A success also carries ``"continue"``: true when the widget runs a long job in chunks (a claim
check) and wants the action ``continue`` next; the page sends it until the flag is false or the
reader clicks another control (Stop).

Every failure — bad JSON, an unknown widget or action, an engine error, even a bug — comes back
as ``ok: false`` with a message in the widget's language, and changes nothing.
"""

from __future__ import annotations

import json
import re
from typing import Any

import tutor.web.widgets  # noqa: F401 - registers every kind of widget
from tutor import inputs
from tutor.errors import DirectiveError, PlayError
from tutor.i18n import DEFAULT_LANGUAGE, Text, normalize_language
from tutor.web.directives import Directive, parse_directive
from tutor.web.frames import scenario_tracks
from tutor.web.progress import set_aside_text as progress_set_aside_text
from tutor.web.render import widget_html
from tutor.web.widgets.base import Widget, move_limit_text, open_widget, picture_for, set_aside_text

# the page's entry points, and what the tests and tools reach through this module
__all__ = ["Directive", "DirectiveError", "Session", "build_html", "open_widget", "parse_directive",
           "scenario_tracks"]


def build_html(directive_text: str, lang: str, widget_id: str) -> str:
    """The HTML a page carries for a ``tutor`` block (build time). Raises :class:`DirectiveError`
    or the engine's ``TutorError`` with a message that says what to fix."""
    directive = parse_directive(directive_text)
    lang = normalize_language(lang)
    picture = picture_for(directive)
    if picture is not None:  # drawn at build time only, never a live widget
        return picture(directive, lang)
    widget = open_widget(directive)
    return widget_html(widget_id, str(directive), lang, widget.body_html(lang, live=False, widget_id=widget_id),
                       widget.root_attributes())


class Session:
    """The live widgets of one page, by widget id.

    Limits on what a request may carry (see :mod:`tutor.inputs`): JSON of at most a megabyte,
    nested at most 8 deep, a widget id of letters, digits, ``-`` and ``_`` (it becomes part of
    element ids), text fields of at most 200 characters (a saved game's moves excepted), and a game
    of at most :data:`tutor.inputs.MAX_GAME_MOVES` moves, played or restored alike."""

    def __init__(self) -> None:
        self.widgets: dict[str, tuple[Widget, str]] = {}  # id → (widget, its language)

    def handle_json(self, request_json: str) -> str:
        """:meth:`handle` for JavaScript: JSON text in, JSON text out. Never raises."""
        try:
            request = inputs.request(request_json)
        except inputs.InputError as err:
            oversized = self._oversized_restore(request_json)
            if oversized is not None:
                return json.dumps(oversized)
            return json.dumps(_failure(None, DEFAULT_LANGUAGE, err.text))
        except Exception:  # nothing may reach the page as a traceback
            return json.dumps(_failure(None, DEFAULT_LANGUAGE,
                                       Text("ui", "the page sent something that cannot be read")))
        answer = self.handle(request)
        try:
            return json.dumps(answer)
        except Exception as err:  # an answer that cannot be sent is a failure to report
            return json.dumps(_failure(None, DEFAULT_LANGUAGE, _reason(err)))

    def handle(self, request: dict) -> dict:
        """Answer one request (see the module docstring). Never raises, whatever ``request`` is.
        The request is checked once, here (:func:`tutor.inputs.page_request`), and the checked
        request is what the widget gets."""
        widget_id: str | None = None
        lang = DEFAULT_LANGUAGE
        try:
            try:
                checked = inputs.page_request(request)
            except inputs.BadRequest as err:
                widget_id, lang = err.widget, err.lang
                known = self.widgets.get(widget_id) if widget_id else None
                return _failure(widget_id, known[1] if known else lang, err.text, self._state_of(widget_id))
            widget_id, lang, action = checked.widget, checked.lang, checked.action
            if action == "open":
                return self._open(widget_id, checked.fields.get("spec"), lang)
            if widget_id not in self.widgets:
                return _failure(widget_id, lang, Text("ui", "this part of the page is not open yet"))
            widget, lang = self.widgets[widget_id]
            if not isinstance(action, str):
                return _failure(widget_id, lang, Text("ui", "the page did not say what to do"), widget.state())
            handler = widget.actions().get(action)
            if handler is None:
                return _failure(widget_id, lang, Text("ui", 'this part of the page cannot do "{action}"',
                                                      action=inputs.shown(action)), widget.state())
            _check_for_widget(checked.fields, widget, action)
            handler(checked.fields)
            return _success(widget_id, widget, lang)
        except BaseException as err:  # nothing may reach the page as a traceback
            if isinstance(err, (KeyboardInterrupt, SystemExit)):
                raise
            return _failure(widget_id, lang, _reason(err), self._state_of(widget_id))

    def _oversized_restore(self, request_json: Any) -> dict | None:
        """A restore whose saved game is too long to read (the page writes the widget and the
        action first): refused as a saved game of that widget, which stays as it was."""
        match = re.match(r'\{\s*"widget"\s*:\s*"([A-Za-z][A-Za-z0-9_-]{0,63})"\s*,\s*"action"\s*:\s*"restore"\s*,',
                         request_json[:200] if isinstance(request_json, str) else "")
        if match is None or match.group(1) not in self.widgets:
            return None
        widget, lang = self.widgets[match.group(1)]
        reason = set_aside_text(Text("ui", "it is not a saved game"))
        return _failure(match.group(1), lang, reason, self._state_of(match.group(1)))

    def _open(self, widget_id: str, spec: Any, lang: str) -> dict:
        widget = open_widget(parse_directive(spec))
        self.widgets[widget_id] = (widget, lang)
        drawn_on_start = getattr(widget, "drawn_on_start", False)  # a claim's widget is no Widget subclass
        return _success(widget_id, widget, lang, draw=not drawn_on_start)

    def _state_of(self, widget_id: Any) -> dict:
        try:
            entry = self.widgets.get(widget_id) if isinstance(widget_id, str) else None
            return entry[0].state() if entry else {}
        except Exception:  # a failure answer must not fail
            return {}


_PLAYING_ACTIONS = ("pick", "move")


def _check_for_widget(request: dict, widget: Widget, action: str) -> None:
    """What only the widget can say of a request: whether a saved game it is given has the shape
    of its own, and whether a move would pass the longest game the tutor keeps."""
    owner = widget.saved_game_owner() if action == "restore" else None
    if owner is not None:
        try:
            if "saved_text" in request:  # the page's stored text as it is: the engine reads it
                request["saved"] = inputs.saved_text(request["saved_text"], owner)
            else:
                request["saved"] = inputs.saved_game(request.get("saved"), owner)
        except inputs.InputError as err:
            raise PlayError(set_aside_text(err.text)) from None
    if action in _PLAYING_ACTIONS and widget.moves_kept() >= inputs.MAX_GAME_MOVES:
        raise PlayError(move_limit_text())


def _reason(err: BaseException) -> Text:
    text = getattr(err, "text", None)
    if isinstance(text, Text):
        return text
    if isinstance(err, (RecursionError, MemoryError)):
        return Text("ui", "the page sent too much to read; nothing has changed")
    return Text("ui", "something went wrong inside this site ({error}); nothing has changed",
                error=type(err).__name__)


def _success(widget_id: str, widget: Widget, lang: str, draw: bool = True) -> dict:
    html = widget.body_html(lang, live=True, widget_id=widget_id) if draw else ""
    kept_aside = widget.records_kept_aside()
    notice = progress_set_aside_text(len(kept_aside)).render(lang) if kept_aside else ""
    return {"ok": True, "widget": widget_id, "html": html, "state": widget.state(),
            "message": widget.announcement(lang), "aside_notice": notice, "continue": widget.continues()}


def _failure(widget_id: str | None, lang: str, reason: Text, state: dict | None = None) -> dict:
    try:
        message = reason.render(lang)
    except Exception:  # a failure answer must not fail
        message = Text("ui", "the page sent something that cannot be read").render(lang)
    return {"ok": False, "widget": widget_id, "html": None, "state": state or {}, "message": message}
