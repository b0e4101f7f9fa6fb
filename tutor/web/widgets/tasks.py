"""``tasks: <game> <section>``: the learner makes the move (issue 23). At the end of each rules
section, the section's tasks, one at a time; beside each tip, the tip's exercises
(:mod:`tutor.web.widgets.task_items`).

The board is the same as every live board (the marks ``g.tutor-pile[data-pile]``,
``.tutor-card[data-card]``, the keys of ``board-keys.js``; a pick is read by
:func:`tutor.web.board_input.read_pick`), and it carries no answer: no list of moves, no move on one
click. What the learner does is answered at once:

* the answer → it is played (its beats drawn for the page to animate, as a guide's frames are), one
  sentence says why it was right, the task is solved (``data-task-state="solved"``) and the next one
  is a press away;
* a legal move that is not the answer → a sentence about that move ("You may move the 7♣ onto the
  8♣.", :meth:`tutor.tasks.Task.not_the_answer`), then the task's "But …"; nothing is played;
* a move the rules forbid → the rule's own sentence (the engine's, as on every board) with a link to
  the section of the page that states it; the position stays. In ``spot-illegal`` that refusal is
  the answer;
* after two misses, "Show me" marks the answer on the position; solved then, it counts "with help"
  (solved after a miss without it: "solved after a miss"; see :mod:`tutor.web.progress`).

A ``find-all`` answer found is marked, not played, until every one is found. A ``what-next`` task
shows its trigger as a guide shows a move; the learner picks the card the rules move next.

After "Show me" the page puts the keyboard on the marked card: ``state["shown_pile"]`` names the
pile whose top card is marked first.

Progress: the page sends the stored records (``start``/``refresh``: ``records``, see
:mod:`tutor.web.progress`), and the misses and "Show me" of a task not yet solved are read back
from them, so a reload or the other language's page goes on counting them. Every miss, every "Show
me" and every solve is returned in ``state["store"]`` (key → text), which the page stores as it is;
a record of the widget's tasks it cannot read is returned in ``state["set_aside"]`` (the page keeps
it aside before it stores anything, and says so: :meth:`Widget.records_kept_aside`). The task's root
carries ``data-task`` and ``data-task-state``; the answer goes to the task's live region
(``.tutor-task-live``), said once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.engine import Move, get_rules
from tutor.errors import DirectiveError, PlayError
from tutor.i18n import Text
from tutor.web.board_input import run_depths
from tutor.web.directives import Directive
from tutor.web.live_board import LiveBoard
from tutor.web.progress import Record, key_of, read_progress, record_text
from tutor.web.render import Highlight, as_sentence
from tutor.web.widgets.base import Widget, register_widget
from tutor.web.widgets.task_items import MISSES_BEFORE_HELP, items_for
from tutor.web.widgets.task_view import task_html


def _merge(*marks: Highlight) -> Highlight:
    """One highlight of several (found answers, the answer shown, a pick)."""
    return Highlight(frozenset().union(*(mark.piles for mark in marks)),
                     tuple(arrow for mark in marks for arrow in mark.arrows),
                     tuple(moving for mark in marks for moving in mark.moving),
                     frozenset().union(*(mark.fits for mark in marks)))


@register_widget("tasks")
class TasksWidget(LiveBoard, Widget):
    """A section's tasks (or a tip's exercises), one at a time (see the module docstring)."""

    kind = "tasks"
    drawn_on_start = True  # tasks.js sends start (with the stored progress) after open

    def __init__(self, directive: Directive) -> None:
        if len(directive.args) != 2:
            raise DirectiveError(Text("ui", "write tasks: <game-id> <section>"))
        self.game, self.section = directive.args
        self.rules = get_rules(self.game)  # raises UnknownGame with the choices
        self.items = items_for(self.game, self.section)
        if not self.items:
            raise DirectiveError(Text("ui", '"{game}" has no tasks in its section "{section}"', game=self.game,
                                      section=self.section))
        self.records: dict[str, Record] = {}  # the solved, by task id
        self.stored: dict[str, Record] = {}  # every record the page sent or was given, solved or not
        self.store: dict[str, str] = {}
        self.set_aside: list[str] = []
        # the misses (and a "Show me") of each task not yet solved: going back to it, or trying it
        # again, keeps them, so an answer after them is never one at the first attempt
        self.attempts: dict[int, tuple[int, bool]] = {}
        self._go(0)

    # --- the current task ------------------------------------------------------------------------
    def _go(self, index: int, *message: Text) -> None:
        self.index = index
        self.item = self.items[index]
        self.position = self.item.position()
        self.selection = None
        self.misses, self.shown = self.attempts.get(index, (0, False))
        self.found: list[Any] = []  # find-all: the answers found, as moves
        self.solved = False
        self.beats: list[tuple[Any, Highlight]] = []  # the answer played, beat by beat (drawn once)
        self.attempt = Highlight()  # the learner's last move, drawn refused or nudged back
        self.nudge = ""  # "refused" | "back": the page nudges the marked card
        self.message = list(message)
        self.tone = ""  # "right" | "wrong"
        self.rule_section: str | None = None
        self.landed: frozenset[str] = frozenset()

    def _answer_moves(self) -> list[Any]:
        return [self.position.canonical(answer) for answer in self.item.answers]

    def marks(self) -> Highlight:
        """What the board points out now: a pick, the found answers, the answer shown, a trigger."""

        marks = [self.attempt]
        if self.item.trigger and not self.solved:  # a what-next task's move that sets it off
            marks.append(Highlight.for_move(Move.parse(self.item.trigger)))
        if self.selection is not None:
            marks.append(Highlight(frozenset([self.selection.pile]), moving=((self.selection.pile,
                                                                              self.selection.count),)))
        if not self.solved:
            marks += [Highlight.for_move(move) for move in self.found]
        if self.shown and not self.solved:
            marks.append(self._shown_answer())
        return _merge(*marks)

    def _shown_moves(self) -> list[Any]:
        """What "Show me" marks (its kind says: :meth:`tutor.tasks.kinds.TaskKind.shown_moves`)."""
        return self.item.kind.shown_moves(self.item, self.position, self.found)

    def _shown_answer(self) -> Highlight:
        return _merge(*(Highlight.for_move(move, self.item.kind.shown_style) for move in self._shown_moves()))

    def _shown_pile(self) -> str | None:
        """The pile whose top card "Show me" marks first (the page puts the keyboard there), while shown."""
        moves = self._shown_moves() if self.shown and not self.solved else []
        return moves[0].sources[0] if moves else None

    # --- drawing ---------------------------------------------------------------------------------
    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        html = task_html(self, lang, live, widget_id)
        self.beats = []  # the answer's beats are drawn once, for the page to animate
        return html

    def announcement(self, lang: str) -> str:
        return " ".join(as_sentence(text.render(lang)) for text in self.message)

    def records_kept_aside(self) -> list[str]:
        return list(self.set_aside)

    def board_runs(self) -> dict:
        return run_depths(self.position) if not self.solved else {}

    # --- actions -----------------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[dict], None]]:
        def fresh(action: Callable[[dict], None]) -> Callable[[dict], None]:
            def run(request: dict) -> None:
                self.store, self.set_aside = {}, []
                action(request)
            return run

        return {name: fresh(action) for name, action in {
            "start": self._start, "refresh": self._refresh, "pick": self._pick, "show": self._show,
            "retry": lambda request: self._go(self.index), "next": self._next, "choose": self._choose,
        }.items()}

    def _read(self, request: dict) -> list[str]:
        """The records the page sent, the misses of the unsolved read back; returns the corrupt keys."""
        progress = read_progress(request.get("records"), [item.id for item in self.items])
        self.stored = dict(progress.records)
        self.records = {item_id: record for item_id, record in progress.records.items() if record.solved}
        for index, item in enumerate(self.items):
            record = self.stored.get(item.id)
            if record is not None and not record.solved:  # tried before (this page, a reload, the other language)
                misses, shown = self.attempts.get(index, (0, False))
                self.attempts[index] = (max(misses, record.misses), shown or record.shown)
        return progress.corrupt

    def _start(self, request: dict) -> None:
        corrupt = self._read(request)
        first = next((i for i, item in enumerate(self.items) if item.id not in self.records), 0)
        self._go(first)
        self.set_aside = corrupt

    def _refresh(self, request: dict) -> None:
        """The records changed elsewhere on the page (another section solved, the path reset)."""
        self._read(request)

    def _next(self, request: dict) -> None:
        later = [i for i in range(self.index + 1, len(self.items)) if self.items[i].id not in self.records]
        self._go(later[0] if later else min(self.index + 1, len(self.items) - 1))

    def _choose(self, request: dict) -> None:
        number = request.get("choice")
        if isinstance(number, str) and number.isdigit():
            number = int(number)
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(self.items):
            raise PlayError(Text("ui", "there is no task {number} here", number=number))
        self._go(number)

    def _show(self, request: dict) -> None:
        if self.solved or self.misses < MISSES_BEFORE_HELP:
            raise PlayError(Text("ui", "the answer is shown after two tries"))
        self.shown = True
        self.attempts[self.index] = (self.misses, True)
        self._keep(Record(False, self.misses, True))
        self.selection = None
        self.attempt, self.nudge, self.rule_section = Highlight(), "", None
        self.message = [self.item.kind.shown_words]
        self.tone = ""

    # --- the live board's hooks (tutor.web.live_board): the move a pick makes is judged; a kind that
    # reads picks (what-next) takes a pick itself as the learner's answer ---------------------------
    def playable(self) -> bool:
        return not self.solved

    def not_playable(self) -> None:
        raise PlayError(Text("ui", "this task is solved: go on with the next one"))

    def take_pick(self, pile: str) -> bool:
        self.attempt, self.nudge, self.rule_section = Highlight(), "", None  # the last attempt's marks go
        if not self.item.kind.reads_picks:
            return False
        self._judge_pick(pile)
        return True

    def on_move(self, move: Move | str) -> None:
        self._judge_move(move)

    def on_refusal(self, move: Move | None, reason: Text, picked: str) -> None:
        self._judge_refusal(reason, move, picked)

    def on_pick(self, text: Text) -> None:
        self.message, self.tone = [text], ""

    def _judge_pick(self, pile: str) -> None:
        forced = Move.parse(self.item.answers[0])
        if pile in forced.sources:
            self._solve(self.item.trigger)
        else:
            self._miss(self.item.wrong(self.position, None, pile))

    def _judge_move(self, move: Any) -> None:
        move = self.position.canonical(move)
        answers = self._answer_moves()
        judged = self.item.kind.judge_move(move, answers, self.found)
        if judged == "solved":
            self._solve(*self.item.kind.solution(move, answers))
            return
        if judged == "again":
            self.message, self.tone = [Text("ui", "You have found that one already.")], ""
            return
        if judged == "found":
            self.found.append(move)
            cards = [self.position.piles[source][-1] for source in move.sources]
            found = (Text("ui", "Yes, the {card} and the {partner} can go there together: {found} of {count} found.",
                          card=cards[0], partner=cards[1], found=len(self.found), count=len(answers))
                     if len(cards) == 2 else  # a pair that enters together (Queen's Audience)
                     Text("ui", "Yes, the {card} can go there: {found} of {count} found.",
                          card=cards[0], found=len(self.found), count=len(answers)))
            self.message, self.tone = [found], "right"
            return
        self.attempt, self.nudge = Highlight.for_move(move), "back"
        self._miss(self.item.wrong(self.position, move))

    def _judge_refusal(self, reason: Text, move: Any, picked: str) -> None:
        rule = getattr(reason, "reason", None)
        if move is not None:
            self.attempt, self.nudge = Highlight.for_move(move, "refused"), "refused"
        if rule is not None:
            self.rule_section = self.rules.refusals.get(rule) or None
        answers = [Move.parse(answer) for answer in self.item.answers]
        if self.item.kind.solved_by_refusal(self.position, answers, picked, rule):
            self.solved = True
            self.message, self.tone = [reason, self.item.right(self.position, self.position)], "right"
            self._record()
            return
        self._miss(self.item.refused(self.position, move, reason))

    def _miss(self, texts: list[Text]) -> None:
        self.misses += 1
        self.attempts[self.index] = (self.misses, self.shown)
        self._keep(Record(False, self.misses, self.shown))
        self.message, self.tone = list(texts), "wrong"
        if self.misses == MISSES_BEFORE_HELP and not self.shown:
            self.message.append(Text("ui", "You can ask to be shown the answer now."))

    def _solve(self, *moves: Any) -> None:
        """Play the answer (its beats drawn for the page to animate), say why it was right, record it."""
        before = self.position
        moves = tuple(before.canonical(move) for move in moves)
        after = before.copy()
        for move in moves:
            self.beats += [(position, Highlight.for_move(played, "forced" if forced else "move"))
                           for played, forced, position in after.play_beats(move)]
        self.position = after
        self.solved = True
        self.landed = frozenset(move.dst for move in moves)  # where the learner's cards went: marked on the board
        self.message, self.tone = [self.item.right(before, after)], "right"
        self._record()

    def _record(self) -> None:
        self.attempts.pop(self.index, None)  # solved: trying it again starts afresh
        self.records[self.item.id] = self._keep(Record(True, self.misses, self.shown))
        if all(item.id in self.records for item in self.items):
            self.message.append(Text("ui", "You have solved every task here."))

    def _keep(self, record: Record) -> Record:
        """Write ``record`` over the stored one (:meth:`Record.after`: a solved record stays as earned)."""
        kept = record.after(self.stored.get(self.item.id))
        if kept != self.stored.get(self.item.id):
            self.stored[self.item.id] = kept
            self.store[key_of(self.item.id)] = record_text(kept)
        return kept

    # --- what the page keeps -------------------------------------------------------------------------
    def root_attributes(self) -> dict[str, str]:
        return {"data-kind": "tasks", "data-game": self.game, "data-section": self.section}

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind, "game": self.game, "section": self.section, "task": self.item.id,
                "task_state": "solved" if self.solved else "ready", "misses": self.misses, "shown": self.shown,
                "shown_pile": self._shown_pile(), "store": dict(self.store), "set_aside": list(self.set_aside)}
