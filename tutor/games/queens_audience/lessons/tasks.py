"""Queen's Audience: the tasks the learner plays at the end of each rules section (records
:class:`tutor.tasks.Task`), and what they must cover.

Every position is a real deal (its number) with the moves that lead to the moment (``prelude``).
``tutor lessons queens-audience --check`` and ``tests/test_tasks.py`` replay each one: the answers
are legal (or, for ``spot-illegal``, refused with one rule), the position keeps every card, the page
shows the task, every message is in both languages; and the tasks together cover every kind of move
in ``MOVE_KINDS``, every refusal of the rules but those in ``OFF_BOARD_REFUSALS``, and every variant
in ``CHANGES_PLAY``. A card the words name is read from where it lies (``CardAt``): the position
decides which card it is, so the words cannot name a card the board does not show.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.i18n import Text
from tutor.lessons import CardAt
from tutor.tasks import Task
from tutor.tasks.kinds import FIND_ALL, MAKE_MOVE, SPOT_ILLEGAL, WHAT_NEXT

GAME = "queens-audience"

# The page's rules sections, in page order, with their headings: the steps of the game's path
# before the tips (``tests/test_tasks.py`` checks them against both pages). The German heading of
# "Parts of the layout" is the seed's own, "Die Teile der Auslage" (the glossary checks let a
# game's message quote its seed's heading).
PATH_SECTIONS = (
    ("layout", Text("queens-audience", "Parts of the layout")),
    ("setup", Text("queens-audience", "Setup")),
    ("playing", Text("queens-audience", "Playing")),
    ("winning", Text("queens-audience", "Winning")),
    ("variants", Text("queens-audience", "Variants")),
)

# Every kind of move the game has (tutor.tasks.coverage.move_kind), over all its variants.
MOVE_KINDS = (
    "reserve+waste-to-pair-empty", "reserve-to-pair-empty",  # a King and Queen enter together
    "reserve+waste-to-foundation-empty", "reserve-to-foundation-empty",  # a Jack and Ace start a foundation
    "reserve-to-foundation", "waste-to-foundation", "stock-to-waste",
    "forced-stock-to-reserve-empty", "forced-waste-to-reserve-empty",
    "waste-to-stock",  # one redeal
)


# What a task says first to a legal move that is not its answer: that the move is allowed, named by its
# kind (``tutor.analysis.reports.report_of``) with its own cards, or the stock for a turn; the task's
# ``wrong`` follows with its "but".
ALLOWED: dict[str, Callable[..., Text]] = {
    "turn": lambda **p: Text("queens-audience", "You may turn up the next card of the stock."),
    "redeal": lambda **p: Text("queens-audience", "You may turn the waste over as the new stock."),
    "onto": lambda **p: Text("queens-audience", "You may move the {card} onto the {top}.", **p),
    "pair": lambda **p: Text("queens-audience", "The {first} and the {second} may enter the audience chamber "
                                                "together.", **p),
}

# The answer to a legal move in a task that asks for the move the rules forbid, after the sentence that
# the move is allowed.
_FORBIDDEN_IS_THE_TASK = Text("queens-audience", "But the task is the move the rules forbid: make it and read why.")

# The refusals no click on a board can give, and why (the board reads a pick and a drop, never notation).
OFF_BOARD_REFUSALS = {
    "no-such-pile": "only notation names a pile the board does not draw",
    "one-card-or-pair": "a pick takes one card, or a card and the partner it must enter with: never more",
    "pair-two-cards": "a pick takes one card, and a partner from another pile",
    "not-a-royal-pair": "the board pairs a card only with its own partner",
    "not-a-jack-and-ace": "the board pairs a card only with its own partner",
    "pair-to-its-suit": "a pair dropped on any empty place goes to its suit's place (canonical)",
    "never-alone": "a pick of a card whose partner is free takes the partner along",
    "empty-source": "a pick on an empty place picks nothing",
    "empty-waste": "a pick on an empty waste picks nothing",
    "stock-through-waste": "a pick on the stock turns it onto the waste at once",
    "redeal-empty-waste": "with the stock and the waste both empty, a pick on the stock says the stock is used up",
}

CHANGES_PLAY = ("one-redeal",)  # King's Audience and Round chamber change only how the cards lie

_PAIR_PLACES = ("k1", "k2", "k3", "k4")
_FOUNDATIONS = ("j1", "j2", "j3", "j4")


def _moves(text: str) -> tuple[str, ...]:
    return tuple(text.split())


TASKS: tuple[Task, ...] = (
    # --- Parts of the layout: the waste takes only turned cards, the antechamber's cards never build -----
    Task(
        id="qa-layout-antechamber", game=GAME, section="layout", kind=SPOT_ILLEGAL, deal=20,
        prelude=("r9+r14-j3",),
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} onto the {top} in the "
                                     "antechamber, or the {ten} onto the {jack}? Make it and read why.",
                  card=CardAt("r5"), top=CardAt("r8"), ten=CardAt("r10"), jack=CardAt("j3")),
        answers=("r5-r8",),
        right=Text("queens-audience", "Right: the antechamber is the reserve. Each of its cards is free at any "
                                      "time, and it waits there for its place in the audience chamber."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-layout-waste", game=GAME, section="layout", kind=SPOT_ILLEGAL, deal=24, prelude=("r14+r15-j1",),
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} onto the {jack}, or "
                                     "the {other} onto the waste? Make it and read why.",
                  card=CardAt("r3"), jack=CardAt("j1"), other=CardAt("r1")),
        answers=("r1-w",),
        right=Text("queens-audience", "Right: the waste is where the cards you turn from the stock land, and "
                                      "only its top card is free."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Setup -------------------------------------------------------------------------------------
    Task(
        id="qa-setup-enter", game=GAME, section="setup", kind=FIND_ALL, deal=19,
        goal=Text("queens-audience", "A fresh deal: which cards can enter the audience chamber at once? Move every "
                                     "one of them."),
        answers=("r9+r12-k1", "r1+r13-j4"),
        right=Text("queens-audience", "Right: the {king} and the {queen} enter together, and so do the {jack} and "
                                      "the {ace}. The other cards have no partner free yet.",
                   king=CardAt("r9"), queen=CardAt("r12"), jack=CardAt("r13"), ace=CardAt("r1")),
        wrong=Text("queens-audience", "But look for two cards of one suit that enter together: a King with its Queen, "
                                      "a Jack with its Ace."),
    ),
    Task(
        id="qa-setup-stock", game=GAME, section="setup", kind=SPOT_ILLEGAL, deal=12,
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} onto the stock, or "
                                     "the {king} and the {queen} into the audience chamber? Make it and read why.",
                  card=CardAt("r3"), king=CardAt("r8"), queen=CardAt("r2")),
        answers=("r3-s",),
        right=Text("queens-audience", "Right: the stock is the rest of the deck, face down. Cards only leave it."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Playing: King and Queen -------------------------------------------------------------------
    Task(
        id="qa-playing-royal-pair", game=GAME, section="playing", kind=MAKE_MOVE, deal=6, prelude=("s-w", "s-w"),
        goal=Text("queens-audience", "The {queen} has just turned up on the waste, and the {king} waits in the "
                                     "antechamber. Bring them into the audience chamber.",
                  queen=CardAt("w"), king=CardAt("r14")),
        answers=("r14+w-k3",),
        right=Text("queens-audience", "Right: the {king} and the {queen} enter together, the Queen on the King, and "
                                      "stay there to the end.", king=CardAt("r14"), queen=CardAt("w")),
        wrong=Text("queens-audience", "But the task is the royal pair: the {king} and the {queen}.",
                   king=CardAt("r14"), queen=CardAt("w")),
    ),
    Task(
        id="qa-playing-alone", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=1,
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {king} into the audience "
                                     "chamber, or turning the next card of the stock? Make it and read why.",
                  king=CardAt("r12")),
        answers=tuple(f"r12-{place}" for place in _PAIR_PLACES),
        right=Text("queens-audience", "Right: a King enters the audience chamber only together with the Queen of "
                                      "its suit, once both are free."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-playing-royal-place", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=2,
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} onto an empty place "
                                     "for a royal pair, or the {king} and the {queen} into the audience chamber? Make "
                                     "it and read why.", card=CardAt("r2"), king=CardAt("r7"), queen=CardAt("r1")),
        answers=tuple(f"r2-{place}" for place in _PAIR_PLACES),
        right=Text("queens-audience", "Right: the places of the royal pairs take only a King and Queen of one suit."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-playing-pair-taken", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=10, prelude=("r3+r9-k3",),
        goal=Text("queens-audience", "The {king} and the {queen} have entered the audience chamber. Which of these "
                                     "two moves do the rules forbid: the {card} onto them, or turning the next card of "
                                     "the stock? Make it and read why.",
                  king=CardAt("k3", 2), queen=CardAt("k3"), card=CardAt("r10")),
        answers=("r10-k3",),
        right=Text("queens-audience", "Right: nothing goes onto a royal pair. It stays as it is to the end."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-playing-pair-stays", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=10, prelude=("r3+r9-k3",),
        goal=Text("queens-audience", "The {king} and the {queen} have entered the audience chamber. Can the {queen} "
                                     "go back into the antechamber? Pick it and read why.",
                  king=CardAt("k3", 2), queen=CardAt("k3")),
        answers=("k3-r3",),
        right=Text("queens-audience", "Right: a royal pair stays in the audience chamber to the end."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Playing: Jack and Ace, building down ------------------------------------------------------
    Task(
        id="qa-playing-jack-ace", game=GAME, section="playing", kind=MAKE_MOVE, deal=28, prelude=("s-w",),
        goal=Text("queens-audience", "The {jack} has just turned up on the waste, and its {ace} waits in the "
                                     "antechamber. Start a foundation with them.", jack=CardAt("w"), ace=CardAt("r8")),
        answers=("r8+w-j2",),
        right=Text("queens-audience", "Right: the {jack} lies on the {ace} now, a foundation for its suit.",
                   jack=CardAt("w"), ace=CardAt("r8")),
        wrong=Text("queens-audience", "But the task is the {jack} and the {ace}: they enter together.",
                   jack=CardAt("w"), ace=CardAt("r8")),
    ),
    Task(
        id="qa-playing-jack-place", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=4,
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} onto an empty "
                                     "foundation, or the {jack} and the {ace} together? Make it and read why.",
                  card=CardAt("r1"), jack=CardAt("r2"), ace=CardAt("r4")),
        answers=tuple(f"r1-{place}" for place in _FOUNDATIONS),
        right=Text("queens-audience", "Right: a foundation starts only with a Jack and the Ace of its suit, "
                                      "together."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-playing-build", game=GAME, section="playing", kind=MAKE_MOVE, deal=15, prelude=("r16+r15-j3",),
        goal=Text("queens-audience", "The {jack} has started a foundation. Which card goes onto it next? Move it "
                                     "there.", jack=CardAt("j3")),
        answers=("r5-j3",),
        right=Text("queens-audience", "Right: the {card} follows the {jack}. A Jack is built down in its suit, "
                                      "from the 10 to the 2.", card=CardAt("r5"), jack=CardAt("j3")),
        wrong=Text("queens-audience", "But the {jack} waits for the 10 of its suit.", jack=CardAt("j3")),
    ),
    Task(
        id="qa-playing-waste-build", game=GAME, section="playing", kind=MAKE_MOVE, deal=22,
        prelude=_moves("r13+r4-j4 s-w s-w s-w"),
        goal=Text("queens-audience", "The top card of the waste is free too. Move it where it fits."),
        answers=("w-j4",),
        right=Text("queens-audience", "Right: the {card} goes from the waste onto the {jack}.",
                   card=CardAt("w"), jack=CardAt("j4")),
        wrong=Text("queens-audience", "But the task is the top card of the waste, the {card}.", card=CardAt("w")),
    ),
    Task(
        id="qa-playing-build-down", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=8,
        prelude=("r11+r14-j3",),
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} onto the {jack}, or "
                                     "turning the next card of the stock? Make it and read why.",
                  card=CardAt("r6"), jack=CardAt("j3")),
        answers=("r6-j3",),
        right=Text("queens-audience", "Right: a Jack takes the 10 of its suit first, then the 9, and so on down. "
                                      "The {card} has to wait.", card=CardAt("r6")),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Playing: spaces ---------------------------------------------------------------------------
    Task(
        id="qa-playing-fill-waste", game=GAME, section="playing", kind=WHAT_NEXT, deal=10,
        prelude=_moves("r3+r9-k3 s-w s-w s-w r12+w-j2"), trigger="r10-j2",
        goal=Text("queens-audience", "The {card} goes onto the {jack} and leaves a space in the antechamber. Which "
                                     "card fills the space? Pick it.", card=CardAt("r10"), jack=CardAt("j2")),
        answers=("w-r10",),
        right=Text("queens-audience", "Right: the top card of the waste, the {card}, fills the space at once.",
                   card=CardAt("r10", after=True)),
        wrong=Text("queens-audience", "A space is filled at once from the waste, and only while the "
                                      "waste is empty, from the stock."),
    ),
    Task(
        id="qa-playing-fill-stock", game=GAME, section="playing", kind=WHAT_NEXT, deal=11, prelude=("r15+r12-j3",),
        trigger="r1-j3",
        goal=Text("queens-audience", "The {card} goes onto the {jack} and leaves a space. The waste is empty: which "
                                     "card fills the space? Pick it.", card=CardAt("r1"), jack=CardAt("j3")),
        answers=("s-r1",),
        right=Text("queens-audience", "Right: while the waste is empty, the top card of the stock fills the space: "
                                      "the {card}.", card=CardAt("r1", after=True)),
        wrong=Text("queens-audience", "While the waste is empty, the stock fills a space."),
    ),
    Task(
        id="qa-playing-space", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=5, prelude=("s-w",),
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} from the waste onto "
                                     "the {other} in the antechamber, or turning the next card of the stock? Make it "
                                     "and read why.", card=CardAt("w"), other=CardAt("r1")),
        answers=("w-r1",),
        right=Text("queens-audience", "Right: you never play a card into the antechamber. A space there is filled at "
                                      "once, from the waste or the stock."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Playing: nothing left to do ---------------------------------------------------------------
    Task(
        id="qa-playing-turn", game=GAME, section="playing", kind=MAKE_MOVE, deal=7, prelude=("s-w",),
        goal=Text("queens-audience", "No card in the antechamber and none on the waste fits anywhere. What do you do "
                                     "now?"),
        answers=("s-w",),
        right=Text("queens-audience", "Right: when nothing else goes, turn the top card of the stock onto the "
                                      "waste."),
        wrong=Text("queens-audience", "But when nothing fits, the stock is next."),
    ),
    Task(
        id="qa-playing-too-early", game=GAME, section="playing", kind=SPOT_ILLEGAL, deal=3,
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: turning the next card of the "
                                     "stock, or the {king} and the {queen} into the audience chamber? Make it and read "
                                     "why.", king=CardAt("r11"), queen=CardAt("r4")),
        answers=("s-w",),
        right=Text("queens-audience", "Right: you turn a new card only when nothing else goes."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    # --- Winning -----------------------------------------------------------------------------------
    Task(
        id="qa-winning-home", game=GAME, section="winning", kind=FIND_ALL, deal=4,
        prelude=_moves("r4+r2-j1 r2+r7-j2 r5+r2-k1 r16+r2-j4 s-w s-w s-w s-w s-w w+r2-k4 s-w s-w r15+w-j3 r6-j3 "
                       "r14-j3 r15-j3 r14-j3 r2-j3 r5-j3 r5-j2 r5-j4 s-w s-w w-j3 s-w s-w s-w s-w w+r9-k3 s-w w-j1 s-w "
                       "w-j2 r14-j2 w-j2 r11-j2 r4-j2 r11-j1 r2-j1 r15-j2 r15+r2-k2 r15-j4 r15-j3"),
        goal=Text("queens-audience", "The stock is used up, and the last cards wait in the antechamber. Which of them "
                                     "can go onto their foundations now? Move every one of them."),
        answers=("r1-j1", "r5-j2", "r3-j3", "r15-j4"),
        right=Text("queens-audience", "Right: each goes onto its own Jack, and the cards behind them can follow. "
                                      "You win when all 52 cards lie in the audience chamber."),
        wrong=Text("queens-audience", "But look for the next card of each foundation."),
    ),
    Task(
        id="qa-winning-complete", game=GAME, section="winning", kind=SPOT_ILLEGAL, deal=44,
        prelude=_moves("r8+r13-k1 s-w r9+w-j2 s-w s-w s-w s-w s-w s-w w+r10-k2 s-w w-j2 r14-j2 r1-j2 s-w w+r1-k4 s-w "
                       "r12+w-j3 s-w w-j2 r14-j2 s-w w-j2 r9-j2 r9-j2 s-w r15+w-j1 r4-j1 r4-j2"),
        goal=Text("queens-audience", "Which of these two moves do the rules forbid: the {card} onto the {two}, or the "
                                     "{nine} onto the {ten}? Make it and read why.",
                  card=CardAt("r1"), two=CardAt("j2"), nine=CardAt("r14"), ten=CardAt("j1")),
        answers=("r1-j2",),
        right=Text("queens-audience", "Right: a foundation ends with the 2 of its suit. It takes no more cards."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-winning-lost", game=GAME, section="winning", kind=SPOT_ILLEGAL, deal=18,
        prelude=_moves("r11+r12-k2 " + "s-w " * 25 + "r1+w-j2 " + "s-w " * 9),
        goal=Text("queens-audience", "The stock is used up, and nothing fits. Can you turn one more card? Try it."),
        answers=("s-w",),
        right=Text("queens-audience", "Right: the stock is used up and nothing fits, so this game is lost."),
        wrong=Text("queens-audience", "But the task is the stock."),
    ),
    Task(
        id="qa-winning-no-redeal", game=GAME, section="winning", kind=SPOT_ILLEGAL, deal=31,
        prelude=_moves("r12+r4-k2 r12+r4-j3 r12+r7-k3 " + "s-w " * 23 + "w+r5-k1 s-w s-w w-j3 " + "s-w " * 5),
        goal=Text("queens-audience", "The stock is used up, and many cards lie on the waste. Can you turn the waste "
                                     "over as a new stock? Try it: move the waste onto the place of the stock."),
        answers=("w-s",),
        right=Text("queens-audience", "Right: there is no redeal. You go through the stock only once."),
        wrong=Text("queens-audience", "But the task is the waste."),
    ),
    # --- Variants: one redeal ----------------------------------------------------------------------
    Task(
        id="qa-variants-redeal", game=GAME, section="variants", kind=MAKE_MOVE, variant="one-redeal", deal=2,
        prelude=_moves("r7+r1-k3 " + "s-w " * 17 + "r9+w-j1 r1-j1 r1+w-j4 s-w w+r16-j3 s-w w+r13-k1 s-w s-w s-w s-w "
                       "w-j1 s-w w-j3 s-w s-w w-j4 r7-j4 s-w s-w s-w w-j4 r11-j4 r11+w-k4 s-w s-w s-w s-w s-w w-j3"),
        goal=Text("queens-audience", "One redeal: the stock is used up for the first time, and nothing fits. Turn "
                                     "the waste over as the new stock."),
        answers=("w-s",),
        right=Text("queens-audience", "Right: the waste, turned over as it lies, is the new stock. This second pass "
                                      "is the last."),
        wrong=Text("queens-audience", "But the task is the redeal: move the waste onto the place of the stock."),
    ),
    Task(
        id="qa-variants-redeal-stock", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="one-redeal",
        deal=3,
        prelude=_moves("r11+r4-k4 r4+r12-k3 r1+r4-j2 r1+r10-j1 " + "s-w " * 14 + "w-j2 s-w s-w w+r16-k1 "
                       + "s-w " * 7 + "r11+w-k2 s-w s-w s-w s-w r8+w-j3 s-w w-j1"),
        goal=Text("queens-audience", "One redeal: the stock is used up for the first time. Which of these two moves "
                                     "do the rules forbid: turning the waste over as the new stock, or turning another "
                                     "card from the stock? Make it and read why."),
        answers=("s-w",),
        right=Text("queens-audience", "Right: there is no card left to turn. The waste has to become the stock "
                                      "first."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-variants-redeal-early", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="one-redeal",
        deal=1, prelude=("s-w", "s-w", "s-w"),
        goal=Text("queens-audience", "One redeal: the stock still holds cards. Which of these two moves do the rules "
                                     "forbid: turning the next card of the stock, or turning the waste over as the "
                                     "new stock now? Make it and read why."),
        answers=("w-s",),
        right=Text("queens-audience", "Right: the waste is turned over only when the stock is used up."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
    Task(
        id="qa-variants-redeal-used", game=GAME, section="variants", kind=SPOT_ILLEGAL, variant="one-redeal",
        deal=8,
        prelude=_moves("r11+r14-j3 " + "s-w " * 11 + "r3+w-k1 " + "s-w " * 9 + "r15+w-k2 s-w s-w r9+w-j4 "
                       + "s-w " * 8 + "r9+w-j1 r9-j1 s-w s-w s-w w-j3 s-w r4+w-k4 w-s " + "s-w " * 7
                       + "w+r9-j2 r7-j2 s-w w-j4 s-w w-j4 s-w w-j2 r1-j2 s-w s-w s-w s-w w-j1 s-w s-w s-w w-j3 "
                       "s-w s-w s-w w-j1 s-w w-j4 r14-j4 r9-j4 s-w"),
        goal=Text("queens-audience", "One redeal: this is the second pass, and the stock is used up again. Which of "
                                     "these two moves do the rules forbid: turning the waste over once more, or the "
                                     "{king} and the {queen} into the audience chamber? Make it and read why.",
                  king=CardAt("r7"), queen=CardAt("w")),
        answers=("w-s",),
        right=Text("queens-audience", "Right: there is only one redeal, and it has been used."),
        wrong=_FORBIDDEN_IS_THE_TASK,
    ),
)
