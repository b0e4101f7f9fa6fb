"""On the play page the coach never warns against the move the hint just asked for (issues 24 and
25): the hint's move keeps to the tips, or the coach lets it pass where every move breaks one, and the
same move made without a hint where another move keeps to the tips is warned against."""

from __future__ import annotations

from tutor.web.protocol import Session

# Forty Thieves deal 1, some way into a game: t6-t7 here fills an empty column against tip 1.
MOVES = ("t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t6-t2 t10-t2 t7-t9 t4-t8 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w w-f2 "
         "t8-f2 t8-f2 t8-t10 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t9-t8 t9-t2 t8-t2 t7-t8 t7-t2 w-t2 w-f2").split()


def _act(session: Session, action: str, **fields) -> dict:
    response = session.handle({"widget": "w", "action": action, **fields})
    assert response["ok"], response["message"]
    return response


def _session(lang: str = "en") -> Session:
    session = Session()
    assert session.handle({"widget": "w", "action": "open", "spec": "play: forty-thieves", "lang": lang})["ok"]
    _act(session, "start", saved={"game": "forty-thieves", "variant": "", "deal": "1",
                                   "moves": [[m] for m in MOVES], "counted": False})
    return session


def test_following_the_hint_never_gets_a_warning() -> None:
    """Forty Thieves' hint gives the expert player's move, never one the coach warns against
    (where every move breaks some tip, the coach lets the hint's move pass): followed, the coach
    says nothing against it."""
    session = _session()
    hinted = _act(session, "hint")
    widget = session.widgets["w"][0]
    assert widget.hint_move is not None and "Hint" in hinted["html"]
    followed = _act(session, "move", move=str(widget.hint_move))
    assert 'data-remark="warning"' not in followed["html"]


def test_the_same_move_without_the_hint_is_warned_against() -> None:
    session = _session()
    played = _act(session, "move", move="t6-t7")
    assert 'data-remark="warning"' in played["html"] and 'data-tip="1"' in played["html"]
