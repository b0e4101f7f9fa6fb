"""A refusal and a hint link to where they come from, in Debian's Chromium (tutor/web/sources.py,
issue 24): on the play page a refused move's link opens the rules page of the page's own language at
the section that states the rule, a hint's link the tip's guided example; practice links a refused
move's rule too; axe-core finds nothing with the links shown, on a phone and at 1280 px, with
four-colour suits on."""

from __future__ import annotations

import pytest
from test_a11y import axe_violations
from test_play_browser import PLAY, click_action, click_pile, settle, wait_live
from test_site import page_url

from tutor.engine import get_rules, rules_class
from tutor.i18n import LANGUAGES
from tutor.lessons import first_exercise_for

PRACTICE = '[data-tutor-widget][data-kind="practice"]'


def refused_pair(position) -> tuple[str, str]:
    """Two tableau piles, both with cards, whose top card may not go from the first to the second."""
    return next((a, b) for a in position.piles for b in position.piles
                if a.startswith("t") and b.startswith("t") and a != b and position.piles[a] and position.piles[b]
                and not position.is_legal(f"{a}-{b}"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_links_its_rule_and_a_hint_its_tip(browser, base_url, lang):
    game, deal = "fortunes-favour", 3
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_init_script("try { localStorage.setItem('tutor-suits', 'four') } catch (e) {}")
    page = context.new_page()
    page.goto(page_url(base_url, lang, f"play/{game}/") + f"#deal={deal}")
    wait_live(page)
    source, target = refused_pair(get_rules(game).deal(deal))
    click_pile(page, source)
    click_pile(page, target)
    link = page.locator(f"{PLAY} .tutor-source a")
    assert link.get_attribute("data-source") == "rule"
    section = rules_class(game).refusals[link.get_attribute("data-rule")]
    assert link.get_attribute("href") == f"../../{game}/#{section}"
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    assert axe_violations(page) == []
    click_action(page, "hint")
    link = page.locator(f"{PLAY} .tutor-source a")
    assert link.get_attribute("data-source") == "tip"
    tip = link.get_attribute("data-tip")
    assert f"{'Tipp' if lang == 'de' else 'Tip'} {tip}" in page.locator(f"{PLAY} .tutor-play-hint").inner_text()
    assert axe_violations(page) == []
    link.click()
    page.wait_for_url(page_url(base_url, lang, f"{game}/") + f"#lesson-tip-{tip}")
    assert page.locator(f"#lesson-tip-{tip}").count() == 1
    context.close()


def test_practice_links_a_refused_moves_rule(browser, base_url):
    exercise = first_exercise_for("fortunes-favour", 2)
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_url(base_url, "de", "play/fortunes-favour/") + f"#practice={exercise.id}")
    wait_live(page, PRACTICE)
    source, target = refused_pair(exercise.position())
    click_pile(page, source, PRACTICE)
    click_pile(page, target, PRACTICE)
    settle(page, PRACTICE)
    link = page.locator(f"{PRACTICE} .tutor-source a")
    assert link.get_attribute("data-source") == "rule"
    assert link.inner_text() == "Regel lesen"
    assert axe_violations(page) == []
    section = rules_class("fortunes-favour").refusals[link.get_attribute("data-rule")]
    link.click()
    page.wait_for_url(page_url(base_url, "de", "fortunes-favour/") + f"#{section}")
    context.close()
