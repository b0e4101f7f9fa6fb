"""Where a message comes from, as a link: a refusal to the section of the game's rules page that
states the rule it names (its id → the section, the rules class's ``refusals``), a hint to the tip
of the page its reason gives (its guided example, as the coach links it).

The play page and practice (``/play/<game>/``, ``/de/play/<game>/``) reach the rules page of their
own language as ``../../<game>/``. The link is drawn after the message it belongs to, with its data
(``data-source`` ``rule`` or ``tip``, ``data-rule`` the refusal's id, ``data-tip`` the tip's number),
so a test or a script can tell what it points to without reading its words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tutor.analysis.coach import tip_anchor
from tutor.engine.rules import Refusal
from tutor.i18n import Text
from tutor.web.render import escape

RULES_PAGE = "../../{game}/"  # the game's rules page, from /play/<game>/ (and /de/play/<game>/)


@dataclass(frozen=True)
class SourceLink:
    """A link to the rule or tip a message comes from."""

    kind: str  # "rule" or "tip"
    href: str
    label: Text
    data: tuple[tuple[str, str], ...] = ()  # further data attributes: ("rule", id) or ("tip", n)

    def html(self, lang: str) -> str:
        data = "".join(f' data-{name}="{escape(value)}"' for name, value in self.data)
        return (f'<p class="tutor-source"><a href="{escape(self.href)}" data-source="{self.kind}"{data}>'
                f'{escape(self.label.render(lang))}</a></p>')


def rule_link(rules: Any, texts: Iterable[Text], page: str = RULES_PAGE) -> SourceLink | None:
    """The link for the first refusal among ``texts`` whose rule a section of the page states."""
    for text in texts:
        if isinstance(text, Refusal):
            section = rules.refusals.get(text.reason, "")
            if section:
                return SourceLink("rule", f"{page.format(game=rules.game_id)}#{section}",
                                  Text("ui", "Read the rule"), (("rule", text.reason),))
    return None


def tip_link(game: str, tip: int | None, page: str = RULES_PAGE) -> SourceLink | None:
    """The link to tip ``tip`` of the game's page (its guided example), or ``None``."""
    if tip is None:
        return None

    return SourceLink("tip", f"{page.format(game=game)}#{tip_anchor(game, tip)}",
                      Text("ui", "Read tip {number}", number=tip), (("tip", str(tip)),))


def hint_link(game: str, hint: Any, page: str = RULES_PAGE) -> SourceLink | None:
    """A hint's link: the tip its reason gives, else the tip its move is an exception to."""
    if hint is None:
        return None
    return tip_link(game, hint.tip if hint.tip is not None else hint.exception_tip, page)
