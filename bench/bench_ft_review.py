"""The review of a Forty Thieves game as the review page runs it (issue 40): the page's widget
answering ``start`` and ``continue`` (the chances' first pass, then a search and a chunk of the
chances in turn), in CPython. For each game
(the tips player's game of a deal, cut to about 120 moves as a reader gives up) it prints the CPU
seconds to the winning line shown, to the provisional chart (every position sampled once or more),
to the whole chart, and to the costly moves (the chances finished), with what was found.

The goal (in Chromium, under Pyodide, about twice as slow as CPython: see bench_review.py): the
winning line and a provisional chart within 10 s, the costly moves within 60 s.

    nice .venv/bin/python bench/bench_ft_review.py [--deals 1 3 11] [--moves 120] [--samples 8]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.analysis.players import get_strategy, play_out
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.limits import REVIEW_MAX_SAMPLES, REVIEW_SAMPLES
from tutor.web.protocol import Session
from tutor.web.review_link import review_hash
from tutor.web.widgets import review as review_widget


def tips_game(deal: int, moves: int) -> list[str]:
    kernel = kernel_for(get_rules("forty-thieves"))
    record: list = []
    play_out(kernel, kernel.deal(deal), get_strategy(kernel, "tips"), record=record)
    return [kernel.notation(move) for move in record[:moves]]


def bench_game(deal: int, moves: list[str], samples: int, max_samples: int) -> dict:
    """The review page's own requests (``start``, then ``continue`` while it asks), timed in CPU seconds
    at each milestone."""
    rules = get_rules("forty-thieves")
    hashed = review_hash("forty-thieves", deal, "", rules.deal(deal), moves)
    assert hashed is not None, "the game is too long for a link"
    link = "#" + hashed
    session = Session()
    session.handle({"widget": "r", "action": "open", "spec": "review: link", "lang": "en"})
    seen: dict[str, float] = {}
    cpu = time.process_time()
    answer = session.handle({"widget": "r", "action": "start", "link": link})
    widget = session.widgets["r"][0]
    assert isinstance(widget, review_widget.ReviewWidget)
    review = widget.review
    chances = review.chances
    assert chances is not None and answer["ok"]

    def mark(name: str, reached: bool) -> None:
        if reached and name not in seen:
            seen[name] = time.process_time() - cpu

    while True:
        mark("line", review.winning_line() is not None)
        mark("review", not review.running)
        mark("chart", not chances.provisional)
        mark("full chart", min(len(outcomes) for outcomes in chances.chances) >= samples)
        if not answer["continue"]:
            break
        answer = session.handle({"widget": "r", "action": "continue"})
    mark("costly", True)
    shown = review.winning_line()
    return {"seen": seen, "line_from": None if shown is None else shown[0] + 1,
            "costly": [(m.index + 1, round(100 * m.chance_before), round(100 * m.chance_after),
                        round(100 * m.better_chance), m.samples) for m in chances.costly_moves()],
            "plans": chances.fair.plans_made, "searches": review.searches}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[1, 3, 11])
    parser.add_argument("--moves", type=int, default=120, help="moves kept of each game (default 120)")
    parser.add_argument("--samples", type=int, default=REVIEW_SAMPLES)
    parser.add_argument("--max-samples", type=int, default=REVIEW_MAX_SAMPLES)
    args = parser.parse_args()
    review_widget.REVIEW_SAMPLES, review_widget.REVIEW_MAX_SAMPLES = args.samples, args.max_samples
    print(f"CPU seconds (CPython) to: the winning line | the review's end | the provisional chart | the whole chart "
          f"| the costly moves; {args.samples} samples a position, up to {args.max_samples} a move")
    for deal in args.deals:
        moves = tips_game(deal, args.moves)
        found = bench_game(deal, moves, args.samples, args.max_samples)
        times = " | ".join(f"{found['seen'][name]:6.1f}" if name in found["seen"] else "     -"
                           for name in ("line", "review", "chart", "full chart", "costly"))
        print(f"deal {deal:3} ({len(moves)} moves): {times}   line from move {found['line_from']}, "
              f"{found['searches']} searches, {found['plans']} expert plans; costly (move, before %, after %, "
              f"better %, samples): {found['costly']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
