"""Queen's Audience: the "your move" exercises, moments from real deals where one of the page's tips
decides the move (records :class:`tutor.lessons.Exercise`; checked by tests/web/test_practice.py)."""

from __future__ import annotations

from tutor.lessons import Exercise

EXERCISES: tuple[Exercise, ...] = (
    Exercise('qa-tip-1-a', 'queens-audience', '', deal=1, tip=1, answer='w-j2',
             trap='s-w', effect=('won', 'refused'),
             prelude='s-w s-w s-w s-w w+r7-j2 s-w s-w s-w s-w s-w s-w s-w'),
    Exercise('qa-tip-1-b', 'queens-audience', '', deal=2, tip=1, answer='r1-j1',
             trap='s-w', effect=('lost', 'refused'),
             prelude='r7+r1-k3 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w r9+w-j1'),
    Exercise('qa-tip-1-c', 'queens-audience', '', deal=3, tip=1, answer='w-j2',
             trap='s-w', effect=('lost', 'refused'),
             prelude='r11+r4-k4 r4+r12-k3 r1+r4-j2 r1+r10-j1 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w '
             's-w'),
    Exercise('qa-tip-2-a', 'queens-audience', '', deal=1, tip=2, answer='w+r7-j2',
             trap='s-w', effect=('won', 'refused'),
             prelude='s-w s-w s-w s-w'),
    Exercise('qa-tip-2-b', 'queens-audience', '', deal=2, tip=2, answer='r7+r1-k3',
             trap='s-w', effect=('lost', 'refused'),
             prelude=''),
    Exercise('qa-tip-2-c', 'queens-audience', '', deal=3, tip=2, answer='r11+r4-k4',
             trap='s-w', effect=('lost', 'refused'),
             prelude=''),
)
