"""Forty Thieves as a lean board: the rules of :mod:`tutor.games.forty_thieves.rules` again, as tuples,
for the solver, the simulator and the fair player (see :mod:`tutor.engine.lean`; ``tests/engine/test_twin.py``
compares it with the engine, both ways, at every position of random walks in every variant).

Beside the rules (``moves``, ``play``) the board holds what the solver may assume about Forty
Thieves, each with the argument that makes it sound (``tests/analysis/test_ft_solver.py`` checks every one
against a plain exhaustive search on small positions):

* :meth:`FortyThievesBoard.key` – positions that differ only in the order of the columns or of
  the foundations are the same position (columns and foundations have no place of their own);
  the two copies of a card are the same number anyway; in the first pass the talon is written as
  its length (it is always the untouched rest of the same talon).
* :meth:`FortyThievesBoard.safe_move` – a card goes home at once when every card that could lie on
  it (every copy) is home already.
* :meth:`FortyThievesBoard.search_moves` – leaves out moves that lead back to the same position.
* :meth:`FortyThievesBoard.is_dead` – a bound that proves a position lost when some card can never
  reach a foundation.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, TypeAlias

from tutor.engine.lean import PileBoard

# The lean picture's types (as :class:`tutor.engine.lean.PileBoard` describes them): a pile is a tuple of
# card numbers; a position is (tableau, waste, stock, foundations' top cards, pass); a move is
# (source, destination, count).
Pile: TypeAlias = tuple[int, ...]
FTState: TypeAlias = tuple[tuple[Pile, ...], Pile, Pile, tuple[int, ...], int]
FTMove: TypeAlias = tuple[int, int, int]


class FortyThievesBoard(PileBoard):
    """Forty Thieves and all its variants. State and moves as in :class:`tutor.engine.lean.PileBoard`;
    foundations carry no suit (an Ace takes the first empty one)."""

    game_id = "forty-thieves"

    def __init__(self, rules: Any) -> None:
        spec = rules.spec
        super().__init__(rules, columns=spec.columns, decks=spec.decks, build=spec.build,
                         foundations=spec.foundations, max_passes=spec.passes)
        self.rows = spec.rows
        self.kings_only = spec.kings_only
        self.sequences = spec.sequences
        self.free_spaces = True
        # the cards a card may lie on in the tableau (the inverse of ``onto``)
        self.partners = tuple(tuple(upper for upper in range(52) if lower in self.onto[upper])
                              for lower in range(52))
        # which cards an empty column takes, in the dead-card bound without and with empty columns
        self._space_takes = (52 * (False,), tuple(not self.kings_only or code % 13 == 12 for code in range(52)))
        self._talon_cards: dict[Pile, Pile] = {}
        self._safe_cache: dict[tuple[int, ...], frozenset[int]] = {}
        # per foundations: (cards home, the lowest height per suit, per column its breaks and cost, per waste its cost)
        self._evaluated: dict[tuple[int, ...], tuple[int, list[int], dict[Pile, tuple[int, int]], dict[Pile, int]]] = {}

    # --- setting up ------------------------------------------------------------------------
    def from_codes(self, codes: Sequence[int]) -> FTState:
        dealt = self.columns * self.rows
        tableau: list[list[int]] = [[] for _ in range(self.columns)]
        for i in range(dealt):
            tableau[i % self.columns].append(codes[i])
        stock = tuple(reversed(codes[dealt:]))
        return (tuple(tuple(p) for p in tableau), (), stock, (-1,) * self.foundation_count, 1)

    # --- rules -----------------------------------------------------------------------------
    def moves(self, state: FTState) -> list[FTMove]:
        """Every legal move (of two empty columns, or of two foundations with the same top card,
        only the first), in the engine's order."""
        tableau, waste, stock, foundations, passes = state
        onto = self.onto
        partners = self.partners
        first_f = self.first_foundation
        kings_only = self.kings_only
        moves: list[FTMove] = []
        # the columns' top cards (-1: empty); the expert asks this at every position it looks at,
        # so the columns that take a card are found by scanning these, not by asking every column
        topcards = [pile[-1] if pile else -1 for pile in tableau]
        first_space = topcards.index(-1) if -1 in topcards else -1
        sources = [(i, code) for i, code in enumerate(topcards) if code >= 0]
        if waste:
            sources.append((self.waste, waste[-1]))
        for src, code in sources:
            if code % 13 == 0:
                if -1 in foundations:
                    moves.append((src, first_f + foundations.index(-1), 1))
            elif code - 1 in foundations:
                moves.append((src, first_f + foundations.index(code - 1), 1))
            # the columns whose top card takes this one (never its own: a card does not take itself)
            uppers = partners[code]
            if len(uppers) == 1:
                upper = uppers[0]
                if upper in topcards:
                    for j, top in enumerate(topcards):
                        if top == upper:
                            moves.append((src, j, 1))
            elif uppers:
                for j, top in enumerate(topcards):
                    if top in uppers:
                        moves.append((src, j, 1))
            if first_space >= 0 and (not kings_only or code % 13 == 12):
                moves.append((src, first_space, 1))
        if self.sequences:
            tops = sources[:len(sources) - 1] if waste else sources  # the columns' (index, top card)
            for src, pile in enumerate(tableau):
                length = 1
                while length < len(pile) and pile[-length - 1] == pile[-length] + 1 and pile[-length] % 13 != 12:
                    length += 1
                    bottom = pile[-length]
                    for j, top in tops:
                        if j != src and bottom in onto[top]:
                            moves.append((src, j, length))
                    # any sequence may fill an empty column, a whole column's too (as a lone
                    # card may): search_moves leaves that one out, the rules do not
                    if first_space >= 0 and (not kings_only or bottom % 13 == 12):
                        moves.append((src, first_space, length))
        if stock:
            moves.append((self.stock, self.waste, 1))
        elif waste and passes < self.max_passes:
            moves.append((self.waste, self.stock, 1))
        return moves

    # --- what the solver may assume --------------------------------------------------------
    def key(self, state: FTState) -> Hashable:
        """Equal for positions that only differ in what cannot matter:

        * the order of the columns (any column may take what another takes; the notation's
          numbers are only names) and of the foundations (they carry no suit: only the set of
          their top cards matters);
        * in the first pass, the talon itself: every position of one game (or one search) in
          its first pass has as talon the untouched rest of the same talon, so its length says
          which cards it holds and in what order. After a redeal the talon is the gathered
          waste, which depends on the line played, so it is kept whole.
        """
        tableau, waste, stock, foundations, passes = state
        return (tuple(sorted(tableau)), waste, len(stock) if passes == 1 else stock,
                tuple(sorted(foundations)), passes)

    def safe_move(self, state: FTState) -> FTMove | None:
        """A move home that can never spoil a win: every card that could lie on the moving card in
        the tableau (in every copy) is home already, so the card can never again take one, and
        off the tableau it blocks nothing. The foundation it goes to does not matter either:
        foundations are interchangeable, and the other copy of the card needs its own
        foundation at the rank below whichever this one takes. (An emptied column is only a gain:
        an empty column takes any card the column could have taken.)"""
        tableau, waste, stock, foundations, passes = state
        safe = self._safe_cache.get(foundations)
        if safe is None:
            safe = self._safe_homes(foundations)
        if not safe:
            return None
        first_f = self.first_foundation
        for src, pile in enumerate(tableau):
            if pile and pile[-1] in safe:
                return (src, first_f + self._foundation_for(pile[-1], foundations), 1)
        if waste and waste[-1] in safe:
            return (self.waste, first_f + self._foundation_for(waste[-1], foundations), 1)
        return None

    def _safe_homes(self, foundations: tuple[int, ...]) -> frozenset[int]:
        """The cards that may go home now without a second thought (:meth:`safe_move`), worked out
        once per set of foundation tops (far fewer than positions) and remembered."""
        if len(self._safe_cache) > 100_000:
            self._safe_cache.clear()
        ready = {top + 1 for top in foundations if top >= 0 and top % 13 != 12}
        if -1 in foundations:
            ready.update(range(0, 52, 13))
        safe = frozenset(code for code in ready if self.is_safe_home(code, foundations))
        self._safe_cache[foundations] = safe
        return safe

    def search_moves(self, state: FTState) -> list[FTMove]:
        """The moves worth searching: a safe move alone when there is one (see :meth:`safe_move`),
        else every legal move except a column's only card into an empty column, which gives the
        same position again under :meth:`key` (a one-card column and an empty one trade places)."""
        safe = self.safe_move(state)
        if safe is not None:
            return [safe]
        return self.open_moves(state)

    def open_moves(self, state: FTState) -> list[FTMove]:
        """:meth:`search_moves` where no move is safe (for a caller that asked ``safe_move`` already)."""
        tableau = state[0]
        columns = self.columns
        return [m for m in self.moves(state)
                if not (m[0] < columns and m[1] < columns and not tableau[m[1]] and len(tableau[m[0]]) == m[2])]

    def is_dead(self, state: FTState) -> bool:
        """``True`` when some card can provably never reach a foundation, so the deal is lost.

        The argument: each card must go home to win. A card can go home only once it is
        *exposed* (nothing on it) and a card one rank lower in its suit (either copy) has gone
        home; it can leave its pile only when exposed and going home, or onto an exposed partner
        (a card it may lie on) in the tableau, or into an empty column. A card of a column or of
        the waste is exposed only after every card now above it has left; a talon card is
        exposed when it is turned; with a redeal still to come every waste card is turned again.
        Computing the least sets closed under these rules, while ignoring *when* things happen,
        over-approximates what any line of play can do: a card outside them never goes home.

        Empty columns: if no column is empty now, and under the assumption "no empty column
        ever" no column's bottom card can leave, then no column can ever be emptied (the first
        one would have to be emptied while the assumption still held), and the assumption holds
        for every line. Otherwise the sets are computed again with empty columns taking any
        card (Kings only, where only Kings may fill them) – with any card allowed that proves
        nothing, so the answer is then ``False``.

        Josephine moves cards that lie on other cards together, which the rules above do not
        model, so there the answer is always ``False`` (no claim)."""
        if self.sequences:
            return False
        tableau, waste, stock, foundations, passes = state
        if () in tableau:
            return False
        homed = [0] * 52
        for top in foundations:
            if top >= 0:
                base = top - top % 13
                for c in range(base, top + 1):
                    homed[c] += 1
        # Piles as lists of card numbers bottom first; ``exposed_anyway`` for the talon (and the
        # waste when a redeal is left).
        redeal_left = passes < self.max_passes
        piles: list[tuple[Sequence[int], bool, bool]] = [(pile, False, True) for pile in tableau]
        if waste:
            piles.append((waste, redeal_left, False))
        if stock:
            # talon cards are all exposed in turn, so two copies of a card fare alike: each counted once
            distinct = self._talon_cards.get(stock)
            if distinct is None:
                if len(self._talon_cards) > 10_000:
                    self._talon_cards.clear()
                distinct = self._talon_cards[stock] = tuple(dict.fromkeys(stock))
            piles.append((distinct, True, False))
        result = self._closure(piles, homed, spaces=False, give_up_on_bottom=not self.kings_only)
        if result is None:
            return False
        home_ok, bottom_leaves = result
        if bottom_leaves:
            if not self.kings_only:
                return False
            result = self._closure(piles, homed, spaces=True)
            if result is None:
                return False
            home_ok, _ = result
        return not home_ok

    def _closure(self, piles: list[tuple[Sequence[int], bool, bool]], homed: list[int],
                 spaces: bool, give_up_on_bottom: bool = False) -> tuple[bool, bool] | None:
        """The least sets of :meth:`is_dead`: (every card can go home, some column's bottom card
        can leave); ``None`` as soon as a column's bottom card can leave if ``give_up_on_bottom``
        (the caller then claims nothing anyway).

        The sets only grow, so the rules are applied until nothing changes, in any order (the least
        fixed point does not depend on it); per pile only the cards not yet home are looked at
        again (``pending``, top first), which makes the bound cheap enough to ask at every
        position of the search."""
        partners = self.partners
        space_takes = self._space_takes[spaces]
        can_home = [count > 0 for count in homed]  # some copy home (or able to go)
        can_top = [False] * 52  # some copy can be an exposed column top
        # per pile: the cards not yet home (top first), and of those the ones that can leave
        pending = [list(range(len(pile) - 1, -1, -1)) for pile, _, _ in piles]
        gone: list[set[int]] = [set() for _ in piles]
        bottom_leaves = False
        changed = True
        while changed:
            changed = False
            for p, (pile, anyway, is_column) in enumerate(piles):
                todo = pending[p]
                if not todo:
                    continue
                leaves = gone[p]
                kept: list[int] = []
                exposed = True  # every card above this one leaves (those no longer pending have)
                for n, i in enumerate(todo):
                    if not (exposed or anyway):
                        kept.extend(todo[n:])
                        break
                    code = pile[i]
                    if is_column and not can_top[code]:
                        can_top[code] = True
                        changed = True
                    if code % 13 == 0 or can_home[code - 1]:
                        can_home[code] = True  # it goes home, so it also leaves
                        changed = True
                    else:
                        kept.append(i)
                        if i in leaves:
                            continue
                        if not space_takes[code]:
                            for up in partners[code]:
                                if can_top[up]:
                                    break
                            else:
                                exposed = False
                                continue
                        leaves.add(i)
                        changed = True
                    if not is_column:
                        can_top[code] = True  # it lands on a column (or goes home)
                    elif i == 0:
                        if give_up_on_bottom:
                            return None
                        bottom_leaves = True
                pending[p] = kept
        return not any(pending), bottom_leaves

    # --- how promising a position looks (a guide for the search; never a proof) ----------------
    # weights of :meth:`evaluate`: per card home, per empty column, per break in a column, and how
    # much a buried card costs in a column / in the waste (per card above it, by urgency)
    weights = (10, 60, 2, 2, 2)

    def evaluate(self, state: FTState) -> int:
        """Higher is better: cards home and empty columns count most; a card costs for every
        break in its column above it (a card that does not lie on a partner), the more the sooner
        its foundation wants it; a waste card costs for the cards above it. It looks only at what
        lies face up (tableau, waste, foundations), never at the talon.

        The expert player asks this of every position it looks at, and most of them share their
        foundations and all but one or two piles with another: so what the foundations give, and
        what each pile and the waste cost under them, is worked out once and remembered."""
        tableau, waste, stock, foundations, passes = state
        known = self._evaluated.get(foundations)
        if known is None:
            if len(self._evaluated) > 2_000:
                self._evaluated.clear()
            known = self._evaluated[foundations] = self._foundation_terms(foundations)
        home, low, costs, waste_costs = known
        home_weight, space_weight, break_weight, bury_weight, waste_weight = self.weights
        score = home_weight * home
        buried = 0
        for pile in tableau:
            if not pile:
                score += space_weight
                continue
            cost = costs.get(pile)
            if cost is None:
                cost = costs[pile] = self._pile_cost(pile, low)
            score -= break_weight * cost[0]
            buried += cost[1]
        in_waste = 0
        if waste:
            in_waste = waste_costs.get(waste, -1)
            if in_waste < 0:
                in_waste = waste_costs[waste] = self._waste_cost(waste, low)
        return score - (bury_weight * buried + waste_weight * in_waste) // 2

    def _foundation_terms(self, foundations: tuple[int, ...]) -> tuple[int, list[int], dict[Pile, tuple[int, int]],
                                                                       dict[Pile, int]]:
        """What ``foundations`` give :meth:`evaluate`: how many cards are home, per suit the lowest
        foundation height (0 while a foundation of the suit is empty), and fresh stores of what each
        column and each waste costs."""
        low = [13] * 4
        count = [0] * 4
        home = 0
        for top in foundations:
            if top >= 0:
                suit, height = top // 13, top % 13 + 1
                home += height
                count[suit] += 1
                if height < low[suit]:
                    low[suit] = height
        for suit in range(4):
            if count[suit] < self.decks:
                low[suit] = 0
        return home, low, {}, {}

    def _pile_cost(self, pile: Pile, low: list[int]) -> tuple[int, int]:
        """A column's breaks and how much its buried cards cost (see :meth:`evaluate`)."""
        onto = self.onto
        breaks = 0
        buried = 0
        for i in range(len(pile) - 1, -1, -1):
            code = pile[i]
            if breaks:
                urgency = 13 - (code % 13 + 1 - low[code // 13])
                buried += breaks * (urgency if urgency > 1 else 1)
            if i and code not in onto[pile[i - 1]]:
                breaks += 1
        return breaks, buried

    @staticmethod
    def _waste_cost(waste: Pile, low: list[int]) -> int:
        in_waste = 0
        above = 0
        for i in range(len(waste) - 1, -1, -1):
            code = waste[i]
            if above:
                urgency = 13 - (code % 13 + 1 - low[code // 13])
                in_waste += above * (urgency if urgency > 1 else 1)
            above += 1
        return in_waste

    def foresight(self, state: FTState, horizon: int = 8, weight: int = 3) -> int:
        """``evaluate`` with the talon known (the solver's view, never a player's): it also costs
        each of the next ``horizon`` cards of the talon that will find no place when it is turned
        (no foundation takes it, no column's bottom card is one rank above it in the building
        rule), the more the sooner a foundation wants it, since such a card will lie buried in the
        waste. A guide for the solver's beam search only; it proves nothing."""
        tableau, waste, stock, foundations, passes = state
        value = self.evaluate(state)
        if not stock:
            return value
        onto = self.onto
        tops = [pile[-1] for pile in tableau if pile]
        space = len(tops) < len(tableau) and not self.kings_only
        homes = list(foundations)
        low = [13] * 4
        count = [0] * 4
        for top in foundations:
            if top >= 0:
                suit, height = top // 13, top % 13 + 1
                count[suit] += 1
                if height < low[suit]:
                    low[suit] = height
        for suit in range(4):
            if count[suit] < self.decks:
                low[suit] = 0
        cost = 0
        for i in range(1, min(horizon, len(stock)) + 1):
            code = stock[-i]
            if code % 13 == 0:
                if -1 in homes:
                    homes[homes.index(-1)] = code
                    continue
            elif code - 1 in homes:
                homes[homes.index(code - 1)] = code
                continue
            if space or any(code in onto[top] for top in tops):
                continue
            urgency = 13 - (code % 13 + 1 - low[code // 13])
            cost += urgency if urgency > 1 else 1
        return value - weight * cost


kernel = FortyThievesBoard  # the contract's name for a game's quick picture (tutor.engine.lean.kernel_for)
