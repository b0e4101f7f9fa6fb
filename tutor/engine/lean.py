"""Lean boards, the shared layer: what the fast pictures of the games have in common.

The engine (:mod:`tutor.engine` and each game's ``rules``) is the reference: it explains, undoes, checks and describes
every move, and that costs time. The solver visits millions of positions and the simulator plays
thousands of deals, so they work on a lean picture instead: a position is a tuple of tuples of
card numbers (``Card.index``: suit × 13 + rank − 1, suits C, D, H, S), a move a small tuple, and
``play`` returns a new position. Each game's lean board lives beside its rules
(``tutor/games/<game>/fast.py``); this module holds only what they share, and :func:`kernel_for`,
which finds the board for a game. Every lean move prints in the engine's notation
(:meth:`Kernel.notation`), and the tests compare the two at every position of long random
walks, both ways (``tests/engine/test_twin.py``, 20,000 positions a game and variant;
``bench/bench_twin.py``, 100,000), so the two cannot drift apart unnoticed.

A *kernel* (board) holds what is fixed for a game and variant and works on positions:

* ``kernel.from_position(pos)`` – the lean picture of an engine position;
* ``kernel.deal(number)`` – the same as ``from_position(rules.deal(number))``, without the engine;
* ``kernel.moves(state)`` – the player's legal moves, in the engine's order, up to symmetry (of two
  foundations holding the same cards – both empty, or built up to the same card – or of two empty
  columns, only the first is offered: the other leads to a position with the same ``key``);
* ``kernel.play(state, move)`` – the position after ``move`` and everything the rules force;
* ``kernel.is_won(state)``, ``kernel.key(state)`` (equal for positions that differ only by the order
  of interchangeable piles), ``kernel.notation(move)``;
* ``kernel.safe_move(state)`` – a move to a foundation that can never spoil a win, or ``None``;
* for the solver: ``kernel.search_moves(state)`` (the moves worth searching: ``moves`` less the
  ones a game's board proves can be left out) and ``kernel.is_dead(state)`` (``True`` only when
  the position provably cannot be won).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from tutor.cards import SUIT_CODES, Card
from tutor.engine.contract import fast_of

# the boards take the building rules from here (``X as X``: a re-export)
from tutor.engine.rules import ALTERNATE_COLOUR as ALTERNATE_COLOUR
from tutor.engine.rules import OTHER_SUIT as OTHER_SUIT
from tutor.engine.rules import SAME_SUIT as SAME_SUIT

if TYPE_CHECKING:
    from tutor.engine.position import Position
    from tutor.engine.rules import Rules

# A lean position and a lean move: each game's board has its own shape (tuples of card numbers and
# counters; see the boards), so the shared layer knows them only as tuples.
State: TypeAlias = tuple[Any, ...]
LeanMove: TypeAlias = tuple[Any, ...]
# The shape of :class:`PileBoard`'s positions and moves (see its docstring).
PileState: TypeAlias = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
PileMove: TypeAlias = tuple[int, int, int]


def rank_of(code: int) -> int:
    return code % 13 + 1


def suit_of(code: int) -> int:
    return code // 13


def onto_table(build: str) -> tuple[frozenset[int], ...]:
    """For each card number: the card numbers that may lie on it in the tableau."""
    table = []
    for upper in range(52):
        allowed = set()
        if rank_of(upper) > 1:
            for lower in range(52):
                if rank_of(lower) + 1 != rank_of(upper):
                    continue
                same = suit_of(lower) == suit_of(upper)
                lower_red = SUIT_CODES[suit_of(lower)] in "DH"
                upper_red = SUIT_CODES[suit_of(upper)] in "DH"
                if (build == SAME_SUIT and same) or (build == OTHER_SUIT and not same) or (
                        build == ALTERNATE_COLOUR and lower_red != upper_red):
                    allowed.add(lower)
        table.append(frozenset(allowed))
    return tuple(table)


class Kernel:
    """What every lean game offers; see the module docstring."""

    game_id = ""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.variant = rules.variant

    def from_position(self, position: Position) -> State:
        raise NotImplementedError

    def deal(self, number: int) -> State:
        """The lean position of deal ``number`` (as ``from_position(rules.deal(number))``)."""
        return self.from_codes(self.deal_codes(number))

    def deal_codes(self, number: int) -> list[int]:
        """The card numbers of deal ``number`` in card-string order."""
        codes = shuffled_indices(52 * self.rules.decks, number)
        if getattr(self, "aces_removed", False):
            codes = [c for c in codes if c % 13]
        return codes

    def from_cards(self, cards: Sequence[Card]) -> State:
        return self.from_codes([c.index for c in cards])

    def from_codes(self, codes: Sequence[int]) -> State:
        raise NotImplementedError

    def moves(self, state: State) -> list[LeanMove]:
        raise NotImplementedError

    def search_moves(self, state: State) -> list[LeanMove]:
        """The moves the solver needs to try (every legal move unless a board proves some idle)."""
        return self.moves(state)

    def is_dead(self, state: State) -> bool:
        """``True`` only if no sequence of moves can win from ``state`` (a proof, never a guess)."""
        return False

    def play(self, state: State, move: LeanMove) -> State:
        raise NotImplementedError

    def is_won(self, state: State) -> bool:
        raise NotImplementedError

    def key(self, state: State) -> Hashable:
        return state

    def notation(self, move: LeanMove) -> str:
        raise NotImplementedError

    def safe_move(self, state: State) -> LeanMove | None:
        return None

    def cards_home(self, state: State) -> int:
        """How many cards lie on the foundations (or in the hall): a measure of progress."""
        raise NotImplementedError

    def find_move(self, state: State, notation: str) -> LeanMove | None:
        """The lean move written ``notation`` (the engine's spelling), if it is legal here."""
        for move in self.moves(state):
            if self.notation(move) == notation:
                return move
        return None


class PileBoard(Kernel):
    """The shared shape of Fortune's Favour and Forty Thieves boards: tableau piles, a stock, a
    waste, foundations built up in suit.

    State: ``(tableau, waste, stock, foundations, passes)``: ``tableau`` a tuple of piles (tuples of
    card numbers, bottom first), ``waste`` and ``stock`` tuples with the top card last,
    ``foundations`` a tuple with the top card number of each foundation (−1 while empty), ``passes``
    the number of the current pass through the stock (1 for the first).

    Moves: ``(src, dst, count)`` with pile numbers ``0 … n−1`` the tableau, ``n`` the waste,
    ``n + 1`` the stock, ``n + 2 …`` the foundations.

    The rules themselves (which moves exist, what follows them) are each game's board's.
    """

    fills_spaces = False  # the engine fills spaces from waste/stock itself (Fortune's Favour)
    suit_foundations = False  # foundation k holds suit k (Fortune's Favour)

    def __init__(self, rules: Rules, *, columns: int, decks: int, build: str, foundations: int,
                 max_passes: int) -> None:
        super().__init__(rules)
        self.columns = columns
        self.decks = decks
        self.build = build
        self.max_passes = max_passes
        self.foundation_count = foundations
        self.waste = columns
        self.stock = columns + 1
        self.first_foundation = columns + 2
        self.names = ([f"t{i + 1}" for i in range(columns)] + ["w", "s"]
                      + [f"f{k + 1}" for k in range(foundations)])
        self.onto = onto_table(build)
        # For a safe move of card c to a foundation, every card that could lie on c in the
        # tableau must already be on a foundation (all its copies).
        self.below = tuple(tuple(sorted(self.onto[c])) for c in range(52))

    def from_position(self, position: Position) -> PileState:
        piles = position.piles

        def idx(pile: list[Card]) -> tuple[int, ...]:
            return tuple(c.index for c in pile)

        tableau = tuple(idx(piles[self.names[i]]) for i in range(self.columns))
        foundations = tuple(piles[self.names[self.first_foundation + k]][-1].index
                            if piles[self.names[self.first_foundation + k]] else -1
                            for k in range(self.foundation_count))
        return (tableau, idx(piles["w"]), idx(piles["s"]), foundations, position.counters.get("passes", 1))

    def _foundation_for(self, code: int, foundations: tuple[int, ...]) -> int:
        """The foundation (index) that takes ``code`` next, or −1 (of equal ones the first)."""
        if self.suit_foundations:
            k = code // 13
            return k if foundations[k] == code - 1 and code % 13 else -1
        if code % 13 == 0:
            return foundations.index(-1) if -1 in foundations else -1
        below = code - 1
        return foundations.index(below) if below in foundations else -1

    def is_won(self, state: PileState) -> bool:
        tableau, waste, stock = state[0], state[1], state[2]
        return not waste and not stock and not any(tableau)

    def cards_home(self, state: PileState) -> int:
        return sum(code % 13 + 1 for code in state[3] if code >= 0)

    def notation(self, move: PileMove) -> str:
        src, dst, count = move
        text = f"{self.names[src]}-{self.names[dst]}"
        return text if count == 1 else f"{text}x{count}"

    def play(self, state: PileState, move: PileMove) -> PileState:
        """The position after ``move``: a turn, a redeal, or ``count`` cards from a column or the
        waste onto a column or a foundation (a game with compulsory actions adds them after)."""
        tableau, waste, stock, foundations, passes = state
        src, dst, count = move
        if src == self.stock:
            return (tableau, waste + stock[-1:], stock[:-1], foundations, passes)
        if dst == self.stock:
            return (tableau, (), waste[::-1], foundations, passes + 1)
        piles = list(tableau)
        if src == self.waste:
            moving = waste[-1:]
            waste = waste[:-1]
        else:
            pile = piles[src]
            moving = pile[-count:]
            piles[src] = pile[:-count]
        if dst >= self.first_foundation:
            found = list(foundations)
            found[dst - self.first_foundation] = moving[-1]
            foundations = tuple(found)
        else:
            piles[dst] = piles[dst] + moving
        return (tuple(piles), waste, stock, foundations, passes)

    def is_safe_home(self, code: int, foundations: tuple[int, ...]) -> bool:
        """Whether ``code`` may go home without a second thought: every card that could lie on it in
        the tableau is already home (all copies), so it can never again take one; and every copy of
        the card one rank below in its suit is home too, so each copy of ``code`` still out has a
        foundation of its own waiting. (Without that, with two decks, the copies compete for one
        foundation, and which copy takes it matters: one lying free in the tableau is worth more
        than one still in the talon. Building in suit implies it; Indian and Streets do not.)"""
        if code % 13:
            suit, rank_index = code // 13, code % 13 - 1
            if sum(1 for top in foundations if top >= 0 and top // 13 == suit and top % 13 >= rank_index) < self.decks:
                return False
        for lower in self.below[code]:
            suit, rank_index = lower // 13, lower % 13
            copies_home = sum(1 for top in foundations if top >= 0 and top // 13 == suit and top % 13 >= rank_index)
            if copies_home < self.decks:
                return False
        return True


def kernel_for(rules: Rules, **options: object) -> Kernel:
    """The lean board for ``rules`` (a :class:`tutor.engine.Rules`), from the game's ``fast``
    module (found through the registry, so this module names no game); ``options`` are analysis
    options of the board (e.g. ``waste_pair=True`` for Queen's Audience)."""
    board: Kernel = fast_of(rules.game_id).kernel(rules, **options)
    return board


_MASK64 = (1 << 64) - 1


def shuffled_indices(size: int, seed: int) -> list[int]:
    """``[c.index for c in shuffled(ordered_pack(decks), seed)]`` for a ``size``-card pack, computed
    with the generator inlined (the same numbers as :func:`tutor.cards.shuffled`, only faster)."""
    pack = [i % 52 for i in range(size)]
    state = seed & _MASK64
    for i in range(size - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack
