"""The ``simulate`` and ``solve`` subcommands of the ``tutor`` command.

``tutor/cli.py`` builds the parser and calls :func:`register` with its subparsers; each subcommand
sets ``func`` (parsed args → exit code). Exit codes: 0 done, 2 bad input (one localized line on
stderr, never a traceback). Every value is checked by :mod:`tutor.inputs`, with stated upper
limits: ``--deals`` at most 10,000,000, ``--seed`` and ``--deal`` in the deal shuffle's range,
``--workers`` at most the number of processors, ``--timeout`` at most an hour, ``--nodes`` at most
10⁹.

    tutor simulate GAME [--variant V] --deals N [--seed S] [--strategy tips|naive|expert|…] [--json]
    tutor solve GAME [--variant V] (--deal N | --cards "…") [--timeout SECONDS] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from tutor import inputs
from tutor.analysis.players import strategy_names
from tutor.analysis.simulate import simulate
from tutor.analysis.solve import solve
from tutor.cli.common import GAME_HELP
from tutor.engine import TutorError, get_rules
from tutor.i18n import Text
from tutor.inputs import InputError
from tutor.limits import MAX_DEALS, MAX_NODES

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def register(subparsers: Any) -> None:
    """Add ``simulate`` and ``solve`` to the ``tutor`` command's subparsers."""
    sim = subparsers.add_parser("simulate", help="play many deals with a strategy and count the wins")
    sim.add_argument("game", help=GAME_HELP)
    sim.add_argument("--variant", default="", help="variant id (default: the base game)")
    sim.add_argument("--deals", type=_positive_int_text, required=True, help="how many deals to play")
    sim.add_argument("--seed", default="0", help="the deal numbers are derived from this seed (default 0)")
    sim.add_argument("--strategy", default="tips",
                     help="tips (follow the page's tips), naive (turn the stock at once, else the first "
                          "legal move) or, for forty-thieves, expert (the expert player: searches the face-up "
                          "cards before each turn, never sees the talon's order), rules-text-tips (the rules "
                          "text's five tips only), tips-without-N and rules-text-tips-without-N (the same "
                          "player ignoring tip N)")
    sim.add_argument("--workers", type=_positive_int_text, default=None,
                     help="processes to use (default: one per core)")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.add_argument("--lang", default=argparse.SUPPRESS, help="language of the output: en or de")
    sim.set_defaults(func=run_simulate)

    sol = subparsers.add_parser("solve", help="search a deal with every card known: won, lost or unknown")
    sol.add_argument("game", help=GAME_HELP)
    sol.add_argument("--variant", default="", help="variant id (default: the base game)")
    which = sol.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", default=None, help="deal number")
    which.add_argument("--cards", default=None, help="the deal as a card string")
    sol.add_argument("--timeout", default="10", help="seconds to search before answering unknown (default 10)")
    sol.add_argument("--nodes", default=None, help="at most this many positions to search")
    sol.add_argument("--json", action="store_true", help="print the result as JSON")
    sol.add_argument("--lang", default=argparse.SUPPRESS, help="language of the output: en or de")
    sol.set_defaults(func=run_solve)


def _positive_int_text(value: str) -> str:
    # Checked (and reported in the reader's language) by the run functions, not by argparse.
    return value


def language_of(args: argparse.Namespace) -> str:
    return inputs.language(getattr(args, "lang", None) or os.environ.get("TUTOR_LANG")
                           or os.environ.get("LANG", "en"))


BadInput = InputError  # the name this module used before tutor.inputs


def _fail(text: Text, lang: str) -> int:
    print(inputs.refusal_line(text, lang), file=sys.stderr)
    return EXIT_BAD_INPUT


def _rules(args: argparse.Namespace) -> Any:
    return get_rules(args.game, args.variant or "")


class _ProgressBar:
    """A one-line progress bar on stderr (only when stderr is a terminal)."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total = max(1, total)
        self.stream = stream or sys.stderr
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last_drawn = -1

    def __call__(self, done: int, wins: int, interval: tuple[float, float]) -> None:
        if not self.enabled:
            return
        percent = 100 * done // self.total
        if percent == self.last_drawn and done != self.total:
            return
        self.last_drawn = percent
        filled = 30 * done // self.total
        rate = wins / done if done else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} "
                          f"{100 * rate:5.1f} % ({100 * interval[0]:.1f}–{100 * interval[1]:.1f})")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def run_simulate(args: argparse.Namespace) -> int:
    lang = language_of(args)
    try:
        rules = _rules(args)
        deals = inputs.whole_number(args.deals, "--deals", 1, MAX_DEALS)
        seed = inputs.whole_number(args.seed, "--seed", 0, inputs.MAX_DEAL)
        workers = None if args.workers is None else inputs.worker_count(args.workers)
        names = strategy_names(rules.game_id)
        if args.strategy not in names:
            raise BadInput(Text("ui", 'there is no strategy "{strategy}" for {game}; choose one of: {choices}',
                                strategy=inputs.shown(args.strategy), game=rules.title, choices=", ".join(names)))
    except BadInput as err:
        return _fail(err.text, lang)
    except TutorError as err:
        return _fail(err.text, lang)

    result = simulate(rules, deals, seed=seed, strategy=args.strategy, progress=_ProgressBar(deals),
                      workers=workers)
    if args.json:
        print(json.dumps(result.as_json()))
    else:
        print(Text("ui", "{game}: {wins} of {games} deals won ({rate} %, 95 % interval {low}–{high} %)",
                   game=rules.variant_name, wins=result.wins, games=result.games,
                   rate=f"{100 * result.rate:.1f}", low=f"{100 * result.ci95[0]:.1f}",
                   high=f"{100 * result.ci95[1]:.1f}").render(lang))
    return EXIT_OK


def run_solve(args: argparse.Namespace) -> int:
    lang = language_of(args)
    try:
        rules = _rules(args)
        timeout = inputs.seconds(args.timeout, "--timeout")
        node_limit = None if args.nodes is None else inputs.whole_number(args.nodes, "--nodes", 1, MAX_NODES)
        if args.deal is not None:
            position = rules.deal(inputs.deal_number(args.deal))
        else:
            position = rules.from_cards(inputs.card_string(args.cards))
    except BadInput as err:
        return _fail(err.text, lang)
    except TutorError as err:
        return _fail(err.text, lang)

    result = solve(position, time_limit=timeout, node_limit=node_limit)
    if args.json:
        print(json.dumps(result.as_json()))
    else:
        verdicts = {"won": Text("ui", "won"), "lost": Text("ui", "lost (every line searched)"),
                    "unknown": Text("ui", "unknown (the search stopped at its limit)")}
        print(Text("ui", "{verdict} – {nodes} positions in {seconds} s",
                   verdict=verdicts[result.result], nodes=result.nodes,
                   seconds=f"{result.seconds:.2f}").render(lang))
        if result.moves:
            print(" ".join(result.moves))
    return EXIT_OK
