"""What a game's review says (:mod:`tutor.analysis.review`), in words a player understands: the
command line and the review page say the same sentences. No "solver" and no notation: a verdict
is what "someone who knew every face-down card" could still do, and moves are named by the
position's own description of them."""

from __future__ import annotations

from typing import Any

from tutor.analysis.chances import CostlyMove, FairChances
from tutor.analysis.reports import move_report
from tutor.analysis.review import HINDSIGHT, SEEN, UNCLEAR, Review, TurningPoint, Verdict
from tutor.analysis.solve import LOST, UNKNOWN, WON
from tutor.engine import Move
from tutor.i18n import Plural, Text


def seconds_text(seconds: float) -> str:
    return f"{seconds:g}"


def verdict_text(verdict: Verdict, seconds: float, finished: bool = False) -> Text:
    """One position's verdict, as a short phrase; a position a ``finished`` review did not look at
    was passed over (the review gave up on the positions around it), not left for later."""
    if verdict.result == WON:
        return Text("ui", "could still be won")
    if verdict.result == LOST:
        return Text("ui", "could not be won")
    if verdict.result == UNKNOWN:
        return Text("ui", "not decided within {seconds} s", seconds=seconds_text(seconds))
    if finished:
        return Text("ui", "not searched, since nearby searches were not decided")
    return Text("ui", "not looked at yet")


def move_text(review: Review, index: int, move: str | None = None) -> Text:
    """Move ``index`` of the game (or ``move`` in the position before it) as the position describes it."""
    position = review.position_before(index)
    return position.describe(move if move is not None else review.moves[index])


def progress_text(review: Review) -> Text:
    return Text("ui", "Looking through your game: {decided} of {total} positions decided.",
                decided=review.decided, total=review.positions)


def summary(review: Review) -> list[Text]:
    """The review in a few sentences: how the game ended, the turning point (or why there is none)
    and, at the turning point, whether the better move could be seen without hindsight."""
    if review.running:
        return [progress_text(review)]
    texts: list[Text] = []
    if review.stopped:
        texts.append(Text("ui", "The review was stopped: {decided} of {total} positions are decided.",
                          decided=review.decided, total=review.positions))
    point = review.turning_point
    if review.won:
        texts.append(Text("ui", "You won this deal: every card went home."))
    elif point is not None:
        texts += turning_point_texts(review, point)
    elif review.lost_from_start:
        texts.append(Text("ui", "No move of yours decided this deal: it could not be won from the start, not even "
                                "by someone who knew every face-down card."))
        if review.everyone_plays_alike():
            texts.append(Text("ui", "In this game, the order in which you play the cards that fit never changes the "
                                    "outcome, so the deal was decided by the order of the cards alone."))
    elif review.verdict(review.positions - 1).result == WON:
        texts.append(Text("ui", "Where you stopped, the deal could still be won."))
    elif not review.stopped:
        texts += undecided_texts(review)
    return texts


def turning_point_texts(review: Review, point: TurningPoint) -> list[Text]:
    return [
        Text("ui", "The turning point: your move {number}.", number=point.index + 1),
        played_text(review, point.index),
        Text("ui", "Before it, someone who knew every face-down card could still have won the deal; "
                   "after it, nobody could, whatever came next."),
        Text("ui", "What wins instead: {move}.", move=move_text(review, point.index, point.alternative)),
        foresight_text(point),
    ]


def played_text(review: Review, index: int) -> Text:
    """What the player did with move ``index``, as the play page reported it ("You turned up the 9♦.")."""

    return move_report(review.position_before(index), Move.parse(review.moves[index]))


def foresight_text(point: TurningPoint) -> Text:
    """Hindsight, said plainly: could a player who sees only the face-up cards have found it?"""
    if point.foresight == SEEN:
        return Text("ui", "This could be seen without hindsight: someone who sees only the face-up cards would "
                          "have chosen this move too.")
    if point.foresight == HINDSIGHT and point.fair_move == point.move:
        return Text("ui", "Only with hindsight: someone who sees only the face-up cards would have made your move "
                          "too. Finding the winning move takes knowledge of the face-down cards.")
    if point.foresight == HINDSIGHT:
        return Text("ui", "Only with hindsight: someone who sees only the face-up cards would not have found the "
                          "winning move either. Finding it takes knowledge of the face-down cards.")
    assert point.foresight == UNCLEAR
    return Text("ui", "Whether this could be seen without hindsight is not decided.")


def undecided_texts(review: Review) -> list[Text]:
    """A lost game whose turning point cannot be proven: how far it could still be won, from where
    it could not, and that the positions in between stayed undecided."""
    seconds = seconds_text(review.time_limit)
    known = max(review.lines, default=None)
    lost = next((i for i in range(review.positions) if review.verdict(i).result == LOST), None)
    if known is None:
        texts = [Text("ui", "It is not decided whether this deal could be won from the start: each position was "
                            "given {seconds} s.", seconds=seconds)]
    else:
        texts = [Text("ui", "Before your move {number}, the deal could still be won.", number=known + 1)]
    first = 0 if known is None else known + 1
    if lost is None:
        last = review.positions - 1
        if first == last:
            texts.append(Text("ui", "After your move {number}, it was not decided whether the deal could still be "
                                    "won.", number=first))
        elif first <= last:
            texts.append(Text("ui", "After your moves {first} to {last}, it was not decided whether the deal could "
                                    "still be won.", first=max(first, 1), last=last))
        return texts
    texts.append(Text("ui", "After your move {number}, it could no longer be won.", number=lost))
    between = range(first, lost)
    if len(between) == 1 or all(index in review.undecided for index in between):
        texts.append(Plural("ui", "No single move can be named that lost the deal: the position in between was not "
                                  "decided within {seconds} s.",
                            "No single move can be named that lost the deal: the positions in between were not "
                            "decided within {seconds} s each.", len(between), seconds=seconds))
    else:
        texts.append(Text("ui", "No single move can be named that lost the deal: of the positions in between, those "
                                "searched were not decided within {seconds} s each, and the others were not "
                                "searched.", seconds=seconds))
    return texts


def chance_text(fraction: float) -> Text:
    """A chance in whole percents, as the page writes a share ("14%", "14 %")."""
    return Text("number", "{value}%", value=str(round(100 * fraction)))


def chances_texts(review: Review) -> list[Text]:
    """What the fair chances say so far: their progress, then (once every move is looked at, or when
    stopped) the moves that cost the most chance (or that none did) and what a chance is; nothing
    for a game without them."""
    chances = review.chances
    if chances is None:
        return []
    if chances.running and not chances.costly_final:  # (once final, the costly moves are said as the chart refines)
        return chances_progress(chances)
    texts: list[Text] = []
    if chances.stopped and not chances.costly_final:
        texts.append(Text("ui", "Working out your chances was stopped: the moves named so far may change."))
    costly = chances.costly_moves()
    if not costly and chances.costly_final:
        texts.append(Text("ui", "No move of yours cost a significant share of your chance to win."))
    for move in costly:
        texts += costly_move_texts(review, chances, move)
    texts.append(chances_note(chances))
    return texts


def chances_progress(chances: FairChances) -> list[Text]:
    """Where the chances' work stands: the first rough picture of every position, then your moves
    compared with the expert player's, then a closer look at the moves that may have cost chance."""
    looked_at = sum(1 for i in range(len(chances.states)) if chances.chance(i) is not None)
    if looked_at < len(chances.states) or not chances.moves_compared:
        return [Text("ui", "Working out your chances to win: {done} of {total} positions looked at.",
                     done=looked_at, total=len(chances.states))]
    drawn = Text("ui", "Your chance to win is drawn roughly for every position.")
    if chances.moves_compared < len(chances.moves):
        return [drawn, Text("ui", "Now your moves are compared with the expert player's: {done} of {total}.",
                            done=chances.moves_compared, total=len(chances.moves))]
    return [drawn, Text("ui", "Now the moves that may have cost you chance get a closer look.")]


def costly_move_texts(review: Review, chances: FairChances, move: CostlyMove) -> list[Text]:
    """One costly move: what was played, the drop, and the expert player's move with its chance."""
    better = chances.kernel.notation(move.better_move)
    return [Text("ui", "Move {number}: {played}", number=move.index + 1, played=played_text(review, move.index)),
            Text("ui", "This dropped your chance to win from {before} to {after}; the expert player's move kept "
                       "{better}: {move}.", before=chance_text(move.chance_before),
                 after=chance_text(move.chance_after), better=chance_text(move.better_chance),
                 move=move_text(review, move.index, better))]


def chances_note(chances: FairChances) -> Text:
    """What a chance is, and when a drop is named."""
    return Text("ui", "A chance is the share of the orders of the face-down cards, each as likely as the real one "
                      "for someone who sees only the face-up cards, in which the expert player wins from that "
                      "position ({samples} orders, more where a move may have cost chance). A move is named only "
                      "where the expert player's move did better on the same orders by McNemar's exact test at "
                      "95 %.", samples=chances.first_samples)


def stretches(review: Review) -> list[tuple[int, int, Verdict]]:
    """The game's positions in stretches of one verdict: (first, last, the first one's verdict)."""
    verdicts = review.verdicts()
    found: list[tuple[int, int, Verdict]] = []
    first = 0
    for index in range(1, len(verdicts) + 1):
        if index == len(verdicts) or verdicts[index].result != verdicts[first].result:
            found.append((first, index - 1, verdicts[first]))
            first = index
    return found


def stretch_text(first: int, last: int) -> Text:
    """Positions ``first`` to ``last`` by the moves they come after (position 0: the start)."""
    if first == last:
        return Text("ui", "At the start") if first == 0 else Text("ui", "After move {number}", number=first)
    if first == 0:
        if last == 1:
            return Text("ui", "At the start and after move 1")
        return Text("ui", "At the start and after moves 1 to {last}", last=last)
    return Text("ui", "After moves {first} to {last}", first=first, last=last)


def review_json(review: Review, lang: str) -> dict[str, Any]:
    """The review as data (the command line's ``--json``): per position the move and its verdict,
    the turning point with its alternative and winning line, the tip breaks and the summary. Moves
    are given in the notation and labelled as such (``…_notation``)."""
    positions = []
    for index, verdict in enumerate(review.verdicts()):
        entry: dict[str, Any] = {
            "position": index,
            "move_notation": review.moves[index] if index < len(review.moves) else None,
            "verdict": verdict.result or "pending",
            "decided_by": verdict.how or None,
            "text": verdict_text(verdict, review.time_limit, review.finished).render(lang),
        }
        positions.append(entry)
    point = review.turning_point
    turning = None
    if point is not None:
        turning = {
            "move_number": point.index + 1,
            "move_notation": point.move,
            "alternative_notation": point.alternative,
            "winning_line_notation": list(point.line),
            "fair_move_notation": point.fair_move,
            "foresight": point.foresight,
        }
    chances = review.chances
    if chances is not None:
        for index, entry in enumerate(positions):
            chance = chances.chance(index)
            entry["chance"] = None if chance is None else round(chance, 4)
            entry["chance_samples"] = len(chances.chances[index])
    costly = None if chances is None else [
        {"move_number": move.index + 1, "chance_before": round(move.chance_before, 4),
         "chance_after": round(move.chance_after, 4),
         "better_move_notation": chances.kernel.notation(move.better_move),
         "better_chance": round(move.better_chance, 4), "samples": move.samples,
         "p_value": round(move.p_value, 6)} for move in chances.costly_moves()]
    shown = review.winning_line()
    winning = None if shown is None else {"from_move_number": shown[0] + 1, "moves_notation": list(shown[1])}
    return {
        "game": review.rules.game_id,
        "variant": review.rules.variant,
        "deal": review.start.deal_number,
        "moves": len(review.moves),
        "seconds_per_position": review.time_limit,
        "finished": review.finished,
        "won": review.won,
        "start": review.start_result or "pending",
        "positions": positions,
        "turning_point": turning,
        "winning_line": winning,
        "costly_moves": costly,
        "tip_breaks": [{"move_number": b.index + 1, "move_notation": b.move, "tip": b.remark.tip,
                        "text": b.remark.render(lang)} for b in review.tip_breaks],
        "summary": [text.render(lang) for text in summary(review)],
        "chances": [text.render(lang) for text in chances_texts(review)],
    }
