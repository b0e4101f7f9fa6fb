"""tutor.web.board_input: one reading of a board's picks, whichever board is played on.

The same picks on the same position go through a guided example's "try it yourself", the play
page and practice (each opened and played through Session requests, as the page does), and every
board plays the same move or gives the same refusal, in English and German."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tutor.engine import Move, get_rules
from tutor.i18n import Text
from tutor.lessons import all_scenarios
from tutor.web.board_input import PickOutcome, Selection, read_pick, refusal, run_depths
from tutor.web.protocol import Session
from tutor.web.render import as_sentence
from tutor.lessons import Exercise


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    variant: str
    deal: int
    prelude: str
    picks: tuple[tuple[str, str | None], ...]  # (pile, card code of a click; None: a key)
    move: str | None = None  # the move every board plays, else:
    refused: str | None = None  # "engine": the engine's reason for the move picked; else a ui msgid

    def position(self):
        position = get_rules(self.game, self.variant).deal(self.deal)
        for move in self.prelude.split():
            position.play(move)
        return position

    def refusal_text(self) -> Text:
        position = self.position()
        if self.refused != "engine":
            return Text("ui", self.refused)
        (source, card), (target, _) = self.picks if len(self.picks) == 2 else (self.picks[0], ("w", None))
        return refusal(position, Move(source, target))


JOSEPHINE_PRELUDE = "t7-f3 t8-f1 t8-f5 t4-t8 t10-t6"  # then the 2 top cards of column 6 go onto column 1


def _run_card() -> str:
    position = Case("", "forty-thieves", "josephine", 1, JOSEPHINE_PRELUDE, ()).position()
    return position.piles["t6"][-2].code


CASES = [
    Case("one card", "fortunes-favour", "", 1, "", (("t1", "7D"), ("t5", None)), move="t1-t5"),
    Case("one card by keys", "fortunes-favour", "", 1, "", (("t1", None), ("t5", None)), move="t1-t5"),
    Case("a run", "forty-thieves", "josephine", 1, JOSEPHINE_PRELUDE, (("t6", _run_card()), ("t1", None)),
         move="t6-t1x2"),
    Case("a refused move", "fortunes-favour", "", 1, "", (("t1", None), ("t2", None)), refused="engine"),
    Case("an empty pile first", "forty-thieves", "", 1, "", (("f1", None),),
         refused="This pile is empty. Pick a card to move first."),
    Case("the stock turns", "fortunes-favour", "", 1, "", (("s", None),), move="s-w"),
    Case("a refused turn", "queens-audience", "", 2, "", (("s", None),), refused="engine"),
    Case("a pair from its first card", "queens-audience", "", 2, "", (("r7", "KH"), ("k3", None)), move="r7+r1-k3"),
    Case("a pair from its second card", "queens-audience", "", 2, "", (("r1", None), ("k3", None)), move="r7+r1-k3"),
    # the rules text gives no place in the audience chamber a suit: any empty place takes the pair
    Case("a pair dropped on another place", "queens-audience", "", 2, "", (("r7", "KH"), ("k1", None)), move="r7+r1-k3"),
    Case("a pair dropped on a Jack place", "queens-audience", "", 2, "", (("r1", None), ("j4", None)), move="r7+r1-k3"),
]


def _scenario_board(case: Case, lang: str):
    session = Session()
    scenario = next(s for s in all_scenarios() if s.game == case.game)
    assert session.handle({"widget": "b", "action": "open", "spec": f"scenario: {scenario.id}", "lang": lang})["ok"]
    assert session.handle({"widget": "b", "action": "try", "track": 0, "frame": 0})["ok"]
    widget = session.widgets["b"][0]
    widget.position = case.position()
    widget.position.history.clear()
    return session, widget


def _play_board(case: Case, lang: str):
    session = Session()
    assert session.handle({"widget": "b", "action": "open", "spec": f"play: {case.game}", "lang": lang})["ok"]
    saved = {"game": case.game, "variant": case.variant, "deal": str(case.deal),
             "moves": [[move] for move in case.prelude.split()], "counted": False}
    hash_ = f"deal={case.deal}" + (f"&variant={case.variant}" if case.variant else "")
    started = session.handle({"widget": "b", "action": "start", "hash": hash_, "saved": saved,
                              "options": {"auto": False, "coach": True}})
    assert started["ok"] and started["state"]["saved"]["moves"] == saved["moves"]
    return session, session.widgets["b"][0]


def _practice_board(case: Case, lang: str):
    """Practice on the case's position, with the case's move as the answer (any legal move where the
    case is a refusal): a pick read right is played as the right answer."""
    session = Session()
    assert session.handle({"widget": "b", "action": "open", "spec": f"practice: {case.game}", "lang": lang})["ok"]
    widget = session.widgets["b"][0]
    answer = case.move or str(case.position().legal_moves()[0])
    widget.exercises = (Exercise("board-input", case.game, case.variant, case.deal, tip=1, answer=answer, trap="",
                                 effect=("unknown", "unknown"), prelude=case.prelude),)
    widget._go(0)
    return session, widget


BOARDS = {"rules page": _scenario_board, "play page": _play_board, "practice": _practice_board}


def _last_move(widget) -> str | None:
    own = [entry.move for entry in widget.position.history if not entry.forced]
    return str(own[-1]) if own else None


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_every_board_reads_the_same_picks_alike(case: Case, board: str, lang: str) -> None:
    session, widget = BOARDS[board](case, lang)
    before = widget.position.state_key()
    played_before = _last_move(widget)
    answers = [session.handle({"widget": "b", "action": "pick", "pile": pile, "card": card})
               for pile, card in case.picks]
    assert all(answer["ok"] for answer in answers), answers
    last = answers[-1]
    if case.move is not None:
        assert _last_move(widget) == case.move
        assert "tutor-refused" not in last["html"]
    else:
        assert widget.position.state_key() == before and _last_move(widget) == played_before
        assert last["message"].startswith(as_sentence(case.refusal_text().render(lang))), last["message"]
    if len(case.picks) == 2:  # the first pick said what it picked, alike on every board
        position = case.position()
        first = read_pick(position, None, *case.picks[0])
        assert answers[0]["message"].startswith(as_sentence(first.text.render(lang)))


def test_a_run_is_picked_from_its_bottom_card_and_named_so() -> None:
    case = CASES[2]
    outcome = read_pick(case.position(), None, "t6", _run_card())
    assert outcome.selection == Selection("t6", 2)
    assert outcome.text.msgid.startswith("You picked the {card} and the cards on it")
    single = read_pick(case.position(), None, "t6", None)  # a key picks the top card
    assert single.selection == Selection("t6", 1)


def test_a_card_under_others_where_no_run_moves_picks_the_top_card() -> None:
    position = get_rules("forty-thieves").deal(1)
    pile = next(p for p, cards in position.piles.items() if p.startswith("t") and len(cards) > 1)
    outcome = read_pick(position, None, pile, position.piles[pile][-2].code)
    assert outcome.selection == Selection(pile, 1)


def test_the_same_pile_again_puts_the_card_back() -> None:
    position = get_rules("fortunes-favour").deal(1)
    assert read_pick(position, Selection("t1"), "t1") == PickOutcome(text=Text("ui", "Nothing picked."))


def test_a_refused_turn_names_the_move_and_never_the_hidden_card() -> None:
    position = get_rules("queens-audience").deal(2)
    outcome = read_pick(position, None, "s")
    assert outcome.refused and outcome.refused_move == Move("s", "w") and outcome.selection is None
    assert outcome.text == refusal(position, "s-w")


def test_run_depths_name_the_runs_that_may_move_now():
    """Which cards a live board makes controls of their own beside each pile's top card."""
    josephine = get_rules("forty-thieves", "josephine").deal(19)
    assert run_depths(josephine) == {"t8": frozenset({2})}
    assert josephine.is_legal("t8-t5x2")
    assert run_depths(get_rules("forty-thieves").deal(19)) == {}  # the base game moves one card at a time
    assert run_depths(get_rules("queens-audience").deal(2)) == {}  # a pair has two sources: no run
