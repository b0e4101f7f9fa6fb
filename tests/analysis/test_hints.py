"""Hints (tutor/analysis/hints.py): a legal next move with a reason, from the solver when it finds a win in
time and the reader asked for a computer that knows the stock, else from the player who follows the
tips (who sees only the face-up cards)."""

from __future__ import annotations

from tutor.engine import get_rules
from tutor.analysis.hints import hint
from tutor.analysis.per_game import tips_of
from tutor.engine.registry import game_ids


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


def test_forty_thieves_hint_is_the_careful_players_and_says_so():
    position = get_rules("forty-thieves").deal(1)
    found = hint(position, time_limit=0.01, node_limit=10)
    assert found is not None and found.source == "expert"
    assert position.is_legal(found.move)
    text = found.explanation.render("en")
    assert text.startswith(position.describe(found.move).render("en"))
    assert "face-up cards only" in text and found.winning_line is None
    assert found.as_json("de")["move"] == found.move


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
    from tutor.engine.registry import game_ids, game_part
    import inspect
    import re

    for game in game_ids():
        player = game_part(game, "tips").tips_player
        keys = set(re.findall(r'move, "([a-z-]+)"', inspect.getsource(player)))
        assert keys and keys <= set(tips_of(game).REASONS), (game, keys - set(tips_of(game).REASONS))


def test_a_hint_never_uses_the_order_of_the_face_down_stock():
    """Issue 10: a hint uses only what the player can see. Two positions that differ only in the
    order of the face-down stock get the same hint."""
    for game in ("fortunes-favour", "queens-audience", "forty-thieves"):
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
            for lang in ("en", "de"):
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


def test_a_hint_against_a_tip_says_why_here_and_the_coach_then_notes_it():
    """Forty Thieves' careful player sometimes breaks a tip (deal 3: it fills the last empty
    column from the waste); the hint says why this position is the exception, names the tip, and
    the coach, told of the hint, notes the exception instead of warning against it."""
    from tutor.analysis.coach import NOTE, WARNING, remark_for
    from test_hint_truth import walk_positions

    for position in walk_positions("forty-thieves", "", 400, seed=7):
        found = hint(position.copy())
        remark = remark_for(position, found.move)
        if remark is None or remark.kind != WARNING:
            assert found.exception is None
            continue
        assert found.exception_tip == remark.tip and found.as_json("en")["tip"] in (found.tip, remark.tip)
        text = found.explanation.render("en")
        assert f"That goes against tip {remark.tip}, but here it is the exception" in text
        assert f"Das widerspricht Tipp {remark.tip}" in found.explanation.render("de")
        noted = remark_for(position, found.move, hinted=found)
        assert noted.kind == NOTE and noted.tip == remark.tip
        other = next((m for m in position.legal_moves() if str(m) != found.move), None)
        if other is not None:  # the exception covers the hinted move only
            again = remark_for(position, other, hinted=found)
            assert again is None or again.text != found.exception
        return
    raise AssertionError("no hint in 400 positions went against a tip: the test lost its case")


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
