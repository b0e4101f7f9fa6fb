"""The play page's coach speaks once (issue 41): a remark of one kind (its tip and check) at most once
per stock pass, none on a move that was the only legal one; the coach itself (:func:`remark_for`,
which the review and the exercises ask) still speaks on every such move."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from tutor.analysis.coach import remark_for
from tutor.engine import get_rules
from tutor.web.protocol import Session
from tutor.web.widgets.play_coach import CoachThrottle, remark_kind, stock_pass

COACH = re.compile(r'<div class="tutor-coach" data-tip="(\d+)" data-remark="(\w+)"><p>(.*?)</p>')


def _act(session: Session, action: str, **fields: Any) -> dict[str, Any]:
    response = session.handle({"widget": "w", "action": action, **fields})
    assert response["ok"], response["message"]
    return response


def _play_page(game: str, hash_: str, lang: str = "en") -> Session:
    session = Session()
    assert session.handle({"widget": "w", "action": "open", "spec": f"play: {game}", "lang": lang})["ok"]
    _act(session, "start", hash=hash_)
    return session


def _turns(position: Any) -> list[str]:
    """The stock's turns and redeals, as long as the stock can turn: a player leafing through it."""
    return [str(m) for m in position.legal_moves() if str(m) in ("s-w", "w-s")]


def _leaf_through(game: str, variant: str, number: int) -> tuple[Counter, Counter]:
    """Turn every card of the stock (every pass) on the play page and beside it in the engine: what
    the coach says of each turn (by pass and kind), and what the page shows of it."""
    session = _play_page(game, f"deal={number}" + (f"&variant={variant}" if variant else ""))
    position = get_rules(game, variant).deal(number)
    said: Counter = Counter()
    shown: Counter = Counter()
    while turns := _turns(position):
        move = turns[0]
        remark = remark_for(position.copy(), move)
        if remark is not None:
            said[(stock_pass(position), remark_kind(remark))] += 1
        html = _act(session, "move", move=move)["html"]
        position.play(move)
        for tip, kind, _ in COACH.findall(html):
            shown[(stock_pass(position), tip, kind)] += 1
    return said, shown


def _once_each(said: Counter) -> Counter:
    """What the page shows when it says each kind (tip and check) once per pass: per pass and tip,
    as many remarks as the tip has checks that spoke."""
    return Counter((pass_, str(kind[1]), kind[2]) for pass_, kind in said)


def test_a_stock_pass_of_fortunes_favour_gets_each_remark_once() -> None:
    """Deal 5, leafing through the stock: the coach finds 35 turns that bury a playable waste card;
    the page shows that remark once."""
    said, shown = _leaf_through("fortunes-favour", "", 5)
    assert max(said.values()) > 1  # the coach itself repeats: the throttle has something to do
    assert shown == _once_each(said)


def test_each_pass_may_say_it_again() -> None:
    """With one redeal, the second pass through the stock is a pass of its own."""
    said, shown = _leaf_through("fortunes-favour", "one-redeal", 5)
    passes = {key[0] for key in said}
    assert passes == {1, 2}
    assert shown == _once_each(said)


def test_a_move_that_was_the_only_one_gets_no_remark() -> None:
    """Queen's Audience: where turning the stock is the only legal move, the coach still remarks on
    it ("Nothing else could be played, so …"), and the page shows nothing."""
    rng = random.Random(1)
    for number in range(40):
        position = get_rules("queens-audience").deal(number)
        played: list[str] = []
        for _ in range(300):
            moves = position.legal_moves()
            if not moves:
                break
            if len(moves) == 1 and remark_for(position.copy(), moves[0]) is not None:
                session = _play_page("queens-audience", f"deal={number}")
                for move in played:
                    _act(session, "move", move=move)
                html = _act(session, "move", move=str(moves[0]))["html"]
                assert '<div class="tutor-coach" hidden></div>' in html
                assert CoachThrottle().shown(position, remark_for(position.copy(), moves[0])) is None
                return
            move = rng.choice(moves)
            position.play(move)
            played.append(str(move))
    raise AssertionError("no forced move with a remark found")


def test_a_new_game_may_say_everything_again() -> None:
    """Taken back and made again, a move gets no second remark of its kind; Restart (the same deal
    from its start) resets what the page has said."""
    session = _play_page("fortunes-favour", "deal=5")
    assert remark_for(get_rules("fortunes-favour").deal(5), "s-w") is not None  # tip 3: the 8♠ could go on the 9♠
    assert 'data-remark="warning"' in _act(session, "move", move="s-w")["html"]
    _act(session, "undo")
    assert '<div class="tutor-coach" hidden></div>' in _act(session, "move", move="s-w")["html"]
    _act(session, "restart")
    assert 'data-remark="warning"' in _act(session, "move", move="s-w")["html"]
