"""What the rules text claims about how often Forty Thieves comes out, and the figures that weigh it
(the record types and the verdicts: :mod:`tutor.claims`).

This game shows why a claim can need more than one figure. "Typical win rates are 10 to 15 %" is
about careful play. Our simple tips player cannot weigh that (``judges=False``): its figure is shown
as a fact about our player. What can weigh it is a fair player who plays carefully (``expert``, a
strategy in :mod:`tutor.analysis.players`), and, from above, the share of deals that can be won at
all (``winnable``: the solver, which knows the talon; won, lost and undecided deals are stored, so
the share is a range). To drop in better figures, change those two measurements (more deals, a
larger ``node_limit``, ``expert=Measurement(..., player="expert")``) and run
``python -m tutor.claims --update``.
"""

from __future__ import annotations

from tutor.claims.records import Claim, Measurement, Statement
from tutor.i18n import Text

GAME = "forty-thieves"

_RUN = dict(game=GAME, deals=200, live_deals=200, step=2)
_RULES_TEXT = Statement(Text("forty-thieves", "the rules text"), 0.10, 0.15,
                        Text("forty-thieves", "the typical {stated} of the rules text"),
                        Text("forty-thieves", "rules text"))

CLAIMS: tuple[Claim, ...] = (
    Claim("ft-win-rate", "rate", GAME, Text("forty-thieves", "How often does it come out?"),
          Measurement(**_RUN), Text("forty-thieves", "A careful player wins about {deals}"), (_RULES_TEXT,),
          note=Text("forty-thieves", "Our tips player is a simple program that looks no further than the next move: "
                                     "its figure says how good that program is, not what a typical player wins."),
          judges=False,
          expert=Measurement(game=GAME, player="expert", deals=1000, live_deals=0, step=1, check_deals=10),
          winnable=Measurement(game=GAME, player="solver", deals=100, live_deals=0, step=1,
                               solver_seconds=None, node_limit=100_000, check_deals=3)),
    Claim("ft-tips", "tips", GAME, Text("forty-thieves", "Do the tips help?"),
          Measurement(**_RUN), without_tips=Measurement(**_RUN, player="naive")),
)

HOME_CLAIM = "ft-win-rate"  # the claim the home page's table of figures shows for this game
