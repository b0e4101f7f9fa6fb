"""Forty Thieves' coach checks, one per tip of the page (``tips.TIPS``): each
``(before, move) -> Remark | None`` says when a move goes against its tip, judged on what the player
sees (the columns, the foundations, the waste; never the talon's order). Tips 1 to 5 are the rules
text's own, tips 6 to 11 the measured ones (:mod:`~tutor.games.forty_thieves.tip_player`): those say
"before you turn the next card, …", so their checks speak on a turn (or a redeal) made while the tip
still had a move, and tip 6 on a move that throws away an ending that could be won.
"""

from __future__ import annotations

from typing import Any

from tutor.analysis.coach import (
    NOTE,
    WARNING,
    Remark,
    TipFunction,
    as_move,
    empties_pile,
    is_legal,
    is_turn,
    moving_card,
    pile_kind,
    position_after,
    top_card,
)
from tutor.cards import ALL_CARDS
from tutor.engine import Move
from tutor.engine.lean import kernel_for
from tutor.games.forty_thieves import tip_player
from tutor.games.forty_thieves.expert import blind
from tutor.i18n import Text, in_words

_KERNELS: dict[tuple[str, str], Any] = {}


def _kernel(rules: Any) -> Any:
    key = (rules.game_id, rules.variant)
    if key not in _KERNELS:
        _KERNELS[key] = kernel_for(rules)
    return _KERNELS[key]


def target_text(position: Any, move: Move) -> Text:
    """Where a move would take its card: ``to a foundation``, ``onto the 8♥``, ``into an empty column``."""
    top = top_card(position, move.dst)
    if pile_kind(move.dst) == "f":
        return Text("forty-thieves", "to a foundation")
    if top is None:
        return Text("forty-thieves", "into an empty column")
    return Text("forty-thieves", "onto the {card}", card=top)


def _frees(after: Any, pile_id: str) -> bool:
    """Whether the card now on top of ``pile_id`` (what the move uncovered) can move on: to a
    foundation, or onto another column's top card."""
    card = top_card(after, pile_id)
    if card is None:
        return True
    for other in after.legal_moves():
        if other.src == pile_id and other.count == 1 and (pile_kind(other.dst) == "f" or after.piles[other.dst]):
            return True
    return False


def tip_1(before: Any, move: Move) -> Remark | None:
    """Tip 1: filling an empty column when it does not surely pay off: a tableau card whose move
    frees no card that can move on, or the waste's top card when no other column stays empty and no
    column's bottom card that does not lie on a partner can follow it there at once."""
    move = as_move(move)
    if pile_kind(move.dst) != "t" or before.piles.get(move.dst) or is_turn(move):
        return None
    after = position_after(before, move)
    if after is None:
        return None
    card = moving_card(before, move)
    if move.src == "w":
        if any(not pile for pile_id, pile in after.piles.items() if pile_kind(pile_id) == "t"):
            return None
        if any(pile and after.builds_on(pile[-1], card) and (len(pile) == 1 or not after.builds_on(pile[-1], pile[-2]))
               for pile_id, pile in after.piles.items() if pile_kind(pile_id) == "t" and pile_id != move.dst):
            return None  # a loose bottom card can follow it there at once: filling it pays off (tip 10)
    elif empties_pile(before, move) or _frees(after, move.src):
        return None
    return Remark("forty-thieves", 1, WARNING,
                  Text("forty-thieves", "The {card} filled an empty column without freeing a card that can move on.",
                       card=card),
                  Text("forty-thieves", "The {card} would fill an empty column without freeing a card that can move "
                                        "on.", card=card))


def tip_2(before: Any, move: Move) -> Remark | None:
    """Tip 2: turning a stock card (or gathering the waste) while the waste's top card could be
    played onto a foundation or a column."""
    move = as_move(move)
    if not is_turn(move) or not before.piles["w"]:
        return None
    for other in before.legal_moves():
        if other.src == "w" and other.dst != "s" and (pile_kind(other.dst) == "f" or before.piles[other.dst]):
            card, target = before.piles["w"][-1], target_text(before, other)
            return Remark("forty-thieves", 2, WARNING,
                          Text("forty-thieves", "You turned a new card while the {card} on the waste could still go "
                                                "{target}.", card=card, target=target),
                          Text("forty-thieves", "The {card} on the waste can still go {target}: play it before you "
                                                "turn a new card.", card=card, target=target))
    return None


def _home_choice(before: Any, move: Move) -> tuple[Any, Any, list[Any]] | None:
    """For a column card sent to a foundation that a lower card could still want as a resting
    place, and whose move frees nothing: (the card, a lower card that could want it, the column
    tops that are its twin). ``None`` when the move is none of that."""
    if pile_kind(move.src) != "t" or pile_kind(move.dst) != "f":
        return None
    card = moving_card(before, move)
    if card is None or card.rank <= 2:  # Aces and 2s go up at once: that only frees room
        return None
    kernel = _kernel(before.rules)
    state = kernel.from_position(before)
    if kernel.is_safe_home(card.index, state[3]):
        return None
    after = position_after(before, move)
    if after is None or empties_pile(before, move) or _frees(after, move.src):
        return None
    lower = _still_wanting(kernel, card.index, state[3])
    if lower is None:  # no card that could lie on it is left in play: it is held back for its twin only
        return None
    twins = [pile[-1] for pile_id, pile in before.piles.items()
             if pile_kind(pile_id) == "t" and pile_id != move.src and pile and pile[-1] == card]
    return card, lower, twins


def _still_wanting(kernel: Any, code: int, foundations: tuple[int, ...]) -> Any:
    """A card that could still lie on ``code`` in the tableau (not every copy of it is home), or
    ``None``."""
    for lower in kernel.below[code]:
        suit, rank_index = lower // 13, lower % 13
        if sum(1 for top in foundations if top >= 0 and top // 13 == suit and top % 13 >= rank_index) < kernel.decks:
            return ALL_CARDS[lower]
    return None


def tip_3(before: Any, move: Move) -> Remark | None:
    """Tip 3 (a note): a card sent up early is fine when its twin lies free in another column."""
    move = as_move(move)
    found = _home_choice(before, move)
    if found is None or not found[2]:
        return None
    card, lower, _ = found
    return Remark("forty-thieves", 3, NOTE,
                  Text("forty-thieves", "The {card} went up early, but its twin lies free in another column and can "
                                        "still take {lower:a}.", card=card, lower=lower),
                  Text("forty-thieves", "The {card} may go up early: its twin lies free in another column and can "
                                        "still take {lower:a}.", card=card, lower=lower))


def tip_4(before: Any, move: Move) -> Remark | None:
    """Tip 4: a higher card sent to a foundation, freeing nothing, though a lower card could
    still need it as a resting place (and no twin lies free to take its place)."""
    move = as_move(move)
    found = _home_choice(before, move)
    if found is None or found[2]:
        return None
    card, lower, _ = found
    return Remark("forty-thieves", 4, WARNING,
                  Text("forty-thieves", "The {card} went to a foundation and freed nothing, though {lower:a} could "
                                        "still have used it as a resting place.", card=card, lower=lower),
                  Text("forty-thieves", "The {card} on a foundation would free nothing, though {lower:a} could "
                                        "still use it as a resting place.", card=card, lower=lower))


def tip_5(before: Any, move: Move) -> Remark | None:
    """Tip 5: a card put on the only King left in the tableau."""
    move = as_move(move)
    if pile_kind(move.dst) != "t" or is_turn(move):
        return None
    king = top_card(before, move.dst)
    if king is None or king.rank != 13 or not is_legal(before, move):
        return None
    kings = sum(1 for pile_id, pile in before.piles.items() if pile_kind(pile_id) == "t" for c in pile if c.rank == 13)
    if kings != 1:
        return None
    card = moving_card(before, move)
    return Remark("forty-thieves", 5, WARNING,
                  Text("forty-thieves", "The {card} now lies on the {king}, the last King in the tableau: every card "
                                        "put on it is harder to get back than the one before.", card=card, king=king),
                  Text("forty-thieves", "The {card} would lie on the {king}, the last King in the tableau: every card "
                                        "put on it is harder to get back than the one before.", card=card, king=king))



# --- tips 6 to 11: what the measured tips ask for before the next card is turned -----------------

def visible_state(position: Any) -> tuple[Any, Any]:
    """The lean board and the position as the player sees it (the stock's cards as blanks)."""
    board = _kernel(position.rules)
    return board, blind(board.from_position(position))


def _turn_while(before: Any, move: Move, finder: Any) -> tuple[Any, Any, tip_player.Line] | None:
    """For a turn (or redeal) made while ``finder`` still finds a line: (board, state, line)."""
    if not is_turn(move) or not is_legal(before, move):
        return None
    board, state = visible_state(before)
    line = finder(board, state)
    return (board, state, line) if line else None


def _card(code: int) -> Any:
    return ALL_CARDS[code]


def home_check(before: Any, move: Move) -> Remark | None:
    """Tip 7 (home): turning (or redealing) while a card could go to its foundation – one that tip 4
    does not warn against sending up."""
    move = as_move(move)
    if not is_turn(move) or not is_legal(before, move):
        return None
    board, state = visible_state(before)
    for candidate in board.moves(state):
        if candidate[1] < board.first_foundation or candidate[0] >= board.stock:
            continue
        if tip_4(before, Move.parse(board.notation(candidate))) is not None:
            continue
        code = state[1][-1] if candidate[0] == board.waste else state[0][candidate[0]][-1]
        return Remark("forty-thieves", tip_player.HOME, WARNING,
                      Text("forty-thieves", "You turned a new card while the {card} could go to its foundation.",
                           card=_card(code)),
                      Text("forty-thieves", "The {card} can go to its foundation: send it there before you turn a "
                                            "new card.", card=_card(code)))
    return None


def clear_check(before: Any, move: Move) -> Remark | None:
    """Tip 8 (clear): turning (or redealing) while a column could be emptied within the tip's look-ahead."""
    found = _turn_while(before, as_move(move), tip_player.find_clear)
    if found is None:
        return None
    board, state, line = found
    column = tip_player.cleared_column(board, state, line) + 1
    if len(line) == 1:
        done = Text("forty-thieves", "You turned a new card while column {column} could be emptied in one move.",
                    column=column)
        would = Text("forty-thieves", "Column {column} can be emptied in one move: do that before you turn a new "
                                      "card.", column=column)
    else:
        done = Text("forty-thieves", "You turned a new card while column {column} could be emptied in {count} "
                                     "moves.", column=column, count=in_words(len(line)))
        would = Text("forty-thieves", "Column {column} can be emptied in {count} moves: do that before you turn a "
                                      "new card.", column=column, count=in_words(len(line)))
    return Remark("forty-thieves", tip_player.CLEAR, WARNING, done, would)


def dig_check(before: Any, move: Move) -> Remark | None:
    """Tip 9 (dig): turning (or redealing) while a card a foundation takes next could be dug out."""
    found = _turn_while(before, as_move(move), tip_player.find_dig)
    if found is None:
        return None
    board, state, line = found
    return Remark("forty-thieves", tip_player.DIG, WARNING,
                  Text("forty-thieves", "You turned a new card while the {card} could be freed and sent to its "
                                        "foundation in {count} moves.",
                       card=_card(tip_player.dug_card(board, state, line)), count=in_words(len(line))),
                  Text("forty-thieves", "The {card} can be freed and sent to its foundation in {count} moves: do "
                                        "that before you turn a new card.",
                       card=_card(tip_player.dug_card(board, state, line)), count=in_words(len(line))))


def waste_check(before: Any, move: Move) -> Remark | None:
    """Tip 10 (waste): turning (or redealing) while the waste's card could go onto a partner, or into an
    empty column that a card can then follow it into."""
    found = _turn_while(before, as_move(move), tip_player.find_waste)
    if found is None:
        return None
    board, state, line = found
    card = _card(state[1][-1])
    if state[0][line[0][1]]:
        return Remark("forty-thieves", tip_player.WASTE, WARNING,
                      Text("forty-thieves", "You turned a new card while the {card} on the waste could go onto the "
                                            "{top}.", card=card, top=_card(state[0][line[0][1]][-1])),
                      Text("forty-thieves", "The {card} on the waste can go onto the {top}: put it there before you "
                                            "turn a new card.", card=card, top=_card(state[0][line[0][1]][-1])))
    return Remark("forty-thieves", tip_player.WASTE, WARNING,
                  Text("forty-thieves", "You turned a new card while the {card} on the waste could go into the "
                                        "empty column, where another card can follow it.", card=card),
                  Text("forty-thieves", "The {card} on the waste can go into the empty column, where another card "
                                        "can follow it: put it there before you turn a new card.", card=card))


def build_check(before: Any, move: Move) -> Remark | None:
    """Tip 11: turning (or redealing) while a column's bottom card that does not lie on its partner
    could go onto one."""
    found = _turn_while(before, as_move(move), tip_player.find_build)
    if found is None:
        return None
    board, state, line = found
    source, target = line[0][0], line[0][1]
    return Remark("forty-thieves", tip_player.BUILD, WARNING,
                  Text("forty-thieves", "You turned a new card while the {card} could go onto the {top}.",
                       card=_card(state[0][source][-1]), top=_card(state[0][target][-1])),
                  Text("forty-thieves", "The {card} can go onto the {top}: put it there before you turn a new card.",
                       card=_card(state[0][source][-1]), top=_card(state[0][target][-1])))


def endgame_check(before: Any, move: Move) -> Remark | None:
    """Tip 6 (the end): with nothing left to turn, a move after which the ending can no longer be won, while
    it could be before (both within the tip's search)."""
    move = as_move(move)
    if is_turn(move):
        return None
    board, state = visible_state(before)
    played = position_after(before, move)
    if tip_player.can_turn(board, state) or played is None or not tip_player.find_endgame(board, state):
        return None
    from tutor.games.forty_thieves.search import exhaust

    # the position after it, through the engine: the board's own moves go only to the first empty column
    _, after = visible_state(played)
    if board.is_won(after) or exhaust(board, after, None, tip_player.ENDGAME_NODES).result != "lost":
        return None
    return Remark("forty-thieves", tip_player.ENDGAME, WARNING,
                  Text("forty-thieves", "The stock is used up and the ending could still be won, but not after "
                                        "this move."),
                  Text("forty-thieves", "The stock is used up and the ending can still be won, but not after this "
                                        "move."))


# Every check by tip number, most specific first (the order the coach asks them in).
CHECKS: dict[int, TipFunction] = {
    tip_player.ENDGAME: endgame_check, 2: tip_2, tip_player.WASTE: waste_check, tip_player.HOME: home_check,
    tip_player.DIG: dig_check, tip_player.CLEAR: clear_check, tip_player.BUILD: build_check, 1: tip_1, 4: tip_4,
    3: tip_3, 5: tip_5}
