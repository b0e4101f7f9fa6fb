"""The mutable position every game shares: moves played and undone exactly, compulsory actions, the end.

Modelled on python-chess (a value-object ``Move`` with a parse/format pair, one mutable position
with ``play``/``undo``, ``legal_moves``, narrow error classes) and OpenSpiel (fixed ``Rules`` vs
mutable ``Position``). A game module subclasses :class:`Rules` and :class:`Position` and registers
its rules class with :func:`register`.

Piles are named by short ids that the move notation uses: ``s`` stock, ``w`` waste,
``t1`` … tableau piles (numbered from 1), ``f1`` … foundations; games add their own (the
Queen's Audience square ``r1``…``r16``, and so on: see each game's docstring).

Every change to a position is a list of *primitive steps* (``_move_cards``, ``_set_counter``),
recorded so that undo is exact. A move the player makes may be followed by compulsory actions
(filling a space from the waste or the stock); those are separate history entries with
``forced=True``, and :meth:`Position.undo` steps back over them to the player's own move.

When a game is lost (:meth:`Position.is_lost`): when it is not won and no sequence of legal moves
can bring another card home, turn or redeal the stock, take a card from the waste or make the rules
do something (fill a space) — that is, when all that is left is moving cards to and fro among
piles the rules treat alike (a lone King between two empty columns, a Jack between the two
Queens it fits), so the game can never be won. Each game names those piles
(:meth:`Position._rearrangeable_piles`, the tableau columns of Forty Thieves and of Busy Aces; none
where no move can be undone, as in Fortune's Favour and Queen's Audience). A move that starts or
ends anywhere else is *progress*: there are only so many (each card goes home once, the stock is
turned through a fixed number of times, a card that leaves the waste never goes back), so a game
ends. The decision: if a legal move is progress, the game goes on; otherwise the engine searches
every position the remaining moves reach, counting two positions the same when they differ only
in which of those piles holds which cards, and stops at the first one that allows progress (the
game goes on); if none does, the game is lost. The search looks at each position's moves for
progress before it goes deeper, and digs first where a card that would allow progress lies
nearest the top (:meth:`Position._progress_targets`), so a way out is found in a few positions;
proving that there is none takes every position (up to about thirty thousand in the widest Indian games of
Forty Thieves: at most 29,520 in 1,000 games of random play, 0.7 s of CPython, 1 s under Pyodide). The search
stops at :data:`END_SEARCH_LIMIT` positions and then lets the game go on, so a game that could
still go on is never called lost; random play of every game and variant met no position that
needed as many (``tests/engine/test_endings.py``). What a search decided is kept for the next move's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import ClassVar, TypeAlias

from tutor.cards import ALL_CARDS, Card, format_cards
from tutor.engine.move import Move
from tutor.engine.rules import HistoryEntry, PileView, Refusal, Rules, Step
from tutor.errors import BadMoveNotation, IllegalMove
from tutor.i18n import Text
from tutor.limits import END_MEMO_LIMIT, END_SEARCH_LIMIT

# A position's picture for the end search (see _progress_reachable): the piles it leaves alone
# (id and cards) and the counters (name and value), sorted; then the piles it rearranges as bytes.
EndKey: TypeAlias = tuple[tuple[tuple[str, tuple[Card, ...] | int], ...], bytes]
# Position.state_key: (pile id, card codes) per pile, then (name, value) per counter, both sorted.
StateKey: TypeAlias = tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, int], ...]]


class Position:
    """A mutable position. ``piles`` maps pile id → list of cards, bottom first (the last card is the
    top). Subclasses implement ``_deal``, ``_generate_moves``, ``_check``, ``_apply``,
    ``_compulsory``, ``is_won``, ``layout`` and ``describe``."""

    counters_default: ClassVar[dict[str, int]] = {"passes": 1}

    def __init__(self, rules: Rules, cards: Sequence[Card]) -> None:
        self.rules = rules
        self.initial_cards: tuple[Card, ...] = tuple(cards)
        self.deal_number: int | None = None
        self.piles: dict[str, list[Card]] = {}
        self.counters: dict[str, int] = dict(self.counters_default)
        self.history: list[HistoryEntry] = []
        self.redo_stack: list[list[HistoryEntry]] = []
        self._steps: list[Step] | None = None
        # Every primitive step bumps the version; the legal moves are remembered for one version,
        # so that playing one of the moves just listed skips checking it again.
        self._version = 0
        self._legal_cache: tuple[int, list[Move]] | None = None
        self._lost_cache: tuple[int, bool] | None = None
        self._end_decided: dict[EndKey, bool | None] = {}  # shared by copies: see _progress_reachable
        self._deal(list(cards))
        self._run_compulsory()
        self.history.clear()  # what the deal itself forced is part of the deal

    # --- to implement ----------------------------------------------------------------------
    def _deal(self, cards: list[Card]) -> None:
        raise NotImplementedError

    def _generate_moves(self) -> Iterable[Move]:
        """The legal moves; a game may return a new list (handed to the caller as it is)."""
        raise NotImplementedError

    def _check(self, move: Move) -> Refusal | None:
        """Why ``move`` is illegal here (a localizable reason), or ``None`` if it is legal."""
        raise NotImplementedError

    def _apply(self, move: Move) -> None:
        """Carry out a legal move with the primitive steps."""
        raise NotImplementedError

    def _compulsory(self) -> Move | None:
        """The next action the rules force now (e.g. filling a space), or ``None``."""
        return None

    def is_won(self) -> bool:
        raise NotImplementedError

    def layout(self) -> list[PileView]:
        raise NotImplementedError

    def describe(self, move: Move | str) -> Text:
        """A sentence for ``move`` in this position (before it is played)."""
        raise NotImplementedError

    # --- the public API --------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return list(self._current_moves())

    def _current_moves(self) -> list[Move]:
        """The legal moves of this version of the position (remembered; do not change the list)."""
        cache = self._legal_cache
        if cache is not None and cache[0] == self._version:
            return cache[1]
        moves = self._generate_moves()
        if type(moves) is not list:
            moves = list(moves)
        self._legal_cache = (self._version, moves)
        return moves

    def canonical(self, move: Move | str) -> Move:
        """``move`` as :meth:`legal_moves` writes it (e.g. the two sources of a pair move in their
        fixed order); games where one move has several spellings override this."""
        return self._as_move(move)

    def is_legal(self, move: Move | str) -> bool:
        try:
            return self._check(self.canonical(move)) is None
        except BadMoveNotation:
            return False

    def is_lost(self) -> bool:
        """Not won, and no sequence of legal moves can make progress (see the module docstring):
        no move is left, or all that is left goes round among piles the rules treat alike."""
        cache = self._lost_cache
        if cache is not None and cache[0] == self._version:
            return cache[1]
        lost = not self.is_won() and not self._progress_reachable()
        self._lost_cache = (self._version, lost)
        return lost

    def _rearrangeable_piles(self) -> tuple[str, ...]:
        """The piles among which moves may go round in circles, which the rules treat alike (so
        their order does not matter): a per-game hook; none by default, where every move is
        progress. A move from one of them to another carries the top ``count`` cards across and
        changes nothing else (the search of :meth:`is_lost` relies on it; ``tests/engine/test_endings.py``
        checks it)."""
        return ()

    def _progress_targets(self) -> tuple[frozenset[Card], bool] | None:
        """A per-game hook that speeds up the search of :meth:`is_lost`: when only rearrangements
        are left, the cards whose coming to the top of a rearrangeable pile would allow progress,
        and whether an emptied pile would; ``None``: not known (the search tries everything)."""
        return None

    def _progress_reachable(self) -> bool:
        """Whether some sequence of legal moves leads to a move that is progress."""
        moves = self._current_moves()
        if not moves:
            return False
        piles = frozenset(self._rearrangeable_piles())

        def rearranges(move: Move) -> bool:
            # a move with several sources names them joined ("r3+r7"), never a pile id: progress
            return move.src in piles and move.dst in piles

        if not piles or not all(rearranges(move) for move in moves):
            return True
        work = self.copy()
        work.history, work.redo_stack = [], []
        pile_ids = [pile_id for pile_id in work.piles if pile_id in piles]
        columns = [work.piles[pile_id] for pile_id in pile_ids]
        slot = {pile_id: index for index, pile_id in enumerate(pile_ids)}
        targets = self._progress_targets()
        far = 1 << 30

        def distance(pile: list[Card]) -> int:
            """How many cards lie above the nearest card that would allow progress on top."""
            if targets is None:
                return 0
            for depth in range(len(pile)):
                if pile[-1 - depth] in targets[0]:
                    return depth
            return len(pile) if targets[1] else far

        if targets is not None and all(distance(pile) == far for pile in columns):
            return False  # no card the moves could uncover would allow progress

        def ordered(moves: list[Move]) -> Iterator[Move]:
            # dig first where a useful card lies nearest the top: the search finds a way out fast
            if targets is None or len(moves) < 2:
                return iter(list(moves))
            depth = {}
            for move in moves:
                if move.src not in depth:
                    shape = shapes[slot[move.src]]
                    found = nearness.get(shape)
                    if found is None:
                        found = nearness[shape] = distance(work.piles[move.src])
                    depth[move.src] = found
            return iter(sorted(moves, key=lambda move: depth[move.src]))

        others = tuple((pile_id, tuple(cards)) for pile_id, cards in sorted(work.piles.items())
                       if pile_id not in piles) + tuple(sorted(work.counters.items()))
        # Which pile holds which cards does not matter: the key has the piles as bytes (one a
        # card), sorted, so that positions differing only in that order get one key (and a key
        # takes little memory). The other piles do not change during the search, but do between
        # searches. A move among these piles carries the top ``count`` cards of one onto another
        # (see _rearrangeable_piles), so the key after a move is known before it is played: only
        # a move to a position not seen yet is played.
        code = _CARD_BYTE.__getitem__
        shapes = [b"".join(map(code, column)) for column in columns]

        nearness: dict[bytes, int] = {}  # a pile's distance, by its cards

        def key() -> EndKey:
            return others, b"\0".join(sorted(shapes))

        def key_after(move: Move) -> EndKey:
            source, target, count = slot[move.src], slot[move.dst], move.count
            below, onto = shapes[source], shapes[target]
            shapes[source], shapes[target] = below[:-count], onto + below[-count:]
            found = key()
            shapes[source], shapes[target] = below, onto
            return found

        def redraw(move: Move) -> None:
            for pile_id in (move.src, move.dst):
                shapes[slot[pile_id]] = b"".join(map(code, work.piles[pile_id]))

        # what earlier searches of this game decided, kept for the next move's search: a
        # position on the way to progress allows progress, a position of a search that found
        # none allows none (everything it reaches was searched too)
        decided = self._end_decided
        if len(decided) > END_MEMO_LIMIT:
            decided.clear()
        root = key()
        if root in decided:
            return decided[root] is not False  # None: a search that stopped at the limit saw it
        # depth first over the positions the rearrangements reach, each move played and taken
        # back on one working copy (exact undo), each position once; a position's moves are all
        # looked at for progress before the search goes deeper
        seen = {root}
        path = [root]
        stack = [ordered(moves)]

        def found_progress() -> bool:
            decided.update(dict.fromkeys(path, True))
            return True

        while stack:
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                path.pop()
                if work.history:
                    entry = work.history.pop()
                    work._revert(entry.steps)
                    redraw(entry.move)
                continue
            found = key_after(move)
            known = decided.get(found)
            if known:
                return found_progress()
            if known is False or found in seen:
                continue
            if len(seen) >= END_SEARCH_LIMIT:
                # undecided: the game goes on, and the next moves among these positions do not
                # search again
                decided.update(dict.fromkeys(seen, None))
                return True
            work._record(move, forced=False)
            redraw(move)
            seen.add(found)
            path.append(found)
            if work._compulsory() is not None:
                return found_progress()  # the rules would do something themselves: progress
            moves = work._current_moves()
            if not all(map(rearranges, moves)):
                return found_progress()
            stack.append(ordered(moves))
        decided.update(dict.fromkeys(seen, False))
        return False

    def is_over(self) -> bool:
        return self.is_won() or self.is_lost()

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or its notation), then whatever the rules force.

        Raises :class:`IllegalMove` (position unchanged) or :class:`BadMoveNotation`."""
        move = self.canonical(move)
        cache = self._legal_cache
        if cache is None or cache[0] != self._version or move not in cache[1]:
            reason = self._check(move)
            if reason is not None:
                raise IllegalMove(reason)
        self._record(move, forced=False)
        self._run_compulsory()
        self.redo_stack.clear()
        return move

    def play_narrated(self, move: Move | str) -> list[Text]:
        """Like :meth:`play`, and return a sentence for the move and for each compulsory action
        that followed it (each described in the position just before it happened)."""
        move = self.canonical(move)
        reason = self._check(move)
        if reason is not None:
            raise IllegalMove(reason)
        sentences = [self.describe(move)]
        self._record(move, forced=False)
        while (forced := self._compulsory()) is not None:
            sentences.append(self.describe(forced))
            self._record(forced, forced=True)
        self.redo_stack.clear()
        return sentences

    def play_beats(self, move: Move | str) -> list[tuple[Move, bool, Position]]:
        """Like :meth:`play`, one beat at a time: for the move and for each compulsory action that
        followed it, ``(move, forced, copy of the position just before it)`` — what a lesson
        draws before each beat."""
        move = self.canonical(move)
        reason = self._check(move)
        if reason is not None:
            raise IllegalMove(reason)
        beats = [(move, False, self.copy())]
        self._record(move, forced=False)
        while (forced := self._compulsory()) is not None:
            beats.append((forced, True, self.copy()))
            self._record(forced, forced=True)
        self.redo_stack.clear()
        return beats

    def undo(self) -> Move | None:
        """Take back the last move of the player (with the compulsory actions that followed it)."""
        if not self.history:
            return None
        undone: list[HistoryEntry] = []
        while self.history:
            entry = self.history.pop()
            self._revert(entry.steps)
            undone.append(entry)
            if not entry.forced:
                break
        self.redo_stack.append(undone)
        return undone[-1].move

    def redo(self) -> Move | None:
        if not self.redo_stack:
            return None
        entries = self.redo_stack.pop()
        for entry in reversed(entries):
            self._steps = []
            self._apply(entry.move)
            self.history.append(HistoryEntry(entry.move, self._steps, entry.forced))
            self._steps = None
        return entries[-1].move

    @property
    def moves_played(self) -> list[Move]:
        return [e.move for e in self.history]

    def card_string(self) -> str:
        """The card string that reproduces this game's deal."""
        return format_cards(self.initial_cards)

    def copy(self) -> Position:
        """An independent copy with the same piles, counters and history."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.piles = {k: list(v) for k, v in self.piles.items()}
        other.counters = dict(self.counters)
        other.history = list(self.history)
        other.redo_stack = [list(x) for x in self.redo_stack]
        other._bind()
        return other

    def _bind(self) -> None:
        """Refresh anything a subclass keeps that points into ``piles`` (called after :meth:`copy`)."""

    def state_key(self) -> StateKey:
        """A hashable picture of the position (for transposition tables and tests)."""
        return (tuple((k, tuple(c.code for c in v)) for k, v in sorted(self.piles.items())),
                tuple(sorted(self.counters.items())))

    def all_cards(self) -> list[Card]:
        return [c for pile in self.piles.values() for c in pile]

    # --- machinery -------------------------------------------------------------------------
    def _as_move(self, move: Move | str) -> Move:
        return move if isinstance(move, Move) else Move.parse(move)

    def _record(self, move: Move, forced: bool) -> None:
        self._steps = []
        self._apply(move)
        self.history.append(HistoryEntry(move, self._steps, forced))
        self._steps = None

    def _run_compulsory(self) -> None:
        while (move := self._compulsory()) is not None:
            self._record(move, forced=True)

    def _move_cards(self, src: str, dst: str, n: int = 1, flip: bool = False) -> None:
        """Move the top ``n`` cards of ``src`` onto ``dst`` (``flip``: turn the packet over, as a
        redeal turns the waste into the stock)."""
        self._version += 1
        piles = self.piles
        if n == 1:
            piles[dst].append(piles[src].pop())
        else:
            source = piles[src]
            packet = source[-n:]
            del source[-n:]
            if flip:
                packet.reverse()
            piles[dst].extend(packet)
        if self._steps is not None:
            self._steps.append(("move", src, dst, n, flip))

    def _set_counter(self, name: str, value: int) -> None:
        self._version += 1
        old = self.counters.get(name, 0)
        self.counters[name] = value
        if self._steps is not None:
            self._steps.append(("counter", name, old))

    def _revert(self, steps: list[Step]) -> None:
        self._version += 1
        for step in reversed(steps):
            if step[0] == "move":
                _, src, dst, n, flip = step
                if n == 1:
                    self.piles[src].append(self.piles[dst].pop())
                    continue
                target = self.piles[dst]
                packet = target[-n:]
                del target[-n:]
                if flip:
                    packet.reverse()
                self.piles[src].extend(packet)
            else:
                self.counters[step[1]] = step[2]


_CARD_BYTE = {card: bytes([card.index + 1]) for card in ALL_CARDS}  # never 0, the separator
