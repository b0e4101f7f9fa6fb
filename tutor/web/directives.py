"""The directives a page carries: a fenced ``tutor`` block holds one ``kind: arguments`` line
(see ARCHITECTURE.md, "Pages", and :mod:`tutor.web.protocol`)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor import inputs
from tutor.errors import DirectiveError
from tutor.i18n import Text

DIRECTIVE_FORMS = {
    "deal": "deal: <game-id> [variant] <n>",
    "picture": "picture: <scenario-id>",
    "scenario": "scenario: <scenario-id>",
    "claim": "claim: <claim-id>",
    "play": "play: <game-id>",
    "practice": "practice: <game-id>",
    "review": "review: link",
    "play-link": "play-link: <game-id or exercise-id>",
    "tasks": "tasks: <game-id> <section>",
    "lesson": "lesson: <game-id> <section>",
    "path": "path: <game-id>",
    "progress": "progress: <game-id>",
    "figures": "figures: games",
    "tip-effects": "tip-effects: <table-id>",
    "solved": "solved: <game-id>",
}


@dataclass(frozen=True)
class Directive:
    kind: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.kind}: {' '.join(self.args)}"


def parse_directive(text: str) -> Directive:
    """Read the body of a ``tutor`` block: one ``kind: arguments`` line (blank lines and lines
    starting with ``#`` are ignored). Raises :class:`DirectiveError` saying what to write."""
    if not isinstance(text, str):
        raise DirectiveError(Text("ui", "a tutor block must be text"))
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    forms = "; ".join(DIRECTIVE_FORMS.values())
    if not lines:
        raise DirectiveError(Text("ui", "the tutor block is empty; write one line: {forms}", forms=forms))
    if len(lines) > 1:
        raise DirectiveError(Text("ui", "a tutor block holds exactly one directive line, this one has {count}: "
                                        "use one block per directive", count=len(lines)))
    kind, colon, rest = lines[0].partition(":")
    kind = kind.strip().lower()
    if not colon or kind not in DIRECTIVE_FORMS:
        raise DirectiveError(Text("ui", '"{line}" is not a directive; write one of: {forms}',
                                  line=inputs.shown(lines[0]), forms=forms))
    args = tuple(rest.split())
    if kind == "deal":
        if len(args) not in (2, 3) or not inputs.is_deal_number(args[-1]):
            raise DirectiveError(Text("ui", '"{line}": write {form}, e.g. deal: fortunes-favour 1',
                                      line=inputs.shown(lines[0]), form=DIRECTIVE_FORMS["deal"]))
    elif kind in ("tasks", "lesson"):
        if len(args) != 2:
            raise DirectiveError(Text("ui", '"{line}": write {form}', line=inputs.shown(lines[0]),
                                      form=DIRECTIVE_FORMS[kind]))
    elif len(args) != 1:
        raise DirectiveError(Text("ui", '"{line}": write {form}', line=inputs.shown(lines[0]),
                                  form=DIRECTIVE_FORMS[kind]))
    return Directive(kind, args)
