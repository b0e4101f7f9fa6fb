"""The ``review`` subcommand of the ``tutor`` command: where a game was lost, and the move that
would have won (:mod:`tutor.analysis.review`).

    tutor review GAME (--deal N | --cards "…") [--variant V] --play MOVE … [--json] [--lang de|en]
                 [--timeout SECONDS] [--samples N] [--max-samples N] [--seed S]

A game with fair chances (Forty Thieves, :mod:`tutor.analysis.chances`) also gets, after the
review, its chance to win before each move and the moves that cost the most of it (``--samples``
orders of the face-down cards per position, up to ``--max-samples`` for a move that may have cost
chance, from ``--seed``).

``--timeout`` is the search's time per position (CPU seconds, default
:data:`tutor.limits.REVIEW_SECONDS`); a position not decided in that time is said to be so, and no
turning point is claimed through it. Bad input (an unknown game, variant, deal or card string, a
move that cannot be played) exits 2 with one line naming it, in the chosen language.

``--json`` prints one object (:func:`tutor.analysis.review_words.review_json`): per position the
move played from it and its verdict, the turning point with the alternative and the winning line,
the moves that broke a tip, ``costly_moves`` (``move_number``, ``chance_before``, ``chance_after``,
``better_move_notation``, ``better_chance``, ``samples``, ``p_value``; ``null`` for a game without fair
chances), each position's ``chance``, ``winning_line`` (``from_move_number``, ``moves_notation``: the
line from the last position known to be winnable, also without a turning point) and the summary;
every move is in the notation, under a key that says so (``move_notation``, ``winning_line_notation``,
…).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tutor import inputs
from tutor.analysis.review_words import chances_texts, review_json, stretch_text, stretches, summary, verdict_text
from tutor.cli.common import GAME_HELP
from tutor.cli.solve import language_of
from tutor.engine import get_rules
from tutor.i18n import Text
from tutor.limits import MAX_SAMPLES, REVIEW_MAX_SAMPLES, REVIEW_SAMPLES, REVIEW_SECONDS

EXIT_OK = 0


def register(subparsers: Any) -> None:
    """Add ``review`` to the ``tutor`` command's subparsers."""
    rev = subparsers.add_parser("review", help="review a game: where the deal was lost, and what would have won")
    rev.add_argument("game", help=GAME_HELP)
    rev.add_argument("--variant", default="", help="variant id (default: the base game)")
    which = rev.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", default=None, help="deal number")
    which.add_argument("--cards", default=None, help="the deal as a card string")
    rev.add_argument("--play", action="extend", nargs="+", required=True, metavar="MOVE",
                     help="the moves of the game, in the notation (t3-f1, s-w, …)")
    rev.add_argument("--timeout", default=f"{REVIEW_SECONDS:g}",
                     help="seconds of search per position before it counts as not decided "
                          f"(default {REVIEW_SECONDS:g})")
    rev.add_argument("--samples", default=str(REVIEW_SAMPLES),
                     help="fair chances (games that have them): orders of the face-down cards per position "
                          f"(default {REVIEW_SAMPLES}; more, up to --max-samples, where a move may have cost chance)")
    rev.add_argument("--max-samples", default=str(REVIEW_MAX_SAMPLES),
                     help=f"fair chances: most orders for one move (default {REVIEW_MAX_SAMPLES})")
    rev.add_argument("--seed", default="0", help="fair chances: the seed of the sampled orders (default 0)")
    rev.add_argument("--json", action="store_true", help="print the review as JSON")
    rev.add_argument("--lang", default=argparse.SUPPRESS, help="language of the output: en or de")
    rev.set_defaults(func=run_review)


def run_review(args: argparse.Namespace) -> int:
    """Review the game; bad input raises (``tutor.cli.main`` says it in one line and exits 2)."""
    from tutor.analysis.review import Review

    lang = language_of(args)
    rules = get_rules(args.game, args.variant or "")
    timeout = inputs.seconds(args.timeout, "--timeout")
    if args.deal is not None:
        start = rules.deal(inputs.deal_number(args.deal))
    else:
        start = rules.from_cards(inputs.card_string(args.cards))
    if len(args.play) > inputs.MAX_GAME_MOVES:
        raise inputs.InputError(Text("ui", "at most {limit} moves can be played at once, not {count}",
                                     limit=inputs.MAX_GAME_MOVES, count=len(args.play)))
    first_samples = inputs.whole_number(args.samples, "--samples", 1, MAX_SAMPLES)
    max_samples = inputs.whole_number(args.max_samples, "--max-samples", 1, MAX_SAMPLES)
    seed = inputs.whole_number(args.seed, "--seed", 0, inputs.MAX_DEAL)
    review = Review(start, [inputs.notation(move) for move in args.play], time_limit=timeout)
    chances = review.with_chances(seed, first_samples, max_samples)  # before the steps: its quick winning line
    progress = _Progress(review)
    while review.step():
        progress.draw()
    while chances is not None and chances.step():
        progress.draw()
    progress.done()
    if args.json:

        print(json.dumps(review_json(review, lang), ensure_ascii=False))
    else:
        print(review_text(review, lang))
    return EXIT_OK


def review_text(review: Any, lang: str) -> str:
    """The review for the terminal: the summary, the positions in stretches of one verdict, the
    moves that broke a tip, and the winning line in the notation."""

    lines = [text.render(lang) for text in summary(review)]
    chances = chances_texts(review)
    if chances:
        lines.append("")
        lines += [text.render(lang) for text in chances]
    lines.append("")
    lines.append(Text("ui", "Position by position:").render(lang))
    for first, last, verdict in stretches(review):
        lines.append("  " + Text("ui", "{positions}: {verdict}", positions=stretch_text(first, last),
                                 verdict=verdict_text(verdict, review.time_limit, review.finished)).render(lang))
    if review.tip_breaks:
        lines.append("")
        lines.append(Text("ui", "Moves that went against a tip:").render(lang))
        for broken in review.tip_breaks:
            lines.append("  " + Text("ui", "Move {number}: {remark}", number=broken.index + 1,
                                     remark=broken.remark.full_text()).render(lang))
    shown = review.winning_line()
    if shown is not None:
        index, line = shown
        lines.append("")
        if index < len(review.moves):
            said = Text("ui", "Winning line from before move {number}, as moves are typed here: {line}",
                        number=index + 1, line=" ".join(line))
        else:
            said = Text("ui", "Winning line from where you stopped, as moves are typed here: {line}",
                        line=" ".join(line))
        lines.append(said.render(lang))
    return "\n".join(lines)


class _Progress:
    """A one-line progress count on stderr, only when stderr is a terminal."""

    def __init__(self, review: Any, stream: Any = None) -> None:
        self.review = review
        self.stream = stream or sys.stderr
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()

    def draw(self) -> None:
        if self.enabled:
            self.stream.write(f"\r{self.review.decided}/{self.review.positions}")
            self.stream.flush()

    def done(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
