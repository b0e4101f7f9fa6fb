"""The play page: a whole deal of a game, any variant, any deal number, with the coach.

``play: <game-id>`` (the page ``/play/<game-id>/`` in each language) opens a :class:`PlayWidget`.
The page script (``docs/assets/js/play.js``) knows no rules: it sends ``start`` with the address's
hash, the saved game and the saved statistics exactly as it stored them, and afterwards stores
what the engine returns (``state["saved"]``, ``state["stats"]``) and writes ``state["hash"]``
into the address. Everything is checked here:

* :func:`parse_hash` reads ``deal=123&variant=one-redeal``; a hash without ``deal`` or
  ``variant`` is not for this widget (a section anchor, a practice link) and is ignored; a bad
  one (``deal=abc``, ``deal=-1``, an unknown variant, a number beyond :data:`MAX_DEAL`) gets a
  clear message and a random deal.
* A saved game (``{"game", "variant", "deal", "moves", "counted"}``) is replayed move by move;
  one that does not replay is discarded with a message, never half used.
* Statistics per variant (:class:`Stats`: played, won, current and best streak, best time, the last
  finished games) count a game once, when it is first won, lost or given up; a game left unfinished
  is not counted. A record that cannot be read is said, and the page keeps it aside
  (``state["stats_set_aside"]``), never drops it.
* The clock: every request may carry ``spent``, the milliseconds the page was visible since its last
  request (the page stops counting while it is hidden); they count for the game while it is not over.

Actions: ``start`` (``hash``, ``saved``, ``stats``), ``new`` (a random deal), ``new-winnable`` (a random
deal the solver proved winnable, where the game stores such deals), ``variant``
(``variant``: the same deal number under that variant), ``restart`` / ``replay`` (the same deal
from the start; ``replay`` starts a new game to count), ``pick`` (``pile``, ``card``; ``regrip``:
the picked run again from ``card``), ``drop`` (``pile``, ``card``, ``to``: a drag), ``home`` (``pile``:
its card to a foundation, a double-click or F), ``move`` (``move``), ``undo`` / ``redo`` (a move with
the safe cards that went home with it), ``hint``, ``give-up``, ``time`` (only the clock), ``auto``
(toggle: safe cards go to the foundations by themselves; off by default), ``coach`` (toggle; on by
default), ``reset-stats``, ``review`` (the game so far, beside Undo and on the end panel: the answer's
``state["go_to"]`` is the review page's address with the game in its link, which the page opens; a
game too long for a link is said so and stays as it is).

After every move of the player the coach (:mod:`tutor.analysis.coach`) judges it; a remark is shown in
``.tutor-coach`` with a link to the tip and an offer to undo. The move itself is reported in the
past (:mod:`tutor.analysis.reports`), with what the rules did after it; a hint is only ever asked for.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tutor.analysis.coach import remark_for
from tutor.analysis.reports import beat_reports
from tutor.engine import BadMoveNotation, IllegalMove, Move, TutorError, get_rules
from tutor.engine.lean import kernel_for
from tutor.errors import DirectiveError, HashError
from tutor.errors import PlayError as _PlayError
from tutor.i18n import Text
from tutor.limits import DEAL_DIGITS, HINT_SECONDS, MAX_GAME_MOVES, MAX_GAME_SECONDS, MAX_TIME_STEP_MS
from tutor.web.directives import Directive
from tutor.web.live_board import LiveBoard
from tutor.web.widgets.base import Widget, register_widget, set_aside_text
from tutor.web.widgets.play_coach import CoachThrottle
from tutor.web.widgets.play_record import (
    Stats,
    format_hash,
    page_deal_number,
    parse_hash,
    random_deal,
    read_stats,
    saved_deal_number,
)
from tutor.web.widgets.play_view import PlayView


@register_widget("play")
class PlayWidget(PlayView, LiveBoard, Widget):
    """``play: <game-id>``: a whole deal to play, with undo, hints, the coach and statistics."""

    kind = "play"

    def __init__(self, directive: Directive) -> None:
        if len(directive.args) != 1:
            raise DirectiveError(Text("ui", "write play: <game-id>"))
        self.game = directive.args[0]
        self.rules = get_rules(self.game)  # raises UnknownGame with the choices
        self.stats: dict[str, Stats] = {}
        self.coach_on = True
        self.auto = False
        self.set_aside = False  # set by _start when the saved game it was given could not be restored
        self.stats_set_aside = False  # …and when the record it was given could not be read
        self.go_to: str | None = None  # an address the page is to open now (the review's), for one answer
        self._new_game("", 1)

    # --- the game ---------------------------------------------------------------------------
    def _new_game(self, variant: str, deal: int) -> None:
        self.rules = get_rules(self.game, variant)
        self.variant = self.rules.variant
        self.deal = deal
        self.position = self.rules.deal(deal)
        self.groups: list[list[str]] = []  # per action of the player: its move, then the cards sent home with it
        self.redo_groups: list[list[str]] = []
        self.counted = False
        self.given_up = False
        self.seconds = 0.0  # the time the page was visible while this game was played
        self.hints = 0  # hints asked for and given
        self.undos = 0
        self.coach_said = CoachThrottle()  # what the page let the coach say in this game
        self._clear()

    def _clear(self, *message: Text, message_class: str = "") -> None:
        self.selection = None
        self.hint_move: Any = None
        self.hint_text: Text | None = None
        self.hinted: Any = None  # the last hint (tutor.analysis.hints.Hint), for the coach to know it
        self.remark: Any = None
        self.pending_deal: int | None = None  # a typed deal the page asks about first
        self.message = list(message)
        self.message_class = message_class
        self.typed: str | None = None  # a deal number typed into the box that could not be opened

    def _stats(self) -> Stats:
        return self.stats.setdefault(self.variant, Stats())

    def over(self) -> bool:
        """Whether the game has ended: won, lost (no progress possible) or given up."""
        return self.given_up or self.position.is_over()

    def result(self) -> str:
        """How the game ended (``won``, ``lost``, ``given-up``), or ``""`` while it goes on."""
        if self.position.is_won():
            return "won"
        return "given-up" if self.given_up else "lost" if self.position.is_lost() else ""

    def _count_if_over(self) -> None:
        if self.counted or not self.over():
            return
        self._stats().record(self.result(), len(self.groups), round(self.seconds))
        self.counted = True

    def _replay(self, variant: str, deal: int, groups: Any, counted: Any, saved: dict) -> None:
        """Set up a saved game; raises _PlayError naming what is wrong (and changes nothing)."""

        if (not isinstance(groups, list) or not all(isinstance(g, list) and g and all(isinstance(m, str) for m in g)
                                                      for g in groups)
                or sum(len(g) for g in groups) > MAX_GAME_MOVES or not isinstance(counted, bool)):
            raise _PlayError(Text("ui", "its list of moves is damaged"))
        # what pages kept before the clock and the end panel: none of these
        seconds, hints, undos = saved.get("seconds", 0), saved.get("hints", 0), saved.get("undos", 0)
        given_up = saved.get("given_up", False)
        if (not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n for n in (seconds, hints, undos))
                or seconds > MAX_GAME_SECONDS or not isinstance(given_up, bool)):
            raise _PlayError(Text("ui", "its clock or its counts are damaged"))

        rules = get_rules(self.game, variant)
        position = rules.deal(deal)
        try:
            for group in groups:
                for move in group:
                    position.play(move)
        except TutorError as err:
            raise _PlayError(err.text) from None
        self._new_game(variant, deal)
        self.position, self.groups, self.counted = position, [list(g) for g in groups], counted
        self.seconds, self.hints, self.undos = float(seconds), hints, undos
        self.given_up = given_up and not position.is_over()

    # --- actions -----------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {action: self._timed(handler) for action, handler in self._actions().items()}

    def _timed(self, handler: Callable[[dict], None]) -> Callable[[dict], None]:
        """The action, after the time the page says it was visible since its last request has
        been added to the game's clock (while the game goes on; the page stops it while hidden)."""
        def timed(request: dict) -> None:
            spent = request.get("spent")
            if (isinstance(spent, (int, float)) and not isinstance(spent, bool) and spent == spent
                    and not self.over() and request.get("action") != "start"):
                step = min(max(float(spent), 0.0), MAX_TIME_STEP_MS) / 1000
                self.seconds = min(self.seconds + step, MAX_GAME_SECONDS)
            self.go_to = None
            handler(request)
        return timed

    def _actions(self) -> dict[str, Callable[[dict], None]]:
        return {
            "start": self._start,
            "new": lambda request: self._fresh(self.variant, random_deal()),
            "new-winnable": self._new_winnable,
            "variant": self._variant,
            "goto": self._goto,
            "restart": lambda request: self._restart(Text("ui", "Back at the start of deal {number}.",
                                                          number=self.deal)),
            "replay": lambda request: self._fresh(self.variant, self.deal),
            "pick": self._pick,
            "drop": self._drop,
            "home": self._home,
            "move": self._move,
            "undo": self._undo,
            "redo": self._redo,
            "hint": self._hint,
            "give-up": self._give_up,
            "time": lambda request: None,  # the clock only (the page was hidden): nothing to redraw
            "auto": self._toggle_auto,
            "coach": self._toggle_coach,
            "reset-stats": self._reset_stats,
            "review": self._review,
        }

    def _new_winnable(self, request: dict) -> None:
        """A deal the solver proved winnable, at random (the button shows only where there are some)."""

        deals = [number for number in self._winnable() if number != self.deal] or list(self._winnable())
        if not deals:
            self._clear(Text("ui", "No deal of this variant is known to be winnable yet."))
            return
        number = random.choice(deals)
        self._fresh(self.variant, number, Text("ui", "Deal {number}: a new game, one that can be won.", number=number))

    def _fresh(self, variant: str, deal: int, *message: Text) -> None:
        self._new_game(variant, deal)
        self.message = list(message) or [Text("ui", "Deal {number}: a new game.", number=deal)]

    def _restart(self, message: Text) -> None:
        counted = self.counted
        self._new_game(self.variant, self.deal)
        self.counted = counted  # the same game from its start: it is counted once
        self.message = [message]

    def _start(self, request: dict) -> None:
        """The page has loaded: take the stored statistics, then the deal the address names, else
        the saved game, else a random deal; whatever is unusable is said and set aside."""
        notes: list[Text] = []
        self.set_aside = False  # a saved game that could not be restored: the page keeps it aside
        self.stats_set_aside = False  # the same for a record that cannot be read
        try:
            self.stats = read_stats(request.get("stats"), self.rules.variants)
        except ValueError:
            self.stats = {}
            self.stats_set_aside = True
            notes.append(Text("ui", "Your saved record could not be read; it is kept aside in this browser, and "
                                    "a new record starts."))
        options = request.get("options")
        if isinstance(options, dict):
            self.auto = options.get("auto") is True
            self.coach_on = options.get("coach") is not False
        saved = request.get("saved")
        try:
            wanted = parse_hash(request.get("hash"), self.game)
        except HashError as err:  # said, then the saved game goes on, else a random deal
            wanted = None
            notes.append(Text("ui", "The address could not be used ({reason}), so the page shows another deal instead.",
                              reason=err.text))
        if saved is not None:
            fits = isinstance(saved, dict) and saved.get("game") == self.game
            if fits and wanted is not None:
                fits = (saved_deal_number(saved.get("deal")), saved.get("variant")) == wanted
            if fits or wanted is None:
                try:
                    if not fits:
                        raise _PlayError(Text("ui", "it belongs to another game"))
                    deal, variant = saved_deal_number(saved.get("deal")), saved.get("variant")
                    if deal is None or not isinstance(variant, str) or variant not in self.rules.variants:
                        raise _PlayError(Text("ui", "its deal is damaged"))
                    self._replay(variant, deal, saved.get("moves"), saved.get("counted", False), saved)
                    self.message = [*notes, self.resumed_text()]
                    return
                except _PlayError as err:
                    notes.append(set_aside_text(err.text))
                    self.set_aside = True
        if wanted is not None:
            self._fresh(wanted[1], wanted[0], *notes, Text("ui", "Deal {number}: a new game.", number=wanted[0]))
        else:
            self._fresh("", random_deal(), *notes)

    def _goto(self, request: dict) -> None:
        """The deal box: the typed number opens that deal in the variant chosen (as the address
        ``#deal=N&variant=V`` would); a number that cannot be used is said and changes nothing."""
        typed = request.get("number")
        if not isinstance(typed, str) or not typed.strip(" \t"):
            self._refuse_typed(typed, Text("ui", "Type a deal number first: a whole number of up to {digits} digits.",
                                           digits=DEAL_DIGITS))
            return
        try:
            number = page_deal_number(typed)
        except HashError as err:
            self._refuse_typed(typed, err.text)
            return
        if number == self.deal and self.groups:
            self._clear(Text("ui", "You are already playing deal {number}: Restart deals it again.", number=number))
            return
        if self.groups and not self.over() and request.get("confirmed") != "yes":
            self._clear()  # a game in progress: the page asks first (play_end's dialog), nothing changes yet
            self.pending_deal = number
            return
        self._fresh(self.variant, number)

    def _refuse_typed(self, typed: Any, message: Text) -> None:
        """Say why, keep the game and the typed text (marked invalid, so the reader can mend it)."""
        keep = self.hint_move, self.hinted, self.remark
        self._clear(message, message_class="tutor-refused")
        self.hint_move, self.hinted, self.remark = keep
        self.typed = typed[:40] if isinstance(typed, str) else ""

    def _variant(self, request: dict) -> None:
        variant = request.get("variant")
        variant = "" if variant == "base" else variant
        if not isinstance(variant, str) or variant not in self.rules.variants:
            raise _PlayError(Text("ui", 'this game has no variant "{variant}"', variant=variant))
        self._fresh(variant, self.deal)

    def _play(self, move: Any) -> None:
        """Play the player's move (then, with ``auto``, the safe cards); a refusal is the message."""

        if self.over():
            self._clear()
            return
        before = self.position.copy() if self.coach_on else None
        hinted = self.hinted  # a hint that says why its move breaks a tip here: the coach then does not warn
        try:
            beats = self.position.play_beats(move)
        except (IllegalMove, BadMoveNotation) as refused:
            self._refuse(move, refused.text)
            return
        played = str(beats[0][0])
        group = [played]
        sentences = beat_reports(beats)
        if self.auto:
            sentences += self._send_safe_cards_home(group)
        self.groups.append(group)
        self.redo_groups.clear()
        self._clear(*sentences)
        if before is not None:
            self.remark = self.coach_said.shown(before, remark_for(before, played, hinted=hinted))
        self._count_if_over()

    def moves_kept(self) -> int:
        return sum(len(group) for group in self.groups)

    def _refuse(self, move: Any, reason: Text) -> None:
        """A move the engine refuses: its reason, as every board gives it, and what the coach says."""

        remark = remark_for(self.position.copy(), move) if self.coach_on else None
        self._clear(reason, message_class="tutor-refused")
        self.remark = remark

    def _send_safe_cards_home(self, group: list[str]) -> list[Text]:
        sentences: list[Text] = []
        kept = self.moves_kept() + (0 if self.groups and self.groups[-1] is group else len(group))
        while kept < MAX_GAME_MOVES and not self.position.is_over() and (move := self._safe_move()) is not None:
            kept += 1
            sentences += beat_reports(self.position.play_beats(move), auto_from=0)
            group.append(move)
        return sentences

    def _safe_move(self) -> str | None:
        """A card that can go to the foundations safely: no card could still want to lie on it
        (the solver's safe moves); where the game's words say so (``AUTO_PLAYS_EVERY_FIT``), any
        card that fits, the stock's turn aside."""

        if self._words().AUTO_PLAYS_EVERY_FIT:  # the game says every card that fits may go by itself
            stock = {view.id for view in self.position.layout() if view.kind == "stock"}
            return next((str(m) for m in self.position.legal_moves()
                         if m.dst not in stock and not stock.intersection(m.sources)), None)
        kernel = kernel_for(self.rules)
        found = kernel.safe_move(kernel.from_position(self.position))
        return kernel.notation(found) if found is not None else None

    # --- the live board's hooks (tutor.web.live_board) ---------------------------------------
    def playable(self) -> bool:
        return not self.over()

    def not_playable(self) -> None:
        self._clear()

    def on_move(self, move: Move | str) -> None:
        self._play(move)

    def on_refusal(self, move: Move | None, reason: Text, picked: str) -> None:
        if move is not None:
            self._refuse(move, reason)
        else:
            self._say(reason, "tutor-refused")

    def on_pick(self, text: Text) -> None:
        self._say(text, "")

    def _say(self, text: Text, message_class: str) -> None:
        """What a pick says; a card picked on the way to the hinted move: the hint still stands."""
        hinted = self.hinted
        self._clear(text, message_class=message_class)
        self.hinted = hinted

    def _undo(self, request: dict) -> None:
        if self.given_up:
            self._clear()
            return
        if not self.groups:
            self._clear(Text("ui", "Nothing to undo."))
            return
        self.undos += 1
        group = self.groups.pop()
        for _ in group:
            self.position.undo()
        self.position.redo_stack.clear()
        self.redo_groups.append(group)
        self._clear(Text("ui", "Move taken back."))

    def _redo(self, request: dict) -> None:
        if self.given_up:
            self._clear()
            return
        if not self.redo_groups:
            self._clear(Text("ui", "Nothing to redo."))
            return

        group = self.redo_groups.pop()
        before = self.position.copy() if self.coach_on else None
        sentences = beat_reports(self.position.play_beats(group[0]))
        for move in group[1:]:
            sentences += beat_reports(self.position.play_beats(move), auto_from=0)
        self.groups.append(group)
        self._clear(*sentences)
        if before is not None:  # the move is back, and so is what the coach said of it
            self.remark = remark_for(before, group[0])
        self._count_if_over()

    def _hint(self, request: dict) -> None:
        from tutor.analysis.hints import hint

        found = None if self.over() else hint(self.position.copy(), time_limit=HINT_SECONDS)
        if found is None:
            self._clear(Text("ui", "The game is over: there is nothing to hint."))
            return
        self._clear()
        self.hint_text = found.explanation
        self.hint_move = Move.parse(found.move)
        self.hints += 1
        self.hinted = found

    def _give_up(self, request: dict) -> None:
        """The player ends the game (the page asked first): it counts as given up."""
        if self.over():
            self._clear()
            return
        self.given_up = True
        self._clear()
        self._count_if_over()

    def _toggle_auto(self, request: dict) -> None:
        self.auto = not self.auto
        sentences: list[Text] = []
        if self.auto and self.groups and not self.over():
            sentences = self._send_safe_cards_home(self.groups[-1])
            self._count_if_over()
        self._clear(*sentences, Text("ui", "{option}: on.", option=self._words().AUTO_LABEL) if self.auto
                    else Text("ui", "{option}: off.", option=self._words().AUTO_LABEL))

    def _toggle_coach(self, request: dict) -> None:
        self.coach_on = not self.coach_on
        self._clear(Text("ui", "The coach is on: it speaks up when a move goes against a tip.") if self.coach_on
                    else Text("ui", "The coach is off."))

    def _reset_stats(self, request: dict) -> None:
        self.stats.pop(self.variant, None)
        self._clear(Text("ui", "Your record for this variant starts again from nothing."))

    # --- what the page keeps -----------------------------------------------------------------
    def root_attributes(self) -> dict[str, str]:
        return {"data-kind": "play", "data-game": self.game, "data-deal": str(self.deal), "data-variant": self.variant}

    def state(self) -> dict[str, Any]:
        return {
            # deal numbers travel as text: JavaScript's numbers are exact only up to 2⁵³, a deal goes to 2⁶⁴ − 1
            "kind": self.kind, "game": self.game, "variant": self.variant, "deal": str(self.deal),
            "hash": format_hash(self.deal, self.variant), "over": self.result(),
            "saved": {"game": self.game, "variant": self.variant, "deal": str(self.deal),
                      "moves": [list(g) for g in self.groups], "counted": self.counted,
                      "seconds": round(self.seconds), "hints": self.hints, "undos": self.undos,
                      "given_up": self.given_up},
            "stats": {variant: stats.as_json() for variant, stats in self.stats.items()},
            "options": {"auto": self.auto, "coach": self.coach_on},
            "set_aside": self.set_aside,
            "stats_set_aside": self.stats_set_aside,
            "go_to": self.go_to,
        }
