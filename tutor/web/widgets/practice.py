"""Practice, "your move": moments from real deals where one of the page's tips decides the move.

The exercises are data, in each game's folder (``tutor/games/<game>/lessons/`` ``EXERCISES``, records
:class:`tutor.lessons.Exercise`). ``tests/games/test_exercises.py`` checks that the answers are every
move the tip asks for (its game's ``tips.ASKS``) that no tip speaks against, and what the reader hears;
``tests/web/test_practice.py`` that every exercise replays, that the tip's own coach function speaks
on the trap, and that the recorded effect is what the solver finds.

``practice: <game-id>`` opens a :class:`PracticeWidget` with the game's exercises. The reader plays
the move on the board: a wrong one is answered at once (:func:`why_not`: the engine's reason or the
coach's remark where it gives nothing away, else the tip's idea; never the answer) and the position
stays; after a second miss the right move is shown; the right one is played, with why from the
position (:meth:`tutor.lessons.Exercise.right`), and the next exercise offered.
Progress (the exercises solved) is kept by the page as the engine returns it (``state["saved"]``)
and checked again on ``start``. The hash ``practice=<exercise-id>`` (the "Practise this tip" links
of the rules pages) opens that exercise.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tutor.analysis.coach import moved_cards, named_cards, remark_for
from tutor.engine import Move, TutorError, get_rules
from tutor.errors import DirectiveError
from tutor.errors import PlayError as _PlayError
from tutor.i18n import Text
from tutor.lessons import exercises_of
from tutor.web.board_input import move_map, refusal, run_depths
from tutor.web.directives import Directive
from tutor.web.live_board import LiveBoard
from tutor.web.render import Highlight, as_sentence, escape, figure_html, symbol_prefix
from tutor.web.sources import rule_link, tip_link
from tutor.web.widgets.base import Widget, register_widget


def parse_practice_hash(text: Any) -> str | None:
    """``practice=ff-tip-1-a`` (among other ``&`` fields) → the exercise id, else ``None``."""
    if not isinstance(text, str):
        return None
    for part in text.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key == "practice":
            return value.strip()
    return None


@register_widget("practice")
class PracticeWidget(LiveBoard, Widget):
    """``practice: <game-id>``: the game's "your move" exercises, one at a time."""

    kind = "practice"

    def __init__(self, directive: Directive) -> None:
        if len(directive.args) != 1:
            raise DirectiveError(Text("ui", "write practice: <game-id>"))
        self.game = directive.args[0]
        self.rules = get_rules(self.game)  # raises UnknownGame with the choices
        self.exercises = exercises_of(self.game)
        if not self.exercises:
            raise DirectiveError(Text("ui", 'there are no exercises for "{game}" yet', game=self.game))
        self.solved: set[str] = set()
        # the misses of each exercise not yet done: going back to it, or trying it again, keeps them
        # (after the answer was shown, solving it still does not count)
        self.attempts: dict[int, int] = {}
        self._go(0)

    def _go(self, index: int, *message: Text) -> None:
        self.index = index
        self.exercise = self.exercises[index]
        self.position = self.exercise.position()
        self.misses = self.attempts.get(index, 0)
        self.done = False
        self.selection = None
        self.show_answer = self.misses >= 2
        self.message = list(message)
        self.message_class = ""
        self.tip_named: int | None = None  # the tip the last answer named (its link)

    # --- drawing -------------------------------------------------------------------------------
    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        exercise = self.exercise
        choices = "".join(
            f'<button type="button" class="md-button tutor-choice" data-action="choose" data-exercise="{number}" '
            f'aria-pressed="{"true" if number == self.index else "false"}"{"" if live else " disabled"}>'
            f'{escape(self._choice_label(number, lang))}</button>'
            for number in range(len(self.exercises)))
        group_label = Text("ui", "Exercises").render(lang)
        progress = Text("ui", "{solved} of {count} solved", solved=len(self.solved),
                        count=len(self.exercises)).render(lang)
        heading = Text("ui", "Exercise {number} of {count}: your move", number=self.index + 1,
                       count=len(self.exercises)).render(lang)
        task = exercise.goal().render(lang)
        highlight = Highlight()
        if self.selection is not None:
            highlight = Highlight.of([self.selection.pile])
        elif self.show_answer or self.done:

            move = Move.parse(exercise.answer)
            highlight = Highlight.of([*move.sources, move.dst], move=(move.sources[0], move.dst))
        caption = Text("ui", "{game}, deal {number}", game=self._game_name(lang), number=exercise.deal).render(lang)
        interactive = live and not self.done
        figure = figure_html(self.position.layout(), lang, caption=caption, highlight=highlight,
                             interactive=interactive, id_prefix=f"{widget_id}-practice",
                             symbols=symbol_prefix(widget_id),
                             selected=self.selection.pile if self.selection is not None else None,
                             runs=run_depths(self.position))
        # the legal moves as data, for a double-click, a one-click move and a drag (play.js)
        moves = escape(json.dumps(move_map(self.position), separators=(",", ":"))) if interactive else "{}"
        figure = f'<div class="tutor-play-board" data-moves="{moves}">{figure}</div>'
        message = self.announcement(lang) if live else ""
        buttons = [("next", Text("ui", "Next exercise").render(lang), live and self.index + 1 < len(self.exercises)),
                   ("retry", Text("ui", "Try this one again").render(lang), live and (self.done or self.misses > 0)),
                   ("reset-progress", Text("ui", "Start the exercises again").render(lang), live and bool(self.solved))]
        controls = "".join(f'<button type="button" class="md-button tutor-button" data-action="{action}"'
                           f'{"" if enabled else " disabled"}>{escape(label)}</button>'
                           for action, label, enabled in buttons)
        result = "solved" if self.done else "missed" if self.misses else ""
        return (f'<div class="tutor-practice" data-exercise="{escape(exercise.id)}" data-result="{result}">'
                f'<div class="tutor-choices" role="group" aria-label="{escape(group_label)}">{choices}</div>'
                f'<p class="tutor-practice-progress">{escape(progress)}</p>'
                f'<p class="tutor-practice-title"><strong>{escape(heading)}</strong></p>'
                f'<p class="tutor-practice-task">{escape(task)}</p>'
                f'<p class="tutor-play-message {escape(self.message_class)}">{escape(message)}</p>'
                f'{self._source_html(lang) if live else ""}{figure}'
                f'<div class="tutor-controls" role="group">{controls}</div></div>')

    def _source_html(self, lang: str) -> str:
        """The link to where the answer comes from: a refused move's rule, else the tip the coach
        named (:mod:`tutor.web.sources`)."""

        link = rule_link(self.rules, self.message)
        if link is None and self.tip_named is not None:
            link = tip_link(self.game, self.tip_named)
        return link.html(lang) if link is not None else ""

    def _choice_label(self, number: int, lang: str) -> str:
        exercise = self.exercises[number]
        if exercise.id in self.solved:
            return Text("ui", "{number} (solved)", number=number + 1).render(lang)
        return str(number + 1)

    def _game_name(self, lang: str) -> str:
        rules = get_rules(self.game, self.exercise.variant)
        title = rules.title.render(lang)
        return f"{title} ({rules.variant_name.render(lang)})" if rules.variant else title

    def announcement(self, lang: str) -> str:
        return " ".join(as_sentence(t.render(lang)) for t in self.message)

    # --- actions -------------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[dict], None]]:
        return {"start": self._start, "choose": self._choose,
                "next": lambda r: self._go(min(self.index + 1, len(self.exercises) - 1)),
                "retry": lambda r: self._go(self.index), "pick": self._pick, "move": self._move,
                "drop": self._drop, "home": self._home, "reset-progress": self._reset}

    def _start(self, request: dict) -> None:
        notes: list[Text] = []
        saved = request.get("saved")
        self.solved = set()
        if saved is not None:
            known = {e.id for e in self.exercises}
            solved = saved.get("solved") if isinstance(saved, dict) else None
            if isinstance(solved, list) and all(isinstance(s, str) for s in solved) and set(solved) <= known:
                self.solved = set(solved)
            else:
                notes.append(Text("ui", "Your saved progress in the exercises was damaged, so it starts again."))
        wanted = parse_practice_hash(request.get("hash"))
        index = next((i for i, e in enumerate(self.exercises) if e.id == wanted), None)
        if wanted is not None and index is None:
            notes.append(Text("ui", 'There is no exercise "{exercise}", so here is the first one.', exercise=wanted))
        if index is None:
            index = next((i for i, e in enumerate(self.exercises) if e.id not in self.solved), 0)
        self._go(index, *notes)

    def _choose(self, request: dict) -> None:
        number = request.get("exercise")
        if isinstance(number, str) and number.isdigit():
            number = int(number)
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(self.exercises):
            raise _PlayError(Text("ui", "there is no exercise {number}", number=number))
        self._go(number)

    def _reset(self, request: dict) -> None:
        self.solved = set()
        self._go(0, Text("ui", "Your progress in the exercises starts again."))

    # --- the live board's hooks (tutor.web.live_board): a move, played or refused, is the answer ------
    def playable(self) -> bool:
        return not self.done

    def not_playable(self) -> None:
        """Solved: the board is drawn still, and a stray request changes nothing."""

    def on_move(self, move: Move | str) -> None:
        self._answer(move)

    def on_refusal(self, move: Move | None, reason: Text, picked: str) -> None:
        if move is not None:
            self._answer(move)
        else:
            self._say(reason, "tutor-refused")

    def on_pick(self, text: Text) -> None:
        self._say(text, "")

    def _say(self, text: Text, message_class: str) -> None:
        self.tip_named = None
        self.message, self.message_class = [text], message_class

    def _answer(self, move: Any) -> None:
        """Judge the reader's move: the right one is played; a wrong one is explained, and the
        position stays as it was."""

        position = self.position
        exercise = self.exercise
        self.selection, self.tip_named = None, None
        try:
            move = position.canonical(move)
        except TutorError as err:
            self.message, self.message_class = [err.text], "tutor-refused"
            return
        if str(move) in exercise.answers:
            said = exercise.right(position, str(move))
            position.play(move)
            self.done = True
            self.attempts.pop(self.index, None)  # done: trying it again starts afresh
            if self.misses < 2:  # shown the answer first, it does not count as solved
                self.solved.add(exercise.id)
            self.message = [said]
            if len(self.solved) == len(self.exercises):
                self.message.append(Text("ui", "You have solved every exercise of this game."))
            self.message_class = "tutor-right"
            return
        self.misses += 1
        self.attempts[self.index] = self.misses
        self.message = [*self._why_not(move), Text("ui", "Try once more.")]
        remark = remark_for(position, move, tip=exercise.tip)
        self.tip_named = remark.tip if remark is not None else exercise.tip
        if self.misses >= 2:
            self.show_answer = True
            self.message[-1] = exercise.shown(position.describe(exercise.answer))
        self.message_class = "tutor-refused"

    def _why_not(self, move: Any) -> list[Text]:
        return why_not(self.position, self.exercise, move)

    # --- what the page keeps -------------------------------------------------------------------
    def root_attributes(self) -> dict[str, str]:
        return {"data-kind": "practice", "data-game": self.game}

    def state(self) -> dict[str, Any]:
        return {"kind": self.kind, "game": self.game, "exercise": self.exercise.id, "misses": self.misses,
                "solved": self.done, "saved": {"solved": sorted(self.solved)}}


def why_not(position: Any, exercise: Any, move: Any) -> list[Text]:
    """Why ``move`` is not the exercise's answer, never naming the answer (that is "Show me"'s): for a
    move the engine refuses, its reason (unless the reason :func:`gives_away` the answer) and the tip's
    idea; for an allowed one, the coach's remark (another tip's with that tip quoted: the goal quotes
    the exercise's own), unless it gives the answer away, in which case the tip's idea; for a move no
    tip speaks against, that it is not what the tip asks for, and the tip's idea. (The rules pages' exercises,
    :mod:`tutor.web.widgets.task_items`, answer alike.)"""

    if not position.is_legal(move):
        reason = refusal(position, move)
        if reason is None or gives_away(position, exercise, move, reason):
            reason = withheld_refusal(position, move)
        return [reason, exercise.idea()]
    remark = remark_for(position, move, tip=exercise.tip)
    if remark is None:
        return [Text("ui", "That move is allowed, but it is not what tip {number} asks for.", number=exercise.tip),
                exercise.idea()]
    if gives_away(position, exercise, move, remark.would):
        return [Text("ui", "Not this one. {why}", why=exercise.idea())]
    quoted = remark.tip != exercise.tip
    return [Text("ui", "Not this one. {why}", why=remark.would_text() if quoted else remark.would)]


def withheld_refusal(position: Any, move: Any) -> Text:
    """A refusal said of the learner's own move without the rule's reason (which would give the
    exercise's answer away): the stock not turned, or the moving card that cannot go there."""
    if isinstance(move, str):
        move = Move.parse(move)
    kinds = {view.id: view.kind for view in position.layout()}
    source = move.sources[0]
    cards = position.piles.get(source) or []
    if kinds.get(source) == "stock" or not cards:
        return Text("ui", "You may not turn up the next card here.")
    return Text("ui", "The {card} cannot go there.", card=cards[-min(max(move.count, 1), len(cards))])


def gives_away(position: Any, exercise: Any, move: Any, text: Text) -> bool:
    """Whether ``text`` names a card that an answer of the exercise moves and ``move`` does not touch
    (move, or aim at), or the number of a pile an answer moves from or to that ``move`` does not touch
    (a column to empty)."""
    answers = [position.canonical(answer) for answer in exercise.answers]
    own = position.canonical(move)
    answer_cards = {card for answer in answers for card in moved_cards(position, answer)}
    if named_cards(text) & (answer_cards - touched_cards(position, own)):
        return True
    answer_piles = {_number(pile) for answer in answers for pile in (*answer.sources, answer.dst)}
    return bool(_named_piles(text) & (answer_piles - {_number(pile) for pile in (*own.sources, own.dst)}))


def touched_cards(position: Any, move: Any) -> set[Any]:
    """The cards a move takes and the card it aims at (the top of its destination)."""
    target = position.piles.get(move.dst) or []
    return set(moved_cards(position, move)) | set(target[-1:])


def _number(pile: str) -> int | None:
    digits = pile.lstrip("abcdefghijklmnopqrstuvwxyz")
    return int(digits) if digits else None


def _named_piles(text: Text) -> set[int | None]:
    """The pile numbers a sentence names (its ``column`` and ``pile`` parameters, and its sentences')."""
    found: set[int | None] = set()
    for key, value in text.params.items():
        if isinstance(value, Text):
            found |= _named_piles(value)
        elif key in ("column", "pile") and isinstance(value, int):
            found.add(value)
    return found
