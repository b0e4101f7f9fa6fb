"""What each of Forty Thieves' tips asks for (``tips.ASKS``): the tip's idea in words that name no card,
and a check that a move does what the tip names, with why, said from the position in one sentence
(:class:`tutor.analysis.coach.TipAsks`). The coach's checks (:mod:`~tutor.games.forty_thieves.coach_tips`)
speak against a move; these speak for one, so an exercise accepts only a move that teaches its tip.
Tip 3 is a note on a move already made and asks for none.
"""

from __future__ import annotations

from typing import Any

from tutor.analysis.coach import Asked, TipAsks, empties_pile, moving_card, pile_kind, position_after, top_card
from tutor.cards import ALL_CARDS
from tutor.engine import Move
from tutor.games.forty_thieves import tip_player as tp
from tutor.games.forty_thieves.coach_tips import _frees, _kernel, target_text, tip_4, visible_state
from tutor.i18n import Text, in_words

# Tip 6 accepts a move when the ending after it is proved won: a search of up to this many positions
# (the coach's check, within tip 6's own budget, speaks only on an ending proved lost).
ENDING_PROOF_NODES = 4 * tp.ENDGAME_NODES


def _empty_columns(position: Any) -> list[str]:
    return [pile_id for pile_id, pile in position.piles.items() if pile_kind(pile_id) == "t" and not pile]


def _column(pile_id: str) -> int:
    return int(pile_id[1:])


def _under(before: Any, move: Move) -> Any:
    """The card the move uncovers in its source pile, or ``None``."""
    pile = before.piles.get(move.src) or []
    return pile[-move.count - 1] if len(pile) > move.count else None


def empty_columns(before: Any, move: Move) -> Asked | None:
    """Tip 1: the move leaves a column empty (without filling another), or fills an empty column
    with a card whose move frees the card under it for a move of its own."""
    card = moving_card(before, move)
    if pile_kind(move.src) != "t" or card is None:
        return None
    into_space = pile_kind(move.dst) == "t" and not before.piles[move.dst]
    if empties_pile(before, move) and not into_space:
        return Asked(1, Text("forty-thieves", "The {card} goes {target} and leaves column {column} empty, so you "
                                              "can move cards step by step.",
                             card=card, target=target_text(before, move), column=_column(move.src)), card)
    after = position_after(before, move)
    if into_space and not empties_pile(before, move) and after is not None and _frees(after, move.src):
        under = _under(before, move)
        return Asked(1, Text("forty-thieves", "The empty column {column} takes the {card} and frees the {under}, "
                                              "which can move on.",
                             card=card, column=_column(move.dst), under=under), under)
    return None


def waste_first(before: Any, move: Move) -> Asked | None:
    """Tip 2: the waste's card is played before a new card covers it."""
    if move.src != "w" or move.dst == "s":
        return None
    card = moving_card(before, move)
    return Asked(2, Text("forty-thieves", "The {card} goes from the waste {target} before a new card covers it.",
                         card=card, target=target_text(before, move)), card)


def foundation_order(before: Any, move: Move) -> Asked | None:
    """Tip 4: a card goes to its foundation where that frees room and locks nothing out: an Ace or a
    2, the waste's card (no column loses a resting place), a card that empties its column or frees
    the card under it, or one no card in play could still want to lie on."""
    if pile_kind(move.dst) != "f" or move.src == "s" or tip_4(before, move) is not None:
        return None
    card = moving_card(before, move)
    after = position_after(before, move)
    if card is None or after is None:
        return None
    if card.rank <= 2:
        return Asked(4, Text("forty-thieves", "The {card} goes to its foundation: an Ace or a 2 there only frees "
                                              "room in the tableau.", card=card), card)
    if move.src == "w":
        return Asked(4, Text("forty-thieves", "The {card} goes to its foundation from the waste, so no card in the "
                                              "tableau loses a resting place.", card=card), card)
    if empties_pile(before, move):
        return Asked(4, Text("forty-thieves", "The {card} goes to its foundation and leaves column {column} empty.",
                             card=card, column=_column(move.src)), card)
    if _frees(after, move.src):
        return Asked(4, Text("forty-thieves", "The {card} goes to its foundation and frees the {under}, which can "
                                              "move on.", card=card, under=_under(before, move)), card)
    kernel = _kernel(before.rules)
    if kernel.is_safe_home(card.index, kernel.from_position(before)[3]):
        return Asked(4, Text("forty-thieves", "The {card} goes to its foundation safely: no card in play could "
                                              "still want to lie on it.", card=card), card)
    return None


def _last_king(position: Any) -> tuple[str, Any] | None:
    """The only King left in the tableau (its column and the card), or ``None``."""
    kings = [(pile_id, card) for pile_id, pile in position.piles.items() if pile_kind(pile_id) == "t"
             for card in pile if card.rank == 13]
    return kings[0] if len(kings) == 1 else None


def last_king(before: Any, move: Move) -> Asked | None:
    """Tip 5: with one King left in the tableau, a card that could lie on it goes elsewhere (to its
    foundation or into an empty column), or a card comes off the King's column."""
    found = _last_king(before)
    card = moving_card(before, move)
    if found is None or card is None or move.src == "s" or move.dst == "s":
        return None
    column, king = found
    if move.src == column and card is not king:
        return Asked(5, Text("forty-thieves", "The {card} comes off the {king}, the last King in the tableau, "
                                              "while it is still easy to get back.", card=card, king=king), card)
    fits_king = top_card(before, column) is king and before.builds_on(card, king)
    if fits_king and move.dst != column:
        return Asked(5, Text("forty-thieves", "The {card} goes {target} instead of onto the {king}, the last King "
                                              "in the tableau.", card=card, target=target_text(before, move),
                             king=king), card)
    return None


def _line_from(board: Any, state: Any, lean: Any, column: int, goal: Any, depth: int) -> list[Any] | None:
    """A line of tips 8 and 9 that starts with ``lean`` (a move off ``column``): that move, then the
    shortest way on to ``goal`` within ``depth`` moves in all; ``None`` if there is none."""
    if lean[0] != column:
        return None
    after = board.play(state, lean)
    if goal(after):
        return [lean]
    parked = frozenset({lean[1]}) if lean[1] < board.columns and not state[0][lean[1]] else frozenset()
    rest = tp._unpile(board, after, column, goal, depth - 1, True, parked)
    return [lean, *rest] if rest is not None else None


def _lean(before: Any, move: Move) -> tuple[Any, Any, Any] | None:
    board, state = visible_state(before)
    lean = board.find_move(state, str(move))
    return (board, state, lean) if lean is not None else None


def clear_column(before: Any, move: Move) -> Asked | None:
    """Tip 8: the move is the first of at most eight that empty a column of at most five cards."""
    found = _lean(before, move)
    if found is None:
        return None
    board, state, lean = found
    column = lean[0]
    if column >= board.columns or not 0 < len(state[0][column]) <= tp.CLEAR_MAX_CARDS:
        return None
    spaces = len(tp._spaces(state[0]))

    def emptied(current: Any) -> bool:
        return not current[0][column] and len(tp._spaces(current[0])) > spaces

    depth = tp.LOOKAHEAD[tp.CLEAR]
    line = _line_from(board, state, lean, column, emptied, depth or 1)
    if line is None:
        return None
    card = moving_card(before, move)
    if len(line) == 1:
        return Asked(tp.CLEAR, Text("forty-thieves", "The {card} goes {target} and leaves column {column} empty "
                                                     "before a new card is turned.",
                                    card=card, target=target_text(before, move), column=column + 1), card)
    return Asked(tp.CLEAR, Text("forty-thieves", "The {card} goes {target}: the first of {count} moves that empty "
                                                 "column {column}.", card=card, target=target_text(before, move),
                                count=in_words(len(line)), column=column + 1), card)


def dig_card(before: Any, move: Move) -> Asked | None:
    """Tip 9: the move is the first of at most six that free a card a foundation takes next, lying
    under at most four cards, and send it home."""
    found = _lean(before, move)
    if found is None:
        return None
    board, state, lean = found
    column = lean[0]
    if column >= board.columns or lean[1] >= board.first_foundation:
        return None
    pile = state[0][column]
    wanted = tp.wanted_cards(board, state)
    index = next((len(pile) - 1 - cover for cover in range(1, min(tp.DIG_MAX_COVER, len(pile) - 1) + 1)
                  if pile[len(pile) - 1 - cover] in wanted), None)
    if index is None:
        return None

    def freed(current: Any) -> bool:
        return len(current[0][column]) == index + 1

    depth = tp.LOOKAHEAD[tp.DIG]
    line = _line_from(board, state, lean, column, freed, (depth or 2) - 1)
    if line is None:
        return None
    home = tp._destinations(board, tp.replay(board, state, line), column, pile[index])
    if not home or home[0][1] < board.first_foundation:
        return None
    card = moving_card(before, move)
    return Asked(tp.DIG, Text("forty-thieves", "The {card} goes {target}: the first of {count} moves that free the "
                                               "{wanted} and send it to its foundation.",
                              card=card, target=target_text(before, move), count=in_words(len(line) + 1),
                              wanted=ALL_CARDS[pile[index]]), card)


def short_waste(before: Any, move: Move) -> Asked | None:
    """Tip 10: the waste's card goes onto the next higher card of its suit, or into an empty column
    while another stays empty or a loose card can follow it there at once."""
    if move.src != "w" or pile_kind(move.dst) != "t":
        return None
    card = moving_card(before, move)
    top = top_card(before, move.dst)
    if top is not None:
        return Asked(tp.WASTE, Text("forty-thieves", "The {card} leaves the waste for the {top}, so the waste "
                                                     "stays short.", card=card, top=top), card)
    follower = next((pile[-1] for pile_id, pile in before.piles.items()
                     if pile_kind(pile_id) == "t" and pile and before.builds_on(pile[-1], card)
                     and (len(pile) == 1 or not before.builds_on(pile[-1], pile[-2]))), None)
    if follower is not None:
        return Asked(tp.WASTE, Text("forty-thieves", "The {card} goes into the empty column {column}, and the "
                                                     "{follower} can follow it there at once.",
                                    card=card, column=_column(move.dst), follower=follower), card)
    if len(_empty_columns(before)) >= 2:
        return Asked(tp.WASTE, Text("forty-thieves", "The {card} goes into one of two empty columns, so the waste "
                                                     "stays short.", card=card), card)
    return None


def loose_card(before: Any, move: Move) -> Asked | None:
    """Tip 11: a column's bottom card that does not lie on the next higher card of its suit goes onto
    one."""
    pile = before.piles.get(move.src) or []
    if pile_kind(move.src) != "t" or len(pile) < 2 or move.count != 1 or before.builds_on(pile[-1], pile[-2]):
        return None
    top = top_card(before, move.dst)
    if pile_kind(move.dst) != "t" or top is None:
        return None
    return Asked(tp.BUILD, Text("forty-thieves", "The {card} did not lie on the next higher card of its suit, and "
                                                 "now it lies on the {top}.", card=pile[-1], top=top), pile[-1])


def home_now(before: Any, move: Move) -> Asked | None:
    """Tip 7: a card goes to its foundation (one tip 4 does not warn against sending up)."""
    if pile_kind(move.dst) != "f" or move.src == "s" or tip_4(before, move) is not None:
        return None
    card = moving_card(before, move)
    under = _under(before, move) if move.src != "w" else None
    if under is not None:
        return Asked(tp.HOME, Text("forty-thieves", "The {card} goes to its foundation as soon as it can, and the "
                                                    "{under} under it comes free.", card=card, under=under), card)
    return Asked(tp.HOME, Text("forty-thieves", "The {card} goes to its foundation as soon as it can, and it never "
                                                "has to move again.", card=card), card)


def ending_won(before: Any, move: Move) -> Asked | None:
    """Tip 6: with nothing left to turn, the move keeps the ending won (proved: :data:`ENDING_PROOF_NODES`)."""
    board, state = visible_state(before)
    played = position_after(before, move)
    if tp.can_turn(board, state) or played is None:
        return None
    from tutor.games.forty_thieves.search import exhaust

    _, after = visible_state(played)  # (through the position: the board's own moves fill the first empty column)
    if not board.is_won(after) and exhaust(board, after, None, ENDING_PROOF_NODES).result != "won":
        return None
    card = moving_card(before, move)
    return Asked(tp.ENDGAME, Text("forty-thieves", "The {card} goes {target}, and with every card in sight the "
                                                   "ending can still be won to the last card.",
                                  card=card, target=target_text(before, move)), card)


ASKS: dict[int, TipAsks] = {
    1: TipAsks(Text("forty-thieves", "Tip 1 asks for an empty column: make one, or fill one only where that frees "
                                     "a card that can move on."), empty_columns),
    2: TipAsks(Text("forty-thieves", "Tip 2 asks you to play the waste's card before you turn a new one."),
               waste_first),
    4: TipAsks(Text("forty-thieves", "Tip 4 asks for a card on a foundation that frees room and takes no resting "
                                     "place from a lower card."), foundation_order),
    5: TipAsks(Text("forty-thieves", "Tip 5 asks you to keep cards off the last King in the tableau, or to take "
                                     "them off while that is easy."), last_king),
    tp.ENDGAME: TipAsks(Text("forty-thieves", "Tip 6 asks for a move after which the ending can still be won to "
                                              "the last card."), ending_won),
    tp.HOME: TipAsks(Text("forty-thieves", "Tip 7 asks for a card that goes to its foundation at once."), home_now),
    tp.CLEAR: TipAsks(Text("forty-thieves", "Tip 8 asks you to empty a short column before you turn a new card."),
                      clear_column),
    tp.DIG: TipAsks(Text("forty-thieves", "Tip 9 asks you to free a card that a foundation takes next, before you "
                                          "turn a new card."), dig_card),
    tp.WASTE: TipAsks(Text("forty-thieves", "Tip 10 asks you to keep the waste short: its card goes onto the next "
                                            "higher card of its suit."), short_waste),
    tp.BUILD: TipAsks(Text("forty-thieves", "Tip 11 asks for a column's bottom card to go onto the next higher card "
                                            "of its suit, where it does not lie on one already."), loose_card),
}
