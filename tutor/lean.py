"""Lean boards: the games' rules again, as small immutable tuples, for the solver and the simulator.

The engine (:mod:`tutor.games`) is the reference: it explains, undoes, checks and describes every
move, and that costs time. The solver visits millions of positions and the simulator plays
thousands of deals, so they work on this lean picture instead: a position is a tuple of tuples of
card numbers (``Card.index``: suit × 13 + rank − 1, suits C, D, H, S), a move a small tuple, and
``play`` returns a new position. Every lean move prints in the engine's notation
(:meth:`Kernel.notation`), and the tests replay lean games move by move in the engine, so the two
cannot drift apart unnoticed.

A *kernel* holds what is fixed for a game and variant (pile names, building rule) and works on
positions:

* ``kernel.from_position(pos)`` – the lean picture of an engine position;
* ``kernel.deal(number)`` – the same as ``from_position(rules.deal(number))``, without the engine;
* ``kernel.moves(state)`` – the player's legal moves, in the engine's order, up to symmetry (of two
  empty foundations or two empty columns only the first is offered);
* ``kernel.play(state, move)`` – the position after ``move`` and everything the rules force;
* ``kernel.is_won(state)``, ``kernel.key(state)`` (equal for positions that differ only by the order
  of interchangeable piles), ``kernel.notation(move)``;
* ``kernel.safe_move(state)`` – a move to a foundation that can never spoil a win, or ``None``.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

from .cards import ACE, JACK, SUIT_CODES, Card

State = tuple
LeanMove = tuple

SAME_SUIT = "same-suit"
OTHER_SUIT = "other-suit"
ALTERNATE_COLOUR = "alternate-colour"


def rank_of(code: int) -> int:
    return code % 13 + 1


def suit_of(code: int) -> int:
    return code // 13


def _onto_table(build: str) -> tuple[frozenset[int], ...]:
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

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.variant = rules.variant

    def from_position(self, position: Any) -> State:
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


# ---------------------------------------------------------------------------------------------
# Fortune's Favour and Forty Thieves: tableau piles, a stock, a waste, foundations built up in suit
# ---------------------------------------------------------------------------------------------

class PileKernel(Kernel):
    """Fortune's Favour (all variants) and Forty Thieves (all variants).

    State: ``(tableau, waste, stock, foundations, passes)``: ``tableau`` a tuple of piles (tuples of
    card numbers, bottom first), ``waste`` and ``stock`` tuples with the top card last,
    ``foundations`` a tuple with the top card number of each foundation (−1 while empty), ``passes``
    the number of the current pass through the stock (1 for the first).

    Moves: ``(src, dst, count)`` with pile numbers ``0 … n−1`` the tableau, ``n`` the waste,
    ``n + 1`` the stock, ``n + 2 …`` the foundations.
    """

    def __init__(self, rules: Any, *, columns: int, rows: int, decks: int, build: str,
                 fills_spaces: bool, free_spaces: bool, kings_only: bool, sequences: bool,
                 max_passes: int, foundations: int, suit_foundations: bool,
                 aces_removed: bool, one_card_pile_may_move_to_space: bool) -> None:
        super().__init__(rules)
        self.columns = columns
        self.rows = rows
        self.decks = decks
        self.build = build
        self.fills_spaces = fills_spaces  # the engine fills spaces from waste/stock itself
        self.free_spaces = free_spaces  # the player may move cards into spaces
        self.kings_only = kings_only
        self.sequences = sequences
        self.max_passes = max_passes
        self.foundation_count = foundations
        self.suit_foundations = suit_foundations  # foundation k holds suit k (Fortune's Favour)
        self.aces_removed = aces_removed
        self.lone_card_to_space = one_card_pile_may_move_to_space
        self.fill_from_stock = False  # an analysis reading (see fortunes_favour_kernel)
        self.waste = columns
        self.stock = columns + 1
        self.first_foundation = columns + 2
        self.names = ([f"t{i + 1}" for i in range(columns)] + ["w", "s"]
                      + [f"f{k + 1}" for k in range(foundations)])
        self.onto = _onto_table(build)
        # For a safe move of card c to a foundation, every card that could lie on c in the
        # tableau must already be on a foundation (all its copies).
        self.below = tuple(tuple(sorted(frozenset(lower for lower in range(52) if lower in self.onto[c])))
                           for c in range(52))

    # --- setting up --------------------------------------------------------------------------
    def from_position(self, position: Any) -> State:
        piles = position.piles
        idx = lambda pile: tuple(c.index for c in pile)  # noqa: E731
        tableau = tuple(idx(piles[self.names[i]]) for i in range(self.columns))
        foundations = tuple(piles[self.names[self.first_foundation + k]][-1].index
                            if piles[self.names[self.first_foundation + k]] else -1
                            for k in range(self.foundation_count))
        return (tableau, idx(piles["w"]), idx(piles["s"]), foundations, position.counters.get("passes", 1))

    def from_codes(self, codes: Sequence[int]) -> State:
        dealt = self.columns * self.rows
        tableau = [[] for _ in range(self.columns)]
        for i in range(dealt):
            tableau[i % self.columns].append(codes[i])
        stock = tuple(reversed(codes[dealt:]))
        if self.aces_removed:
            foundations = tuple(k * 13 for k in range(4))
        else:
            foundations = (-1,) * self.foundation_count
        state = (tuple(tuple(p) for p in tableau), (), stock, foundations, 1)
        return self._fill(state) if self.fills_spaces else state

    # --- rules ---------------------------------------------------------------------------------
    def _foundation_for(self, code: int, foundations: tuple[int, ...]) -> int:
        """The foundation (index) that takes ``code`` next, or −1 (of equal ones the first)."""
        if self.suit_foundations:
            k = code // 13
            return k if foundations[k] == code - 1 and code % 13 else -1
        if code % 13 == 0:
            return foundations.index(-1) if -1 in foundations else -1
        below = code - 1
        return foundations.index(below) if below in foundations else -1

    def moves(self, state: State) -> list[LeanMove]:
        tableau, waste, stock, foundations, passes = state
        onto = self.onto
        first_f = self.first_foundation
        moves: list[LeanMove] = []
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

    def play(self, state: State, move: LeanMove) -> State:
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
        state = (tuple(piles), waste, stock, foundations, passes)
        if self.fills_spaces and (src < self.columns and not piles[src]):
            return self._fill(state)
        return state

    def _fill(self, state: State) -> State:
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

    def is_won(self, state: State) -> bool:
        tableau, waste, stock = state[0], state[1], state[2]
        return not waste and not stock and not any(tableau)

    def cards_home(self, state: State) -> int:
        return sum(code % 13 + 1 for code in state[3] if code >= 0)

    def key(self, state: State) -> Hashable:
        tableau, waste, stock, foundations, passes = state
        found = foundations if self.suit_foundations else tuple(sorted(foundations))
        return (tuple(sorted(tableau)), waste, stock, found, passes)

    def notation(self, move: LeanMove) -> str:
        src, dst, count = move
        text = f"{self.names[src]}-{self.names[dst]}"
        return text if count == 1 else f"{text}x{count}"

    def is_safe_home(self, code: int, foundations: tuple[int, ...]) -> bool:
        """Whether every card that could lie on ``code`` in the tableau is already home (all copies)."""
        for lower in self.below[code]:
            suit, rank_index = lower // 13, lower % 13
            copies_home = sum(1 for top in foundations if top >= 0 and top // 13 == suit and top % 13 >= rank_index)
            if copies_home < self.decks:
                return False
        return True

    def safe_move(self, state: State) -> LeanMove | None:
        tableau, waste, stock, foundations, passes = state
        first_f = self.first_foundation
        # Where the engine fills spaces, emptying a pile decides which card fills it (the waste's
        # top now, or a later one): a choice, not a safe move, while the waste or the stock holds cards.
        refill_matters = self.fills_spaces and bool(waste or stock)
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


def fortunes_favour_kernel(rules: Any, fill_from_stock: bool = False) -> PileKernel:
    """``fill_from_stock`` is an alternative reading for analysis only (not the engine's rule):
    a space takes the stock's top card, the waste's only once the stock is used up."""
    busy = rules.variant == "busy-aces"
    kernel = PileKernel(rules, columns=12, rows=1, decks=2 if busy else 1, build=SAME_SUIT,
                        fills_spaces=not busy, free_spaces=busy, kings_only=False, sequences=False,
                        max_passes=rules.max_passes, foundations=rules.foundation_count,
                        suit_foundations=not busy, aces_removed=not busy,
                        one_card_pile_may_move_to_space=False)
    kernel.fill_from_stock = fill_from_stock
    return kernel


def forty_thieves_kernel(rules: Any) -> PileKernel:
    spec = rules.spec
    return PileKernel(rules, columns=spec.columns, rows=spec.rows, decks=spec.decks, build=spec.build,
                      fills_spaces=False, free_spaces=True, kings_only=spec.kings_only,
                      sequences=spec.sequences, max_passes=spec.passes, foundations=spec.foundations,
                      suit_foundations=False, aces_removed=False, one_card_pile_may_move_to_space=True)


# ---------------------------------------------------------------------------------------------
# Queen's Audience: a square of sixteen free cards, pairs and Jack foundations in the hall
# ---------------------------------------------------------------------------------------------

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

    def __init__(self, rules: Any, waste_pair: bool = False, free_turn: bool = False) -> None:
        super().__init__(rules)
        self.free_turn = free_turn
        self.max_passes = rules.max_passes
        self.bottom_rank = rules.pair_bottom_rank
        self.top_rank = rules.pair_top_rank
        self.waste_pair = waste_pair
        self.names = [f"r{i + 1}" for i in range(16)] + ["w"]

    def from_position(self, position: Any) -> State:
        piles = position.piles
        square = tuple(piles[f"r{i + 1}"][-1].index if piles[f"r{i + 1}"] else -1 for i in range(16))
        pairs = sum(1 << k for k in range(4) if piles[f"k{k + 1}"])
        jacks = tuple(len(piles[f"j{k + 1}"]) for k in range(4))
        return (square, tuple(c.index for c in piles["w"]), tuple(c.index for c in piles["s"]), pairs, jacks,
                position.counters.get("passes", 1))

    def from_codes(self, codes: Sequence[int]) -> State:
        return (tuple(codes[:16]), (), tuple(reversed(codes[16:])), 0, (0, 0, 0, 0), 1)

    def moves(self, state: State) -> list[LeanMove]:
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

    def _pair(self, where: dict[int, int], second: int, waste: tuple, kind: str, suit: int,
              under: int, over: int) -> LeanMove | None:
        a, b = where.get(under), where.get(over)
        if a is not None and b is not None:
            return (kind, suit, a, b)
        if second >= 0 and {second, waste[-1]} == {under, over}:
            # the alternative reading: the two top cards of the waste pair with each other
            return (kind, suit, self.WASTE, self.WASTE)
        return None

    def play(self, state: State, move: LeanMove) -> State:
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

    def is_won(self, state: State) -> bool:
        return state[3] == 15 and state[4] == (11, 11, 11, 11)

    def cards_home(self, state: State) -> int:
        return 2 * bin(state[3]).count("1") + sum(state[4])

    def key(self, state: State) -> Hashable:
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

    def safe_move(self, state: State) -> LeanMove | None:
        # A card in the hall is never wanted elsewhere, but a card leaving the square opens a space,
        # and which card fills it (the waste's top now, or a later one) is a real choice. Safe are
        # only moves from the waste alone, and any move once waste and stock are empty.
        square, waste, stock = state[0], state[1], state[2]
        for move in self.moves(state):
            if move[0] in "kjf" and (all(where == self.WASTE for where in move[2:]) or not (waste or stock)):
                return move
        return None


def kernel_for(rules: Any, **options: Any) -> Kernel:
    """The lean kernel for ``rules`` (a :class:`tutor.games.Rules`); ``options`` are analysis
    options of the kernel (e.g. ``waste_pair=True`` for Queen's Audience)."""
    if rules.game_id == "fortunes-favour":
        return fortunes_favour_kernel(rules, **options)
    if rules.game_id == "forty-thieves":
        return forty_thieves_kernel(rules)
    if rules.game_id == "queens-audience":
        return QueensAudienceKernel(rules, **options)
    raise ValueError(f"no lean kernel for {rules.game_id}")


# ---------------------------------------------------------------------------------------------
# Fast paths for the simulator (checked against the kernels above in tests/test_lean.py)
# ---------------------------------------------------------------------------------------------

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
