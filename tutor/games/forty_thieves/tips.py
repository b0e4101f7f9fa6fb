"""Forty Thieves' tips, as the analysis uses them: the tips as the page states them, the coach's checks
(:mod:`~tutor.games.forty_thieves.coach_tips`), the players (the one who follows the measured tips,
:mod:`~tutor.games.forty_thieves.tip_player`; the one who follows the rules text's tips,
:mod:`~tutor.games.forty_thieves.seed_player`; the expert player, :mod:`~tutor.games.forty_thieves.expert`),
the hint's reasons, made from the position, and the solver's move ordering and search
(:mod:`~tutor.games.forty_thieves.search`). The names are the contract of a game's ``tips`` part
(:mod:`tutor.analysis`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from tutor.analysis.coach import Remark, TipFunction, warnings
from tutor.analysis.players import Choice, StrategyFunction
from tutor.analysis.solve import SearchFunction, order_free_spaces
from tutor.cards import ALL_CARDS, Card
from tutor.engine.lean import Kernel, PileBoard
from tutor.games.forty_thieves import tip_player as tp
from tutor.games.forty_thieves.asks import ASKS as ASKS  # what each tip asks for
from tutor.games.forty_thieves.chances import ExpertChances
from tutor.games.forty_thieves.coach_tips import CHECKS, visible_state
from tutor.games.forty_thieves.expert import ExpertPlayer, blind
from tutor.games.forty_thieves.search import solve_forty_thieves
from tutor.games.forty_thieves.seed_player import RulesTextTipsPlayer
from tutor.i18n import Text, in_words

if TYPE_CHECKING:
    from tutor.games.forty_thieves.fast import FTMove, FTState

PREFIX = "ft"  # the tips' examples on the rules page: scenario-ft-tip-1 …

# The tips as the page states them (docs/<lang>/forty-thieves.md, "Tips"): of the rules text's tips
# (1 to 5) the first sentence of each, of the measured tips ("Tips that win, measured", 6 on) the
# whole tip; in the context "tips": quotations of the page, not the engine's own sentences.
TIP_TEXTS: tuple[Text, ...] = (
    Text("tips", "Empty columns are the most valuable resource in the game: they let you move cards between "
                 "columns step by step."),
    Text("tips", "Play cards from the waste as eagerly as you can before you turn another stock card; once a waste "
                 "card is covered by the next one, it is harder to reach."),
    Text("tips", "Keep an eye on the duplicates: every card has a second copy somewhere in the stock or the tableau, "
                 "so you can sometimes afford to sacrifice one copy early to bring on an important foundation."),
    Text("tips", "Plan the order of your foundation moves with care."),
    Text("tips", "Be careful with the last King left in the tableau."),
    Text("tips", "When the stock is used up, every card is in sight: work the rest of the game out, to the last card, "
                 "before you make the next move."),
    Text("tips", "Send a card to its foundation as soon as it can go."),
    Text("tips", "Before you turn the next card, look for a column of at most five cards that you can empty in eight "
                 "moves or fewer. Each of its cards goes to its foundation or onto the next higher card of its suit; "
                 "an empty column may hold one of them for a while."),
    Text("tips", "Does a card that a foundation takes next lie under at most four cards? Then free it and send it "
                 "home, if that takes at most six moves. The cards on top of it go onto the next higher card of their "
                 "suit, to a foundation or into an empty column."),
    Text("tips", "Keep the waste short: put its card onto the next higher card of its suit. Put it into an empty "
                 "column only when two columns are empty, or when a loose card can follow it there at once: a column's "
                 "bottom card that does not lie on the next higher card of its suit."),
    Text("tips", "Move a column's bottom card onto the next higher card of its suit when it does not lie on one "
                 "already. Turn the next card only when none of these tips finds a move."),
)


# --- the coach: each check (the coach's own rule excuses the hint player's move where every move goes
# against some tip: tutor.analysis.coach.exception) ------------------------------------------------

TIPS: dict[int, TipFunction] = dict(CHECKS)


def exception_move(position: Any) -> str | None:
    """The expert player's move in ``position`` (on the view without the stock's order), the move
    the coach excuses where every legal move goes against some tip (:func:`tutor.analysis.coach.exception`)."""
    board, state = visible_state(position)
    line = ExpertPlayer(board).plan_line(state)
    return board.notation(line[0]) if line else None


# --- the players ------------------------------------------------------------------------------------

# Why the players choose a move (the strategies ``tips`` and ``rules-text-tips``), each naming its tip
# (the rules text's player's own keys start with ``seed-`` where the two would share a word).
REASONS: dict[str, Text] = {
    "first": Text("forty-thieves", "No tip prefers another move here."),
    # the measured tips (tip_player.WinningTipsPlayer)
    "endgame": Text("forty-thieves", "Tip 6: the stock is used up, so the rest of the game is worked out to the end; "
                                     "this is its next move."),
    "home": Text("forty-thieves", "Tip 7: a card goes to its foundation as soon as it can."),
    "clear": Text("forty-thieves", "Tip 8: this is a step towards emptying a column before the next card is "
                                   "turned."),
    "dig": Text("forty-thieves", "Tip 9: this is a step towards freeing a card that a foundation takes next."),
    "waste-build": Text("forty-thieves", "Tip 10: keep the waste short; its card goes onto the next higher card "
                                         "of its suit."),
    "waste-space": Text("forty-thieves", "Tip 10: keep the waste short; its card goes into an empty column, where "
                                         "another card can follow it."),
    "build": Text("forty-thieves", "Tip 11: a card that does not lie on the next higher card of its suit goes "
                                   "onto one."),
    "turn": Text("forty-thieves", "Tip 11: none of the tips finds a move, so turn the next card of the stock."),
    "redeal": Text("forty-thieves", "The stock is used up, and this variant allows another pass: gather the waste as "
                                    "the new stock."),
    # the rules text's tips (seed_player.RulesTextTipsPlayer)
    "home-safe": Text("forty-thieves", "Tip 4: this card can go to a foundation safely, since no card in play "
                                       "could still want to lie on it."),
    "waste-home": Text("forty-thieves", "Tip 2: play from the waste before the next card is turned. This card can "
                                        "go to a foundation."),
    "home-frees": Text("forty-thieves", "Tip 4: this card goes to a foundation because that frees the card under "
                                        "it."),
    "home-twin": Text("forty-thieves", "Tip 3: this card goes to a foundation early, since its twin lies free in "
                                       "another column."),
    "empty-column": Text("forty-thieves", "Tip 1: this move empties a column, the most valuable thing in the "
                                          "game."),
    "build-frees": Text("forty-thieves", "This frees a card that can move on."),
    "seed-build": Text("forty-thieves", "Build down in suit to bring the card underneath into play."),
    "seed-home": Text("forty-thieves", "This card can go to a foundation."),
    "seed-waste-build": Text("forty-thieves", "Tip 2: play from the waste before the next card is turned. This card "
                                              "goes onto the next higher card of its suit."),
    "seed-waste-space": Text("forty-thieves", "Tip 2: play from the waste before the next card is turned. This card "
                                              "goes into an empty column."),
    "space-frees": Text("forty-thieves", "Tip 1: fill an empty column only when it surely helps. This frees a card "
                                         "that can go to a foundation."),
    "last-king": Text("forty-thieves", "Tip 5: nothing else is left to do, so a card goes onto the last King in "
                                       "the tableau."),
    "home-last": Text("forty-thieves", "Nothing else is left to do, and every card on a foundation is a step forward."),
}


def _without(factory: Callable[..., StrategyFunction], tip: int) -> Callable[[Kernel], StrategyFunction]:
    return lambda kernel: factory(kernel, off=(tip,))


# The strategies: ``tips`` (the measured tips 6 to 11), ``rules-text-tips`` (the rules text's tips 1
# to 5), the expert player, and each tips player without one of its tips (the page's figures of what
# each tip is worth: ``tutor simulate forty-thieves --strategy tips-without-8``).
PLAYERS: dict[str, Callable[[Kernel], StrategyFunction]] = {
    "tips": tp.WinningTipsPlayer, "rules-text-tips": RulesTextTipsPlayer, "expert": ExpertPlayer,
    **{f"tips-without-{tip}": _without(tp.WinningTipsPlayer, tip) for tip in tp.NEW_TIPS},
    **{f"rules-text-tips-without-{tip}": _without(RulesTextTipsPlayer, tip) for tip in range(1, 6)},
}
# Where the expert player's move goes against a tip (the coach would warn), the hint says why.
HINT_EXCEPTIONS: dict[str, Callable[[int], Text]] = {
    "expert": lambda number: Text("forty-thieves", "That goes against tip {number}, but here it is the "
                                                   "exception: looking ahead with the face-up cards finds no "
                                                   "better position by keeping to the tip.", number=number),
}


def tips_player(kernel: Kernel, state: FTState, moves: list[FTMove], seen: set[Hashable]) -> Choice:
    """The measured tips' choice in one position, without a plan carried over from earlier moves
    (the strategy ``tips`` is :class:`~tutor.games.forty_thieves.tip_player.WinningTipsPlayer`,
    which carries its lines from move to move)."""
    assert isinstance(kernel, PileBoard)
    return tp.WinningTipsPlayer(kernel)(kernel, state, moves, seen)


# --- the hint: the expert player's move, and what it achieves ----------------------------------------

HINT_PLAYER = "expert"
HINT_REASONS: dict[str, Text] = {}  # the reasons are made from the position (explain_hint)


def explain_hint(position: Any, board: Any, state: FTState) -> tuple[str, str, Text] | None:
    """The hint (``tutor.analysis.hints``): the expert player's move, worded from the position: what its
    line achieves (a card home and the one it frees, a column emptied, a card dug out, the waste's
    card kept in play, a run built). The coach never warns against it: where the expert's move goes
    against a tip, the hint is the move of the tip player who follows the tips instead (naming the
    tip), else the expert's best move among those no tip warns against; only where every move goes
    against some tip is it the expert's own, with why this position is the exception.
    Returns (the move, the kind of reason, the reason) or ``None`` when there is no move."""
    visible = blind(state)
    said = warnings(position)

    def warned(move: FTMove) -> Remark | None:
        return said.get(str(position.canonical(board.notation(move))))

    allowed = {move for move in board.moves(visible) if warned(move) is None}
    expert = ExpertPlayer(board)
    line = expert.plan_line(visible)
    if not line:  # nothing beats the position as it is and no card is left to turn: its best move all the same
        candidates = allowed or set(board.moves(visible))
        if not candidates:
            return None
        line = expert.plan_line(visible, first_moves=candidates) or [min(candidates)]
    if line[0] in allowed:
        kind, reason = describe_line(position, board, visible, line)
        return board.notation(line[0]), kind, reason
    chosen = tp.WinningTipsPlayer(board).choose(visible)
    if chosen is not None and chosen[1][0] in allowed:
        kind, reason = describe_tip_line(position, board, visible, chosen[0], chosen[1])
        return board.notation(chosen[1][0]), kind, reason
    if allowed:
        line = expert.plan_line(visible, first_moves=allowed)
        kind, reason = describe_line(position, board, visible, line)
        if chosen is not None and board.stock in line[0][:2] and board.stock not in chosen[1][0][:2]:
            held_back = warned(chosen[1][0])
            if held_back is not None:  # the tips' own move goes against an earlier tip: say which
                kind, reason = "turn-held-back", Text(
                    "forty-thieves", "Tip {number} advises against the move the other tips would make ({move}). "
                                     "Nothing else in sight makes the game better, so the next card is turned.",
                    number=held_back.tip, move=position.describe(board.notation(chosen[1][0])))
        return board.notation(line[0]), kind, reason
    broken = warned(line[0])
    kind, reason = describe_line(position, board, visible, line, exception=broken)
    return board.notation(line[0]), kind, reason


# --- the hint's words: what a line achieves, made from the position ---------------------------------

def _card(code: int) -> Card:
    return ALL_CARDS[code]


def _split_turn(board: PileBoard, line: list[FTMove]) -> list[FTMove]:
    """The line without the turn (or redeal) that ends it."""
    if line and (line[-1][0] == board.stock or line[-1][1] == board.stock):
        return line[:-1]
    return line


def _moving(board: PileBoard, state: FTState, move: FTMove) -> int:
    return state[1][-1] if move[0] == board.waste else state[0][move[0]][-move[2]]


def _can_move_on(board: PileBoard, state: FTState, source: int) -> FTMove | None:
    """A move of the top card of column ``source``: home, else onto a partner (or ``None``)."""
    pile = state[0][source]
    if not pile:
        return None
    moves = tp._destinations(board, state, source, pile[-1])
    return moves[0] if moves else None


def describe_line(position: Any, board: PileBoard, visible: FTState, line: list[FTMove],
                  exception: Remark | None = None) -> tuple[str, Text]:
    """The kind and the words of what the first move of ``line`` (the expert player's, up to its next
    turn) achieves; with ``exception``, the remark of the tip it goes against, and why here it is
    worth it all the same."""
    kind, reason = _achievement(board, visible, line)
    if exception is None:
        return kind, reason
    return "exception", Text("forty-thieves", "This goes against tip {number}, but every move here goes against "
                                              "some tip, and this one is worth it. {reason}",
                             number=exception.tip, reason=reason)


def _achievement(board: PileBoard, visible: FTState, line: list[FTMove]) -> tuple[str, Text]:
    first = line[0]
    if first[0] == board.stock:
        return "turn", Text("forty-thieves", "Nothing you can do with the cards in sight makes the game better. None "
                                             "of the tips finds a move, so turn the next card (tip 11).")
    if first[1] == board.stock:
        return "redeal", Text("forty-thieves", "The stock is used up and nothing in sight makes the game better, so "
                                               "the waste is gathered for the next pass.")
    moves = _split_turn(board, line)
    tableau = visible[0]
    src, dst, _ = first
    card = _card(_moving(board, visible, first))
    after = board.play(visible, first)
    end = tp.replay(board, visible, moves)
    from_column = src < board.columns
    if dst >= board.first_foundation:
        if from_column and len(tableau[src]) == 1:
            return "empties-column", Text("forty-thieves", "The {card} goes home and leaves column {column} empty, "
                                                           "and an empty column takes any card.",
                                          card=card, column=src + 1)
        if from_column:
            freed = tableau[src][-2]
            follow = _can_move_on(board, after, src)
            if follow is not None and follow[1] >= board.first_foundation:
                return "frees-for-foundation", Text("forty-thieves", "The {card} goes home and frees the {under} "
                                                                     "for its foundation.",
                                                    card=card, under=_card(freed))
        return "home", Text("forty-thieves", "Tip 7: the {card} goes to its foundation as soon as it can.", card=card)
    if from_column and len(tableau[src]) == first[2] and tableau[dst]:
        return "empties-column", Text("forty-thieves", "The {card} goes onto the {top} and leaves column {column} "
                                                       "empty, and an empty column takes any card.",
                                      card=card, top=_card(tableau[dst][-1]), column=src + 1)
    emptied = [i for i, pile in enumerate(tableau) if pile and not end[0][i]]
    if len(moves) > 1 and emptied:
        return "clears-column", Text("forty-thieves", "This is the first of {count} moves that empty column "
                                                      "{column}.", count=in_words(len(moves)), column=emptied[0] + 1)
    gone_home = _homed_on_the_way(board, visible, moves)
    if gone_home is not None and gone_home != card:
        return "brings-home", Text("forty-thieves", "This is the first of {count} moves that bring the {card} to its "
                                                    "foundation.", count=in_words(len(moves)), card=gone_home)
    if src == board.waste:
        if tableau[dst]:
            return "waste-playable", Text("forty-thieves", "This takes the {card} off the waste onto the {top}, so "
                                                           "the next card of the waste comes into play.",
                                          card=card, top=_card(tableau[dst][-1]))
        return "waste-space", Text("forty-thieves", "The {card} leaves the waste for the empty column {column}, so "
                                                    "the next card of the waste comes into play.",
                                   card=card, column=dst + 1)
    under = tableau[src][-first[2] - 1] if len(tableau[src]) > first[2] else None
    wanted = tp.wanted_cards(board, visible)
    buried = next((code for code in reversed(tableau[src][:-first[2]]) if code in wanted), None)
    if buried is not None:
        return "digs", Text("forty-thieves", "This takes the {card} off column {column}, which holds the {wanted}, "
                                             "the next card a foundation needs.",
                            card=card, column=src + 1, wanted=_card(buried))
    if under is not None and not tableau[dst]:
        return "parks", Text("forty-thieves", "The {card} waits in the empty column {column}, so the {under} under "
                                              "it comes free.", card=card, column=dst + 1, under=_card(under))
    if under is not None:
        follow = _can_move_on(board, after, src)
        if follow is not None:
            target = (Text("forty-thieves", "to its foundation") if follow[1] >= board.first_foundation
                      else Text("forty-thieves", "onto the {top}", top=_card(after[0][follow[1]][-1])))
            return "frees", Text("forty-thieves", "This frees the {under}, which can go {target} next.",
                                 under=_card(under), target=target)
    return "run", Text("forty-thieves", "The {card} goes onto the {top}: the two now lie in suit, one rank apart, and "
                                        "column {column} has one card fewer to clear.",
                       card=card, top=_card(tableau[dst][-1]), column=src + 1)


def _homed_on_the_way(board: PileBoard, visible: FTState, moves: list[FTMove]) -> Card | None:
    """The first card the line sends home that lies face up now (in a column, or the waste's top)."""
    current = visible
    face_up = {code for pile in visible[0] for code in pile} | ({visible[1][-1]} if visible[1] else set())
    for move in moves:
        if move[1] >= board.first_foundation:
            code = _moving(board, current, move)
            if code in face_up:
                return _card(code)
        current = board.play(current, move)
    return None


def describe_tip_line(position: Any, board: PileBoard, visible: FTState, tip: int,
                      line: list[FTMove]) -> tuple[str, Text]:
    """The kind and the words of the move the tips player makes by ``tip`` (its line from here)."""
    first = line[0]
    kind = f"tip-{tip}"
    if tip == tp.ENDGAME:
        return kind, Text("forty-thieves", "Tip 6: with the stock used up, the rest of the game is worked out; this "
                                           "move starts the line that brings every card home.")
    if first[0] == board.stock:
        return "turn", Text("forty-thieves", "Tip 11: none of the tips finds a move, so turn the next card.")
    if first[1] == board.stock:
        return "redeal", Text("forty-thieves", "The stock is used up and none of the tips finds a move, so the "
                                               "waste is gathered for the next pass.")
    card = _card(_moving(board, visible, first))
    if tip == tp.HOME:
        return kind, Text("forty-thieves", "Tip 7: the {card} goes to its foundation as soon as it can.", card=card)
    if tip == tp.CLEAR:
        column = tp.cleared_column(board, visible, line)
        if len(line) == 1:
            return kind, Text("forty-thieves", "Tip 8: this move empties column {column}.", column=column + 1)
        return kind, Text("forty-thieves", "Tip 8: this is the first of {count} moves that empty column {column}.",
                          count=in_words(len(line)), column=column + 1)
    if tip == tp.DIG:
        return kind, Text("forty-thieves", "Tip 9: this is the first of {count} moves that free the {card} and send "
                                           "it to its foundation.",
                          count=in_words(len(line)), card=_card(tp.dug_card(board, visible, line)))
    if tip == tp.BUILD:
        under = visible[0][first[0]][-2]
        return kind, Text("forty-thieves", "Tip 11: the {card} lies on the {under}, where it does not belong, and goes "
                                           "onto the {top}.", card=card, under=_card(under),
                          top=_card(visible[0][first[1]][-1]))
    if visible[0][first[1]]:
        return kind, Text("forty-thieves", "Tip 10: keep the waste short; the {card} goes onto the {top}.",
                          card=card, top=_card(visible[0][first[1]][-1]))
    return kind, Text("forty-thieves", "Tip 10: keep the waste short; the {card} goes into the empty column "
                                       "{column}, where another card can follow it.", card=card, column=first[1] + 1)


def fast_outcome(kernel: Kernel) -> Callable[[Sequence[int]], bool] | None:
    """No shortcut: the players' choices matter, so the simulator plays each deal out."""
    return None


# --- the solver -----------------------------------------------------------------------------------

# the fair chance to win, move by move (tutor.analysis.chances): the expert player on sampled talons
fair_chances = ExpertChances

search: SearchFunction | None = solve_forty_thieves  # a short proof, beam searches, the proof again
order_moves = order_free_spaces  # as the search's exhaustive steps order them
