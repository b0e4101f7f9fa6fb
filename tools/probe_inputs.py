"""A hostile user's probe of everything a user gives the tutor (issue 14), with counts.

    .venv/bin/python tools/probe_inputs.py [--cases N] [--seed S]

It drives, in this process (fast, and every escaping exception is seen):

* the ``tutor`` command with generated command lines (odd digits, huge numbers, control
  characters, escape sequences, long strings, bad options) and piped input for ``tutor play``
  (invalid UTF-8, odd digits, long lines), under a strict UTF-8 standard input and an ASCII or
  Latin-1 standard output; ``simulate`` and ``solve`` are replaced by recorders, so the probe
  checks the limits they are called with (workers, deals, timeout, nodes) without running them;
* ``Session.handle`` and ``Session.handle_json`` with generated requests (deep nesting, huge
  numbers, odd types, bad notation, hostile widget ids) and corrupt saved games.

It prints the counts: tracebacks (an exception escaping ``tutor.cli.main.main``), multi-line or raw
refusals (exit 2 with more than one line, or with a control character in it), unbounded calls
(``simulate``/``solve`` called beyond the stated limits), exceptions escaping the session,
"internal error" answers, and unescaped ids in the HTML. A timeout per case (SIGALRM) counts as
a hang.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import signal
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.cli import main as cli
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES
from tutor.web.protocol import Session

CASE_SECONDS = 5

ODD = ["²", "١٢", "１２", "1_000", "18446744073709551616", "9" * 5000, "-1", "", " ", "1e3", "nan", "inf",
       "-inf", "1e300", "0x10", "+5", "٣", "\x1b[31mred", "a\nb", "a\rb", "\u202egnp", "\x00", "\udcff", "'",
       "\"", "<script>alert(1)</script>", "x" * 3000, "7\n", "0", "1", "3", "64", "1000000000000", "2.5",
       "t1-t2x²", "t1-t2x99999999999999999999", "t3-f1", "s-w", "w-s", "t1-t2", "r1+r2-k1", "t1--t2",
       "T1-F1", "ä1-t2", "t1-t2x0", "t1-t2x" + "9" * 5000, "-", "+", "x", "t1-", "-t1", "ß", "€", "👍",
       *LANGUAGES, "fr", "de-DE", "xx" * 100, "\t", "Z" * 100]
GAMES = [*game_ids(), "chess", "", "\x1b[2J", game_ids()[-1] + "\n"]
VARIANTS = ["", "busy-aces", "josephine", "kings-only", "one-redeal", "nope", "\x1b]0;x\x07", "base"]
CARD_STRINGS = ["", "AS", "AS " * 60, "ZZ", "AS\nKS", "🂡", "10S 2C", "as ks", "A♠"]


def pick(rng: random.Random, choices: list) -> str:
    return rng.choice(choices)


def command_line(rng: random.Random) -> list[str]:
    command = rng.choice(["deal", "moves", "play", "simulate", "solve", "bogus", ""])
    argv = [command, pick(rng, GAMES if rng.random() < 0.5 else game_ids())]
    options = {
        "deal": ["--deal", "--cards", "--variant", "--lang", "--json"],
        "moves": ["--deal", "--cards", "--variant", "--lang", "--json", "--play"],
        "play": ["--deal", "--cards", "--variant", "--lang"],
        "simulate": ["--deals", "--seed", "--strategy", "--workers", "--variant", "--lang", "--json"],
        "solve": ["--deal", "--cards", "--timeout", "--nodes", "--variant", "--lang", "--json"],
    }.get(command, ["--deal", "--what"])
    for _ in range(rng.randint(0, 4)):
        option = rng.choice(options)
        if option == "--json":
            argv.append(option)
        elif option == "--cards":
            argv += [option, pick(rng, CARD_STRINGS)]
        elif option == "--variant":
            argv += [option, pick(rng, VARIANTS)]
        else:
            argv += [option, pick(rng, ODD)]
    if rng.random() < 0.1:
        argv.insert(0, "--lang")
        argv.insert(1, pick(rng, ODD))
    return argv


def stdin_bytes(rng: random.Random) -> bytes:
    lines = []
    for _ in range(rng.randint(1, 6)):
        choice = rng.random()
        if choice < 0.2:
            lines.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))))
        elif choice < 0.3:
            lines.append(b"\xff\xfe\xc3")
        else:
            lines.append(pick(rng, ODD + ["moves", "undo", "redo", "help", "1", "2", "s-w", "züge"]).encode(
                "utf-8", "surrogateescape"))
    return b"\n".join(lines) + b"\n"


class KeptBytes(io.BytesIO):
    """Bytes that stay readable after the text layer above them is closed."""

    def close(self) -> None:
        pass


def recorders(counts: dict) -> contextlib.ExitStack:
    import tutor.analysis.simulate
    import tutor.analysis.solve
    import tutor.cli.solve

    stack = contextlib.ExitStack()
    cpus = os.cpu_count() or 1

    def fake_simulate(rules, deals, seed=0, strategy="tips", progress=None, workers=None, **_):
        if deals > 10_000_000 or (workers is not None and workers > cpus):
            counts["unbounded calls"] += 1
        from tutor.analysis.simulate import SimulationResult
        return SimulationResult(rules.game_id, rules.variant, strategy, seed, 1, 0)

    def fake_solve(position, time_limit=10, node_limit=None, **_):
        if time_limit > 3600 or (node_limit is not None and node_limit > 10**9):
            counts["unbounded calls"] += 1
        from tutor.analysis.solve import SolveResult
        return SolveResult("unknown", [], 0, 0.0)

    # (setattr by name: the fakes stand in for the functions, which a type checker would not let them)
    # where they are defined and where the command calls them (tutor.cli.solve imports them by name)
    for module, name, fake in ((tutor.analysis.simulate, "simulate", fake_simulate),
                               (tutor.analysis.solve, "solve", fake_solve),
                               (tutor.cli.solve, "simulate", fake_simulate), (tutor.cli.solve, "solve", fake_solve)):
        old = getattr(module, name)
        setattr(module, name, fake)
        stack.callback(setattr, module, name, old)
    return stack


def _alarm(signum, frame):
    raise TimeoutError("probe case took too long")


def run_cli(argv: list[str], data: bytes | None, out_encoding: str, counts: dict, examples: dict) -> None:
    out_buffer, err_buffer = KeptBytes(), KeptBytes()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(data or b""), encoding="utf-8", errors="strict")
    sys.stdout = io.TextIOWrapper(out_buffer, encoding=out_encoding, errors="strict")
    sys.stderr = io.TextIOWrapper(err_buffer, encoding=out_encoding, errors="strict")
    signal.alarm(CASE_SECONDS)
    code: str | int | None = None  # SystemExit's code may be any of them
    try:
        code = cli.main(argv)
    except SystemExit as done:
        code = done.code
    except BaseException as err:  # counting them is the point
        kind = "hangs" if isinstance(err, TimeoutError) else "tracebacks"
        counts[kind] += 1
        examples.setdefault(f"{kind}: {type(err).__name__}", (argv, data, out_encoding))
    finally:
        signal.alarm(0)
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:  # a stream the case broke; the streams are put back below
            pass
        sys.stdin, sys.stdout, sys.stderr = old
    err_text = err_buffer.getvalue().decode(out_encoding, "replace")
    if code == 2:
        lines = err_text.rstrip("\n").split("\n")
        if len(lines) != 1:
            counts["multi-line refusals"] += 1
            examples.setdefault("multi-line refusal", (argv, err_text[:300]))
        if any(ord(ch) < 32 or 0x7f <= ord(ch) < 0xa0 or ch in "\u202e\u202d\u2066\u2067\u2068" for ch in
               err_text.rstrip("\n")):
            counts["raw refusals"] += 1
            examples.setdefault("raw refusal", (argv, err_text[:300]))
    counts["command lines"] += 1


def probe_cli(rng: random.Random, cases: int, counts: dict, examples: dict) -> None:
    with recorders(counts):
        for _ in range(cases):
            argv = command_line(rng)
            data = stdin_bytes(rng) if argv and argv[0] == "play" else None
            run_cli(argv, data, rng.choice(["utf-8", "ascii", "latin-1"]), counts, examples)


def hostile(rng: random.Random, depth: int = 0):
    choice = rng.random()
    if choice < 0.15 and depth < 3:
        return {pick(rng, ["widget", "action", "lang", "spec", "move", "pile", "saved", "x"]): hostile(rng, depth + 1)
                for _ in range(rng.randint(0, 3))}
    if choice < 0.25 and depth < 3:
        return [hostile(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if choice < 0.35:
        return rng.choice([10**5000, -1, 0, 2**64, 1.5, float("inf"), True, None])
    return pick(rng, ODD)


SPECS = ["deal: fortunes-favour 1", "deal: forty-thieves josephine 3", "scenario: ft-worked-example",
         "scenario: qa-worked-example", "scenario: ff-worked-example", "deal: fortunes-favour ²",
         "deal: fortunes-favour 18446744073709551615", "deal: fortunes-favour 18446744073709551616",
         "claim: nope", "picture: ff-setup", "deal: queens-audience 1_000"]
ACTIONS = ["open", "try", "pick", "move", "legal", "hint", "undo", "reset", "guide", "restore", "next-deal",
           "previous-deal", "continue", "check", "stop", "bogus"]


def probe_session(rng: random.Random, cases: int, counts: dict, examples: dict) -> None:
    session = Session()
    for index in range(cases):
        if index % 50 == 0:
            session = Session()
        request = {"widget": rng.choice(["w", "tutor-1", hostile(rng), 'w"><script>alert(1)</script>',
                                         "w'/><x", "w&amp;"]) if rng.random() < 0.3 else "w",
                   "action": (("open" if rng.random() < 0.15 else rng.choice(ACTIONS)) if rng.random() < 0.9
                              else hostile(rng)),
                   "lang": rng.choice([*LANGUAGES, hostile(rng)])}
        if request["action"] == "open":
            request["spec"] = rng.choice(SPECS) if rng.random() < 0.8 else hostile(rng)
        for field in ("move", "pile", "card", "track", "frame", "saved"):
            if rng.random() < 0.3:
                request[field] = hostile(rng)
        if request["action"] == "move" and rng.random() < 0.5:
            request["move"] = pick(rng, ODD)
        if request["action"] == "try":
            request["track"], request["frame"] = 0, rng.randint(0, 3)
        if request["action"] == "restore" and rng.random() < 0.7:
            request["saved"] = corrupt_saved(rng)
            if rng.random() < 0.5:  # as the page sends it: the stored text, cut off or not
                try:
                    text = json.dumps(request.pop("saved"))
                except (ValueError, TypeError, RecursionError):
                    text = "[" * 20000 + "]" * 20000
                request["saved_text"] = text[: rng.randint(0, len(text))] if rng.random() < 0.5 else text
        check_answer(partial(session.handle, request), request, counts, examples)
        if rng.random() < 0.2:
            try:
                text = json.dumps(request)
            except (ValueError, TypeError, RecursionError):
                continue
            check_answer(partial(answer_json, session, text), text, counts, examples)
    for text in ["[" * 2000 + "]" * 2000, "{" * 50000, '{"widget": "w", "action": ' + "[" * 100000 + "]" * 100000 + "}",
                 "null", "", "\x00", '{"widget": "w"}', "1" * 10000, '"' + "x" * 100000 + '"']:
        check_answer(partial(answer_json, session, text), text[:40], counts, examples)
    huge_requests: list[dict] = [{"widget": "w", "lang": 10**5000}, {"widget": 10**5000},
                                 {"widget": "w", "action": 10**5000}]
    for request in huge_requests:
        check_answer(partial(session.handle, request), "huge", counts, examples)


def answer_json(session, text: str):
    return json.loads(session.handle_json(text))


def corrupt_saved(rng: random.Random):
    deep: list = []
    for _ in range(rng.choice([10, 3000, 20000])):
        deep = [deep]
    return rng.choice([
        {"scenario": "ft-worked-example", "mode": "play", "track": 0, "frame": 0, "moves": deep},
        {"scenario": "ft-worked-example", "mode": "play", "track": 0, "frame": 0, "moves": ["t1-t2x²"]},
        {"scenario": "ft-worked-example", "mode": "play", "track": 10**5000, "frame": 0, "moves": []},
        {"scenario": "ft-worked-example", "mode": "play", "track": 0, "frame": 0, "moves": [10**5000]},
        {"scenario": "ft-worked-example", "mode": "play", "track": 0, "frame": 0, "moves": ["x" * 100000]},
        {"scenario": "ft-worked-example", "mode": "play", "track": True, "frame": False, "moves": []},
        {"scenario": hostile(rng), "moves": hostile(rng)},
        hostile(rng),
    ])


def _short(value) -> str:
    try:
        return repr(value)[:200]
    except ValueError:
        return "<a value too large to show>"


def check_answer(call, request, counts: dict, examples: dict) -> None:
    counts["engine requests"] += 1
    signal.alarm(CASE_SECONDS)
    try:
        answer = call()
    except BaseException as err:  # counting them is the point
        kind = "hangs" if isinstance(err, TimeoutError) else "session exceptions"
        counts[kind] += 1
        examples.setdefault(f"{kind}: {type(err).__name__}", _short(request))
        return
    finally:
        signal.alarm(0)
    message = answer.get("message") or ""
    if "internal error" in message:
        counts["internal errors"] += 1
        examples.setdefault(f"internal error: {message[:80]}", _short(request))
    html = answer.get("html") or ""
    widget = request.get("widget") if isinstance(request, dict) else None
    raw_id = isinstance(widget, str) and any(ch in widget for ch in "<>\"'&") and widget in html
    if "<script" in html or raw_id:
        counts["unescaped html"] += 1
        examples.setdefault("unescaped html", _short(request))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3000, help="command lines and engine requests each")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(args.seed)
    counts = {key: 0 for key in ("command lines", "engine requests", "tracebacks", "multi-line refusals",
                                  "raw refusals", "unbounded calls", "hangs", "session exceptions",
                                  "internal errors", "unescaped html")}
    examples: dict = {}
    started = time.perf_counter()
    probe_cli(rng, args.cases, counts, examples)
    probe_session(rng, args.cases, counts, examples)
    for key, value in counts.items():
        print(f"{key:>22}: {value}")
    print(f"{'seconds':>22}: {time.perf_counter() - started:.1f}")
    for key, value in list(examples.items())[:30]:
        print(f"  e.g. {key}: {value!r}"[:400])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
