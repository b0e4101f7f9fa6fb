"""The twin test, both directions, on every game and variant: the engine and the lean board agree at
every position random play reaches (the contract of ``tutor/engine/lean.py``; the comparison itself
is ``tests/engine/twin_walk.py``, whose docstring lists what is compared).

For each of the 16 game/variant pairs, 20,000 positions in the suite (seeded: the same ones on every
run; ``make bench`` walks 100,000 a pair) from random play of many deals (28 to 161 a pair), with play
and undo on one position, never a copy; at each position: the engine's legal moves (up to the
documented symmetry: of foundations holding the same cards, or of empty columns, only the first) are
exactly the lean moves printed by ``kernel.notation``, in the same order; ``search_moves`` and
``safe_move`` stay within them; won agrees, and a position without moves is lost; the successor of the
move played (and of a second move at 30 % of the positions) is the same lean state on both sides
(``kernel.key`` where the lean board offers the symmetric twin). The 320,000 positions take about 14 s
of CPU here (the 1.6 million of ``make bench`` about 80 s).
``bench/bench_twin.py`` (``make bench``) walks the same positions and reports their speed.

Found by this test and fixed: the lean Josephine board refused a run that makes up a whole column
into an empty column, which the rules allow ("any sequence may fill an empty column",
``tutor/games/forty_thieves/rules.py``; "it may go onto a fitting card or into an empty column",
``docs/en/about.md``), as they allow a lone card; and the lean boards offer a move to only the first
of two foundations holding the same cards (not only two empty ones), now written into the contract.
"""

from __future__ import annotations

import os

import pytest
from twin_walk import Tally, TwinMismatch, compare_position, walk_pair

from tutor.cards import Card
from tutor.engine import get_rules, iter_variants
from tutor.engine.lean import kernel_for

VARIANTS = list(iter_variants())
IDS = [f"{game}:{variant or 'base'}" for game, variant in VARIANTS]
# per pair; make bench (bench/bench_twin.py) walks 100,000, as does TUTOR_TWIN_POSITIONS=100000 here
POSITIONS = int(os.environ.get("TUTOR_TWIN_POSITIONS", "20000"))


def expected_kinds(game: str, variant: str) -> set[str]:
    """The kinds of position each pair's walk must include, so the test cannot go blind by a
    change of the walk: spaces everywhere; redeals and later passes where the variant has them;
    runs where runs move; the symmetric twins where the player may fill a space (the lean board
    offers only the first space); deep positions (over 100 moves in) where a game lasts that long
    (not in Queen's Audience, at most 80 moves: 36 turns, 44 entries into the hall); won positions
    in the one-deck games, which random play often wins."""
    rules = get_rules(game, variant)
    kernel = kernel_for(rules)
    kinds = {"space"}
    if kernel.max_passes > 1:
        kinds |= {"redeal", "later pass"}
    if getattr(kernel, "sequences", False):
        kinds.add("run")
    if getattr(kernel, "free_spaces", False):
        kinds.add("symmetry")
    if game != "queens-audience":
        kinds.add("deep")
    if rules.decks == 1:
        kinds.add("won")
    return kinds


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=IDS)
def test_engine_and_lean_board_agree_at_every_position(game, variant):
    tally = walk_pair(game, variant, POSITIONS)
    assert tally.positions == POSITIONS and tally.deals >= 20
    missing = expected_kinds(game, variant) - {kind for kind, count in tally.seen.items() if count}
    assert not missing, f"the walk saw no position of kind {missing}: {tally.line(game)}"


def test_josephine_run_of_a_whole_column_fills_an_empty_column():
    """„any sequence may fill an empty column“ (Josephine, tutor/games/forty_thieves/rules.py): a run
    that is its column's every card too, as a lone card may (the disagreement this test found: the
    lean board left the move out)."""
    rules = get_rules("forty-thieves", "josephine")
    kernel = kernel_for(rules)
    position = rules.deal(0)
    arrange(position, {"t1": "KS QS", "t2": ""})
    state = kernel.from_position(position)
    assert "t1-t2x2" in {str(m) for m in position.legal_moves()}
    assert kernel.find_move(state, "t1-t2x2") == (0, 1, 2)
    compare_position(position, kernel, state, "josephine", Tally())
    # the solver may still leave it out: it only trades a column for a space
    assert (0, 1, 2) not in kernel.search_moves(state)


def arrange(position, columns: dict[str, str]) -> None:
    """Give the named columns exactly these cards (bottom first), taken from wherever they lie; the
    cards the columns held go under the stock. Only for tests: both pictures read the same piles."""
    piles = position.piles
    for pid in columns:
        piles["s"][:0] = reversed(piles[pid])
        piles[pid].clear()
    for pid, codes in columns.items():
        for code in codes.split():
            card = Card.parse(code)
            holder = next(p for i, p in piles.items() if i[0] in "ts" and i != pid and card in p)
            holder.remove(card)
            piles[pid].append(card)
    position._version += 1  # the remembered legal moves are stale


class Broken:
    """A lean board with one rule stated wrongly (``fault``), to show the comparison catches it."""

    def __init__(self, kernel, fault: str) -> None:
        self.kernel, self.fault = kernel, fault

    def __getattr__(self, name):
        return getattr(self.kernel, name)

    def moves(self, state):
        moves = self.kernel.moves(state)
        if self.fault == "drops a move" and len(moves) >= 3:
            return moves[:-2] + moves[-1:]
        if self.fault == "offers a move twice" and len(moves) >= 3:
            return moves + moves[:1]
        if self.fault == "other order" and len(moves) >= 3:
            return moves[1::-1] + moves[2:]
        return moves

    def play(self, state, move):
        after = self.kernel.play(state, move)
        if self.fault == "redeal keeps the waste's order" and move[1] == self.kernel.stock:
            return (after[0], after[1], after[2][::-1], after[3], after[4])
        if self.fault == "forgets the space" and after[0] != state[0] and () in after[0]:
            return (tuple(pile or state[0][i] for i, pile in enumerate(after[0])),) + after[1:]
        return after

    def key(self, state):
        return state if self.fault == "key keeps the order" else self.kernel.key(state)

    def search_moves(self, state):
        found = self.kernel.search_moves(state)
        if self.fault == "searches a turn of an empty stock" and not state[2]:
            return found + [(self.kernel.stock, self.kernel.waste, 1)]
        return found

    def is_won(self, state):
        return False if self.fault == "never won" else self.kernel.is_won(state)


@pytest.mark.parametrize(("game", "variant", "fault", "words"), [
    ("forty-thieves", "", "drops a move", "only the engine allows"),
    ("queens-audience", "", "offers a move twice", "offers a move twice"),
    ("fortunes-favour", "busy-aces", "other order", "in another order"),
    ("forty-thieves", "one-redeal", "redeal keeps the waste's order", "after w-s the lean state differs"),
    ("fortunes-favour", "busy-aces", "forgets the space", "the lean state differs|the keys differ"),
    ("forty-thieves", "kings-only", "key keeps the order", "the keys differ"),
    ("forty-thieves", "two-redeals", "searches a turn of an empty stock", "search_moves offers s-w"),
    ("queens-audience", "one-redeal", "never won", "won True in the engine"),
])
def test_the_comparison_catches_a_broken_board(game, variant, fault, words):
    broken = Broken(kernel_for(get_rules(game, variant)), fault)
    with pytest.raises(TwinMismatch, match=words):
        walk_pair(game, variant, POSITIONS, kernel=broken)
