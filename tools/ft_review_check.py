"""Issue 40's bar for the Forty Thieves review, checked on the tips player's own games: for each deal
whose game the tips player loses or gives up (cut to ``--moves`` moves, as a reader gives up), the
review is run as ``tutor review forty-thieves --deal N --play … --json`` runs it, and its JSON is held to:

* a ``winning_line`` wherever the game passed a position the solver has won: a position the review
  itself decided as won, or the deal as dealt when the stored offline run (``solved.py``) won it;
* that line wins when replayed from its position (the engine, not the lean board);
* every named costly move has a better move that is legal in the position before it, a drop
  (``chance_after`` below both ``chance_before`` and ``better_chance``) and a p-value under 0.05.

    nice .venv/bin/python tools/ft_review_check.py [--deals 0 1 2 …] [--moves 120] [--timeout 10]

It prints one line per game and the failures, and exits 1 if any game fails its bar. Each review
takes about a minute of CPU.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.analysis.players import played_game
from tutor.analysis.review import Review
from tutor.analysis.review_words import review_json
from tutor.engine import get_rules
from tutor.games.forty_thieves.claims import winnable_deals
from tutor.limits import REVIEW_MAX_SAMPLES, REVIEW_SAMPLES, REVIEW_SECONDS

GAME = "forty-thieves"
SIGNIFICANCE = 0.05


def position_before(deal: int, moves: list[str], count: int):
    position = get_rules(GAME).deal(deal)
    for move in moves[:count]:
        position.play(move)
    return position


def problems(deal: int, moves: list[str], data: dict) -> list[str]:
    """What the review's JSON of ``deal``'s game ``moves`` misses of the bar (empty: it holds)."""
    found = []
    won = [entry["position"] for entry in data["positions"] if entry["verdict"] == "won"]
    passed_won = bool(won) or deal in winnable_deals("")
    line = data["winning_line"]
    if passed_won and line is None:
        found.append(f"no winning line, though position {won[0] if won else 0} can be won")
    if line is not None:
        position = position_before(deal, moves, line["from_move_number"] - 1)
        for move in line["moves_notation"]:
            position.play(move)
        if not position.is_won():
            found.append(f"the winning line from move {line['from_move_number']} does not win")
    for costly in data["costly_moves"] or []:
        number = costly["move_number"]
        position = position_before(deal, moves, number - 1)
        if not position.is_legal(costly["better_move_notation"]):
            found.append(f"move {number}: the better move {costly['better_move_notation']} is not legal")
        if not costly["chance_after"] < min(costly["chance_before"], costly["better_chance"]):
            found.append(f"move {number}: no drop ({costly['chance_before']} → {costly['chance_after']}, "
                         f"better {costly['better_chance']})")
        if not costly["p_value"] < SIGNIFICANCE:
            found.append(f"move {number}: p = {costly['p_value']} is not significant")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs="+", default=list(range(12)))
    parser.add_argument("--moves", type=int, default=120, help="moves kept of each game (default 120)")
    parser.add_argument("--timeout", type=float, default=REVIEW_SECONDS)
    args = parser.parse_args()
    failed = 0
    print("deal  moves  stored  won positions  winning line from  costly moves (move: before → after, better)")
    for deal in args.deals:
        whole = played_game(GAME, deal)
        start = get_rules(GAME).deal(deal)
        ended = start.copy()
        for move in whole:
            ended.play(move)
        if ended.is_won():
            print(f"{deal:4}  the tips player wins it: not a game to review")
            continue
        moves = whole[:args.moves]
        started = time.process_time()
        review = Review(start, moves, time_limit=args.timeout)
        chances = review.with_chances(0, REVIEW_SAMPLES, REVIEW_MAX_SAMPLES)  # before the searches, as the CLI
        review.run()
        if chances is not None:
            chances.run()
        data = review_json(review, "en")
        seconds = time.process_time() - started
        won = [entry["position"] for entry in data["positions"] if entry["verdict"] == "won"]
        line = data["winning_line"]
        costly = ", ".join(f"{c['move_number']}: {c['chance_before']:.0%} → {c['chance_after']:.0%}, "
                           f"{c['better_chance']:.0%}" for c in data["costly_moves"] or []) or "none"
        stored = "won" if deal in winnable_deals("") else "–"
        print(f"{deal:4}  {len(moves):5}  {stored:6}  {len(won):13}  "
              f"{line['from_move_number'] if line else '–':>17}  {costly}  ({seconds:.0f} s CPU)", flush=True)
        found = problems(deal, moves, data)
        for problem in found:
            print(f"      ✗ {problem}")
        failed += bool(found)
    print("every game holds the bar" if not failed else f"{failed} game(s) fail the bar")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
