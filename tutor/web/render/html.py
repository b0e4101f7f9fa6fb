"""The HTML around the boards: a widget's root, its buttons, the frames of a guided example and
its controls, the "try it yourself" panel. The page script finds its parts by these classes and
data attributes."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutor.i18n import Text
from tutor.web.render.text import escape


def buttons_html(buttons: Sequence[tuple[str, str]]) -> str:
    """Controls of a live widget: ``(action, label)`` pairs; the page script posts the action."""
    inner = "".join(f'<button type="button" class="md-button tutor-button" data-action="{escape(action)}">'
                    f"{escape(label)}</button>" for action, label in buttons)
    return f'<div class="tutor-controls">{inner}</div>'


def widget_html(widget_id: str, spec: str, lang: str, body: str, attributes: dict[str, str] | None = None) -> str:
    """The root of a live widget as the page carries it: the static body (drawn at build time),
    a status line, and the localized words the page script shows while the engine loads, when
    it fails, or when the browser cannot store the game (the script itself holds no text).
    ``data-state`` starts as ``static``; ``attributes`` adds the widget's own (``data-scenario``).
    The card symbols its boards use are the page's (:func:`with_card_defs`)."""
    loading = Text("ui", "The live view is loading…").render(lang)
    failed = Text("ui", "The live view could not be loaded, so this picture stays as it is. "
                        "Reloading the page may help.").render(lang)
    unsaved = Text("ui", "The browser's storage is full or turned off, so this game will not be kept "
                         "after you leave the page.").render(lang)
    status_id = f"{widget_id}-status"
    if "data-lesson" not in (attributes or {}):  # a lesson's parts are widgets that wait on their own
        body = _waiting(body, lang, status_id, guide="data-scenario" in (attributes or {}))
    skip = end = ""
    if "data-scenario" in (attributes or {}):
        # a guided example has several controls: a keyboard can pass it with one link
        skip_text = Text("ui", "Skip this example").render(lang)
        skip = f'<a class="tutor-skip" href="#{escape(widget_id)}-end">{escape(skip_text)}</a>'
        end = f'<span class="tutor-end" id="{escape(widget_id)}-end" tabindex="-1"></span>'
    return (f'<div class="tutor-widget" data-tutor-widget="{escape(widget_id)}" data-spec="{escape(spec)}" '
            f'data-lang="{escape(lang)}" lang="{escape(lang)}" data-state="static" '
            f'data-msg-loading="{escape(loading)}" data-msg-error="{escape(failed)}" '
            f'data-msg-unsaved="{escape(unsaved)}"'
            + "".join(f' {name}="{escape(value)}"' for name, value in (attributes or {}).items()) + ">"
            + skip + f'<div class="tutor-body">{body}</div>'
            f'<p class="tutor-status" id="{escape(status_id)}" role="status" aria-live="polite"></p>{end}</div>')


_DISABLED = re.compile(r'(<(?:button|input)\b[^>]*?) disabled>')


def _waiting(body: str, lang: str, status_id: str, guide: bool) -> str:
    """The static body while the page waits for the engine: a board that only the engine can make
    playable (not a guide's, whose frames work at once) says on itself that the cards are being got
    ready, where the reader is looking (tutor.css shows it only while the widget is ``static`` or
    ``loading``), and each button disabled until then names why in its description: the widget's
    status line, which says that the engine is loading, or why it could not. A guide's buttons are
    disabled for reasons of their own (the first frame), except "Try it yourself"."""
    if not guide and '<div class="tutor-board">' in body:
        note = escape(Text("ui", "Getting the cards ready…").render(lang))
        body = body.replace('<div class="tutor-board">', f'<div class="tutor-board"><p class="tutor-board-wait" '
                                                        f'aria-hidden="true">{note}</p>', 1)
        body = '<noscript><style>.tutor-board-wait{display:none!important}</style></noscript>' + body
    described = f'\\1 disabled aria-describedby="{escape(status_id)}">'
    if guide:
        return re.sub(r'(<button\b[^>]*data-guide="try"[^>]*?) disabled>', described, body)
    return _DISABLED.sub(described, body)


# --- guided examples (``scenario:``) ---------------------------------------------------------------

def frame_html(frame_id: str, track: int, index: int, figure: str, counter: str, narration: Sequence[str],
               refused: str | None = None, term: str | None = None, current: bool = False,
               move: str | None = None, forced: bool = False) -> str:
    """One frame of a guided example: its board (a :func:`figure_html`), where it stands ("Step 2
    of 5") and what the text says. Every frame of every track is in the page; only the current one
    is shown (``hidden`` on the others; without JavaScript the widget's ``<noscript>`` style shows
    them all, one under the other). A frame that shows a move (drawn on the position before it)
    carries ``data-move`` (its notation, as data only), ``data-forced`` when the rules make it,
    ``data-refused`` when the rules forbid it (``refused`` is then the engine's reason)."""
    hidden = "" if current else " hidden"
    term_attr = f' data-term="{escape(term)}"' if term is not None else ""
    if move is not None:
        term_attr += f' data-move="{escape(move)}"'
    if forced:
        term_attr += ' data-forced=""'
    if refused:
        term_attr += ' data-refused=""'
    paragraphs = "".join(f'<p class="tutor-narration">{escape(text)}</p>' for text in narration if text)
    if refused:
        paragraphs += f'<p class="tutor-refused">{escape(refused)}</p>'
    return (f'<div class="tutor-frame" id="{escape(frame_id)}" data-track="{track}" data-frame="{index}"'
            f'{term_attr}{hidden}><p class="tutor-counter">{escape(counter)}</p>{figure}'
            f'<div class="tutor-narrations">{paragraphs}</div></div>')


def choice_buttons(attribute: str, choices: Sequence[tuple[int, str]], pressed: int | None, label: str) -> str:
    """A group of toggle buttons (branches, variants, terms): ``data-<attribute>`` carries the index."""
    inner = "".join(
        f'<button type="button" class="md-button tutor-choice" data-{attribute}="{index}" '
        f'aria-pressed="{"true" if index == pressed else "false"}">{escape(text)}</button>'
        for index, text in choices)
    return f'<div class="tutor-choices" role="group" aria-label="{escape(label)}">{inner}</div>'


def guide_html(scenario_id: str, kind: str, lang: str, frames: Sequence[str], choices: str,
               labels: dict[str, str], first_track_frames: int = 2) -> str:
    """The guided example as the page carries it: its choices (branches, variants, terms), every
    frame, the back/next/restart controls (they work the moment the page script runs, without the
    engine), "Try it yourself" (enabled once the engine is live), the live region that reads the
    current narration aloud, and the container the live board is swapped into. A control that
    would do nothing on the first frame is disabled (Back, Restart; Next when there is one frame)."""
    disabled = {"back", "restart", "try"} | ({"next"} if first_track_frames < 2 else set())
    controls = "".join(
        f'<button type="button" class="md-button tutor-button" data-guide="{action}"'
        f'{" disabled" if action in disabled else ""}>{escape(labels[action])}</button>'
        for action in ("back", "next", "restart", "try"))
    return (f'<noscript><style>.tutor-frames{{display:block!important}}'
            f'.tutor-frame[hidden]{{display:block!important;visibility:visible!important}}'
            f'.tutor-guide-controls,.tutor-choices{{display:none!important}}</style></noscript>'
            f'<div class="tutor-scenario" id="scenario-{escape(scenario_id)}" '
            f'data-kind="{escape(kind)}" tabindex="-1">'
            f'{choices}<div class="tutor-guide"><div class="tutor-frames">{"".join(frames)}</div>'
            f'<div class="tutor-controls tutor-guide-controls" aria-label="{escape(labels["controls"])}" '
            f'role="group">{controls}</div></div>'
            f'<div class="tutor-play" hidden></div>'
            f'<p class="tutor-announce tutor-visually-hidden" aria-live="polite"></p></div>')


def play_html(figure: str, message: str, message_class: str, buttons: Sequence[tuple[str, str, bool]],
              legal_moves: Sequence[tuple[str, str]] | None, legal_title: str) -> str:
    """The board while the reader plays: the interactive figure, the last thing that happened (a
    move's sentences, a refusal's reason, a hint), the controls ``(action, label, enabled)`` and,
    when asked for, the legal moves as buttons that play them."""
    controls = "".join(
        f'<button type="button" class="md-button tutor-button" data-action="{escape(action)}"'
        f'{"" if enabled else " disabled"}>{escape(label)}</button>' for action, label, enabled in buttons)
    moves = ""
    if legal_moves is not None:
        items = "".join(f'<li><button type="button" class="tutor-move" data-action="move" '
                        f'data-move="{escape(notation)}">{escape(sentence)}</button></li>'
                        for notation, sentence in legal_moves)
        moves = (f'<div class="tutor-legal"><p class="tutor-legal-title">{escape(legal_title)}</p>'
                 f'<ul class="tutor-legal-moves">{items}</ul></div>')
    return (f'<div class="tutor-play-view">{figure}'
            f'<p class="tutor-play-message {escape(message_class)}">{escape(message)}</p>'
            f'<div class="tutor-controls" role="group">{controls}</div>{moves}</div>')
