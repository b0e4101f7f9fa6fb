"""The tips that win, measured (the page's "Tips that win, measured", tips 6 to 11), as a player.

Each tip is a way to find a move that a person can follow at the table: it names what to look for and
how many moves ahead to look (:data:`LOOKAHEAD`). :class:`WinningTipsPlayer` asks the tips in the
page's order and makes the first move one of them finds, naming the tip (its reason key); a line of
several moves, once begun, is played to its end; when no tip finds a move it turns the next card (the
last tip says so). It sees only what a person sees: the columns, the foundations, the waste, and how
many cards the talon holds – never their order (:func:`~tutor.games.forty_thieves.expert.blind`); of
the waste it uses the top card only, except in the ending (tip 6), when every card is in sight.

The finders (``find_<tip>``) are also what the hints, the coach and the tests ask: each returns a line
of moves (the tip's look-ahead), whose first move is the one to make now, or ``None``.

How the tips were found (``bench/ft_ablation.py``, ``tools/ft_tip_moments.py``): the expert player's
wins rest on its look-ahead and on the weight it gives cards buried in the waste; the tips turn that
into bounded, countable steps, and each was kept only where it won more deals, on the same deals.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, TypeAlias

from tutor.engine.lean import Kernel, PileBoard
from tutor.games.forty_thieves.expert import blind

if TYPE_CHECKING:
    from tutor.analysis.players import Choice
    from tutor.games.forty_thieves.fast import FTMove, FTState, Pile

# The tips' numbers on the page (the rules text's own tips are 1 to 5), in the page's order.
ENDGAME, HOME, CLEAR, DIG, WASTE, BUILD = 6, 7, 8, 9, 10, 11
NEW_TIPS = (ENDGAME, HOME, CLEAR, DIG, WASTE, BUILD)

# How many moves ahead each tip's text lets the player look (None: to the end, as the text says).
LOOKAHEAD: dict[int, int | None] = {ENDGAME: None, HOME: 1, CLEAR: 8, DIG: 6, WASTE: 2, BUILD: 1}
CLEAR_MAX_CARDS = 5  # tip 8 looks at columns of at most this many cards
DIG_MAX_COVER = 4  # tip 9: the card a foundation takes next lies under at most this many cards
ENDGAME_NODES = 5_000  # tip 6 works the ending out within this many positions (the same on every machine)

# The reason keys of the player's choices, each with the tip it follows.
REASON_TIP: dict[str, int] = {
    "endgame": ENDGAME, "home": HOME, "clear": CLEAR, "dig": DIG, "waste-build": WASTE, "waste-space": WASTE,
    "build": BUILD, "turn": BUILD, "redeal": BUILD,
}

Line: TypeAlias = "list[FTMove]"


def _spaces(tableau: tuple[Pile, ...]) -> list[int]:
    return [i for i, pile in enumerate(tableau) if not pile]


def _may_fill(board: PileBoard, code: int) -> bool:
    """Whether ``code`` may go into an empty column (Kings only in the variant that says so)."""
    return not getattr(board, "kings_only", False) or code % 13 == 12


def _destinations(board: PileBoard, state: FTState, source: int, code: int, barred: Iterable[int] = ()) -> list[FTMove]:
    """Single-card moves of ``code`` (the top card of ``source``): home first, then onto a partner
    in another column (not into ``barred``)."""
    tableau, foundations = state[0], state[3]
    found: list[FTMove] = []
    k = board._foundation_for(code, foundations)
    if k >= 0:
        found.append((source, board.first_foundation + k, 1))
    onto = board.onto
    for j, pile in enumerate(tableau):
        if j != source and pile and j not in barred and code in onto[pile[-1]]:
            found.append((source, j, 1))
    return found


def _unpile(board: PileBoard, state: FTState, column: int, goal: Callable[[FTState], bool], depth: int,
            park: bool, parked: frozenset[int] = frozenset()) -> Line | None:
    """The shortest line of at most ``depth`` moves that takes cards off ``column`` (home, onto a
    partner, or – with ``park`` – into an empty column to wait there) and moves the waiting cards on
    again (home or onto a partner), until ``goal``; ``None`` if there is none. ``parked``: the
    columns where a card of the line already waits (a line continued after its first move)."""
    best: list[Line] = []
    play = board.play

    def search(current: FTState, line: Line, parked: frozenset[int]) -> None:
        if goal(current):
            if not best or len(line) < len(best[0]):
                best[:] = [list(line)]
            return
        if len(line) >= depth or (best and len(line) + 1 >= len(best[0])):
            return
        tableau = current[0]
        for source in (column, *sorted(parked)):
            pile = tableau[source]
            if not pile:
                continue
            code = pile[-1]
            moves = _destinations(board, current, source, code, barred=(column,))
            if park and source == column and len(pile) > 1 and _may_fill(board, code):
                moves += [(source, space, 1) for space in _spaces(tableau)[:1]]
            for move in moves:
                dst = move[1]
                now_parked = parked
                if dst < board.columns and not tableau[dst]:
                    now_parked = parked | {dst}
                if source in parked and len(pile) == 1:
                    now_parked = now_parked - {source}
                line.append(move)
                search(play(current, move), line, now_parked)
                line.pop()

    search(state, [], parked)
    return best[0] if best else None


def find_home(board: PileBoard, state: FTState) -> Line | None:
    """Tip 7: a card that can go to its foundation goes there (the waste's first, then the columns')."""
    tableau, waste = state[0], state[1]
    if waste:
        moves = _destinations(board, state, board.waste, waste[-1])
        if moves and moves[0][1] >= board.first_foundation:
            return [moves[0]]
    for source, pile in enumerate(tableau):
        if pile:
            moves = _destinations(board, state, source, pile[-1])
            if moves and moves[0][1] >= board.first_foundation:
                return [moves[0]]
    return None


def find_clear(board: PileBoard, state: FTState) -> Line | None:
    """Tip 8: the shortest line (at most :data:`LOOKAHEAD` moves) that empties a column of at most
    :data:`CLEAR_MAX_CARDS` cards, leaving more empty columns than before."""
    tableau = state[0]
    spaces = len(_spaces(tableau))
    depth = LOOKAHEAD[CLEAR]
    assert depth is not None  # only the ending (tip 6) looks ahead without a bound
    best: Line | None = None
    for column in sorted(range(len(tableau)), key=lambda i: len(tableau[i])):
        size = len(tableau[column])
        if not size or size > CLEAR_MAX_CARDS:
            continue
        if best is not None and size >= len(best):
            break

        def emptied(current: FTState, column: int = column) -> bool:
            return not current[0][column] and len(_spaces(current[0])) > spaces

        line = _unpile(board, state, column, emptied, depth if best is None else min(depth, len(best) - 1), True)
        if line is not None and (best is None or len(line) < len(best)):
            best = line
    return best


def wanted_cards(board: PileBoard, state: FTState) -> set[int]:
    """The cards the foundations take next: the next of each foundation, an Ace while one is empty."""
    foundations = state[3]
    wanted = {top + 1 for top in foundations if top >= 0 and top % 13 != 12}
    if -1 in foundations:
        wanted.update(range(0, 52, 13))
    return wanted


def find_dig(board: PileBoard, state: FTState) -> Line | None:
    """Tip 9: a card a foundation takes next lies under at most :data:`DIG_MAX_COVER` cards: the
    shortest line (at most :data:`LOOKAHEAD` moves) that takes them off (home, onto a partner, or into
    an empty column) and sends it home."""
    tableau = state[0]
    wanted = wanted_cards(board, state)
    best: Line | None = None
    for column, pile in enumerate(tableau):
        for cover in range(1, min(DIG_MAX_COVER, len(pile) - 1) + 1):
            index = len(pile) - 1 - cover
            if pile[index] not in wanted:
                continue

            def freed(current: FTState, column: int = column, index: int = index) -> bool:
                return len(current[0][column]) == index + 1

            dig_lookahead = LOOKAHEAD[DIG]
            assert dig_lookahead is not None  # only the ending (tip 6) looks ahead without a bound
            depth = dig_lookahead - 1
            line = _unpile(board, state, column, freed, depth if best is None else min(depth, len(best) - 2), True)
            if line is not None:
                after = state
                for move in line:
                    after = board.play(after, move)
                home = _destinations(board, after, column, pile[index])
                if home and home[0][1] >= board.first_foundation and (best is None or len(line) + 1 < len(best)):
                    best = line + [home[0]]
            break  # the nearest wanted card of the column only
    return best


def find_waste(board: PileBoard, state: FTState) -> Line | None:
    """Tip 10: the waste's top card goes onto a partner; else into an empty column when a column's
    bottom card that does not lie on a partner (:func:`loose`) can follow it there at once, or when
    two columns are empty. (It looks at the waste's top card only, as a person at the table does.)"""
    tableau, waste = state[0], state[1]
    if not waste:
        return None
    code = waste[-1]
    for move in _destinations(board, state, board.waste, code):
        if move[1] < board.columns:
            return [move]
    spaces = _spaces(tableau)
    if not spaces or not _may_fill(board, code):
        return None
    into = (board.waste, spaces[0], 1)
    onto = board.onto[code]
    follower = next((j for j, pile in enumerate(tableau) if pile and pile[-1] in onto and loose(board, pile)), None)
    if follower is not None:
        return [into, (follower, spaces[0], 1)]
    if len(spaces) >= 2:
        return [into]
    return None


def loose(board: PileBoard, pile: Pile) -> bool:
    """Whether a column's bottom card lies on a card it does not belong on (or alone): moving it
    frees something."""
    return len(pile) == 1 or pile[-1] not in board.onto[pile[-2]]


def can_turn(board: PileBoard, state: FTState) -> bool:
    return bool(state[2]) or (bool(state[1]) and state[4] < board.max_passes)


def turn_move(board: PileBoard, state: FTState) -> FTMove | None:
    if state[2]:
        return (board.stock, board.waste, 1)
    if state[1] and state[4] < board.max_passes:
        return (board.waste, board.stock, 1)
    return None


def find_endgame(board: PileBoard, state: FTState, nodes: int | None = None) -> Line | None:
    """Tip 6: once nothing can be turned any more, every card is in sight; the ending is worked out
    (the solver's search, within ``nodes`` positions: the talon is empty, so it knows nothing the
    player does not). ``None`` when it finds no win."""
    if can_turn(board, state):
        return None
    from tutor.games.forty_thieves.search import solve_forty_thieves

    found = solve_forty_thieves(board, state, time_limit=None, node_limit=nodes or ENDGAME_NODES)
    if found.result != "won" or not found.moves:
        return None
    line: Line = []
    current = state
    for written in found.moves:
        move = board.find_move(current, written)
        if move is None:  # cannot happen: the search's moves are the board's
            return None
        line.append(move)
        current = board.play(current, move)
    return line


def find_build(board: PileBoard, state: FTState) -> Line | None:
    """Tip 11: a column's bottom card that does not lie on the next higher card of its suit goes
    onto one (in another column)."""
    tableau = state[0]
    for source, pile in enumerate(tableau):
        if len(pile) < 2 or pile[-1] in board.onto[pile[-2]]:
            continue
        for move in _destinations(board, state, source, pile[-1]):
            if move[1] < board.columns:
                return [move]
    return None


# The tips in the page's order.
FINDERS: tuple[tuple[int, Callable[[PileBoard, FTState], Line | None]], ...] = (
    (ENDGAME, find_endgame), (HOME, find_home), (CLEAR, find_clear), (DIG, find_dig), (WASTE, find_waste),
    (BUILD, find_build),
)


class WinningTipsPlayer:
    """The player who follows tips 6 to 11 in the page's order (see the module docstring). ``off``
    names tips it ignores (to measure what each one is worth)."""

    def __init__(self, board: Kernel, off: Iterable[int] = (), endgame_nodes: int | None = None) -> None:
        assert isinstance(board, PileBoard)  # a strategy's factory takes any Kernel (tutor.analysis.players)
        self.board = board
        self.off = frozenset(off)
        self.endgame_nodes = endgame_nodes
        self._plan: dict[FTState, tuple[int, Line]] = {}  # visible position → (tip, the rest of its line)

    def choose(self, visible: FTState) -> tuple[int, Line] | None:
        """The tip that applies first here and its line (the first move is the one to make)."""
        board = self.board
        planned = self._plan.pop(visible, None)
        self._plan.clear()
        if planned is not None:  # a line once started is played to its end
            return planned
        for tip, finder in FINDERS:
            if tip in self.off:
                continue
            line = finder(board, visible) if tip != ENDGAME else find_endgame(board, visible, self.endgame_nodes)
            if line:
                return tip, line
        move = turn_move(board, visible)
        return (BUILD, [move]) if move is not None else None

    def __call__(self, board: Kernel, state: FTState, moves: list[FTMove], seen: set[Hashable]) -> Choice:
        assert isinstance(board, PileBoard)  # a strategy is called with any Kernel (tutor.analysis.players)
        visible = blind(state)
        chosen = self.choose(visible)
        if chosen is None:
            return None
        tip, line = chosen
        move = line[0]
        if len(line) > 1:
            self._plan[board.play(visible, move)] = (tip, line[1:])
        return move, reason_key(board, visible, tip, move)


def reason_key(board: PileBoard, state: FTState, tip: int, move: FTMove) -> str:
    """The reason key of ``move`` made by ``tip`` in ``state``."""
    if move[0] == board.stock:
        return "turn"
    if move[1] == board.stock:
        return "redeal"
    if tip == WASTE:
        if move[0] == board.waste and move[1] < board.columns and state[0][move[1]]:
            return "waste-build"
        return "waste-space"  # or the second move of its line: a card onto the one just put there
    return {HOME: "home", CLEAR: "clear", DIG: "dig", ENDGAME: "endgame", BUILD: "build"}[tip]


def replay(board: PileBoard, state: FTState, line: Line) -> FTState:
    for move in line:
        state = board.play(state, move)
    return state


def cleared_column(board: PileBoard, state: FTState, line: Line) -> int:
    """The column a line of tip 8 empties (its index)."""
    after = replay(board, state, line)
    return next(i for i, pile in enumerate(state[0]) if pile and not after[0][i])


def dug_card(board: PileBoard, state: FTState, line: Line) -> int:
    """The card a line of tip 9 sends home at its end."""
    before_last = replay(board, state, line[:-1])
    source = line[-1][0]
    return before_last[1][-1] if source == board.waste else before_last[0][source][-1]
