"""What the rules texts claim about how often Queen's Audience comes out, and the figures that weigh it
(the record types and the verdicts: :mod:`tutor.claims`).

Masten's simulation gives a lower figure than the old books; it fits the reading in which the
card just turned may pair with the card under it on the waste, so that reading is measured beside
the rule of the rules text (only the top card of the waste is free), which the site plays.
"""

from __future__ import annotations

from typing import TypedDict

from tutor.claims.records import Claim, Measurement, Reading, Statement
from tutor.i18n import Text

GAME = "queens-audience"


class _Run(TypedDict):
    """The fields of a run that this game's measurements share (``Measurement(**_RUN, …)``)."""

    game: str
    deals: int
    live_deals: int
    step: int


_RUN = _Run(game=GAME, deals=100_000, live_deals=100_000, step=100)
_PAIR_READING = Text("queens-audience", "the card just turned may pair with the card under it on the waste")
_WHY = Text("queens-audience", "This site plays the rule of the rules text: only the top card of the waste "
                               "is free. Masten's figure fits the other reading, so his program probably read "
                               "the rule that way.")
_MASTEN = Text("queens-audience", "Mark Masten's simulation")
_MASTEN_PHRASE = Text("queens-audience", "the {stated} of Masten's simulation")
_MASTEN_LABEL = Text("queens-audience", "Masten")

CLAIMS: tuple[Claim, ...] = (
    Claim("qa-one-pass", "rate", GAME, Text("queens-audience", "How often does it come out?"),
          Measurement(**_RUN), Text("queens-audience", "Under these rules you win about {deals}"),
          (Statement(_MASTEN, 0.285, 0.295, _MASTEN_PHRASE, _MASTEN_LABEL),
           Statement(Text("queens-audience", "the old books"), 0.725, 0.775,
                     Text("queens-audience", "the {stated} the old books promise"),
                     Text("queens-audience", "old books"), Text("queens-audience", "three games in four"))),
          (Reading(_PAIR_READING, Measurement(**_RUN, options=(("waste_pair", True),)), _WHY),)),
    Claim("qa-one-redeal", "rate", GAME,
          Text("queens-audience", "And with one redeal?"),
          Measurement(**_RUN, variant="one-redeal"), Text("queens-audience", "With one redeal you win about {deals}"),
          (Statement(_MASTEN, 0.805, 0.815, _MASTEN_PHRASE, _MASTEN_LABEL),),
          (Reading(_PAIR_READING, Measurement(**_RUN, variant="one-redeal", options=(("waste_pair", True),)),
                   _WHY),)),
    Claim("qa-tips", "tips", GAME, Text("queens-audience", "Do the tips help?"),
          Measurement(**_RUN), without_tips=Measurement(**_RUN, player="naive"),
          note=Text("queens-audience", "The tips cannot change the outcome here: a card is turned only when "
                                       "nothing else goes, so both players play the same game.")),
)

HOME_CLAIM = "qa-one-pass"  # the claim the home page's table of figures shows for this game
