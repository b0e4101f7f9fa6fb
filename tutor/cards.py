"""Cards, decks, card strings and the deal shuffle.

A card is written as two characters, rank then suit: rank ``A23456789TJQK``, suit ``CDHS``
(``TS`` is the ten of spades). There is exactly one :class:`Card` object per code, so cards
compare by identity and the two copies of a card in a two-deck game are the same object.

The deal shuffle is our own, so that deal number N gives the same cards on every platform and
Python version (``random.shuffle`` is not guaranteed to stay stable):

* the generator is SplitMix64 (Steele, Lea and Flood 2014), seeded with the deal number;
* the ordered pack (deck by deck; within a deck suits ``C, D, H, S``, within a suit ``A`` to ``K``)
  is shuffled with Fisher–Yates from the last position down: for ``i`` from ``n-1`` to ``1``,
  ``j = next() % (i + 1)`` and cards ``i`` and ``j`` swap. The modulo bias is below 2**-56.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator

RANK_CODES = "A23456789TJQK"
SUIT_CODES = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = frozenset("DH")

ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class CardStringError(ValueError):
    """A card code or card string that cannot be read; the message names the problem."""

    def __init__(self, message: str, key: str = "", **details: object) -> None:
        super().__init__(message)
        self.key = key
        self.details = details


class Card:
    """One card: ``rank`` 1 (Ace) to 13 (King), ``suit`` one of ``C D H S``."""

    __slots__ = ("rank", "suit", "code", "index", "is_red")

    rank: int
    suit: str
    code: str
    index: int
    is_red: bool

    def __new__(cls, rank: int, suit: str) -> Card:  # pragma: no cover - use Card.parse/card()
        raise TypeError("use Card.parse('TS') or cards.card(10, 'S')")

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "code", RANK_CODES[rank - 1] + suit)
        object.__setattr__(self, "index", SUIT_CODES.index(suit) * 13 + rank - 1)
        object.__setattr__(self, "is_red", suit in RED_SUITS)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (Card.parse, (self.code,))

    @staticmethod
    def parse(code: str) -> Card:
        """The card for a two-character code such as ``TS``; raises :class:`CardStringError`."""
        found = _BY_CODE.get(code.strip().upper()) if isinstance(code, str) else None
        if found is None:
            raise CardStringError(f"unknown card code {code!r}", "unknown-code", code=code)
        return found

    @property
    def color(self) -> str:
        return "red" if self.is_red else "black"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


ALL_CARDS: tuple[Card, ...] = tuple(Card._make(r, s) for s in SUIT_CODES for r in range(1, 14))
_BY_CODE = {c.code: c for c in ALL_CARDS}
_BY_CODE.update({c.code.replace("T", "10"): c for c in ALL_CARDS if c.rank == 10})


def card(rank: int, suit: str) -> Card:
    """The card of the given rank (1–13) and suit code."""
    return ALL_CARDS[SUIT_CODES.index(suit) * 13 + rank - 1]


def ordered_pack(decks: int = 1) -> list[Card]:
    """The unshuffled pack: deck by deck, suits C, D, H, S, each from Ace to King."""
    return [c for _ in range(decks) for c in ALL_CARDS]


class SplitMix64:
    """SplitMix64: a tiny, well-tested 64-bit generator; exact in any Python."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)


def shuffled(cards: Iterable[Card], seed: int) -> list[Card]:
    """The cards shuffled by the documented deal shuffle (see the module docstring)."""
    pack = list(cards)
    rng = SplitMix64(seed)
    for i in range(len(pack) - 1, 0, -1):
        j = rng.next() % (i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def split_codes(text: str) -> list[str]:
    """The codes of a card string: separated by spaces or commas, or written without separators."""
    if not isinstance(text, str):
        raise CardStringError("a card string must be text", "not-text")
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) > 3:
        squashed = parts[0]
        parts = [squashed[i : i + 2] for i in range(0, len(squashed), 2)]
    return parts


def parse_cards(text: str, count: int, decks: int = 1, pack: Iterable[Card] | None = None) -> list[Card]:
    """Read a card string of exactly ``count`` codes, each card at most as often as the pack holds it.

    ``pack`` (default: ``decks`` full decks) is what the deal may draw from. Raises
    :class:`CardStringError` naming the problem: wrong count, unknown code, or too many copies.
    """
    codes = split_codes(text)
    if len(codes) != count:
        raise CardStringError(
            f"a deal needs {count} card codes, this one has {len(codes)}",
            "wrong-count", expected=count, got=len(codes),
        )
    result = [Card.parse(code) for code in codes]
    available = Counter(pack if pack is not None else ordered_pack(decks))
    used = Counter(result)
    for c, n in used.items():
        if n > available[c]:
            raise CardStringError(
                f"{c.code} appears {n} times, but the pack holds it {available[c]} times",
                "too-many-copies", code=c.code, got=n, allowed=available[c],
            )
    return result


def format_cards(cards: Iterable[Card]) -> str:
    """The card string for the cards: codes separated by single spaces."""
    return " ".join(c.code for c in cards)


def iter_codes(cards: Iterable[Card]) -> Iterator[str]:
    return (c.code for c in cards)
