"""On the play page the coach never warns against the move the hint just asked for (issue 24): where
the hint's move breaks a tip, the hint says why this position is the exception, and the coach, once
the reader has followed it, notes the exception instead (tutor/web/widgets/play.py with
tutor/analysis/coach.py ``remark_for(..., hinted=...)``)."""

from __future__ import annotations

from tutor.web.protocol import Session

# Forty Thieves deal 1, following the hints: after these moves the careful player's hint is t6-t7,
# which fills an empty column against tip 1 (found by following hint() from the deal).
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


def test_following_a_hint_that_breaks_a_tip_gets_a_note_not_a_warning() -> None:
    session = _session()
    hinted = _act(session, "hint")
    assert "That goes against tip 1, but here it is the exception" in hinted["message"]
    assert 'data-source="tip" data-tip="1"' in hinted["html"]
    source, target = "t6", "t7"
    _act(session, "pick", pile=source)  # picking the card on the way keeps the hint in mind
    followed = _act(session, "pick", pile=target)
    assert 'data-remark="note"' in followed["html"] and 'data-tip="1"' in followed["html"]
    assert "Undo this move" not in followed["html"]


def test_the_same_move_without_the_hint_is_warned_against() -> None:
    session = _session()
    played = _act(session, "move", move="t6-t7")
    assert 'data-remark="warning"' in played["html"] and 'data-tip="1"' in played["html"]
