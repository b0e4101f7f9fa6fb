"""Forty Thieves: the tasks the learner plays at the end of each rules section (records
:class:`tutor.tasks.Task`), and what they must cover.

Every position is a real deal (its number) with the moves that lead to the moment (``prelude``):
the first moves of a deal as the search won it (deals 1, 2 and 5), of a deal played plainly (the
foundations first, then the waste, then the stock: the redeal variants), or a few moves of a fresh
deal. ``tutor lessons forty-thieves --check`` and ``tests/test_tasks.py`` replay each one: the
answers are legal (or, for ``spot-illegal``, refused with one rule), the position keeps every card,
the page shows the task, every message is in both languages; and the tasks together cover every kind
of move in ``MOVE_KINDS``, every refusal of the rules but those in ``OFF_BOARD_REFUSALS``, and every
variant in ``CHANGES_PLAY``.

A card the words name is named by where it lies in the task's own position (``at(pile)``: the top
card of a pile, ``at(pile, 2)`` the one under it, a ``CardAt``; see :func:`_task`), so no sentence
can name a card the board does not show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.games.forty_thieves.lessons.scenarios import _LOST_PRELUDE
from tutor.i18n import Plural, Text, in_words
from tutor.lessons import CardAt
from tutor.tasks import Task
from tutor.tasks.kinds import FIND_ALL, MAKE_MOVE, SPOT_ILLEGAL

GAME = "forty-thieves"

# The page's rules sections, in page order, with their headings: the steps of the game's path
# before the tips (``tests/test_tasks.py`` checks them against both pages).
PATH_SECTIONS = (
    ("setup", Text("forty-thieves", "Setup")),
    ("playing", Text("forty-thieves", "Playing")),
    ("winning", Text("forty-thieves", "Winning")),
    ("variants", Text("forty-thieves", "Variants")),
    ("glossary", Text("forty-thieves", "Glossary")),
)

# Every kind of move the game has (tutor.tasks.coverage.move_kind), over all its variants.
MOVE_KINDS = (
    "tableau-to-foundation", "waste-to-foundation", "tableau-to-tableau", "waste-to-tableau", "stock-to-waste",
    "tableau-to-foundation-empty", "waste-to-foundation-empty",  # an Ace starts a foundation
    "tableau-to-tableau-empty", "waste-to-tableau-empty",  # a card into an empty column
    "tableau-to-tableau-run", "tableau-to-tableau-empty-run",  # Josephine: a run moves as one
    "waste-to-stock",  # one or two redeals
)


# What a task says first to a legal move that is not its answer: that the move is allowed, named by its
# kind (``tutor.analysis.reports.report_of``) with its own card, or the stock for a turn; the task's
# ``wrong`` follows with its "but".
ALLOWED: dict[str, Callable[..., Text]] = {
    "turn": lambda **p: Text("forty-thieves", "You may turn up the next card of the stock."),
    "redeal": lambda **p: Text("forty-thieves", "You may gather the waste as the new stock."),
    "onto": lambda **p: Text("forty-thieves", "You may move the {card} onto the {top}.", **p),
    "space": lambda **p: Text("forty-thieves", "You may move the {card} into the empty column.", **p),
    "start": lambda **p: Text("forty-thieves", "You may start a foundation with the {card}.", **p),
    "run": lambda **p: Plural("forty-thieves", "You may move the {first} with the card on it onto the {top}.",
                              "You may move the {first} with the {count} cards on it onto the {top}.", p["count"],
                              first=p["first"], top=p["top"], count=in_words(p["count"])),
    "run-space": lambda **p: Plural("forty-thieves", "You may move the {first} with the card on it into the empty "
                                                     "column.",
                                    "You may move the {first} with the {count} cards on it into the empty column.",
                                    p["count"], first=p["first"], count=in_words(p["count"])),
}

# The answer to a legal move in a task that asks for the move the rules forbid, after the sentence that
# the move is allowed.
_FORBIDDEN_IS_THE_TASK = Text("forty-thieves", "But the task is the move the rules forbid: make it and read why.")

# The refusals no click on a board can give, and why (the board reads a pick and a drop, never notation).
OFF_BOARD_REFUSALS = {
    "no-such-pile": "only notation names a pile the board does not draw",
    "same-pile": "a drop on the picked pile puts the card back: nothing is moved",
    "one-card-at-a-time": "a pick takes the top card alone wherever no run may move, so two cards never travel",
    "empty-source": "a pick on an empty column picks nothing",
    "empty-waste": "a pick on an empty waste picks nothing",
    "waste-top-alone": "a pick on the waste takes its top card alone",
    "stock-through-waste": "a pick on the stock turns it onto the waste at once",
    "turn-one-card": "a pick on the stock turns one card",
    "run-broken": "a card under others is a control only where its run may move now",
    "run-too-long": "a card under others is a control only where its run may move now",
    "redeal-whole-waste": "a drop of the waste on the stock takes its top card, which the redeal "
                          "reads as the whole waste",
    "redeal-empty-waste": "with the stock and the waste both empty, a pick on the stock says the stock is used up",
}

# The variants that change what may be played (Limited and Sixty Thieves change only the layout
# and the packs): each needs a task of its own.
CHANGES_PLAY = ("josephine", "indian", "streets", "kings-only", "one-redeal", "two-redeals")


def _task(*, words: Callable[[Callable[..., CardAt]], tuple[Text, Text, Text]],
          prelude: tuple[str, ...] | list[str] = (), **fields: Any) -> Task:
    """A task whose words name the cards of its own position: ``words(CardAt)`` gives the goal, the
    right and the wrong answer's words, each card named by where it lies (``CardAt(pile, depth)``),
    read when the words are said (tests/test_named_cards.py checks every one against its board)."""
    goal, right, wrong = words(CardAt)
    return Task(game=GAME, prelude=tuple(prelude), goal=goal, right=right, wrong=wrong, **fields)


def _everywhere(source: str, count: int = 1) -> tuple[str, ...]:
    """The same move onto each of the eight foundations (an empty foundation takes an Ace, whichever it is)."""
    run = f"x{count}" if count > 1 else ""
    return tuple(f"{source}-f{n}{run}" for n in range(1, 9))


# The first moves of deals 1, 2 and 5 as the search won them (``tutor solve``), and of two deals
# played plainly (foundations, then the waste, then the stock) until their passes are used.
_DEAL_1 = (
    "t7-f1 t8-f2 t8-f3 t9-f4 t1-t2 t6-t2 t10-t2 t7-t9 s-w s-w s-w s-w s-w s-w s-w s-w w-t2 t8-t2 t8-t10 t4-t2 "
    "t7-t8 t7-t9 w-t9 s-w w-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 t2-f2 w-f2 t2-t8 s-w s-w w-f3 s-w s-w "
    "w-t10 t5-t10 s-w w-t9 t6-t9 s-w s-w t5-t7 t5-f5 w-f5 t6-t5 s-w s-w w-f1 t9-f1 t9-f1 t7-f1 t3-t7 t3-t5 "
    "t7-t3 w-t7 t2-t7 s-w w-t7 w-t7 t2-t7 t1-t2 t1-t10 t1-t7 s-w t8-t1 t8-t5 t1-t5 s-w t9-t1 t9-f1 t9-f1 "
    "t9-f1 t9-f3 w-t9 t5-f1 t5-f1 s-w t5-f1 t5-f1 t5-f1 s-w w-t7 s-w w-t5 s-w s-w w-t8 t1-t8 t9-t1 t9-t5 s-w "
    "w-f4 t1-t5 w-t1 w-t9 w-t1 s-w w-f6 s-w s-w w-t8 s-w s-w s-w w-f3 t5-f3 t5-f3 t5-f3 s-w w-t5 s-w s-w s-w "
    "w-f6 s-w s-w w-t7 s-w w-t4 t2-t4 w-t2 s-w s-w w-t4 s-w s-w w-t6 s-w w-t6 t5-t6 s-w w-t5 s-w w-f7 s-w s-w "
    "w-f7 s-w s-w s-w w-f5 t7-f5 t7-f5 t7-f5 t7-f5 t7-f5 t7-f5 t7-f5 t7-f5 w-t7 s-w w-t9 s-w s-w w-f7 t6-f7 "
    "t6-f7 t6-f7 t6-f7 w-t6 s-w w-f7 t2-f7 s-w w-f7 s-w w-t2 t7-t2 w-t7 s-w w-f2 t2-f2 t2-f2 w-t2 s-w s-w "
    "w-f7 t3-f7 t3-f7 t3-t6 w-t6 t9-t3 t9-t2 t3-t2 w-t3 w-t9 w-f5 t7-f5 w-t9 s-w w-f8 t1-f8 t1-f8 s-w w-t5 "
    "s-w "
).split()

_DEAL_2 = (
    "t1-f1 t10-f1 t10-t4 t10-t8 t10-f2 t3-t9 t3-t1 t3-t10 t3-t5 s-w w-f3 s-w w-t9 s-w s-w s-w w-t2 s-w w-f2 "
).split()

_DEAL_5 = (
    "t5-f1 s-w s-w s-w s-w s-w s-w s-w w-t1 s-w s-w w-t2 t6-t2 t6-f2 t4-t2 t4-f3 t10-f3 t10-f4 t8-t10 s-w s-w "
    "w-t1 s-w s-w s-w s-w w-t10 s-w w-t1 s-w s-w s-w s-w w-t8 t6-t8 t6-t5 "
).split()

_ONE_REDEAL_4 = (
    "s-w s-w s-w w-t4 s-w s-w s-w s-w s-w s-w w-t4 s-w s-w s-w w-f1 s-w s-w s-w s-w s-w w-f2 s-w s-w w-t5 s-w "
    "s-w s-w s-w s-w w-t5 s-w s-w w-f3 s-w s-w w-t3 s-w w-t3 s-w s-w s-w w-f4 t6-f4 t3-f4 t3-f4 t3-f4 t3-f3 "
    "t3-f3 t10-f3 t2-f3 t10-f5 s-w s-w s-w s-w w-t9 s-w s-w s-w s-w s-w s-w s-w s-w w-t5 s-w w-f5 s-w w-f6 "
    "s-w s-w s-w s-w s-w w-t4 s-w w-f1 s-w s-w w-t3 s-w w-f6 s-w s-w w-f7 s-w w-t1 s-w s-w w-f1 s-w s-w s-w "
    "w-t2 s-w "
).split()

_TWO_REDEALS_7 = (
    "s-w s-w w-t7 s-w s-w s-w w-f1 s-w w-t9 s-w s-w s-w w-f2 s-w s-w s-w s-w s-w s-w s-w w-f3 s-w w-t1 s-w "
    "w-f4 s-w s-w s-w s-w s-w s-w s-w w-t2 s-w s-w s-w s-w s-w s-w s-w s-w w-t9 s-w w-f4 s-w s-w s-w s-w s-w "
    "s-w s-w s-w s-w s-w w-f2 s-w w-t7 s-w s-w w-f5 s-w s-w w-f2 s-w w-f6 s-w s-w s-w s-w s-w s-w w-f7 s-w "
    "w-t3 s-w w-t7 s-w s-w s-w w-t5 s-w s-w w-f1 s-w w-s s-w s-w s-w s-w w-f6 t7-f6 t7-f6 t7-f6 t7-f6 s-w s-w "
    "s-w s-w s-w s-w w-f7 s-w s-w s-w s-w s-w w-f6 t9-f6 t9-f6 t1-f6 t1-f6 s-w s-w s-w w-f2 t1-f2 s-w s-w s-w "
    "w-f1 s-w s-w s-w w-f2 s-w w-t3 s-w s-w s-w s-w s-w s-w s-w s-w s-w s-w w-t1 s-w s-w w-t1 s-w s-w s-w s-w "
    "w-f2 w-f2 s-w s-w s-w w-f6 w-f6 w-s s-w w-t7 s-w s-w s-w s-w s-w w-f2 s-w s-w s-w s-w s-w w-f1 t3-f1 "
    "t3-f1 t3-f1 s-w s-w s-w s-w s-w s-w w-t1 s-w w-t1 s-w w-t1 s-w s-w s-w s-w s-w s-w s-w w-f2 s-w s-w s-w "
    "s-w s-w "
).split()

# Deal 3 played to its lost end: the example of a lost game, and its last five moves.
_LOST_END = (*_LOST_PRELUDE.split(), "t1-f2", "t1-f7", "t8-f2", "t8-f2", "s-w")
TASKS: tuple[Task, ...] = (
    # --- Setup -------------------------------------------------------------------------------------
    _task(
        id="ft-setup-ace", section="setup", kind=MAKE_MOVE, deal=2, answers=_everywhere("t1"),
        words=lambda at: (
            Text("forty-thieves", "A fresh deal, and the eight foundations are empty. One card can start a "
                                  "foundation at once: move it there."),
            Text("forty-thieves", "Right: every foundation starts with an Ace, and the {card} is available.",
                 card=at("t1")),
            Text("forty-thieves", "But the task is the foundations: only an Ace starts one."),
        ),
    ),
    _task(
        id="ft-setup-two", section="setup", kind=SPOT_ILLEGAL, deal=5, answers=_everywhere("t10"),
        words=lambda at: (
            Text("forty-thieves", "The foundations are empty. Which of these two moves do the rules forbid: the "
                                  "{ace} onto a foundation, or the {card} onto a foundation? Make it and read why.",
                 ace=at("t5"), card=at("t10")),
            Text("forty-thieves", "Right: the {card} has to wait until an Ace of its suit has started a foundation.",
                 card=at("t10")),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    # --- Playing -----------------------------------------------------------------------------------
    _task(
        id="ft-playing-build", section="playing", kind=MAKE_MOVE, deal=4, answers=("t10-t2",),
        words=lambda at: (
            Text("forty-thieves", "Build down in suit: one card in the tableau can go onto the next higher card of "
                                  "its suit. Move it there."),
            Text("forty-thieves", "Right: the {card} lies on the {top} now, the same suit and one rank lower.",
                 card=at("t10"), top=at("t2")),
            Text("forty-thieves", "But the task is a build in the tableau: look for an available card whose next "
                                  "higher card of the same suit is available too."),
        ),
    ),
    _task(
        id="ft-playing-suit", section="playing", kind=SPOT_ILLEGAL, deal=1, answers=("t5-t6",),
        words=lambda at: (
            Text("forty-thieves", "Which of these two moves do the rules forbid: the {first} onto the {first_top}, "
                                  "or the {second} onto the {second_top}? Make it and read why.",
                 first=at("t10"), first_top=at("t6"), second=at("t5"), second_top=at("t6")),
            Text("forty-thieves", "Right: of the two cards, only the {card}, of the same suit, may go there.",
                 card=at("t10")),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-playing-covered", section="playing", kind=SPOT_ILLEGAL, deal=2, answers=("t8-t1",),
        words=lambda at: (
            Text("forty-thieves", "Which of these two moves do the rules forbid: the {first} onto the {first_top}, "
                                  "or the {second} onto the {covered} at the back of column {n}? Make it and read "
                                  "why.", first=at("t3"), first_top=at("t9"), second=at("t8"), covered=at("t1", 4),
                 n=1),
            Text("forty-thieves", "Right: the {covered} is out of reach until the cards on it have moved away.",
                 covered=at("t1", 4)),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-playing-home", section="playing", kind=FIND_ALL, deal=1, prelude=_DEAL_1[:77],
        answers=("t5-f1", "t9-f3"),
        words=lambda at: (
            Text("forty-thieves", "Which cards can go onto the foundations now? Move every one of them."),
            Text("forty-thieves", "Right: the {first} and the {second} are each the next card of a foundation.",
                 first=at("t5"), second=at("t9")),
            Text("forty-thieves", "But the task is to find the cards that go onto a foundation: look for the next "
                                  "card of each foundation."),
        ),
    ),
    _task(
        id="ft-playing-foundation", section="playing", kind=SPOT_ILLEGAL, deal=2, prelude=_DEAL_2[:19],
        answers=("t2-f3",),
        words=lambda at: (
            Text("forty-thieves", "Which of these two moves do the rules forbid: the {card} onto the {top} on "
                                  "foundation {n}, or onto the {other} on foundation {m}? Make it and read why.",
                 card=at("t2"), top=at("f2"), n=2, other=at("f3"), m=3),
            Text("forty-thieves", "Right: each suit has two foundations, and the {card} fits only the one that ends "
                                  "in the {top}.",
                 card=at("t2"), top=at("f2")),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-playing-fixed", section="playing", kind=SPOT_ILLEGAL, deal=1, prelude=_DEAL_1[:25],
        answers=("f2-t2",),
        words=lambda at: (
            Text("forty-thieves", "Which of these two moves do the rules forbid: the {card} onto the {top} on "
                                  "foundation {n}, or the {top} back onto the {card}? Make it and read why.",
                 card=at("t2"), top=at("f2"), n=2),
            Text("forty-thieves", "Right: a card put on a foundation is there for good, so send one up only when "
                                  "the tableau will not need it."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-playing-turn", section="playing", kind=MAKE_MOVE, deal=31, answers=("s-w",),
        words=lambda at: (
            Text("forty-thieves", "A fresh deal, and no card in the tableau can move. Which move is left?"),
            Text("forty-thieves", "Right: when nothing else goes, turn the top card of the stock onto the waste. "
                                  "That card is available at once."),
            Text("forty-thieves", "But the rules leave one move here: turning the stock."),
        ),
    ),
    _task(
        id="ft-playing-waste-build", section="playing", kind=MAKE_MOVE, deal=2, prelude=_DEAL_2[:12],
        answers=("w-t9",),
        words=lambda at: (
            Text("forty-thieves", "The {card} on the waste is available too. Build it onto a card of the tableau.",
                 card=at("w")),
            Text("forty-thieves", "Right: the {card} goes from the waste onto the {top}, its own suit one rank "
                                  "higher.", card=at("w"), top=at("t9")),
            Text("forty-thieves", "But the task is a build: the {card} fits onto the next higher card of its suit.",
                 card=at("w")),
        ),
    ),
    _task(
        id="ft-playing-waste-home", section="playing", kind=MAKE_MOVE, deal=1, prelude=_DEAL_1[:24],
        answers=("w-f2",),
        words=lambda at: (
            Text("forty-thieves", "The {card} on the waste is the next card of a foundation. Move it there.",
                 card=at("w")),
            Text("forty-thieves", "Right: the {card} goes onto the {top}: up in suit, one rank at a time.",
                 card=at("w"), top=at("f2")),
            Text("forty-thieves", "But the task is the foundations: the {card} is the next card of one.",
                 card=at("w")),
        ),
    ),
    _task(
        id="ft-playing-waste-ace", section="playing", kind=MAKE_MOVE, deal=2, prelude=_DEAL_2[:10],
        answers=("w-f3", "w-f4", "w-f5", "w-f6", "w-f7", "w-f8"),
        words=lambda at: (
            Text("forty-thieves", "The {card} has just turned up on the waste. Where can it go? Move it there.",
                 card=at("w")),
            Text("forty-thieves", "Right: the {card} starts a foundation of its own, straight from the waste.",
                 card=at("w")),
            Text("forty-thieves", "But an Ace is worth most on a foundation: it starts one there."),
        ),
    ),
    _task(
        id="ft-playing-onto-waste", section="playing", kind=SPOT_ILLEGAL, deal=5, prelude=_DEAL_5[:16],
        answers=("t6-w",),
        words=lambda at: (
            Text("forty-thieves", "Which of these two moves do the rules forbid: the {card} from the waste onto the "
                                  "{top}, or the {other} onto the waste? Make it and read why.",
                 card=at("w"), top=at("t8"), other=at("t6")),
            Text("forty-thieves", "Right: a card from the tableau goes onto a foundation, onto another column or "
                                  "into an empty column, never onto the waste."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-playing-onto-stock", section="playing", kind=SPOT_ILLEGAL, deal=4, answers=("t10-s",),
        words=lambda at: (
            Text("forty-thieves", "Which of these two moves do the rules forbid: the {card} onto the {top}, or the "
                                  "{card} onto the stock? Make it and read why.", card=at("t10"), top=at("t2")),
            Text("forty-thieves", "Right: cards only leave the stock, turned one at a time onto the waste."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-playing-no-redeal", section="playing", kind=SPOT_ILLEGAL, deal=1, prelude=_DEAL_1,
        answers=("w-s",),
        words=lambda at: (
            Text("forty-thieves", "The stock is used up, and cards are left on the waste. Which of these two moves do "
                                  "the rules forbid: the {card} from the waste onto the {top}, or turning the waste "
                                  "over as a new stock? Make it and read why.", card=at("w"), top=at("t2")),
            Text("forty-thieves", "Right: from now on, a card on the waste comes back into play only once the cards "
                                  "on it have been played."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-playing-space", section="playing", kind=MAKE_MOVE, deal=2, prelude=_DEAL_2[:5],
        answers=tuple(f"t{n}-t10" for n in range(1, 10)),
        words=lambda at: (
            Text("forty-thieves", "Column {n} is empty. Any single available card may fill it: move one from another "
                                  "column into it.", n=10),
            Text("forty-thieves", "Right: an empty column takes any single available card, and the card under it "
                                  "becomes available."),
            Text("forty-thieves", "But the task is the empty column: move an available card from another column into "
                                  "it."),
        ),
    ),
    _task(
        id="ft-playing-waste-space", section="playing", kind=MAKE_MOVE, deal=5, prelude=_DEAL_5[:36],
        answers=("w-t6",),
        words=lambda at: (
            Text("forty-thieves", "Column {n} is empty. Fill it with the {card} from the waste.", n=6, card=at("w")),
            Text("forty-thieves", "Right: the top card of the waste may fill an empty column too."),
            Text("forty-thieves", "But the task is the {card} on the waste: move it into the empty column.",
                 card=at("w")),
        ),
    ),
    # --- Winning -----------------------------------------------------------------------------------
    _task(
        id="ft-winning-complete", section="winning", kind=SPOT_ILLEGAL, deal=1, prelude=_DEAL_1[:96],
        answers=("w-f1",),
        words=lambda at: (
            Text("forty-thieves", "Foundation {n} is complete, from Ace to King. Which of these two moves do the "
                                  "rules forbid: the {card} onto the {king} on foundation {n}, or onto the {ace} on "
                                  "foundation {m}? Make it and read why.",
                 n=1, card=at("w"), king=at("f1"), ace=at("f4"), m=4),
            Text("forty-thieves", "Right: the {card} belongs on the other foundation of its suit.", card=at("w")),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-winning-used-up", section="winning", kind=SPOT_ILLEGAL, deal=3, prelude=_LOST_END,
        answers=("s-w",),
        words=lambda at: (
            Text("forty-thieves", "No card in the tableau and none on the waste can move. Is there one more card "
                                  "to turn? Try it."),
            Text("forty-thieves", "Right: with no move left, this game is lost."),
            Text("forty-thieves", "But the task is the stock."),
        ),
    ),
    # --- Variants ----------------------------------------------------------------------------------
    _task(
        id="ft-variants-josephine", section="variants", kind=MAKE_MOVE, variant="josephine", deal=8,
        prelude=("t2-t6",), answers=("t6-t1x2",),
        words=lambda at: (
            Text("forty-thieves", "Josephine: cards of one suit in descending order move together, as a unit. Move "
                                  "such a sequence onto the next higher card of its suit."),
            Text("forty-thieves", "Right: the {first} and the {last} moved together onto the {top}, as one unit.",
                 first=at("t6", 2), last=at("t6"), top=at("t1")),
            Text("forty-thieves", "But the task is a sequence: move two or more cards together."),
        ),
    ),
    _task(
        id="ft-variants-josephine-space", section="variants", kind=MAKE_MOVE, variant="josephine", deal=2,
        prelude=_DEAL_2[:6], answers=("t4-t10x2", "t7-t10x2", "t8-t10x2", "t9-t10x2"),
        words=lambda at: (
            Text("forty-thieves", "Josephine: column {n} is empty, and a whole sequence may fill it. Move one there.",
                 n=10),
            Text("forty-thieves", "Right: in Josephine an empty column takes a sequence as a unit, not just one "
                                  "card."),
            Text("forty-thieves", "But the task is a sequence of two or more cards: move one into the empty column."),
        ),
    ),
    _task(
        id="ft-variants-josephine-home", section="variants", kind=SPOT_ILLEGAL, variant="josephine", deal=2,
        prelude=_DEAL_2[:6], answers=_everywhere("t4", 2),
        words=lambda at: (
            Text("forty-thieves", "Josephine: which of these two moves do the rules forbid: the {first} and the "
                                  "{last} together into the empty column {n}, or together onto a foundation? Make it "
                                  "and read why.", first=at("t4", 2), last=at("t4"), n=10),
            Text("forty-thieves", "Right: a sequence moves as a unit only in the tableau."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-variants-indian", section="variants", kind=SPOT_ILLEGAL, variant="indian", deal=1,
        answers=("t10-t6",),
        words=lambda at: (
            Text("forty-thieves", "Indian: which of these two moves do the rules forbid: the {first} onto the "
                                  "{first_top}, or the {second} onto the {second_top}? Make it and read why.",
                 first=at("t10"), first_top=at("t6"), second=at("t5"), second_top=at("t6")),
            Text("forty-thieves", "Right: Indian turns the rule of the base game round: here the card of the same suit "
                                  "is the one that may not go there."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-variants-streets", section="variants", kind=MAKE_MOVE, variant="streets", deal=1,
        answers=("t5-t6",),
        words=lambda at: (
            Text("forty-thieves", "Streets: the tableau builds down in alternating colours. One card can go onto the "
                                  "next higher card of the other colour: move it there."),
            Text("forty-thieves", "Right: the {card} lies on the {top}: one rank lower and the other colour.",
                 card=at("t5"), top=at("t6")),
            Text("forty-thieves", "But the task is a build in the tableau: a black card onto a red one, or a red card "
                                  "onto a black one."),
        ),
    ),
    _task(
        id="ft-variants-kings", section="variants", kind=SPOT_ILLEGAL, variant="kings-only", deal=2,
        prelude=_DEAL_2[:7], answers=("t4-t10",),
        words=lambda at: (
            Text("forty-thieves", "Restricted empty columns: column {n} is empty. Which of these two moves do the "
                                  "rules forbid: the {king} into it, or the {card} into it? Make it and read why.",
                 n=10, king=at("t3"), card=at("t4")),
            Text("forty-thieves", "Right: in this variant an empty column waits for a King."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-variants-redeal", section="variants", kind=MAKE_MOVE, variant="one-redeal", deal=4,
        prelude=_ONE_REDEAL_4, answers=("w-s",),
        words=lambda at: (
            Text("forty-thieves", "One redeal: the stock is used up for the first time, and no card can move. Turn "
                                  "the waste over as the new stock."),
            Text("forty-thieves", "Right: the waste, turned face down as it lies, is the new stock. This second pass "
                                  "is the last."),
            Text("forty-thieves", "But the task is the redeal: put the waste onto the place of the stock."),
        ),
    ),
    _task(
        id="ft-variants-redeal-early", section="variants", kind=SPOT_ILLEGAL, variant="one-redeal", deal=4,
        prelude=("s-w",), answers=("w-s",),
        words=lambda at: (
            Text("forty-thieves", "One redeal: which of these two moves do the rules forbid: turning the next card of "
                                  "the stock, or turning the waste over as the new stock now? Make it and read why."),
            Text("forty-thieves", "Right: first the stock runs out, card by card; only then may the waste become "
                                  "the new stock."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
    _task(
        id="ft-variants-redeals-used", section="variants", kind=SPOT_ILLEGAL, variant="two-redeals", deal=7,
        prelude=_TWO_REDEALS_7, answers=("w-s",),
        words=lambda at: (
            Text("forty-thieves", "Two redeals: the stock has run through three times and is used up again. Which of "
                                  "these two moves do the rules forbid: the {card} from the waste onto the {top}, or "
                                  "turning the waste over once more? Make it and read why.",
                 card=at("w"), top=at("t7")),
            Text("forty-thieves", "Right: two redeals give three passes through the stock, and all three are used."),
            _FORBIDDEN_IS_THE_TASK,
        ),
    ),
)
