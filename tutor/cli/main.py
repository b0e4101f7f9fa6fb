"""The ``tutor`` command (also ``python -m tutor``).

    tutor deal  GAME [--variant V] [--deal N | --cards "…"] [--lang de|en] [--json]
    tutor moves GAME [--variant V] [--deal N | --cards "…"] [--play MOVE …] [--lang de|en] [--json]
    tutor play  GAME [--variant V] [--deal N | --cards "…"] [--lang de|en] [--coach]
    tutor simulate … / tutor solve …   (see tutor/cli/solve.py)
    tutor lessons [GAME] [--json] [--check]   (see tutor/cli/lessons.py)
    tutor review …                     (see tutor/cli/review.py)
    tutor hint  GAME (--deal N | --cards "…") [--variant V] [--play MOVE …] [--json]   (tutor/cli/hint.py)

GAME is a game id (``tutor deal --help`` lists them); without ``--deal`` or ``--cards`` the deal is
number 1. The language is ``--lang``, else the ``TUTOR_LANG`` or ``LANG``
environment variable, else English.

``deal --json`` prints one object::

    {"game": "fortunes-favour", "variant": "", "deal": 1,     # deal is null for --cards
     "cards": "7D 9C …",          # the card string that reproduces the deal
     "piles": {"f1": ["AC"], "t1": ["7D"], "s": [...], "w": [], …},   # every pile, bottom card first
     "counters": {"passes": 1}}

``moves --json`` prints the same object for the position after the ``--play`` moves, plus
``"played": ["t3-f1", …]`` (the moves as the engine wrote them), ``"moves": [{"move": "t1-t5",
"text": "Move 4♦ from pile 3 onto 5♦ on pile 11"}, …]`` (every legal move with its sentence in the
chosen language), ``"won"`` and ``"lost"``.

``play`` reads moves from standard input (works when piped; ends cleanly at end of input): a move in
the notation (``t3-f1``), the number of a move from the ``moves`` listing, or ``moves``, ``undo``,
``redo``, ``help``, ``quit`` (German: ``züge``, ``zurück``, ``vor``, ``hilfe``, ``ende``).

Exit codes: 0 done, 2 bad input (unknown game or variant, bad card string or deal number, illegal
``--play`` move, bad option), with one line on standard error in the chosen language, the
offending input escaped and shortened; never a traceback. Every value is checked by
:mod:`tutor.inputs` (ASCII digits, the deal shuffle's range, stated upper limits); standard input
is read as UTF-8, a line that is not is refused and the next one read; what the terminal's
encoding cannot show is written plainly (``–`` as ``-``), never a ``UnicodeEncodeError``.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from tutor import inputs
from tutor.analysis.coach import remark_for
from tutor.cli import hint as cli_hint
from tutor.cli import lessons as cli_lessons
from tutor.cli import review as cli_review
from tutor.cli import solve as cli_solve
from tutor.cli.common import (
    DEFAULT_DEAL,
    GAME_HELP,
    language_of,
    play_moves,
    position_from_args,
    position_json,
    print_json,
)
from tutor.engine import PileView, Position, TutorError, game_ids
from tutor.errors import UsageError
from tutor.glossary import variant_names
from tutor.i18n import Text, card_short
from tutor.inputs import InputError, one_line, refusal_line

EXIT_OK = 0
EXIT_BAD_INPUT = 2
CELL_WIDTH = 6  # terminal characters per card width in the drawing

_ARGPARSE_PROBLEMS = [
    (re.compile(r"unrecognized arguments: (.*)", re.S), "unknown"),
    (re.compile(r"the following arguments are required: (.*)", re.S), "required"),
    (re.compile(r"argument (\S+): expected one argument", re.S), "value"),
    (re.compile(r"argument (\S+): expected at least one argument", re.S), "value"),
    (re.compile(r"argument (\S+): not allowed with argument (\S+)", re.S), "together"),
    (re.compile(r"argument \S+: invalid choice: '(.*?)' \(choose from (.*)\)", re.S), "choice"),
    (re.compile(r"ambiguous option: (\S+)", re.S), "ambiguous"),
    (re.compile(r"one of the arguments (.*) is required", re.S), "one-of"),
]


def usage_text(message: str, prog: str) -> Text:
    """argparse's (English) complaint as one of our sentences, in the reader's language."""
    for pattern, kind in _ARGPARSE_PROBLEMS:
        match = pattern.match(message)
        if not match:
            continue
        first = inputs.shown(match.group(1).split(" ")[0] if kind == "unknown" else match.group(1))
        if kind == "unknown":
            return Text("ui", '{command}: there is no option or argument "{option}" here; see {command} --help',
                        command=prog, option=first)
        if kind == "required":
            return Text("ui", "{command}: this is missing: {what}; see {command} --help", command=prog, what=first)
        if kind == "value":
            return Text("ui", "{command}: {option} needs a value; see {command} --help", command=prog, option=first)
        if kind == "together":
            return Text("ui", "{command}: {option} and {other} cannot be used together", command=prog,
                        option=first, other=inputs.shown(match.group(2)))
        if kind == "one-of":
            return Text("ui", "{command}: this is missing: one of {options}; see {command} --help", command=prog,
                        options=inputs.shown(match.group(1).replace(" ", ", ")))
        if kind == "choice":
            return Text("ui", '{command}: there is no command "{option}"; choose one of: {choices}', command=prog,
                        option=first, choices=match.group(2).replace("'", ""))
        return Text("ui", '{command}: "{option}" is short for more than one option; write it out', command=prog,
                    option=first)
    return Text("ui", "{command}: the command line cannot be read ({problem}); see {command} --help",
                command=prog, problem=inputs.shown(message, 80))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(usage_text(message, self.prog))


def _variant_list() -> str:
    """Every game's variants by id, each with its name as the pages print it (``busy-aces (Busy Aces)``)."""

    games = []
    for game in game_ids():
        named = ", ".join(f"{variant} ({name})" for variant, name in variant_names(game, "en").items() if variant)
        games.append(f"{game}: {named}")
    return "; ".join(games)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tutor", description="Patience games: deals, moves, play, solver and simulator.")
    parser.add_argument("--lang", default=None, help="language of the output: en or de")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    subparsers.required = True

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = subparsers.add_parser(name, help=help_text)
        sub.add_argument("game", help=GAME_HELP)
        sub.add_argument("--variant", default="", help=f"variant id (default: the base game): {_variant_list()}")
        which = sub.add_mutually_exclusive_group()
        which.add_argument("--deal", default=None, help=f"deal number (default {DEFAULT_DEAL})")
        which.add_argument("--cards", default=None, help="the deal as a card string")
        sub.add_argument("--lang", default=argparse.SUPPRESS, help="language of the output: en or de")
        return sub

    deal = game_command("deal", "show a deal")
    deal.add_argument("--json", action="store_true", help="print the deal as JSON")
    deal.set_defaults(func=run_deal)

    moves = game_command("moves", "list the legal moves (after playing some)")
    moves.add_argument("--play", action="extend", nargs="+", default=[], metavar="MOVE",
                       help="moves to play first, in the notation (t3-f1, s-w, …)")
    moves.add_argument("--json", action="store_true", help="print the moves as JSON")
    moves.set_defaults(func=run_moves)

    play = game_command("play", "play a whole game in the terminal")
    play.add_argument("--coach", action="store_true",
                      help="after each move, say which of the page's beginner tips it went against")
    play.set_defaults(func=run_play)

    cli_solve.register(subparsers)
    cli_lessons.register(subparsers)
    cli_review.register(subparsers)
    cli_hint.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    inputs.install_plain_output()
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as err:
        print(one_line(err.text.render(_language_in(argv))), file=sys.stderr)
        return EXIT_BAD_INPUT
    lang = language_of(args)
    try:
        return int(args.func(args) or EXIT_OK)
    except (TutorError, InputError) as err:
        print(refusal_line(err.text, lang), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader closed the pipe (`tutor deal … | head`): nothing left to say
        sys.stderr.close()
        return EXIT_OK


def _language_in(argv: Sequence[str]) -> str:
    """The language a command line asks for, read before argparse has understood it."""
    for index, word in enumerate(argv):
        if isinstance(word, str) and word.startswith("--lang="):
            return inputs.language(word.partition("=")[2])
        if word == "--lang" and index + 1 < len(argv):
            return inputs.language(argv[index + 1])
    return language_of(argparse.Namespace())


# --- deal ------------------------------------------------------------------------------------
def run_deal(args: argparse.Namespace) -> int:
    pos = position_from_args(args)
    if args.json:
        print_json(position_json(pos))
    else:
        print(draw(pos, language_of(args)))
    return EXIT_OK


# --- moves -----------------------------------------------------------------------------------
def run_moves(args: argparse.Namespace) -> int:
    lang = language_of(args)
    pos = position_from_args(args)
    played = play_moves(pos, args.play)
    legal = pos.legal_moves()
    if args.json:
        data = position_json(pos)
        data["played"] = played
        data["moves"] = [{"move": str(m), "text": pos.describe(m).render(lang)} for m in legal]
        data["won"] = pos.is_won()
        data["lost"] = pos.is_lost()
        print_json(data)
        return EXIT_OK
    print(draw(pos, lang))
    print()
    print(moves_listing(pos, legal, lang))
    return EXIT_OK


def moves_listing(pos: Position, legal: Sequence[Any], lang: str) -> str:
    if not legal:
        return Text("ui", "No move is left.").render(lang)
    width = max(len(str(m)) for m in legal)
    lines = [Text("ui", "Legal moves:").render(lang)]
    for number, move in enumerate(legal, start=1):
        lines.append(f"{number:>3}. {str(move):<{width}}  {pos.describe(move).render(lang)}")
    return "\n".join(lines)


# --- drawing a position in the terminal ---------------------------------------------------------
def _cell_lines(view: PileView, lang: str) -> list[str]:
    """A pile as lines of text: its id (with the card count where cards are hidden), then cards."""
    cards = view.cards
    head = view.id
    if view.kind == "stock" or (view.fan == "none" and len(cards) > 1):
        head = f"{view.id}:{len(cards)}"
    if not cards:
        return [head, "··"]
    if view.face_down >= len(cards):
        return [head, "▒▒"]
    shown = [card_short(c, lang) for c in cards[view.face_down:]]
    if view.fan == "down":
        return [head, *shown]
    if view.fan == "right":
        return [head, " ".join(shown)]
    return [head, shown[-1]]


def draw(pos: Position, lang: str) -> str:
    """The position as text, following ``layout()``: piles that lie at about the same height share a
    band of lines; a band is as tall as its tallest pile, so spread piles never overlap."""
    views = pos.layout()
    bands: dict[float, list[PileView]] = {}
    for view in views:
        bands.setdefault(round(view.y * 2) / 2, []).append(view)
    lines: list[str] = [_title_line(pos, lang)]
    for _, band in sorted(bands.items()):
        band.sort(key=lambda v: v.x)
        cells = [(round(v.x * CELL_WIDTH), _cell_lines(v, lang)) for v in band]
        height = max(len(c) for _, c in cells)
        for row in range(height):
            text = ""
            for index, (column, cell) in enumerate(cells):
                if row >= len(cell):
                    continue
                limit = cells[index + 1][0] - column - 1 if index + 1 < len(cells) else 99
                text = text.ljust(column) + cell[row][:max(limit, 2)] + " "
            lines.append(text.rstrip())
    lines.append(_legend_line(views, lang))
    lines.append(_status_line(pos, lang))
    return "\n".join(lines)


def _title_line(pos: Position, lang: str) -> str:
    name = pos.rules.title.render(lang)
    if pos.rules.variant:
        name = f"{name} ({pos.rules.variant_name.render(lang)})"
    if pos.deal_number is not None:
        return Text("ui", "{game} – deal {number}", game=name, number=pos.deal_number).render(lang)
    return name


def _legend_line(views: Sequence[PileView], lang: str) -> str:
    groups: dict[str, list[str]] = {}
    for view in views:
        label = view.label.render(lang) if view.label is not None else view.kind
        # a label that numbers its pile ("Column 3", "Foundation 4, spades") names the group
        # without the number and what follows it
        groups.setdefault(re.sub(r"\s*\d+(?:,.*)?$", "", label), []).append(view.id)
    parts = []
    for label, ids in groups.items():
        parts.append(f"{label} {ids[0]}" + (f"–{ids[-1]}" if len(ids) > 1 else ""))
    return " · ".join(parts)


def _status_line(pos: Position, lang: str) -> str:
    if pos.is_won():
        return Text("ui", "Won: every card is home.").render(lang)
    if pos.is_lost():
        if pos.legal_moves():
            return Text("ui", "Lost: the moves left only shift cards to and fro.").render(lang)
        return Text("ui", "Lost: no move is left.").render(lang)
    parts = [f"{view.label.render(lang)} {len(view.cards)}" for view in pos.layout()
             if view.kind in ("stock", "waste") and view.label is not None]
    parts.append(Text("ui", "pass {passes}", passes=pos.counters.get("passes", 1)).render(lang))
    return " · ".join(parts)


# --- play ------------------------------------------------------------------------------------
COMMANDS = {
    "moves": ("moves", "züge", "zuege", "m", "?"),
    "undo": ("undo", "zurück", "zurueck", "u"),
    "redo": ("redo", "vor", "r"),
    "help": ("help", "hilfe", "h"),
    "quit": ("quit", "exit", "ende", "q"),
}
_COMMAND_OF = {word: name for name, words in COMMANDS.items() for word in words}


def help_text(lang: str) -> str:
    return Text("ui", "Type a move such as t3-f1 (or s-w to turn the stock), the number of a move from the "
                      "list, or: moves (list the legal moves), undo, redo, help, quit.").render(lang)


def run_play(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    lang = language_of(args)
    pos = position_from_args(args)
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    prompt = Text("ui", "Your move (moves, undo, redo, help, quit): ").render(lang)

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    say(draw(pos, lang))
    say(help_text(lang))
    lines = inputs.read_lines(inp)
    while True:
        out.write(prompt)
        out.flush()
        line = next(lines, None)
        if line is None:  # end of input
            say("")
            return EXIT_OK
        if isinstance(line, InputError):
            say(one_line(line.message(lang)))
            continue
        entry = line.strip()
        if not _is_terminal(inp):
            say(one_line(entry))  # piped input: show what was read, so the transcript reads like a session
        if not entry:
            continue
        command = _COMMAND_OF.get(entry.lower())
        if command == "quit":
            return EXIT_OK
        if command == "help":
            say(help_text(lang))
            continue
        if command == "moves":
            say(moves_listing(pos, pos.legal_moves(), lang))
            continue
        if command in ("undo", "redo"):
            done = pos.undo() if command == "undo" else pos.redo()
            if done is None:
                say(Text("ui", "Nothing to undo.").render(lang) if command == "undo"
                    else Text("ui", "Nothing to redo.").render(lang))
                continue
            say(draw(pos, lang))
            continue
        move_text = entry
        if entry.isdigit():  # any script's digits: the number of a listed move, if it is one
            legal = pos.legal_moves()
            index = int(entry) - 1 if entry.isascii() and len(entry) <= 6 else -1
            if not 0 <= index < len(legal):
                say(Text("ui", "There is no move number {number}: type moves for the list.",
                         number=inputs.shown(entry)).render(lang))
                continue
            move_text = str(legal[index])
        before = pos.copy() if getattr(args, "coach", False) else None
        try:
            sentences = pos.play_narrated(inputs.notation(move_text))
        except (TutorError, InputError) as err:
            say(one_line(err.message(lang)))
            _say_coach(before, move_text, lang, say)
            continue
        say(" ".join(_sentence(t.render(lang)) for t in sentences))
        _say_coach(before, move_text, lang, say)
        say(draw(pos, lang))
        if pos.is_won():
            say(Text("ui", "Congratulations, you won!").render(lang))
            return EXIT_OK


def _say_coach(before: Position | None, move_text: str, lang: str, say: Any) -> None:
    """``--coach``: the coach's remark on the move just made or tried (see tutor.analysis.coach)."""
    if before is None:
        return

    remark = remark_for(before, move_text)
    if remark is not None:
        say(Text("ui", "Coach: {remark}", remark=remark.full_text()).render(lang))


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."
