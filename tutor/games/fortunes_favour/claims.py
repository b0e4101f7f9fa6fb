"""What the rules texts claim about how often Fortune's Favour comes out, and the figures that weigh it
(the record types and the verdicts: :mod:`tutor.claims`)."""

from __future__ import annotations

from typing import TypedDict

from tutor.claims.records import Claim, Measurement, Statement
from tutor.i18n import Text

GAME = "fortunes-favour"


class _Run(TypedDict):
    """The fields of a run that this game's measurements share (``Measurement(**_RUN, …)``)."""

    game: str
    deals: int
    live_deals: int
    step: int


_RUN = _Run(game=GAME, deals=1000, live_deals=500, step=5)

CLAIMS: tuple[Claim, ...] = (
    Claim("ff-win-rate", "rate", GAME, Text("fortunes-favour", "How often does it come out?"),
          Measurement(**_RUN), Text("fortunes-favour", "Following the tips, you win about {deals}"),
          (Statement(Text("fortunes-favour", "Morehead and Mott-Smith"), 0.875, 0.925,
                     Text("fortunes-favour", "the {stated} of Morehead and Mott-Smith"),
                     Text("fortunes-favour", "Morehead and Mott-Smith"),
                     Text("fortunes-favour", "nine games in ten")),)),
    Claim("ff-solver", "rate", GAME,
          Text("fortunes-favour", "Can every deal be won?"),
          Measurement(game=GAME, player="solver", deals=1000, live_deals=300, step=1),
          Text("fortunes-favour", "A program that knows the stock wins {deals}"),
          (Statement(Text("fortunes-favour", "the rules text"), 0.99, 1.0,
                     Text("fortunes-favour", "the rules text's \"{stated}\""), Text("fortunes-favour", "rules text"),
                     Text("fortunes-favour", "practically every deal"), as_range=True),)),
    Claim("ff-tips", "tips", GAME, Text("fortunes-favour", "Do the tips help?"),
          Measurement(**_RUN), without_tips=Measurement(**_RUN, player="naive")),
)

HOME_CLAIM = "ff-win-rate"  # the claim the home page's table of figures shows for this game
