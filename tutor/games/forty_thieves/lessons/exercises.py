"""Forty Thieves: the "your move" exercises of the tips (records :class:`tutor.lessons.Exercise`;
``tests/games/test_exercises.py`` and ``tests/web/test_practice.py`` replay each one). The rules
text's tips 1, 2, 4 and 5 and the measured tips 6 to 11 alike: moments from real deals where the tip
decides the move. A position is the deal's number and the moves played before the moment (the
prelude, played silently). An exercise's answers are exactly the moves its tip asks for (``tips.ASKS``)
that no tip speaks against, its trap a move the tip's own check speaks on (for the measured tips,
turning the next card too early, or, in the ending, a move that throws the game away). The measured
tips' moments were found by ``tools/ft_tip_moments.py``, those of tips 1, 4 and 5 by its ``--asks``
(deals 0 to 420: the positions where one or two moves do what the tip asks for).
"""

from __future__ import annotations

from tutor.lessons import Exercise, first_moves

# The moves a player made on deals 1 and 2, which give several exercises: each exercise starts after
# the first so many of them (deal 0's exercises start along the tips player's game, ``LINES``).
_LINE_1 = ('t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w w-f2 '
    't8-f2 t8-f2 t8-t10 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-t7 t1-t8 t1-t5 s-w s-w w-f3 s-w s-w w-t10 s-w '
    's-w s-w s-w s-w w-f1 t6-f1 s-w w-t2 s-w s-w s-w s-w w-t1 s-w s-w w-f3 s-w w-t9 s-w w-f4 s-w w-f5 s-w '
    's-w w-f1 s-w s-w s-w w-f3 t5-f3 t5-f3 t5-f1 t5-f6 t9-f1 t9-f1 t9-f1 t7-f1 t7-f1 t10-f3 t10-f3')
_LINE_2 = ('t1-f1 t10-f1 t3-t9 t10-t4 t10-t8 t10-f2 t3-t1 t3-t10 t3-t5 t9-t3 t9-t10 t3-t10 s-w w-f3 s-w w-t10 '
    't6-t3 t6-t10 s-w s-w s-w')

# The tips player's own moves on the deals the exercises come from (deal 64 played into its worked-out
# ending, tip 6): each exercise starts after the first so many of them.
LINES: dict[int, str] = {
    0: ('t1-f1 s-w w-f1 s-w s-w w-f1 s-w s-w w-f2 s-w w-t3 s-w s-w w-t8 t6-t8 s-w w-f1 t7-f1 t7-t2 t7-t9 s-w '
        's-w s-w s-w w-t8 s-w w-t4 s-w s-w s-w s-w w-f3 t10-f3 t10-f2 w-t10 s-w w-t2 s-w s-w s-w s-w s-w s-w '
        's-w s-w s-w s-w s-w w-t1 s-w w-t6 s-w s-w s-w s-w w-t5 s-w s-w w-t10 s-w w-t9 s-w w-t3 s-w s-w s-w '
        'w-f2 s-w s-w s-w w-f4 s-w w-f4 t5-f4 t5-f4 s-w w-t5 t7-t5 s-w s-w s-w s-w s-w s-w w-f2 s-w w-f5 s-w '
        's-w s-w w-f6 s-w s-w'),
    1: ('t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t4-t8 t6-t2 t7-t9 t10-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 s-w w-f2 '
        't8-f2 t8-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t8-t10 t2-t7 s-w s-w w-f3 t9-t8 t9-t7 t9-f3'),
    4: ('t10-t2 t10-f1 s-w s-w s-w w-t4 s-w s-w s-w s-w s-w s-w w-t4 s-w s-w s-w w-f2 s-w s-w s-w s-w s-w '
        'w-f3 s-w s-w w-t5 s-w s-w s-w s-w s-w w-t5 s-w w-t10 t3-t10 s-w w-f4 t3-f4 t3-f4 t2-f4 t2-f4 s-w s-w '
        'w-t3 s-w w-t3 t6-t3 t6-t4 s-w s-w s-w w-f5 t3-f5 t3-f5 t3-f5 t3-f5 t10-t3 t10-f5 t10-f5 s-w s-w s-w '
        's-w w-t9 t6-t9 s-w s-w s-w s-w w-t9 t1-t9'),
    64: ('t2-f1 t8-f2 t7-t5 t9-t2 t7-t9 s-w s-w s-w s-w w-f2 t8-f2 s-w s-w s-w w-t4 t7-t4 t7-f1 t6-f1 w-f1 '
        't6-t7 t6-t5 t6-f1 t9-f1 t9-f1 t9-f2 t8-f2 t9-t3 t5-t7 t5-t6 t5-t9 t5-f2 t6-t9 s-w s-w w-f3 s-w s-w '
        's-w s-w w-t4 s-w s-w s-w s-w w-f4 s-w s-w s-w s-w s-w s-w s-w w-t10 s-w s-w s-w w-t10 s-w w-f5 t5-f5 '
        's-w w-t3 t9-t6 t9-t3 t6-t3 t1-t6 t1-t9 t1-f4 t8-f4 t1-t5 w-t1 s-w w-f6 t7-f6 t3-f6 w-f6 t7-t3 t3-t7 '
        't3-t8 t3-f6 t3-f6 t3-f6 t7-t8 t3-t7 t3-f3 s-w w-t7 s-w s-w s-w s-w w-f6 t5-f6 t5-f6 s-w s-w s-w w-t2 '
        's-w s-w w-f6 s-w w-t2 t1-t2 w-t1 s-w s-w s-w w-t5 t9-t5 s-w s-w s-w w-f2 t7-f2 t7-f2 w-t7 s-w w-f1 '
        't4-f1 t4-f1 t4-f1 t4-f1 s-w w-f7 t7-f7 w-t7 s-w w-f6 t6-f6 w-t6 s-w w-f8 s-w w-t2 t6-t2 w-t6 s-w s-w '
        's-w s-w w-f4 s-w s-w w-t5 s-w s-w s-w s-w w-f5 s-w w-f8 t8-f8 t8-f8 w-t8 s-w w-f3 t7-f3 t10-t8 t2-t7 '
        't8-t10 t2-t9 t7-t9 t2-t7 t2-t1 t7-t1 t9-t7 t9-t1 t7-t1 t10-t8 t1-t7 t2-t9 t7-t1 t8-t10 t2-t7 t9-t7 '
        't2-t9 t2-f7 w-f7 t2-f1 t7-t2 t7-t9 t2-t9 t10-t8 t1-t2 t8-t10 t1-t7 t2-t7 t1-t2 t1-t9 t2-t9 t7-t2 '
        't7-t9 t2-t9 t10-t8 t5-t2 t8-t10 t9-t7 t10-t8 t2-t5 t8-t2 t7-t9 t10-t7 t2-t7 t10-t2 t1-t10 t8-t2 '
        't7-t2 t2-t1 t5-t8 t1-t2 t2-t7 t9-t1 t8-t5 t7-t2 t9-t8 t1-t8 t9-t1 t2-t7 t9-t10 t1-t10 t8-t1 t8-t10'),
}


EXERCISES: tuple[Exercise, ...] = (
    # the rules text's tips 1 to 5
    Exercise('ft-tip-1-a', 'forty-thieves', '', deal=11, tip=1, answer='t7-t9',
             trap='t1-t9', effect=('unknown', 'unknown'),
             prelude='t9-f1 t2-t7 s-w s-w w-t2 s-w w-t1 s-w s-w s-w s-w s-w s-w s-w w-f2 s-w s-w s-w s-w s-w s-w w-t8 '
             's-w w-t8 s-w w-f1 s-w s-w s-w w-f3 t9-f3 t9-f4 t9-t4 t2-t9 t2-t1 t2-t7 t2-t5 t9-t1 t3-t2 t3-f5'),
    Exercise('ft-tip-1-b', 'forty-thieves', '', deal=18, tip=1, answer='t4-t10',
             trap='t1-t9', effect=('unknown', 'unknown'),
             prelude='t3-f1 t6-f2 t1-t2 t4-t2 t6-t7 t9-t2 t10-t1 s-w w-f3 s-w s-w w-t2 s-w s-w s-w s-w s-w s-w w-t1 '
             's-w s-w s-w w-f3 s-w s-w w-t9 t5-t9 t5-t6 t5-f4 t5-f5 t4-t5 t4-t1 s-w s-w s-w s-w s-w s-w s-w '
             's-w s-w s-w s-w s-w w-f6 s-w w-t9 s-w s-w s-w s-w s-w s-w w-t10 s-w w-t3 s-w w-f1 t2-f1 t2-f1 '
             't2-f1 t2-f1 t2-f1 t9-f1 t9-f1 t9-f1 t9-f1 t9-f7 t9-f4 t2-t9 t2-t6 s-w w-t8 s-w w-f6 t4-f6 s-w '
             'w-f3 s-w s-w s-w s-w s-w s-w s-w w-f1 s-w w-t2 s-w w-f2 t9-f2 t10-t4'),
    Exercise('ft-tip-1-c', 'forty-thieves', '', deal=19, tip=1, answer='t9-t1',
             trap='t2-t1', effect=('unknown', 'unknown'),
             prelude='t1-f1 t10-f2 s-w s-w s-w w-f1 s-w s-w s-w s-w w-t5 t9-t5 s-w s-w s-w s-w s-w s-w w-f3 s-w s-w '
             's-w w-t1 t3-t1 t3-f2 s-w w-f1 s-w s-w s-w s-w s-w s-w s-w s-w w-t9 s-w w-t3 s-w w-f4 s-w w-f5 '
             's-w s-w w-f1 t1-f1 t1-f1 t1-f1 s-w s-w s-w w-f4 t4-f4 w-f4 s-w w-t6 s-w s-w s-w s-w s-w s-w w-f3 '
             't3-f3 t3-f3 t6-f3 t6-f3 t6-t5 t6-f6 t6-t7 s-w w-f3 t7-f3 t7-f3 t1-t6 t1-f3 t10-t7 t4-t10 s-w '
             'w-t6'),
    Exercise('ft-tip-2-a', 'forty-thieves', '', deal=1, tip=2, answer='w-t2',
             trap='s-w', effect=('unknown', 'unknown'),
             prelude=first_moves(_LINE_1, 17)),
    Exercise('ft-tip-2-b', 'forty-thieves', '', deal=2, tip=2, answer='w-t2',
             trap='s-w', effect=('unknown', 'unknown'),
             prelude=first_moves(_LINE_2, 21)),
    Exercise('ft-tip-2-c', 'forty-thieves', '', deal=0, tip=2, answer='w-f1',
             trap='s-w', effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 2)),
    Exercise('ft-tip-4-a', 'forty-thieves', '', deal=11, tip=4, answer='w-f3',
             trap='t4-f3', effect=('unknown', 'unknown'),
             prelude='t9-f1 t2-t7 s-w s-w w-t2 s-w w-t1 s-w s-w s-w s-w s-w s-w s-w w-f2 s-w s-w s-w s-w s-w s-w '
             'w-t8 s-w w-t8 s-w w-f1 s-w s-w s-w w-f3 t9-f3 t9-f4 t9-t4 t2-t9 t2-t1 t9-t1 t2-t7 t2-t5 '
             't3-t2 t3-f5 t3-t2 t7-t9 s-w w-f2 t3-f2 t9-t7 w-t3 w-f3 t6-t9 t6-f3 s-w w-f1 s-w w-t2 s-w '
             'w-f5 t3-f5 t7-t3 s-w w-t4 t3-t7 t8-t3 s-w w-t7 t3-t8 s-w t8-t3 s-w t3-t8 s-w w-f2 t9-f2 '
             't8-t3 s-w t3-t8 w-t3 t8-t9 s-w w-t10 t9-t8 t7-t9 s-w t9-t7 t8-t9 s-w w-t10 t9-t8 s-w w-f3 '
             't8-f3 t8-f3 t8-f3 t8-t7 t4-t9 t4-f3'),
    Exercise('ft-tip-4-b', 'forty-thieves', '', deal=74, tip=4, answer='t6-f2',
             trap='t2-f3', effect=('unknown', 'unknown'),
             prelude='t4-t5 t8-t5 t9-t7 s-w w-f1 t6-f1 s-w s-w s-w s-w w-t6 t3-t6 s-w s-w w-t2 s-w w-f2 s-w w-f3 s-w '
             's-w w-t2 s-w s-w w-t8 s-w s-w s-w s-w w-t1 s-w w-f4 s-w s-w s-w w-t10 s-w s-w s-w s-w w-t1 s-w '
             'w-f5 s-w w-t9 s-w s-w s-w w-f6 s-w s-w w-t10 s-w w-t5 t4-t5 s-w s-w s-w s-w w-t10 s-w s-w w-f1 '
             't3-f1 s-w s-w w-f4 w-f4 s-w s-w w-t7 s-w w-t10 s-w s-w w-f4 s-w s-w w-f3 t5-f3 t5-f3 t5-f3 t5-f3 '
             't5-f3 t5-f2 t2-f3 t2-f3'),
    Exercise('ft-tip-4-c', 'forty-thieves', '', deal=77, tip=4, answer='t6-f2',
             trap='t10-f1', effect=('unknown', 'unknown'),
             prelude='t2-f1 t10-f2 t8-t6 t9-t3 s-w s-w s-w s-w s-w w-t5 s-w w-t4 s-w s-w s-w s-w s-w w-t7 s-w s-w w-t9 '
             's-w w-t1 s-w s-w s-w s-w w-f3 s-w w-f4 s-w s-w s-w w-t6 s-w s-w w-t10 s-w w-t3 s-w s-w s-w s-w '
             's-w s-w s-w w-t5 s-w s-w s-w s-w w-t8 s-w s-w s-w w-f2 t1-f2 t1-f2 s-w w-t6 s-w w-f1 s-w s-w s-w '
             's-w w-t9 s-w s-w w-t9 s-w s-w s-w s-w s-w s-w w-t7 s-w s-w w-f5 s-w w-t2 s-w w-f1 t3-f1 t3-f1 '
             't3-f1 t3-f6 t3-t1 s-w w-f1 s-w s-w s-w w-t9 s-w s-w s-w w-f2 t10-f2 t10-f2'),
    Exercise('ft-tip-5-a', 'forty-thieves', '', deal=42, tip=5, answer='t4-f2',
             trap='t4-t5', also=('t4-t10',), effect=('won', 'won'),
             prelude='t2-t4 t7-t4 t8-t2 t10-t7 t6-t10 s-w w-t3 s-w s-w s-w s-w s-w s-w s-w w-t5 s-w s-w w-t7 s-w w-t3 '
             't1-t3 s-w w-t6 s-w w-t10 s-w s-w s-w s-w w-f1 t5-f1 t5-f1 t5-t4 t5-f2 t5-f3 t2-f3 t2-f3 t6-f3 '
             't6-f3 t10-f3 t10-f3 t10-f3 t1-f3 t1-t8 t2-t6 t10-t5 t10-t4 s-w s-w w-t2 s-w w-t1 s-w w-f1 t2-f1 '
             't2-f1 w-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t3 s-w s-w s-w s-w w-f2 t8-f2 t8-f2 t8-t4 s-w s-w '
             's-w w-f4 t7-f4 t7-f4 t7-f4 t3-f4 t3-f4 t3-f4 t3-f4 t3-f4 t3-t6 t3-t10 t3-t6 t10-t6 w-t3 s-w w-f2 '
             's-w s-w w-f2 t4-f2 t4-f2 t4-f2 t4-f2 t3-f2 t4-t3'),
    Exercise('ft-tip-5-b', 'forty-thieves', '', deal=27, tip=5, answer='t5-t3',
             trap='t5-t1', effect=('won', 'won'),
             prelude='t10-t1 t10-f1 t10-t4 t10-t1 t3-t10 t3-f2 t8-t7 s-w s-w s-w s-w s-w w-f3 s-w s-w s-w s-w s-w s-w '
             's-w w-f4 s-w s-w s-w s-w w-t6 s-w s-w s-w s-w s-w w-t4 t8-t4 t8-f5 w-f5 s-w s-w s-w w-f5 s-w s-w '
             'w-t4 t10-t4 t5-t10 t5-f4 s-w s-w s-w s-w s-w w-t5 s-w s-w s-w s-w w-t1 s-w s-w s-w w-t4 s-w w-t6 '
             's-w w-t9 s-w s-w s-w s-w w-f2 t9-f2 t9-f2 s-w w-f1 t4-f1 t4-f1 t4-f1 t4-f1 t4-f1 t4-f1 t4-f1 s-w '
             'w-f4 t5-f4 t5-f4 w-f4 s-w w-f5 t1-f5 t1-f5 t1-f5 t1-f5 t1-f4 t7-f4 t7-f4 t7-t10 t8-t7 t9-t8 '
             't9-f6 t5-f6 t9-t4 t6-t5 t6-t9 t6-f1 t5-t9 t6-t1 t6-t5 t6-f5 t3-f5 s-w w-f6 s-w w-t6 t2-t6 t2-t4 '
             's-w w-t4 w-t4 w-f2 s-w s-w s-w w-f1 t7-f1 t7-f1 t7-t5 s-w w-f7 s-w w-f4 t10-f4 t10-f4 w-t7 w-t5 '
             's-w w-f8 t6-f8 t6-f8 w-t6 w-f7 s-w w-f3 t5-f3 t5-f3 t5-f3 w-t5 w-t1 w-f5 w-f2 w-t10 t2-t10 t3-t2 '
             's-w w-t9 s-w s-w w-f7 t1-f7 t1-f7 t1-f7'),
    Exercise('ft-tip-5-c', 'forty-thieves', '', deal=307, tip=5, answer='w-t5',
             trap='w-t4', effect=('won', 'won'),
             prelude='t3-t1 t8-t3 s-w s-w w-t4 s-w w-t10 s-w w-f1 t4-f1 t4-f1 s-w w-t3 s-w w-t5 s-w s-w w-t3 s-w s-w '
             's-w w-f2 s-w w-f3 s-w w-t1 s-w s-w s-w s-w s-w s-w w-t10 s-w s-w s-w w-f4 w-f4 s-w s-w w-f5 s-w '
             's-w s-w s-w w-f6 t6-f6 t6-t7 t6-t1 s-w s-w w-f2 s-w s-w s-w s-w s-w w-t1 s-w s-w w-t4 s-w s-w '
             's-w s-w s-w s-w s-w w-t10 s-w w-t5 s-w w-f6 s-w w-f2 w-f2 s-w s-w w-f1 t3-f1 t3-f1 t3-f1 t3-f1 '
             't3-f7 s-w w-f5 s-w w-f4 t2-f4 t8-t2 s-w w-f6 t9-f6 s-w s-w s-w w-f2 t7-f2 t7-f2 t5-f2 t5-f2 '
             't5-f2 t5-f6 t5-f1 t2-f1 t2-f1 t5-f6 t7-f2 t4-f2 t4-f2 t9-f6 t2-f6 t7-f6 w-f6 t6-t4 t9-t5 t9-f3 '
             't8-t6 t8-f3 t6-f3 t4-t6 t4-t8 t4-f4 t3-f4 t6-t8 t10-t3 t10-f4 t10-f4 t10-f4 t8-t4 t8-t10 t4-t10 '
             'w-t4 w-t6 w-t8 w-t9 t3-t9 w-f6 w-t3 t5-t3 w-f7 w-f4'),
    # the measured tips 6 to 11
    # tip 6: in a worked-out ending every move that keeps it won is right; the trap throws it away
    Exercise('ft-tip-6-a', 'forty-thieves', '', deal=64, tip=6, answer='t3-t2', trap='t4-t2',
             also=('t3-t7', 't6-t2', 't6-t7', 't8-t10'), effect=('won', 'lost'),
             prelude=first_moves(LINES[64], 184)),
    Exercise('ft-tip-6-b', 'forty-thieves', '', deal=64, tip=6, answer='t3-t1', trap='t4-t1',
             also=('t6-t1', 't7-t2', 't8-t5', 't8-t1'), effect=('won', 'lost'),
             prelude=first_moves(LINES[64], 212)),
    Exercise('ft-tip-6-c', 'forty-thieves', '', deal=64, tip=6, answer='t1-t10', trap='t4-t8',
             also=('t1-t8', 't3-t8', 't6-t8', 't7-t2'), effect=('won', 'lost'),
             prelude=first_moves(LINES[64], 223)),
    Exercise('ft-tip-7-a', 'forty-thieves', '', deal=0, tip=7, answer='t10-f3', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 32)),
    Exercise('ft-tip-7-b', 'forty-thieves', '', deal=0, tip=7, answer='t10-f2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 33)),
    Exercise('ft-tip-7-c', 'forty-thieves', '', deal=0, tip=7, answer='t5-f4', trap='s-w',
             effect=('lost', 'lost'),
             prelude=first_moves(LINES[0], 73)),
    Exercise('ft-tip-8-a', 'forty-thieves', '', deal=0, tip=8, answer='t7-t5', trap='s-w',
             effect=('lost', 'lost'),
             prelude=first_moves(LINES[0], 77)),
    Exercise('ft-tip-8-b', 'forty-thieves', '', deal=1, tip=8, answer='t8-t7', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[1], 35)),
    Exercise('ft-tip-8-c', 'forty-thieves', '', deal=4, tip=8, answer='t10-t1', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[4], 71)),
    Exercise('ft-tip-9-a', 'forty-thieves', '', deal=4, tip=9, answer='t10-t2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=''),
    Exercise('ft-tip-9-b', 'forty-thieves', '', deal=5, tip=9, answer='t4-t6', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude='t5-f1'),
    Exercise('ft-tip-9-c', 'forty-thieves', '', deal=27, tip=9, answer='t8-t4', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude='t10-t1 t10-f1 t10-t4 t10-t1 t3-t10 t3-f2 t8-t7 s-w s-w s-w s-w s-w w-f3 s-w s-w s-w s-w s-w s-w '
             's-w w-f4 s-w s-w s-w s-w w-t6 s-w s-w s-w s-w s-w w-t4'),
    # tip 10: the waste's card onto the next higher card of its suit before the next card is turned
    Exercise('ft-tip-10-a', 'forty-thieves', '', deal=0, tip=10, answer='w-t3', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 10)),
    Exercise('ft-tip-10-b', 'forty-thieves', '', deal=33, tip=10, answer='w-t5', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude='t1-t3 t1-t5 t2-t3 t2-t4 t6-t2 t8-t1 t9-t10 t8-t9 s-w s-w s-w s-w s-w w-t6 t7-t6 t7-t6 s-w s-w '
             'w-f1 t3-f1 t3-f1 t2-f1 t2-f1 t2-t4 t1-t2 t1-t6 t1-t8 t2-t6 w-t1 s-w w-t1 s-w s-w s-w'),
    Exercise('ft-tip-10-c', 'forty-thieves', '', deal=0, tip=10, answer='w-t3', trap='s-w',
             effect=('lost', 'lost'),
             prelude=first_moves(LINES[0], 93)),
    Exercise('ft-tip-11-a', 'forty-thieves', '', deal=0, tip=11, answer='t7-t2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 18)),
    Exercise('ft-tip-11-b', 'forty-thieves', '', deal=0, tip=11, answer='t7-t9', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[0], 19)),
    Exercise('ft-tip-11-c', 'forty-thieves', '', deal=1, tip=11, answer='t10-t2', trap='s-w',
             effect=('unknown', 'unknown'),
             prelude=first_moves(LINES[1], 8)),
)
