"""A Forty Thieves review as the review page runs it (issue 40), timed at what the reader sees: the
page's widget answering ``start``, then ``continue`` while it asks. Run by ``bench/bench_ft_review.py``
in CPython, and by ``bench/pyodide_review.mjs`` inside Pyodide under Node (``ft_review_case``).

In a folder of its own because ``make bench`` runs every ``bench/*.py`` as a benchmark.
"""

from __future__ import annotations

import json
import time

from tutor.web.protocol import Session
from tutor.web.widgets import review as review_widget

# what the reader sees, in the order the bench prints it
MILESTONES = ("line", "chart", "costly", "full chart", "review")


def milestones(link: str, samples: int, max_samples: int) -> dict:
    """The review page's own requests for ``link`` (``#game=…``), with the CPU seconds at which the
    winning line was shown, the provisional chart drawn, the costly moves named (every
    move looked at), the chart whole, and the review done; and what was found."""
    review_widget.REVIEW_SAMPLES, review_widget.REVIEW_MAX_SAMPLES = samples, max_samples
    session = Session()
    session.handle({"widget": "r", "action": "open", "spec": "review: link", "lang": "en"})
    seen: dict[str, float] = {}
    cpu = time.process_time()
    answer = session.handle({"widget": "r", "action": "start", "link": link})
    widget = session.widgets["r"][0]
    assert isinstance(widget, review_widget.ReviewWidget) and answer["ok"], answer
    review = widget.review
    chances = review.chances
    assert chances is not None, "a review without fair chances"

    def mark(name: str, reached: bool) -> None:
        if reached and name not in seen:
            seen[name] = time.process_time() - cpu

    while True:
        mark("line", review.winning_line() is not None)
        mark("chart", not chances.provisional)
        mark("costly", chances.costly_final)  # named and said; the chart may still be refined
        mark("full chart", min(len(outcomes) for outcomes in chances.chances) >= samples)
        mark("review", not review.running)
        if not answer["continue"]:
            break
        answer = session.handle({"widget": "r", "action": "continue"})
    shown = review.winning_line()
    return {"seen": seen, "line_from": None if shown is None else shown[0] + 1,
            "costly": [(m.index + 1, round(100 * m.chance_before), round(100 * m.chance_after),
                        round(100 * m.better_chance), m.samples) for m in chances.costly_moves()],
            "plans": chances.fair.plans_made, "searches": review.searches}


def ft_review_case(text: str) -> str:
    """:func:`milestones` of the case ``text`` (JSON: link, samples, max_samples), as JSON."""
    case = json.loads(text)
    return json.dumps(milestones(case["link"], case["samples"], case["max_samples"]))
