"""The Forty Thieves solver and players (tutor/games/forty_thieves/: fast.py, search.py, expert.py):
every shortcut the solver takes is checked against a plain exhaustive search on small hand-made
positions (few cards, the same rules), in every variant; every won line replays to a win in the
engine; the expert player never reads the talon."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from tutor.analysis.players import play_out
from tutor.analysis.solve import LOST, UNKNOWN, WON, SolveResult, solve, solve_state
from tutor.cards import ALL_CARDS
from tutor.engine import get_rules
from tutor.engine.lean import kernel_for
from tutor.games.forty_thieves import search
from tutor.games.forty_thieves.expert import ExpertPlayer, blind
from tutor.games.forty_thieves.search import exhaust

VARIANTS = list(get_rules("forty-thieves").variants)
IDS = [v or "base" for v in VARIANTS]


def small_position(board, rng: random.Random, left: int, tangled: float = 0.0):
    """Most cards home; about ``left`` cards in the columns (every column kept busy where it can
    be), a few in the talon and the waste. With ``tangled`` that share of the columns has its
    cards in rising order, higher cards on lower ones: spaces are scarce, so some are lost."""
    decks = board.decks
    tops, rest = [], []
    for suit in range(4):
        for _ in range(decks):
            height = 13 - min(13, max(0, int(rng.expovariate(4 * decks / left))))
            tops.append(suit * 13 + height - 1 if height else -1)
            rest += [suit * 13 + r - 1 for r in range(height + 1, 14)]
    rng.shuffle(tops)
    rng.shuffle(rest)
    talon = [rest.pop() for _ in range(min(len(rest) // 4, rng.randint(0, 3)))]
    waste = [rest.pop() for _ in range(min(len(rest) // 4, rng.randint(0, 2)))]
    columns: list[list[int]] = [[] for _ in range(board.columns)]
    for i, code in enumerate(rest):
        columns[i if i < board.columns else rng.randrange(board.columns)].append(code)
    for column in columns:
        if rng.random() < tangled:
            column.sort(key=lambda code: code % 13)
    return (tuple(tuple(c) for c in columns), tuple(waste), tuple(talon), tuple(tops), 1)


def narrow_board(variant: str, columns: int):
    """The variant's board with fewer columns: the same rules on a smaller table, where a few
    cards are enough to run out of space (and so to lose)."""
    rules = copy.copy(get_rules("forty-thieves", variant))
    rules.spec = dataclasses.replace(rules.spec, columns=columns)
    return kernel_for(rules)


def one_suit_tangle(board, rng: random.Random, low: int):
    """One suit left from about rank ``low`` up (every copy), the other suits nearly home; the
    cards dealt into the columns in random order, a few into the talon: as in the hand-made
    deadlock of tests/analysis/test_solve.py, higher cards often cover the lower ones needed first."""
    tops, rest = [], []
    tangled = rng.randrange(4)
    for suit in range(4):
        for _ in range(board.decks):
            height = rng.randint(max(0, low - 1), low + 1) if suit == tangled else rng.randint(12, 13)
            tops.append(suit * 13 + height - 1 if height else -1)
            rest += [suit * 13 + r - 1 for r in range(height + 1, 14)]
    rng.shuffle(tops)
    rng.shuffle(rest)
    talon = [rest.pop() for _ in range(rng.randint(0, 2))]
    columns: list[list[int]] = [[] for _ in range(board.columns)]
    for i, code in enumerate(rest):
        columns[i if i < board.columns else rng.randrange(board.columns)].append(code)
    return (tuple(tuple(c) for c in columns), (), tuple(talon), tuple(tops), 1)


def plain_winnable(board, state, cap: int = 60_000) -> bool | None:
    """Plain search: every legal move, every distinct position (no canonical keys, no safe moves,
    no bounds). ``None`` when more than ``cap`` positions are reachable."""
    seen = {state}
    stack = [state]
    while stack:
        current = stack.pop()
        if board.is_won(current):
            return True
        for move in board.moves(current):
            child = board.play(current, move)
            if child not in seen:
                seen.add(child)
                if len(seen) > cap:
                    return None
                stack.append(child)
    return False


def engine_position(rules, board, state):
    position = rules.deal(0)
    tableau, waste, stock, foundations, passes = state
    piles = {pid: [] for pid in position.piles}
    for i, column in enumerate(tableau):
        piles[f"t{i + 1}"] = [ALL_CARDS[c] for c in column]
    piles["w"] = [ALL_CARDS[c] for c in waste]
    piles["s"] = [ALL_CARDS[c] for c in stock]
    for k, top in enumerate(foundations):
        piles[f"f{k + 1}"] = [ALL_CARDS[top - top % 13 + r] for r in range(top % 13 + 1)] if top >= 0 else []
    for pid, cards in position.piles.items():
        cards[:] = piles[pid]
    position.history.clear()
    assert board.from_position(position) == state
    return position


def replays_to_a_win(position, moves: list[str]) -> bool:
    replay = position.copy()
    for move in moves:
        replay.play(move)  # raises IllegalMove if the line breaks a rule
    return replay.is_won()


def lean_line_wins(board, state, moves: list[str]) -> bool:
    for written in moves:
        move = board.find_move(state, written)
        assert move is not None, written  # every move of the line is legal where it is played
        state = board.play(state, move)
    return board.is_won(state)


def small_positions(board, rng: random.Random, count: int):
    for i in range(count):
        if i % 2:
            yield one_suit_tangle(board, rng, low=rng.randint(6, 9))
        else:
            yield small_position(board, rng, left=rng.randint(8, 14), tangled=0.8)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_solver_agrees_with_plain_exhaustive_search(variant):
    """Safe moves, canonical keys, the talon as its length, the left-out moves and the dead-card
    bound together never turn a won position into "lost" (nor the other way round): on small
    positions of the variant's rules on a four-column table, where some are lost, and on the
    full table, where small positions are nearly always won (those lines replay in the engine)."""
    rules = get_rules("forty-thieves", variant)
    rng = random.Random(f"ft-small/{variant}")
    narrow = narrow_board(variant, 4)
    verdicts = []
    for state in small_positions(narrow, rng, 160):
        expected = plain_winnable(narrow, state)
        if expected is None:
            continue
        answer = solve_state(narrow, state, time_limit=None)
        assert answer.result == (WON if expected else LOST), state
        if answer.result == WON:
            assert lean_line_wins(narrow, state, answer.moves)
        verdicts.append(answer.result)
    assert verdicts.count(WON) >= 20 and verdicts.count(LOST) >= 5, (verdicts.count(WON), verdicts.count(LOST))
    board = kernel_for(rules)
    for _ in range(6):
        state = small_position(board, rng, left=rng.randint(8, 12))
        expected = plain_winnable(board, state)
        if expected is None:
            continue
        answer = solve_state(board, state, time_limit=None)
        assert answer.result == (WON if expected else LOST), state
        if answer.result == WON:
            assert replays_to_a_win(engine_position(rules, board, state), answer.moves)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_dead_card_bound_never_fires_on_a_winnable_position(variant):
    """Wherever the bound says "no win", the plain search finds none (and it does fire)."""
    board = narrow_board(variant, 4)
    rng = random.Random(f"ft-dead/{variant}")
    fired = 0
    for state in small_positions(board, rng, 600):
        if board.is_dead(state):
            assert plain_winnable(board, state) is not True, state
            fired += 1
    if board.sequences:
        assert fired == 0  # Josephine: the bound makes no claim
    else:
        assert fired >= 3


def dead_by_definition(board, state) -> bool:
    """The dead-card bound as its docstring states it, without the board's shortcuts: the rules
    applied to every card of every pile until nothing changes; without empty columns first, and
    where a column could be emptied again with them (Kings only) or no claim."""
    tableau, waste, stock, foundations, passes = state
    if board.sequences or () in tableau:
        return False
    piles = [(pile, False, True) for pile in tableau]
    piles += [(waste, passes < board.max_passes, False), (stock, True, False)]

    def closure(spaces: bool) -> tuple[bool, bool]:
        can_home = [any(top >= 0 and top - top % 13 <= code <= top for top in foundations) for code in range(52)]
        can_top = [False] * 52
        leave = [[False] * len(pile) for pile, _, _ in piles]
        home = [[False] * len(pile) for pile, _, _ in piles]
        changed = True
        while changed:
            changed = False
            for p, (pile, anyway, is_column) in enumerate(piles):
                for i in range(len(pile) - 1, -1, -1):
                    if not (anyway or all(leave[p][i + 1:])):
                        break
                    code = pile[i]
                    if is_column and not can_top[code]:
                        can_top[code] = changed = True
                    if not home[p][i] and (code % 13 == 0 or can_home[code - 1]):
                        home[p][i] = can_home[code] = changed = True
                    if not leave[p][i] and (home[p][i] or any(can_top[up] for up in board.partners[code]) or (
                            spaces and (not board.kings_only or code % 13 == 12))):
                        leave[p][i] = changed = True
                        if not is_column:
                            can_top[code] = True
        return all(all(h) for h in home), any(leave[p][0] for p in range(len(tableau)))

    home_ok, bottom_leaves = closure(spaces=False)
    if bottom_leaves:
        if not board.kings_only:
            return False
        home_ok, _ = closure(spaces=True)
    return not home_ok


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_dead_card_bound_is_its_definition(variant):
    """The board's bound (its closure skips done cards, stops where it would claim nothing, counts
    each talon card once) answers as its plain definition does, on positions of random play in
    real deals and on small ones; it fires on some of them wherever it makes claims at all."""
    board = kernel_for(get_rules("forty-thieves", variant))
    rng = random.Random(f"ft-definition/{variant}")
    states = list(small_positions(narrow_board(variant, 4), rng, 60))
    narrow = len(states)
    for number in range(4):
        state = board.deal(number)
        for _ in range(150):
            moves = board.moves(state)
            if not moves:
                break
            state = board.play(state, rng.choice(moves))
            states.append(state)
    fired = 0
    small = narrow_board(variant, 4)
    for index, state in enumerate(states):
        on = small if index < narrow else board
        assert on.is_dead(state) == dead_by_definition(on, state), state
        fired += on.is_dead(state)
    assert fired >= (0 if board.sequences else 1)


def test_the_engine_agrees_on_a_few_small_positions():
    """The same comparison once more against the engine's own moves (not the lean board's)."""
    rules = get_rules("forty-thieves")
    board = kernel_for(rules)
    rng = random.Random(11)
    results = []
    for _ in range(60):
        state = small_position(board, rng, left=9)
        position = engine_position(rules, board, state)
        seen = {position.state_key()}
        stack = [position]
        won = False
        while stack and not won and len(seen) < 6000:
            current = stack.pop()
            won = current.is_won()
            for move in current.legal_moves():
                after = current.copy()
                after.play(move)
                if after.state_key() not in seen:
                    seen.add(after.state_key())
                    stack.append(after)
        if len(seen) >= 6000:
            continue
        results.append(solve(position, time_limit=None).result == (WON if won else LOST))
        if len(results) >= 8:
            break
    assert len(results) >= 8 and all(results)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_reductions_never_change_a_verdict(variant):
    """On positions from random play in real deals, and on small ones: whenever the search without
    reductions decides within its small node budget, the search with them says the same."""
    rules = get_rules("forty-thieves", variant)
    board = kernel_for(rules)
    rng = random.Random(f"ft-reduce/{variant}")
    compared = lost = 0
    states = []
    for number in range(3):
        state = board.deal(number)
        for _ in range(rng.randint(60, 160)):
            moves = board.moves(state)
            if not moves:
                break
            state = board.play(state, rng.choice(moves))
        states.append(state)
    narrow = narrow_board(variant, 4)
    pairs = [(board, state) for state in states]
    pairs += [(narrow, state) for state in small_positions(narrow, rng, 100)]
    for on, state in pairs:
        plain = exhaust(on, state, time_limit=None, node_limit=4000, reductions=False)
        reduced = exhaust(on, state, time_limit=None, node_limit=40_000)
        if UNKNOWN not in (plain.result, reduced.result):
            assert plain.result == reduced.result, state
            compared += 1
            lost += plain.result == LOST
    assert compared >= 20 and lost >= 3


def run_with_timed_beams(monkeypatch, **settings) -> tuple[list[int], list[float], list[float | None]]:
    """Forty Thieves' search on a clock that only the beams move: a beam of width w takes w / 1000 s
    and finds nothing. The widths tried, when each ended, and the time each exhaustive search got."""
    now = [0.0]
    widths: list[int] = []
    ended: list[float] = []
    given: list[float | None] = []

    def beam(kernel, state, width, deadline, node_limit, clock, guide):
        widths.append(width)
        now[0] += width / 1000
        ended.append(now[0])
        return None, width

    def exhausted(kernel, state, time_limit, node_limit, clock):
        given.append(time_limit)
        return SolveResult(UNKNOWN, [], 1, 0.0)

    monkeypatch.setattr(search, "beam_search", beam)
    monkeypatch.setattr(search, "exhaust", exhausted)
    board = kernel_for(get_rules("forty-thieves"))
    search.solve_forty_thieves(board, board.deal(0), time_limit=10.0, clock=lambda: now[0], **settings)
    return widths, ended, given


def test_timed_beams_double_and_start_only_when_they_can_finish(monkeypatch):
    """Under a time limit each beam is twice as wide as the one before and starts only when it is
    expected to end within the beams' share of the time: a beam cut off half-way finds nothing, so
    that time goes to the exhaustive search instead. Main's beams grew four-fold until the share
    was over, the last one running past it (there cut off unfinished)."""
    widths, ended, given = run_with_timed_beams(monkeypatch)
    share = 0.7 * 10.0
    assert widths == [4 << k for k in range(len(widths))] and len(widths) >= 5
    assert ended[-1] <= share < ended[-1] + search.WIDER_COST * widths[-1] / 1000
    assert given[-1] == pytest.approx(10.0 - ended[-1])
    widths, ended, _ = run_with_timed_beams(monkeypatch, **search.MAIN_SETTINGS)
    assert widths == [4 ** k for k in range(1, len(widths) + 1)] and ended[-2] <= share < ended[-1]


def test_won_deals_replay_in_the_engine():
    rules = get_rules("forty-thieves")
    for number in (2, 17):  # deals the beam search wins within a few thousand positions
        answer = solve(rules.deal(number), time_limit=60)
        assert answer.result == WON
        assert replays_to_a_win(rules.deal(number), answer.moves)


def test_the_talon_is_its_length_in_the_first_pass_only():
    board = kernel_for(get_rules("forty-thieves", "one-redeal"))
    state = board.deal(4)
    other = (state[0], state[1], tuple(reversed(state[2])), state[3], state[4])
    assert board.key(state) == board.key(other)  # one game never holds both: a suffix of one talon
    second = (state[0], (), state[2], state[3], 2)
    assert board.key(second) != board.key((state[0], (), other[2], state[3], 2))


@pytest.mark.parametrize("variant", ["", "josephine", "one-redeal"], ids=["base", "josephine", "one-redeal"])
def test_expert_never_reads_the_talon(variant):
    """Positions that differ only in the talon's order get the same moves, up to the next turn."""
    board = kernel_for(get_rules("forty-thieves", variant))
    rng = random.Random(5)
    checked = 0
    for number in range(12):
        state = board.deal(number)
        for _ in range(rng.randint(0, 40)):
            moves = board.moves(state)
            if not moves:
                break
            state = board.play(state, rng.choice(moves))
        shuffled = list(state[2])
        rng.shuffle(shuffled)
        twin = (state[0], state[1], tuple(shuffled), state[3], state[4])
        a, b = ExpertPlayer(board), ExpertPlayer(board)
        for _ in range(60):
            choice_a = a(board, state, board.moves(state), set())
            choice_b = b(board, twin, board.moves(twin), set())
            assert choice_a == choice_b
            checked += 1
            if choice_a is None or choice_a[0][0] == board.stock or choice_a[0][1] == board.stock:
                break  # the next card differs between the two, so from here on they may part
            state, twin = board.play(state, choice_a[0]), board.play(twin, choice_a[0])
        assert blind(state) == blind(twin)
    assert checked >= 20


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_expert_games_replay_in_the_engine(variant):
    rules = get_rules("forty-thieves", variant)
    board = kernel_for(rules)
    player = ExpertPlayer(board, expansions=20, endgame_expansions=60)
    moves: list = []
    won, final = play_out(board, board.deal(1), player, record=moves)
    position = rules.deal(1)
    for move in moves:
        position.play(board.notation(move))
    assert position.is_won() == won
    assert board.from_position(position) == final
