"""Rule tests for Fortune's Favour: each quotes the rule sentence it checks (seed 003 English,
seed 000 German), plus the variants and the edge cases."""

from __future__ import annotations

import pytest
from rules_checks import assert_illegal, codes

from tutor.cards import ACE, ALL_CARDS, Card, ordered_pack
from tutor.engine import BadDeal, IllegalMove, Move, get_rules

GAME = "fortunes-favour"
NON_ACES = [c for c in ALL_CARDS if c.rank != ACE]


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def card_string(tableau: str, stock_top: str = "", stock_bottom: str = "", pack: list[Card] | None = None) -> str:
    """A card string with the given twelve tableau cards, the stock starting (top) with
    ``stock_top`` and ending with ``stock_bottom``; the other cards fill the middle in pack order."""
    pack = list(NON_ACES if pack is None else pack)
    chosen = cards(tableau) + cards(stock_top) + cards(stock_bottom)
    rest = list(pack)
    for c in chosen:
        rest.remove(c)
    ordered = cards(tableau) + cards(stock_top) + rest + cards(stock_bottom)
    return " ".join(c.code for c in ordered)


def position(tableau: str, stock_top: str = "", stock_bottom: str = "", variant: str = ""):
    return get_rules(GAME, variant).from_cards(card_string(tableau, stock_top, stock_bottom))




# A tableau without any move among its cards: Kings, Jacks and Nines, no Twos.
STUCK = "KC KD KH KS JC JD JH JS 9C 9D 9H 9S"
# 2C 2D 2H 2S 3C …: every card goes home as it comes (the twos to the tableau, the rest in stock).
ASCENDING = [c for rank in range(2, 14) for c in ALL_CARDS if c.rank == rank]


# --- deals and card strings ------------------------------------------------------------------
def test_pinned_deals():
    """Deal N is the same deal everywhere: pinned by its card string."""
    rules = get_rules(GAME)
    assert rules.deal(1).card_string() == (
        "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C 6S KC KH TH TS JS TD 8S QC 4S "
        "6C 7C 5C KS 6H QS QH QD 9D 3D 3S 4C 2H 8C TC 3H 2S 9H 7S")
    assert rules.deal(2).card_string().startswith("QH 3S 4C 5H 7H 2D KH TD 6C 7S 3C QC 7D")
    assert get_rules(GAME, "busy-aces").deal(1).card_string().startswith("6H 7H JC 8C KS 7D 6S 8C 6C 9C 5C TH")


def test_setup_aces_start_the_foundations():
    """“Take the four Aces out of the deck and lay them in a row. They are the foundations.”
    (f1–f4: clubs, diamonds, hearts, spades.)"""
    pos = get_rules(GAME).deal(5)
    assert [codes(pos.piles[f]) for f in ("f1", "f2", "f3", "f4")] == [["AC"], ["AD"], ["AH"], ["AS"]]
    assert not any(c.rank == ACE for c in cards(pos.card_string()))


def test_setup_twelve_piles_in_two_rows_and_36_stock_cards():
    """“Shuffle the other 48 cards and deal twelve cards face up in two rows of six below the Aces.
    Each card starts a tableau pile.” — “Put the remaining 36 cards face down as the stock.”"""
    text = card_string("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "2D 3D")
    pos = get_rules(GAME).from_cards(text)
    assert [codes(pos.piles[f"t{i}"]) for i in range(1, 13)] == [[c] for c in text.split()[:12]]
    assert len(pos.piles["s"]) == 36 and pos.piles["s"][-1].code == "2D"  # the stock's top card first
    assert pos.piles["w"] == []
    views = {v.id: v for v in pos.layout()}
    assert {views[f"t{i}"].y for i in range(1, 7)} != {views[f"t{i}"].y for i in range(7, 13)}
    assert len({views[f"t{i}"].y for i in range(1, 7)}) == 1 and len({views[f"t{i}"].x for i in range(1, 7)}) == 6
    assert views["s"].face_down == 36
    assert max(views[f"f{k}"].y for k in range(1, 5)) < min(views[f"t{i}"].y for i in range(1, 13))
    assert pos.card_string() == text


def test_bad_card_strings_are_refused_with_a_reason():
    """Wrong count, unknown code, too many copies: refused, the message names the problem."""
    rules = get_rules(GAME)
    with pytest.raises(BadDeal, match="needs 48 card codes, this one has 47"):
        rules.from_cards(" ".join(c.code for c in NON_ACES[:47]))
    with pytest.raises(BadDeal, match='"XX" is not a card code'):
        rules.from_cards(" ".join(["XX"] + [c.code for c in NON_ACES[1:]]))
    with pytest.raises(BadDeal, match="AC has no place in this game's card string"):
        rules.from_cards(" ".join(["AC"] + [c.code for c in NON_ACES[1:]]))
    with pytest.raises(BadDeal, match="3C appears 2 times, but the pack holds it 1 times"):
        rules.from_cards(" ".join(["3C"] + [c.code for c in NON_ACES[1:]]))


# --- moves ----------------------------------------------------------------------------------
def test_to_a_foundation_from_tableau_and_waste():
    """“To a foundation: move the top card of any tableau pile, or the top card of the waste, onto
    its foundation if it is the next card of that suit.”"""
    pos = position(STUCK.replace("9S", "2S"), "2H")
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["2H"]
    assert {"w-f3", "t12-f4"} <= set(map(str, pos.legal_moves()))
    pos.play("w-f3")
    assert codes(pos.piles["f3"]) == ["AH", "2H"]
    pos.play("t12-f4")
    assert codes(pos.piles["f4"]) == ["AS", "2S"]


def test_a_foundation_takes_only_the_next_card_of_its_suit():
    """“Foundations: … built up in suit – the 2 of the same suit on the Ace, then the 3 and so on.”"""
    pos = position(STUCK.replace("9S", "3S").replace("9H", "2H"))
    assert_illegal(pos, "t12-f4", "the 3♠ cannot go onto the A♠", "built up in suit")
    assert_illegal(pos, "t11-f4", "the 2♥ cannot go onto the A♠")
    assert_illegal(pos, "t1-f1", "the K♣ cannot go onto the A♣")


def test_build_down_in_suit_on_the_tableau():
    """“Build down in suit: in the tableau, put a card onto a card of the same suit that is exactly
    one rank higher – 7♥ onto 8♥.” and “Onto the tableau: move the top card of a tableau pile, or
    the top card of the waste, onto the top card of a tableau pile if it is of the same suit and
    one rank lower.”"""
    pos = position("8H 7H 8S KC KD KH KS JC JD JH JS 9C", "6H QD 5H")
    assert "t2-t1" in map(str, pos.legal_moves())
    pos.play("t2-t1")
    assert codes(pos.piles["t1"]) == ["8H", "7H"]
    assert codes(pos.piles["t2"]) == ["6H"]  # the space took the stock's top card
    pos.play("t2-t1")
    assert codes(pos.piles["t2"]) == ["QD"]
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["5H"]
    pos.play("w-t1")
    assert codes(pos.piles["t1"]) == ["8H", "7H", "6H", "5H"]


def test_wrong_builds_say_why_and_change_nothing():
    """An illegal move raises IllegalMove with the reason, in the reader's language, and leaves the
    position exactly as it was: “the 7♥ cannot go onto the 8♠: a tableau card must be the same suit and one
    rank lower”."""
    pos = position("8S 7H 8H 6H KD KH KS JC JD JH JS 9C")
    reason = "the 7♥ cannot go onto the 8♠: a tableau card must be the same suit and one rank lower"
    assert assert_illegal(pos, "t2-t1", reason) == reason
    with pytest.raises(IllegalMove) as info:
        pos.play("t4-t3")  # 6♥ onto 8♥: two ranks
    assert info.value.message("de") == ("Die 6♥ kann nicht auf die 8♥: Eine Karte in der Auslage muss dieselbe Farbe "
                                        "haben und einen Rang niedriger sein")


def test_only_one_card_at_a_time():
    """“Only one card at a time may be moved.” / “Du darfst immer nur eine Karte bewegen.”"""
    pos = position("9H 8H KD 7H KS JC JD JH JS 9C 9D KC")
    pos.play("t2-t1")
    assert_illegal(pos, "t1-t4x2", "one card at a time")
    assert_illegal(pos, "t1+t3-t4", "one card at a time")


def test_only_the_top_card_of_a_pile_moves():
    """“Only the top card of each pile can be moved.” — the 8♥ under the 7♥ stays put."""
    pos = position("8H 7H 9H KD KS JC JD JH JS 9C 9D KC")
    pos.play("t2-t1")
    assert_illegal(pos, "t1-t3", "the 7♥ cannot go onto the 9♥")


def test_only_the_waste_top_is_playable():
    """“Waste: the face-up pile onto which you turn stock cards; only its top card can be played.”"""
    pos = position(STUCK, "2C 5D")
    pos.play("s-w")
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["2C", "5D"]
    assert "w-f1" not in map(str, pos.legal_moves())
    assert_illegal(pos, "w-f1", "the 5♦ cannot go onto the A♣")


def test_spaces_are_filled_at_once_from_the_waste():
    """“Filling spaces: when a tableau pile is emptied, fill the space at once with the top card of
    the waste – or, if the waste is empty, with the top card of the stock.” (waste first)"""
    pos = position(STUCK.replace("9C", "2C"), "5D 6S")
    pos.play("s-w")
    pos.play("s-w")
    pos.play("t9-f1")
    assert codes(pos.piles["t9"]) == ["6S"] and codes(pos.piles["w"]) == ["5D"]
    assert [str(e.move) for e in pos.history[-2:]] == ["t9-f1", "w-t9"] and pos.history[-1].forced
    assert pos.undo() == Move("t9", "f1")
    assert codes(pos.piles["t9"]) == ["2C"] and codes(pos.piles["w"]) == ["5D", "6S"]


def test_a_space_while_the_waste_is_empty_takes_the_stock_top():
    """“… or, if the waste is empty, with the top card of the stock.” The example: “That leaves two
    spaces, and the waste is still empty, so fill both from the stock.”"""
    pos = position(STUCK.replace("9C", "2C"), "5D")
    pos.play("t9-f1")
    assert codes(pos.piles["t9"]) == ["5D"] and pos.piles["w"] == []
    assert pos.history[-1].forced and str(pos.history[-1].move) == "s-t9"


def test_a_space_stays_empty_when_waste_and_stock_are_empty():
    """“… fill the space at once with the top card of the waste – or, if the waste is empty, with
    the top card of the stock”: with both used up a space stays empty, and the player cannot fill
    it in the base game."""
    pos = get_rules(GAME).from_cards(" ".join(c.code for c in ASCENDING))
    while True:
        spaces = [f"t{i}" for i in range(1, 13) if not pos.piles[f"t{i}"]]
        occupied = [f"t{i}" for i in range(1, 13) if pos.piles[f"t{i}"]]
        if not pos.piles["s"] and not pos.piles["w"] and spaces and occupied:
            break
        foundation_moves = [m for m in pos.legal_moves() if m.dst.startswith("f")]
        pos.play(foundation_moves[0] if foundation_moves else "s-w")
    assert not pos.history[-1].forced  # nothing filled the last space
    assert_illegal(pos, f"{occupied[0]}-{spaces[0]}", "a space is filled only from the waste or the stock")


def test_the_worked_example():
    """The example: “move the 2♦ and the 2♣ onto their Aces. That leaves two spaces, and the waste is
    still empty, so fill both from the stock – say with a 6♣ and a 3♦. The 3♦ goes straight onto
    the 2♦ (and its space is filled from the stock again), and the 5♣ can move onto the 6♣,
    making yet another space.”"""
    pos = position("2D 2C 5C KC KD KH KS JC JD JH JS 9C", "6C 3D 9D 9H")
    pos.play("t1-f2")
    pos.play("t2-f1")
    assert codes(pos.piles["t1"]) == ["6C"] and codes(pos.piles["t2"]) == ["3D"]
    pos.play("t2-f2")
    assert codes(pos.piles["t2"]) == ["9D"]
    pos.play("t3-t1")
    assert codes(pos.piles["t1"]) == ["6C", "5C"] and codes(pos.piles["t3"]) == ["9H"]


def test_turning_the_stock():
    """“Stock: when you can't or don't want to move anything, turn the top card of the stock face
    up. Play it to a foundation or the tableau if you like; otherwise it goes on the waste.”"""
    pos = position("2C 3H KC KD KH KS JC JD JH JS 9C 9D", "2H")
    assert "s-w" in map(str, pos.legal_moves())  # even while other moves are possible
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["2H"] and len(pos.piles["s"]) == 35
    assert "w-f3" in map(str, pos.legal_moves())
    assert_illegal(pos, "s-t1", "first turned onto the waste")


def test_one_pass_no_redeal_and_the_last_stock_card():
    """“You go through the stock only once – there is no redeal.”"""
    pos = position(STUCK, stock_bottom="4H")
    for _ in range(35):
        pos.play("s-w")
    assert len(pos.piles["s"]) == 1
    pos.play("s-w")  # the last stock card
    assert pos.piles["s"] == [] and pos.piles["w"][-1].code == "4H"
    assert_illegal(pos, "s-w", "the stock is used up")
    assert_illegal(pos, "w-s", "no redeal")


def test_lost_when_the_stock_is_used_up_and_no_move_is_left():
    """“If the stock is used up and no move is left, the game is lost.”"""
    pos = position(STUCK, stock_bottom="4H")
    assert not pos.is_lost()
    for _ in range(36):
        assert not pos.is_lost()
        pos.play("s-w")
    assert pos.legal_moves() == [] and pos.is_lost() and not pos.is_won()


def test_won_when_all_cards_are_on_the_foundations():
    """“You win when all 52 cards lie on the four foundations, each topped by its King.”"""
    pos = get_rules(GAME).from_cards(" ".join(c.code for c in ASCENDING))
    steps = 0
    while not pos.is_won():
        foundation_moves = [m for m in pos.legal_moves() if m.dst.startswith("f")]
        pos.play(foundation_moves[0] if foundation_moves else "s-w")
        steps += 1
        assert steps < 200
    assert [pos.piles[f][-1].code for f in ("f1", "f2", "f3", "f4")] == ["KC", "KD", "KH", "KS"]
    assert not pos.is_lost() and pos.legal_moves() == []


def test_a_full_foundation_takes_nothing_more():
    """A foundation topped by its King is complete; cards never leave a foundation."""
    pos = get_rules(GAME).from_cards(" ".join(c.code for c in ASCENDING))
    while len(pos.piles["f1"]) < 13:
        foundation_moves = [m for m in pos.legal_moves() if m.dst == "f1"]
        pos.play(foundation_moves[0] if foundation_moves else "s-w")
    assert_illegal(pos, "f1-t1", "stay there")


def test_describe_in_both_languages():
    """A sentence for each move: “Move the 2♦ from pile 4 to its foundation” / “Leg die 2♦ von Stapel 4
    auf den passenden Zielstapel”."""
    pos = position("KC KD KH 2D KS JC JD JH JS 9C 9D 9H")
    text = pos.describe("t4-f2")
    assert text.render("en") == "Move the 2♦ from pile 4 to its foundation"
    assert text.render("de") == "Leg die 2♦ von Stapel 4 auf den passenden Zielstapel"
    assert pos.describe("s-w").render("de") == "Deck die oberste Karte des Vorrats auf den Abwurfstapel auf"


def test_german_reasons_use_the_games_words():
    """German messages say Zielstapel, Auslage, Vorrat, Abwurfstapel, Lücke."""
    pos = position(STUCK, stock_bottom="4H")
    for _ in range(36):
        pos.play("s-w")
    with pytest.raises(IllegalMove) as info:
        pos.play("s-w")
    assert info.value.message("de") == "Der Vorrat ist aufgebraucht"
    with pytest.raises(IllegalMove) as info:
        pos.play("w-s")
    assert "Vorrat" in info.value.message("de")


# --- one redeal -------------------------------------------------------------------------------
def test_one_redeal_turns_the_waste_over_once():
    """One redeal: “when the stock is used up, turn the waste over and go through it once more.”"""
    pos = position(STUCK, "4H 5H", "6H", variant="one-redeal")
    assert_illegal(pos, "w-s", "only when the stock is used up")
    first_pass = []
    for _ in range(36):
        pos.play("s-w")
        first_pass.append(pos.piles["w"][-1])
    assert pos.counters["passes"] == 1 and "w-s" in map(str, pos.legal_moves())
    assert not pos.is_lost()
    pos.play("w-s")
    assert pos.counters["passes"] == 2 and pos.piles["w"] == []
    assert pos.piles["s"][-1].code == "4H"  # unshuffled: the same order again
    second_pass = []
    for _ in range(36):
        pos.play("s-w")
        second_pass.append(pos.piles["w"][-1])
    assert second_pass == first_pass
    assert_illegal(pos, "w-s", "the one redeal has been used")
    assert pos.is_lost()


def test_undoing_the_redeal_restores_the_pass_counter():
    """Undo is exact: the pass counter comes back with the waste."""
    pos = position(STUCK, variant="one-redeal")
    for _ in range(36):
        pos.play("s-w")
    before = pos.state_key()
    pos.play("w-s")
    pos.undo()
    assert pos.state_key() == before and pos.counters["passes"] == 1
    pos.redo()
    assert pos.counters["passes"] == 2


def test_redeal_with_an_empty_waste_is_refused():
    """Nothing to turn over: a redeal needs cards in the waste."""
    pos = get_rules(GAME, "one-redeal").from_cards(" ".join(c.code for c in ASCENDING))
    while not pos.is_won():
        foundation_moves = [m for m in pos.legal_moves() if m.dst.startswith("f")]
        pos.play(foundation_moves[0] if foundation_moves else "s-w")
    assert_illegal(pos, "w-s", "nothing to turn over")


# --- Busy Aces --------------------------------------------------------------------------------
def busy(tableau: str, stock_top: str = "", stock_bottom: str = ""):
    text = card_string(tableau, stock_top, stock_bottom, pack=ordered_pack(2))
    return get_rules(GAME, "busy-aces").from_cards(text)


def test_busy_aces_two_decks_twelve_piles_empty_foundations():
    """Busy Aces: “Shuffle two decks together, deal twelve cards and leave the Aces in the deck”."""
    pos = get_rules(GAME, "busy-aces").deal(3)
    assert len(pos.card_string().split()) == 104
    assert [len(pos.piles[f"t{i}"]) for i in range(1, 13)] == [1] * 12
    assert [pos.piles[f"f{k}"] for k in range(1, 9)] == [[]] * 8
    assert len(pos.piles["s"]) == 92


def test_busy_aces_aces_start_the_eight_foundations():
    """“they [the Aces] start the eight foundations as they turn up.” An Ace goes to any empty
    foundation; nothing else starts one."""
    pos = busy("AH KD KH KS JC JD JH JS 9C 9D 9H 2H", "AH")
    assert [str(m) for m in pos.legal_moves() if m.src == "t1" and m.dst[0] == "f"] == [f"t1-f{k}" for k in range(1, 9)]
    assert_illegal(pos, "t12-f1", "only an Ace can")
    pos.play("t1-f5")
    pos.play("t12-f5")
    assert codes(pos.piles["f5"]) == ["AH", "2H"]
    pos.play("s-w")
    pos.play("w-f1")  # the second A♥ starts a second hearts foundation
    assert codes(pos.piles["f1"]) == ["AH"]


def test_busy_aces_two_decks_duplicate_cards():
    """Two decks: both 8♥ can take a 7♥; both copies of a card are the same object."""
    pos = busy("8H 8H 7H KS JC JD JH JS 9C 9D 9H 7H")
    targets = sorted(str(m) for m in pos.legal_moves() if m.src == "t3")
    assert targets == ["t3-t1", "t3-t2"]
    assert pos.piles["t1"][0] is pos.piles["t2"][0]
    pos.play("t3-t2")
    pos.play("t12-t1")
    assert codes(pos.piles["t1"]) == ["8H", "7H"] and codes(pos.piles["t2"]) == ["8H", "7H"]


def test_busy_aces_spaces_are_filled_when_the_player_likes():
    """“A space may be filled with any top card or the top of the waste, whenever you like.”"""
    pos = busy("8H 7H KD KS JC JD JH JS 9C 9D 9H QC", "5S")
    pos.play("t2-t1")
    assert pos.piles["t2"] == []  # not filled by the engine
    legal = set(map(str, pos.legal_moves()))
    assert "t1-t2" in legal  # the top of a pile of two
    assert "t3-t2" not in legal  # a pile's only card: would change nothing
    assert_illegal(pos, "t3-t2", "would change nothing")
    pos.play("s-w")
    assert "w-t2" in map(str, pos.legal_moves())
    pos.play("w-t2")
    assert codes(pos.piles["t2"]) == ["5S"]


def test_busy_aces_builds_down_in_suit_one_card_at_a_time():
    """Busy Aces keeps the base game's building: down in suit, one card at a time."""
    pos = busy("8H 7H 6H KS JC JD JH JS 9C 9D 9H QC")
    pos.play("t2-t1")
    pos.play("t3-t1")
    assert_illegal(pos, "t1-t2x2", "one card at a time")


def test_busy_aces_one_pass():
    """Busy Aces is played with one pass through the stock."""
    pos = busy("KC KD KH KS JC JD JH JS 9C 9D 9H 9S")
    for _ in range(92):
        pos.play("s-w")
    assert_illegal(pos, "w-s", "no redeal")


def test_rank_order_the_ace_is_low():
    """“Rank order: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K. The Ace is low.” — nothing turns the
    corner: a King never goes onto an Ace, and a Queen goes onto a King."""
    pos = busy("AH KH 2H QH KS JC JD JH JS 9C 9D 9H")
    legal = set(map(str, pos.legal_moves()))
    assert "t4-t2" in legal and "t1-t3" in legal  # Q♥ onto K♥, A♥ onto 2♥
    assert_illegal(pos, "t2-t1", "the K♥ cannot go onto the A♥")


def test_unknown_variant_is_refused():
    with pytest.raises(Exception, match="has no variant"):
        get_rules(GAME, "three-redeals")
