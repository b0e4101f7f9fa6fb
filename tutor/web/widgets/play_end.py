"""The end of a game on the play page and what the page keeps of it: the end panel above the board
(the result, the player's moves, the time, hints and moves taken back, the deal with a link to
replay it, "New deal" and the slot for "Review"), the record per variant with its chart (an SVG
drawn here, with a text alternative), and the page's dialogs (a new deal while a game is in
progress, giving up, the keyboard shortcuts). Every word comes from here; the page script opens a
dialog by its ``data-dialog`` name and knows nothing of what it says."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.i18n import Text
from tutor.web.render import escape
from tutor.web.review_link import too_long_text
from tutor.web.widgets.play_record import Finished, Stats

CHART_BAR_W = 12.0  # user units per game in the record's chart
CHART_GAP = 4.0
CHART_H = 60.0  # the tallest bar: the longest game shown
CHART_LOST_H = 8.0  # a game without a time worth drawing still shows as a stub


def duration(seconds: float) -> Text:
    """A game's time as a reader says it: ``45 s``, ``4 min 12 s``, ``1 h 5 min``."""
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return Text("ui", "{hours} h {minutes} min", hours=hours, minutes=minutes)
    if minutes:
        return Text("ui", "{minutes} min {seconds} s", minutes=minutes, seconds=secs)
    return Text("ui", "{seconds} s", seconds=secs)


def end_heading(result: str, deal: int) -> Text:
    if result == "won":
        return Text("ui", "Won! Every card of deal {number} is home.", number=deal)
    if result == "given-up":
        return Text("ui", "You gave up deal {number}.", number=deal)
    return Text("ui", "No move is left: deal {number} is lost.", number=deal)


def resumed_text(result: str, deal: int) -> Text:
    """What the page says of a saved game it has restored: it goes on where it was left, or (an
    ended game, after a reload) how it ended, beside the end panel."""
    if result == "won":
        return Text("ui", "You won deal {number}: this is how your game ended.", number=deal)
    if result == "given-up":
        return Text("ui", "You gave up deal {number}.", number=deal)
    if result == "lost":
        return Text("ui", "Deal {number} was lost: no move was left.", number=deal)
    return Text("ui", "Your game of deal {number} carries on where you left off.", number=deal)


def end_panel_html(view: Any, lang: str, enabled: bool, widget_id: str) -> str:
    """The panel that opens above the board once the game has ended (``view`` is the play widget):
    a region named by its heading, which the page script focuses (its first button) when it opens.
    ``data-action="review"`` is there when the widget can review the game
    (:meth:`PlayView.review_available`); for a game too long for a review link it is disabled, and
    the panel says why."""
    result = view.result()
    heading_id = f"{widget_id}-play-end-title"
    facts = [
        (Text("ui", "Moves"), str(len(view.groups))),
        (Text("ui", "Time"), duration(view.seconds).render(lang)),
        (Text("ui", "Hints"), str(view.hints)),
        (Text("ui", "Moves taken back"), str(view.undos)),
    ]
    summary = "".join(f"<div><dt>{escape(term.render(lang))}</dt><dd>{escape(value)}</dd></div>"
                      for term, value in facts)
    deal_term = Text("ui", "Deal").render(lang)  # one replay control: the button below (issue 41)
    summary += f"<div><dt>{escape(deal_term)}</dt><dd>{view.deal}</dd></div>"
    buttons = [("new", Text("ui", "New deal").render(lang), enabled),
               ("replay", Text("ui", "Replay this deal").render(lang), enabled)]
    too_long = ""
    if view.review_available():
        linked = view.review_address() is not None
        buttons.append(("review", Text("ui", "Review this game").render(lang), enabled and linked))
        if not linked:
            too_long = f'<p class="tutor-play-end-note">{escape(too_long_text().render(lang))}</p>'
    return (f'<section class="tutor-play-end" data-result="{escape(result)}" aria-labelledby="{heading_id}">'
            f'<h2 class="tutor-play-end-title" id="{heading_id}" tabindex="-1">'
            f'{escape(end_heading(result, view.deal).render(lang))}</h2>'
            f'<dl class="tutor-play-summary">{summary}</dl>{play_buttons(buttons)}{too_long}'
            f'{record_html(view, lang, enabled, widget_id)}</section>')


def record_html(view: Any, lang: str, enabled: bool, widget_id: str) -> str:
    """The player's record in this game and variant: one sentence, the chart of the last games (once
    there is one) and the button that resets it."""
    stats = view.stats.get(view.variant, Stats())
    game = view._caption_game(lang)
    line = Text("ui", "Your record in {game}: {played} finished, {won} won; current winning streak {streak}, "
                     "longest {best}.",
                game=game, played=stats.played, won=stats.won, streak=stats.streak, best=stats.best).render(lang)
    if stats.best_seconds is not None:
        line += " " + Text("ui", "Your best time: {time}.", time=duration(stats.best_seconds)).render(lang)
    chart = record_chart(stats.recent, lang, f"{widget_id}-record") if stats.recent else ""
    return (f'<div class="tutor-play-stats"><p>{escape(line)}</p>{chart}'
            + play_buttons([("reset-stats", Text("ui", "Reset the record").render(lang),
                             enabled and stats.played > 0)]) + "</div>")


_RESULT_WORDS = {
    "won": lambda moves, time: Text("ui", "won in {time}, {moves} moves", time=time, moves=moves),
    "lost": lambda moves, time: Text("ui", "lost after {time}, {moves} moves", time=time, moves=moves),
    "given-up": lambda moves, time: Text("ui", "given up after {time}, {moves} moves", time=time, moves=moves),
}


def record_chart(games: Sequence[Finished], lang: str, chart_id: str) -> str:
    """The last finished games as a small bar chart: one bar per game, oldest first, as tall as
    the game took; a won game filled, a lost one outlined, a given-up one dashed (shape as well as
    colour). Its text alternative: a caption that sums it up and the games as a list."""
    longest = max((game.seconds for game in games), default=0) or 1
    bars = []
    for index, game in enumerate(games):
        height = max(CHART_LOST_H, CHART_H * game.seconds / longest)
        x = index * (CHART_BAR_W + CHART_GAP) + 1
        bars.append(f'<rect class="tutor-chart-{escape(game.result)}" x="{x:g}" y="{CHART_H - height + 1:g}" '
                    f'width="{CHART_BAR_W:g}" height="{height:g}" rx="1.5"/>')
    width = len(games) * (CHART_BAR_W + CHART_GAP) + 2
    won = sum(game.result == "won" for game in games)
    lost = sum(game.result == "lost" for game in games)
    given_up = len(games) - won - lost
    caption = Text("ui", "Your finished games in this variant, the last {count}, oldest first; the taller the bar, the "
                         "longer the game: {won} won (filled), {lost} lost (outlined), {given_up} given up (dashed).",
                   count=len(games), won=won, lost=lost, given_up=given_up).render(lang)
    items = "".join(f"<li>{escape(_RESULT_WORDS[game.result](game.moves, duration(game.seconds)).render(lang))}</li>"
                    for game in games)
    summary = Text("ui", "The games as text").render(lang)
    return (f'<figure class="tutor-play-chart"><svg class="tutor-chart" xmlns="http://www.w3.org/2000/svg" '
            f'role="img" aria-labelledby="{chart_id}-caption" viewBox="0 0 {width:g} {CHART_H + 2:g}" '
            f'width="{width:g}" height="{CHART_H + 2:g}"><line class="tutor-chart-base" x1="0" x2="{width:g}" '
            f'y1="{CHART_H + 1:g}" y2="{CHART_H + 1:g}"/>{"".join(bars)}</svg>'
            f'<figcaption id="{chart_id}-caption">{escape(caption)}</figcaption>'
            f'<details class="tutor-text-alternative"><summary>{escape(summary)}</summary><ol>{items}</ol>'
            f'</details></figure>')


def play_buttons(buttons: list[tuple[str, str, bool]]) -> str:
    inner = "".join(f'<button type="button" class="md-button tutor-button" data-action="{escape(action)}"'
                    f'{"" if enabled else " disabled"}>{escape(label)}</button>' for action, label, enabled in buttons)
    return f'<div class="tutor-controls" role="group">{inner}</div>'


# --- dialogs -------------------------------------------------------------------------------------

def _dialog(name: str, widget_id: str, title: Text, body: str, buttons: str, lang: str, on_top: bool = False) -> str:
    """A modal dialog the page script opens by its name (``showModal``: the focus goes to the
    button marked ``autofocus``, the safe choice, and stays inside; Escape closes it, the focus goes
    back where it was). ``on_top``: the buttons come right under the title (a long dialog, such as
    the list of keys, then opens at its top on a phone, where its focused button is)."""
    title_id = f"{widget_id}-dialog-{name}"
    controls = f'<div class="tutor-controls" role="group">{buttons}</div>'
    return (f'<dialog class="tutor-dialog" data-dialog="{escape(name)}" aria-labelledby="{title_id}">'
            f'<h2 id="{title_id}">{escape(title.render(lang))}</h2>'
            + (controls + body if on_top else body + controls) + "</dialog>")


def _dialog_button(label: Text, lang: str, action: str | None = None) -> str:
    """A dialog's button: with ``action`` it does what the dialog asks about; without, it closes the
    dialog and is the safe choice ("Keep playing", "Close"), which has the focus when it opens."""
    if action is None:
        return (f'<button type="button" class="md-button tutor-button" data-dialog-close="" autofocus>'
                f'{escape(label.render(lang))}</button>')
    return (f'<button type="button" class="md-button md-button--primary tutor-button" data-action="{escape(action)}">'
            f'{escape(label.render(lang))}</button>')


def dialogs_html(view: Any, lang: str, widget_id: str) -> str:
    """The play page's dialogs: a new deal asked for while a game is in progress, giving up, and
    the keyboard shortcuts (in the page's language, the game's own words for "home")."""
    keep = Text("ui", "Keep playing")
    unfinished = Text("ui", "Your game of deal {number} is not finished. A new deal ends it, and it is not counted "
                            "in your record.", number=view.deal).render(lang)
    new = _dialog("new", widget_id, Text("ui", "Start a new deal?"), f"<p>{escape(unfinished)}</p>",
                  _dialog_button(Text("ui", "New deal"), lang, "new") + _dialog_button(keep, lang), lang)
    counted = Text("ui", "Deal {number} then counts as given up in your record, and your streak of wins ends.",
                   number=view.deal).render(lang)
    give_up = _dialog("give-up", widget_id, Text("ui", "Give up this game?"), f"<p>{escape(counted)}</p>",
                      _dialog_button(Text("ui", "Give up"), lang, "give-up") + _dialog_button(keep, lang), lang)
    switch = "".join(_variant_dialog(view, vid, name, lang, widget_id) for vid, name in view.rules.variants.items()
                     if vid != view.variant) if view.groups and not view.over() else ""
    return new + give_up + switch + _typed_deal_dialog(view, lang, widget_id) + shortcuts_dialog(view, lang, widget_id)


def variant_confirm(variant: str) -> str:
    """The attribute that makes a variant's button ask first (its dialog from :func:`dialogs_html`)."""
    return f' data-confirm="variant-{escape(variant or "base")}"'


def _variant_dialog(view: Any, variant: str, name: Text, lang: str, widget_id: str) -> str:
    """Another variant deals a new game: asked first while a game is in progress (the dialog's
    button sends the variant, as the variant's own button would without a game in progress)."""
    unfinished = Text("ui", "Your game of deal {number} is not finished. {variant} starts a new game, and this one "
                            "is not counted in your record.", number=view.deal, variant=name).render(lang)
    button = _dialog_button(Text("ui", "Play {variant}", variant=name), lang, "variant").replace(
        'data-action="variant"', f'data-action="variant" data-variant="{escape(variant or "base")}"', 1)
    return _dialog(f"variant-{variant or 'base'}", widget_id, Text("ui", "Switch to {variant}?", variant=name),
                   f"<p>{escape(unfinished)}</p>", button + _dialog_button(Text("ui", "Keep playing"), lang), lang)


def _typed_deal_dialog(view: Any, lang: str, widget_id: str) -> str:
    """A typed deal number while a game is in progress: the number is checked first, then the page
    asks (``data-open``: the page script opens it as soon as it is drawn)."""
    number = getattr(view, "pending_deal", None)
    if number is None:
        return ""
    unfinished = Text("ui", "Your game of deal {number} is not finished. Deal {wanted} ends it, and it is not counted "
                            "in your record.", number=view.deal, wanted=number).render(lang)
    button = _dialog_button(Text("ui", "Open deal {number}", number=number), lang, "goto").replace(
        'data-action="goto"', f'data-action="goto" data-number="{number}" data-confirmed="yes"', 1)
    return _dialog("goto", widget_id, Text("ui", "Open deal {number}?", number=number), f"<p>{escape(unfinished)}</p>",
                   button + _dialog_button(Text("ui", "Keep playing"), lang), lang).replace(
        "<dialog ", "<dialog data-open ", 1)


def shortcuts_dialog(view: Any, lang: str, widget_id: str) -> str:
    home = view._words().HOME_SHORTCUT
    keys = [
        (Text("ui", "Arrow keys"), Text("ui", "Go from pile to pile on the board")),
        (Text("ui", "Home, End"), Text("ui", "Go to the first or the last pile")),
        (Text("ui", "Enter or Space"), Text("ui", "Pick up the card; on another pile, put it there; on the same pile, "
                                                  "put it back")),
        (Text("ui", "Up, Down (cards picked)"), Text("ui", "Take more or fewer cards of the row you picked")),
        (Text("ui", "Escape"), Text("ui", "Put the picked card back")),
        (Text("ui", "F"), home),
        (Text("ui", "H"), Text("ui", "Show a hint")),
        (Text("ui", "U or Ctrl+Z"), Text("ui", "Take back the last move")),
        (Text("ui", "Shift+U or Ctrl+Y"), Text("ui", "Make the move you took back again")),
        (Text("ui", "N"), Text("ui", "Deal a new game (while a game is in progress, it asks first)")),
        (Text("ui", "?"), Text("ui", "Show this list")),
    ]
    pointer = [
        (Text("ui", "Double-click"), home),
        (Text("ui", "Click"), Text("ui", "A card with only one place to go goes there; any other card is picked up, "
                                         "and a click on a pile puts it there")),
        (Text("ui", "Drag"), Text("ui", "Drag a card, or a row from its first card, onto the pile it should go to")),
    ]

    def rows(entries: list[tuple[Text, Text]]) -> str:
        return "".join(f"<div><dt><kbd>{escape(key.render(lang))}</kbd></dt><dd>{escape(what.render(lang))}</dd></div>"
                       for key, what in entries)

    where = Text("ui", "These keys work while the game has the keyboard focus.").render(lang)
    pointing = Text("ui", "With a mouse, a pen or a finger").render(lang)
    body = (f'<p>{escape(where)}</p><dl class="tutor-shortcuts">{rows(keys)}</dl>'
            f'<h3>{escape(pointing)}</h3><dl class="tutor-shortcuts">{rows(pointer)}</dl>')
    return _dialog("shortcuts", widget_id, Text("ui", "Keyboard shortcuts"), body,
                   _dialog_button(Text("ui", "Close"), lang), lang, on_top=True)
