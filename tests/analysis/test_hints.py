"""Hints (tutor/analysis/hints.py): a legal next move with a reason, from the solver when it finds a win in
time and the reader asked for a computer that knows the stock, else from the player who follows the
tips (who sees only the face-up cards)."""

from __future__ import annotations

from tutor.analysis.hints import hint
from tutor.engine import get_rules
from tutor.engine.contract import tips_of
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES


def test_hint_from_the_solver_starts_a_winning_line():
    position = get_rules("fortunes-favour").deal(5)
    found = hint(position, time_limit=5, knows_stock=True)
    assert found is not None and found.source == "solver"
    assert found.move == found.winning_line[0]
    replay = position.copy()
    for move in found.winning_line:
        replay.play(move)
    assert replay.is_won()
    assert found.explanation.render("en") and found.explanation.render("de")


def test_forty_thieves_hint_is_the_expert_players_and_says_what_it_achieves():
    position = get_rules("forty-thieves").deal(1)
    found = hint(position, time_limit=0.01, node_limit=10)
    assert found is not None and found.source == "expert"
    assert position.is_legal(found.move)
    text = found.explanation.render("en")
    assert text.startswith(position.describe(found.move).render("en"))
    assert found.kind and found.winning_line is None
    assert found.as_json("de")["move"] == found.move and found.as_json("de")["kind"] == found.kind


def test_forty_thieves_hint_from_the_solver_when_the_reader_asks_for_it():
    position = get_rules("forty-thieves").deal(2)  # the solver wins deal 2 in a few thousand positions
    found = hint(position, time_limit=30, knows_stock=True)
    assert found is not None and found.source == "solver"
    replay = position.copy()
    for move in found.winning_line:
        replay.play(move)
    assert replay.is_won()
    assert "knows the order of the face-down cards" in found.explanation.render("en")


def test_no_hint_when_the_game_is_over():
    position = get_rules("queens-audience").deal(0)
    while position.legal_moves():
        position.play(position.legal_moves()[0])
    assert hint(position) is None


def test_every_reason_the_tips_players_give_has_words():
    import inspect
    import re

    from tutor.engine.registry import game_ids

    for game in game_ids():
        player = tips_of(game).tips_player
        keys = set(re.findall(r'move, "([a-z-]+)"', inspect.getsource(player)))
        if game == "forty-thieves":  # its players name their reasons in their own modules
            from tutor.games.forty_thieves import seed_player, tip_player

            keys = set(tip_player.REASON_TIP) | set(re.findall(r'move, "([a-z-]+)"', inspect.getsource(seed_player)))
        assert keys and keys <= set(tips_of(game).REASONS), (game, keys - set(tips_of(game).REASONS))


def test_a_hint_never_uses_the_order_of_the_face_down_stock():
    """Issue 10: a hint uses only what the player can see. Two positions that differ only in the
    order of the face-down stock get the same hint."""
    for game in game_ids():
        rules = get_rules(game)
        for deal in range(6):
            position = rules.deal(deal)
            other = position.copy()
            other.piles["s"] = list(reversed(position.piles["s"]))
            other._bind()
            assert position.state_key() != other.state_key()
            first, second = hint(position, time_limit=1), hint(other, time_limit=1)
            assert first.source == second.source == ("expert" if game == "forty-thieves" else "tips")
            assert first.move == second.move, (game, deal)
            assert first.explanation.render("en") == second.explanation.render("en")


def reason_sentences(game: str) -> list[tuple[str, object]]:
    """Every sentence a game's reasons make: the fixed ones, and those made from a position (a
    reason that is a function) for every variant's deals 0–3 after a few moves, with every legal move."""
    from tutor.engine import iter_variants

    found = []
    for key, reason in tips_of(game).REASONS.items():
        if not callable(reason):
            found.append((key, reason))
            continue
        for game_id, variant in iter_variants():
            if game_id != game:
                continue
            for deal in range(4):
                position = get_rules(game, variant).deal(deal)
                for _ in range(8):
                    moves = position.legal_moves()
                    if not moves:
                        break
                    found += [(key, reason(position, str(move))) for move in moves]
                    position.play(moves[-1])
    return found


def test_a_hint_names_the_tip_or_rule_in_sentences():
    import re

    from tutor.analysis.hints import tip_of

    for game in game_ids():
        sentences = reason_sentences(game)
        assert len({s.msgid for _, s in sentences}) >= len(tips_of(game).REASONS)
        for key, reason in sentences:
            for lang in LANGUAGES:
                text = reason.render(lang)
                assert text[:1].isupper() and text.endswith("."), (game, key, lang, text)
                assert text.count(":") <= 1, (game, key, lang, text)  # no chains of colons
            number = tip_of(reason)
            assert (number is not None) == bool(re.match(r"Tip \d", reason.render("en")))
            assert number is None or 1 <= number <= len(tips_of(game).TIP_TEXTS)
            assert number is None or reason.render("de").startswith(f"Tipp {number}:"), reason.render("de")
    position = get_rules("queens-audience").deal(0)
    found = hint(position)
    assert re.search(r"\bTip \d\b", found.explanation.render("en"))
    assert re.search(r"\bTipp \d\b", found.explanation.render("de"))


def test_a_space_is_said_to_take_the_waste_card_only_when_there_is_one():
    """Issue 24: the Fortune's Favour hint said the space takes the waste's top card while the waste
    was empty (then the stock fills it, and the hint cannot know with what)."""
    from test_hint_truth import walk_positions

    from tutor.web.render import card_short

    said = {"waste": 0, "stock": 0}
    for position in walk_positions("fortunes-favour", "", 600, seed=3):
        found = hint(position)
        for lang, waste, stock in (("en", "from the waste", "next card of the stock"),
                                   ("de", "vom Abwurfstapel", "nächste Karte des Vorrats")):
            text = found.explanation.render(lang)
            if waste in text:
                said["waste"] += 1
                assert position.piles["w"] and card_short(position.piles["w"][-1], lang) in text
            if stock in text:
                said["stock"] += 1
                assert not position.piles["w"] and position.piles["s"]
    assert said["waste"] and said["stock"], said


# --- Forty Thieves: the expert player's move, with a reason made from the position (issue 25) -----

def named_cards(text) -> list:
    """Every card a sentence names, however deep in its parameters."""
    from tutor.cards import Card
    from tutor.i18n import Text

    found = []
    for value in text.params.values():
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, Text):
            found += named_cards(value)
        elif isinstance(value, tuple):
            found += [v for v in value if isinstance(v, Card)]
    return found


def random_forty_thieves_positions(count: int, seed: int = 25):
    import random

    rules = get_rules("forty-thieves")
    rng = random.Random(seed)
    while count:
        position = rules.deal(rng.randrange(10**6))
        for _ in range(rng.choice((0, 5, 20, 40, 80, 120, 160))):
            moves = position.legal_moves()
            if not moves:
                break
            turns = [m for m in moves if m.src == "s"]
            others = [m for m in moves if m.src != "s"]
            position.play(rng.choice(others) if others and rng.random() < 0.6 else rng.choice(turns or moves))
        if position.legal_moves() and not position.is_won():
            count -= 1
            yield position


def test_forty_thieves_hints_give_reasons_made_from_the_position():
    """200 random positions: each hint's move is legal, every card it names lies face up (in a column
    or on top of the waste), the coach never warns against it, the sentence is never the generic one
    nor says the deal can be won (that is for the view that knows the talon), and at least six kinds
    of reason appear."""
    from collections import Counter

    from tutor.analysis import coach

    kinds = Counter()
    for position in random_forty_thieves_positions(200):
        found = hint(position)
        assert found is not None and position.is_legal(found.move)
        assert found.source == "expert" and found.kind
        face_up = {c for pile_id, pile in position.piles.items() if pile_id.startswith("t") for c in pile}
        face_up |= set(position.piles["w"][-1:])
        face_up |= {pile[-1] for pile_id, pile in position.piles.items() if pile_id.startswith("f") and pile}
        for card in named_cards(found.explanation):
            assert card in face_up, (found.move, card, found.explanation.render("en"))
        assert not [r for r in coach.judge(position, found.move) if r.kind == coach.WARNING], found.move
        for lang in LANGUAGES:
            text = found.explanation.render(lang)
            assert "{" not in text and "careful player" not in text and "can be won" not in text, text
        kinds[found.kind] += 1
    assert len(kinds) >= 6, kinds


def test_only_the_view_that_knows_the_talon_says_the_deal_can_be_won():
    position = get_rules("forty-thieves").deal(2)
    found = hint(position, time_limit=30, knows_stock=True)
    assert found.source == "solver" and found.kind == "solver"
    assert "knows the order of the face-down cards" in found.explanation.render("en")


def test_tip_8_with_one_move_says_the_move_empties_the_column():
    """The tips player's reason for a one-move clear is "this move empties column 7", not "the first
    of 1 moves" (the exercise ft-tip-8-a, where tip 8 empties column 7 with the 5♣)."""
    from tutor.engine.lean import kernel_for
    from tutor.games.forty_thieves import tip_player
    from tutor.games.forty_thieves.expert import blind
    from tutor.games.forty_thieves.tips import describe_tip_line
    from tutor.lessons import first_exercise_for

    position = first_exercise_for("forty-thieves", 8).position()
    board = kernel_for(position.rules)
    visible = blind(board.from_position(position))
    line = tip_player.find_clear(board, visible)
    assert line is not None and len(line) == 1 and board.notation(line[0]) == "t7-t5"
    kind, reason = describe_tip_line(position, board, visible, tip_player.CLEAR, line)
    assert reason.render("en") == "Tip 8: this move empties column 7."
    assert reason.render("de") == "Tipp 8: Dieser Zug leert Spalte 7."


def test_the_hint_to_turn_is_two_short_sentences():
    """Deal 0 after the hint's first move: the hint is to turn, said in two sentences, the second an
    instruction like every other hint's (not one chain of clauses ending "the next card is turned")."""
    position = get_rules("forty-thieves").deal(0)
    position.play(hint(position).move)
    turn = hint(position)
    assert turn.kind == "turn"
    assert turn.explanation.render("en").endswith(
        "Nothing you can do with the cards in sight makes the game better. None of the tips finds a move, so turn "
        "the next card (tip 11).")
    assert turn.explanation.render("de").endswith("also dreh die nächste Karte um (Tipp 11).")
