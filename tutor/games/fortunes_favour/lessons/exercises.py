"""Fortune's Favour: the "your move" exercises, moments from real deals where one of the page's tips
decides the move (records :class:`tutor.lessons.Exercise`; checked by tests/web/test_practice.py)."""

from __future__ import annotations

from tutor.lessons import Exercise

EXERCISES: tuple[Exercise, ...] = (
    Exercise('ff-tip-1-a', 'fortunes-favour', '', deal=1, tip=1, answer='t1-f1',
             trap='s-w', effect=('won', 'won'),
             prelude='t1-t5 t3-t11 t3-f2 t8-t5 s-w w-t4 s-w w-t8 s-w w-f1'),
    Exercise('ff-tip-1-b', 'fortunes-favour', '', deal=2, tip=1, answer='t6-f3',
             trap='s-w', effect=('won', 'won'),
             prelude='t1-t7 t6-f2 t4-t6 t4-t7 t11-t3 s-w s-w s-w s-w s-w w-f4 t2-f4 s-w w-t6 s-w s-w w-t10 t2-t10 '
             's-w s-w w-t6 s-w w-t8 s-w w-t1 s-w s-w w-t9 s-w w-t12 t4-t12 s-w s-w w-f3'),
    Exercise('ff-tip-1-c', 'fortunes-favour', '', deal=601, tip=1, answer='t12-f3',
             trap='s-w', effect=('won', 'won'),
             prelude='t8-f4 t4-f2 t6-f2 t7-f2 t10-f2 t7-f4 t6-t1 t11-t3 t6-t12 t5-t2 t6-t5 t7-t6 t7-t10 s-w s-w s-w '
             'w-t3 s-w s-w w-t9 s-w s-w w-t8 s-w w-t11 s-w s-w w-t5 s-w w-t10 s-w w-t2 t4-t2 s-w w-t11 w-t11 s-w '
             'w-f3'),
    Exercise('ff-tip-2-a', 'fortunes-favour', '', deal=1, tip=2, answer='w-t4',
             trap='s-w', effect=('won', 'won'),
             prelude='t1-t5 t3-t11 t3-f2 t8-t5 s-w'),
    Exercise('ff-tip-2-b', 'fortunes-favour', '', deal=2, tip=2, answer='t2-f4',
             trap='s-w', effect=('won', 'won'),
             prelude='t1-t7 t6-f2 t4-t6 t4-t7 t11-t3 s-w s-w s-w s-w s-w w-f4'),
    Exercise('ff-tip-2-c', 'fortunes-favour', '', deal=602, tip=2, answer='t5-f4',
             trap='s-w', effect=('won', 'won'),
             prelude='t2-f2 t5-t2 s-w'),
    Exercise('ff-tip-3-a', 'fortunes-favour', '', deal=1, tip=3, answer='t8-t5',
             trap='s-w', effect=('won', 'won'),
             prelude='t1-t5 t3-t11 t3-f2'),
    Exercise('ff-tip-3-b', 'fortunes-favour', '', deal=2, tip=3, answer='t11-t3',
             trap='s-w', effect=('won', 'won'),
             prelude='t1-t7 t6-f2 t4-t6 t4-t7'),
    Exercise('ff-tip-3-c', 'fortunes-favour', '', deal=600, tip=3, answer='t8-t11',
             trap='s-w', effect=('won', 'won')),
    Exercise('ff-tip-4-a', 'fortunes-favour', '', deal=47, tip=4, answer='t2-t7',
             trap='w-t2', effect=('won', 'won'),
             prelude='t5-t9 t5-f2 t5-f3 t8-t6 t8-t9 t8-t10 s-w s-w w-t3 s-w s-w w-t4 s-w s-w w-t9 s-w w-t10 s-w '
             'w-t10 s-w s-w s-w w-t1 s-w s-w s-w s-w s-w w-f1 t10-f1 t10-f1 t10-f1 t10-f1 s-w w-t4 t11-t4 '
             's-w w-t10 t7-t10 s-w w-f4 s-w w-t5 t7-t5 w-t5 t2-t5 t2-t11'),
    Exercise('ff-tip-4-b', 'fortunes-favour', 'busy-aces', deal=1, tip=4, answer='t8-f2',
             trap='t10-f2', effect=('unknown', 'unknown'),
             prelude='t1-t2 t4-t10 t11-t9 s-w w-t1 s-w w-t4 t12-t4 s-w w-f1 s-w w-t5 s-w w-t11 s-w w-t12 s-w s-w '
             'w-t9 w-t9 s-w s-w w-t11 s-w w-t5 s-w s-w w-t7 s-w s-w s-w w-f2 s-w w-t11 w-t11 s-w s-w s-w '
             's-w w-t1 s-w w-t12 s-w s-w s-w w-f3 s-w w-f4 s-w w-f5 s-w w-t6 s-w s-w s-w s-w s-w s-w s-w '
             's-w w-t6 s-w w-f4 t12-f4 t12-f4 t6-f4 t6-f4 t6-f4 w-t6 w-t12 s-w s-w w-f2 t9-f2 t9-f2 t9-f2 '
             't9-f2 w-t9 s-w s-w w-f2'),
    Exercise('ff-tip-4-c', 'fortunes-favour', '', deal=637, tip=4, answer='t6-t12',
             trap='w-t6', effect=('won', 'won'),
             prelude='t9-f4 t4-t7 t2-t6 t5-t12 t8-t3 t4-t12 s-w s-w s-w s-w s-w s-w w-t6 s-w s-w w-t10 s-w w-t8 s-w '
             'w-t10 s-w w-t6 s-w w-t2 s-w w-t12 s-w s-w w-f2 t5-f2 s-w s-w w-t1 s-w w-t5 s-w s-w w-f4 t6-f4 t6-f4 '
             't6-f4 t6-f4 t12-f4 t12-f4 t12-f4 t12-f4'),
)
