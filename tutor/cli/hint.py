"""The ``hint`` subcommand of the ``tutor`` command: the next move for a position, and why.

    tutor hint GAME (--deal N | --cards C) [--variant V] [--play MOVE …] [--knows-stock] [--json] [--lang de|en]

The hint is the one the pages give (:func:`tutor.analysis.hints.hint`): it uses only what a player
sees; with ``--knows-stock`` it asks first for the view of a program that knows the order of the
face-down cards, and says so. ``--json`` prints ``{"move": "t3-f1", "kind": "…", "text": "…",
"source": "…", "line": […] | null}`` (``kind`` names the kind of reason). Bad input (an unknown
game or variant, a bad deal number or card string, an illegal ``--play`` move) is one line on
standard error and exit code 2, like the other commands; a game that is over prints that there is
nothing to hint.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tutor.cli.common import GAME_HELP, language_of, play_moves, position_from_args, print_json
from tutor.i18n import Text
from tutor.limits import HINT_SECONDS

EXIT_OK = 0


def register(subparsers: Any) -> None:
    """Add ``hint`` to the ``tutor`` command's subparsers."""
    sub = subparsers.add_parser("hint", help="the next move for a position, and why")
    sub.add_argument("game", help=GAME_HELP)
    sub.add_argument("--variant", default="", help="variant id (default: the base game)")
    which = sub.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", default=None, help="deal number")
    which.add_argument("--cards", default=None, help="the deal as a card string")
    sub.add_argument("--play", action="extend", nargs="+", default=[], metavar="MOVE",
                     help="moves to play first, in the notation (t3-f1, s-w, …)")
    sub.add_argument("--knows-stock", action="store_true",
                     help="ask first a program that knows the order of the face-down cards (labelled as such)")
    sub.add_argument("--json", action="store_true", help="print the hint as JSON")
    sub.add_argument("--lang", default=argparse.SUPPRESS, help="language of the output: en or de")
    sub.set_defaults(func=run_hint)


def run_hint(args: argparse.Namespace) -> int:
    from tutor.analysis.hints import hint

    lang = language_of(args)
    position = position_from_args(args)
    play_moves(position, args.play)
    found = hint(position, time_limit=HINT_SECONDS, knows_stock=args.knows_stock)
    if found is None:
        if args.json:
            print_json({"move": None, "kind": "over", "text": Text("ui", "The game is over: there is nothing to "
                                                                        "hint.").render(lang),
                        "source": None, "line": None})
        else:
            print(Text("ui", "The game is over: there is nothing to hint.").render(lang))
        return EXIT_OK
    if args.json:
        data = found.as_json(lang)
        print(json.dumps({"move": data["move"], "kind": data["kind"], "text": data["text"],
                          "source": data["source"], "line": data["line"]}, ensure_ascii=False))
    else:
        print(Text("ui", "Hint: {text}", text=found.explanation).render(lang))
    return EXIT_OK
