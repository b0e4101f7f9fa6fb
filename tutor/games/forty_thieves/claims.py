"""What the rules text claims about how often Forty Thieves comes out, the figures that weigh it, and
what each tip of the page is worth (the record types and the verdicts: :mod:`tutor.claims`).

This game shows why a claim can need more than one figure. "Typical win rates are 10 to 15 %" is
about careful play. Our tips player, which follows the page's measured tips, cannot weigh that
(``judges=False``): its figure is shown as a fact about our player. What can weigh it is the expert
player, a fair program that looks ahead with the cards in sight (``expert``), and, from above, the
share of deals that can be won at all (``winnable``: the solver, which knows the talon, at 10 s of
CPU a deal on deal numbers 0–999 (the figure covers those decided so far), computed offline by
``tools/ft_solve_deals.py`` and stored in
:mod:`~tutor.games.forty_thieves.solved`; won, lost and undecided deals are stored, so the share is a
range).

``TIP_TABLES`` hold what each tip is worth: the player who follows a set of tips against the same
player without one of them, on the same 2,000 deals (the strategies ``rules-text-tips-without-<n>``
and ``tips-without-<n>`` of :mod:`~tutor.games.forty_thieves.tips`). ``python -m tutor.claims
--update`` measures them all.
"""

from __future__ import annotations

from typing import TypedDict, cast

from tutor.claims.records import Claim, Measurement, Statement, TipEffect, TipTable
from tutor.games.forty_thieves.solved import SOLVED
from tutor.i18n import Text

GAME = "forty-thieves"
DEALS = 2000  # every figure of the tips: the same 2,000 deals


class _Run(TypedDict):
    """The keywords of a :class:`Measurement` that the figures of one run share."""

    game: str
    deals: int
    live_deals: int
    step: int
    check_deals: int


class _Solved(TypedDict):
    """An entry of :data:`~tutor.games.forty_thieves.solved.SOLVED` (that file is generated without
    annotations, so to mypy its entries hold mere objects)."""

    deals: int
    won: tuple[int, ...]
    lost: tuple[int, ...]


_BASE_SOLVED = cast(_Solved, SOLVED[""])
_RUN: _Run = dict(game=GAME, deals=DEALS, live_deals=200, step=2, check_deals=10)
_RULES_TEXT = Statement(Text("forty-thieves", "the rules text"), 0.10, 0.15,
                        Text("forty-thieves", "the typical {stated} of the rules text"),
                        Text("forty-thieves", "rules text"))

CLAIMS: tuple[Claim, ...] = (
    Claim("ft-win-rate", "rate", GAME, Text("forty-thieves", "How often does it come out?"),
          Measurement(**_RUN), Text("forty-thieves", "The expert player wins about {deals}"), (_RULES_TEXT,),
          note=Text("forty-thieves", "Our tips player follows the page's measured tips and looks no further ahead "
                                     "than they say: its figure says how far the tips take you, not what a typical "
                                     "player wins."),
          judges=False,
          expert=Measurement(game=GAME, player="expert", deals=DEALS, live_deals=0, step=1, check_deals=10),
          # the deals the offline run has decided so far (deal numbers 0 to n − 1; tools/ft_solve_deals.py
          # goes on to 1,000): the figure names the deals it covers, never more
          winnable=Measurement(game=GAME, player="solved", deals=_BASE_SOLVED["deals"], live_deals=0, step=1,
                               solver_seconds=10.0, check_deals=_BASE_SOLVED["deals"])),
    Claim("ft-tips", "tips", GAME, Text("forty-thieves", "Do the rules text's tips help?"),
          Measurement(**_RUN, player="rules-text-tips"),
          without_tips=Measurement(**_RUN, player="naive")),
)

_SEED_TIPS = (
    Text("forty-thieves", "Tip 1: keep empty columns"),
    Text("forty-thieves", "Tip 2: play from the waste first"),
    Text("forty-thieves", "Tip 3: a twin may go up early"),
    Text("forty-thieves", "Tip 4: plan the foundation moves"),
    Text("forty-thieves", "Tip 5: careful with the last King"),
)
_MEASURED_TIPS = (
    Text("forty-thieves", "Tip 6: work the ending out"),
    Text("forty-thieves", "Tip 7: send cards home at once"),
    Text("forty-thieves", "Tip 8: empty a short column"),
    Text("forty-thieves", "Tip 9: dig out the next card"),
    Text("forty-thieves", "Tip 10: keep the waste short"),
    Text("forty-thieves", "Tip 11: a card onto the next higher card of its suit"),
)


def _table(table_id: str, title: Text, player: str, labels: tuple[Text, ...], first: int) -> TipTable:
    run: _Run = dict(game=GAME, deals=DEALS, live_deals=0, step=50, check_deals=10)
    return TipTable(table_id, GAME, title, Measurement(**run, player=player),
                    tuple(TipEffect(first + i, label, Measurement(**run, player=f"{player}-without-{first + i}"))
                          for i, label in enumerate(labels)))


TIP_TABLES: tuple[TipTable, ...] = (
    _table("ft-rules-text-tips", Text("forty-thieves", "What the rules text's tips are worth."), "rules-text-tips",
           _SEED_TIPS, 1),
    _table("ft-measured-tips", Text("forty-thieves", "What the measured tips are worth."), "tips", _MEASURED_TIPS, 6),
)

def solved_counts(variant: str, deals: int) -> dict[str, int]:
    """The solver's stored verdicts (:mod:`~tutor.games.forty_thieves.solved`, made offline by
    ``tools/ft_solve_deals.py``) on deal numbers 0 … ``deals`` − 1, or on as many as are stored
    while that run is not finished: ``{"games": …, "wins": …, "lost": …}``."""
    from tutor.games.forty_thieves.solved import SOLVED

    entry = cast(_Solved, SOLVED[variant])
    games = min(deals, entry["deals"])
    return {"games": games, "wins": sum(1 for n in entry["won"] if n < games),
            "lost": sum(1 for n in entry["lost"] if n < games)}


HOME_CLAIM = "ft-win-rate"  # the claim the home page's table of figures shows for this game


def solved_rows() -> list[tuple[str, int, int, int]]:
    """Per variant (the base game first): (variant, deals tried, proven won, proven lost), from the
    stored verdicts (``solved: forty-thieves`` on the about page)."""
    from tutor.games.forty_thieves.solved import SOLVED

    solved = cast("dict[str, _Solved]", SOLVED)
    return [(variant, entry["deals"], len(entry["won"]), len(entry["lost"])) for variant, entry in solved.items()
            if entry["deals"]]


def winnable_deals(variant: str) -> tuple[int, ...]:
    """The deal numbers of ``variant`` the solver proved winnable (the play page's "A deal that can be
    won")."""
    from tutor.games.forty_thieves.solved import SOLVED

    entry = cast("_Solved | None", SOLVED.get(variant))
    return tuple(entry["won"]) if entry else ()
