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
Both draw with :mod:`tutor.render`, so the static and the live widget are the same HTML.

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
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from .i18n import DEFAULT_LANGUAGE, Text, normalize_language
from .render import (Highlight, buttons_html, choice_buttons, figure_html, frame_html, guide_html, play_html,
                     symbol_prefix, widget_html)


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
    "claim": "claim: <claim-id>",
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
    yourself from here), what to draw and point out, and what the text says."""

    position: Any
    narration: tuple[Text, ...]
    highlight: Highlight
    show: tuple[str, ...] | None = None
    refused: Text | None = None
    term: str | None = None


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


def _step_frames(scenario: Any, start: Any, steps: tuple, intro: tuple[Text, ...], where: str) -> list[Frame]:
    """The frames of a step sequence: the start, then one frame per step (the position after the
    move, its cards' way marked from pile to pile; a refused move leaves the position as it was)."""
    from .games.base import IllegalMove, Move, TutorError

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
            else:
                position.play(move)
                reason = None
        except TutorError as err:
            raise _step_error(scenario.id, label, err.text) from None
        highlight = Highlight.of([*extra, *move.sources, move.dst], move=(move.sources[0], move.dst))
        frames.append(Frame(position.copy(), (step.narration,), highlight, step.show, reason))
    return frames


def scenario_tracks(scenario: Any) -> list[Track]:
    """Every frame of every track of a scenario, computed by the engine (build time and live)."""
    from .glossary import term as glossary_term

    intro = (scenario.alt,)
    if scenario.kind == "compare":
        tracks = []
        for number, branch in enumerate(scenario.branches, start=1):
            frames = _step_frames(scenario, scenario.start_position(), branch.steps, intro, f"branch {number}, step")
            last = frames[-1]
            frames.append(Frame(last.position.copy(), (branch.outcome,), Highlight()))
            tracks.append(Track(branch.label, frames))
        return tracks
    if scenario.kind == "variants":
        from .games import get_rules

        tracks = []
        for variant in scenario.variants:
            rules = get_rules(scenario.game, variant)
            start = scenario.position_for(variant) if scenario.deal is not None else rules.from_cards(scenario.cards)
            line = Text("ui", "The same deal under the rules of {variant}.", variant=rules.variant_name)
            tracks.append(Track(rules.variant_name,
                                _step_frames(scenario, start, scenario.steps, (line, scenario.alt),
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


MAX_SAVED_MOVES = 2000  # a saved game longer than this is not one the page wrote


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
        from .scenarios import UnknownScenario, get_scenario

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
        self.selected: str | None = None
        self.message: list[Text] = []
        self.message_class = ""
        self.show_legal = False
        self.hint_move: Any = None
        self._picked_card: Any = None

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
        for track_index, track in enumerate(self.tracks):
            for index, frame in enumerate(track.frames):
                frame_id = f"{widget_id}-{track_index}-{index}"
                figure = figure_html(_shown_layout(frame), lang, caption=caption, highlight=frame.highlight,
                                     id_prefix=frame_id, symbols=symbol_prefix(widget_id))
                frames.append(frame_html(frame_id, track_index, index, figure,
                                         self._counter(track, index).render(lang),
                                         [text.render(lang) for text in frame.narration],
                                         frame.refused.render(lang) if frame.refused else None, frame.term,
                                         current=track_index == 0 and index == 0))
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
        stale = Text("ui", "The saved position of this example no longer fits it, so it was discarded.").render(lang)
        return guide_html(self.scenario.id, self.scenario.kind, lang, frames, choices, labels, stale)

    def _term_word(self, term_id: str | None) -> Text:
        from .glossary import term as glossary_term

        return glossary_term(self.scenario.game, term_id or "")

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        if not live:
            return self.guide_html(lang, widget_id)
        if self.mode != "play":
            return ""
        return self.play_html(lang, widget_id)

    def play_html(self, lang: str, widget_id: str) -> str:
        position = self.position
        if self.selected is not None:
            highlight = Highlight.of([self.selected])
        elif self.hint_move is not None:
            highlight = Highlight.of([*self.hint_move.sources, self.hint_move.dst],
                                     move=(self.hint_move.sources[0], self.hint_move.dst))
        elif self.moves and position.history:
            last = next((entry.move for entry in reversed(position.history) if not entry.forced), None)
            highlight = Highlight.of([*last.sources, last.dst], move=(last.sources[0], last.dst)) if last else Highlight()
        else:
            highlight = Highlight()
        caption = Text("ui", "{title}: your game", title=self.scenario.title).render(lang)
        figure = figure_html(position.layout(), lang, caption=caption, highlight=highlight, interactive=True,
                             id_prefix=f"{widget_id}-play", symbols=symbol_prefix(widget_id), selected=self.selected)
        message = " ".join(text.render(lang) for text in self._play_message())
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
            texts.append(Text("ui", "No move is left: the game is lost."))
        if not texts:
            texts.append(Text("ui", "Pick a card, then the pile it should go to; or ask for the legal moves."))
        return texts

    def announcement(self, lang: str) -> str:
        if self.mode != "play":
            return ""
        return " ".join(text.render(lang) for text in self._play_message())

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
            raise _PlayError(Text("ui", "this example has no step {track}/{frame}", track=track, frame=frame))
        return track, frame

    def _start(self, track: int, frame: int) -> None:
        self.mode, self.track, self.frame = "play", track, frame
        self.position = self.tracks[track].frames[frame].position.copy()
        self.position.history.clear()
        self.position.redo_stack.clear()
        self.moves = []
        self._clear()

    def _clear(self, *message: Text, message_class: str = "") -> None:
        self.selected = None
        self.hint_move = None
        self.message = list(message)
        self.message_class = message_class

    def _try(self, request: dict) -> None:
        self._start(*self._place(request))

    def _restore(self, request: dict) -> None:
        """Replay a saved game: its place in the guide and the moves played from it. Anything that
        does not replay is refused with the reason, and the widget stays as it was."""
        from .games.base import TutorError

        saved = request.get("saved")
        try:
            if not isinstance(saved, dict) or saved.get("scenario") != self.scenario.id:
                raise _PlayError(Text("ui", "it belongs to another example"))
            moves = saved.get("moves", [])
            if not isinstance(moves, list) or len(moves) > MAX_SAVED_MOVES or not all(isinstance(m, str) for m in moves):
                raise _PlayError(Text("ui", "its list of moves is damaged"))
            track, frame = self._place(saved)
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
        from .games.base import BadMoveNotation, IllegalMove

        try:
            sentences = self.position.play_narrated(move)
        except (IllegalMove, BadMoveNotation) as refusal:
            self._clear(Text("ui", "Not allowed: {reason}", reason=refusal.text), message_class="tutor-refused")
            return
        self.moves.append(str(self.position.history[-len(sentences)].move))
        self._clear(*sentences)

    def _pick(self, request: dict) -> None:
        """A click (or Enter) on a pile: the first picks the card to move, the second the pile it
        goes to. The stock turns at once when that is the only thing it can do."""
        from .games.base import Move

        self._require_play()
        pile = request.get("pile")
        if not isinstance(pile, str) or pile not in self.position.piles:
            raise _PlayError(Text("ui", "there is no pile “{pile}” here", pile=pile))
        legal = self.position.legal_moves()
        if self.selected is None:
            cards = self.position.piles[pile]
            from_here = [m for m in legal if pile in m.sources]
            kind = next((view.kind for view in self.position.layout() if view.id == pile), "")
            if kind == "stock" and from_here and len({m.dst for m in from_here}) == 1:
                self._play(from_here[0])
                return
            if not cards:
                self._clear(Text("ui", "This pile is empty: pick a card to move first."))
                return
            self._clear(Text("ui", "Picked {card}: now pick the pile it should go to.", card=cards[-1]))
            self.selected = pile
            self._picked_card = request.get("card")
            return
        source = self.selected
        if pile == source:
            self._clear(Text("ui", "Nothing picked."))
            return
        candidates = [m for m in legal if source in m.sources and m.dst == pile]
        wanted = self._wanted_count(source)
        if wanted is not None and any(m.count == wanted for m in candidates):
            candidates = [m for m in candidates if m.count == wanted]
        self._play(candidates[0] if candidates else Move(source, pile, wanted or 1))

    def _wanted_count(self, source: str) -> int | None:
        code = getattr(self, "_picked_card", None)
        cards = self.position.piles.get(source, [])
        for index in range(len(cards) - 1, -1, -1):
            if cards[index].code == code:
                return len(cards) - index
        return None

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
        from .hints import hint

        self._require_play()
        found = hint(self.position.copy(), time_limit=HINT_SECONDS)
        if found is None:
            self._clear(Text("ui", "The game is over: there is nothing to hint."))
            return
        self._clear(Text("ui", "Hint: {explanation}", explanation=found.explanation))
        from .games.base import Move

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


HINT_SECONDS = 0.3  # the reader waits for the hint: the solver gets this long, then the tips decide


class _PlayError(Exception):
    """A request the scenario widget refuses; ``text`` says why (the session renders it)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.render("en"))
        self.text = text


WIDGET_KINDS: dict[str, type[Widget]] = {"deal": DealWidget, "scenario": ScenarioWidget}


def _claim_widget(directive: Directive) -> Widget:
    from .claims import ClaimWidget  # builds on Widget above, so it is imported when first used

    return ClaimWidget(directive)


WIDGET_KINDS["claim"] = _claim_widget  # type: ignore[assignment]  # a factory, called like a class


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
    return widget_html(widget_id, str(directive), lang, widget.body_html(lang, live=False, widget_id=widget_id),
                       widget.root_attributes())


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
            "state": widget.state(), "message": widget.announcement(lang), "continue": widget.continues()}


def _failure(widget_id: str | None, lang: str, reason: Text, state: dict | None = None) -> dict:
    return {"ok": False, "widget": widget_id, "html": None, "state": state or {}, "message": reason.render(lang)}
