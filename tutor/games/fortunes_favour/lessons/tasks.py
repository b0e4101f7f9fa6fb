"""Fortune's Favour: the tasks the learner plays at the end of each rules section (records
:class:`tutor.tasks.Task`), and what they must cover.

Every position is a real deal (its number) with the moves that lead to the moment, found by playing
the deal on (``prelude``). ``tutor lessons fortunes-favour --check`` and ``tests/test_tasks.py``
replay each one: the answers are legal (or, for ``spot-illegal``, refused with one rule), the
position keeps every card, the page shows the task, every message is in both languages; and the
tasks together cover every kind of move in ``MOVE_KINDS``, every refusal of the rules but those
in ``OFF_BOARD_REFUSALS``, and every variant in ``CHANGES_PLAY``. A card the words name is read from
where it lies (``CardAt``; ``CardIn`` where the words say it is still in the stock), never typed in.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.i18n import Text
from tutor.lessons import CardAt, CardIn
from tutor.tasks import Task
from tutor.tasks.kinds import FIND_ALL, MAKE_MOVE, SPOT_ILLEGAL, WHAT_NEXT

GAME = "fortunes-favour"

# The page's rules sections, in page order, with their headings (``tests/test_tasks.py`` checks them
# against both pages): the steps of the game's path before the tips.
PATH_SECTIONS = (
    ("terms", Text("fortunes-favour", "Terms")),
    ("setup", Text("fortunes-favour", "Setup")),
    ("playing", Text("fortunes-favour", "Playing")),
    ("winning", Text("fortunes-favour", "Winning")),
    ("variants", Text("fortunes-favour", "Variants")),
)

# Every kind of move the game has (tutor.tasks.coverage.move_kind), over all its variants.
MOVE_KINDS = (
    "tableau-to-foundation", "waste-to-foundation", "tableau-to-tableau", "waste-to-tableau", "stock-to-waste",
    "forced-stock-to-tableau-empty", "forced-waste-to-tableau-empty",
    "waste-to-stock",  # one redeal
    "tableau-to-foundation-empty", "waste-to-foundation-empty",  # Busy Aces: an Ace starts a foundation
    "tableau-to-tableau-empty", "waste-to-tableau-empty",  # Busy Aces: the player fills a space
)


# What a task says first to a legal move that is not its answer: that the move is allowed, named by its
# kind (``tutor.analysis.reports.report_of``) with its own card, or the stock for a turn; the task's
# ``wrong`` follows with its "but".
ALLOWED: dict[str, Callable[..., Text]] = {
    "turn": lambda **p: Text("fortunes-favour", "You may turn up the next card of the stock."),
    "redeal": lambda **p: Text("fortunes-favour", "You may turn the waste over as the new stock."),
    "onto": lambda **p: Text("fortunes-favour", "You may move the {card} onto the {top}.", **p),
    "space": lambda **p: Text("fortunes-favour", "You may move the {card} into the space.", **p),
    "start": lambda **p: Text("fortunes-favour", "You may start a foundation with the {card}.", **p),
}

# The answer to a legal move in a task that asks for the move the rules forbid, after the sentence that
# the move is allowed.
_FORBIDDEN_IS_THE_TASK = Text("fortunes-favour", "But the task is the move the rules forbid: make it and read why.")

# The refusals no click on a board can give, and why (the board reads a pick and a drop, never
# notation): the learner cannot meet them, so no task covers them.
OFF_BOARD_REFUSALS = {
    "no-such-pile": "only notation names a pile the board does not draw",
    "same-pile": "a drop on the picked pile puts the card back: nothing is moved",
    "one-card-at-a-time": "a pick takes the top card alone wherever no run may move, so two cards never travel",
    "empty-source": "a pick on an empty pile picks nothing",
    "empty-waste": "a pick on an empty waste picks nothing",
    "stock-through-waste": "a pick on the stock turns it onto the waste at once: its card is never dropped elsewhere",
    "redeal-empty-waste": "with the stock and the waste both empty, a pick on the stock says the stock is used up",
}

CHANGES_PLAY = ("one-redeal", "busy-aces")  # both change what may be played: each has tasks of its own

_FOUNDATIONS = ("f1", "f2", "f3", "f4")
_BUSY_FOUNDATIONS = ("f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")

TASKS: tuple[Task, ...] = (
    # --- Terms -------------------------------------------------------------------------------------
    Task(
        id="ff-terms-build", game=GAME, section="terms", kind=MAKE_MOVE, deal=6, prelude=("t1-f2", "t10-t3"),
        goal=Text("fortunes-favour", "Build down in suit: one card in the tableau can go onto the next higher card of "
                                     "its suit. Move it there."),
        answers=("t12-t4",),
        right=Text("fortunes-favour", "Right: the {card} lies on the {top} now, the same suit and one rank lower.",
                   card=CardAt("t12"), top=CardAt("t4")),
        wrong=Text("fortunes-favour", "But the task is a build in the tableau: look for a card whose next higher card "
                                      "of the same suit lies on top of another pile."),
    ),
    Task(
        id="ff-terms-suit", game=GAME, section="terms", kind=SPOT_ILLEGAL, deal=7, prelude=("t12-f1", "t4-t9"),
        goal=Text("fortunes-favour", "Which of these two moves do the rules forbid: the {first} onto the {first_top}, "
                                     "or the {second} onto the {second_top}? Make it and read why.",
                  first=CardAt("t6"), first_top=CardAt("t3"), second=CardAt("t11"), second_top=CardAt("t6")),
        answers=("t11-t6",),
        right=Text("fortunes-favour", "Right: a red card on a red card is not enough. In the tableau a card goes "
                                      "only onto the next higher card of its own suit."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="ff-terms-waste", game=GAME, section="terms", kind=SPOT_ILLEGAL, deal=300,
        prelude=("t9-f3", "t5-f4", "t12-t6", "t12-t11", "t5-t12", "t10-t7", "s-w"),
        goal=Text("fortunes-favour",
                  "Which of these two moves do the rules forbid: turning the next card of the "
                  "stock onto the waste, or putting the {card} onto the waste? Make it and read why.",
                  card=CardAt("t3")),
        answers=("t3-w",),
        right=Text("fortunes-favour", "Right: the waste is where the stock's cards are turned. A card from the "
                                      "tableau never goes there."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Setup -------------------------------------------------------------------------------------
    Task(
        id="ff-setup-twos", game=GAME, section="setup", kind=FIND_ALL, deal=23,
        goal=Text("fortunes-favour", "A fresh deal: the four Aces lie on the foundations. Which cards can go onto "
                                     "them at once? Move every one of them."),
        answers=("t2-f2", "t8-f4", "t11-f3"),
        right=Text("fortunes-favour", "Right: only a Two can go onto an Ace, and here three of them are free."),
        wrong=Text("fortunes-favour", "But the task is to find the cards that follow the Aces onto their "
                                      "foundations."),
    ),
    Task(
        id="ff-setup-aces", game=GAME, section="setup", kind=SPOT_ILLEGAL, deal=23,
        goal=Text("fortunes-favour", "Which of these two moves do the rules forbid: the {two} onto its Ace, or an Ace "
                                     "back down into the tableau? Make it and read why.", two=CardAt("t2")),
        answers=tuple(f"{foundation}-t1" for foundation in _FOUNDATIONS),
        right=Text("fortunes-favour", "Right: the Aces start the foundations, and every card on a foundation stays "
                                      "there."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Playing -----------------------------------------------------------------------------------
    Task(
        id="ff-playing-waste-up", game=GAME, section="playing", kind=MAKE_MOVE, deal=272,
        prelude=("t3-t8", "t10-t7", "t10-t1", "s-w", "s-w", "s-w", "s-w", "w-f3", "t1-f3", "t1-f3"),
        goal=Text("fortunes-favour", "The top card of the waste can be played too. Move it onto its foundation."),
        answers=("w-f3",),
        right=Text("fortunes-favour", "Right: the {card} follows the {top} on its foundation.",
                   card=CardAt("w"), top=CardAt("f3")),
        wrong=Text("fortunes-favour", "But the task is the waste's top card: the {card} is the next card of its "
                                      "foundation.", card=CardAt("w")),
    ),
    Task(
        id="ff-playing-waste-build", game=GAME, section="playing", kind=MAKE_MOVE, deal=128,
        prelude=("t8-f3", "t8-f2", "t5-f3", "t10-f3", "t3-f2", "t1-t11", "t6-t4", "t2-t10", "t2-f4", "t6-t3", "s-w",
                 "s-w", "w-t5", "s-w", "w-t11", "s-w", "s-w", "w-t11", "s-w", "w-f3", "t4-f3", "t4-f3"),
        goal=Text("fortunes-favour", "The {card} lies on top of the waste. Move it where the rules let it go.",
                  card=CardAt("w")),
        answers=("w-t11",),
        right=Text("fortunes-favour", "Right: the {card} goes from the waste onto the {top}, its own suit one rank "
                                      "higher.", card=CardAt("w"), top=CardAt("t11")),
        wrong=Text("fortunes-favour", "But the task is the {card} on the waste: it can go onto a card in the tableau.",
                   card=CardAt("w")),
    ),
    Task(
        id="ff-playing-turn", game=GAME, section="playing", kind=MAKE_MOVE, deal=100,
        prelude=("t1-t10", "t1-t10", "t1-f4", "t7-t2", "s-w", "w-t4", "s-w", "s-w"),
        goal=Text("fortunes-favour", "No card in the tableau and none on the waste can move. What do you do now?"),
        answers=("s-w",),
        right=Text("fortunes-favour", "Right: when nothing else goes, turn the top card of the stock onto the "
                                      "waste."),
        wrong=Text("fortunes-favour", "But here the rules leave you only one move: turning the stock."),
    ),
    Task(
        id="ff-playing-fill-stock", game=GAME, section="playing", kind=WHAT_NEXT, deal=102,
        prelude=("t12-f3", "t12-t4", "t6-t10", "t8-t9"), trigger="t8-f4",
        goal=Text("fortunes-favour", "The {card} goes onto its foundation and leaves a space. The waste is empty: "
                                     "which card fills the space? Pick it.", card=CardAt("t8")),
        answers=("s-t8",),
        right=Text("fortunes-favour", "Right: with the waste empty, the top card of the stock fills the space at "
                                      "once."),
        wrong=Text("fortunes-favour", "A space is filled from the waste, and while the waste is empty, "
                                      "from the stock."),
    ),
    Task(
        id="ff-playing-fill-waste", game=GAME, section="playing", kind=WHAT_NEXT, deal=101,
        prelude=("t5-f2", "t9-t10", "t4-t9", "s-w", "w-f2", "s-w", "s-w", "w-f3", "t3-f3", "s-w", "s-w", "w-f3",
                 "s-w", "s-w", "w-t9", "s-w", "s-w", "w-f4", "t10-f4"),
        trigger="t10-f4",
        goal=Text("fortunes-favour", "The {card} goes onto its foundation and leaves a space. Which card fills the "
                                     "space? Pick it.", card=CardAt("t10")),
        answers=("w-t10",),
        right=Text("fortunes-favour", "Right: the top card of the waste fills the space at once, before the stock "
                                      "gives one."),
        wrong=Text("fortunes-favour", "While the waste holds a card, its top card fills the space."),
    ),
    Task(
        id="ff-playing-foundation", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=101,
        prelude=("t5-f2", "t9-t10", "t4-t9", "s-w", "w-f2", "s-w", "s-w", "w-f3"),
        goal=Text("fortunes-favour", "Which of these two moves do the rules forbid: the {first} onto the {first_top}, "
                                     "or the {second} onto the {second_top}? Make it and read why.",
                  first=CardAt("t3"), first_top=CardAt("f3"), second=CardAt("t10"), second_top=CardAt("f4")),
        answers=("t10-f4",),
        right=Text("fortunes-favour", "Right: a foundation takes only the next card of its suit, so the {card} waits "
                                      "for the {missing}.", card=CardAt("t10"), missing=CardIn("2S", "s")),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="ff-playing-stock", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=504,
        prelude=("t12-f2", "t11-f4", "t9-f4", "t9-t10", "t8-t5", "t8-f2", "t11-f2", "t6-t8", "t2-t8", "s-w", "w-f4",
                 "s-w", "w-t11", "s-w", "s-w", "s-w", "w-f4", "s-w", "w-f2", "s-w", "s-w", "w-f2", "t12-f2"),
        goal=Text("fortunes-favour",
                  "Which of these two moves do the rules forbid: the {card} onto the {top}, or the "
                  "{card} onto the stock? Make it and read why.", card=CardAt("t4"), top=CardAt("t12")),
        answers=("t4-s",),
        right=Text("fortunes-favour", "Right: cards only leave the stock, turned one at a time onto the waste. "
                                      "Nothing goes back."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="ff-playing-no-redeal", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=131,
        prelude=tuple("t3-f1 s-w s-w s-w w-t2 s-w w-f1 t5-f1 s-w s-w s-w s-w s-w w-t9 s-w s-w w-f1 s-w w-t8 s-w s-w "
                      "s-w w-t7 s-w s-w w-t2 s-w w-t11 s-w s-w s-w s-w s-w w-f3 s-w s-w w-t12 s-w s-w s-w s-w w-t10 "
                      "s-w w-t1 t4-t10 s-w s-w w-f2 t6-f2 w-t6 s-w w-f2 t3-f2 t4-t3 w-t12 s-w w-f4 t11-f4 s-w".split()),
        goal=Text("fortunes-favour",
                  "The stock is used up, and cards are left on the waste. Which of these two moves "
                  "do the rules forbid: the {card} from the waste onto the {top}, or turning the "
                  "waste over as a new stock? Make it and read why.", card=CardAt("w"), top=CardAt("t5")),
        answers=("w-s",),
        right=Text("fortunes-favour", "Right: you go through the stock only once. What lies on the waste comes back "
                                      "only when it reaches the top."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="ff-playing-space", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=100,
        prelude=tuple("t1-t10 t1-t10 t1-f4 t7-t2 s-w w-t4 s-w s-w s-w w-t8 t5-t8 s-w s-w s-w w-t9 s-w s-w s-w w-f1 "
                      "s-w w-t2 s-w s-w s-w s-w w-f1 t10-f1 t10-f1 t10-f1 t11-t10 s-w w-t1 t6-t1 s-w w-t8 s-w s-w w-f4 "
                      "s-w w-t3 s-w s-w w-f2 t4-f2 t4-f2 w-f2 s-w w-t12 s-w w-t5 t6-t5 s-w w-t2 s-w w-f4 t9-f4 t9-f4 "
                      "t5-f4 t5-f4 t5-f4 t5-f2 t4-f2 t5-t12 t5-f4 t12-f4 t12-f4 t12-f4 t6-t9 t6-f3 t4-f3 "
                      "t5-f3".split()),
        goal=Text("fortunes-favour", "The stock and the waste are used up, and pile {n} is empty. Which of these two "
                                     "moves do the rules forbid: the {card} onto the {top}, or the {card} into the "
                                     "space? Make it and read why.", n=5, card=CardAt("t6"), top=CardAt("t10")),
        answers=("t6-t5",),
        right=Text("fortunes-favour", "Right: you never fill a space yourself. The waste or the stock fills it at "
                                      "once, and when both are used up, it stays empty."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Winning -----------------------------------------------------------------------------------
    Task(
        id="ff-winning-home", game=GAME, section="winning", kind=FIND_ALL, deal=300,
        prelude=tuple("t9-f3 t5-f4 t12-t6 t12-t11 t5-t12 t10-t7 s-w s-w s-w w-t6 w-t6 s-w s-w w-f3 s-w w-t2 s-w s-w "
                      "w-f2 s-w s-w s-w w-t2 t4-t2 t5-t4 t3-t5 s-w s-w s-w w-t10 s-w s-w s-w w-t7 t3-t7 t9-t3 s-w s-w "
                      "w-t3 s-w w-t5 s-w w-f1 t8-f1 s-w s-w w-f3 t12-f3 t12-f3 t6-f3 t6-f3 t6-f3 t6-f3 t11-f3 t11-f3 "
                      "w-f3 t12-t11 s-w w-f1 s-w w-t1 s-w w-f4 t11-f4 t11-f4 t5-f4 t5-f4 t5-f4 t6-f4 t11-f4 t4-f4 "
                      "t4-f4 t6-f2 t9-f4 t5-f1 t2-f2 t7-f1 t7-f1 t7-f1".split()),
        goal=Text("fortunes-favour", "The stock is used up and two foundations are complete. Which cards can go home "
                                     "now? Move every one of them."),
        answers=("t2-f2", "t7-f1"),
        right=Text("fortunes-favour", "Right: the {first} and the {second} go home, and the cards behind them can "
                                      "follow. The game is won when every King tops its foundation.",
                   first=CardAt("t2"), second=CardAt("t7")),
        wrong=Text("fortunes-favour", "But the task is to find the cards that go home: look for the next card of "
                                      "each foundation."),
    ),
    Task(
        id="ff-winning-lost", game=GAME, section="winning", kind=SPOT_ILLEGAL, deal=126,
        prelude=tuple("t7-t9 t10-t12 t4-t7 t8-t4 s-w t8-t9 t2-t3 s-w t2-t7 t8-t7 t10-t3 t8-t1 s-w w-t7 s-w s-w s-w "
                      "s-w s-w s-w s-w s-w w-t11 s-w s-w s-w s-w s-w w-f4 t10-f4 s-w s-w w-t1 s-w s-w w-t9 s-w s-w s-w "
                      "w-f3 s-w w-t7 t8-t7 s-w s-w w-f1 s-w w-t5 s-w w-t3".split()),
        goal=Text("fortunes-favour", "No card in the tableau and none on the waste can move. Can you turn one more "
                                     "card? Try it."),
        answers=("s-w",),
        right=Text("fortunes-favour", "Right: the stock is used up and no move is left, so this game is lost."),
        wrong=Text("fortunes-favour", "But the task is the stock."),
    ),
    # --- Variants: one redeal ----------------------------------------------------------------------
    Task(
        id="ff-variants-redeal", game=GAME, section="variants", kind=MAKE_MOVE, variant="one-redeal", deal=110,
        prelude=tuple("s-w t12-f4 t8-f4 t1-f4 t8-t9 t8-t2 t1-t2 t8-f3 t7-f4 t8-t7 s-w t8-f3 t1-t8 t3-t8 t3-f3 s-w w-f4 "
                      "t1-t2 t11-t3 t5-t12 t6-t11 t12-f4 t12-f4 t12-f4 t7-f4 t6-t9 t7-f4 s-w w-f1 t8-f1 t4-f4 t8-f1 "
                      "t1-t6 t8-f1 t8-f3 t1-t12 s-w t4-t12 t7-t4 t7-f2 t7-t5 t8-f1 s-w t7-f3 t5-f1 s-w s-w".split()),
        goal=Text("fortunes-favour", "With one redeal: the stock is used up for the first time. Turn the waste over "
                                     "as the new stock."),
        answers=("w-s",),
        right=Text("fortunes-favour", "Right: the waste, turned over as it lies, is the new stock. This second pass "
                                      "is the last."),
        wrong=Text("fortunes-favour", "But the task is the redeal: turn the whole waste over onto the place of the "
                                      "stock."),
    ),
    Task(
        id="ff-variants-redeal-stock", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="one-redeal",
        deal=103,
        prelude=tuple("s-w t6-t11 t7-t9 t7-t3 s-w w-t9 s-w w-f2 s-w s-w w-t8 w-t6 s-w s-w w-t11 s-w s-w w-t1 s-w s-w "
                      "s-w w-t2 t2-f3 s-w t2-f3 s-w w-f2 t2-t8 w-f2 w-f2 s-w w-f3 s-w s-w s-w s-w s-w w-f3 s-w s-w "
                      "w-f2 s-w w-f3 t5-f3 t12-t5 s-w s-w s-w w-t2 w-t7 w-f2 s-w w-t11 s-w w-t10 s-w s-w w-f1 s-w "
                      "t12-f1 t4-t12 s-w w-f4 t12-f4 t12-f4 t12-f4 w-f3 w-f1 t11-f1 t11-f1 t8-f3 t8-f3 t8-f3 t6-f3 "
                      "s-w".split()),
        goal=Text("fortunes-favour", "With one redeal: the stock is used up for the first time. Which of these two "
                                     "moves do the rules forbid: turning the waste over as the new stock, or turning "
                                     "another card from the stock? Make it and read why."),
        answers=("s-w",),
        right=Text("fortunes-favour", "Right: there is no card left to turn. The waste has to become the stock "
                                      "first."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="ff-variants-redeal-early", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="one-redeal",
        deal=121,
        prelude=tuple("t6-t2 t4-t12 t9-t12 t9-t1 s-w w-f2 t8-f2 s-w w-t11 s-w s-w s-w s-w s-w w-t5 s-w w-t9 s-w w-f3 "
                      "s-w w-t3 s-w s-w w-t10 s-w s-w s-w s-w w-f1 t12-f1 t12-f1 t12-f1 t7-f1 s-w s-w w-t7 s-w s-w "
                      "w-f3 t4-f3 s-w s-w w-t12 s-w w-t1 s-w s-w w-f4 t8-f4 w-f4 s-w s-w".split()),
        goal=Text("fortunes-favour", "With one redeal: four cards are left in the stock. Which of these two moves do "
                                     "the rules forbid: turning the next card of the stock, or turning the waste over "
                                     "as the new stock now? Make it and read why."),
        answers=("w-s",),
        right=Text("fortunes-favour", "Right: the waste is turned over only when the stock is used up."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="ff-variants-redeal-used", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="one-redeal",
        deal=234,
        prelude=tuple("t9-f4 t1-f3 t2-t9 t2-t5 s-w w-t6 s-w s-w s-w w-t6 s-w s-w s-w w-f2 s-w s-w w-f1 s-w s-w s-w "
                      "w-f2 s-w w-t7 s-w s-w w-t1 s-w w-f1 t8-t1 s-w t11-t8 t11-t12 w-t11 s-w s-w s-w s-w s-w w-t5 s-w "
                      "s-w w-t10 s-w w-f4 t1-f4 s-w t1-f4 s-w t1-f4 w-t9 w-f4 t3-t1 t3-t1 t3-t10 s-w s-w w-t11 s-w "
                      "w-t4 t3-t11 w-t4 s-w w-t9 t9-f3 s-w w-s t9-f3 t9-f3 s-w t9-t5 s-w t9-t2 t5-f3 t5-f3 s-w t5-f3 "
                      "t5-f3 t5-f4 s-w s-w".split()),
        goal=Text("fortunes-favour", "With one redeal: this is the second pass, and the stock is used up again. Which "
                                     "of these two moves do the rules forbid: the {card} from the waste onto the "
                                     "{top}, or turning the waste over once more? Make it and read why.",
                  card=CardAt("w"), top=CardAt("t8")),
        answers=("w-s",),
        right=Text("fortunes-favour", "Right: there is only one redeal, and it has been used."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Variants: Busy Aces -----------------------------------------------------------------------
    Task(
        id="ff-variants-busy-ace", game=GAME, section="variants", kind=MAKE_MOVE, variant="busy-aces", deal=103,
        goal=Text("fortunes-favour", "Busy Aces: the Aces are shuffled in with the rest, and each starts a "
                                     "foundation as it comes into play. Start one with the {card}.", card=CardAt("t1")),
        answers=tuple(f"t1-{foundation}" for foundation in _BUSY_FOUNDATIONS),
        right=Text("fortunes-favour", "Right: any empty foundation takes an Ace, and the foundation is then built "
                                      "up in its suit."),
        wrong=Text("fortunes-favour", "But the task is the {card}: move it onto an empty foundation.",
                   card=CardAt("t1")),
    ),
    Task(
        id="ff-variants-busy-waste-ace", game=GAME, section="variants", kind=MAKE_MOVE, variant="busy-aces", deal=101,
        prelude=("t8-t4", "s-w", "s-w"),
        goal=Text("fortunes-favour", "Busy Aces: the {card} has just turned up on the waste. Where can it go? Move "
                                     "it there.", card=CardAt("w")),
        answers=tuple(f"w-{foundation}" for foundation in _BUSY_FOUNDATIONS),
        right=Text("fortunes-favour", "Right: the {card} starts a foundation of its own, straight from the waste.",
                   card=CardAt("w")),
        wrong=Text("fortunes-favour", "But an Ace is worth most on a foundation: it starts one there."),
    ),
    Task(
        id="ff-variants-busy-two", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="busy-aces", deal=103,
        goal=Text("fortunes-favour", "Busy Aces: which of these two moves do the rules forbid: the {ace} onto an "
                                     "empty foundation, or the {two} onto an empty foundation? Make it and read why.",
                  ace=CardAt("t1"), two=CardAt("t11")),
        answers=tuple(f"t11-{foundation}" for foundation in _BUSY_FOUNDATIONS),
        right=Text("fortunes-favour", "Right: only an Ace starts a foundation. The {card} waits for one.",
                   card=CardAt("t11")),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="ff-variants-busy-space", game=GAME, section="variants", kind=MAKE_MOVE, variant="busy-aces", deal=100,
        prelude=("t6-t4",),
        goal=Text("fortunes-favour",
                  "Busy Aces: pile {n} is empty, and it stays empty until you fill it. Fill it with a "
                  "card from the tableau.", n=6),
        answers=("t4-t6",),
        right=Text("fortunes-favour", "Right: in Busy Aces you choose what goes into a space, whenever you like."),
        wrong=Text("fortunes-favour", "But the task is the space: move a card from the tableau into it."),
    ),
    Task(
        id="ff-variants-busy-rescue", game=GAME, section="variants", kind=MAKE_MOVE, variant="busy-aces", deal=102,
        prelude=("t1-f5", "t4-f3", "t6-f3", "t2-f2", "t8-f2", "s-w"),
        goal=Text("fortunes-favour", "Busy Aces: the {card} on the waste fits onto no card. Where can it still go? "
                                     "Move it there.", card=CardAt("w")),
        answers=("w-t1", "w-t2", "w-t4", "w-t6", "w-t8"),
        right=Text("fortunes-favour", "Right: the top card of the waste may go into any space, and is safe from "
                                      "being buried."),
        wrong=Text("fortunes-favour", "But the task is the {card} on the waste.", card=CardAt("w")),
    ),
    Task(
        id="ff-variants-busy-alone", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="busy-aces", deal=100,
        prelude=("t6-t4", "t3-t2"),
        goal=Text("fortunes-favour", "Busy Aces: which of these two moves do the rules forbid: the {card} from pile "
                                     "{n} into a space, or the {king}, alone on pile {m}, into a space? Make it and "
                                     "read why.", card=CardAt("t2"), n=2, king=CardAt("t1"), m=1),
        answers=("t1-t3", "t1-t6"),
        right=Text("fortunes-favour", "Right: a card alone on its pile changes nothing by moving into a space, so it "
                                      "is not a move."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
)
