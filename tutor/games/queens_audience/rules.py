"""Queen's Audience: the rules engine (game id ``queens-audience``).

The rules, as the rules page gives them (seed 001, German):

* Sixteen cards face up form a hollow square, four to a side: the antechamber (*Vorzimmer*), the
  reserve. Every card in it is free. Inside lies the audience chamber (*Audienzsaal*). The other 36
  cards are the stock, face down, with the waste beside it; only the waste's top card is free.
* A King and Queen of one suit, both free, enter the audience chamber together, the Queen on the
  King, and stay there to the end.
* A Jack and Ace of one suit, both free, enter together, the Jack on the Ace; the Jack is now a
  foundation, built down in suit with free cards: the 10, then the 9, … down to the 2.
* A space in the antechamber is filled at once with the waste's top card; only when the waste is
  empty, with the stock's top card instead. The engine does this itself (compulsory, ``forced``
  history entries ``w-r3`` / ``s-r3``).
* Every move that goes is made, in any order, and a new card is turned only when nothing else
  goes: then the top card of the stock is turned onto the waste (``s-w``; refused while another
  move is possible); if it fits somewhere it may be played from there, otherwise it stays on the
  waste. This rule is what leaves the player no choices: the solver measured that a player allowed
  to turn early (keeping cards back in the antechamber) would win about 57 % of deals, not about 27 %.
* Cards in the antechamber never go onto each other; they can only go into the audience chamber.
* One pass through the stock, no redeal. Won: all 52 cards in the audience chamber (four pairs and
  four Jacks, each with its suit from 10 to 2). Lost: the stock is used up and nothing fits.

Details the seed leaves open, settled here:

* Where the rules text is silent: it says only that a pair comes into the audience chamber, never
  that a place there belongs to one suit. So a King and Queen of one suit dropped on any empty
  place in the hall, and a Jack and Ace of one suit on any empty Jack place, go to the place of
  their suit, which is theirs from then on. Inside, the engine keeps one place per suit, in the
  order clubs, diamonds, hearts, spades: the pair places ``k1``–``k4`` and the Jack foundations
  ``j1``–``j4`` (so ``k3`` is the hearts pair); :meth:`QueensAudiencePosition.canonical` reads such
  a drop as the move to its suit's place (``r5+w-k1`` is played as ``r5+w-k3``), and
  :meth:`legal_moves` lists each move once, to that place. A drop on a place another suit has
  taken is refused, naming the cards that lie there. On the board (:meth:`layout`) an empty place
  names no suit, a taken one names its suit.
* A pair move names both cards, the card that lies underneath first: ``r5+w-k3`` (King from ``r5``,
  Queen from the waste). The other order is accepted and written the canonical way. A Jack and Ace
  enter the same way, Ace first: ``r2+r9-j1``.
* Several spaces at once are filled in square order (``r1`` first); once waste and stock are
  empty a space stays empty.

Pile ids: ``r1``–``r16`` the square clockwise from the top-left corner, four to a side (``r1``–``r4``
the top row left to right, ``r5``–``r8`` down the right side, ``r9``–``r12`` the bottom row right to
left, ``r13``–``r16`` up the left side; the corners stay open), ``k1``–``k4`` the pairs, ``j1``–``j4`` the Jack
foundations (bottom card first: Ace, Jack, 10, …), ``s`` stock, ``w`` waste.

Card string: 52 codes, the sixteen square cards ``r1`` to ``r16``, then the stock from its top
card down. A numbered deal is the deal shuffle of :mod:`tutor.cards` read in that order.

Variants (same card string):

* ``kings-audience`` (Morehead and Mott-Smith's name): the King goes on the Queen instead; the play
  is the same, the pair is written Queen first (``r7+r2-k1``) and lies the other way up.
* ``round-hall`` (W. B. Dick, 1883): the hall is laid out in a circle, hearts pair at the top,
  diamonds at the bottom, spades left, clubs right, each Jack between them, clockwise after its
  own pair (hearts Jack top right, clubs bottom right, diamonds bottom left, spades top left).
  Same play, a different :meth:`layout`.
* ``one-redeal``: when the stock is used up (and nothing else goes), the waste is turned over
  unshuffled as the new stock (``w-s``) and played through once more; ``counters["passes"]``
  counts the passes.
"""

from __future__ import annotations

from typing import ClassVar

from tutor.cards import ACE, JACK, KING, QUEEN, SUIT_CODES, Card, card
from tutor.engine import Move, PileView, Position, Refusal, Rules, cached_move, first_space_fill, register
from tutor.games.queens_audience.layout import JACK_IDS, PAIR_IDS, SQUARE_IDS, SQUARE_SIZE, square_layout
from tutor.i18n import Text

GAME = "queens-audience"
SUIT_INDEX = {suit: i for i, suit in enumerate(SUIT_CODES)}
FULL_JACK_PILE = 11  # Ace, Jack, 10 … 2
_HALL_PLACES = frozenset(PAIR_IDS + JACK_IDS)

_move = cached_move  # one Move object per pile pair: generating moves creates none

TURN = _move("s", "w")
REDEAL = _move("w", "s")
_SUIT_CARDS = [[card(rank, suit) for rank in range(1, KING + 1)] for suit in SUIT_CODES]


class QueensAudienceRules(Rules):
    game_id = GAME
    title = Text("queens-audience", "Queen's Audience")
    variants = {
        "": Text("queens-audience", "Queen's Audience"),
        "kings-audience": Text("queens-audience", "King's Audience"),
        "round-hall": Text("queens-audience", "Round chamber"),
        "one-redeal": Text("queens-audience", "One redeal"),
    }
    refusals = {  # each refusal of the checks below → the section of the page that states its rule
        "no-such-pile": "", "one-card-or-pair": "playing", "pair-two-cards": "playing", "empty-source": "playing",
        "empty-waste": "playing", "stock-through-waste": "playing", "stock-used-up": "playing",
        "nothing-onto-stock": "playing", "nothing-onto-waste": "playing", "chamber-cards-stay": "playing",
        "antechamber-no-building": "playing", "space-filled-by-itself": "playing", "not-a-royal-pair": "playing",
        "not-a-jack-and-ace": "playing", "pair-to-its-suit": "playing", "never-alone": "playing",
        "partner-not-free": "playing", "place-taken": "playing", "chamber-takes-royal-pairs": "playing",
        "foundation-starts-with-jack-and-ace": "playing", "foundation-build": "playing",
        "foundation-complete": "playing", "turn-only-when-stuck": "playing", "no-redeal": "playing",
        "stock-used-up-redeal": "variants", "redeal-before-stock-empty": "variants", "redeal-used": "variants",
        "redeal-empty-waste": "variants",
    }
    position_class: ClassVar[type[Position]]  # set below

    def __init__(self, variant: str = "") -> None:
        super().__init__(variant)
        self.max_passes = 2 if self.variant == "one-redeal" else 1
        # the card that lies underneath in a pair
        self.pair_bottom_rank = QUEEN if self.variant == "kings-audience" else KING
        self.pair_top_rank = KING if self.pair_bottom_rank == QUEEN else QUEEN


class QueensAudiencePosition(Position):
    rules: QueensAudienceRules

    # --- setting up -----------------------------------------------------------------------
    def _deal(self, cards: list[Card]) -> None:
        piles = self.piles
        for i, rid in enumerate(SQUARE_IDS):
            piles[rid] = [cards[i]]
        for pid in PAIR_IDS + JACK_IDS:
            piles[pid] = []
        piles["s"] = list(reversed(cards[SQUARE_SIZE:]))
        piles["w"] = []
        self._bind()

    def _bind(self) -> None:
        piles = self.piles
        self._square = [piles[r] for r in SQUARE_IDS]
        self._pairs = [piles[k] for k in PAIR_IDS]
        self._jacks = [piles[j] for j in JACK_IDS]
        self._stock = piles["s"]
        self._waste = piles["w"]

    # --- moves ------------------------------------------------------------------------------
    def _generate_moves(self) -> list[Move]:
        rules = self.rules
        # card → the pile where it is free (the square cards, then the waste top)
        free: dict[Card, str] = {}
        for i, pile in enumerate(self._square):
            if pile:
                free[pile[-1]] = SQUARE_IDS[i]
        waste = self._waste
        if waste:
            free[waste[-1]] = "w"
        moves: list[Move] = []
        get = free.get
        pair_under, pair_over = rules.pair_bottom_rank - 1, rules.pair_top_rank - 1
        for k in range(4):
            suit_cards = _SUIT_CARDS[k]
            if not self._pairs[k]:
                under = get(suit_cards[pair_under])
                if under is not None:
                    over = get(suit_cards[pair_over])
                    if over is not None:
                        moves.append(_move(f"{under}+{over}", PAIR_IDS[k]))
            size = len(self._jacks[k])
            if not size:
                ace = get(suit_cards[ACE - 1])
                if ace is not None:
                    jack = get(suit_cards[JACK - 1])
                    if jack is not None:
                        moves.append(_move(f"{ace}+{jack}", JACK_IDS[k]))
            elif size < FULL_JACK_PILE:
                where = get(suit_cards[11 - size])  # the card of rank 12 - size goes next
                if where is not None:
                    moves.append(_move(where, JACK_IDS[k]))
        if not moves:  # a new card is turned only when nothing else goes
            if self._stock:
                moves.append(TURN)
            elif waste and self.counters["passes"] < rules.max_passes:
                moves.append(REDEAL)
        return moves

    def _something_else_goes(self) -> Move | None:
        """A move other than turning the stock or the waste, if there is one."""
        for move in self._current_moves():
            if move is not TURN and move is not REDEAL:
                return move
        return None

    def canonical(self, move: Move | str) -> Move:
        """The move as :meth:`legal_moves` writes it: a pair's card that lies underneath first; and,
        where the rules text is silent (it says only that a pair comes into the audience chamber),
        a King and Queen of one suit dropped on any empty place in the hall, or a Jack and Ace on
        any empty Jack place, sent to their suit's place. A drop on a place another suit has taken
        stays there, to be refused."""
        move = self._as_move(move)
        sources = move.sources
        dst = move.dst
        if len(sources) != 2 or move.count != 1 or dst not in _HALL_PLACES:
            return move
        first, second = (self.piles.get(p) for p in sources)
        if not first or not second or sources[0] == sources[1]:
            return move
        rules = self.rules
        low, high = first[-1], second[-1]
        ranks = {low.rank, high.rank}
        royal = ranks == {rules.pair_bottom_rank, rules.pair_top_rank}
        if royal or ranks == {ACE, JACK}:
            under = rules.pair_bottom_rank if royal else ACE
        else:  # no pair: the order the place's kind wants, for the refusal
            under = rules.pair_bottom_rank if dst[0] == "k" else ACE
        if high.rank == under and low.rank != under:
            sources = (sources[1], sources[0])
            low, high = high, low
        free = all(p == "w" or p[0] == "r" for p in sources)
        if free and low.suit == high.suit and not self.piles[dst] and (
                royal or (dst[0] == "j" and ranks == {ACE, JACK})):
            dst = (PAIR_IDS if royal else JACK_IDS)[SUIT_INDEX[low.suit]]
        if sources == move.sources and dst == move.dst:
            return move
        return Move(f"{sources[0]}+{sources[1]}", dst)

    def _source_problem(self, pile_id: str) -> Refusal | None:
        """Why the card at ``pile_id`` cannot be played, or None if it is free."""
        if pile_id == "s":
            return Refusal("stock-through-waste", "queens-audience",
                           "a stock card is first turned onto the waste and played from there")
        if pile_id[0] in "kj":
            if self.piles[pile_id]:
                return Refusal("chamber-cards-stay", "queens-audience", "the {card} cannot leave the audience "
                               "chamber: cards there stay to the end", card=self.piles[pile_id][-1])
            return Refusal("chamber-cards-stay", "queens-audience",
                           "cards in the audience chamber stay there to the end")
        if not self.piles[pile_id]:
            if pile_id == "w":
                return Refusal("empty-waste", "queens-audience", "the waste is empty")
            return Refusal("empty-source", "queens-audience", "that place in the antechamber is empty")
        return None

    def _check(self, move: Move) -> Refusal | None:
        rules = self.rules
        piles = self.piles
        sources = move.sources
        dst = move.dst
        for pile_id in (*sources, dst):
            if pile_id not in piles:
                return Refusal("no-such-pile", "ui", 'there is no pile "{pile}" in this game', pile=pile_id)
        if move.count != 1 or len(sources) > 2:
            return Refusal("one-card-or-pair", "queens-audience",
                           "cards move one at a time, or two together as a royal pair or a Jack with its Ace")
        src = sources[0]
        if dst == "s":
            if src != "w" or len(sources) > 1:
                return self._source_problem(src) or Refusal(
                    "nothing-onto-stock", "queens-audience", "the {card} cannot go onto the stock: cards only leave "
                    "the stock", card=piles[src][-1])
            if rules.max_passes == 1:
                return Refusal("no-redeal", "queens-audience",
                               "there is no second pass: you go through the stock only once")
            if self._stock:
                return Refusal("redeal-before-stock-empty", "queens-audience",
                               "the waste is turned over only when the stock is used up")
            if self.counters["passes"] >= rules.max_passes:
                return Refusal("redeal-used", "queens-audience",
                               "the second pass has been used: the waste is not turned over again")
            if not self._waste:
                return Refusal("redeal-empty-waste", "queens-audience",
                               "the waste is empty, so there is nothing to turn over")
            return self._wait_for_nothing_else()
        if src == "s" and len(sources) == 1 and dst == "w":
            if not self._stock:
                if self._waste and self.counters["passes"] < rules.max_passes:
                    return Refusal("stock-used-up-redeal", "queens-audience",
                                   "the stock is used up: turn the waste over as the new stock")
                return Refusal("stock-used-up", "queens-audience", "the stock is used up")
            return self._wait_for_nothing_else()
        if dst == "w":
            return self._source_problem(src) or Refusal(
                "nothing-onto-waste", "queens-audience", "the {card} cannot go onto the waste: it takes only turned "
                "stock cards", card=piles[src][-1])
        if dst[0] == "r":
            return self._into_the_antechamber(src, dst)
        for pile_id in sources:
            problem = self._source_problem(pile_id)
            if problem is not None:
                return problem
        if len(sources) == 2 and sources[0] == sources[1]:
            return Refusal("pair-two-cards", "queens-audience", "a pair needs two different cards")
        cards = [piles[p][-1] for p in sources]
        target = piles[dst]
        suit_place = SUIT_INDEX[cards[0].suit] + 1
        if dst[0] == "k":
            wanted = (rules.pair_bottom_rank, rules.pair_top_rank)
            if len(cards) == 1:
                return self._alone_in_the_hall(cards[0], target, wanted)
            if (cards[0].rank, cards[1].rank) != wanted or cards[0].suit != cards[1].suit:
                return Refusal("not-a-royal-pair", "queens-audience",
                               "the {first} and the {second} are not a King and Queen of one suit", first=cards[0],
                            second=cards[1])
            if target:
                return self._taken(target, cards)
            if dst != f"k{suit_place}":
                return Refusal("pair-to-its-suit", "queens-audience",
                               "the {first} and the {second} go to the place of their suit in the audience chamber",
                            first=cards[0], second=cards[1])
            return None
        # dst is a Jack foundation
        royal = (rules.pair_bottom_rank, rules.pair_top_rank)
        if len(cards) == 2:
            if (cards[0].rank, cards[1].rank) == royal and cards[0].suit == cards[1].suit:
                if target:
                    return self._taken(target, cards)
                return Refusal("pair-to-its-suit", "queens-audience",
                               "the {first} and the {second} go to the place of their suit in the audience chamber",
                            first=cards[0], second=cards[1])
            if (cards[0].rank, cards[1].rank) != (ACE, JACK) or cards[0].suit != cards[1].suit:
                return Refusal("not-a-jack-and-ace", "queens-audience",
                               "the {first} and the {second} are not an Ace and Jack of one suit", first=cards[0],
                            second=cards[1])
            if target:
                return self._taken(target, cards)
            if dst != f"j{suit_place}":
                return Refusal("pair-to-its-suit", "queens-audience",
                               "the {first} and the {second} go to the place of their suit in the audience chamber",
                            first=cards[0], second=cards[1])
            return None
        moving = cards[0]
        if not target:
            if moving.rank in (ACE, JACK):
                return self._alone_in_the_hall(moving, target, (ACE, JACK))
            if moving.rank in royal:
                return self._alone_in_the_hall(moving, target, royal)
            return self._empty_foundation(moving)
        top = target[-1]
        if len(target) >= FULL_JACK_PILE:
            return Refusal("foundation-complete", "queens-audience", "the {card} cannot go onto the {top}: this "
                           "foundation is complete, down to the 2 of its suit", card=moving, top=top)
        if top.suit != moving.suit or top.rank != moving.rank + 1 or moving.rank == ACE:
            return Refusal("foundation-build", "queens-audience",
                           "the {card} cannot go onto the {top}: a Jack is built down in suit, from 10 to 2",
                           card=moving, top=top)
        return None

    def _alone_in_the_hall(self, moving: Card, target: list[Card], wanted: tuple[int, int]) -> Refusal:
        """Why one card cannot go alone onto a place in the hall: a pair place (``wanted`` the
        King and Queen, underneath first) or an empty Jack place (``wanted`` Ace and Jack)."""
        jacks = wanted == (ACE, JACK)
        if target and not jacks:
            return Refusal("place-taken", "queens-audience", "the {card} cannot go there: this place in the "
                           "audience chamber already holds the {first} and the {second}", card=moving,
                           first=target[0], second=target[1])
        if moving.rank not in wanted:
            return Refusal("chamber-takes-royal-pairs", "queens-audience",
                           "the {card} is neither a King nor a Queen: this place in the audience chamber "
                           "takes a King and a Queen of one suit, together", card=moving)
        partner = _SUIT_CARDS[SUIT_INDEX[moving.suit]][wanted[moving.rank == wanted[0]] - 1]
        free = any(self.piles[p] and self.piles[p][-1] == partner for p in (*SQUARE_IDS, "w"))
        if jacks:
            if free:
                return Refusal("never-alone", "queens-audience",
                               "the {card} can only go onto a foundation together with the {partner}",
                            card=moving, partner=partner)
            return Refusal("partner-not-free", "queens-audience",
                           "the {card} can only go onto a foundation together with the {partner}, "
                           "and the {partner} is not free", card=moving, partner=partner)
        if free:
            return Refusal("never-alone", "queens-audience",
                           "the {card} comes into the audience chamber only together with the {partner}",
                        card=moving, partner=partner)
        return Refusal("partner-not-free", "queens-audience",
                       "the {card} comes into the audience chamber only together with the {partner}, "
                       "and the {partner} is not free", card=moving, partner=partner)

    def _taken(self, target: list[Card], cards: list[Card]) -> Refusal:
        """Why a pair cannot go onto a place in the hall that another suit has taken."""
        if target[0].rank != ACE:  # a King and Queen
            return Refusal("place-taken", "queens-audience",
                           "this place in the audience chamber already holds the {first} and the "
                           "{second}: the {third} and the {fourth} go onto an empty place",
                        first=target[0], second=target[1], third=cards[0], fourth=cards[1])
        return Refusal("place-taken", "queens-audience",
                       "this foundation already holds the {jack}: the {first} and the {second} go "
                       "onto an empty place", jack=target[1], first=cards[0], second=cards[1])

    def _wait_for_nothing_else(self) -> Refusal | None:
        other = self._something_else_goes()
        if other is None:
            return None
        cards = [self.piles[p][-1] for p in other.sources]
        if len(cards) == 2:
            return Refusal("turn-only-when-stuck", "queens-audience",
                           "you may turn up a card from the stock only when nothing else goes, and the {first} and "
                           "the {second} can still enter together", first=cards[0], second=cards[1])
        return Refusal("turn-only-when-stuck", "queens-audience",
                       "you may turn up a card from the stock only when nothing else goes, and the {card} still "
                       "goes onto the {top}", card=cards[0], top=self.piles[other.dst][-1])

    def _into_the_antechamber(self, src: str, dst: str) -> Refusal:
        """Why the card at ``src`` cannot go to ``dst``, a place in the antechamber: cards there never go
        onto each other, and a space there fills itself."""
        source, target = self.piles[src], self.piles[dst]
        if src == "s" or not source or src[0] in "kj":  # the stock's card is hidden; the chamber's stay there
            return self._source_problem(src) or Refusal("empty-source", "queens-audience",
                                                        "that place in the antechamber is empty")
        moving = source[-1]
        if src[0] != "r":
            return Refusal("space-filled-by-itself", "queens-audience", "the {card} cannot go into the antechamber: "
                           "a space there is filled at once from the waste or the stock", card=moving)
        if not target:
            return Refusal("antechamber-no-building", "queens-audience", "the {card} cannot go into that space: "
                           "cards in the antechamber can only go into the audience chamber", card=moving)
        return Refusal("antechamber-no-building", "queens-audience", "the {card} cannot go onto the {top}: cards in "
                       "the antechamber never go onto each other, only into the audience chamber", card=moving,
                       top=target[-1])

    def _empty_foundation(self, moving: Card) -> Refusal:
        """Why ``moving``, a single card, cannot go onto an empty Jack place, with an example from the
        position (a free Jack and its Ace) when there is one."""
        free = [self.piles[p][-1] for p in (*SQUARE_IDS, "w") if self.piles[p]]
        for jack in free:
            if jack.rank == JACK:
                ace = next((card for card in free if card.rank == ACE and card.suit == jack.suit), None)
                if ace is not None:
                    return Refusal("foundation-starts-with-jack-and-ace", "queens-audience",
                                   "the {card} cannot start this foundation: a Jack and the Ace of its suit "
                                   "start it together, as the {jack} and the {ace} could now",
                                   card=moving, jack=jack, ace=ace)
        return Refusal("foundation-starts-with-jack-and-ace", "queens-audience",
                       "the {card} cannot start this foundation: a Jack and the Ace of its suit start it together",
                       card=moving)

    def _apply(self, move: Move) -> None:
        src = move.src
        if move is REDEAL or (src == "w" and move.dst == "s"):
            self._move_cards("w", "s", len(self._waste), flip=True)
            self._set_counter("passes", self.counters["passes"] + 1)
        elif "+" in src:
            first, second = src.split("+")
            self._move_cards(first, move.dst)
            self._move_cards(second, move.dst)
        else:
            self._move_cards(src, move.dst)

    def _compulsory(self) -> Move | None:
        return first_space_fill(self._waste, self._stock, self._square, SQUARE_IDS)

    def is_won(self) -> bool:
        return all(len(p) == 2 for p in self._pairs) and all(len(j) == FULL_JACK_PILE for j in self._jacks)

    # --- words and pictures -------------------------------------------------------------------
    def describe(self, move: Move | str) -> Text:
        move = self.canonical(move)
        src, dst = move.src, move.dst
        if src == "s" and dst == "w":
            return Text("queens-audience", "Turn the top card of the stock onto the waste")
        if src == "w" and dst == "s":
            return Text("queens-audience", "Turn the waste over as the new stock")
        sources = move.sources
        if not all(self.piles.get(p) for p in sources) or dst not in self.piles:
            return Text("queens-audience", "This move cannot be made here")
        cards = [self.piles[p][-1] for p in sources]
        if dst[0] == "r":
            if src == "s":
                return Text("queens-audience", "The stock fills the space in the antechamber with the {card}.",
                            card=cards[0])
            return Text("queens-audience", "The waste gives its top card, the {card}, to fill the space in the "
                                           "antechamber.", card=cards[0])
        if len(cards) == 2 and dst[0] == "k":
            if self.rules.pair_bottom_rank == KING:
                return Text("queens-audience",
                            "The {king} and the {queen} enter the audience chamber together, the Queen on the King",
                            king=cards[0], queen=cards[1])
            return Text("queens-audience",
                        "The {queen} and the {king} enter the audience chamber together, the King on the Queen",
                        queen=cards[0], king=cards[1])
        if len(cards) == 2:
            return Text("queens-audience",
                        "The {jack} and the {ace} enter the audience chamber: the Jack, on the Ace, becomes a "
                        "foundation",
                        ace=cards[0], jack=cards[1])
        target = self.piles[dst]
        top = target[-1] if target else cards[0]
        if src == "w":
            return Text("queens-audience", "Move the {card} from the waste onto the {top} in the audience chamber",
                        card=cards[0], top=top)
        return Text("queens-audience", "Move the {card} from the antechamber onto the {top} in the audience chamber",
                    card=cards[0], top=top)

    def layout(self) -> list[PileView]:
        return square_layout(self.piles, self.rules.variant == "round-hall")


QueensAudienceRules.position_class = QueensAudiencePosition
register(QueensAudienceRules)
