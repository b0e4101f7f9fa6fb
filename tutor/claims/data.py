"""The claims, as data: every game's claims, collected from the games through the registry.

Each game's package says what its rules texts claim, in ``tutor/games/<game>/claims.py``: a tuple
``CLAIMS`` of :class:`~tutor.claims.records.Claim` s and ``HOME_CLAIM``, the id of the claim the
home page's table of figures shows for the game. The measured figures themselves are stored in
:mod:`tutor.claims.figures` (made by ``python -m tutor.claims --update``); no module of claims holds
a number the engine measured.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from tutor.claims.records import Claim, Measurement, TipTable
from tutor.engine.contract import claims_of_game, collected
from tutor.engine.registry import game_ids
from tutor.errors import UnknownClaim
from tutor.i18n import Text

FIGURE_SEED = 0  # the run of the figures on the pages (deal i = deal_number(0, i))


def _collected() -> dict[str, Claim]:
    """Every claim by id, game by game in the registry's order, each game's in its own order."""
    return collected("claims", "CLAIMS")


class _AllClaims(Mapping[str, Claim]):
    """Every game's claims by id, collected on first use: a game's claims module imports the record
    types from this package, so the games cannot be asked while this package is being imported."""

    def __getitem__(self, claim_id: str) -> Claim:
        return _collected()[claim_id]

    def __iter__(self) -> Iterator[str]:
        return iter(_collected())

    def __len__(self) -> int:
        return len(_collected())

    def __repr__(self) -> str:
        return f"CLAIMS({', '.join(self)})"


CLAIMS: Mapping[str, Claim] = _AllClaims()


def get_claim(claim_id: str) -> Claim:
    claim = CLAIMS.get(claim_id)
    if claim is None:
        raise UnknownClaim(Text("ui", 'there is no claim "{claim}"; known claims: {known}',
                                claim=claim_id, known=", ".join(CLAIMS)))
    return claim


def tip_tables() -> dict[str, TipTable]:
    """Every game's tables of what its tips are worth (its claims part's ``TIP_TABLES``), by id."""
    return collected("claims", "TIP_TABLES")


def get_tip_table(table_id: str) -> TipTable:
    table = tip_tables().get(table_id)
    if table is None:
        raise UnknownClaim(Text("ui", 'there is no table of tips "{table}"; known tables: {known}',
                                table=table_id, known=", ".join(tip_tables())))
    return table


def all_measurements() -> dict[str, Measurement]:
    found = {m.key: m for claim in CLAIMS.values() for m in claim.measurements()}
    found.update({m.key: m for table in tip_tables().values() for m in table.measurements()})
    return found


def claims_of(game: str) -> list[Claim]:
    return [claim for claim in CLAIMS.values() if claim.game == game]


def home_claims() -> list[Claim]:
    """The claim each game's card on the home page shows (its ``HOME_CLAIM``), in the games' order."""
    return [get_claim(claims_of_game(game_id).HOME_CLAIM) for game_id in game_ids()]
