"""Fortune's Favour: the rules engine (game id ``fortunes-favour``).

The rules, as the rules pages give them (seeds 000 German / 003 English):

* The four Aces start the foundations, in a row; each foundation is built up in suit to the King.
* The other 48 cards are shuffled; twelve are dealt face up in two rows of six (the tableau), the
  remaining 36 are the stock, face down, with room for the waste beside it.
* Only the top card of a tableau pile, and the top card of the waste, can be moved, one card at a
  time: onto its foundation if it is the next card of that suit, or onto a tableau top card of the
  same suit and one rank higher (build down in suit: 7♥ onto 8♥).
* A tableau pile that is emptied is filled at once with the top card of the waste, or, if the
  waste is empty, with the top card of the stock (nothing if both are empty). The engine does
  this itself (compulsory, ``forced`` history entries ``w-t3`` / ``s-t3``).
* When the player wants, the top card of the stock is turned onto the waste (``s-w``); from there
  it may be played. One pass through the stock, no redeal.
* Won: all 52 cards on the foundations. Lost: the stock is used up and no move is left.

Details the seeds leave open, settled here (the commonest published rule):

* Foundations ``f1``–``f4`` hold the suits in the order clubs, diamonds, hearts, spades.
* Several spaces at once are filled in pile order (``t1`` first). A space is never filled by the
  player in the base game, so once waste and stock are empty a space stays empty.
* Cards never leave a foundation.

Pile ids: ``f1``–``f4`` (``f1``–``f8`` in Busy Aces), ``t1``–``t12`` (``t1``–``t6`` the first
row, left to right, ``t7``–``t12`` the second), ``s`` stock, ``w`` waste.

Card string (what :meth:`Rules.from_cards` reads and ``card_string()`` gives): 48 codes, the
tableau piles ``t1`` to ``t12``, then the stock from its top card down; the Aces are not in it.
A numbered deal shuffles the 52-card pack by the deal shuffle of :mod:`tutor.cards` and then
takes the Aces out, keeping the order of the rest.

Variants:

* ``one-redeal`` (1892/1898): when the stock is used up, the waste is turned over, unshuffled, as
  a new stock (move ``w-s``, only when the stock is empty and the waste is not), and played
  through once more. ``counters["passes"]`` counts the passes (1, then 2).
* ``busy-aces``: two decks shuffled together (card string: 104 codes, the twelve tableau cards,
  then the stock from the top down). Twelve piles of one card each; the Aces stay in the pack and
  each starts one of the eight foundations (``f1``–``f8``, any empty one) as it turns up; a
  foundation is built up in the Ace's suit. Spaces are not filled by the engine: the player may
  move any tableau top card or the waste top into a space whenever they like (moving a pile's
  only card into another space would change nothing and is not a move). Building down in suit, one
  card at a time, one pass through the stock, as in the base game.
"""

from __future__ import annotations

from typing import ClassVar

from tutor.cards import ACE, KING, SUIT_CODES, Card, card
from tutor.engine import Move, PileView, Position, Refusal, Rules, cached_move, first_space_fill, register
from tutor.i18n import Text

GAME = "fortunes-favour"
TABLEAU_PILES = 12
ROW_LENGTH = 6
SUIT_INDEX = {suit: i for i, suit in enumerate(SUIT_CODES)}

_move = cached_move  # one Move object per pile pair: generating moves creates none

TURN = _move("s", "w")
REDEAL = _move("w", "s")
TABLEAU_IDS = tuple(f"t{i}" for i in range(1, TABLEAU_PILES + 1))
FOUNDATION_IDS = tuple(f"f{k}" for k in range(1, 9))
# Per card: (suit index = its foundation in the one-deck game, number of cards below it on a
# foundation, the card one rank higher in the same suit, which it may go onto; None above a King).
# The tables of the move generators are keyed by card and looked up by that higher card, so their
# keys are typed ``Card | None``: None is never a key, a lookup by it finds nothing.
_CARD_INFO: dict[Card | None, tuple[int, int, Card | None]] = {
    card(rank, suit): (SUIT_INDEX[suit], rank - 1, card(rank + 1, suit) if rank < KING else None)
    for suit in SUIT_CODES for rank in range(1, KING + 1)
}
_TABLEAU_TO_FOUNDATION = [[_move(t, f) for f in FOUNDATION_IDS] for t in TABLEAU_IDS]
_TABLEAU_TO_TABLEAU = [[_move(t, u) for u in TABLEAU_IDS] for t in TABLEAU_IDS]
_WASTE_TO_FOUNDATION = [_move("w", f) for f in FOUNDATION_IDS]
_WASTE_TO_TABLEAU = [_move("w", u) for u in TABLEAU_IDS]


class FortunesFavourRules(Rules):
    game_id = GAME
    title = Text("fortunes-favour", "Fortune's Favour")
    variants = {
        "": Text("fortunes-favour", "Fortune's Favour"),
        "one-redeal": Text("fortunes-favour", "One redeal"),
        "busy-aces": Text("fortunes-favour", "Busy Aces"),
    }

    def __init__(self, variant: str = "") -> None:
        super().__init__(variant)
        self.busy_aces = self.variant == "busy-aces"
        self.decks = 2 if self.busy_aces else 1
        self.foundation_count = 8 if self.busy_aces else 4
        self.max_passes = 2 if self.variant == "one-redeal" else 1
        self.fills_spaces = not self.busy_aces
        self.foundation_ids = FOUNDATION_IDS[:self.foundation_count]

    refusals = {  # each refusal of the checks below → the section of the page that states its rule
        "no-such-pile": "", "same-pile": "playing", "one-card-at-a-time": "playing", "empty-source": "playing",
        "empty-waste": "playing", "stock-through-waste": "playing", "stock-used-up": "playing",
        "nothing-onto-stock": "playing", "nothing-onto-waste": "playing", "foundation-cards-stay": "playing",
        "foundation-starts-with-ace": "playing", "foundation-build": "playing", "tableau-build": "playing",
        "space-filled-by-itself": "playing", "no-redeal": "playing", "stock-used-up-redeal": "variants",
        "redeal-before-stock-empty": "variants", "redeal-used": "variants", "redeal-empty-waste": "variants",
        "space-changes-nothing": "variants",
    }
    position_class: ClassVar[type[Position]]  # set below

    def order_for_deal(self, shuffled_pack: list[Card]) -> list[Card]:
        if self.busy_aces:
            return shuffled_pack
        return [c for c in shuffled_pack if c.rank != ACE]

    def card_string_pack(self) -> list[Card]:
        return self.order_for_deal(self.pack())


class FortunesFavourPosition(Position):
    rules: FortunesFavourRules

    # --- setting up -----------------------------------------------------------------------
    def _deal(self, cards: list[Card]) -> None:
        rules = self.rules
        piles = self.piles
        for i, fid in enumerate(rules.foundation_ids):
            piles[fid] = [] if rules.busy_aces else [card(ACE, SUIT_CODES[i])]
        for i, tid in enumerate(TABLEAU_IDS):
            piles[tid] = [cards[i]]
        piles["s"] = list(reversed(cards[TABLEAU_PILES:]))
        piles["w"] = []
        self._bind()

    def _bind(self) -> None:
        piles = self.piles
        self._tableau = [piles[t] for t in TABLEAU_IDS]
        self._foundations = [piles[f] for f in self.rules.foundation_ids]
        self._stock = piles["s"]
        self._waste = piles["w"]

    # --- moves ------------------------------------------------------------------------------
    def _generate_moves(self) -> list[Move]:
        return self._moves_busy_aces() if self.rules.busy_aces else self._moves_one_deck()

    def _moves_one_deck(self) -> list[Move]:
        # The hot loop of every solver and simulator: table look-ups only, no objects made.
        foundation_sizes = [len(f) for f in self._foundations]
        tops: dict[Card | None, int] = {}
        for i, pile in enumerate(self._tableau):
            if pile:
                tops[pile[-1]] = i
        moves: list[Move] = []
        append = moves.append
        for c, i in tops.items():
            suit, below, higher = _CARD_INFO[c]
            if foundation_sizes[suit] == below:
                append(_TABLEAU_TO_FOUNDATION[i][suit])
            j = tops.get(higher)
            if j is not None:
                append(_TABLEAU_TO_TABLEAU[i][j])
        waste = self._waste
        if waste:
            suit, below, higher = _CARD_INFO[waste[-1]]
            if foundation_sizes[suit] == below:
                append(_WASTE_TO_FOUNDATION[suit])
            j = tops.get(higher)
            if j is not None:
                append(_WASTE_TO_TABLEAU[j])
        if self._stock:
            append(TURN)
        elif waste and self.counters["passes"] < self.rules.max_passes:
            append(REDEAL)
        return moves

    def _moves_busy_aces(self) -> list[Move]:
        foundations = self._foundations
        tops: dict[Card | None, list[int]] = {}
        spaces: list[int] = []
        sources: list[tuple[Card, int, int]] = []  # card, tableau index (-1: the waste), pile height
        for i, pile in enumerate(self._tableau):
            if pile:
                c = pile[-1]
                tops.setdefault(c, []).append(i)
                sources.append((c, i, len(pile)))
            else:
                spaces.append(i)
        if self._waste:
            sources.append((self._waste[-1], -1, 0))
        # the card each foundation takes next → those foundations; empty ones take any Ace
        wanted: dict[Card | None, list[int]] = {}
        empty_foundations: list[int] = []
        for k, f in enumerate(foundations):
            if f:
                wanted.setdefault(_CARD_INFO[f[-1]][2], []).append(k)
            else:
                empty_foundations.append(k)
        moves: list[Move] = []
        append = moves.append
        for c, i, height in sources:
            to_foundation = _WASTE_TO_FOUNDATION if i < 0 else _TABLEAU_TO_FOUNDATION[i]
            to_tableau = _WASTE_TO_TABLEAU if i < 0 else _TABLEAU_TO_TABLEAU[i]
            higher = _CARD_INFO[c][2]
            for k in (empty_foundations if c.rank == ACE else wanted.get(c, ())):
                append(to_foundation[k])
            for j in tops.get(higher, ()):
                append(to_tableau[j])
            if height != 1:  # a pile's only card into a space would change nothing
                for j in spaces:
                    append(to_tableau[j])
        if self._stock:
            append(TURN)
        return moves

    def _check(self, move: Move) -> Refusal | None:
        rules = self.rules
        piles = self.piles
        src, dst = move.src, move.dst
        for pile_id in (*move.sources, dst):
            if pile_id not in piles:
                return Refusal("no-such-pile", "ui", 'there is no pile "{pile}" in this game', pile=pile_id)
        if "+" in src:
            return Refusal("one-card-at-a-time", "fortunes-favour", "only one card at a time may be moved")
        if move.count != 1:
            return Refusal("one-card-at-a-time", "fortunes-favour", "only one card at a time may be moved")
        if src == dst:
            return Refusal("same-pile", "fortunes-favour", "a card cannot move onto its own pile")
        if src == "s":
            if dst != "w":
                return Refusal("stock-through-waste", "fortunes-favour",
                               "a stock card is first turned onto the waste and played from there")
            if not self._stock:
                if self._waste and self.counters["passes"] < rules.max_passes:
                    return Refusal("stock-used-up-redeal", "fortunes-favour",
                                   "the stock is used up: turn the waste over as the new stock")
                return Refusal("stock-used-up", "fortunes-favour", "the stock is used up")
            return None
        source = piles[src]
        if dst in ("s", "w") and not (src == "w" and dst == "s") and not source:
            return self._empty(src)
        if dst == "s":
            if src != "w":
                return Refusal("nothing-onto-stock", "fortunes-favour",
                               "the {card} cannot go onto the stock: cards only leave the stock", card=source[-1])
            if rules.max_passes == 1:
                return Refusal("no-redeal", "fortunes-favour",
                               "there is no redeal in this game: you go through the stock only once")
            if self._stock:
                return Refusal("redeal-before-stock-empty", "fortunes-favour",
                               "the waste is turned over only when the stock is used up")
            if self.counters["passes"] >= rules.max_passes:
                return Refusal("redeal-used", "fortunes-favour",
                               "the one redeal has been used: the waste is not turned over again")
            if not self._waste:
                return Refusal("redeal-empty-waste", "fortunes-favour",
                               "the waste is empty, so there is nothing to turn over")
            return None
        if dst == "w":
            return Refusal("nothing-onto-waste", "fortunes-favour",
                           "the {card} cannot go onto the waste: it takes only turned stock cards", card=source[-1])
        if src[0] == "f":
            if not source:
                return self._empty(src)
            return Refusal("foundation-cards-stay", "fortunes-favour",
                           "the {card} cannot leave its foundation: cards on a foundation stay there", card=source[-1])
        if not source:
            return self._empty(src)
        moving = source[-1]
        target = piles[dst]
        if dst[0] == "f":
            if not target:
                if moving.rank == ACE:
                    return None
                return Refusal("foundation-starts-with-ace", "fortunes-favour",
                               "the {card} cannot start a foundation: only an Ace can", card=moving)
            top = target[-1]
            if top.suit != moving.suit or top.rank != moving.rank - 1:
                return Refusal("foundation-build", "fortunes-favour",
                               "the {card} cannot go onto the {top}: a foundation is built up in suit, one rank at "
                               "a time", card=moving, top=top)
            return None
        # onto the tableau
        if not target:
            if not rules.busy_aces:
                return Refusal("space-filled-by-itself", "fortunes-favour", "the {card} cannot go into the space: "
                               "a space is filled only from the waste or the stock, at once, not by a move",
                               card=moving)
            if len(source) == 1 and src != "w":
                return Refusal("space-changes-nothing", "fortunes-favour", "the {card} is the only card of its "
                               "pile: moving it into a space would change nothing", card=moving)
            return None
        top = target[-1]
        if top.suit != moving.suit or top.rank != moving.rank + 1:
            return Refusal("tableau-build", "fortunes-favour",
                           "the {card} cannot go onto the {top}: a tableau card must be the same suit and one rank "
                           "lower", card=moving, top=top)
        return None

    def _empty(self, pile_id: str) -> Refusal:
        """Why nothing moves from the empty pile ``pile_id`` (only notation names one)."""
        if pile_id == "w":
            return Refusal("empty-waste", "fortunes-favour", "the waste is empty")
        if pile_id[0] == "f":
            return Refusal("foundation-cards-stay", "fortunes-favour", "cards on a foundation stay there")
        return Refusal("empty-source", "fortunes-favour", "pile {n} is empty", n=pile_id[1:])

    def _apply(self, move: Move) -> None:
        if move is REDEAL or (move.src == "w" and move.dst == "s"):
            self._move_cards("w", "s", len(self._waste), flip=True)
            self._set_counter("passes", self.counters["passes"] + 1)
        else:
            self._move_cards(move.src, move.dst)

    def _compulsory(self) -> Move | None:
        if not self.rules.fills_spaces:
            return None
        return first_space_fill(self._waste, self._stock, self._tableau, TABLEAU_IDS)

    # --- the end ----------------------------------------------------------------------------
    def _rearrangeable_piles(self) -> tuple[str, ...]:
        """Busy Aces: with two decks a card can go to and fro between two cards it fits, or among
        spaces (see ``base.Position.is_lost``). One deck: a card that goes onto its one higher card
        stays there, and an emptied pile is filled at once, so no move can be undone."""
        return TABLEAU_IDS[:len(self._tableau)] if self.rules.busy_aces else ()

    def builds_on(self, lower: Card, upper: Card) -> bool:
        """Whether ``lower`` may lie on ``upper`` in the tableau: the next lower card of the same suit."""
        return lower.suit == upper.suit and lower.rank + 1 == upper.rank

    def is_won(self) -> bool:
        return all(len(f) == KING for f in self._foundations)

    # --- words and pictures -------------------------------------------------------------------
    def describe(self, move: Move | str) -> Text:
        move = self.canonical(move)
        src, dst = move.src, move.dst
        if src == "s" and dst == "w":
            return Text("fortunes-favour", "Turn the top card of the stock onto the waste")
        if src == "w" and dst == "s":
            return Text("fortunes-favour", "Turn the waste over as the new stock")
        source = self.piles.get(src)
        target = self.piles.get(dst)
        if not source or target is None:
            return Text("fortunes-favour", "This move cannot be made here")
        moving = source[-1]
        if dst.startswith("t") and not target:
            if src == "s":
                return Text("fortunes-favour", "The stock fills the space at pile {n} with the {card}.", n=dst[1:],
                            card=moving)
            if src == "w":
                if self.rules.fills_spaces:
                    return Text("fortunes-favour", "The waste gives its top card, the {card}, to fill the space at "
                                                   "pile {n}.", n=dst[1:], card=moving)
                return Text("fortunes-favour", "Move the {card} from the waste into the space at pile {n}", n=dst[1:],
                            card=moving)
            return Text("fortunes-favour", "Move the {card} from pile {src} into the space at pile {n}",
                        card=moving, src=src[1:], n=dst[1:])
        if dst.startswith("f"):
            if not target:
                if src == "w":
                    return Text("fortunes-favour", "Move the {card} from the waste to start a new foundation",
                                card=moving)
                return Text("fortunes-favour", "Move the {card} from pile {src} to start a new foundation", card=moving,
                            src=src[1:])
            if src == "w":
                return Text("fortunes-favour", "Move the {card} from the waste to its foundation", card=moving)
            return Text("fortunes-favour", "Move the {card} from pile {src} to its foundation", card=moving,
                        src=src[1:])
        if not dst.startswith("t") or not target:
            return Text("fortunes-favour", "This move cannot be made here")  # not a move of this game
        if src == "w":
            return Text("fortunes-favour", "Move the {card} from the waste onto the {top} on pile {n}",
                        card=moving, top=target[-1], n=dst[1:])
        return Text("fortunes-favour", "Move the {card} from pile {src} onto the {top} on pile {n}",
                    card=moving, src=src[1:], top=target[-1], n=dst[1:])

    def layout(self) -> list[PileView]:
        """Stock and waste side by side at the top left; the foundations in a row at the top right,
        set apart from the waste by a gap and closer to each other (Busy Aces: eight); the tableau
        in two rows of six below, each pile numbered as the narrations number it ("pile 7")."""
        step_x, row_y = 1.15, (1.35, 3.85)
        foundation_step = 1.05
        views = [
            PileView("s", "stock", tuple(self._stock), 0.0, 0.0, face_down=len(self._stock),
                     label=Text("fortunes-favour", "Stock"), caption=Text("fortunes-favour", "Stock")),
            PileView("w", "waste", tuple(self._waste), step_x, 0.0, fan="none", label=Text("fortunes-favour", "Waste"),
                     caption=Text("fortunes-favour", "Waste")),
        ]
        foundation_ids = self.rules.foundation_ids
        # right-aligned with the tableau when the row has room, else just after the gap
        first_x = max(step_x * (ROW_LENGTH - 1) - foundation_step * (len(foundation_ids) - 1), 2 * step_x + 0.3)
        for k, fid in enumerate(foundation_ids):
            views.append(PileView(fid, "foundation", tuple(self.piles[fid]),
                                  round(first_x + foundation_step * k, 3), 0.0,
                                  label=Text("fortunes-favour", "Foundation"),
                                  caption=Text("fortunes-favour", "Foundations") if k == 0 else None,
                                  caption_anchor="start"))
        for i, tid in enumerate(TABLEAU_IDS):
            row, col = divmod(i, ROW_LENGTH)
            pile_name = Text("fortunes-favour", "Pile {n}", n=i + 1)
            views.append(PileView(tid, "tableau", tuple(self.piles[tid]), step_x * col, row_y[row],
                                  fan="down", label=pile_name, caption=pile_name))
        return views


FortunesFavourRules.position_class = FortunesFavourPosition
register(FortunesFavourRules)

