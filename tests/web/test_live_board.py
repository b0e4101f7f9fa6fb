"""The one live board (tutor/web/live_board.py): a pick, a drop, a home and a named move turned into
the widget's hooks, with what is picked kept on the board; a closed board hands every request to its
widget; bad input names itself and changes nothing. A board that writes down its hooks stands in for a
widget, on every game's deals; the widgets' own reactions are tested with each widget."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.engine import Move, get_rules
from tutor.engine.registry import game_ids
from tutor.errors import PlayError, shown
from tutor.i18n import LANGUAGES, Text
from tutor.web.board_input import Selection, home_move, no_home, read_pick, refusal
from tutor.web.live_board import LiveBoard
from tutor.web.protocol import Session


class NotedBoard(LiveBoard):
    """A live board whose widget notes every hook it hears, in order."""

    def __init__(self, position: Any, open_now: bool = True, answers: bool = False) -> None:
        self.position = position
        self.open_now, self.answers = open_now, answers
        self.heard: list[tuple] = []

    def playable(self) -> bool:
        return self.open_now

    def not_playable(self) -> None:
        self.heard.append(("closed",))

    def take_pick(self, pile: str) -> bool:
        self.heard.append(("answers?", pile))
        return self.answers

    def on_move(self, move: Move | str) -> None:
        self.heard.append(("move", str(move)))

    def on_refusal(self, move: Move | None, reason: Text, picked: str) -> None:
        self.heard.append(("refused", None if move is None else str(move), reason, picked))

    def on_pick(self, text: Text) -> None:
        self.heard.append(("picked", text))

    def heard_after_asking(self) -> list[tuple]:
        """What it heard besides being asked whether it answers a pick itself."""
        return [entry for entry in self.heard if entry[0] != "answers?"]


def kinds(position: Any) -> dict[str, str]:
    return {view.id: view.kind for view in position.layout()}


def a_move_to_pick(position: Any) -> Move | None:
    """A legal move of one card from a pile that is not the stock (two picks make it)."""
    stock = {pile for pile, kind in kinds(position).items() if kind == "stock"}
    return next((move for move in position.legal_moves()
                 if move.count == 1 and not stock.intersection(move.sources)), None)


def dealt(game: str, wanted: Any) -> tuple[Any, Any]:
    """The first of the game's deals with ``wanted(position)``, and what it found there."""
    rules = get_rules(game)
    for number in range(1, 200):
        position = rules.deal(number)
        found = wanted(position)
        if found is not None:
            return position, found
    pytest.fail(f"no deal of {game} has what the test needs")


def a_refused_target(position: Any, source: str) -> str:
    """A pile holding cards where the top card of ``source`` may not go."""
    return next(pile for pile, cards in position.piles.items()
                if pile != source and cards and refusal(position, Move(source, pile)) is not None
                and kinds(position)[pile] != "stock")


@pytest.mark.parametrize("game", game_ids())
def test_two_picks_make_a_move_and_the_first_is_kept_on_the_board(game: str) -> None:
    position, move = dealt(game, a_move_to_pick)
    source = move.sources[0]
    board = NotedBoard(position)
    board._pick({"pile": source, "card": position.piles[source][-1].code})
    expected = read_pick(position, None, source, position.piles[source][-1].code)
    assert board.heard == [("answers?", source), ("picked", expected.text)]
    assert board.selection == Selection(source, 1)
    board._pick({"pile": move.dst})
    assert board.heard_after_asking()[-1] == ("move", str(move)) and board.selection is None


@pytest.mark.parametrize("game", game_ids())
def test_a_refused_second_pick_names_the_move_its_reason_and_the_picked_pile(game: str) -> None:
    position, move = dealt(game, a_move_to_pick)
    source = move.sources[0]
    target = a_refused_target(position, source)
    board = NotedBoard(position)
    board._pick({"pile": source})
    board._pick({"pile": target})
    refused = Move(source, target)
    assert board.heard_after_asking()[-1] == ("refused", str(refused), refusal(position, refused), source)
    assert board.selection is None


@pytest.mark.parametrize("game", game_ids())
def test_a_drop_is_two_picks_at_once_and_a_drop_on_its_own_pile_puts_it_back(game: str) -> None:
    position, move = dealt(game, a_move_to_pick)
    source, card = move.sources[0], position.piles[move.sources[0]][-1].code
    board = NotedBoard(position)
    board._drop({"pile": source, "card": card, "to": move.dst})
    assert board.heard == [("move", str(move))] and board.selection is None
    board._drop({"pile": source, "card": card, "to": source})
    assert board.heard[-1] == ("picked", Text("ui", "Nothing picked.")) and board.selection is None
    target = a_refused_target(position, source)
    board._drop({"pile": source, "card": card, "to": target})
    assert board.heard[-1] == ("refused", str(Move(source, target)), refusal(position, Move(source, target)), source)


def home_and_no_home(position: Any) -> tuple[str, Move, str] | None:
    """A pile whose card goes home, and one holding a face-up card that does not."""
    views = [view for view in position.layout()
             if view.kind not in ("stock", "foundation", "pair") and len(view.cards) > view.face_down]
    homes = [(view.id, home_move(position, view.id)) for view in views]
    going = next(((pile, move) for pile, move in homes if move is not None), None)
    staying = next((pile for pile, move in homes if move is None), None)
    return None if going is None or staying is None else (*going, staying)


@pytest.mark.parametrize("game", game_ids())
def test_home_sends_a_card_home_or_says_why_not(game: str) -> None:
    position, (pile, move, staying) = dealt(game, home_and_no_home)
    board = NotedBoard(position)
    board._pick({"pile": staying})  # a pick is put back by a home
    board._home({"pile": pile})
    assert board.heard[-1] == ("move", str(move)) and board.selection is None
    board._home({"pile": staying})
    assert board.heard[-1] == ("refused", None, no_home(position, staying), staying) and board.selection is None


@pytest.mark.parametrize("game", game_ids())
def test_a_named_move_goes_to_the_widget_as_the_page_named_it(game: str) -> None:
    position, move = dealt(game, a_move_to_pick)
    board = NotedBoard(position)
    board._pick({"pile": move.sources[0]})
    board._move({"move": str(move)})
    assert board.heard[-1] == ("move", str(move)) and board.selection is None


@pytest.mark.parametrize("game", game_ids())
def test_a_closed_board_hands_every_request_to_its_widget_and_keeps_its_pick(game: str) -> None:
    position, move = dealt(game, a_move_to_pick)
    board = NotedBoard(position)
    board._pick({"pile": move.sources[0]})
    picked, before = board.selection, position.copy()
    board.open_now, board.heard = False, []
    for handle, request in ((board._pick, {"pile": move.dst}), (board._drop, {"pile": move.sources[0], "to": move.dst}),
                            (board._home, {"pile": move.sources[0]}), (board._move, {"move": str(move)})):
        handle(request)
    assert board.heard == [("closed",)] * 4 and board.selection == picked and position.piles == before.piles


@pytest.mark.parametrize("game", game_ids())
def test_a_widget_that_answers_a_pick_itself_gets_it_unread(game: str) -> None:
    position, move = dealt(game, a_move_to_pick)
    board = NotedBoard(position, answers=True)
    board._pick({"pile": move.sources[0]})
    assert board.heard == [("answers?", move.sources[0])] and board.selection is None


BAD_REQUESTS = [
    ("pick", {"pile": "nowhere"}, "pile"), ("pick", {"pile": 5}, "pile"), ("pick", {"pile": None}, "pile"),
    ("pick", {"pile": "PILE", "card": 5}, "card"), ("pick", {"pile": "PILE", "card": ["9H"]}, "card"),
    ("drop", {"pile": "PILE", "to": "nowhere"}, "to"), ("drop", {"pile": ["t1"], "to": "PILE"}, "pile"),
    ("drop", {"pile": "PILE", "card": {"code": "9H"}, "to": "PILE"}, "card"),
    ("home", {"pile": "nowhere"}, "pile"), ("move", {"move": 7}, "move"),
]


def bad_text(field: str, value: Any) -> Text:
    if field == "move":
        return Text("ui", "the page did not say which move to make")
    if field == "card":
        return Text("ui", 'there is no card "{card}" here', card=shown(value))
    return Text("ui", 'there is no pile "{pile}" here', pile=shown(value))


@pytest.mark.parametrize("game", game_ids())
def test_bad_input_names_the_input_and_changes_nothing(game: str) -> None:
    position, move = dealt(game, a_move_to_pick)
    source = move.sources[0]
    board = NotedBoard(position)
    board._pick({"pile": source})
    heard, picked, before = list(board.heard), board.selection, position.copy()
    for action, request, field in BAD_REQUESTS:
        request = {key: source if value == "PILE" else value for key, value in request.items()}
        with pytest.raises(PlayError) as refused:
            getattr(board, f"_{action}")(request)
        assert refused.value.text == bad_text(field, request[field]), (action, request)
        assert board.heard == heard and board.selection == picked and position.piles == before.piles


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_widget_on_the_live_board_answers_bad_input_in_the_readers_language(lang: str) -> None:
    """Through the page's door: a card that is not a card's code is refused by name, and nothing changes."""
    game = game_ids()[0]
    for spec in (f"play: {game}", f"practice: {game}"):
        session = Session()
        assert session.handle({"widget": "w", "action": "open", "spec": spec, "lang": lang})["ok"]
        widget = session.widgets["w"][0]
        pile = next(pile for pile, cards in widget.position.piles.items() if cards)
        before = session.handle({"widget": "w", "action": "pick", "pile": pile})
        assert before["ok"], before["message"]
        picked = widget.selection
        answer = session.handle({"widget": "w", "action": "pick", "pile": pile, "card": 12})
        assert not answer["ok"] and answer["state"] == before["state"] and widget.selection == picked
        assert answer["message"] == Text("ui", 'there is no card "{card}" here', card="12").render(lang)
