"""The frames of a guided example, as the engine computes them: every step of a scenario drawn on
the position before its move, the compulsory actions that follow as frames of their own, refused
moves with the engine's reason (build time and live alike)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine import IllegalMove, Move, TutorError, get_rules
from tutor.errors import DirectiveError
from tutor.glossary import term as glossary_term
from tutor.i18n import Text
from tutor.lessons import named_from
from tutor.web.render import Highlight


@dataclass
class Frame:
    """One frame of a guided example as the engine computed it: the position (kept to try it
    yourself from here), what to draw and point out, and what the text says.

    A frame that shows a move draws the position *before* it (``move``: its notation; the moving
    cards and the arrows are in ``highlight``); the next frame shows the result. A compulsory
    action (``forced``) is a frame of its own; a refused move (``refused``: the engine's reason)
    leaves the next frame's position as it was. A compulsory action's frame draws a position the
    rules pass through but never stop at (a space not yet filled): ``settled`` is the position
    its move leads to once every compulsory action is done, where a game can go on."""

    position: Any
    narration: tuple[Text, ...]
    highlight: Highlight
    show: tuple[str, ...] | None = None
    refused: Text | None = None
    term: str | None = None
    move: str | None = None
    forced: bool = False
    settled: Any = None

    @property
    def shows_move(self) -> bool:
        return self.move is not None

    @property
    def playable(self) -> Any:
        """The position "Try it yourself" starts from: the frame's own, or, for a compulsory
        action's frame, the position the rules reach once it is done (``settled``)."""
        return self.settled if self.settled is not None else self.position


@dataclass
class Track:
    """A sequence of frames: the steps, one branch of a comparison, or one variant."""

    label: Text | None
    frames: list[Frame]


def pile_matches(pile_id: str, names: tuple[str, ...] | list[str]) -> bool:
    """Whether ``pile_id`` is one of ``names``: an exact id (``t3``) or a prefix of letters (``t``
    names every tableau pile, but ``t1`` does not name ``t10``)."""
    letters = pile_id.rstrip("0123456789")
    return any(name == pile_id or (name.isalpha() and name == letters) for name in names)


def _piles_named(position: Any, names: tuple[str, ...]) -> list[str]:
    return [pile_id for pile_id in position.piles if pile_matches(pile_id, names)]


def _step_error(scenario_id: str, where: str, reason: Text) -> DirectiveError:
    return DirectiveError(Text("ui", 'scenario "{scenario}", {where}: {reason}',
                               scenario=scenario_id, where=where, reason=reason))


def _step_frames(scenario: Any, start: Any, steps: tuple, intro: tuple[Text, ...], where: str,
                 outcome: Text | None = None) -> list[Frame]:
    """The frames of a step sequence: the start; per step, the position before its move with the
    moving cards marked and an arrow to where they go, then one frame per compulsory action that
    follows (a space filled, a card turned); a refused move drawn as refused (the position stays);
    and at the end the position after the last move, without an arrow, saying the ``outcome`` (the
    branch's, the scenario's or the variant's): steps that end on a move without one stop the build."""

    position = start.copy()
    frames = [Frame(position.copy(), intro, Highlight())]
    for number, step in enumerate(steps, start=1):
        extra = _piles_named(position, tuple(step.highlight))
        if step.move is None:
            frames.append(Frame(position.copy(), (named_from(step.narration, position, position),),
                                Highlight.of(extra), step.show))
            continue
        label = f"{where} {number}"
        try:
            move = Move.parse(step.move)
            if step.expect_refused:
                try:
                    position.copy().play(move)
                except IllegalMove as refusal:
                    reason = refusal.text
                else:
                    raise _step_error(scenario.id, label, Text("ui", "the move {move} should be refused but is legal",
                                                               move=step.move))
                fits = _piles_named(position, tuple(step.fits))
                frames.append(Frame(position.copy(), (named_from(step.narration, position, position),),
                                    Highlight.for_move(move, "refused", piles=extra, fits=fits), step.show,
                                    reason, move=str(move)))
                continue
            start_of_step = position.copy()
            beats = position.play_beats(move)
            narration_of_step = named_from(step.narration, start_of_step, position)
        except TutorError as err:
            raise _step_error(scenario.id, label, err.text) from None
        settled = position.copy()
        for index, (played, forced, before) in enumerate(beats):
            narration = before.describe(played) if forced else narration_of_step
            after = beats[index + 1][2] if index + 1 < len(beats) else position
            highlight = Highlight.for_move(played, "forced" if forced else "move", piles=() if forced else extra,
                                           counts=moved_counts(before, after, played))
            frames.append(Frame(before, (narration,), highlight, step.show, move=str(played), forced=forced,
                                settled=settled if forced else None))
    if outcome is not None:
        frames.append(Frame(position.copy(), (named_from(outcome, position, position),), Highlight(),
                            frames[-1].show if frames[-1].shows_move else None))
    elif frames[-1].shows_move:
        raise _step_error(scenario.id, f"{where} {len(steps)}",
                          Text("ui", "the steps end on a move, so the last frame shows its result: give the "
                                     "scenario an outcome that says what the moves led to"))
    return frames


def moved_counts(before: Any, after: Any, move: Any) -> dict[str, int]:
    """How many cards left each source of ``move`` between ``before`` and ``after`` (a redeal
    carries the whole waste, whatever the notation's count)."""
    return {src: len(before.piles[src]) - len(after.piles[src]) for src in move.sources
            if len(before.piles[src]) > len(after.piles[src])}


def scenario_tracks(scenario: Any) -> list[Track]:
    """Every frame of every track of a scenario, computed by the engine (build time and live)."""

    start = scenario.start_position()
    intro: tuple[Text, ...] = (named_from(scenario.alt, start, start),)
    if scenario.kind == "compare":
        tracks = []
        for number, branch in enumerate(scenario.branches, start=1):
            frames = _step_frames(scenario, scenario.start_position(), branch.steps, intro, f"branch {number}, step",
                                  outcome=branch.outcome)
            tracks.append(Track(branch.label, frames))
        return tracks
    if scenario.kind == "variants":

        tracks = []
        for variant in scenario.variants:
            rules = get_rules(scenario.game, variant)
            start = scenario.position_for(variant) if scenario.deal is not None else rules.from_cards(scenario.cards)
            play = scenario.play_for(variant)
            line = (Text("ui", 'The same deal in the variant "{variant}".', variant=rules.variant_name) if variant
                    else Text("ui", "The same deal under the rules of {game}.", game=rules.variant_name))
            intro = (line, named_from(scenario.alt, start, start)) if play is None or not play.prelude else (
                Text("ui", 'The same deal in the variant "{variant}", played on to where the variant makes a '
                           "difference.", variant=rules.variant_name),)
            tracks.append(Track(rules.variant_name,
                                _step_frames(scenario, start, play.steps if play else scenario.steps, intro,
                                             f"variant {variant or 'base'}, step",
                                             outcome=play.outcome if play else scenario.outcome)))
        return tracks
    frames = _step_frames(scenario, start, scenario.steps, intro, "step", outcome=scenario.outcome)
    if scenario.kind == "terms":
        for term_id, names in scenario.terms:
            word = glossary_term(scenario.game, term_id)
            frames.append(Frame(start.copy(), (Text("ui", "Highlighted: {term}", term=word),),
                                Highlight.of(_piles_named(start, tuple(names))), term=term_id))
    return [Track(None, frames)]


def shown_layout(frame: Frame) -> list:
    """The piles a frame shows (all, unless the step names some)."""
    layout = frame.position.layout()
    if frame.show is None:
        return layout
    return [view for view in layout if pile_matches(view.id, frame.show)]
