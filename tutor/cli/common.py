"""What the subcommands of the ``tutor`` command share: the language, the position the options
name, playing ``--play`` moves, printing JSON (:mod:`tutor.cli.main`, :mod:`tutor.cli.hint`)."""

from __future__ import annotations

import argparse
import json
import os
import re
from collections.abc import Sequence
from typing import Any

from tutor import inputs
from tutor.engine import Position, TutorError, game_ids, get_rules
from tutor.i18n import Text
from tutor.inputs import InputError

DEFAULT_DEAL = 1
GAME_HELP = f"game id: {', '.join(game_ids())}"


def language_of(args: argparse.Namespace) -> str:
    return inputs.language(getattr(args, "lang", None) or os.environ.get("TUTOR_LANG")
                           or os.environ.get("LANG", "en"))


def position_from_args(args: argparse.Namespace) -> Position:
    """The position the options name; raises :class:`TutorError` (bad game, variant or deal)."""
    rules = get_rules(args.game, args.variant)
    if args.cards is not None:
        return rules.from_cards(inputs.card_string(args.cards))
    return rules.deal(DEFAULT_DEAL if args.deal is None else inputs.deal_number(args.deal))


def position_json(pos: Position) -> dict[str, Any]:
    return {
        "game": pos.rules.game_id,
        "variant": pos.rules.variant,
        "deal": pos.deal_number,
        "cards": pos.card_string(),
        "piles": {pile_id: [c.code for c in cards] for pile_id, cards in pos.piles.items()},
        "counters": dict(pos.counters),
    }


_STRING_ARRAY = re.compile(r'\[\s+("[^"\\\]]*"(?:,\s+"[^"\\\]]*")*)\s+\]')


def print_json(data: Any) -> None:
    """Indented JSON with each list of plain strings (a pile's cards) on one line."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    print(_STRING_ARRAY.sub(lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text))


def play_moves(pos: Position, moves: Sequence[str]) -> list[str]:
    """Play ``moves`` in order; an illegal one raises :class:`TutorError` naming it and why."""
    if len(moves) > inputs.MAX_GAME_MOVES:
        raise InputError(Text("ui", "at most {limit} moves can be played at once, not {count}",
                              limit=inputs.MAX_GAME_MOVES, count=len(moves)))
    played = []
    for number, notation in enumerate(moves, start=1):
        try:
            played.append(str(pos.play(inputs.notation(notation))))
        except (TutorError, InputError) as err:
            raise InputError(Text("ui", "move {number} ({move}) cannot be played: {reason}",
                                  number=number, move=inputs.shown(notation), reason=err.text)) from None
    return played
