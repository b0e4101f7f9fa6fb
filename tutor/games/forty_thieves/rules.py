"""Forty Thieves (Napoleon at St. Helena, Big Forty) and its variants.

The rules follow the user's rules text (``seeds/004``); where it is silent we take the commonest
published rule and say so here.

Layout and piles
    ``t1`` … ``t10`` the tableau columns (``t1`` … ``t12`` in *limited* and *sixty-thieves*), all
    cards face up, fanned downwards; the last card of a column's list is its top, the only card of
    the column that may move ("Nur die unterste Karte jeder Tableau-Spalte liegt oben").
    ``f1`` … ``f8`` the foundations (``f1`` … ``f12`` with three decks), ``s`` the talon (face
    down), ``w`` the waste (face up; its top card is available).

Card string (what :meth:`Rules.from_cards` reads and ``deal(n)`` produces from the shuffled pack)
    The tableau dealt row by row, then the talon from the top down:

    * base game and every variant of the same layout (josephine, indian, streets, kings-only,
      one-redeal, two-redeals): 104 codes; codes 1–10 are row 1 (the card at the back of columns
      1–10), 11–20 row 2, 21–30 row 3, 31–40 row 4 (the available cards), codes 41–104 the talon,
      code 41 its top card (the first one turned);
    * *limited*: 104 codes; three rows of 12 (codes 1–36), then the 68-card talon from the top;
    * *sixty-thieves*: 156 codes (three decks); five rows of 12 (codes 1–60), then the 96-card
      talon from the top.

    ``deal(n)`` takes the documented shuffle of the ordered pack (``tutor.cards``) as the card
    string directly.

Rules (one card at a time unless a variant says otherwise)
    * A card goes onto a foundation if it is the next rank up in the same suit; an Ace goes onto
      any empty foundation. Foundations carry no suit of their own. Cards on a foundation are fixed:
      nothing comes back from a foundation (the seed says so).
    * A card goes onto a column whose top card is one rank higher and, in the base game, of the
      same suit (*indian*: any suit but the card's own; *streets*: the other colour).
    * Any available card (a column's top or the waste's top: "von einem Tableau-Stapel oder vom
      Ablagestapel") may fill an empty column (*kings-only*: only a King).
    * ``s-w`` turns the talon's top card face up onto the waste, one card at a time, whenever the
      talon has cards.
    * The talon runs through once (``counters["passes"]`` is 1). *one-redeal* / *two-redeals*
      allow one / two more passes: when the talon is empty, ``w-s`` gathers the waste, turns it
      face down as the new talon (so the card turned first comes first again) and counts the pass.
      A redeal needs a non-empty waste.
    * *josephine*: the top ``N`` cards of a column move as a unit (``t2-t5x3``) when they form a
      sequence of one suit in descending order; the destination must accept the sequence's
      bottom card as it would accept that card alone, and any sequence may fill an empty column.
      Sequences never go onto a foundation (one card at a time there) and never come from the
      waste (only its top card is available).
    * *kings-only*: only a King fills an empty column; in a sequence-moving variant a King-led
      sequence would too (the check looks at the bottom card of what moves).
    * Won: every card lies on a foundation. Lost: not won, and no sequence of moves can bring a
      card home, take one from the waste or turn or redeal the talon — all that is left, if
      anything, is moving cards to and fro among the columns (see ``base.Position.is_lost``).

Where the rules text is silent, the commonest published rule (our choice, stated once here)
    * Foundations belong to no suit and no place: an Ace goes onto any empty foundation.
    * The talon turns one card at a time; an empty column may be filled from the waste too.
    * A redeal keeps the order: the waste turned face down puts its first-turned card on top.
    * Josephine: a sequence may fill an empty column; sequences come only from columns and go only
      onto columns.
    * Indian and Streets deal all cards face up like the base game (some books deal Indian's first
      row face down; the rules text does not, so neither do we).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.cards import ALL_CARDS, KING, Card
from tutor.engine import OTHER_SUIT, Move, PileView, Position, Refusal, Rules, register
from tutor.games.forty_thieves.building import (
    ACCEPT_KEYS,
    ANY_CARD,
    KINGS,
    NEXT_UP,
    SOURCE_KEYS,
    VARIANTS,
    build_reason,
    fits,
)
from tutor.games.forty_thieves.layout import columns_layout
from tutor.i18n import Text, in_words

if TYPE_CHECKING:
    from collections.abc import Collection


class FortyThievesPosition(Position):
    """A Forty Thieves position; see the module docstring for the rules."""

    rules: FortyThievesRules

    # --- deal ------------------------------------------------------------------------------
    def _deal(self, cards: list[Card]) -> None:
        rules = self.rules
        spec = rules.spec
        piles: dict[str, list[Card]] = {"s": [], "w": []}
        for pid in rules.column_ids:
            piles[pid] = []
        for pid in rules.foundation_ids:
            piles[pid] = []
        dealt = spec.columns * spec.rows
        for i in range(dealt):
            piles[rules.column_ids[i % spec.columns]].append(cards[i])
        talon = cards[dealt:]
        talon.reverse()  # the card string lists the talon from the top down; a pile is bottom first
        piles["s"] = talon
        self.piles = piles
        self._bind()

    def _bind(self) -> None:
        """Keep direct references to the pile lists (mutated in place; a copy binds its own)."""
        piles = self.piles
        self._columns = [piles[pid] for pid in self.rules.column_ids]
        self._foundations = [piles[pid] for pid in self.rules.foundation_ids]
        self._stock = piles["s"]
        self._waste = piles["w"]
        self._sources = self._columns + [self._waste]  # the rows of the move tables, in order

    # --- moves -----------------------------------------------------------------------------
    def _generate_moves(self) -> list[Move]:
        rules = self.rules
        next_up = NEXT_UP
        columns = self._columns
        accept_key = rules.accept_key
        source_key = rules.source_key
        other_suit_only = rules.spec.build == OTHER_SUIT

        # One dictionary entry per column top: the key of the cards it takes → the columns.
        accepts: dict[object, list[int]] = {}
        empty_columns: list[int] = []
        index = 0
        for column in columns:
            if column:
                key = accept_key[column[-1]]
                if key is not None:
                    if key in accepts:
                        accepts[key].append(index)
                    else:
                        accepts[key] = [index]
            else:
                empty_columns.append(index)
            index += 1
        wanted: dict[Card, list[int]] = {}  # card → the foundations that take it
        empty_foundations: list[int] = []
        index = 0
        for foundation in self._foundations:
            if foundation:
                up = next_up[foundation[-1]]
                if up is not None:
                    if up in wanted:
                        wanted[up].append(index)
                    else:
                        wanted[up] = [index]
            else:
                empty_foundations.append(index)
            index += 1
        fills_empty: Collection[int]  # the ranks an empty column takes (falsy while no column is empty)
        if empty_columns and rules.spec.kings_only:
            fills_empty = KINGS
        else:
            fills_empty = empty_columns and ANY_CARD

        moves: list[Move] = []
        append = moves.append
        to_column = rules.to_column
        to_foundation = rules.to_foundation
        for source, pile in enumerate(self._sources):
            if not pile:
                continue
            top = pile[-1]
            if top.rank == 1:
                if empty_foundations:
                    row = to_foundation[source]
                    for dest in empty_foundations:
                        append(row[dest])
            elif top in wanted:
                row = to_foundation[source]
                for dest in wanted[top]:
                    append(row[dest])
            key = source_key[top]
            if key in accepts:
                row = to_column[source]
                if other_suit_only:
                    suit = top.suit
                    for dest in accepts[key]:
                        if columns[dest][-1].suit != suit:
                            append(row[dest])
                else:
                    for dest in accepts[key]:
                        append(row[dest])
            if fills_empty and top.rank in fills_empty:
                row = to_column[source]
                for dest in empty_columns:
                    append(row[dest])

        if rules.spec.sequences:
            sequence_move = rules.sequence_move
            source = -1
            for pile in columns:
                source += 1
                size = len(pile)
                if size < 2 or pile[-2] is not next_up[pile[-1]]:
                    continue
                length = 1
                while length < size and pile[-length - 1] is next_up[pile[-length]]:
                    length += 1
                    bottom = pile[-length]
                    key = source_key[bottom]
                    if key in accepts:
                        for dest in accepts[key]:
                            if not other_suit_only or columns[dest][-1].suit != bottom.suit:
                                append(sequence_move(source, dest, length))
                    if fills_empty and bottom.rank in fills_empty:
                        for dest in empty_columns:
                            append(sequence_move(source, dest, length))

        if self._stock:
            append(rules.turn_move)
        elif self._waste and self.counters["passes"] < rules.spec.passes:
            append(rules.redeal_move)
        return moves

    def _check(self, move: Move) -> Refusal | None:
        rules = self.rules
        spec = rules.spec
        kinds = rules.pile_kinds
        src_kind = kinds.get(move.src)
        dst_kind = kinds.get(move.dst)
        if src_kind is None or dst_kind is None:
            return Refusal("no-such-pile", "forty-thieves", 'Forty Thieves has no pile "{pile}": the piles are s, w, '
                           "t1–t{columns} and f1–f{foundations}", pile=move.dst if src_kind else move.src,
                        columns=spec.columns, foundations=spec.foundations)
        if move.src == move.dst:
            return Refusal("same-pile", "forty-thieves", "a move needs two different piles")
        if src_kind == "s":
            if dst_kind != "w":
                return Refusal("stock-through-waste", "forty-thieves",
                            "the stock's top card is turned onto the waste; it goes nowhere else")
            if move.count != 1:
                return Refusal("turn-one-card", "forty-thieves", "the stock is turned one card at a time")
            if not self._stock:
                return Refusal("stock-used-up", "forty-thieves", "the stock is empty: there is no card left to turn")
            return None
        source = self.piles[move.src]
        if src_kind == "f":
            if not source:  # only notation names an empty foundation
                return Refusal("foundation-cards-stay", "forty-thieves", "cards on the foundations are fixed: nothing "
                                                                         "comes back from foundation {n}",
                               n=rules.pile_number[move.src])
            return Refusal("foundation-cards-stay", "forty-thieves", "the {card} cannot leave foundation {n}: cards "
                           "on the foundations are fixed", card=source[-1], n=rules.pile_number[move.src])
        if dst_kind == "s" and src_kind == "w":
            return self._check_redeal(move)
        if dst_kind in ("s", "w") and source:
            picked = source[-min(move.count, len(source))]
            if dst_kind == "s":
                return Refusal("nothing-onto-stock", "forty-thieves", "the {card} cannot go onto the stock: cards only "
                               "leave the stock", card=picked)
            return Refusal("nothing-onto-waste", "forty-thieves", "the {card} cannot go onto the waste: it takes "
                           "only the cards turned from the stock", card=picked)
        if not source:
            if src_kind == "w":
                return Refusal("empty-waste", "forty-thieves", "the waste is empty: there is no card to play from it")
            return Refusal("empty-source", "forty-thieves", "column {n} is empty: there is no card to move",
                           n=rules.pile_number[move.src])
        count = move.count
        if count != 1:
            if not spec.sequences:
                return Refusal("one-card-at-a-time", "forty-thieves", "in Forty Thieves cards move one at a time, "
                                                                      "never several as a unit")
            if src_kind == "w":
                return Refusal("waste-top-alone", "forty-thieves", "only the top card of the waste is "
                                                                   "available: it moves alone")
            if dst_kind == "f":
                return Refusal("foundation-one-at-a-time", "forty-thieves", "the {card} cannot go onto a foundation "
                               "with the cards on it: cards go onto a foundation one at a time",
                               card=source[-min(count, len(source))])
            if count > len(source):
                return Refusal("run-too-long", "forty-thieves", "column {n} has fewer than {count} cards",
                            n=rules.pile_number[move.src], count=count)
            for depth in range(1, count):
                upper = source[-depth - 1]
                lower = source[-depth]
                if NEXT_UP[lower] is not upper:
                    return Refusal("run-broken", "forty-thieves", "the {card} on the {under} breaks the sequence: "
                                                                  "only cards of one suit in descending order move as "
                                                                  "a unit",
                                   card=lower, under=upper)
        moving = source[-count]
        target = self.piles[move.dst]
        if dst_kind == "f":
            if not target:
                if moving.rank == 1:
                    return None
                return Refusal("foundation-starts-with-ace", "forty-thieves",
                               "the {card} cannot go onto an empty foundation: a foundation starts with an Ace",
                               card=moving)
            top = target[-1]
            if top.rank == KING:
                return Refusal("foundation-complete", "forty-thieves", "the {card} cannot go onto foundation {n}: it "
                               "is complete, and nothing goes onto its King", card=moving,
                               n=rules.pile_number[move.dst])
            if NEXT_UP[top] is moving:
                return None
            return Refusal("foundation-build", "forty-thieves",
                        "the {card} cannot go onto the {top}: a foundation builds up in suit, one rank at a time",
                        card=moving, top=top)
        if not target:
            if spec.kings_only and moving.rank != KING:
                if spec.sequences:
                    return Refusal("kings-only", "forty-thieves", "the {card} cannot fill the empty column: only a "
                                   "King, or a sequence led by a King, may", card=moving)
                return Refusal("kings-only", "forty-thieves", "the {card} cannot fill the empty column: only a King "
                               "may", card=moving)
            return None
        top = target[-1]
        if fits(moving, top, spec.build):
            return None
        covered = next((card for card in reversed(target[:-1]) if fits(moving, card, spec.build)), None)
        if covered is not None:  # the card it would fit lies further up the column
            return Refusal("only-top-card", "forty-thieves", "the {card} cannot go onto the {covered} in column {n}: "
                           "the {top} already lies on it, and only the available card at the bottom of a column "
                           "takes a card",
                        card=moving, covered=covered, top=top, n=rules.pile_number[move.dst])
        return build_reason(spec.build, moving, top)

    def _check_redeal(self, move: Move) -> Refusal | None:
        spec = self.rules.spec
        if move.count != 1:
            return Refusal("redeal-whole-waste", "forty-thieves",
                           "a redeal gathers the whole waste, not some of its cards")
        if spec.passes == 1:
            return Refusal("no-redeal", "forty-thieves", "you go through the stock only once: there is no redeal")
        if self._stock:
            return Refusal("redeal-before-stock-empty", "forty-thieves", "a redeal comes only once the stock is empty")
        if self.counters["passes"] >= spec.passes:
            return Refusal("redeal-used", "forty-thieves", "no redeal left: you have already gone through the stock "
                                                           "{passes} times",
                        passes=self.counters["passes"])
        if not self._waste:
            return Refusal("redeal-empty-waste", "forty-thieves", "the waste is empty: there is nothing "
                                                                  "to gather for a redeal")
        return None

    def _apply(self, move: Move) -> None:
        if move.dst == "s":
            self._move_cards("w", "s", len(self._waste), flip=True)
            self._set_counter("passes", self.counters["passes"] + 1)
        else:
            self._move_cards(move.src, move.dst, move.count)

    def _compulsory(self) -> Move | None:
        return None  # Forty Thieves forces nothing

    # --- outcome ---------------------------------------------------------------------------
    def _rearrangeable_piles(self) -> tuple[str, ...]:
        """The columns: a card can go to and fro among them (see ``base.Position.is_lost``)."""
        return self.rules.column_ids

    def _progress_targets(self) -> tuple[frozenset[Card], bool] | None:
        """With only moves among the columns left: a card that could go home (the next of a
        foundation, an Ace when a foundation is empty) or that the waste's top card could go onto
        would allow progress at the top of a column; so would an empty column, for the waste's top
        card (in Kings only, when it is a King)."""
        targets = {up for up in (NEXT_UP[f[-1]] if f else None for f in self._foundations) if up is not None}
        if any(not f for f in self._foundations):
            targets.update(c for c in ALL_CARDS if c.rank == 1)
        waste_top = self._waste[-1] if self._waste else None
        if waste_top is not None:
            targets.update(c for c in ALL_CARDS if fits(waste_top, c, self.rules.spec.build))
        empty_helps = waste_top is not None and (not self.rules.spec.kings_only or waste_top.rank == KING)
        return frozenset(targets), empty_helps

    def builds_on(self, lower: Card, upper: Card) -> bool:
        """Whether ``lower`` may lie on ``upper`` in the tableau under the variant's building rule."""
        return fits(lower, upper, self.rules.spec.build)

    def is_won(self) -> bool:
        if self._stock or self._waste:
            return False
        for column in self._columns:
            if column:
                return False
        return True

    # --- words and pictures ----------------------------------------------------------------
    def describe(self, move: Move | str) -> Text:
        move = self._as_move(move)
        rules = self.rules
        kinds = rules.pile_kinds
        src_kind, dst_kind = kinds.get(move.src), kinds.get(move.dst)
        if dst_kind == "s" and self._check(move) is not None:
            return Text("forty-thieves", "This move cannot be made here")  # no redeal to describe
        if src_kind == "s" and dst_kind == "w":
            return Text("forty-thieves", "Turn the top card of the stock onto the waste")
        if src_kind == "w" and dst_kind == "s":
            return Text("forty-thieves",
                        "Gather the waste, turn it face down as the new stock and start pass {next} of {total}",
                        next=self.counters["passes"] + 1, total=rules.spec.passes)
        source = self.piles.get(move.src) if src_kind in ("t", "w") else None
        if not source or dst_kind not in ("t", "f") or move.count > len(source):
            return Text("forty-thieves", "This move cannot be made here")
        moving = source[-move.count]
        target = self.piles[move.dst]
        src_n = rules.pile_number.get(move.src)
        dst_n = rules.pile_number[move.dst]
        top = target[-1] if target else None
        if move.count > 1:
            if top is None:
                return Text("forty-thieves",
                            "Move the {count} cards from the {first} down to the {last} out of column {src} into the "
                            "empty column {dst}",
                            first=moving, last=source[-1], count=in_words(move.count), src=src_n, dst=dst_n)
            return Text("forty-thieves",
                        "Move the {count} cards from the {first} down to the {last} out of column {src} onto the "
                        "{top} in column {dst}",
                        first=moving, last=source[-1], count=in_words(move.count), src=src_n, top=top, dst=dst_n)
        if src_kind == "w":
            if dst_kind == "f":
                if top is None:
                    return Text("forty-thieves", "Move the {card} from the waste to the empty foundation {dst}",
                                card=moving, dst=dst_n)
                return Text("forty-thieves", "Move the {card} from the waste onto the {top} on foundation {dst}",
                            card=moving, top=top, dst=dst_n)
            if top is None:
                return Text("forty-thieves", "Move the {card} from the waste into the empty column {dst}",
                            card=moving, dst=dst_n)
            return Text("forty-thieves", "Move the {card} from the waste onto the {top} in column {dst}",
                        card=moving, top=top, dst=dst_n)
        if dst_kind == "f":
            if top is None:
                return Text("forty-thieves", "Move the {card} from column {src} to the empty foundation {dst}",
                            card=moving, src=src_n, dst=dst_n)
            return Text("forty-thieves", "Move the {card} from column {src} onto the {top} on foundation {dst}",
                        card=moving, src=src_n, top=top, dst=dst_n)
        if top is None:
            return Text("forty-thieves", "Move the {card} from column {src} into the empty column {dst}",
                        card=moving, src=src_n, dst=dst_n)
        return Text("forty-thieves", "Move the {card} from column {src} onto the {top} in column {dst}",
                    card=moving, src=src_n, top=top, dst=dst_n)

    def layout(self) -> list[PileView]:
        rules = self.rules
        return columns_layout(self.piles, rules.spec, rules.foundation_ids, rules.column_ids)


@register
class FortyThievesRules(Rules):
    """Forty Thieves and its variants; see the module docstring."""

    game_id = "forty-thieves"
    title = Text("forty-thieves", "Forty Thieves")
    refusals = {  # each refusal of the checks (here and in building.py) → the section of the page that states its rule
        "no-such-pile": "", "same-pile": "playing", "one-card-at-a-time": "playing", "empty-source": "playing",
        "empty-waste": "playing", "waste-top-alone": "playing", "only-top-card": "playing",
        "stock-through-waste": "playing", "turn-one-card": "playing", "stock-used-up": "playing",
        "nothing-onto-stock": "playing", "nothing-onto-waste": "playing", "foundation-cards-stay": "playing",
        "foundation-one-at-a-time": "playing", "foundation-starts-with-ace": "playing",
        "foundation-build": "playing", "foundation-complete": "playing", "tableau-build": "playing",
        "run-broken": "variants", "run-too-long": "variants", "kings-only": "variants", "no-redeal": "playing",
        "redeal-whole-waste": "variants", "redeal-before-stock-empty": "variants", "redeal-used": "variants",
        "redeal-empty-waste": "variants",
    }
    variants = {vid: spec.name for vid, spec in VARIANTS.items()}
    decks = 2  # the base game; sixty-thieves sets 3 on its instance
    position_class = FortyThievesPosition

    def __init__(self, variant: str = "") -> None:
        super().__init__(variant)
        spec = VARIANTS[self.variant]
        self.spec = spec
        self.decks = spec.decks  # the pack size follows the variant
        self.accept_key = ACCEPT_KEYS[spec.build]
        self.source_key = SOURCE_KEYS[spec.build]
        self.column_ids = tuple(f"t{i}" for i in range(1, spec.columns + 1))
        self.foundation_ids = tuple(f"f{i}" for i in range(1, spec.foundations + 1))
        self.pile_kinds: dict[str, str] = {"s": "s", "w": "w"}
        self.pile_number: dict[str, int] = {}
        for ids, kind in ((self.column_ids, "t"), (self.foundation_ids, "f")):
            for number, pid in enumerate(ids, start=1):
                self.pile_kinds[pid] = kind
                self.pile_number[pid] = number
        # Every single-card move, made once: to_column[source][column], to_foundation[source][foundation]
        # (indices from 0); the sources are the columns and then the waste.
        sources = self.column_ids + ("w",)
        self.to_column = [[Move(src, dst) for dst in self.column_ids] for src in sources]
        self.to_foundation = [[Move(src, dst) for dst in self.foundation_ids] for src in sources]
        self._sequence_moves: dict[tuple[int, int, int], Move] = {}
        self.turn_move = Move("s", "w")
        self.redeal_move = Move("w", "s")

    def sequence_move(self, source: int, dest: int, count: int) -> Move:
        key = (source, dest, count)
        found = self._sequence_moves.get(key)
        if found is None:
            found = self._sequence_moves[key] = Move(self.column_ids[source], self.column_ids[dest], count)
        return found
