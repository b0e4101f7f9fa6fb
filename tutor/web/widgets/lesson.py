"""The rules pages' widgets: ``deal:`` (a dealt layout, deal after deal), ``scenario:`` (a guided
example, every frame drawn at build time; live, "try it yourself" from any frame) and ``picture:``
(a scenario's start position, drawn at build time only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor import inputs
from tutor.analysis.reports import move_report
from tutor.engine import BadMoveNotation, IllegalMove, Move, TutorError, get_rules
from tutor.errors import DirectiveError
from tutor.errors import PlayError as _PlayError
from tutor.glossary import term as glossary_term
from tutor.i18n import Text
from tutor.lessons import UnknownScenario, get_scenario, named_from
from tutor.limits import HINT_SECONDS  # a saved game is as long as a played one
from tutor.limits import MAX_GAME_MOVES as MAX_SAVED_MOVES
from tutor.web.board_input import run_depths
from tutor.web.directives import Directive
from tutor.web.frames import Track, scenario_tracks, shown_layout
from tutor.web.live_board import LiveBoard
from tutor.web.progress import Record, key_of, read_progress, record_text
from tutor.web.render import (
    Highlight,
    SharedPiles,
    as_sentence,
    buttons_html,
    choice_buttons,
    figure_html,
    frame_html,
    guide_html,
    play_html,
    symbol_prefix,
)
from tutor.web.widgets.base import Widget, register_picture, register_widget, set_aside_text


@register_widget("deal")
class DealWidget(Widget):
    """``deal: <game-id> [variant] <n>``: the layout of deal *n*; live, the reader can step through
    the deals."""

    kind = "deal"

    def __init__(self, directive: Directive) -> None:
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


@register_widget("scenario")
class ScenarioWidget(LiveBoard, Widget):
    """``scenario: <scenario-id>``: a guided example.

    The guide (every frame of every track) is drawn once, at build time, and the page script only
    switches between frames. Live, the reader can *try it yourself* from any frame: the engine
    holds the position, the reader picks a pile and then the pile it should go to (``pick``), or
    plays a listed legal move (``move``), and can ask for the legal moves, a hint, undo and reset.
    ``state()`` is what the page saves per scenario id (never the language): the track, the frame
    and the moves played from it, in notation; ``restore`` replays them.

    When the guide shows the last step of a track, the page says so (``reached``, with the track,
    the frame and the stored progress records): the example counts as stepped through, and its
    progress record (:mod:`tutor.web.progress`, under the scenario id) comes back in
    ``state["store"]``, which the page stores as it stores a task's (a record of it that cannot be
    read is first kept aside: ``state["set_aside"]``, and said once by the page)."""

    kind = "scenario"

    def moves_kept(self) -> int:
        return len(self.moves)

    def __init__(self, directive: Directive) -> None:
        try:
            self.scenario = get_scenario(directive.args[0])
        except UnknownScenario as err:
            raise DirectiveError(Text("ui", 'there is no scenario "{scenario}"; known scenarios: {known}',
                                      scenario=directive.args[0], known=", ".join(err.known))) from None
        self._tracks: list[Track] | None = None
        self.mode = "guide"
        self.track = 0
        self.frame = 0
        self.position: Any = None
        self.moves: list[str] = []
        self.selection = None
        self.message: list[Text] = []
        self.message_class = ""
        self.show_legal = False
        self.hint_move: Any = None
        self.store: dict[str, str] = {}
        self.set_aside: list[str] = []

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
                figure = figure_html(shown_layout(frame), lang, caption=caption, highlight=frame.highlight,
                                     id_prefix=frame_id, symbols=symbol_prefix(widget_id), shared=shared)
                frames.append(frame_html(frame_id, track_index, index, figure,
                                         self._counter(track, index).render(lang),
                                         [as_sentence(text.render(lang)) for text in frame.narration],
                                         as_sentence(frame.refused.render(lang)) if frame.refused else None,
                                         frame.term, current=track_index == 0 and index == 0,
                                         move=frame.move, forced=frame.forced))
        choices = ""
        if self.scenario.kind in ("compare", "variants"):
            label = (Text("ui", "Ways to play") if self.scenario.kind == "compare"
                     else Text("ui", "Variants")).render(lang)
            # (a comparison's branches and the variants are labelled; only the plain steps' track is not)
            choices = choice_buttons("guide-track", [(i, t.label.render(lang)) for i, t in enumerate(self.tracks)
                                                     if t.label is not None],
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
            highlight = Highlight(frozenset([self.selection.pile]),
                                  moving=((self.selection.pile, self.selection.count),))
        elif self.hint_move is not None:  # the hinted move on the board before it, as a lesson draws it
            highlight = Highlight.for_move(self.hint_move)
        elif self.moves and position.history:  # after a move: where the card went
            last = next((entry.move for entry in reversed(position.history) if not entry.forced), None)
            highlight = Highlight.of([last.dst]) if last else Highlight()
        else:
            highlight = Highlight()
        caption = Text("ui", "{title}: your game", title=self.scenario.title).render(lang)
        figure = figure_html(position.layout(), lang, caption=caption, highlight=highlight, interactive=True,
                             id_prefix=f"{widget_id}-play", symbols=symbol_prefix(widget_id), selected=picked,
                             runs=run_depths(position))
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
                         else Text("ui", "The moves left only shift cards to and fro: the game is lost."))
        if not texts:
            texts.append(Text("ui", "Pick a card, then the pile it should go to; or ask for the legal moves."))
        return texts

    def announcement(self, lang: str) -> str:
        if self.mode != "play":
            return ""
        return " ".join(as_sentence(text.render(lang)) for text in self._play_message())

    def records_kept_aside(self) -> list[str]:
        return list(self.set_aside)

    # --- actions -------------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[dict], None]]:
        def fresh(action: Callable[[dict], None]) -> Callable[[dict], None]:
            def run(request: dict) -> None:  # what the page keeps, and says of it, comes once
                self.store, self.set_aside = {}, []
                action(request)
            return run

        return {name: fresh(action) for name, action in {
            "reached": self._reached,
            "try": self._try,
            "restore": self._restore,
            "pick": self._pick,
            "move": self._move,
            "legal": self._toggle_legal,
            "hint": self._hint,
            "undo": self._undo,
            "reset": self._reset,
            "guide": self._leave,
        }.items()}

    def _place(self, request: dict) -> tuple[int, int]:
        track, frame = request.get("track", 0), request.get("frame", 0)
        if (not isinstance(track, int) or isinstance(track, bool) or not 0 <= track < len(self.tracks)
                or not isinstance(frame, int) or isinstance(frame, bool)
                or not 0 <= frame < len(self.tracks[track].frames)):
            raise _PlayError(Text("ui", "this example has no such step"))
        return track, frame

    def _reached(self, request: dict) -> None:
        """The guide shows ``track``/``frame``: at the end of its track, the example is stepped through."""
        track, frame = self._place(request)
        if frame != len(self.tracks[track].frames) - 1:
            raise _PlayError(Text("ui", "this is not the last step of the example"))
        progress = read_progress(request.get("records"), [self.scenario.id])
        self.set_aside = list(progress.corrupt)
        if progress.of(self.scenario.id) is None:
            self.store = {key_of(self.scenario.id): record_text(Record(solved=True))}

    def _start(self, track: int, frame: int) -> None:
        self.mode, self.track, self.frame = "play", track, frame
        self.position = self.tracks[track].frames[frame].playable.copy()
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

        saved = request.get("saved")
        try:
            if not isinstance(saved, dict) or saved.get("scenario") != self.scenario.id:
                raise _PlayError(Text("ui", "it belongs to another example"))
            moves = saved.get("moves", [])
            if (not isinstance(moves, list) or len(moves) > MAX_SAVED_MOVES
                    or not all(isinstance(m, str) for m in moves)):
                raise _PlayError(Text("ui", "its list of moves is damaged"))
            track, frame = self._place(saved)
            if saved.get("mode", "play") == "guide":  # a place in the guide, nothing played
                self.mode, self.track, self.frame, self.moves = "guide", track, frame, []
                self._clear()
                return
            position = self.tracks[track].frames[frame].playable.copy()
            position.history.clear()
            position.redo_stack.clear()
            for move in moves:
                position.play(move)
        except (_PlayError, TutorError) as err:
            raise _PlayError(set_aside_text(err.text)) from None
        self._start(track, frame)
        self.position, self.moves = position, list(moves)

    def _require_play(self) -> None:
        if not self.playable():
            self.not_playable()

    def _play(self, move: Any) -> None:
        """Play a move; a refusal becomes the message (the position stays), not an error."""

        before = self.position.copy()
        try:
            sentences = self.position.play_narrated(move)
        except (IllegalMove, BadMoveNotation) as refusal:
            self._clear(refusal.text, message_class="tutor-refused")  # the engine's reason, as a sentence
            return
        played = self.position.history[-len(sentences)].move
        self.moves.append(str(played))
        self._clear(move_report(before, played), *sentences[1:])

    # --- the live board's hooks (tutor.web.live_board) -----------------------------------------
    def playable(self) -> bool:
        return self.mode == "play" and self.position is not None

    def not_playable(self) -> None:
        raise _PlayError(Text("ui", 'press "Try it yourself" first'))

    def on_move(self, move: Move | str) -> None:
        self._play(move)

    def on_refusal(self, move: Move | None, reason: Text, picked: str) -> None:
        self._clear(reason, message_class="tutor-refused")

    def on_pick(self, text: Text) -> None:
        self._clear(text)

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
                "frame": self.frame, "moves": list(self.moves), "store": dict(self.store),
                "set_aside": list(self.set_aside)}

    def saved_game_owner(self) -> str | None:
        return self.scenario.id


@register_picture("picture")
def _picture(directive: Directive, lang: str) -> str:
    return f'<div class="tutor-picture">{picture_html(directive.args[0], lang)}</div>'


def picture_html(scenario_id: str, lang: str) -> str:
    """``picture: <scenario-id>``: the scenario's start position with its title and text alternative."""

    try:
        scenario = get_scenario(scenario_id)
    except UnknownScenario as err:
        raise DirectiveError(Text("ui", 'there is no scenario "{scenario}"; known scenarios: {known}',
                                  scenario=scenario_id, known=", ".join(err.known))) from None
    position = scenario.start_position()
    alt = named_from(scenario.alt, position, position).render(lang)
    return figure_html(position.layout(), lang, caption=scenario.title.render(lang), alt=alt,
                       id_prefix=f"picture-{scenario_id}", highlight=Highlight())
