"""The one live board: what every board played on (the play page, practice, the rules pages' tasks, a
guided example's "try it yourself") does with the page's clicks, drags and keys.

A widget is a :class:`LiveBoard` (a base it inherits) and lists the actions its page sends (``"pick":
self._pick`` …; ``drop`` and ``home`` only where the page drags and double-clicks: ``play.js``). The
board keeps what is picked (``selection``), checks the page's fields (``pile`` and ``to``: a pile of the
position; ``card``: a card's code, or none from a key; bad input raises :class:`PlayError` naming it and
changes nothing), reads the click (:mod:`tutor.web.board_input`), and hands what follows to the widget's
hooks: a move (``on_move``), a refusal (``on_refusal``), a pick or a pick put back (``on_pick``). Each
widget answers them its own way: the play page plays with the coach, practice judges an answer, a task
judges against the task, the guided example plays on.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from tutor.engine import Move
from tutor.errors import PlayError, shown
from tutor.i18n import Text
from tutor.web.board_input import PickOutcome, Selection, checked_pile, home_move, no_home, read_drop, read_pick


class LiveBoard(ABC):
    """A board the reader plays on: the page's ``pick``, ``drop``, ``home`` and ``move`` requests,
    turned into the widget's hooks (see the module docstring)."""

    position: Any
    selection: Selection | None = None

    # --- the widget's hooks ----------------------------------------------------------------------
    @abstractmethod
    def playable(self) -> bool:
        """Whether the board takes a pick, a drop, a home or a move now."""

    @abstractmethod
    def not_playable(self) -> None:
        """What a request does while the board is not playable: raise :class:`PlayError` saying
        why, or clear what the board said."""

    @abstractmethod
    def on_move(self, move: Move | str) -> None:
        """A move read from the board (or named by the page): play it, or judge it."""

    @abstractmethod
    def on_refusal(self, move: Move | None, reason: Text, picked: str) -> None:
        """A move the rules refuse (``None``: no card may leave ``picked``, or none goes home from
        there), with the engine's ``reason``; ``picked`` is the pile the cards come from."""

    @abstractmethod
    def on_pick(self, text: Text) -> None:
        """Cards picked (``self.selection`` is set after this), put back, or a pile with nothing to
        pick: what the board says of it."""

    def take_pick(self, pile: str) -> bool:
        """Every pick of a pile the position has comes here first: the widget may act on it (a task
        clears its last attempt's marks) and returns whether it took the pick itself as its answer
        (a what-next task judges it); a pick taken is not read as a move's first or second half."""
        return False

    # --- the page's requests ---------------------------------------------------------------------
    def _pick(self, request: dict) -> None:
        """A click (or Enter, Space) on a pile: the card, then the pile it should go to; the stock
        turns at once. ``regrip``: the picked run again from ``card`` (a keyboard's Up and Down)."""
        if not self._takes_requests():
            return
        pile, card = checked_pile(self.position, request.get("pile")), _card(request)
        if self.take_pick(pile):
            self.selection = None
            return
        picked = self.selection.pile if self.selection is not None else pile
        self._follow(read_pick(self.position, self.selection, pile, card, regrip=request.get("regrip") is True),
                     picked)

    def _drop(self, request: dict) -> None:
        """A card (or the run from ``card``) dragged from ``pile`` onto ``to``: two picks at once."""
        if not self._takes_requests():
            return
        pile, card = checked_pile(self.position, request.get("pile")), _card(request)
        target = checked_pile(self.position, request.get("to"))
        self._follow(read_drop(self.position, pile, card, target), pile)

    def _home(self, request: dict) -> None:
        """A double-click or F on a pile: its top card to a foundation or the hall, where one takes it."""
        if not self._takes_requests():
            return
        pile = checked_pile(self.position, request.get("pile"))
        move = home_move(self.position, pile)
        if move is not None:
            self.on_move(move)
        else:
            self.on_refusal(None, no_home(self.position, pile), pile)
        self.selection = None

    def _move(self, request: dict) -> None:
        """A move the page names in notation (a listed legal move, a one-click move)."""
        if not self._takes_requests():
            return
        move = request.get("move")
        if not isinstance(move, str):
            raise PlayError(Text("ui", "the page did not say which move to make"))
        self.on_move(move)
        self.selection = None

    def _takes_requests(self) -> bool:
        if self.playable():
            return True
        self.not_playable()
        return False

    def _follow(self, outcome: PickOutcome, picked: str) -> None:
        if outcome.move is not None:
            self.on_move(outcome.move)
        else:
            assert outcome.text is not None  # an outcome that plays no move says what was picked, or why not
            if outcome.refused:
                self.on_refusal(outcome.refused_move, outcome.text, picked)
            else:
                self.on_pick(outcome.text)
        self.selection = outcome.selection


def _card(request: dict) -> str | None:
    """The code of the card a click names (a key names none)."""
    card = request.get("card")
    if card is not None and not isinstance(card, str):
        raise PlayError(Text("ui", 'there is no card "{card}" here', card=shown(card)))
    return card
