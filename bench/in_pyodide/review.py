"""Run by ``bench/pyodide_review.mjs`` inside Pyodide under Node, once the page worker's boot code
has unpacked ``tutor``: one game review per call, for ``bench/bench_review.py``.

In a folder of its own because ``make bench`` runs every ``bench/*.py`` as a benchmark.
"""

from __future__ import annotations

import json

from tutor.analysis.review import Review
from tutor.engine import get_rules


def review_case(text: str) -> str:
    """Review the game ``text`` (JSON: game, variant, deal, moves); returns JSON with the turning
    point's index (null if none), the start's result and the number of searches."""
    case = json.loads(text)
    review = Review(get_rules(case["game"], case["variant"]).deal(case["deal"]), case["moves"])
    review.run()
    point = review.turning_point
    return json.dumps({"turning": point.index if point else None, "start": review.start_result,
                       "searches": review.searches})
