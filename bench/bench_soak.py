"""Soak: many random games and requests, every check after every move, with throughput and failures.

    python bench/bench_soak.py [--moves N] [--requests N] [--seed S]

* Engine: ``--moves`` random legal moves in all (default 10⁶), shared evenly by every game and
  variant; each game is played from a fresh deal until it is over (won or lost) or reaches the
  move limit of a game. After each move: every card of the deal is still there exactly once
  per pack (card conservation), ``undo`` gives back exactly the position before and ``redo`` the
  one after, and ``is_over`` answers (the lost-game search included).
* Session: ``--requests`` requests (default 20,000) to :class:`tutor.web.protocol.Session` — mostly a
  reader's play (legal and illegal moves, picks, undo, reset, saved games restored), some hostile
  (odd types, huge numbers, bad notation, corrupt saved games). Each must be answered, never
  raise, never say "internal error", and a refusal must be one line that leaves the widget as
  it was.

It prints moves and requests per CPU second, games won / lost / stopped at the limit, and every
failure with an example; the exit status is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.engine import get_rules, iter_variants
from tutor.i18n import LANGUAGES
from tutor.inputs import MAX_GAME_MOVES
from tutor.web.protocol import Session
from tutor.web.widgets.lesson import ScenarioWidget

GAME_CAP = 3000  # moves per soak game; Indian games can wander long (see tutor.engine.position)


def soak_engine(moves: int, seed: int, failures: Counter, examples: dict) -> dict:
    pairs = list(iter_variants())
    share = moves // len(pairs)
    rng = random.Random(seed)
    totals: defaultdict[str, float] = defaultdict(int)  # counts, and the CPU seconds
    start = time.process_time()
    for game, variant in pairs:
        rules = get_rules(game, variant)
        played = 0
        started = time.process_time()
        while played < share:
            deal = rng.getrandbits(64)
            position = rules.deal(deal)
            pack = Counter(card.code for card in position.all_cards())
            in_game = 0
            while played < share and in_game < min(GAME_CAP, MAX_GAME_MOVES):
                if position.is_over():
                    break
                legal = position.legal_moves()
                move = legal[rng.randrange(len(legal))]
                before = position.state_key()
                position.play(move)
                after = position.state_key()
                played += 1
                in_game += 1
                where = f"{game}/{variant or 'base'} deal {deal} move {in_game} ({move})"
                if Counter(card.code for card in position.all_cards()) != pack:
                    failures["cards not conserved"] += 1
                    examples.setdefault("cards not conserved", where)
                position.undo()
                if position.state_key() != before:
                    failures["undo not exact"] += 1
                    examples.setdefault("undo not exact", where)
                position.redo()
                if position.state_key() != after:
                    failures["redo not exact"] += 1
                    examples.setdefault("redo not exact", where)
            outcome = "won" if position.is_won() else "lost" if position.is_lost() else "at the cap"
            if position.is_over() or in_game >= GAME_CAP:
                totals[outcome] += 1
            totals["moves"] += in_game
        seconds = time.process_time() - started
        print(f"  {game}/{variant or 'base'}: {played:,} moves, {played / max(seconds, 1e-9):,.0f} per CPU second",
              flush=True)
    totals["seconds"] = time.process_time() - start
    return totals


SCENARIOS = ["ff-worked-example", "qa-worked-example", "ft-worked-example"]
DEALS = ["deal: fortunes-favour 7", "deal: forty-thieves josephine 3", "deal: queens-audience 11"]
HOSTILE: list[Any] = [10 ** 5000, -1, 2 ** 64, 1.5, float("inf"), True, None, [], {}, [[[[[[[[[]]]]]]]]],
                     "t1-t2x²", "١٢", "\x1b[2J", "\u202e", "x" * 5000, "<script>", "s-w", "t1-f1", "w-s"]


def soak_session(requests: int, seed: int, failures: Counter, examples: dict) -> dict:
    rng = random.Random(seed)
    totals: defaultdict[str, float] = defaultdict(int)  # counts, and the CPU seconds
    session = Session()
    widgets = []
    for index, spec in enumerate([f"scenario: {scenario}" for scenario in SCENARIOS] + DEALS):
        widget = f"w{index}"
        lang = LANGUAGES[index % len(LANGUAGES)]
        assert session.handle({"widget": widget, "action": "open", "spec": spec, "lang": lang})["ok"]
        widgets.append(widget)
    start = time.process_time()
    for _ in range(requests):
        widget = rng.choice(widgets)
        request = reader_request(rng, session, widget) if rng.random() < 0.8 else hostile_request(rng, widget)
        before = session._state_of(widget)
        try:
            text = json.dumps(request) if rng.random() < 0.5 else None
        except ValueError:  # a number too large to write: the page could not send it as JSON
            text = None
        try:
            answer = session.handle(request) if text is None else json.loads(session.handle_json(text))
        except Exception as err:  # counting them is the point
            failures["session exceptions"] += 1
            examples.setdefault(f"session exception {type(err).__name__}", _short(request))
            continue
        totals["requests"] += 1
        message = answer.get("message") or ""
        if "internal error" in message:
            failures["internal errors"] += 1
            examples.setdefault("internal error", f"{message[:100]} ← {_short(request)}")
        if not answer.get("ok"):
            totals["refused"] += 1
            if "\n" in message or not message:
                failures["refusals not one line"] += 1
                examples.setdefault("refusal not one line", _short(request))
            if session._state_of(widget) != before:
                failures["refusals that changed the widget"] += 1
                examples.setdefault("refusal changed the widget", _short(request))
    totals["seconds"] = time.process_time() - start
    return totals


def _short(value) -> str:
    try:
        return repr(value)[:200]
    except ValueError:
        return "<a request with a number too large to show>"


def reader_request(rng: random.Random, session: Session, widget: str) -> dict:
    """What a reader's page would send: mostly legal moves of the game in progress."""
    entry, _ = session.widgets[widget]
    state = entry.state()
    if state.get("kind") != "scenario":
        return {"widget": widget, "action": rng.choice(["next-deal", "previous-deal"])}
    if state["mode"] != "play":
        return {"widget": widget, "action": "try", "track": 0, "frame": rng.randint(0, 3)}
    assert isinstance(entry, ScenarioWidget)  # the one kind whose state says "scenario"
    position = entry.position
    roll = rng.random()
    legal = position.legal_moves()
    if roll < 0.6 and legal and len(state["moves"]) < 400:
        return {"widget": widget, "action": "move", "move": str(rng.choice(legal))}
    if roll < 0.7:
        pile = rng.choice(list(position.piles))
        return {"widget": widget, "action": "pick", "pile": pile}
    if roll < 0.8:
        saved = dict(state)
        saved.pop("kind", None)
        text = json.dumps(saved)
        if rng.random() < 0.5:
            text = text[: rng.randrange(len(text))]  # a save cut off
        return {"widget": widget, "action": "restore", "saved_text": text}
    return {"widget": widget, "action": rng.choice(["undo", "undo", "reset", "legal", "guide"])}


def hostile_request(rng: random.Random, widget: str) -> dict:
    request = {"widget": widget if rng.random() < 0.9 else rng.choice(HOSTILE),
               "action": rng.choice(["move", "pick", "try", "restore", "undo", "bogus", rng.choice(HOSTILE)])}
    for field in ("move", "pile", "card", "track", "frame", "saved", "saved_text", "lang"):
        if rng.random() < 0.3:
            request[field] = rng.choice(HOSTILE)
    return request


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20261203)
    args = parser.parse_args()
    failures: Counter = Counter()
    examples: dict = {}
    engine = soak_engine(args.moves, args.seed, failures, examples)
    print(f"engine: {engine['moves']:,} random moves over {len(list(iter_variants()))} games and variants, "
          f"each checked (cards, undo, redo, over) — {engine['moves'] / engine['seconds']:,.0f} moves per CPU second; "
          f"games won {engine['won']:,}, lost {engine['lost']:,}, "
          f"stopped at {GAME_CAP:,} moves {engine['at the cap']:,}")
    session = soak_session(args.requests, args.seed, failures, examples)
    print(f"session: {session['requests']:,} requests ({session['refused']:,} refused) — "
          f"{session['requests'] / session['seconds']:,.0f} requests per CPU second")
    if failures:
        print("FAILURES:", ", ".join(f"{kind} {count}" for kind, count in failures.items()))
        for kind, example in examples.items():
            print(f"  {kind}: {example}")
        return 1
    print("failures: 0")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
