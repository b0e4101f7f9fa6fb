"""The claims, as data: what each rules text says, and which figures of the engine weigh it.

A :class:`Claim` names the text's :class:`Statement` s and the :class:`Measurement` s that weigh
them. The measured figures themselves are stored in :mod:`tutor.claims.figures` (made by
``python -m tutor.claims --update``); this module holds no number the engine measured.

Forty Thieves shows why a claim can need more than one figure. "Typical win rates are 10 to
15 %" is about careful play. Our simple tips player cannot weigh that (``judges=False``): its figure
is shown as a fact about our player. What can weigh it is a fair player who plays carefully
(``expert``, a strategy in :mod:`tutor.analysis.players`), and, from above, the share of deals that can
be won at all (``winnable``: the solver, which knows the talon; won, lost and undecided deals are
stored, so the share is a range). To drop in better figures, change those two measurements (more
deals, a larger ``node_limit``, ``expert=Measurement(..., player="expert")``) and run the update.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine import TutorError
from tutor.i18n import Text

FIGURE_SEED = 0  # the run of the figures on the pages (deal i = deal_number(0, i))


from tutor.errors import UnknownClaim


@dataclass(frozen=True)
class Statement:
    """What a text says: who says it, in which words, and the win rates those words stand for.

    ``phrase`` names the statement in a sentence (``the {stated} of Masten’s computer analysis``;
    German in the nominative: it follows *als* / *wie*); ``label`` is its short name in the chart."""

    source: Text
    low: float
    high: float
    phrase: Text
    label: Text
    words: Text | None = None  # "three games in four"; None: the figure ("about 29 %")
    as_range: bool = False  # show the words' range ("99–100 %"), not its middle


@dataclass(frozen=True)
class Measurement:
    """One figure the engine measures: a player on deals of a run (``deal_number(seed, i)``)."""

    game: str
    variant: str = ""
    player: str = "tips"  # a strategy of tutor.analysis.players ("tips", "naive", …) or "solver" (tutor.analysis.solve)
    options: tuple[tuple[str, Any], ...] = ()  # an analysis reading of the lean board
    deals: int = 1000  # at build time (tutor.claims.figures)
    live_deals: int = 500  # in the browser's check
    step: int = 10  # deals per generator step: a step must stay well below a chunk's time
    solver_seconds: float | None = 2.0  # the solver's limit per deal (None: no time limit)
    node_limit: int | None = None  # the solver's limit per deal in positions (the same on every machine)
    check_deals: int = 100  # the test replays this many first deals

    @property
    def key(self) -> str:
        reading = ",".join(f"{name}={value}" for name, value in self.options)
        return f"{self.game}/{self.variant or 'base'}/{self.player}" + (f"/{reading}" if reading else "")


@dataclass(frozen=True)
class Reading:
    """Another reading of the rules, measured to see which one gives the published figure;
    ``why`` says which rule the site plays, and why."""

    description: Text
    measurement: Measurement
    why: Text


@dataclass(frozen=True)
class Claim:
    """A claim of a rules text and the figures that weigh it.

    ``lead`` starts the card's sentence (``{deals}``: the measured share in words); ``judges``
    says whether ``measurement`` plays as the claim's players do (else its figure is shown, but
    only ``expert`` and ``winnable`` weigh the claim)."""

    id: str
    kind: str  # "rate": statements about one figure; "tips": the tips player against the naive one
    game: str
    title: Text
    measurement: Measurement
    lead: Text | None = None
    statements: tuple[Statement, ...] = ()
    readings: tuple[Reading, ...] = ()
    without_tips: Measurement | None = None  # kind "tips"
    note: Text | None = None  # what the reader should know to weigh the figures
    judges: bool = True
    expert: Measurement | None = None
    winnable: Measurement | None = None

    def measurements(self) -> list[Measurement]:
        found = [self.measurement] + [r.measurement for r in self.readings]
        return found + [m for m in (self.without_tips, self.expert, self.winnable) if m is not None]

    @property
    def anchor(self) -> str:
        """The card's id on its page (the home page's table links to it)."""
        return f"claim-{self.id}"


_QA = dict(game="queens-audience", deals=100_000, live_deals=100_000, step=100)
_QA_PAIR_READING = Text("queens-audience", "the card just turned may pair with the card under it on the waste")
_QA_WHY = Text("queens-audience", "This site plays the rule of the rules text: only the top card of the waste "
                                  "is free. Masten’s figure fits the other reading, so his program probably read "
                                  "the rule that way.")
_MASTEN = Text("queens-audience", "Mark Masten’s computer analysis")
_MASTEN_PHRASE = Text("queens-audience", "the {stated} of Masten’s computer analysis")
_MASTEN_LABEL = Text("queens-audience", "Masten")
_FF = dict(game="fortunes-favour", deals=1000, live_deals=500, step=5)
_FT = dict(game="forty-thieves", deals=200, live_deals=200, step=2)
_FT_TEXT = Statement(Text("forty-thieves", "the rules text"), 0.10, 0.15,
                     Text("forty-thieves", "the {stated} the rules text gives for careful play"),
                     Text("forty-thieves", "rules text"))

CLAIMS: dict[str, Claim] = {claim.id: claim for claim in (
    Claim("qa-one-pass", "rate", "queens-audience", Text("queens-audience", "How often does it come out?"),
          Measurement(**_QA), Text("queens-audience", "Under these rules you win about {deals}"),
          (Statement(_MASTEN, 0.285, 0.295, _MASTEN_PHRASE, _MASTEN_LABEL),
           Statement(Text("queens-audience", "the old books"), 0.725, 0.775,
                     Text("queens-audience", "the {stated} the old books promise"),
                     Text("queens-audience", "old books"), Text("queens-audience", "three games in four"))),
          (Reading(_QA_PAIR_READING, Measurement(**_QA, options=(("waste_pair", True),)), _QA_WHY),)),
    Claim("qa-one-redeal", "rate", "queens-audience",
          Text("queens-audience", "And with one redeal?"),
          Measurement(**_QA, variant="one-redeal"), Text("queens-audience", "With one redeal you win about {deals}"),
          (Statement(_MASTEN, 0.805, 0.815, _MASTEN_PHRASE, _MASTEN_LABEL),),
          (Reading(_QA_PAIR_READING, Measurement(**_QA, variant="one-redeal", options=(("waste_pair", True),)),
                   _QA_WHY),)),
    Claim("qa-tips", "tips", "queens-audience", Text("queens-audience", "Do the tips help?"),
          Measurement(**_QA), without_tips=Measurement(**_QA, player="naive"),
          note=Text("queens-audience", "The tips cannot change the outcome here: a card is turned only when "
                                       "nothing else goes, so both players play the same game.")),
    Claim("ff-win-rate", "rate", "fortunes-favour", Text("fortunes-favour", "How often does it come out?"),
          Measurement(**_FF), Text("fortunes-favour", "Following the tips, you win about {deals}"),
          (Statement(Text("fortunes-favour", "Morehead and Mott-Smith"), 0.875, 0.925,
                     Text("fortunes-favour", "the {stated} of Morehead and Mott-Smith"),
                     Text("fortunes-favour", "Morehead and Mott-Smith"), Text("fortunes-favour", "nine games in ten")),)),
    Claim("ff-solver", "rate", "fortunes-favour",
          Text("fortunes-favour", "Can every deal be won?"),
          Measurement(game="fortunes-favour", player="solver", deals=1000, live_deals=300, step=1),
          Text("fortunes-favour", "A computer that knows the stock wins {deals}"),
          (Statement(Text("fortunes-favour", "the rules text"), 0.99, 1.0,
                     Text("fortunes-favour", "the rules text’s “{stated}”"), Text("fortunes-favour", "rules text"),
                     Text("fortunes-favour", "practically every deal"), as_range=True),)),
    Claim("ff-tips", "tips", "fortunes-favour", Text("fortunes-favour", "Do the tips help?"),
          Measurement(**_FF), without_tips=Measurement(**_FF, player="naive")),
    Claim("ft-win-rate", "rate", "forty-thieves", Text("forty-thieves", "How often does it come out?"),
          Measurement(**_FT), Text("forty-thieves", "A careful player wins about {deals}"), (_FT_TEXT,),
          note=Text("forty-thieves", "Our tips player is a simple program that looks no further than the next "
                                     "move, so its figure says how good that program is, not how often careful "
                                     "play wins."),
          judges=False,
          expert=Measurement(game="forty-thieves", player="expert", deals=1000, live_deals=0, step=1,
                             check_deals=10),
          winnable=Measurement(game="forty-thieves", player="solver", deals=100, live_deals=0, step=1,
                               solver_seconds=None, node_limit=100_000, check_deals=3)),
    Claim("ft-tips", "tips", "forty-thieves", Text("forty-thieves", "Do the tips help?"),
          Measurement(**_FT), without_tips=Measurement(**_FT, player="naive")),
)}


def get_claim(claim_id: str) -> Claim:
    claim = CLAIMS.get(claim_id)
    if claim is None:
        raise UnknownClaim(Text("ui", "there is no claim “{claim}”; known claims: {known}",
                                claim=claim_id, known=", ".join(CLAIMS)))
    return claim


def all_measurements() -> dict[str, Measurement]:
    return {m.key: m for claim in CLAIMS.values() for m in claim.measurements()}


def claims_of(game: str) -> list[Claim]:
    return [claim for claim in CLAIMS.values() if claim.game == game]
