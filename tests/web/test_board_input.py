"""tutor.web.board_input: one reading of a board's picks, whichever board is played on.

The same picks on the same position go through a guided example's "try it yourself", the play
page and practice (each opened and played through Session requests, as the page does), and every
board plays the same move or gives the same refusal, in English and German."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from card_words import names

from tutor.cards import Card
from tutor.engine import Move, get_rules
from tutor.errors import PlayError
from tutor.glossary import term
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import Exercise, all_scenarios
from tutor.tasks import all_tasks, get_task
from tutor.web.board_input import (
    PickOutcome,
    Selection,
    home_move,
    move_map,
    picked_text,
    read_drop,
    read_pick,
    refusal,
    run_depths,
)
from tutor.web.protocol import Session
from tutor.web.render import as_sentence
from tutor.web.widgets.practice import gives_away, withheld_refusal


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

    def refused_move(self) -> Move:
        (source, _card), (target, _) = self.picks if len(self.picks) == 2 else (self.picks[0], ("w", None))
        return Move(source, target)

    def refusal_text(self) -> Text:
        if self.refused != "engine":
            return Text("ui", self.refused)
        return refusal(self.position(), self.refused_move())


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
    # a pair dropped on any empty place of the chamber goes to its suit's place (the page says so)
    Case("a pair dropped on another place", "queens-audience", "", 2, "", (("r7", "KH"), ("k1", None)),
         move="r7+r1-k3"),
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


@pytest.mark.parametrize("lang", LANGUAGES)
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
        said = case.refusal_text()
        if board == "practice" and gives_away(widget.position, widget.exercise, case.refused_move(), said):
            # an exercise keeps back a reason that names its answer's cards, and says the move's own refusal
            said = withheld_refusal(widget.position, case.refused_move())
        assert last["message"].startswith(as_sentence(said.render(lang))), last["message"]
    if len(case.picks) == 2:  # the first pick said what it picked, alike on every board
        position = case.position()
        first = read_pick(position, None, *case.picks[0])
        assert answers[0]["message"].startswith(as_sentence(first.text.render(lang)))


def test_a_run_is_picked_from_its_bottom_card_and_named_so() -> None:
    case = CASES[2]
    outcome = read_pick(case.position(), None, "t6", _run_card())
    assert outcome.selection == Selection("t6", 2)
    assert outcome.text == picked_text(case.position().piles["t6"][-2], 2)
    single = read_pick(case.position(), None, "t6", None)  # a key picks the top card
    assert single.selection == Selection("t6", 1)


@pytest.mark.parametrize("lang, one, two, three", [
    ("en", "You picked the 9♠. Now pick the pile it should go to.",
     "You picked the 9♠ and the card on it. Now pick the pile they should go to.",
     "You picked the 9♠ and the two cards on it. Now pick the pile they should go to."),
    ("de", "Du hast die 9♠ gewählt. Wähl jetzt den Stapel, auf den die Karte soll.",
     "Du hast die 9♠ mit der Karte darauf gewählt. Wähl jetzt den Stapel, auf den sie sollen.",
     "Du hast die 9♠ mit zwei Karten darauf gewählt. Wähl jetzt den Stapel, auf den sie sollen."),
])
def test_what_a_pick_says_counts_the_cards_in_words(lang: str, one: str, two: str, three: str) -> None:
    """One card on the picked one is "the card on it", never "the cards on it, 2 cards in all"."""
    nine = Card.parse("9S")
    assert [picked_text(nine, n).render(lang) for n in (1, 2, 3)] == [one, two, three]


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


# --- a drag, a double-click, a one-click move: read by the same interpreter ------------------------

def _positions():
    """Positions of every game and variant, a few moves into random deals (the moves chosen by a
    seeded generator), for the legal-move map the fewer-clicks boards carry."""
    import random

    from tutor.engine import iter_variants

    chooser = random.Random(24)
    for game, variant in iter_variants():
        for deal in (3, 11):
            position = get_rules(game, variant).deal(deal)
            for _ in range(chooser.randrange(0, 30)):
                moves = position.legal_moves()
                if not moves or position.is_over():
                    break
                position.play(chooser.choice(moves))
            yield f"{game}/{variant}/{deal}", position


@pytest.mark.parametrize("name,position", list(_positions()), ids=lambda value: value if isinstance(value, str) else "")
def test_the_move_map_lists_every_legal_move_and_each_drop_plays_it(name, position) -> None:
    """Every legal move but the stock's turn is in the map under each of its sources; a drop of its
    cards on each pile listed plays exactly that move (read by read_drop, as a drag is); a move
    marked home goes to a foundation or the hall; none is listed twice."""
    kinds = {view.id: view.kind for view in position.layout()}
    listed = move_map(position)
    legal = {str(m) for m in position.legal_moves() if all(kinds[src] != "stock" for src in m.sources)}
    found = set()
    for source, entries in listed.items():
        for entry in entries:
            move = Move.parse(entry["move"])
            assert source in move.sources and position.is_legal(move)
            assert entry["n"] == (move.count if len(move.sources) == 1 else 1)
            assert entry.get("home", False) == (kinds[move.dst] in ("foundation", "pair"))
            found.add(entry["move"])
            for target in entry["to"]:
                pile = position.piles[source]
                outcome = read_drop(position, source, pile[-entry["n"]].code, target)
                assert outcome.move is not None, (source, target, outcome.text)
                played = position.copy()
                played.play(outcome.move)
                expected = position.copy()
                expected.play(move)
                # the same cards to a pile of the same kind: the same position, the piles' order aside
                assert sorted(map(tuple, played.piles.values())) == sorted(map(tuple, expected.piles.values()))
    assert found <= legal
    for move in legal:  # every move is there, or one just like it into another empty pile of its kind
        parsed = Move.parse(move)
        assert move in found or any(Move.parse(m).sources == parsed.sources and not position.piles[parsed.dst]
                                    for m in found), move


def test_an_ace_has_one_place_to_go_among_empty_foundations() -> None:
    """Forty Thieves: an Ace may start any of the eight empty foundations; for the reader that is one
    destination (a click on it makes the move), and a drop on any of them plays it there."""
    position = get_rules("forty-thieves").deal(5)
    entries = move_map(position)["t5"]
    assert len(entries) == 1 and entries[0]["home"] and entries[0]["to"] == [f"f{n}" for n in range(1, 9)]
    assert read_drop(position, "t5", position.piles["t5"][-1].code, "f7").move == Move("t5", "f7")
    assert home_move(position, "t5") == Move("t5", "f1")
    assert home_move(position, "t4") is None  # no foundation takes it


def test_a_drop_is_two_picks_at_once() -> None:
    position = get_rules("fortunes-favour").deal(1)
    assert read_drop(position, "t1", "7D", "t5").move == Move("t1", "t5")
    refused = read_drop(position, "t1", "7D", "t2")
    assert refused.refused and refused.text == refusal(position, "t1-t2")
    assert read_drop(position, "t1", "7D", "t1") == PickOutcome(text=Text("ui", "Nothing picked."))
    assert read_drop(position, "s", None, "t3").move == Move("s", "w")  # the stock turns, wherever it goes
    with pytest.raises(PlayError):
        read_drop(position, "t1", "7D", "t99")


def test_up_and_down_on_a_picked_run_pick_again_from_there() -> None:
    """A keyboard's Up/Down on the picked pile (board-keys.js): the run grows or shrinks, where a
    pick on the picked pile would otherwise put it back."""
    case = CASES[2]
    position = case.position()
    top = read_pick(position, None, "t6", None)
    assert top.selection == Selection("t6", 1)
    grown = read_pick(position, top.selection, "t6", _run_card(), regrip=True)
    assert grown.selection == Selection("t6", 2)
    shrunk = read_pick(position, grown.selection, "t6", position.piles["t6"][-1].code, regrip=True)
    assert shrunk.selection == Selection("t6", 1)
    assert read_pick(position, grown.selection, "t6", None).text == Text("ui", "Nothing picked.")


# --- every refusal says what the learner moved (issue 39) ------------------------------------------

def _board_refusals(position):
    """Every refusal the board gives in ``position``, with what the learner moved: each pile picked
    (its top card, and the first card of each run that may move), alone and then dropped on every
    other pile. What moved is the picked card, or ``None`` where no card moves: the stock's turn,
    or the waste turned over as the stock."""
    kinds = {view.id: view.kind for view in position.layout()}
    runs = run_depths(position)
    for pile, cards in position.piles.items():
        for depth in sorted({1, *runs.get(pile, ())}):
            first = read_pick(position, None, pile, cards[-depth].code if cards else None)
            outcomes = [(pile, first)] if first.refused else []
            if first.selection is not None:
                outcomes += [(f"{pile} → {target}", read_pick(position, first.selection, target))
                             for target in position.piles if target != pile]
            for picks, outcome in outcomes:
                if not outcome.refused:
                    continue
                move = outcome.refused_move
                no_card = move is not None and (kinds.get(move.src) == "stock" or (
                    kinds.get(move.src) == "waste" and kinds.get(move.dst) == "stock"))
                yield picks, outcome.text, None if no_card else cards[-depth]


def _unnamed_refusals(task) -> tuple[int, list[str]]:
    """How many refusals the board gives in the task's position, and those whose sentence, in some
    language, names neither the picked card (with its article) nor, where no card moves, the stock
    or the waste in the game's words."""
    position = task.position()
    game = position.rules.game_id
    given, broken = 0, []
    for picks, text, card in _board_refusals(position):
        given += 1
        for lang in LANGUAGES:
            said = as_sentence(text.render(lang))
            piles = [term(game, "stock").render(lang).lower(), term(game, "waste").render(lang).lower()]
            if not (names(said, card, lang) if card is not None else any(pile in said.lower() for pile in piles)):
                broken.append(f"{picks} ({lang}): “{said}”")
    return given, broken


@pytest.mark.parametrize("task_id", [task.id for task in all_tasks()])
def test_every_refusal_in_a_tasks_position_names_what_the_learner_moved(task_id: str) -> None:
    """A pick, or a pick and a drop, the rules refuse in any task's position is answered with a sentence
    about that move: the picked card with its article ("The 7♣ cannot go onto the waste: …"), or the
    stock or the waste where no card moves (a turn of the stock, the waste turned over); never a rule
    about cards in general ("No card can be put onto the stock.")."""
    given, broken = _unnamed_refusals(get_task(task_id))
    assert given, "no pick or drop in this position was refused: the test drew nothing"
    assert not broken
