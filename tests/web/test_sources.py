"""A refusal and a hint link to where they come from (tutor/web/sources.py, issue 24): a refused
move to the section of the rules page that states its rule (the refusal's id → the section, the
rules class's ``refusals``), a hint to the tip its reason gives; on the play page and in practice,
in both languages (the link is relative, so a German page reaches the German rules page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.analysis.hints import hint
from tutor.engine import get_rules, rules_class
from tutor.engine.registry import game_ids
from tutor.i18n import LANGUAGES
from tutor.lessons import first_exercise_for
from tutor.web.protocol import Session

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r'<p class="tutor-source"><a href="([^"]+)" data-source="(rule|tip)"'
                  r'(?: data-(?:rule|tip)="([^"]+)")?>([^<]+)</a></p>')


def _open(spec: str, lang: str, **start) -> Session:
    session = Session()
    assert session.handle({"widget": "w", "action": "open", "spec": spec, "lang": lang})["ok"]
    assert session.handle({"widget": "w", "action": "start", **start})["ok"]
    return session


def _act(session: Session, action: str, **fields) -> dict:
    response = session.handle({"widget": "w", "action": action, **fields})
    assert response["ok"], response["message"]
    return response


def _anchors(lang: str, game: str) -> set[str]:
    text = (ROOT / "docs" / lang / f"{game}.md").read_text("utf-8")
    lessons = {f"lesson-{s}" for s in re.findall(r"lesson: [\w-]+ ([\w-]+)", text)}
    return set(re.findall(r"\{#([\w-]+)\}", text)) | lessons


@pytest.mark.parametrize("lang, label", [("en", "Read the rule"), ("de", "Regel lesen")])
@pytest.mark.parametrize("game", game_ids())
def test_a_refused_move_on_the_play_page_links_its_rule(game: str, lang: str, label: str) -> None:
    session = _open(f"play: {game}", lang, hash="deal=3&variant=base")
    position = get_rules(game).deal(3)
    refused = next(f"{a}-{b}" for a in position.piles for b in position.piles
                   if a != b and position.piles[a] and not position.is_legal(f"{a}-{b}")
                   and "s" not in (a, b) and a[0] != "f")
    answer = _act(session, "move", move=refused)
    [(href, kind, rule, text)] = LINK.findall(answer["html"])
    assert kind == "rule" and text == label
    section = rules_class(game).refusals[rule]
    assert href == f"../../{game}/#{section}"
    assert section in _anchors(lang, game)
    assert not LINK.findall(_act(session, "move", move=str(position.legal_moves()[0]))["html"])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", game_ids())
def test_a_hint_links_the_tip_it_names(game: str, lang: str) -> None:
    session = _open(f"play: {game}", lang, hash="deal=5&variant=base")
    answer = _act(session, "hint")
    found = hint(get_rules(game).deal(5))
    number = int(re.search(r"Tip (\d):", found.explanation.render("en")).group(1))
    [(href, kind, tip, _)] = LINK.findall(answer["html"])
    assert (kind, int(tip)) == ("tip", number)
    assert href == f"../../{game}/#lesson-tip-{number}"
    assert href.split("#")[1] in _anchors(lang, game)


def test_practice_links_a_refused_moves_rule_and_a_wrong_moves_tip() -> None:
    exercise = first_exercise_for("fortunes-favour", 2)
    session = _open("practice: fortunes-favour", "de", hash=f"practice={exercise.id}")
    position = exercise.position()
    refused = next(f"{a}-{b}" for a in position.piles for b in position.piles
                   if a.startswith("t") and b.startswith("t") and a != b and position.piles[a]
                   and not position.is_legal(f"{a}-{b}"))
    [(href, kind, rule, _)] = LINK.findall(_act(session, "move", move=refused)["html"])
    assert kind == "rule" and href == f"../../fortunes-favour/#{rules_class('fortunes-favour').refusals[rule]}"
    [(href, kind, tip, _)] = LINK.findall(_act(session, "move", move=exercise.trap)["html"])
    assert (kind, tip, href) == ("tip", "2", "../../fortunes-favour/#lesson-tip-2")
