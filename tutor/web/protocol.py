"""What the page talks to: directives, widgets and one request/response call that never raises.

A page carries engine output through a fenced ``tutor`` block holding one *directive*
(see ARCHITECTURE.md, "Pages")::

    deal: <game-id> [variant] <n>     a dealt layout; live: next/previous deal
    picture: <scenario-id>            the start position of a scenario, as a picture (not live)
    scenario: <scenario-id>           the guided widget: every frame drawn at build time; live,
                                      "try it yourself" from any frame (see ScenarioWidget)
    claim: <claim-id>                 a claim of the rules text beside the engine's measured figure;
                                      live, a check played in chunks (see tutor.claims)

At build time the MkDocs hook calls :func:`build_html` (CPython). In the browser the worker calls
:meth:`Session.handle_json` (Pyodide) with ``{"widget", "action", ...}`` and gets
``{"ok", "widget", "html", "state", "message"}`` back; the page swaps ``html`` into the widget.
Both draw with :mod:`tutor.web.render`, so the static and the live widget are the same HTML.

Protocol (every field a plain JSON value):

* ``{"widget": id, "action": "open", "spec": "deal: fortunes-favour 1", "lang": "de"}`` opens a
  widget from the directive the page carries;
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
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from tutor import inputs
from tutor.i18n import DEFAULT_LANGUAGE, Text, normalize_language
from tutor.web.board_input import Selection, read_pick
from tutor.web.reports import move_report
from tutor.web.render import (Highlight, as_sentence, buttons_html, choice_buttons, figure_html, frame_html, guide_html, play_html, SharedPiles, symbol_prefix, widget_html)


from tutor.errors import DirectiveError, PlayError as _PlayError


DIRECTIVE_FORMS = {
    "deal": "deal: <game-id> [variant] <n>",
    "picture": "picture: <scenario-id>",
    "scenario": "scenario: <scenario-id>",
    "claim": "claim: <claim-id>",
    "play": "play: <game-id>",
    "practice": "practice: <game-id>",
    "play-link": "play-link: <game-id or exercise-id>",
    "figures": "figures: games",
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
                                  line=inputs.shown(lines[0]), forms=forms))
    args = tuple(rest.split())
    if kind == "deal":
        if len(args) not in (2, 3) or not inputs.is_deal_number(args[-1]):
            raise DirectiveError(Text("ui", "“{line}”: write {form}, e.g. deal: fortunes-favour 1",
                                      line=inputs.shown(lines[0]), form=DIRECTIVE_FORMS["deal"]))
    elif len(args) != 1:
        raise DirectiveError(Text("ui", "“{line}”: write {form}", line=inputs.shown(lines[0]), form=DIRECTIVE_FORMS[kind]))
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

    def announcement(self, lang: str) -> str:
        """What a screen reader should hear after an action (the page puts it in a live region)."""
        return ""

    def root_attributes(self) -> dict[str, str]:
        """Attributes of the widget's root element besides the common ones (``data-scenario``)."""
        return {}

    def continues(self) -> bool:
        """Whether the page should send the action ``continue`` next (a long run done in chunks,
        so the page stays responsive and the reader can stop it)."""
        return False


class DealWidget(Widget):
    """``deal: <game-id> [variant] <n>``: the layout of deal *n*; live, the reader can step through
    the deals."""

    kind = "deal"

    def __init__(self, directive: Directive) -> None:
        from tutor.engine import get_rules

        *game_and_variant, number = directive.args
        self.game = game_and_variant[0]
        self.variant = game_and_variant[1] if len(game_and_variant) > 1 else ""
        self.rules = get_rules(self.game, self.variant)  # raises UnknownGame with the choices
        self.number = inputs.deal_number(number)
        self.position = self.rules.deal(self.number)

    def caption(self, lang: str) -> str:
        title = self.rules.title.render(lang)
        if self.rules.variant:
            title = f"{title} ({self.rules.variant_name.render(lang)})"
        return Text("ui", "{game}, deal {number}", game=title, number=self.number).render(lang)

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        html = figure_html(self.position.layout(), lang, caption=self.caption(lang), id_prefix=widget_id,
                           symbols=symbol_prefix(widget_id))
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


# --- guided examples ---------------------------------------------------------------------------

@dataclass
class Frame:
    """One frame of a guided example as the engine computed it: the position (kept to try it
    yourself from here), what to draw and point out, and what the text says.

    A frame that shows a move draws the position *before* it (``move``: its notation; the moving
    cards and the arrows are in ``highlight``); the next frame shows the result. A compulsory
    action (``forced``) is a frame of its own; a refused move (``refused``: the engine's reason)
    leaves the next frame's position as it was."""

    position: Any
    narration: tuple[Text, ...]
    highlight: Highlight
    show: tuple[str, ...] | None = None
    refused: Text | None = None
    term: str | None = None
    move: str | None = None
    forced: bool = False

    @property
    def shows_move(self) -> bool:
        return self.move is not None


@dataclass
class Track:
    """A sequence of frames: the steps, one branch of a comparison, or one variant."""

    label: Text | None
    frames: list[Frame]


def pile_matches(pile_id: str, names: tuple[str, ...] | list[str]) -> bool:
    """Whether ``pile_id`` is one of ``names``: an exact id (``t3``) or a prefix of letters (``t``
    names every tableau pile, but ``t1`` does not name ``t10``)."""
    letters = pile_id.rstrip("0123456789")
    return any(name == pile_id or (name.isalpha() and name == letters) for name in names)


def _piles_named(position: Any, names: tuple[str, ...]) -> list[str]:
    return [pile_id for pile_id in position.piles if pile_matches(pile_id, names)]


def _step_error(scenario_id: str, where: str, reason: Text) -> DirectiveError:
    return DirectiveError(Text("ui", "scenario “{scenario}”, {where}: {reason}",
                               scenario=scenario_id, where=where, reason=reason))


def _step_frames(scenario: Any, start: Any, steps: tuple, intro: tuple[Text, ...], where: str,
                 outcome: Text | None = None) -> list[Frame]:
    """The frames of a step sequence: the start; per step, the position before its move with the
    moving cards marked and an arrow to where they go, then one frame per compulsory action that
    follows (a space filled, a card turned); a refused move drawn as refused (the position stays);
    and at the end the position after the last move, without an arrow: with the ``outcome``
    (a branch of a comparison), or, when the last frame shows a move, with a plain closing line."""
    from tutor.engine import IllegalMove, Move, TutorError

    position = start.copy()
    frames = [Frame(position.copy(), intro, Highlight())]
    for number, step in enumerate(steps, start=1):
        extra = _piles_named(position, tuple(step.highlight))
        if step.move is None:
            frames.append(Frame(position.copy(), (step.narration,), Highlight.of(extra), step.show))
            continue
        label = f"{where} {number}"
        try:
            move = Move.parse(step.move)
            if step.expect_refused:
                try:
                    position.copy().play(move)
                except IllegalMove as refusal:
                    reason = refusal.text
                else:
                    raise _step_error(scenario.id, label, Text("ui", "the move {move} should be refused but is legal",
                                                               move=step.move))
                fits = _piles_named(position, tuple(step.fits))
                frames.append(Frame(position.copy(), (step.narration,),
                                    Highlight.for_move(move, "refused", piles=extra, fits=fits), step.show,
                                    reason, move=str(move)))
                continue
            beats = position.play_beats(move)
        except TutorError as err:
            raise _step_error(scenario.id, label, err.text) from None
        for played, forced, before in beats:
            narration = before.describe(played) if forced else step.narration
            highlight = Highlight.for_move(played, "forced" if forced else "move", piles=() if forced else extra)
            frames.append(Frame(before, (narration,), highlight, step.show, move=str(played), forced=forced))
    if outcome is not None:
        frames.append(Frame(position.copy(), (outcome,), Highlight()))
    elif frames[-1].shows_move:
        closing = (Text("ui", "The move is not made: the cards stay where they are.") if frames[-1].refused
                   else Text("ui", "This is the position after the last move."))
        frames.append(Frame(position.copy(), (closing,), Highlight(), frames[-1].show))
    return frames


def scenario_tracks(scenario: Any) -> list[Track]:
    """Every frame of every track of a scenario, computed by the engine (build time and live)."""
    from tutor.glossary import term as glossary_term

    intro = (scenario.alt,)
    if scenario.kind == "compare":
        tracks = []
        for number, branch in enumerate(scenario.branches, start=1):
            frames = _step_frames(scenario, scenario.start_position(), branch.steps, intro, f"branch {number}, step",
                                  outcome=branch.outcome)
            tracks.append(Track(branch.label, frames))
        return tracks
    if scenario.kind == "variants":
        from tutor.engine import get_rules

        tracks = []
        for variant in scenario.variants:
            rules = get_rules(scenario.game, variant)
            start = scenario.position_for(variant) if scenario.deal is not None else rules.from_cards(scenario.cards)
            play = scenario.play_for(variant)
            line = Text("ui", "The same deal under the rules of {variant}.", variant=rules.variant_name)
            intro = (line, scenario.alt) if play is None or not play.prelude else (
                Text("ui", "The same deal under the rules of {variant}, played on to where they make a "
                           "difference.", variant=rules.variant_name),)
            tracks.append(Track(rules.variant_name,
                                _step_frames(scenario, start, play.steps if play else scenario.steps, intro,
                                             f"variant {variant or 'base'}, step")))
        return tracks
    start = scenario.start_position()
    frames = _step_frames(scenario, start, scenario.steps, intro, "step")
    if scenario.kind == "terms":
        for term_id, names in scenario.terms:
            word = glossary_term(scenario.game, term_id)
            frames.append(Frame(start.copy(), (Text("ui", "Highlighted: {term}", term=word),),
                                Highlight.of(_piles_named(start, tuple(names))), term=term_id))
    return [Track(None, frames)]


def _shown_layout(frame: Frame) -> list:
    layout = frame.position.layout()
    if frame.show is None:
        return layout
    return [view for view in layout if pile_matches(view.id, frame.show)]


from tutor.limits import HINT_SECONDS, MAX_GAME_MOVES as MAX_SAVED_MOVES  # a saved game is as long as a played one


class ScenarioWidget(Widget):
    """``scenario: <scenario-id>``: a guided example.

    The guide (every frame of every track) is drawn once, at build time, and the page script only
    switches between frames. Live, the reader can *try it yourself* from any frame: the engine
    holds the position, the reader picks a pile and then the pile it should go to (``pick``), or
    plays a listed legal move (``move``), and can ask for the legal moves, a hint, undo and reset.
    ``state()`` is what the page saves per scenario id (never the language): the track, the frame
    and the moves played from it, in notation; ``restore`` replays them."""

    kind = "scenario"

    def __init__(self, directive: Directive) -> None:
        from tutor.lessons import UnknownScenario, get_scenario

        try:
            self.scenario = get_scenario(directive.args[0])
        except UnknownScenario as err:
            raise DirectiveError(Text("ui", "there is no scenario “{scenario}”; known scenarios: {known}",
                                      scenario=directive.args[0], known=", ".join(err.known))) from None
        self._tracks: list[Track] | None = None
        self.mode = "guide"
        self.track = 0
        self.frame = 0
        self.position: Any = None
        self.moves: list[str] = []
        self.selection: Selection | None = None
        self.message: list[Text] = []
        self.message_class = ""
        self.show_legal = False
        self.hint_move: Any = None

    @property
    def tracks(self) -> list[Track]:
        """The frames, computed when first needed: opening a page's widgets live stays cheap."""
        if self._tracks is None:
            self._tracks = scenario_tracks(self.scenario)
        return self._tracks

    # --- drawing ---------------------------------------------------------------------------------
    def _counter(self, track: Track, index: int) -> Text:
        if self.scenario.kind == "terms" and track.frames[index].term is not None:
            return Text("ui", "Term {number} of {count}", number=index - (len(track.frames) - len(self.scenario.terms))
                        + 1, count=len(self.scenario.terms))
        if index == 0:
            return Text("ui", "Start")
        steps = len(track.frames) - 1 - (len(self.scenario.terms) if self.scenario.kind == "terms" else 0)
        return Text("ui", "Step {number} of {count}", number=index, count=steps)

    def guide_html(self, lang: str, widget_id: str) -> str:
        caption = self.scenario.title.render(lang)
        frames = []
        shared = SharedPiles(widget_id)  # the frames draw the piles they show alike once
        for track_index, track in enumerate(self.tracks):
            for index, frame in enumerate(track.frames):
                frame_id = f"{widget_id}-{track_index}-{index}"
                figure = figure_html(_shown_layout(frame), lang, caption=caption, highlight=frame.highlight,
                                     id_prefix=frame_id, symbols=symbol_prefix(widget_id), shared=shared)
                frames.append(frame_html(frame_id, track_index, index, figure,
                                         self._counter(track, index).render(lang),
                                         [as_sentence(text.render(lang)) for text in frame.narration],
                                         as_sentence(frame.refused.render(lang)) if frame.refused else None,
                                         frame.term, current=track_index == 0 and index == 0,
                                         move=frame.move, forced=frame.forced))
        choices = ""
        if self.scenario.kind in ("compare", "variants"):
            label = (Text("ui", "Ways to play") if self.scenario.kind == "compare" else Text("ui", "Variants")).render(lang)
            choices = choice_buttons("guide-track", [(i, t.label.render(lang)) for i, t in enumerate(self.tracks)],
                                     0, label)
        elif self.scenario.kind == "terms":
            frames_of_terms = [(i, self._term_word(f.term).render(lang))
                               for i, f in enumerate(self.tracks[0].frames) if f.term is not None]
            choices = choice_buttons("guide-frame", frames_of_terms, None, Text("ui", "Terms").render(lang))
        labels = {
            "back": Text("ui", "Back").render(lang),
            "next": Text("ui", "Next").render(lang),
            "restart": Text("ui", "Restart").render(lang),
            "try": Text("ui", "Try it yourself").render(lang),
            "controls": Text("ui", "Step through the example").render(lang),
        }
        return guide_html(self.scenario.id, self.scenario.kind, lang, frames, choices, labels,
                          len(self.tracks[0].frames))

    def _term_word(self, term_id: str | None) -> Text:
        from tutor.glossary import term as glossary_term

        return glossary_term(self.scenario.game, term_id or "")

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        if not live:
            return self.guide_html(lang, widget_id)
        if self.mode != "play":
            return ""
        return self.play_html(lang, widget_id)

    def play_html(self, lang: str, widget_id: str) -> str:
        position = self.position
        picked = self.selection.pile if self.selection is not None else None
        if self.selection is not None:  # the cards you picked, marked where they lie
            highlight = Highlight(frozenset([picked]), moving=((picked, self.selection.count),))
        elif self.hint_move is not None:  # the hinted move on the board before it, as a lesson draws it
            highlight = Highlight.for_move(self.hint_move)
        elif self.moves and position.history:  # after a move: where the card went
            last = next((entry.move for entry in reversed(position.history) if not entry.forced), None)
            highlight = Highlight.of([last.dst]) if last else Highlight()
        else:
            highlight = Highlight()
        caption = Text("ui", "{title}: your game", title=self.scenario.title).render(lang)
        figure = figure_html(position.layout(), lang, caption=caption, highlight=highlight, interactive=True,
                             id_prefix=f"{widget_id}-play", symbols=symbol_prefix(widget_id), selected=picked)
        message = " ".join(as_sentence(text.render(lang)) for text in self._play_message())
        buttons = [
            ("legal", (Text("ui", "Hide the legal moves") if self.show_legal
                       else Text("ui", "Show the legal moves")).render(lang), True),
            ("hint", Text("ui", "Hint").render(lang), not position.is_over()),
            ("undo", Text("ui", "Undo").render(lang), bool(self.moves)),
            ("reset", Text("ui", "Reset").render(lang), bool(self.moves)),
            ("guide", Text("ui", "Back to the example").render(lang), True),
        ]
        legal = None
        if self.show_legal:
            legal = [(str(move), position.describe(move).render(lang)) for move in position.legal_moves()]
        legal_title = (Text("ui", "Legal moves (click one to play it):") if legal
                       else Text("ui", "There is no legal move.")).render(lang)
        return play_html(figure, message, self.message_class, buttons, legal, legal_title)

    def _play_message(self) -> list[Text]:
        texts = list(self.message)
        if self.position.is_won():
            texts.append(Text("ui", "The game is won."))
        elif self.position.is_lost():
            texts.append(Text("ui", "No move is left: the game is lost.") if not self.position.legal_moves()
                         else Text("ui", "No move can bring the game on, only to and fro: the game is lost."))
        if not texts:
            texts.append(Text("ui", "Pick a card, then the pile it should go to; or ask for the legal moves."))
        return texts

    def announcement(self, lang: str) -> str:
        if self.mode != "play":
            return ""
        return " ".join(as_sentence(text.render(lang)) for text in self._play_message())

    # --- actions -------------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {
            "try": self._try,
            "restore": self._restore,
            "pick": self._pick,
            "move": self._move,
            "legal": self._toggle_legal,
            "hint": self._hint,
            "undo": self._undo,
            "reset": self._reset,
            "guide": self._leave,
        }

    def _place(self, request: dict) -> tuple[int, int]:
        track, frame = request.get("track", 0), request.get("frame", 0)
        if (not isinstance(track, int) or isinstance(track, bool) or not 0 <= track < len(self.tracks)
                or not isinstance(frame, int) or isinstance(frame, bool)
                or not 0 <= frame < len(self.tracks[track].frames)):
            raise _PlayError(Text("ui", "this example has no such step"))
        return track, frame

    def _start(self, track: int, frame: int) -> None:
        self.mode, self.track, self.frame = "play", track, frame
        self.position = self.tracks[track].frames[frame].position.copy()
        self.position.history.clear()
        self.position.redo_stack.clear()
        self.moves = []
        self._clear()

    def _clear(self, *message: Text, message_class: str = "") -> None:
        self.selection = None
        self.hint_move = None
        self.message = list(message)
        self.message_class = message_class

    def _try(self, request: dict) -> None:
        self._start(*self._place(request))

    def _restore(self, request: dict) -> None:
        """Replay a saved game: its place in the guide and the moves played from it. Anything that
        does not replay is refused with the reason, and the widget stays as it was."""
        from tutor.engine import TutorError

        saved = request.get("saved")
        try:
            if not isinstance(saved, dict) or saved.get("scenario") != self.scenario.id:
                raise _PlayError(Text("ui", "it belongs to another example"))
            moves = saved.get("moves", [])
            if not isinstance(moves, list) or len(moves) > MAX_SAVED_MOVES or not all(isinstance(m, str) for m in moves):
                raise _PlayError(Text("ui", "its list of moves is damaged"))
            track, frame = self._place(saved)
            if saved.get("mode", "play") == "guide":  # a place in the guide, nothing played
                self.mode, self.track, self.frame, self.moves = "guide", track, frame, []
                self._clear()
                return
            position = self.tracks[track].frames[frame].position.copy()
            position.history.clear()
            position.redo_stack.clear()
            for move in moves:
                position.play(move)
        except (_PlayError, TutorError) as err:
            raise _PlayError(Text("ui", "The saved game could not be restored ({reason}), so it was discarded.",
                                  reason=err.text)) from None
        self._start(track, frame)
        self.position, self.moves = position, list(moves)

    def _require_play(self) -> None:
        if self.mode != "play" or self.position is None:
            raise _PlayError(Text("ui", "press “Try it yourself” first"))

    def _play(self, move: Any) -> None:
        """Play a move; a refusal becomes the message (the position stays), not an error."""
        from tutor.engine import BadMoveNotation, IllegalMove

        before = self.position.copy()
        try:
            sentences = self.position.play_narrated(move)
        except (IllegalMove, BadMoveNotation) as refusal:
            self._clear(refusal.text, message_class="tutor-refused")  # the engine's reason, as a sentence
            return
        played = self.position.history[-len(sentences)].move
        self.moves.append(str(played))
        self._clear(move_report(before, played), *sentences[1:])

    def _pick(self, request: dict) -> None:
        """A click (or Enter) on a pile: the first picks the card to move, the second the pile it
        goes to (:mod:`tutor.web.board_input`). The stock turns at once when that is what it can do."""
        self._require_play()
        outcome = read_pick(self.position, self.selection, request.get("pile"), request.get("card"))
        if outcome.move is not None:
            self._play(outcome.move)
            return
        self._clear(outcome.text, message_class="tutor-refused" if outcome.refused else "")
        self.selection = outcome.selection

    def _move(self, request: dict) -> None:
        self._require_play()
        move = request.get("move")
        if not isinstance(move, str):
            raise _PlayError(Text("ui", "the request names no move"))
        self._play(move)

    def _toggle_legal(self, request: dict) -> None:
        self._require_play()
        self.show_legal = not self.show_legal
        self._clear()

    def _hint(self, request: dict) -> None:
        from tutor.analysis.hints import hint

        self._require_play()
        found = hint(self.position.copy(), time_limit=HINT_SECONDS)
        if found is None:
            self._clear(Text("ui", "The game is over: there is nothing to hint."))
            return
        self._clear(found.explanation)  # the board marks the move; the text says which tip makes it good
        from tutor.engine import Move

        self.hint_move = Move.parse(str(found.move))

    def _undo(self, request: dict) -> None:
        self._require_play()
        if not self.moves:
            raise _PlayError(Text("ui", "there is no move of yours to take back"))
        self.position.undo()
        self.moves.pop()
        self._clear(Text("ui", "Move taken back."))

    def _reset(self, request: dict) -> None:
        self._require_play()
        self._start(self.track, self.frame)
        self._clear(Text("ui", "Back at the start of your game."))

    def _leave(self, request: dict) -> None:
        self.mode = "guide"
        self._clear()

    def root_attributes(self) -> dict[str, str]:
        return {"data-scenario": self.scenario.id}

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind, "scenario": self.scenario.id, "mode": self.mode, "track": self.track,
                "frame": self.frame, "moves": list(self.moves)}






WIDGET_KINDS: dict[str, type[Widget]] = {"deal": DealWidget, "scenario": ScenarioWidget}


def _claim_widget(directive: Directive) -> Widget:
    from tutor.claims import ClaimWidget  # imported when first used (tutor.claims imports nothing of the session)

    return ClaimWidget(directive)


WIDGET_KINDS["claim"] = _claim_widget  # type: ignore[assignment]  # a factory, called like a class


def _play_widget(directive: Directive) -> Widget:
    from tutor.web.widgets.play import PlayWidget  # the play page's widgets build on Widget above, like the claim

    return PlayWidget(directive)


def _practice_widget(directive: Directive) -> Widget:
    from tutor.web.widgets.practice import PracticeWidget

    return PracticeWidget(directive)


WIDGET_KINDS.update(play=_play_widget, practice=_practice_widget)  # type: ignore[arg-type]


def open_widget(directive: Directive) -> Widget:
    """The widget for a directive; raises :class:`DirectiveError` or the engine's ``TutorError``."""
    widget_class = WIDGET_KINDS.get(directive.kind)
    if widget_class is None:
        raise DirectiveError(Text("ui", "“{kind}:” blocks cannot be shown as a live widget yet",
                                  kind=directive.kind))
    return widget_class(directive)


def picture_html(scenario_id: str, lang: str) -> str:
    """``picture: <scenario-id>``: the scenario's start position with its title and text alternative."""
    from tutor.lessons import UnknownScenario, get_scenario

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
    if directive.kind == "play-link":  # a link to the play page (or one of its exercises), not a widget
        from tutor.web.widgets.play import play_link_html

        return play_link_html(directive.args[0], lang)
    if directive.kind == "figures":  # the home page's table of stated and measured figures (tutor.claims)
        from tutor.claims import figures_table_html

        if directive.args != ("games",):
            raise DirectiveError(Text("ui", "“{line}”: write {form}", line=str(directive),
                                      form=DIRECTIVE_FORMS["figures"]))
        return f'<div class="tutor-figures-table">{figures_table_html(lang)}</div>'
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
        except Exception:  # noqa: BLE001 - nothing may reach the page as a traceback
            return json.dumps(_failure(None, DEFAULT_LANGUAGE, Text("ui", "the page sent a request the engine cannot read")))
        answer = self.handle(request)
        try:
            return json.dumps(answer)
        except Exception as err:  # noqa: BLE001
            return json.dumps(_failure(None, DEFAULT_LANGUAGE, _reason(err)))

    def handle(self, request: dict) -> dict:
        """Answer one request (see the module docstring). Never raises, whatever ``request`` is."""
        widget_id: str | None = None
        lang = DEFAULT_LANGUAGE
        try:
            if not isinstance(request, dict):
                raise inputs.InputError(Text("ui", "the page sent a request the engine cannot read"))
            lang = inputs.language(request.get("lang"))
            widget_id = inputs.widget_id(request.get("widget"))
            action = inputs.field(request.get("action"), 40)
            if action == "open":
                return self._open(widget_id, inputs.field(request.get("spec")), lang)
            if widget_id not in self.widgets:
                return _failure(widget_id, lang, Text("ui", "this widget is not open yet"))
            widget, lang = self.widgets[widget_id]
            if not isinstance(action, str):
                return _failure(widget_id, lang, Text("ui", "the request names no action"), widget.state())
            handler = widget.actions().get(action)
            if handler is None:
                return _failure(widget_id, lang, Text("ui", "this widget cannot do “{action}”",
                                                      action=inputs.shown(action)), widget.state())
            _check_fields(request, widget, action)
            handler(request)
            return _success(widget_id, widget, lang)
        except BaseException as err:  # noqa: BLE001 - nothing may reach the page as a traceback
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
        reason = Text("ui", "The saved game could not be restored ({reason}), so it was discarded.",
                      reason=Text("ui", "it is not a saved game"))
        return _failure(match.group(1), lang, reason, self._state_of(match.group(1)))

    def _open(self, widget_id: str, spec: Any, lang: str) -> dict:
        widget = open_widget(parse_directive(spec))
        self.widgets[widget_id] = (widget, lang)
        return _success(widget_id, widget, lang)

    def _state_of(self, widget_id: Any) -> dict:
        try:
            entry = self.widgets.get(widget_id) if isinstance(widget_id, str) else None
            return entry[0].state() if entry else {}
        except Exception:  # noqa: BLE001 - a failure answer must not fail
            return {}


_PLAYING_ACTIONS = ("pick", "move")


def _check_fields(request: dict, widget: Widget, action: str) -> None:
    """Request-level limits before a widget acts: text fields short, nothing nested deep, a
    saved game of the right shape, and no move past the longest game the tutor keeps."""
    for key, value in request.items():
        if key not in ("saved", "saved_text"):
            inputs.field(value)
    if inputs.depth_of(request) > inputs.MAX_REQUEST_DEPTH:
        raise inputs.InputError(Text("ui", "the page sent a request the engine cannot read"))
    if action == "restore" and isinstance(widget, ScenarioWidget):
        try:
            if "saved_text" in request:  # the page's stored text as it is: the engine reads it
                request["saved"] = inputs.saved_text(request["saved_text"], widget.scenario.id)
            else:
                request["saved"] = inputs.saved_game(request.get("saved"), widget.scenario.id)
        except inputs.InputError as err:
            raise _PlayError(Text("ui", "The saved game could not be restored ({reason}), so it was discarded.",
                                  reason=err.text)) from None
    if action in _PLAYING_ACTIONS and len(getattr(widget, "moves", ())) >= inputs.MAX_GAME_MOVES:
        raise _PlayError(Text("ui", "This game has reached {limit} moves, the longest the tutor keeps: reset it "
                                    "to play on.", limit=inputs.MAX_GAME_MOVES))


def _reason(err: BaseException) -> Text:
    text = getattr(err, "text", None)
    if isinstance(text, Text):
        return text
    if isinstance(err, (RecursionError, MemoryError)):
        return Text("ui", "the request is too large for the engine; the widget is unchanged")
    return Text("ui", "the engine hit an internal error ({error}); the widget is unchanged",
                error=type(err).__name__)


def _success(widget_id: str, widget: Widget, lang: str) -> dict:
    return {"ok": True, "widget": widget_id, "html": widget.body_html(lang, live=True, widget_id=widget_id),
            "state": widget.state(), "message": widget.announcement(lang), "continue": widget.continues()}


def _failure(widget_id: str | None, lang: str, reason: Text, state: dict | None = None) -> dict:
    try:
        message = reason.render(lang)
    except Exception:  # noqa: BLE001 - a failure answer must not fail
        message = Text("ui", "the page sent a request the engine cannot read").render(lang)
    return {"ok": False, "widget": widget_id, "html": None, "state": state or {}, "message": message}
