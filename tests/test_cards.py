"""Cards, codes, card strings and the documented deal shuffle."""

from __future__ import annotations

import pickle

import pytest

from tutor.cards import (
    ALL_CARDS,
    Card,
    CardStringError,
    SplitMix64,
    card,
    format_cards,
    ordered_pack,
    parse_cards,
    shuffled,
    split_codes,
)


def test_codes_round_trip_and_one_object_per_card():
    assert len(ALL_CARDS) == 52 and len({c.code for c in ALL_CARDS}) == 52
    for c in ALL_CARDS:
        assert Card.parse(c.code) is c
        assert card(c.rank, c.suit) is c
    ten = Card.parse("TS")
    assert (ten.rank, ten.suit, ten.symbol, ten.is_red) == (10, "S", "♠", False)
    assert Card.parse("10s") is ten and Card.parse(" qh ") is card(12, "H")
    assert Card.parse("QH").color == "red"
    assert pickle.loads(pickle.dumps(ten)) is ten


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card.parse("AS").rank = 2  # type: ignore[misc]


@pytest.mark.parametrize("code", ["", "1S", "AX", "ZZ", "A", "ASS", None, 7])
def test_unknown_codes_are_refused(code):
    with pytest.raises(CardStringError) as info:
        Card.parse(code)  # type: ignore[arg-type]
    assert info.value.key == "unknown-code"


def test_two_decks_share_the_card_objects():
    pack = ordered_pack(2)
    assert len(pack) == 104 and pack[0] is pack[52]


def test_splitmix64_matches_the_published_reference():
    """SplitMix64 seeded with 0 starts 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4 (Vigna's reference)."""
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    assert rng.next() == 0x6E789E6AA1B965F4


def test_the_deal_shuffle_is_pinned():
    """Deal N gives the same cards on every platform: the first cards of two shuffles, pinned."""
    assert format_cards(shuffled(ALL_CARDS, 1)[:8]) == "7D 9C 4D 8H 8D 5S JD 6D"
    assert format_cards(shuffled(ALL_CARDS, 2)[:8]) == "QH 3S 4C 5H 7H 2D KH TD"
    assert sorted(shuffled(ALL_CARDS, 99)) == sorted(ALL_CARDS)
    assert shuffled(ALL_CARDS, 5) == shuffled(list(ALL_CARDS), 5) != shuffled(ALL_CARDS, 6)


def test_card_strings_with_and_without_separators():
    assert split_codes("AS, 2H 3D") == ["AS", "2H", "3D"]
    assert split_codes("AS2H3D") == ["AS", "2H", "3D"]
    assert format_cards(parse_cards("AS 2H", 2, pack=[card(1, "S"), card(2, "H")])) == "AS 2H"


def test_card_string_problems_are_named():
    with pytest.raises(CardStringError) as info:
        parse_cards("AS 2H", 3)
    assert info.value.key == "wrong-count" and info.value.details == {"expected": 3, "got": 2}
    with pytest.raises(CardStringError) as info:
        parse_cards("AS AS", 2)
    assert info.value.key == "too-many-copies" and info.value.details["code"] == "AS"
    assert parse_cards("AS AS", 2, decks=2) == [card(1, "S")] * 2
    with pytest.raises(CardStringError) as info:
        parse_cards("AS QX", 2)
    assert info.value.key == "unknown-code"
    with pytest.raises(CardStringError):
        split_codes(None)  # type: ignore[arg-type]
