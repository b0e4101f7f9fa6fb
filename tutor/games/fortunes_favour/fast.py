"""Fortune's Favour (and Busy Aces) as a lean board: the rules of :mod:`tutor.games.fortunes_favour.rules`
again, as tuples, for the solver and the simulator (see :mod:`tutor.engine.lean`; ``tests/engine/test_twin.py``
compares it with the engine, both ways, at every position of random walks in every variant)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from tutor.engine.lean import SAME_SUIT, PileBoard, PileMove, PileState

if TYPE_CHECKING:
    from tutor.games.fortunes_favour.rules import FortunesFavourRules


class FortunesFavourBoard(PileBoard):
    """Fortune's Favour: twelve piles, spaces filled at once from the waste (else the stock),
    foundations per suit from the Twos (the Aces are laid out first). Busy Aces: two decks,
    spaces free for any card, foundations from the Aces.

    State and moves as in :class:`tutor.engine.lean.PileBoard`.
    """

    game_id = "fortunes-favour"

    def __init__(self, rules: FortunesFavourRules, *, columns: int, rows: int, decks: int, build: str,
                 fills_spaces: bool, free_spaces: bool, kings_only: bool, sequences: bool,
                 max_passes: int, foundations: int, suit_foundations: bool,
                 aces_removed: bool, one_card_pile_may_move_to_space: bool) -> None:
        super().__init__(rules, columns=columns, decks=decks, build=build, foundations=foundations,
                         max_passes=max_passes)
        self.rows = rows
        self.fills_spaces = fills_spaces
        self.free_spaces = free_spaces  # the player may move cards into spaces
        self.kings_only = kings_only
        self.sequences = sequences
        self.suit_foundations = suit_foundations
        self.aces_removed = aces_removed
        self.lone_card_to_space = one_card_pile_may_move_to_space
        self.fill_from_stock = False  # an analysis reading (see fortunes_favour_kernel)
        # Fortune's Favour itself (one deck, a foundation per suit, built down in suit one card at a
        # time, spaces filled by the rules): a card goes home when its suit's foundation shows the
        # card below it, and onto the top card one rank above it in its suit. The search asks for
        # the moves of every position it sees, so these take a shortcut (:meth:`_plain_moves`).
        self.plain = (decks == 1 and suit_foundations and build == SAME_SUIT and fills_spaces
                      and not free_spaces and not sequences)

    def from_codes(self, codes: Sequence[int]) -> PileState:
        dealt = self.columns * self.rows
        tableau: list[list[int]] = [[] for _ in range(self.columns)]
        for i in range(dealt):
            tableau[i % self.columns].append(codes[i])
        stock = tuple(reversed(codes[dealt:]))
        if self.aces_removed:
            foundations = tuple(k * 13 for k in range(4))
        else:
            foundations = (-1,) * self.foundation_count
        state: PileState = (tuple(tuple(p) for p in tableau), (), stock, foundations, 1)
        return self._fill(state) if self.fills_spaces else state

    def moves(self, state: PileState) -> list[PileMove]:
        if self.plain:
            return self._plain_moves(state)
        tableau, waste, stock, foundations, passes = state
        onto = self.onto
        first_f = self.first_foundation
        moves: list[PileMove] = []
        spaces = [i for i, pile in enumerate(tableau) if not pile]
        first_space = spaces[0] if spaces and self.free_spaces else -1
        sources = [(i, pile[-1], len(pile)) for i, pile in enumerate(tableau) if pile]
        if waste:
            sources.append((self.waste, waste[-1], 0))
        tops = [(j, pile[-1]) for j, pile in enumerate(tableau) if pile]
        for src, code, height in sources:
            k = self._foundation_for(code, foundations)
            if k >= 0:
                moves.append((src, first_f + k, 1))
            for j, top in tops:
                if j != src and code in onto[top]:
                    moves.append((src, j, 1))
            if first_space >= 0 and (height != 1 or self.lone_card_to_space) and (
                    not self.kings_only or code % 13 == 12):
                moves.append((src, first_space, 1))
        if self.sequences:
            for src, pile in enumerate(tableau):
                length = 1
                while length < len(pile) and pile[-length - 1] == pile[-length] + 1 and pile[-length] % 13 != 12:
                    length += 1
                    bottom = pile[-length]
                    for j, top in tops:
                        if j != src and bottom in onto[top]:
                            moves.append((src, j, length))
                    if first_space >= 0 and length < len(pile) and (not self.kings_only or bottom % 13 == 12):
                        moves.append((src, first_space, length))
        if stock:
            moves.append((self.stock, self.waste, 1))
        elif waste and passes < self.max_passes:
            moves.append((self.waste, self.stock, 1))
        return moves

    def _plain_moves(self, state: PileState) -> list[PileMove]:
        """:meth:`moves` of Fortune's Favour itself, in the same order: each pile's top card (then the
        waste's) to its foundation, then onto the pile whose top card is one rank above it in suit;
        then the stock's turn or the redeal."""
        tableau, waste, stock, foundations, passes = state
        first_f = self.first_foundation
        on_top = {pile[-1]: j for j, pile in enumerate(tableau) if pile}
        moves: list[PileMove] = []
        sources = [(i, pile[-1]) for i, pile in enumerate(tableau) if pile]
        if waste:
            sources.append((self.waste, waste[-1]))
        for src, code in sources:
            suit = code // 13
            if foundations[suit] == code - 1:
                moves.append((src, first_f + suit, 1))
            if code % 13 != 12:
                j = on_top.get(code + 1)
                if j is not None and j != src:
                    moves.append((src, j, 1))
        if stock:
            moves.append((self.stock, self.waste, 1))
        elif waste and passes < self.max_passes:
            moves.append((self.waste, self.stock, 1))
        return moves

    def play(self, state: PileState, move: PileMove) -> PileState:
        state = super().play(state, move)
        if self.fills_spaces and move[0] < self.columns and not state[0][move[0]]:
            return self._fill(state)
        return state

    def _fill(self, state: PileState) -> PileState:
        tableau, waste, stock, foundations, passes = state
        if () not in tableau or not (waste or stock):
            return state
        piles = list(tableau)
        for i, pile in enumerate(piles):
            if not pile:
                if waste and not (self.fill_from_stock and stock):
                    piles[i] = waste[-1:]
                    waste = waste[:-1]
                elif stock:
                    piles[i] = stock[-1:]
                    stock = stock[:-1]
                else:
                    break
        return (tuple(piles), waste, stock, foundations, passes)

    def key(self, state: PileState) -> Hashable:
        tableau, waste, stock, foundations, passes = state
        found = foundations if self.suit_foundations else tuple(sorted(foundations))
        return (tuple(sorted(tableau)), waste, stock, found, passes)

    def safe_move(self, state: PileState) -> PileMove | None:
        tableau, waste, stock, foundations, passes = state
        first_f = self.first_foundation
        # Where the engine fills spaces, emptying a pile decides which card fills it (the waste's
        # top now, or a later one): a choice, not a safe move, while the waste or the stock holds cards.
        refill_matters = self.fills_spaces and bool(waste or stock)
        if self.plain:
            # the only card that could lie on a card is the one below it in suit, and it is home once
            # the card may go home (one deck): every move home is safe but one that empties a pile
            for src, pile in enumerate(tableau):
                if pile and foundations[pile[-1] // 13] == pile[-1] - 1 and not (refill_matters and len(pile) == 1):
                    return (src, first_f + pile[-1] // 13, 1)
            if waste and foundations[waste[-1] // 13] == waste[-1] - 1:
                return (self.waste, first_f + waste[-1] // 13, 1)
            return None
        for src, pile in enumerate(tableau):
            if pile and not (refill_matters and len(pile) == 1):
                k = self._foundation_for(pile[-1], foundations)
                if k >= 0 and self.is_safe_home(pile[-1], foundations):
                    return (src, first_f + k, 1)
        if waste:
            k = self._foundation_for(waste[-1], foundations)
            if k >= 0 and self.is_safe_home(waste[-1], foundations):
                return (self.waste, first_f + k, 1)
        return None



def fortunes_favour_kernel(rules: FortunesFavourRules, fill_from_stock: bool = False) -> FortunesFavourBoard:
    """``fill_from_stock`` is an alternative reading for analysis only (not the engine's rule):
    a space takes the stock's top card, the waste's only once the stock is used up."""
    busy = rules.variant == "busy-aces"
    kernel = FortunesFavourBoard(rules, columns=12, rows=1, decks=2 if busy else 1, build=SAME_SUIT,
                        fills_spaces=not busy, free_spaces=busy, kings_only=False, sequences=False,
                        max_passes=rules.max_passes, foundations=rules.foundation_count,
                        suit_foundations=not busy, aces_removed=not busy,
                        one_card_pile_may_move_to_space=False)
    kernel.fill_from_stock = fill_from_stock
    return kernel


kernel = fortunes_favour_kernel  # the contract's name for a game's quick picture (tutor.engine.lean.kernel_for)
