"""How the play page draws: the bar (variants, deal, new deal, copy link, the deal box), the
message, the coach's remark, the board, the controls, the end of a game and the record; and the
``play-link:`` directive (the link to the play page or one of its exercises)."""

from __future__ import annotations

from typing import Any

from tutor.i18n import Text
from tutor.web.board_input import run_depths
from tutor.web.directives import Directive
from tutor.web.render import Highlight, as_sentence, escape, figure_html, symbol_prefix
from tutor.web.widgets.base import register_picture
from tutor.web.widgets.play_record import Stats

RULES_PAGE = "../../{game}/"  # the game's rules page, from /play/<game>/ (and /de/play/<game>/)


class PlayView:
    """The drawing half of :class:`tutor.web.widgets.play.PlayWidget`, which holds the game."""

    game: str
    rules: Any
    variant: str
    deal: int
    position: Any
    groups: list[list[str]]
    redo_groups: list[list[str]]
    stats: dict[str, Stats]
    selection: Any
    hint_move: Any
    remark: Any
    message: list[Text]
    message_class: str
    typed: str | None
    auto: bool
    coach_on: bool

    def _title(self, lang: str) -> str:
        return self.rules.title.render(lang)

    def _winnable(self) -> tuple[int, ...]:
        """The deal numbers of this variant the solver proved winnable (the game's claims part's
        ``winnable_deals``; none where a game stores none): "A deal that can be won" draws from them."""
        from tutor.engine.registry import game_part

        deals = getattr(game_part(self.game, "claims"), "winnable_deals", None)
        return deals(self.variant) if deals is not None else ()

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        position = self.position
        over = position.is_over()
        enabled = live
        variants = "".join(
            f'<button type="button" class="md-button tutor-choice" data-action="variant" '
            f'data-variant="{escape(vid or "base")}" aria-pressed="{"true" if vid == self.variant else "false"}"'
            f'{"" if enabled else " disabled"}>{escape(name.render(lang))}</button>'
            for vid, name in self.rules.variants.items())
        deal_line = Text("ui", "Deal {number}", number=self.deal).render(lang)
        copied = Text("ui", "The link to this deal is copied.").render(lang)
        failed = Text("ui", "The link could not be copied: copy the address from the address bar.").render(lang)
        variants_label = Text("ui", "Variants").render(lang)
        bar = (f'<div class="tutor-play-bar"><div class="tutor-choices" role="group" '
               f'aria-label="{escape(variants_label)}">{variants}</div>'
               f'<p class="tutor-play-deal">{escape(deal_line)}</p>'
               + _buttons([("new", Text("ui", "New deal").render(lang), enabled)]
                          + ([("new-winnable", Text("ui", "A deal that can be won").render(lang), enabled)]
                             if self._winnable() else [])
                          + [("copy", Text("ui", "Copy link").render(lang), enabled)])
               .replace('data-action="copy"', f'data-action="copy" data-copied="{escape(copied)}" '
                                               f'data-copy-failed="{escape(failed)}"')
               + self._deal_box_html(lang, enabled, widget_id) + "</div>")
        caption = Text("ui", "{game}, deal {number}", game=self._caption_game(lang), number=self.deal).render(lang)
        figure = figure_html(position.layout(), lang, caption=caption, highlight=self._highlight(),
                             interactive=live and not position.is_won(), id_prefix=f"{widget_id}-play",
                             symbols=symbol_prefix(widget_id),
                             selected=self.selection.pile if self.selection is not None else None,
                             runs=run_depths(position))
        message = join_sentences(text.render(lang) for text in self._messages(live))
        controls = _buttons([
            ("undo", Text("ui", "Undo").render(lang), enabled and bool(self.groups)),
            ("redo", Text("ui", "Redo").render(lang), enabled and bool(self.redo_groups)),
            ("restart", Text("ui", "Restart").render(lang), enabled and bool(self.groups)),
            ("hint", Text("ui", "Hint").render(lang), enabled and not over),
        ]) + _toggles([
            ("auto", self._words().AUTO_LABEL.render(lang), self.auto, enabled),
            ("coach", Text("ui", "Coach").render(lang), self.coach_on, enabled),
        ])
        return (f'<div class="tutor-play-page">{bar}'
                f'<p class="tutor-play-message {escape(self.message_class)}" id="{widget_id}-play-message">'
                f'{escape(message)}</p>{self._coach_html(lang)}{figure}{controls}{self._end_html(lang, enabled)}'
                f'{self._stats_html(lang, enabled)}</div>')

    def _deal_box_html(self, lang: str, enabled: bool, widget_id: str) -> str:
        """A box to type a deal number into and a button that opens it (a form: Enter works too)."""
        box = f"{widget_id}-deal-number"
        invalid = (f' aria-invalid="true" aria-describedby="{widget_id}-play-message"' if self.typed is not None
                   else "")
        disabled = "" if enabled else " disabled"
        label = Text("ui", "Deal number").render(lang)
        button = Text("ui", "Open deal").render(lang)
        return (f'<form class="tutor-play-goto" data-action="goto">'
                f'<label for="{box}">{escape(label)}</label>'
                f'<input id="{box}" name="number" type="text" inputmode="numeric" autocomplete="off" '
                f'spellcheck="false" size="10" value="{escape(self.typed or "")}"{invalid}{disabled}>'
                f'<button type="submit" class="md-button tutor-button"{disabled}>'
                f'{escape(button)}</button></form>')

    def _caption_game(self, lang: str) -> str:
        title = self._title(lang)
        if self.variant:
            title = f"{title} ({self.rules.variant_name.render(lang)})"
        return title

    def _highlight(self) -> Highlight:
        if self.selection is not None:
            return Highlight.of([self.selection.pile])
        if self.hint_move is not None:
            return Highlight.of([*self.hint_move.sources, self.hint_move.dst],
                                move=(self.hint_move.sources[0], self.hint_move.dst))
        last = next((entry.move for entry in reversed(self.position.history) if not entry.forced), None)
        if last is not None and self.groups:
            # A report, not a hint: the moved card's new pile is marked, but no arrow is drawn
            # (the arrow is the hint's, asked for and shown on the current position).
            return Highlight.of([last.dst])
        return Highlight()

    def _messages(self, live: bool) -> list[Text]:
        if not live:
            return []
        texts = list(self.message)
        if not texts and not self.position.is_over():
            texts.append(Text("ui", "Pick a card, then the pile it should go to."))
        return texts

    def _coach_html(self, lang: str) -> str:
        remark = self.remark
        if remark is None:
            return '<div class="tutor-coach" hidden></div>'
        read = Text("ui", "Read tip {number}", number=remark.tip).render(lang)
        link = (f'<a class="tutor-coach-tip" href="{escape(RULES_PAGE.format(game=self.game))}#{escape(remark.anchor)}">'
                f'{escape(read)}</a>')
        undo = ""
        if remark.kind == "warning" and self.groups:
            label = Text("ui", "Undo this move").render(lang)
            undo = f'<button type="button" class="md-button tutor-button" data-action="undo">{escape(label)}</button>'
        return (f'<div class="tutor-coach" data-tip="{remark.tip}" data-remark="{escape(remark.kind)}">'
                f'<p>{escape(remark.render(lang))}</p><p class="tutor-coach-actions">{link} {undo}</p></div>')

    def _end_html(self, lang: str, enabled: bool) -> str:
        if not self.position.is_over():
            return ""
        if self.position.is_won():
            heading = Text("ui", "Won! Every card of deal {number} is home.", number=self.deal)
            result = "won"
        else:
            heading = Text("ui", "No move is left: deal {number} is lost.", number=self.deal)
            result = "lost"
        return (f'<div class="tutor-play-end" data-result="{result}"><p class="tutor-play-end-title">'
                f'{escape(heading.render(lang))}</p>'
                + _buttons([("new", Text("ui", "New deal").render(lang), enabled),
                            ("replay", Text("ui", "Replay this deal").render(lang), enabled)]) + "</div>")

    def _stats_html(self, lang: str, enabled: bool) -> str:
        stats = self.stats.get(self.variant, Stats())
        line = Text("ui", "Your record in {game}: {played} finished, {won} won; {streak} in a row now, best run {best}.",
                    game=self._caption_game(lang), played=stats.played, won=stats.won, streak=stats.streak,
                    best=stats.best).render(lang)
        return (f'<div class="tutor-play-stats"><p>{escape(line)}</p>'
                + _buttons([("reset-stats", Text("ui", "Reset the record").render(lang),
                             enabled and stats.played > 0)]) + "</div>")

    def announcement(self, lang: str) -> str:
        texts = [text.render(lang) for text in self._messages(True)]
        if self.remark is not None:
            texts.append(self.remark.render(lang))
        if self.position.is_over():
            texts.append(self._end_text(lang))
        return join_sentences(texts)

    def _end_text(self, lang: str) -> str:
        if self.position.is_won():
            return Text("ui", "Won! Every card of deal {number} is home.", number=self.deal).render(lang)
        return Text("ui", "No move is left: deal {number} is lost.", number=self.deal).render(lang)

    def _words(self) -> Any:
        from tutor.engine import game_part

        return game_part(self.game, "words")


@register_picture("play-link")
def _play_link(directive: Directive, lang: str) -> str:
    return play_link_html(directive.args[0], lang)


def play_link_html(target: str, lang: str) -> str:
    """``play-link: <game-id>`` (on a rules page: the link to its play page) or ``play-link:
    <exercise-id>`` (beside a tip: "Practise this tip", the link to its first exercise)."""
    from tutor.engine import UnknownGame, game_ids
    from tutor.lessons import all_exercises

    exercise = next((e for e in all_exercises() if e.id == target), None)
    if exercise is not None:
        label = Text("ui", "Practise this tip")
        href = f"../play/{exercise.game}/#practice={exercise.id}"
        kind = "practice"
    elif target in game_ids():
        from tutor.engine import get_rules

        label = Text("ui", "Play a whole deal of {game}, with the coach", game=get_rules(target).title)
        href = f"../play/{target}/"
        kind = "play"
    else:
        raise UnknownGame(Text("ui", "“{target}” is neither a game nor an exercise; games: {games}; exercises: {exercises}",
                               target=target, games=", ".join(game_ids()),
                               exercises=", ".join(e.id for e in all_exercises())))
    return (f'<p class="tutor-play-link" data-link="{kind}"><a class="md-button" href="{escape(href)}">'
            f'{escape(label.render(lang))}</a></p>')


def join_sentences(texts: Any) -> str:
    """Sentences as one paragraph: each a sentence of its own (the engine's move sentences and
    reasons have no full stop, a reason no capital)."""
    return " ".join(as_sentence(t) for t in texts if t)


def _buttons(buttons: list[tuple[str, str, bool]]) -> str:
    inner = "".join(f'<button type="button" class="md-button tutor-button" data-action="{escape(action)}"'
                    f'{"" if enabled else " disabled"}>{escape(label)}</button>' for action, label, enabled in buttons)
    return f'<div class="tutor-controls" role="group">{inner}</div>'


def _toggles(toggles: list[tuple[str, str, bool, bool]]) -> str:
    inner = "".join(f'<button type="button" class="md-button tutor-button tutor-toggle" data-action="{escape(action)}" '
                    f'aria-pressed="{"true" if pressed else "false"}"{"" if enabled else " disabled"}>'
                    f'{escape(label)}</button>' for action, label, pressed, enabled in toggles)
    return f'<div class="tutor-controls tutor-play-options" role="group">{inner}</div>'
