"""The review page's widget (``review: link``): a game's review, from the link that names it.

The page (``docs/<lang>/play/review.md``, ``/play/review/``) carries ``review: link``; its script
(``docs/assets/js/review.js``) sends ``start`` with the address's hash as it is (``link``), then
``continue`` as long as the answer says ``continue: true`` (the review runs in chunks of about
:data:`CHUNK_SECONDS`, one search at least, so the page stays responsive), until the reader presses
Stop. The link is read by :mod:`tutor.web.review_link`: one that cannot be used says why; one with
a corrupt or illegal move keeps the game up to the move before it and says which one it was.

What the reader sees: the game (game, variant, deal, moves), a progress bar while the review runs
(with Stop, then "Go on", also where a finished review passed positions over), the summary
(:mod:`tutor.analysis.review_words`), what is decided so far position by position, the board —
where a winning line is known (:meth:`Review.winning_line`: at the turning point, else from the
last position known to be winnable), that position with the line's first move marked, and
Back/Next through the line; otherwise where the game ended — and the moves that broke a tip, each
linked to the tip's example on the rules page. A game with fair chances (Forty Thieves,
:mod:`tutor.analysis.chances`) also shows its chance to win over the game, a chart drawn as it is
worked out, and the moves that cost the most of it (the chunks go to what the reader sees soonest:
the provisional chart, the review's quick winning line, the costly moves, then the searches; Stop
and Go on take both); the exact verdicts stay in the list position by position, labelled.

Actions: ``start`` (``link``), ``continue``, ``stop``, ``resume``, ``line-back``, ``line-next``,
``line-start``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tutor.engine import Move, game_ids
from tutor.errors import DirectiveError, HashError
from tutor.glossary import game_name
from tutor.i18n import Text
from tutor.limits import REVIEW_MAX_SAMPLES, REVIEW_SAMPLES, REVIEW_SECONDS
from tutor.web.directives import Directive
from tutor.web.render import Highlight, buttons_html, escape, figure_html
from tutor.web.review_link import read_review_hash
from tutor.web.sources import RULES_PAGE  # a game's rules page: from /play/review/ as from /play/<game>/
from tutor.web.widgets.base import Widget, register_widget
from tutor.web.widgets.chance_chart import chance_chart_svg
from tutor.web.widgets.play_record import format_hash

if TYPE_CHECKING:
    from types import ModuleType

CHUNK_SECONDS = 0.15  # work per request: the page redraws the progress between chunks
PLAY_PAGE = "../{game}/"  # a game's play page, from /play/review/


def _words() -> ModuleType:
    """The review's sentences (:mod:`tutor.analysis.review_words`, with the review itself): loaded when a
    reader opens a review, not with every page (see DEFERRED_IMPORTS in tests/test_architecture.py)."""
    from tutor.analysis import review_words

    return review_words


@register_widget("review")
class ReviewWidget(Widget):
    """``review: link``: the review of the game the page's link names."""

    kind = "review"

    def __init__(self, directive: Directive) -> None:
        if directive.args != ("link",):
            raise DirectiveError(Text("ui", "write review: link"))
        self.link: Any = None  # tutor.web.review_link.ReviewLink
        self.review: Any = None  # tutor.analysis.review.Review
        self.notes: list[Text] = []  # what was wrong with the link
        self.step = 0  # the place in the winning line that the board shows
        self.shown: tuple[int, tuple[str, ...]] | None = None  # the winning line the board steps through
        self.said: list[Text] = []  # what the next answer announces (once)

    # --- actions -------------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[dict], None]]:
        handlers: dict[str, Callable[[dict], None]] = {
            "start": self._start,
            "continue": lambda request: self._work(),
            "stop": self._stop,
            "resume": self._resume,
            "line-back": lambda request: self._go(self.step - 1),
            "line-next": lambda request: self._go(self.step + 1),
            "line-start": lambda request: self._go(0),
        }
        return {name: self._announcing(handler) for name, handler in handlers.items()}

    def _announcing(self, handler: Callable[[dict], None]) -> Callable[[dict], None]:
        """Each answer announces only what its own action brought (a finished review, a step)."""
        def act(request: dict) -> None:
            self.said = []
            handler(request)
        return act

    def _start(self, request: dict) -> None:
        from tutor.analysis.review import Review

        self.link, self.review, self.notes, self.step, self.shown = None, None, [], 0, None
        try:
            link = read_review_hash(request.get("link"))
        except HashError as err:
            self.notes = self.said = [Text("ui", "The link could not be used: {reason}.", reason=err.text)]
            return
        if link is None:  # the page opened from the menu: it explains itself and links the play pages
            return
        self.link = link
        if link.problem is not None:
            self.notes = [Text("ui", "The link could not be used whole: {reason}.", reason=link.problem)]
        self.review = Review(link.start, link.moves, time_limit=REVIEW_SECONDS)
        self.review.with_chances(0, REVIEW_SAMPLES, REVIEW_MAX_SAMPLES)  # a game without fair chances: None
        self.said = list(self.notes)
        self._work()

    def _work(self) -> None:
        """One chunk of the review; the summary is said when it ends."""

        review = self.review
        if not self.continues():
            return
        chances = review.chances
        # What the reader sees soonest first: the chances' first pass over the game (a provisional
        # chart), the review's quick winning line, the chances to the end (the costly moves), and
        # only then the searches (each may take REVIEW_SECONDS)
        if chances is not None and chances.running and (chances.provisional or review.searching or not review.running):
            chances.run(CHUNK_SECONDS)
        elif review.running:
            review.run(CHUNK_SECONDS, searches=chances is None or not chances.running)
        if not self.continues():
            self.said += _words().summary(review) + _words().chances_texts(review)

    def _stop(self, request: dict) -> None:
        if self.continues():
            self.review.stop()
            if self.review.chances is not None:
                self.review.chances.stop()
            self.said = _words().summary(self.review) + _words().chances_texts(self.review)

    def _resume(self, request: dict) -> None:
        if self._can_go_on():
            self.review.go_on()
            if self.review.chances is not None:
                self.review.chances.go_on()
            self._work()

    def _can_go_on(self) -> bool:
        """Whether Go on has work to take up: a stopped review or chances, or positions passed over."""
        review = self.review
        if review is None or self.continues():
            return False
        return review.left_open or (review.chances is not None and review.chances.stopped)

    def _go(self, step: int) -> None:
        shown = self._line()
        if shown is not None:
            self.step = max(0, min(step, len(shown[1])))
            self.said = [self._step_text(self._step_position())]

    def _line(self) -> tuple[int, tuple[str, ...]] | None:
        """The winning line the board steps through (see :meth:`Review.winning_line`); a new one,
        found as the review goes on, starts again at its first step."""
        shown = self.review.winning_line() if self.review is not None else None
        if shown != self.shown:
            self.shown, self.step = shown, 0
        return shown

    def continues(self) -> bool:
        review = self.review
        if review is None:
            return False
        return review.running or (review.chances is not None and review.chances.running)

    # --- drawing -------------------------------------------------------------------------------
    def body_html(self, lang: str, live: bool, widget_id: str) -> str:
        parts = [self._notes_html(lang)]
        if self.review is None:
            parts.append(self._intro_html(lang))
        else:
            parts += [self._title_html(lang), self._progress_html(lang), self._summary_html(lang),
                      self._chances_html(lang), self._board_html(lang, widget_id), self._positions_html(lang),
                      self._tips_html(lang), self._links_html(lang)]
        return f'<div class="tutor-review">{"".join(parts)}</div>'

    def _notes_html(self, lang: str) -> str:
        if not self.notes:
            return ""
        return "".join(f'<p class="tutor-review-note tutor-refused">{escape(note.render(lang))}</p>'
                       for note in self.notes)

    def _intro_html(self, lang: str) -> str:
        text = Text("ui", "On a play page, Review (beside Undo, and at the end of a game) opens the review of the "
                          "game played so far: this page then shows where the deal was lost and the move that would "
                          "have won.")
        links = "".join(f'<li><a href="{escape(PLAY_PAGE.format(game=game))}">{escape(game_name(game, lang))}</a></li>'
                        for game in game_ids())
        return (f'<p class="tutor-review-intro">{escape(text.render(lang))}</p>'
                f'<ul class="tutor-review-games">{links}</ul>')

    def _title_html(self, lang: str) -> str:
        link, rules = self.link, self.review.rules
        game = rules.title.render(lang)
        if rules.variant:
            game = f"{game} ({rules.variant_name.render(lang)})"
        title = Text("ui", "{game}, deal {number}: your game of {moves} moves", game=game, number=link.deal,
                     moves=len(self.review.moves))
        return f'<p class="tutor-review-title"><strong>{escape(title.render(lang))}</strong></p>'

    def _progress_html(self, lang: str) -> str:
        review = self.review
        run = "running" if self.continues() else "stopped" if review.stopped else "done"
        label = escape(Text("ui", "Progress of the review").render(lang))
        parts = [f'<div class="tutor-review-progress" data-run="{run}">']
        if review.running:
            parts.append(f'<p class="tutor-review-line">{escape(_words().progress_text(review).render(lang))}</p>')
        parts.append(f'<progress class="tutor-review-bar" max="{review.positions}" value="{review.decided}" '
                     f'aria-label="{label}"></progress>')
        if self.continues():
            parts.append(buttons_html([("stop", Text("ui", "Stop").render(lang))]))
        elif self._can_go_on():  # stopped by the reader, or finished with positions it gave up on
            parts.append(buttons_html([("resume", Text("ui", "Go on").render(lang))]))
        return "".join(parts) + "</div>"

    def _summary_html(self, lang: str) -> str:
        if self.review.running:
            return ""
        return ('<div class="tutor-review-summary">'
                + "".join(f"<p>{escape(text.render(lang))}</p>" for text in _words().summary(self.review)) + "</div>")

    def _chances_html(self, lang: str) -> str:
        """The fair chance to win over the game (a chart, provisional while it is worked out) and the
        moves that cost the most of it; nothing for a game without fair chances."""
        review, words = self.review, _words()
        chances = review.chances
        if chances is None:
            return ""
        values = [chances.chance(i) for i in range(len(chances.states))]
        costly = chances.costly_moves()
        marks = [(move.index, Text("ui", "Move {number}: from {before} to {after}", number=move.index + 1,
                                   before=words.chance_text(move.chance_before),
                                   after=words.chance_text(move.chance_after)).render(lang)) for move in costly]
        known = [v for v in values if v is not None]
        alt = (Text("ui", "Your chance to win before each move, from {first} at the start to {last} at the end.",
                    first=words.chance_text(known[0]), last=words.chance_text(known[-1]))
               if values[0] is not None and values[-1] is not None
               else Text("ui", "Your chance to win before each move: not worked out yet."))
        chart = chance_chart_svg(values, marks, alt=alt.render(lang),
                                 ticks=(words.chance_text(0).render(lang), words.chance_text(1).render(lang)),
                                 axis=Text("ui", "Your moves, from the first to the last").render(lang),
                                 provisional=chances.running or chances.stopped)
        heading = Text("ui", "Your chance to win, move by move").render(lang)
        said = "".join(f"<p>{escape(text.render(lang))}</p>" for text in words.chances_texts(review))
        run = "running" if chances.running else "stopped" if chances.stopped else "done"
        # how far the work is (bench/bench_ft_review.py times them): every position sampled once, the costly moves final
        sampled, final = ("yes" if not chances.provisional else "no"), ("yes" if chances.costly_final else "no")
        return (f'<div class="tutor-review-chances" data-run="{run}" data-costly="{len(costly)}" '
                f'data-sampled="{sampled}" data-costly-final="{final}">'
                f'<h2 class="tutor-review-heading">{escape(heading)}</h2>{chart}{said}</div>')

    def _board_html(self, lang: str, widget_id: str) -> str:
        review, point, shown = self.review, self.review.turning_point, self._line()
        prefix, symbols = f"{widget_id}-review", None  # the page has no board of its own: each carries its cards
        if shown is None:
            position = review.position_before(len(review.moves))
            # a game reviewed while it was still going on (the play page's Review beside Undo) has not ended
            caption = (Text("ui", "Where your game ended") if position.is_over()
                       else Text("ui", "Where you stopped")).render(lang)
            figure = figure_html(position.layout(), lang, caption=caption, id_prefix=prefix, symbols=symbols)
            return f'<div class="tutor-review-board">{figure}</div>'
        index, line = shown
        position = self._step_position()
        steps = len(line)
        said = self._step_text(position)
        highlight = Highlight.for_move(Move.parse(line[self.step])) if self.step < steps else Highlight()
        figure = figure_html(position.layout(), lang, caption=self._step_caption(index).render(lang),
                             highlight=highlight, id_prefix=prefix, symbols=symbols)
        heading = (Text("ui", "The turning point, and a line that wins") if point is not None
                   else Text("ui", "A line that wins, from the last position known to be winnable")).render(lang)
        controls = _step_buttons([("line-start", Text("ui", "Restart").render(lang), self.step > 0),
                                  ("line-back", Text("ui", "Back").render(lang), self.step > 0),
                                  ("line-next", Text("ui", "Next").render(lang), self.step < steps)])
        return (f'<div class="tutor-review-board" data-step="{self.step}" data-steps="{steps}">'
                f'<h2 class="tutor-review-heading">{escape(heading)}</h2>'
                f'<p class="tutor-review-step">{escape(said.render(lang))}</p>{figure}{controls}</div>')

    def _step_caption(self, index: int) -> Text:
        """The board's caption on the winning line from position ``index``."""
        ended = index == len(self.review.moves)
        if self.step > 0:
            if ended:
                return Text("ui", "The winning line from where you stopped, after {count} of its moves",
                            count=self.step)
            return Text("ui", "The winning line from before your move {number}, after {count} of its moves",
                        number=index + 1, count=self.step)
        if ended:
            return Text("ui", "Where you stopped: the first move of a line that wins is marked")
        if self.review.turning_point is not None:
            return Text("ui", "Before your move {number}: the move that wins instead is marked", number=index + 1)
        return Text("ui", "Before your move {number}: the first move of a line that wins is marked", number=index + 1)

    def _positions_html(self, lang: str) -> str:
        heading = Text("ui", "Position by position").render(lang)
        items = []
        for first, last, verdict in _words().stretches(self.review):
            said = Text("ui", "{positions}: {verdict}", positions=_words().stretch_text(first, last),
                        verdict=_words().verdict_text(verdict, self.review.time_limit, self.review.finished))
            items.append(f'<li data-verdict="{escape(verdict.result or "pending")}">{escape(said.render(lang))}</li>')
        note = Text("ui", '"Could still be won" means: by someone who knew every face-down card.').render(lang)
        return (f'<h2 class="tutor-review-heading">{escape(heading)}</h2><p>{escape(note)}</p>'
                f'<ul class="tutor-review-positions">{"".join(items)}</ul>')

    def _tips_html(self, lang: str) -> str:
        """The moves that broke a tip, by tip (the tip once, with a link to its example), each
        move with what the coach said of it."""
        review = self.review
        heading = Text("ui", "Moves that went against a tip").render(lang)
        if not review.tip_breaks:
            none = Text("ui", "None: every move kept to the tips of the page.").render(lang)
            return f'<h2 class="tutor-review-heading">{escape(heading)}</h2><p>{escape(none)}</p>'
        by_tip: dict[int, list[Any]] = {}
        for broken in review.tip_breaks:
            by_tip.setdefault(broken.remark.tip, []).append(broken)
        rules_page = RULES_PAGE.format(game=review.rules.game_id)
        items = []
        for tip, breaks in by_tip.items():
            remark = breaks[0].remark
            said = Text("ui", "Tip {number}: {tip}", number=tip, tip=remark.tip_text()).render(lang)
            read = Text("ui", "Read tip {number}", number=tip).render(lang)
            moves = "".join(f"<li>{escape(_move_remark(b).render(lang))}</li>" for b in breaks)
            numbers = Text("ui", "Moves {numbers}", numbers=", ".join(str(b.index + 1) for b in breaks)) \
                if len(breaks) > 1 else Text("ui", "Move {number}", number=breaks[0].index + 1)
            items.append(f'<li data-tip="{tip}"><p>{escape(said)} '
                         f'<a href="{escape(rules_page)}#{escape(remark.anchor)}">{escape(read)}</a></p>'
                         f'<details class="tutor-review-moves"><summary>{escape(numbers.render(lang))}</summary>'
                         f"<ul>{moves}</ul></details></li>")
        return (f'<h2 class="tutor-review-heading">{escape(heading)}</h2>'
                f'<ul class="tutor-review-tips">{"".join(items)}</ul>')

    def _links_html(self, lang: str) -> str:
        link = self.link
        href = PLAY_PAGE.format(game=link.game) + "#" + format_hash(link.deal, link.variant)
        # the play page goes on with the reader's own game of this deal where there is one, else deals it
        label = Text("ui", "Open deal {number} on the play page", number=link.deal).render(lang)
        return f'<p class="tutor-review-links"><a href="{escape(href)}">{escape(label)}</a></p>'

    def _step_position(self) -> Any:
        """The position the board shows: where the winning line starts (at the turning point, before
        the turning move), then after each step of the line."""
        index, line = self.shown or (len(self.review.moves), ())
        position = self.review.position_before(index)
        for move in line[:self.step]:
            position.play(move)
        return position

    def _step_text(self, position: Any) -> Text:
        line = self.shown[1] if self.shown is not None else ()
        if self.step < len(line):
            return Text("ui", "Step {step} of {steps}: {move}.", step=self.step + 1, steps=len(line),
                        move=position.describe(line[self.step]))
        return Text("ui", "Every card is home: the deal is won.")

    # --- what the page keeps and says -------------------------------------------------------------
    def announcement(self, lang: str) -> str:
        """What the action just done brought: the link's problems, the review once it is done (each
        chunk's progress would be too many words), a step through the winning line."""
        return " ".join(text.render(lang) for text in self.said)

    def root_attributes(self) -> dict[str, str]:
        return {"data-kind": "review"}

    def state(self) -> dict[str, Any]:
        review = self.review
        if review is None:
            return {"kind": self.kind, "review": None}
        point, shown = review.turning_point, self._line()
        return {"kind": self.kind, "review": {
            "game": self.link.game, "variant": self.link.variant, "deal": str(self.link.deal),
            "moves": len(review.moves), "positions": review.positions, "decided": review.decided,
            "running": review.running, "stopped": review.stopped, "left_open": review.left_open,
            "chances": None if review.chances is None else {
                "running": review.chances.running, "stopped": review.chances.stopped,
                "costly": [move.index for move in review.chances.costly_moves()]},
            "turning_point": point.index if point is not None else None,
            "winning_line_from": shown[0] if shown is not None else None, "step": self.step}}


def _move_remark(broken: Any) -> Text:
    return Text("ui", "Move {number}: {remark}", number=broken.index + 1, remark=broken.remark.text)


def _step_buttons(buttons: list[tuple[str, str, bool]]) -> str:
    inner = "".join(f'<button type="button" class="md-button tutor-button" data-action="{escape(action)}"'
                    f'{"" if enabled else " disabled"}>{escape(label)}</button>' for action, label, enabled in buttons)
    return f'<div class="tutor-controls">{inner}</div>'

