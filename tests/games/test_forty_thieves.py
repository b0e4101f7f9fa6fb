"""Rule tests for Forty Thieves: each quotes the sentence of the rules text (seed 004, German) it
checks, for the base game and every variant, plus the edge cases (duplicate cards, the last talon
card, redeals, a full foundation, empty columns, Josephine sequences)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rules_checks import assert_illegal, codes

from tutor.cards import ALL_CARDS, Card, ordered_pack
from tutor.engine import BadDeal, IllegalMove, Move, get_rules

GAME = "forty-thieves"
VARIANTS = ["", "josephine", "limited", "indian", "streets", "sixty-thieves", "kings-only", "one-redeal",
            "two-redeals"]
# Variants that keep the base game's building rule (down in suit), one card at a time.
IN_SUIT_SINGLE = ["", "limited", "sixty-thieves", "kings-only", "one-redeal", "two-redeals"]

# Tops that can never build on one another (nines and jacks are two ranks apart) and hidden cards
# that never continue a top's suit sequence: a layout in which no column moves by itself.
QUIET_TOPS = [Card.parse(code) for code in "9C 9D 9H 9S JC JD JH JS".split()]
QUIET_HIDDEN = [c for c in ALL_CARDS if c.rank in (2, 3, 4, 5, 6, 13)]


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]



def card_string(variant: str = "", columns: dict[int, str] | None = None, talon: str = "",
                talon_bottom: str = "") -> str:
    """A card string for ``variant``: the given columns (number → cards from the back to the
    available card), quiet columns elsewhere, the talon starting (top) with ``talon`` and ending with
    ``talon_bottom``; the other cards fill the talon's middle in pack order."""
    rules = get_rules(GAME, variant)
    spec = rules.spec
    pool = Counter(rules.pack())

    def take(c: Card) -> Card:
        assert pool[c] > 0, f"{c} used too often"
        pool[c] -= 1
        return c

    layout = {n: [take(c) for c in cards(text)] for n, text in (columns or {}).items()}
    assert all(len(column) == spec.rows for column in layout.values())
    top_cards = [take(c) for c in cards(talon)]
    bottom_cards = [take(c) for c in cards(talon_bottom)]
    for number in range(1, spec.columns + 1):
        if number in layout:
            continue
        hidden: list[Card] = []
        for c in QUIET_HIDDEN:
            if len(hidden) < spec.rows - 1 and pool[c] > 0:
                hidden.append(take(c))
        top = next(c for c in QUIET_TOPS if pool[c] > 0)
        layout[number] = hidden + [take(top)]
    rest = []
    for c in ordered_pack(spec.decks):
        if pool[c] > 0:
            pool[c] -= 1
            rest.append(c)
    dealt = [layout[n][row] for row in range(spec.rows) for n in range(1, spec.columns + 1)]
    return " ".join(c.code for c in dealt + top_cards + rest + bottom_cards)


# Cards to put behind the cards a test is about (distinct per column, never continuing a run).
BACKS = ["KC QC 5H 4S", "KD QD 5S 4H", "KH QH 4C 5D", "KS QS 4D 5C"]


def column(variant: str, available: str, back: int = 0) -> str:
    """A column of ``variant``'s height ending with the cards ``available`` (the last one on top)."""
    rows = get_rules(GAME, variant).spec.rows
    front = available.split()
    return " ".join(BACKS[back].split()[: rows - len(front)] + front)


def position(variant: str = "", columns: dict[int, str] | None = None, talon: str = "", talon_bottom: str = ""):
    return get_rules(GAME, variant).from_cards(card_string(variant, columns, talon, talon_bottom))



def legal(pos) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


def empty_column(pos, column: int, count: int) -> None:
    """Play the top ``count`` cards of ``column`` (an Ace on top, then up) to the foundations."""
    for _ in range(count):
        move = next(m for m in pos.legal_moves() if m.src == f"t{column}" and m.dst.startswith("f"))
        pos.play(move)
    assert pos.piles[f"t{column}"] == []


def run_to_foundation(suit: str, rows: int) -> str:
    """A column that leaves entirely for a foundation: ``rows`` cards of ``suit``, the Ace on top."""
    return " ".join(f"{'A23456789TJQK'[rank - 1]}{suit}" for rank in range(rows, 0, -1))


def turn_all(pos) -> None:
    while pos.piles["s"]:
        pos.play("s-w")


def play_greedily_home(pos) -> None:
    """Send every card home that fits, turning the talon when nothing fits."""
    while True:
        home = [m for m in pos.legal_moves() if m.dst.startswith("f")]
        if home:
            pos.play(home[0])
        elif pos.piles["s"]:
            pos.play("s-w")
        else:
            return


# --- deck, deal and card string -----------------------------------------------------------------
def test_pinned_deal():
    """Deal N is the same deal everywhere: pinned by its card string."""
    assert get_rules(GAME).deal(1).card_string().startswith("6H 7H JC 8C KS 7D 6S 8C 6C 9C 5C TH")
    assert get_rules(GAME, "sixty-thieves").deal(1).card_string().count(" ") == 155


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_decks_shuffled_together(variant):
    """„Zwei Standard-Kartendecks mit je 52 Karten werden zusammen gemischt (insgesamt 104 Karten),
    ohne Joker. … jede Karte ist in zwei Exemplaren vorhanden.“ (Sixty Thieves: „Drei Kartendecks
    (156 Karten)“.)"""
    decks = 3 if variant == "sixty-thieves" else 2
    pos = get_rules(GAME, variant).deal(11)
    assert Counter(pos.all_cards()) == Counter({c: decks for c in ALL_CARDS})
    assert len(pos.card_string().split()) == 52 * decks


@pytest.mark.parametrize(("variant", "columns", "rows", "talon", "foundations"), [
    ("", 10, 4, 64, 8), ("josephine", 10, 4, 64, 8), ("indian", 10, 4, 64, 8), ("streets", 10, 4, 64, 8),
    ("kings-only", 10, 4, 64, 8), ("one-redeal", 10, 4, 64, 8), ("two-redeals", 10, 4, 64, 8),
    ("limited", 12, 3, 68, 8), ("sixty-thieves", 12, 5, 96, 12)])
def test_deal_ten_columns_of_four_and_the_talon(variant, columns, rows, talon, foundations):
    """„10 Spalten zu je 4 Karten austeilen, alle offen … Die verbleibenden 64 Karten verdeckt neben
    dem Tableau als Talon (Nachziehstapel) stapeln.“ — „Freie Plätze für den Ablagestapel … und acht
    Grundstapel … Auf den Grundstapeln beginnt nichts“. Limited: „Drei Reihen zu je 12 Karten“;
    Sixty Thieves: „12 Spalten zu je 5 Karten“."""
    pos = get_rules(GAME, variant).deal(3)
    assert sorted(pos.piles) == sorted(["s", "w"] + [f"t{i}" for i in range(1, columns + 1)]
                                       + [f"f{i}" for i in range(1, foundations + 1)])
    assert all(len(pos.piles[f"t{i}"]) == rows for i in range(1, columns + 1))
    assert len(pos.piles["s"]) == talon and pos.piles["w"] == []
    assert all(pos.piles[f"f{i}"] == [] for i in range(1, foundations + 1))


@pytest.mark.parametrize("variant", VARIANTS)
def test_card_string_is_the_tableau_row_by_row_then_the_talon_from_the_top(variant):
    """The documented card-string order: row 1 (the backs of columns 1, 2, …), row 2, …, then the
    talon from its top card down; ``deal(n)`` uses the same order."""
    rules = get_rules(GAME, variant)
    spec = rules.spec
    pos = rules.deal(21)
    dealt = cards(pos.card_string())
    for number in range(1, spec.columns + 1):
        assert pos.piles[f"t{number}"] == [dealt[row * spec.columns + number - 1] for row in range(spec.rows)]
    talon = dealt[spec.columns * spec.rows:]
    assert pos.piles["s"] == list(reversed(talon))  # bottom first: the string's first talon card is on top
    assert rules.from_cards(pos.card_string()).state_key() == pos.state_key()


def test_bad_card_strings_are_refused():
    """A card string of the wrong length or with a third copy of a card is no deal of this game."""
    base = get_rules(GAME)
    text = card_string()
    with pytest.raises(BadDeal):
        base.from_cards(" ".join(text.split()[:-1]))
    with pytest.raises(BadDeal) as info:
        base.from_cards(text.replace(text.split()[-1], "AS"))
    assert "AS" in info.value.message("en")
    with pytest.raises(BadDeal):
        get_rules(GAME, "sixty-thieves").from_cards(text)  # 104 codes, three decks need 156


def test_decks_follow_the_variant():
    assert get_rules(GAME).decks == 2 and get_rules(GAME, "josephine").decks == 2
    assert get_rules(GAME, "sixty-thieves").decks == 3
    assert len(get_rules(GAME, "sixty-thieves").pack()) == 156


# --- available cards ------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", IN_SUIT_SINGLE)
def test_only_the_bottom_card_of_a_column_is_available(variant):
    """„Nur die unterste Karte jeder Tableau-Spalte liegt „oben” und ist zum Bewegen verfügbar.“
    The 6♦ under the 9♠ cannot move to the 7♦, nor the A♠ under the K♣ to a foundation."""
    pos = position(variant, {1: column(variant, "6D 9S", 0), 2: column(variant, "AS KC", 1),
                             3: column(variant, "8D 7D", 2)})
    assert not any(m.src in ("t1", "t2") for m in pos.legal_moves())
    assert_illegal(pos, "t1-t3", "the 9♠ cannot go onto the 7♦")
    assert_illegal(pos, "t2-f1", "the K♣ cannot go onto an empty foundation")


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_top_card_of_the_waste_is_available(variant):
    """„Die oberste Karte des Ablagestapels ist ebenfalls stets zum Spielen verfügbar.“ Only its top
    card: the A♥ under the 5♣ must wait."""
    pos = position(variant, talon="AH 5C AS")
    pos.play("s-w")
    pos.play("s-w")
    assert not any(m.src == "w" for m in pos.legal_moves())
    assert_illegal(pos, "w-f1", "the 5♣ cannot go onto an empty foundation")
    pos.play("s-w")
    assert "w-f1" in legal(pos)
    pos.play("w-f1")
    assert codes(pos.piles["w"]) == ["AH", "5C"] and codes(pos.piles["f1"]) == ["AS"]


# --- building in the tableau ----------------------------------------------------------------------
@pytest.mark.parametrize("variant", IN_SUIT_SINGLE)
def test_build_down_in_suit_one_card_at_a_time(variant):
    """„Tableau-Aufbau (abwärts nach Farbe): Eine Karte nach der anderen auf eine andere Tableau-Spalte
    legen, wenn die unterste Karte des Ziels genau einen Rang höher und derselben Farbe ist.“"""
    pos = position(variant, {1: column(variant, "6D", 0), 2: column(variant, "7D", 1), 3: column(variant, "8D", 2),
                             4: column(variant, "7H", 3)})
    assert {"t1-t2", "t2-t3"} <= legal(pos)
    assert not {"t1-t3", "t1-t4"} & legal(pos)
    assert_illegal(pos, "t1-t3", "the 6♦ cannot go onto the 8♦: in the tableau a card goes onto the next higher card "
                                 "of the same suit")
    pos.play("t1-t2")
    assert codes(pos.piles["t2"])[-2:] == ["7D", "6D"] and len(pos.piles["t1"]) == pos.rules.spec.rows - 1


def test_seed_example_six_of_diamonds():
    """„Beispiel: 6♦ darf auf 7♦ gelegt werden, aber nicht auf 7♥ oder auf 7♦, wenn dort bereits eine 6
    liegt.“ The 7♦ in column 4 holds the 6♣: its available card is the 6♣, not the 7♦."""
    pos = position("", {1: "KC QC KS 6D", 2: "KC QC KS 7D", 3: "KH QH KD 7H", 4: "KH QH 7D 6C"})
    assert "t1-t2" in legal(pos)
    assert_illegal(pos, "t1-t3", "the 6♦ cannot go onto the 7♥: in the tableau a card goes onto the next higher card "
                                 "of the same suit")
    # the reason names the 7♦ the seed's example is about and the 6♣ that lies on it
    assert_illegal(pos, "t1-t4", "the 6♦ cannot go onto the 7♦ in column 4: the 6♣ already lies on it")
    with pytest.raises(IllegalMove) as info:
        pos.play("t1-t3")
    assert info.value.message("de") == ("Die 6♦ darf nicht auf die 7♥: Im Tableau kommt eine Karte auf die "
                                        "nächsthöhere Karte derselben Farbe")
    pos.play("t1-t2")
    assert codes(pos.piles["t2"]) == ["KC", "QC", "KS", "7D", "6D"]


def test_duplicate_cards_give_two_targets():
    """„jede Karte ist in zwei Exemplaren vorhanden“: with both 7♦ available, the 6♦ may go onto
    either, and the second 6♦ onto the other afterwards."""
    pos = position("", {1: "KC QC KS 6D", 2: "KC QC KS 7D", 3: "KH QH KD 7D", 4: "5C 4C 3C 6D"})
    assert {"t1-t2", "t1-t3", "t4-t2", "t4-t3"} <= legal(pos)
    pos.play("t1-t3")
    assert "t4-t3" not in legal(pos) and "t4-t2" in legal(pos)
    assert_illegal(pos, "t4-t3", "the 6♦ cannot go onto the 7♦ in column 3: the 6♦ already lies on it")


@pytest.mark.parametrize("variant", ["", "limited", "indian", "streets", "sixty-thieves", "kings-only",
                                     "one-redeal", "two-redeals"])
def test_no_sequence_moves_as_a_unit(variant):
    """„Es ist nicht möglich, eine Sequenz aus mehreren Karten als Einheit zu bewegen; jede Karte muss
    einzeln, eine nach der anderen, bewegt werden.“ — „mehr als eine Karte gleichzeitig zu bewegen
    ist unzulässig“."""
    pos = position(variant, {1: column(variant, "7D 6D", 0), 2: column(variant, "8D", 1)})
    assert all(m.count == 1 for m in pos.legal_moves())
    assert_illegal(pos, "t1-t2x2", "one at a time, never several as a unit")


def test_moving_a_run_card_by_card_through_an_empty_column():
    """„Um eine Folge von Karten von einer Spalte in eine andere zu bewegen, benötigen Sie genug
    Manövrierraum (leere Spalten …), um jede Karte einzeln zu bewegen.“ The 7♦–6♦ reach the 8♦ through
    the emptied column 3."""
    pos = position("", {1: "KC QC 7D 6D", 2: "KC QC KS 8D", 3: run_to_foundation("S", 4)})
    empty_column(pos, 3, 4)
    pos.play("t1-t3")
    pos.play("t1-t2")
    pos.play("t3-t2")
    assert codes(pos.piles["t2"])[-3:] == ["8D", "7D", "6D"] and pos.piles["t3"] == []


# --- foundations ----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_foundations_build_up_in_suit(variant):
    """„Eine verfügbare Karte darf auf einen Grundstapel gelegt werden, wenn sie der nächste Rang
    aufwärts in derselben Farbe ist. Asse beginnen neue Grundstapel, dann 2, 3, … bis König.“"""
    pos = position(variant, talon="2H 3S AS 2S")
    assert_illegal(pos, "s-f1", "turned onto the waste")
    for _ in range(3):
        pos.play("s-w")
    pos.play("s-w")  # the A♠ lies under the 2♠ now
    assert_illegal(pos, "w-f1", "the 2♠ cannot go onto an empty foundation: a foundation starts with an Ace")
    pos.undo()
    pos.play("w-f1")  # A♠ from the waste
    assert_illegal(pos, "w-f1", "the 3♠ cannot go onto the A♠: a foundation builds up in suit")
    pos.play("s-w")
    pos.play("w-f1")
    pos.play("w-f1")
    assert codes(pos.piles["f1"]) == ["AS", "2S", "3S"]
    assert_illegal(pos, "w-f1", "the 2♥ cannot go onto the 3♠: a foundation builds up in suit, one rank at a time")


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_ace_goes_to_any_empty_foundation(variant):
    """„Asse beginnen neue Grundstapel“: an Ace goes onto any empty foundation, and nothing else does."""
    rules = get_rules(GAME, variant)
    pos = position(variant, {1: run_to_foundation("C", rules.spec.rows)})
    assert {m.dst for m in pos.legal_moves() if m.src == "t1"} == set(rules.foundation_ids)
    pos.play(f"t1-f{rules.spec.foundations}")
    assert {m.dst for m in pos.legal_moves() if m.src == "t1"} == {f"f{rules.spec.foundations}"}


@pytest.mark.parametrize("variant", ["", "sixty-thieves"])
def test_each_suit_has_two_foundations_completed_independently(variant):
    """„Jede Farbe hat zwei Grundstapel, da jede Karte als Duplikat vorhanden ist; beide Stapel müssen
    unabhängig voneinander vervollständigt werden.“ (Three per suit with three decks.) The second 2♠
    goes onto the other A♠, not onto the first 2♠."""
    decks = get_rules(GAME, variant).decks
    pos = position(variant, talon=" ".join(["AS"] * decks + ["2S"] * decks))
    for _ in range(decks):
        pos.play("s-w")
    for number in range(decks, 0, -1):
        pos.play(f"w-f{number}")
    pos.play("s-w")
    assert {str(m) for m in pos.legal_moves() if m.src == "w"} == {f"w-f{n}" for n in range(1, decks + 1)}
    pos.play("w-f1")
    pos.play("s-w")
    assert_illegal(pos, "w-f1", "the 2♠ cannot go onto the 2♠")
    assert "w-f2" in legal(pos)


def test_a_full_foundation_takes_nothing_more():
    """„… dann 2, 3, … bis König“: a foundation ends with its King; nothing goes onto it."""
    spades = " ".join(f"{r}S" for r in "A23456789TJQK")
    pos = position("", {1: "5C 4C 3C KS"}, talon=spades)
    for _ in range(13):
        pos.play("s-w")
        pos.play(next(m for m in pos.legal_moves() if m.src == "w" and m.dst.startswith("f")))
    full = next(f for f in pos.rules.foundation_ids if len(pos.piles[f]) == 13)
    assert pos.piles[full][-1] == Card.parse("KS")
    assert_illegal(pos, f"t1-{full}",
                   f"cannot go onto foundation {full[1:]}: it is complete, and nothing goes onto its King")


@pytest.mark.parametrize("variant", VARIANTS)
def test_cards_on_foundations_are_fixed(variant):
    """„Karten auf den Grundstapeln sind festgelegt und dürfen nicht ins Tableau zurückgenommen
    werden.“ The 2♠ would fit on the 3♠ in column 1, but it stays home."""
    pos = position(variant, {1: column(variant, "3S")}, talon="AS 2S")
    pos.play("s-w")
    pos.play("w-f1")
    pos.play("s-w")
    pos.play("w-f1")
    assert not any(m.src.startswith("f") for m in pos.legal_moves())
    assert_illegal(pos, "f1-t1", "cards on the foundations are fixed")
    assert_illegal(pos, "f1-w", "cards on the foundations are fixed")


def test_wrong_foundation_plays_change_nothing():
    """„Eine Karte, die in der falschen Farbe oder außerhalb der Reihenfolge auf einen Grundstapel gelegt
    wurde, wird zurückgenommen.“ Here the engine refuses such a play and keeps the position."""
    pos = position("", {1: "5C 4C 3C 2H", 2: "5C 4C 3C AS", 3: "5D 4D 3D 3S"})
    pos.play("t2-f1")
    assert_illegal(pos, "t1-f1", "the 2♥ cannot go onto the A♠")
    assert_illegal(pos, "t3-f1", "the 3♠ cannot go onto the A♠")
    assert_illegal(pos, "t1-f2", "the 2♥ cannot go onto an empty foundation")


# --- talon and waste ------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_turning_the_talon_one_card_at_a_time(variant):
    """„Wenn Sie möchten, die oberste Karte des Talons offen auf den Ablagestapel legen.“ — „Sie können
    weiterhin eine Talon-Karte nach der anderen umdrehen, bis der Talon leer ist.“"""
    pos = position(variant, talon="8C 7H", talon_bottom="QD")
    talon_size = len(pos.piles["s"])
    assert "s-w" in legal(pos)
    assert_illegal(pos, "s-wx2", "one card at a time")
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["8C"]
    pos.play("s-w")
    assert codes(pos.piles["w"]) == ["8C", "7H"]
    turn_all(pos)
    assert len(pos.piles["w"]) == talon_size and pos.piles["w"][-1] == Card.parse("QD")  # the last talon card
    assert "s-w" not in legal(pos)
    assert_illegal(pos, "s-w", "the stock is empty")
    assert pos.counters["passes"] == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_waste_top_plays_by_the_same_rules(variant):
    """„Die oberste Karte des Ablagestapels ist stets verfügbar, um nach denselben Aufbauregeln auf eine
    Tableau-Spalte oder einen Grundstapel gespielt zu werden.“"""
    nine = "9D" if get_rules(GAME, variant).spec.build == "same-suit" else "9S"
    pos = position(variant, {1: column(variant, nine), 2: column(variant, "7C", 1)}, talon="8D")
    pos.play("s-w")
    assert "w-t1" in legal(pos)
    assert_illegal(pos, "w-t2", "the 8♦ cannot go onto the 7♣")
    pos.play("w-t1")
    assert codes(pos.piles["t1"])[-2:] == [nine, "8D"] and pos.piles["w"] == []
    assert_illegal(pos, "w-t1", "the waste is empty")


def test_nothing_is_played_onto_the_talon_or_the_waste():
    """Cards go from the waste and the columns onto columns and foundations only."""
    pos = position("", talon="8D")
    assert_illegal(pos, "t1-w", "cannot go onto the waste: it takes only the cards turned from the stock")
    assert_illegal(pos, "t1-s", "cannot go onto the stock: cards only leave the stock")
    assert_illegal(pos, "s-t1", "turned onto the waste")
    assert_illegal(pos, "t1-t1", "two different piles")
    assert_illegal(pos, "t11-t1", 'no pile "t11"')
    assert_illegal(pos, "t1-f9", 'no pile "f9"')
    assert_illegal(pos, "t1+t2-f1", "no pile")


@pytest.mark.parametrize("variant", ["", "josephine", "limited", "indian", "streets", "sixty-thieves",
                                     "kings-only"])
def test_the_talon_runs_through_only_once(variant):
    """„Der Talon läuft nur einmal durch; es gibt kein Neuausteilen.“"""
    pos = position(variant)
    turn_all(pos)
    assert "w-s" not in legal(pos)
    assert_illegal(pos, "w-s", "you go through the stock only once: there is no redeal")
    assert pos.counters["passes"] == 1
    assert pos.describe("w-s").render("en") == "This move cannot be made here"


# --- empty columns --------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["", "josephine", "limited", "indian", "streets", "sixty-thieves",
                                     "one-redeal", "two-redeals"])
def test_any_available_card_fills_an_empty_column(variant):
    """„Leere Spalten: Jede einzelne verfügbare Karte (von einem Tableau-Stapel oder vom Ablagestapel)
    darf in eine leere Spalte gelegt werden.“"""
    rules = get_rules(GAME, variant)
    pos = position(variant, {1: run_to_foundation("S", rules.spec.rows)}, talon="7H")
    empty_column(pos, 1, rules.spec.rows)
    sources = {m.src for m in pos.legal_moves() if m.dst == "t1"}
    assert sources == {f"t{n}" for n in range(2, rules.spec.columns + 1)}
    pos.play("s-w")
    assert "w-t1" in legal(pos)
    pos.play("w-t1")
    assert codes(pos.piles["t1"]) == ["7H"]


def test_one_card_fills_the_space_not_a_sequence():
    """„Sequenzen aus mehreren Karten können nicht als Einheit in leere Spalten gelegt werden; eine Karte
    füllt den Platz.“"""
    pos = position("", {1: run_to_foundation("S", 4), 2: "KC QC 7D 6D"})
    empty_column(pos, 1, 4)
    assert "t2-t1" in legal(pos) and "t2-t1x2" not in legal(pos)
    assert_illegal(pos, "t2-t1x2", "one at a time")


@pytest.mark.parametrize("variant", ["kings-only"])
def test_kings_only_fill_an_empty_column(variant):
    """„Variante mit Einschränkung für leere Spalten: Nur Könige (oder Sequenzen, die von Königen
    angeführt werden) dürfen leere Spalten füllen, nach Klondike-Art.“"""
    pos = position(variant, {1: run_to_foundation("S", 4), 2: "5C 4C 3C KD"}, talon="QH KH")
    empty_column(pos, 1, 4)
    assert {str(m) for m in pos.legal_moves() if m.dst == "t1"} == {"t2-t1"}
    assert_illegal(pos, "t3-t1", "cannot fill the empty column: only a King may")
    pos.play("s-w")
    assert_illegal(pos, "w-t1", "cannot fill the empty column: only a King may")
    pos.play("s-w")
    pos.play("w-t1")
    assert codes(pos.piles["t1"]) == ["KH"]


# --- blocked, won, lost ---------------------------------------------------------------------------
def test_drawing_is_always_possible_while_the_talon_has_cards():
    """„Solange der Talon nicht leer ist, ist Ziehen stets als Ausweichmöglichkeit erlaubt; nur in der
    letzten Phase des Spiels kann eine echte Blockade entstehen.“"""
    pos = position("", talon_bottom="QD")
    while len(pos.piles["s"]) > 1:
        pos.play("s-w")
        assert not pos.is_lost()
    assert "s-w" in legal(pos)


def test_blocked_when_the_talon_is_empty_and_nothing_moves():
    """„Blockade: Das Spiel endet, wenn kein Zug mehr möglich ist (keine Tableau-Karte, keine
    Ablagestapel-Karte und kein Grundstapel-Fortschritt verfügbar) und der Talon leer ist.“ — „Verlust-
    bedingung: Der Talon ist erschöpft, kein Tableau- oder Ablagestapel-Zug ist möglich, und die
    Grundstapel sind noch unvollständig.“"""
    pos = position("", talon_bottom="QD")
    turn_all(pos)
    assert pos.legal_moves() == []
    assert pos.is_lost() and not pos.is_won() and pos.is_over()


def test_won_when_every_card_is_on_a_foundation():
    """„Gewinnbedingung: Alle Karten liegen auf einem der acht Grundstapel, jeder läuft vom Ass bis zum
    König in der eigenen Farbe; nichts verbleibt im Tableau, Ablagestapel oder Talon.“"""
    high = {n: f"K{s} Q{s} J{s} T{s}" for n, s in zip(range(1, 9), "CDHSCDHS", strict=True)}
    high.update({9: "9C 9D 9H 9S", 10: "9C 9D 9H 9S"})
    low = " ".join(f"{r}{s}" for s in "CDHS" for _ in range(2) for r in "A2345678")
    pos = position("", high, talon=low)
    play_greedily_home(pos)
    assert pos.is_won() and not pos.is_lost() and pos.is_over()
    assert all(len(pos.piles[f"f{n}"]) == 13 and pos.piles[f"f{n}"][-1].rank == 13 for n in range(1, 9))
    assert pos.legal_moves() == []
    pos.undo()
    assert not pos.is_won()


# --- variants -------------------------------------------------------------------------------------
def test_josephine_moves_an_in_suit_sequence_as_a_unit():
    """Josephine: „Sequenzen aus Karten in korrekter Farbe und Reihenfolge dürfen als Einheit bewegt
    werden“ — ``t2-t5x3`` moves the top three cards when they run down in one suit and the 9♦ takes
    the sequence's bottom card, the 8♦."""
    pos = position("josephine", {2: "KC 8D 7D 6D", 5: column("josephine", "9D", 1)})
    moves = legal(pos)
    assert {"t2-t5x3"} <= moves and "t2-t5x2" not in moves and "t2-t5" not in moves
    assert pos.describe("t2-t5x3").render("en") == (
        "Move the three cards from the 8♦ down to the 6♦ out of column 2 onto the 9♦ in column 5")
    assert pos.describe("t2-t5x3").render("de") == (
        "Leg alle drei Karten von der 8♦ bis zu der 6♦ aus Spalte 2 auf die 9♦ in Spalte 5")
    pos.play("t2-t5x3")
    assert codes(pos.piles["t5"])[-4:] == ["9D", "8D", "7D", "6D"] and codes(pos.piles["t2"]) == ["KC"]
    pos.undo()
    assert codes(pos.piles["t2"]) == ["KC", "8D", "7D", "6D"]


def test_josephine_sequences_must_be_in_suit_and_in_order():
    """Josephine: only „Karten in korrekter Farbe und Reihenfolge“ move together; the destination
    rule is the single card's rule, applied to the sequence's bottom card."""
    pos = position("josephine", {1: "KC 8D 7H 6D", 2: "KC 6D 7D 8D", 3: column("josephine", "9D", 1),
                                 4: column("josephine", "8S", 2), 6: "QC 8H 7S 6S"})
    assert_illegal(pos, "t1-t3x3", "the 6♦ on the 7♥ breaks the sequence")
    assert_illegal(pos, "t1-t3x2", "the 6♦ on the 7♥ breaks the sequence")
    assert_illegal(pos, "t6-t3x3", "the 7♠ on the 8♥ breaks the sequence: only cards of one suit in "
                  "descending order")
    assert_illegal(pos, "t2-t3x2", "the 8♦ on the 7♦ breaks the sequence")
    assert_illegal(pos, "t2-t4x5", "column 2 has fewer than 5 cards")
    pos2 = position("josephine", {1: "KC 8D 7D 6D", 2: column("josephine", "9H", 1)})
    assert_illegal(pos2, "t1-t2x3", "the 8♦ cannot go onto the 9♥: in the tableau a card goes onto the next higher "
                                    "card of the same suit")
    assert_illegal(pos2, "t1-f1x2", "cards go onto a foundation one at a time")


def test_josephine_sequences_fill_empty_columns_and_never_leave_the_waste_together():
    """Josephine: any sequence may fill an empty column (the base rule for spaces is kept); only the
    waste's top card is available, so nothing moves from it as a unit."""
    pos = position("josephine", {1: run_to_foundation("S", 4), 2: "KC 8D 7D 6D"}, talon="5D 4D")
    empty_column(pos, 1, 4)
    assert {"t2-t1", "t2-t1x2", "t2-t1x3"} <= legal(pos)
    assert pos.describe("t2-t1x2").render("en") == (
        "Move the two cards from the 7♦ down to the 6♦ out of column 2 into the empty column 1")
    pos.play("s-w")
    pos.play("s-w")
    assert_illegal(pos, "w-t2x2", "only the top card of the waste is available")
    pos.play("t2-t1x3")
    assert codes(pos.piles["t1"]) == ["8D", "7D", "6D"]


def test_josephine_kings_only_would_need_a_king_led_sequence():
    """„Nur Könige (oder Sequenzen, die von Königen angeführt werden) dürfen leere Spalten füllen“: the
    space rule checks the bottom card of what moves (shown with a Josephine rule set limited to Kings)."""
    from tutor.games.forty_thieves.building import VariantSpec
    from tutor.games.forty_thieves.rules import VARIANTS as SPECS
    from tutor.games.forty_thieves.rules import FortyThievesRules

    class KingsJosephine(FortyThievesRules):
        variants = {"": FortyThievesRules.variants[""]}

        def __init__(self) -> None:
            super().__init__("")
            self.spec = VariantSpec(SPECS["josephine"].name, sequences=True, kings_only=True)

    rules = KingsJosephine()
    pos = rules.from_cards(card_string("", {1: run_to_foundation("S", 4), 2: "KC KD QD JD", 3: "5C 4C QC JC"}))
    empty_column(pos, 1, 4)
    assert {str(m) for m in pos.legal_moves() if m.dst == "t1"} == {"t2-t1x3"}
    assert_illegal(pos, "t3-t1x2", "cannot fill the empty column: only a King, or a sequence led by a King, may")


def test_limited_deals_twelve_columns_of_three():
    """Limited: „Drei Reihen zu je 12 Karten statt vier Reihen zu je 10 austeilen“."""
    pos = position("limited", {12: "KC QC 6D", 11: "KD QD 7D"})
    assert "t12-t11" in legal(pos)
    pos.play("t12-t11")
    assert codes(pos.piles["t11"]) == ["KD", "QD", "7D", "6D"]
    assert len(pos.piles["s"]) == 68


@pytest.mark.parametrize(("card", "target", "fits"), [
    ("6D", "7H", True), ("6D", "7S", True), ("6D", "7C", True), ("6D", "7D", False), ("6D", "8H", False)])
def test_indian_builds_down_in_any_suit_but_its_own(card, target, fits):
    """Indian: „Tableau-Spalten werden abwärts nach jeder Farbe außer der eigenen Farbe der Karte
    aufgebaut.“"""
    pos = position("indian", {1: column("indian", card), 2: column("indian", target, 1)})
    if fits:
        pos.play("t1-t2")
        assert codes(pos.piles["t2"])[-2:] == [target, card]
    elif target[0] == "7":
        assert_illegal(pos, "t1-t2", f"the {Card.parse(card).rank}♦ cannot go onto the 7♦: in Indian a card goes onto "
                                     "the next higher card of any suit but its own")
    else:
        assert_illegal(pos, "t1-t2", "in Indian")


@pytest.mark.parametrize(("card", "target", "fits"), [
    ("6D", "7S", True), ("6D", "7C", True), ("6D", "7H", False), ("6D", "7D", False), ("6S", "7H", True),
    ("6S", "7C", False)])
def test_streets_builds_down_in_alternate_colours(card, target, fits):
    """Streets: „Tableau-Spalten werden abwärts nach abwechselnder Farbe (Rot auf Schwarz und umgekehrt)
    statt nach gleicher Farbe aufgebaut.“"""
    pos = position("streets", {1: column("streets", card), 2: column("streets", target, 1)})
    if fits:
        pos.play("t1-t2")
        assert codes(pos.piles["t2"])[-2:] == [target, card]
    else:
        assert_illegal(pos, "t1-t2", "in Streets a card goes onto the next higher card of the other colour")


def test_streets_german_reason_names_the_colour():
    pos = position("streets", {1: column("streets", "6D"), 2: column("streets", "7H", 1)})
    with pytest.raises(IllegalMove) as info:
        pos.play("t1-t2")
    assert info.value.message("de").startswith("Die 6♦ darf nicht auf die 7♥: Bei Streets")
    assert "Rot auf Schwarz" in info.value.message("de")


def test_sixty_thieves_three_decks_twelve_columns_of_five_and_twelve_foundations():
    """Sixty Thieves: „Drei Kartendecks (156 Karten) und 12 Spalten zu je 5 Karten werden verwendet“;
    three Aces of one suit start three foundations."""
    pos = position("sixty-thieves", {12: "KC QC JC 7D 6D"}, talon="AS AS AS")
    assert len(pos.piles["s"]) == 96 and len(pos.rules.foundation_ids) == 12
    for number in (10, 11, 12):
        pos.play("s-w")
        pos.play(f"w-f{number}")
    assert [codes(pos.piles[f"f{n}"]) for n in (10, 11, 12)] == [["AS"], ["AS"], ["AS"]]
    assert_illegal(pos, "t1-f13", 'no pile "f13"')


@pytest.mark.parametrize(("variant", "passes"), [("one-redeal", 2), ("two-redeals", 3)])
def test_redeal_gathers_the_waste_face_down(variant, passes):
    """„Variante mit Neuausteilen: Ein oder zwei weitere Durchläufe durch den Talon sind erlaubt, indem der
    Ablagestapel aufgesammelt, verdeckt umgedreht und weiter gespielt wird.“ The card turned first comes
    first again; ``counters["passes"]`` counts the passes."""
    pos = position(variant, talon="8C 7H", talon_bottom="QD")
    first_pass = list(pos.piles["s"])
    assert_illegal(pos, "w-s", "a redeal comes only once the stock is empty")
    for number in range(1, passes):
        turn_all(pos)
        assert "w-s" in legal(pos)
        assert_illegal(pos, "w-sx2", "not some of its cards")
        assert pos.describe("w-s").render("en") == (
            f"Gather the waste, turn it face down as the new stock and start pass {number + 1} of {passes}")
        pos.play("w-s")
        assert pos.counters["passes"] == number + 1
        assert pos.piles["s"] == first_pass and pos.piles["w"] == []
        pos.play("s-w")
        assert codes(pos.piles["w"]) == ["8C"]
    turn_all(pos)
    assert "w-s" not in legal(pos)
    assert_illegal(pos, "w-s", f"no redeal left: you have already gone through the stock {passes} times")


def test_undo_takes_a_redeal_back_exactly():
    pos = position("one-redeal", talon="8C 7H")
    turn_all(pos)
    before = pos.state_key()
    pos.play("w-s")
    pos.undo()
    assert pos.state_key() == before and pos.counters["passes"] == 1
    pos.redo()
    assert pos.counters["passes"] == 2 and pos.piles["w"] == []


def test_a_redeal_needs_cards_in_the_waste():
    """Nothing to gather, nothing to redeal: with the waste played out the redeal is refused (and the
    game may be lost)."""
    pos = position("one-redeal", {1: column("one-redeal", "9C")}, talon_bottom="8C")
    turn_all(pos)
    waste = len(pos.piles["w"])
    # Playing 64 cards out of the waste takes a long deal; the engine's own primitive step clears it.
    for _ in range(waste):
        pos._move_cards("w", "f1")
    assert pos.piles["w"] == []
    assert "w-s" not in legal(pos)
    assert_illegal(pos, "w-s", "the waste is empty: there is nothing to gather for a redeal")


# --- sentences and pictures -----------------------------------------------------------------------
def test_describe_names_cards_and_piles_in_both_languages():
    pos = position("", {3: "KC QC KS 6D", 5: "KH QH KD 7D", 1: run_to_foundation("S", 4)}, talon="AH")
    assert pos.describe("t3-t5").render("en") == "Move the 6♦ from column 3 onto the 7♦ in column 5"
    assert pos.describe("t3-t5").render("de") == "Leg die 6♦ von Spalte 3 auf die 7♦ in Spalte 5"
    assert pos.describe("t1-f2").render("en") == "Move the A♠ from column 1 to the empty foundation 2"
    assert pos.describe("t1-f2").render("de") == "Leg das A♠ von Spalte 1 auf den leeren Grundstapel 2"
    assert pos.describe("s-w").render("en") == "Turn the top card of the stock onto the waste"
    assert pos.describe("s-w").render("de") == "Dreh die oberste Karte des Talons auf den Ablagestapel um"
    pos.play("t1-f2")
    assert pos.describe("t1-f2").render("en") == "Move the 2♠ from column 1 onto the A♠ on foundation 2"
    pos.play("s-w")
    assert pos.describe("w-f1").render("de") == "Leg das A♥ vom Ablagestapel auf den leeren Grundstapel 1"
    empty_column(pos, 1, 3)
    assert pos.describe("w-t1").render("en") == "Move the A♥ from the waste into the empty column 1"
    assert pos.describe("t3-t1").render("de") == "Leg die 6♦ von Spalte 3 in die leere Spalte 1"
    assert pos.describe("t9-t1x7").render("en") == "This move cannot be made here"


def test_layout_foundations_on_top_columns_below_fanned_down():
    for variant in VARIANTS:
        pos = get_rules(GAME, variant).deal(2)
        views = {v.id: v for v in pos.layout()}
        assert sorted(views) == sorted(pos.piles)
        foundations = [v for v in views.values() if v.kind == "foundation"]
        columns = [v for v in views.values() if v.kind == "tableau"]
        # the first row of foundations beside the talon and the waste (Sixty Thieves' twelve take two rows)
        assert {views["s"].y} == {views["w"].y} == {min(v.y for v in foundations)}
        assert len({v.y for v in foundations}) == (2 if variant == "sixty-thieves" else 1)
        assert all(v.fan == "down" and v.y > max(f.y for f in foundations) for v in columns)
        assert [v.x for v in columns] == sorted(v.x for v in columns)
        assert views["s"].face_down == len(pos.piles["s"]) and views["w"].face_down == 0
        assert views["t1"].label.render("de") == "Spalte 1" and views["w"].label.render("de") == "Ablagestapel"
        assert views["f1"].label.render("de") == "Grundstapel 1" and views["s"].label.render("de") == "Talon"


# --- the move list is exactly the legal moves -----------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_moves_are_exactly_the_moves_the_rules_allow(variant):
    """Every move between any two piles, of any size up to the longest column, is legal exactly when
    ``legal_moves`` lists it (random play, two deals; longer packets only between columns, the one
    place a sequence can come from and go to)."""
    rules = get_rules(GAME, variant)
    ids = ["s", "w", *rules.column_ids, *rules.foundation_ids]
    rng = random.Random(variant)
    for number in range(2):
        pos = rules.deal(number)
        for _ in range(60):
            listed = pos.legal_moves()
            assert len(set(listed)) == len(listed)
            longest = max(len(pos.piles[c]) for c in rules.column_ids)
            candidates = {Move(a, b, n) for a in ids for b in ids if a != b for n in (1, 2)}
            candidates |= {Move(a, b, n) for a in rules.column_ids for b in rules.column_ids if a != b
                           for n in range(3, longest + 1)}
            allowed = {move for move in candidates if pos.is_legal(move)}
            assert allowed == set(listed)
            if not listed:
                break
            useful = [m for m in listed if m.dst.startswith("f") or m.src.startswith("t")]
            pos.play(rng.choice(useful if useful and rng.random() < 0.8 else listed))
