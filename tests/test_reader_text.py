"""Everything a reader reads or hears is free of move notation (issue 10), in both languages.

The sweep renders the engine's reader-facing texts: the description of every legal move, the
refusal of every single-card move between every pair of piles on a few hundred random positions
per game and variant, hints, the legal-move list, every frame of every guided example (narrations,
counters, refusals, aria-labels), the live board's messages (a stock click, a pick, a move, a hint),
and fails on anything shaped like move notation (``t3-f1``, ``r2+r9-j1``, ``s-w``) or a pile id
(``k3``, ``j1``, ``t10``). The ``tutor`` command may print notation where it is labelled as
notation; it is not swept here.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest
from catalog_forms import forms

from tutor.engine import BadMoveNotation, Move, game_ids, get_rules
from tutor.i18n import LANGUAGES, Text
from tutor.lessons import all_scenarios
from tutor.web.protocol import Session, build_html
from tutor.web.render import as_sentence

# a move (src-dst, pairs joined by +, a count xN) or a bare pile id; never inside a word
NOTATION = re.compile(r"(?<![\w])(?:[stwfrkj]\d{0,2}(?:\+[stwfrkj]\d{0,2})?-[stwfrkj]\d{0,2}(?:x\d+)?"
                      r"|[tfrkjTFRKJ]\d{1,2})(?![\w])")
POSITIONS_PER_VARIANT = 200


def test_the_pattern_finds_notation_and_spares_words():
    for leak in ("and r6-j2 still goes", "(e.g. r2+r9-j1)", "turn it (s-w)", "enter at k3", "t1–t10", "w-s",
                 "t2-t5x3", "j1 is empty"):
        assert NOTATION.search(leak), leak
    for fine in ("Move the 5♣ onto the 6♣.", "Herz-Dame", "Pik-Bube auf Kreuz-10", "the 10♠", "Zielstapel 3",
                 "column 3", "Tableau-Spalte", "K♥ and Q♥", "s’", "Step 2 of 5", "Schritt 12 von 18"):
        assert not NOTATION.search(fine), fine


def leaks(texts, where: str) -> list[str]:
    return [f"{where}: {text!r}" for text in texts if NOTATION.search(text)]


def variants() -> list[tuple[str, str]]:
    found = []
    for game in game_ids():
        rules = get_rules(game)
        found += [(game, variant) for variant in type(rules).variants]
    return found


def random_positions(game: str, variant: str, count: int):
    """``count`` positions reached by random play from the first deals (a fixed seed)."""
    rules = get_rules(game, variant)
    rng = random.Random(f"{game}/{variant}")
    deal = 0
    while count > 0:
        position = rules.deal(deal)
        deal += 1
        for _ in range(min(count, 20)):
            yield position
            count -= 1
            moves = position.legal_moves()
            if not moves:
                break
            for _ in range(rng.randint(1, 6)):
                moves = position.legal_moves()
                if not moves:
                    break
                position.play(rng.choice(moves))
            position = position.copy()


@pytest.mark.parametrize("game,variant", variants())
def test_move_descriptions_and_refusals_name_no_notation(game: str, variant: str):
    """Every legal move's description and the refusal of every single-card move between every
    pair of piles, on random positions of this game and variant."""
    texts: dict[str, Text] = {}
    for position in random_positions(game, variant, POSITIONS_PER_VARIANT):
        for move in position.legal_moves():
            text = position.describe(move)
            texts.setdefault(repr(text), text)
        piles = list(position.piles)
        for src in piles:
            for dst in piles:
                try:
                    reason = position._check(position.canonical(Move(src, dst)))
                except BadMoveNotation as refusal:
                    reason = refusal.text
                if reason is not None:
                    texts.setdefault(repr(reason), reason)
    assert texts
    found = []
    for lang in LANGUAGES:
        found += leaks((as_sentence(text.render(lang)) for text in texts.values()), f"{game} {variant} {lang}")
    assert not found, "\n".join(found[:40])


class _ReaderText(HTMLParser):
    """What a reader reads or hears in a piece of HTML: its text and its aria-labels."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt") or name.startswith("data-msg"):
                self.texts.append(value or "")

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.append(data.strip())


def reader_text(html: str) -> list[str]:
    reader = _ReaderText()
    reader.feed(html)
    return reader.texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_frame_of_every_guided_example_names_no_notation(lang: str):
    found = []
    for scenario in all_scenarios():
        html = build_html(f"scenario: {scenario.id}", lang, "w")
        found += leaks(reader_text(html), scenario.id)
    assert not found, "\n".join(found[:40])


def live(session: Session, **request) -> dict:
    answer = session.handle({"widget": "w", **request})
    assert answer["ok"], answer["message"]
    return answer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_live_board_names_no_notation(lang: str):
    """Try it yourself from every frame that shows a move: the board, the legal-move list, a
    click on every pile (the stock too), each legal move played, and a hint."""
    found = []
    for scenario in all_scenarios():
        if scenario.kind != "steps":
            continue
        session = Session()
        live(session, action="open", spec=f"scenario: {scenario.id}", lang=lang)
        widget = session.widgets["w"][0]
        frames = [index for index, frame in enumerate(widget.tracks[0].frames) if frame.move is not None or not index]
        for index in frames[:4]:  # the start and the first moves: every kind of pile and message
            answer = live(session, action="try", track=0, frame=index)
            answer = live(session, action="legal")
            found += leaks([answer["message"], *reader_text(answer["html"])], f"{scenario.id} frame {index}")
            for pile in list(widget.position.piles):
                answer = live(session, action="pick", pile=pile)
                found += leaks([answer["message"]], f"{scenario.id} frame {index} click {pile}")
                if widget.selection is not None:
                    live(session, action="pick", pile=pile)  # drop the pick again
            for move in widget.position.legal_moves()[:6]:
                answer = live(session, action="move", move=str(move))
                found += leaks([answer["message"], *reader_text(answer["html"])], f"{scenario.id} {move}")
                live(session, action="undo")
        answer = live(session, action="try", track=0, frame=0)
        answer = live(session, action="hint")
        found += leaks([answer["message"]], f"{scenario.id} hint")
    assert not found, "\n".join(found[:40])


def test_every_game_speaks_du_in_german():
    """Issue 26: the site's own German says du in every game, Forty Thieves too (its seed's Sie stays
    in the quoted rule text on the page); no message of a game says Sie to the reader."""
    from pathlib import Path

    po = Path(__file__).resolve().parents[1] / "locales" / "de" / "LC_MESSAGES" / "tutor.po"
    catalog = list(forms(po, "de"))
    du = re.compile(r"\b(du|dich|dir|dein\w*)\b", re.I)
    formal = re.compile(r"\bSie (haben|können|möchten)\b|\bIhnen\b")
    for game in game_ids():
        strings = [m.string for m in catalog if m.context == game and m.string]
        assert any(du.search(s) for s in strings), game
        assert not [s for s in strings if formal.search(s)], game
