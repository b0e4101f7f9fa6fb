"""The one reading of what kind of move a move is, from the layout before it (no game by name): which
kinds of pile it takes from and goes to, whether the target is empty, how many cards move. The tasks'
coverage (``tutor.tasks.coverage``) and the reports in the game's words (``tutor.analysis.reports``)
both name their kinds from it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # position.py does not import this module; the annotation only names the class
    from tutor.engine.move import Move
    from tutor.engine.position import Position

UNBUILT_KINDS = ("stock", "waste")  # piles that take a card whatever they hold: empty or not is no kind


@dataclass(frozen=True)
class MoveShape:
    source_kinds: tuple[str, ...]  # the kind of each source pile, in the move's order
    target_kind: str
    target_empty: bool
    count: int

    @property
    def is_turn(self) -> bool:
        return self.source_kinds == ("stock",) and self.target_kind == "waste"

    @property
    def is_pair(self) -> bool:
        return len(self.source_kinds) == 2

    @property
    def is_run(self) -> bool:
        return self.count > 1

    def coverage_kind(self, forced: bool = False) -> str:
        """The kind the tasks must cover: ``tableau-to-foundation``, ``stock-to-waste``,
        ``tableau-to-tableau-empty-run``, ``forced-…`` for a compulsory action."""
        kind = f"{'+'.join(sorted(set(self.source_kinds)))}-to-{self.target_kind}"
        if self.target_empty and self.target_kind not in UNBUILT_KINDS:
            kind += "-empty"
        if self.is_run:
            kind += "-run"
        return f"forced-{kind}" if forced else kind

    def report_key(self) -> str:
        """The key of a game's ``MOVE_REPORTS`` for this move: ``turn``, ``redeal``, ``pair``, ``run``,
        ``run-space``, ``onto``, ``start`` (onto an empty foundation) or ``space``."""
        if self.is_turn:
            return "turn"
        if self.target_kind == "stock":
            return "redeal"
        if self.is_pair:
            return "pair"
        if self.is_run:
            return "run-space" if self.target_empty else "run"
        if not self.target_empty:
            return "onto"
        return "start" if self.target_kind == "foundation" else "space"


def move_shape(position: Position, move: Move) -> MoveShape:
    """The shape of ``move`` in ``position``, before it is played (an unknown pile counts as its own id)."""
    kinds = {view.id: view.kind for view in position.layout()}
    return MoveShape(tuple(kinds.get(source, source) for source in move.sources), kinds.get(move.dst, move.dst),
                     not position.piles.get(move.dst), move.count)
