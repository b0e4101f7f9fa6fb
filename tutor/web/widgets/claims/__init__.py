"""The widgets of :mod:`tutor.claims`: ``claim:`` (a claim of the rules text beside the engine's
measured figure; live, a check played in chunks) and ``figures: games`` (the home page's table of
stated and measured figures, drawn at build time). The claims (:mod:`tutor.claims` and the HTML here) are
imported when first used: a page without a claim never loads them."""

from __future__ import annotations

from tutor.errors import DirectiveError
from tutor.i18n import Text
from tutor.web.directives import DIRECTIVE_FORMS, Directive
from tutor.web.widgets.base import Widget, register_picture, register_widget


@register_widget("claim")
def _claim_widget(directive: Directive) -> Widget:
    from tutor.web.widgets.claims.card import ClaimWidget

    return ClaimWidget(directive)


@register_picture("figures")
def _figures_table(directive: Directive, lang: str) -> str:
    from tutor.web.widgets.claims.card import figures_table_html

    if directive.args != ("games",):
        raise DirectiveError(Text("ui", '"{line}": write {form}', line=str(directive), form=DIRECTIVE_FORMS["figures"]))
    return f'<div class="tutor-figures-table">{figures_table_html(lang)}</div>'


@register_picture("tip-effects")
def _tip_effects(directive: Directive, lang: str) -> str:
    from tutor.web.widgets.claims.effects import tip_effects_for

    return tip_effects_for(directive.args[0], lang)


@register_picture("solved")
def _solved_table(directive: Directive, lang: str) -> str:
    from tutor.web.widgets.claims.solved_table import solved_table_html

    return solved_table_html(directive.args[0], lang)
