"""How the play page draws: the bar (variants, deal, new deal, copy link, the deal box), the board
with the legal moves as data (``data-moves``: :func:`tutor.web.board_input.move_map`, for a
double-click, a one-click move and a drag), its side column (the report, the controls, the hint
with its words, the options, the coach), the end panel and the record (:mod:`play_end`); and the
``play-link:`` directive (the link to the play page or one of its exercises)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tutor.engine import UnknownGame, game_ids, get_rules
from tutor.engine.contract import WordsPart, optional_name, words_of
from tutor.i18n import Text
from tutor.lessons import all_exercises
from tutor.web.board_input import move_map, run_depths
from tutor.web.directives import Directive
from tutor.web.render import Highlight, as_sentence, escape, figure_html, symbol_prefix
from tutor.web.review_link import review_hash, too_long_text
from tutor.web.sources import (
    RULES_PAGE,  # the game's rules page, from /play/<game>/ (and /de/play/<game>/)
    hint_link,
    rule_link,
)
from tutor.web.widgets.base import register_picture
from tutor.web.widgets.play_end import (
    dialogs_html,
    end_heading,
    end_panel_html,
    play_buttons,
    record_html,
    resumed_text,
    variant_confirm,
)
from tutor.web.widgets.play_record import Stats

REVIEW_PAGE = "../review/"  # the review page (/play/review/), from /play/<game>/


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
    hint_text: Text | None
    given_up: bool
    seconds: float
    hints: int
    undos: int
    hinted: Any
    pending_deal: int | None
    remark: Any
    message: list[Text]
    message_class: str
    typed: str | None
    auto: bool
    coach_on: bool
    _review_key: tuple | None = None  # the game review_address() last worked out, and its answer
    _review_address: str | None = None
    # PlayWidget's methods that the drawing asks
    over: Callable[[], bool]
    result: Callable[[], str]
    actions: Callable[[], dict[str, Callable[[dict], None]]]
    _clear: Callable[..., None]  # (*message: Text, message_class: str = "")

    def _title(self, lang: str) -> str:
        return self.rules.title.render(lang)

    def _winnable(self) -> tuple[int, ...]:
        """The deal numbers of this variant the solver proved winnable (the game's claims part's
        ``winnable_deals``; none where a game stores none): "A deal that can be won" draws from them."""

        deals = optional_name(self.game, "claims", "winnable_deals")
        return deals(self.variant) if deals is not None else ()

    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        """The page: the bar, the end panel (once the game has ended), the board beside (on a
        narrow screen: above) its side column — the report of the last move, the controls, the
        hint button with the hint's words beside it, the options, the coach — then the record
        and the dialogs. The board is drawn before anything that changes with a move, so a report,
        a hint or the coach never moves it."""
        position = self.position
        over = self.over()
        enabled = live
        in_progress = bool(self.groups) and not over
        variants = "".join(
            f'<button type="button" class="md-button tutor-choice" data-action="variant" '
            f'data-variant="{escape(vid or "base")}" aria-pressed="{"true" if vid == self.variant else "false"}"'
            f'{variant_confirm(vid) if in_progress and vid != self.variant else ""}'
            f'{"" if enabled else " disabled"}>{escape(name.render(lang))}</button>'
            for vid, name in self.rules.variants.items())
        deal_line = Text("ui", "Deal {number}", number=self.deal).render(lang)
        copied = Text("ui", "The link to this deal has been copied.").render(lang)
        failed = Text("ui", "The link could not be copied: copy the address from the address bar.").render(lang)
        variants_label = Text("ui", "Variants").render(lang)
        new_attrs = ' data-confirm="new"' if in_progress else ""
        bar = (f'<div class="tutor-play-bar"><div class="tutor-choices" role="group" '
               f'aria-label="{escape(variants_label)}">{variants}</div>'
               f'<p class="tutor-play-deal">{escape(deal_line)}</p>'
               + play_buttons([("new", Text("ui", "New deal").render(lang), enabled)]
                              + ([("new-winnable", Text("ui", "A deal that can be won").render(lang), enabled)]
                                 if self._winnable() else [])
                              + [("copy", Text("ui", "Copy link").render(lang), enabled)])
               .replace('data-action="new"', f'data-action="new" aria-keyshortcuts="N"{new_attrs}', 1)
               .replace('data-action="copy"', f'data-action="copy" data-copied="{escape(copied)}" '
                                               f'data-copy-failed="{escape(failed)}"')
               + self._deal_box_html(lang, enabled, widget_id) + "</div>")
        caption = Text("ui", "{game}, deal {number}", game=self._caption_game(lang), number=self.deal).render(lang)
        interactive = live and not over
        figure = figure_html(position.layout(), lang, caption=caption, highlight=self._highlight(lang),
                             interactive=interactive, id_prefix=f"{widget_id}-play",
                             symbols=symbol_prefix(widget_id),
                             selected=self.selection.pile if self.selection is not None else None,
                             runs=run_depths(position))
        moves = escape(json.dumps(move_map(position), separators=(",", ":"))) if interactive else "{}"
        board = f'<div class="tutor-play-board" data-moves="{moves}">{figure}</div>'
        message = join_sentences(text.render(lang) for text in self._messages(live))
        controls = play_buttons([
            ("undo", Text("ui", "Undo").render(lang), enabled and bool(self.groups) and not self.given_up),
            ("redo", Text("ui", "Redo").render(lang), enabled and bool(self.redo_groups) and not self.given_up),
            # once the game has ended, off like the end panel's for a game too long for a link
            ("review", Text("ui", "Review").render(lang),
             enabled and bool(self.groups) and (not over or self.review_address() is not None)),
            ("restart", Text("ui", "Restart").render(lang), enabled and bool(self.groups)),
            ("give-up", Text("ui", "Give up").render(lang), enabled and not over),
        ]).replace('data-action="give-up"', 'data-action="give-up" data-confirm="give-up"', 1)
        for action, keys in (("undo", "U Control+Z"), ("redo", "Shift+U Control+Y")):  # the page's shortcuts
            controls = controls.replace(f'data-action="{action}"',
                                        f'data-action="{action}" aria-keyshortcuts="{keys}"', 1)
        hint_label = Text("ui", "Hint").render(lang)
        hint_words = self.hint_text.render(lang) if self.hint_text is not None and live else ""
        # a disabled button is described by why it is disabled (render.html's _waiting), not by the hint
        hint_state = f' aria-describedby="{widget_id}-play-hint"' if enabled and not over else " disabled"
        hint = (f'<div class="tutor-play-hint-row"><button type="button" class="md-button tutor-button" '
                f'data-action="hint" aria-keyshortcuts="H"{hint_state}>{escape(hint_label)}</button>'
                f'<p class="tutor-play-hint" id="{widget_id}-play-hint">{escape(as_sentence(hint_words))}</p></div>')
        shortcuts = Text("ui", "Keyboard shortcuts").render(lang)
        options = _toggles([
            ("auto", self._words().AUTO_LABEL.render(lang), self.auto, enabled),
            ("coach", Text("ui", "Coach").render(lang), self.coach_on, enabled),
        ]).replace("</div>", '<button type="button" class="md-button tutor-button" data-dialog-open="shortcuts"'
                               f' aria-keyshortcuts="?"{"" if enabled else " disabled"}>'
                               f'{escape(shortcuts)}</button></div>', 1)
        side = (f'<div class="tutor-play-side"><p class="tutor-play-message {escape(self.message_class)}" '
                f'id="{widget_id}-play-message">{escape(message)}</p>{self._rule_source_html(lang)}{controls}{hint}{self._hint_source_html(lang)}{options}'
                f'{self._coach_html(lang)}</div>')
        end = end_panel_html(self, lang, enabled, widget_id) if over else ""
        record = "" if over else record_html(self, lang, enabled, widget_id)
        dialogs = dialogs_html(self, lang, widget_id) if live else ""
        return (f'<div class="tutor-play-page" data-over="{escape(self.result())}">{bar}{end}'
                f'<div class="tutor-play-main" id="{widget_id}-game">{board}{side}</div>{record}{dialogs}</div>')

    def review_available(self) -> bool:
        """Whether the end panel offers "Review this game" (``data-action="review"``): once the
        widget has a ``review`` action, for every game that has ended."""
        return "review" in self.actions()

    def review_address(self) -> str | None:
        """The address of the review of the game played so far (the review page's, relative to the
        play page: ``../review/#game=…&deal=…&moves=…``, :func:`tutor.web.review_link.review_hash`),
        or ``None`` for a game too long for a link. Worked out once per game as it stands."""

        moves = tuple(move for group in self.groups for move in group)
        key = (self.variant, self.deal, moves)
        if self._review_key != key:
            found = review_hash(self.game, self.deal, self.variant, self.rules.deal(self.deal), moves)
            self._review_key, self._review_address = key, None if found is None else f"{REVIEW_PAGE}#{found}"
        return self._review_address

    def _review(self, request: dict) -> None:
        """The review of the game so far opens (the page follows ``go_to``); the game stays as it is."""
        self.go_to = self.review_address()
        if self.go_to is None:
            self._clear(too_long_text())

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

    def _highlight(self, lang: str) -> Highlight:
        if self.selection is not None:
            return Highlight.of([self.selection.pile])
        if self.hint_move is not None:
            # the hint's own style: its colour and a "Hint" label on its arrow, on the position now
            return Highlight.for_move(self.hint_move, style="hint", label=Text("ui", "Hint").render(lang))
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
        if not texts and not self.over():
            texts.append(Text("ui", "Pick a card, then the pile it should go to."))
        return texts

    def _rule_source_html(self, lang: str) -> str:
        """The link to the rules section a refusal comes from (:mod:`tutor.web.sources`)."""

        link = rule_link(self.rules, self.message)
        return link.html(lang) if link is not None else ""

    def _hint_source_html(self, lang: str) -> str:
        """The link to the tip a hint comes from, under the hint's words."""

        link = hint_link(self.game, self.hinted) if self.hint_move is not None and self.hint_text is not None else None
        return link.html(lang) if link is not None else ""

    def _coach_html(self, lang: str) -> str:
        remark = self.remark
        if remark is None:
            return '<div class="tutor-coach" hidden></div>'
        read = Text("ui", "Read tip {number}", number=remark.tip).render(lang)
        link = (f'<a class="tutor-coach-tip" '
                f'href="{escape(RULES_PAGE.format(game=self.game))}#{escape(remark.anchor)}">'
                f'{escape(read)}</a>')
        undo = ""
        if remark.kind == "warning" and self.groups:
            label = Text("ui", "Undo this move").render(lang)
            undo = f'<button type="button" class="md-button tutor-button" data-action="undo">{escape(label)}</button>'
        return (f'<div class="tutor-coach" data-tip="{remark.tip}" data-remark="{escape(remark.kind)}">'
                f'<p>{escape(remark.render(lang))}</p><p class="tutor-coach-actions">{link} {undo}</p></div>')

    def announcement(self, lang: str) -> str:
        """What the live region says once: the report (or refusal), the hint, the coach, the end."""
        # with a hint, the hint alone: the standing "pick a card" is not said again
        texts = [text.render(lang) for text in (self.message if self.hint_text is not None else self._messages(True))]
        if self.hint_text is not None:
            texts.append(Text("ui", "Hint: {explanation}", explanation=self.hint_text).render(lang))
        if self.remark is not None:
            texts.append(self.remark.render(lang))
        if self.over():
            texts.append(self._over_text().render(lang))
        return join_sentences(texts)

    def _over_text(self) -> Text:
        return end_heading(self.result(), self.deal)

    def resumed_text(self) -> Text:
        """What the page says of a saved game it has just restored: that it goes on, or how it ended."""
        return resumed_text(self.result(), self.deal)

    def _words(self) -> WordsPart:
        return words_of(self.game)


@register_picture("play-link")
def _play_link(directive: Directive, lang: str) -> str:
    return play_link_html(directive.args[0], lang)


def play_link_html(target: str, lang: str) -> str:
    """``play-link: <game-id>`` (on a rules page: the link to its play page) or ``play-link:
    <exercise-id>`` (beside a tip: "Practise this tip", the link to its first exercise)."""

    exercise = next((e for e in all_exercises() if e.id == target), None)
    if exercise is not None:
        label = Text("ui", "Practise this tip")
        href = f"../play/{exercise.game}/#practice={exercise.id}"
        kind = "practice"
    elif target in game_ids():
        label = Text("ui", "Play a whole deal of {game}, with the coach", game=get_rules(target).title)
        href = f"../play/{target}/"
        kind = "play"
    else:
        raise UnknownGame(Text("ui", '"{target}" is neither a game nor an exercise; games: {games}; '
                                     "exercises: {exercises}",
                               target=target, games=", ".join(game_ids()),
                               exercises=", ".join(e.id for e in all_exercises())))
    return (f'<p class="tutor-play-link" data-link="{kind}"><a class="md-button" href="{escape(href)}">'
            f'{escape(label.render(lang))}</a></p>')


def join_sentences(texts: Any) -> str:
    """Sentences as one paragraph: each a sentence of its own (the engine's move sentences and
    reasons have no full stop, a reason no capital)."""
    return " ".join(as_sentence(t) for t in texts if t)


def _toggles(toggles: list[tuple[str, str, bool, bool]]) -> str:
    inner = "".join(f'<button type="button" class="md-button tutor-button tutor-toggle" data-action="{escape(action)}" '
                    f'aria-pressed="{"true" if pressed else "false"}"{"" if enabled else " disabled"}>'
                    f'{escape(label)}</button>' for action, label, pressed, enabled in toggles)
    return f'<div class="tutor-controls tutor-play-options" role="group">{inner}</div>'
