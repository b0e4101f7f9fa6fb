"""Claims the rules texts make about how often a game comes out, and the engine's check of them.

A page places a check with the directive ``claim: <claim-id>`` (a fenced ``tutor`` block, the same
in both languages); the home page's table of figures is ``figures: games``. The package, by concern:

* :mod:`tutor.claims.records` – a claim's records: statements, measurements, readings;
* :mod:`tutor.claims.data` – every game's claims (``tutor/games/<game>/claims.py``), through the registry;
* :mod:`tutor.claims.stats` – measured figures, intervals, verdicts;
* :mod:`tutor.claims.words` – numbers in the page's language, the card's sentence, the details;
* :mod:`tutor.claims.update` – ``python -m tutor.claims --update | --check``.

The measured figures are data, :mod:`tutor.claims.figures`, made by ``python -m tutor.claims
--update`` and checked by ``tests/claims/test_claims.py`` against a fresh run of each figure's first deals:
the live widget under Pyodide needs the same figures, and playing 100 000 deals there at every page
load would keep the reader waiting. The claims' HTML (the card, its chart, the live check, the tables) is the page's:
:mod:`tutor.web.widgets.claims`. This package imports nothing of the page (no import cycle).
"""

from tutor.claims.data import CLAIMS, FIGURE_SEED, all_measurements, claims_of, get_claim, home_claims
from tutor.claims.records import Claim, Measurement, Reading, Statement
from tutor.claims.stats import (
           AGREES,
           HELPS,
           HIGHER,
           HURTS,
           LOWER,
           NO_DIFFERENCE,
           OPEN,
           Figure,
           claim_verdict,
           compare,
           compare_tips,
           iter_measurement,
           statement_verdict,
           stored_figure,
)
from tutor.claims.words import format_number, format_percent, format_percent_range, sentence, share
from tutor.errors import UnknownClaim

__all__ = ["AGREES", "CLAIMS", "Claim", "FIGURE_SEED", "Figure", "HELPS", "HIGHER", "HURTS",
           "LOWER", "Measurement", "NO_DIFFERENCE", "OPEN", "Reading", "Statement", "UnknownClaim",
           "all_measurements", "claim_verdict", "claims_of", "compare", "compare_tips",
           "format_number", "format_percent", "format_percent_range", "get_claim", "home_claims", "iter_measurement",
           "sentence", "share", "statement_verdict", "stored_figure"]
