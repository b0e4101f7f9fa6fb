"""Fortune's Favour: its rules (``rules``), the search's quick picture (``fast``), lessons, tips, words,
its terms (``terms``), what the rules texts claim about it (``claims``) and the examples of its
path's sections (``path``)."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # mypy holds every part to the game contract (tutor/engine/contract.py)
    from tutor.engine import contract
    from tutor.games.fortunes_favour import claims, fast, lessons, path, terms, tips, words

    _fast: contract.FastPart = fast
    _tips: contract.TipsPart = tips
    _lessons: contract.LessonsPart = lessons
    _claims: contract.ClaimsPart = claims
    _terms: contract.TermsPart = terms
    _words: contract.WordsPart = words
    _path: contract.PathPart = path
