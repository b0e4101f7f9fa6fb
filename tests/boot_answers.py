# Run inside each interpreter (host CPython, and Pyodide booted plain / from .pyc / from a snapshot):
# its last expression is a JSON string of answers that must agree everywhere. It imports only what
# the engine imports (the .pyc boots use the standard library trimmed to that).
import json
import random
import sys


def _answers() -> dict:
    from tutor.cards import ordered_pack, shuffled

    answers: dict = {"deal1": [card.code for card in shuffled(ordered_pack(), 1)]}
    try:
        from tutor.engine import game_ids, get_rules
        from tutor.web.render import board_svg

        for game in game_ids():
            layout = get_rules(game).deal(1).layout()
            answers[game] = [[view.id, [card.code for card in view.cards]] for view in layout]
            svg = board_svg(layout, "de", title=game)
            answers[game + ":svg-de"] = svg  # whole: the trimmed standard library has no hashlib
    except Exception as error:  # engine parts still being written: recorded, compared as they are
        answers["engine-error"] = type(error).__name__
    # Each interpreter seeds random from its own entropy, so two of them must not agree here.
    answers["random"] = random.random()
    answers["tutor-modules"] = sorted(m for m in sys.modules if m.split(".")[0] == "tutor")
    return answers


json.dumps(_answers())
