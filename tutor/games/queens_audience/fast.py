"""Queen's Audience as a lean board: the rules of :mod:`tutor.games.queens_audience.rules` again, as
tuples, for the solver and the simulator (see :mod:`tutor.engine.lean`; ``tests/engine/test_twin.py`` compares it
with the engine, both ways, at every position of random walks), and the simulator's fast path that plays a
deal without positions."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from tutor.cards import ACE, JACK
from tutor.engine.lean import Kernel, LeanMove

if TYPE_CHECKING:
    from tutor.engine.position import Position
    from tutor.games.queens_audience.rules import QueensAudienceRules

# (square, waste, stock, pairs, jacks, passes): see QueensAudienceKernel. Its moves are lean moves
# of several shapes (a kind letter, then numbers), so they stay LeanMove.
QAState: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, tuple[int, ...], int]


class QueensAudienceKernel(Kernel):
    """State: ``(square, waste, stock, pairs, jacks, passes)``: ``square`` 16 card numbers (−1 for
    a space), ``waste`` / ``stock`` top last, ``pairs`` a bit per suit whose pair has entered,
    ``jacks`` per suit the number of cards on its Jack foundation (0, then 2 for Ace and Jack, up
    to 11), ``passes`` as in the engine.

    Moves: ``("k", suit, a, b)`` a pair, ``("j", suit, a, b)`` Ace and Jack, ``("f", suit, a)`` one card
    onto a Jack, ``("s",)`` turn, ``("r",)`` redeal; ``a``/``b`` are square indices or 16 (the waste),
    ``a`` the card that lies underneath.

    Two *alternative readings*, for analysis only (not the engine's rules):

    * ``waste_pair``: the card just turned may pair with the card under it on the waste;
    * ``free_turn``: the stock may be turned while a card could still enter the hall (the rules text
      says to turn only "when nothing else goes", and the engine refuses it).
    """

    game_id = "queens-audience"
    WASTE = 16

    def __init__(self, rules: QueensAudienceRules, waste_pair: bool = False, free_turn: bool = False) -> None:
        super().__init__(rules)
        self.free_turn = free_turn
        self.max_passes = rules.max_passes
        self.bottom_rank = rules.pair_bottom_rank
        self.top_rank = rules.pair_top_rank
        self.waste_pair = waste_pair
        self.names = [f"r{i + 1}" for i in range(16)] + ["w"]

    def from_position(self, position: Position) -> QAState:
        piles = position.piles
        square = tuple(piles[f"r{i + 1}"][-1].index if piles[f"r{i + 1}"] else -1 for i in range(16))
        pairs = sum(1 << k for k in range(4) if piles[f"k{k + 1}"])
        jacks = tuple(len(piles[f"j{k + 1}"]) for k in range(4))
        return (square, tuple(c.index for c in piles["w"]), tuple(c.index for c in piles["s"]), pairs, jacks,
                position.counters.get("passes", 1))

    def from_codes(self, codes: Sequence[int]) -> QAState:
        return (tuple(codes[:16]), (), tuple(reversed(codes[16:])), 0, (0, 0, 0, 0), 1)

    def moves(self, state: QAState) -> list[LeanMove]:
        square, waste, stock, pairs, jacks, passes = state
        where = {code: i for i, code in enumerate(square) if code >= 0}
        if waste:
            where.setdefault(waste[-1], self.WASTE)
        second = waste[-2] if self.waste_pair and len(waste) >= 2 else -1
        moves: list[LeanMove] = []
        for suit in range(4):
            base = suit * 13
            if not pairs >> suit & 1:
                move = self._pair(where, second, waste, "k", suit, base + self.bottom_rank - 1,
                                  base + self.top_rank - 1)
                if move:
                    moves.append(move)
            count = jacks[suit]
            if not count:
                move = self._pair(where, second, waste, "j", suit, base + ACE - 1, base + JACK - 1)
                if move:
                    moves.append(move)
            elif count < 11:
                wanted = base + 12 - count - 1  # rank 12 − count
                if wanted in where:
                    moves.append(("f", suit, where[wanted]))
        if moves and not self.free_turn:
            return moves  # a new card is turned only when nothing else goes
        if stock:
            moves.append(("s",))
        elif waste and passes < self.max_passes:
            moves.append(("r",))
        return moves

    def _pair(self, where: dict[int, int], second: int, waste: tuple[int, ...], kind: str, suit: int,
              under: int, over: int) -> LeanMove | None:
        a, b = where.get(under), where.get(over)
        if a is not None and b is not None:
            return (kind, suit, a, b)
        if second >= 0 and {second, waste[-1]} == {under, over}:
            # the alternative reading: the two top cards of the waste pair with each other
            return (kind, suit, self.WASTE, self.WASTE)
        return None

    def play(self, state: QAState, move: LeanMove) -> QAState:
        square, waste, stock, pairs, jacks, passes = state
        kind = move[0]
        if kind == "s":
            return (square, waste + stock[-1:], stock[:-1], pairs, jacks, passes)
        if kind == "r":
            return (square, (), waste[::-1], pairs, jacks, passes + 1)
        suit = move[1]
        cells = list(square)
        taken = move[2:]
        if kind == "k" or kind == "j":
            if taken == (self.WASTE, self.WASTE):
                waste = waste[:-2]
            else:
                for where in taken:
                    if where == self.WASTE:
                        waste = waste[:-1]
                    else:
                        cells[where] = -1
            if kind == "k":
                pairs |= 1 << suit
            else:
                jacks = jacks[:suit] + (2,) + jacks[suit + 1:]
        else:
            where = taken[0]
            if where == self.WASTE:
                waste = waste[:-1]
            else:
                cells[where] = -1
            jacks = jacks[:suit] + (jacks[suit] + 1,) + jacks[suit + 1:]
        if -1 in cells:
            for i in range(16):
                if cells[i] < 0:
                    if waste:
                        cells[i] = waste[-1]
                        waste = waste[:-1]
                    elif stock:
                        cells[i] = stock[-1]
                        stock = stock[:-1]
                    else:
                        break
        return (tuple(cells), waste, stock, pairs, jacks, passes)

    def is_won(self, state: QAState) -> bool:
        return state[3] == 15 and state[4] == (11, 11, 11, 11)

    def cards_home(self, state: QAState) -> int:
        return 2 * bin(state[3]).count("1") + sum(state[4])

    def key(self, state: QAState) -> Hashable:
        square, waste, stock, pairs, jacks, passes = state
        return (tuple(sorted(square)), waste, stock, pairs, jacks, passes)

    def notation(self, move: LeanMove) -> str:
        kind = move[0]
        if kind == "s":
            return "s-w"
        if kind == "r":
            return "w-s"
        suit = move[1]
        if kind == "f":
            return f"{self.names[move[2]]}-j{suit + 1}"
        return f"{self.names[move[2]]}+{self.names[move[3]]}-{kind}{suit + 1}"

    def safe_move(self, state: QAState) -> LeanMove | None:
        # A card in the hall is never wanted elsewhere, but a card leaving the square opens a space,
        # and which card fills it (the waste's top now, or a later one) is a real choice. Safe are
        # only moves from the waste alone, and any move once waste and stock are empty.
        waste, stock = state[1], state[2]
        for move in self.moves(state):
            if move[0] in "kjf" and (all(where == self.WASTE for where in move[2:]) or not (waste or stock)):
                return move
        return None


def queens_audience_outcome(codes: Sequence[int], max_passes: int = 1, waste_pair: bool = False) -> bool:
    """Play a Queen's Audience deal (card numbers in card-string order) the only way the engine's
    rules allow – every card into the hall as soon as it fits, a new card only when nothing else
    goes – and say whether it comes out; the outcome of ``play_out`` with the tips player on
    :class:`QueensAudienceKernel` (the tests compare them), without building a position per move.

    Event-driven: a move can only become possible when one of its cards becomes free, so after
    each change only the suits of the newly free cards are looked at."""
    square = set(codes[:16])
    stock = list(codes[16:])
    stock.reverse()
    waste: list[int] = []
    gaps = 0
    pair_done = [False, False, False, False]
    next_rank = [0, 0, 0, 0]  # per Jack foundation: 0 not started, else the rank index wanted, −1 done
    # the cards some move is waiting for: only when one of them becomes free can a move appear
    wanted = {base + offset for base in (0, 13, 26, 39) for offset in (0, 10, 11, 12)}
    passes = 1
    to_check = [0, 1, 2, 3]
    while True:
        while to_check:
            suit = to_check.pop()
            base = suit * 13
            top = waste[-1] if waste else -1
            taken: tuple[int, ...] = ()
            if not pair_done[suit]:
                king, queen = base + 12, base + 11
                if (king in square or king == top) and (queen in square or queen == top):
                    taken = (king, queen)
                elif waste_pair and len(waste) >= 2 and waste[-2] + top == king + queen and top in (king, queen):
                    taken = (top, waste[-2])
                if taken:
                    pair_done[suit] = True
                    wanted.discard(king)
                    wanted.discard(queen)
            if not taken:
                wanted_rank = next_rank[suit]
                if wanted_rank == 0:
                    ace, jack = base, base + 10
                    if (ace in square or ace == top) and (jack in square or jack == top):
                        taken = (ace, jack)
                    elif waste_pair and len(waste) >= 2 and waste[-2] + top == ace + jack and top in (ace, jack):
                        taken = (top, waste[-2])
                    if taken:
                        next_rank[suit] = 9
                        wanted.discard(ace)
                        wanted.discard(jack)
                        wanted.add(base + 9)
                elif wanted_rank > 0:
                    card_number = base + wanted_rank
                    if card_number in square or card_number == top:
                        taken = (card_number,)
                        wanted.discard(card_number)
                        if wanted_rank > 1:
                            next_rank[suit] = wanted_rank - 1
                            wanted.add(card_number - 1)
                        else:
                            next_rank[suit] = -1
            if not taken:
                continue
            to_check.append(suit)
            for card_number in taken:
                if card_number in square:
                    square.remove(card_number)
                    gaps += 1
                else:
                    waste.pop()
            while gaps and (waste or stock):
                fresh = waste.pop() if waste else stock.pop()
                square.add(fresh)
                if fresh in wanted:
                    to_check.append(fresh // 13)
                gaps -= 1
            if waste and waste[-1] in wanted:
                to_check.append(waste[-1] // 13)  # the waste's new top card is free now
        if stock:
            fresh = stock.pop()
            waste.append(fresh)
            if fresh in wanted:  # (a pair with the card under it includes the fresh card too)
                to_check.append(fresh // 13)
        elif waste and passes < max_passes:
            waste.reverse()
            stock, waste = waste, []
            passes += 1
        else:
            return not wanted


kernel = QueensAudienceKernel  # the contract's name for a game's quick picture (tutor.engine.lean.kernel_for)
