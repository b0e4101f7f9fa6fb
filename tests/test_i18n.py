"""Languages: lazy messages, card names, the compiled German catalog."""

from __future__ import annotations

import pytest

from tutor.cards import Card
from tutor.i18n import Text, card_name, card_short, catalogs_available, normalize_language


@pytest.fixture(scope="module", autouse=True)
def german_catalog():
    if "de" not in catalogs_available():
        pytest.fail("the German catalog is not compiled: run `python tools/catalogs.py compile`")


@pytest.mark.parametrize(("given", "expected"), [
    ("de", "de"), ("de-DE", "de"), ("de_AT.UTF-8", "de"), ("EN", "en"), ("fr", "en"), (None, "en"), ("", "en")])
def test_normalize_language(given, expected):
    assert normalize_language(given) == expected


def test_card_short_forms():
    """German short forms: A, 2–10, B, D, K with suit symbols (B♠ = Jack of spades, D♥ = Queen of hearts)."""
    assert [card_short(Card.parse(c), "en") for c in ("JS", "QH", "KD", "TC", "AS")] == ["J♠", "Q♥", "K♦", "10♣", "A♠"]
    assert [card_short(Card.parse(c), "de") for c in ("JS", "QH", "KD", "TC", "AS")] == ["B♠", "D♥", "K♦", "10♣", "A♠"]


def test_card_names():
    assert card_name(Card.parse("TS"), "en") == "ten of spades"
    assert card_name(Card.parse("TS"), "de") == "Pik-Zehn"


def test_text_renders_lazily_with_cards_and_nested_texts():
    text = Text("fortunes-favour", "{card} cannot go onto {top}: a tableau card must be the same suit and one rank lower",
                card=Card.parse("7H"), top=Card.parse("8S"))
    assert str(text) == "7♥ cannot go onto 8♠: a tableau card must be the same suit and one rank lower"
    assert text.render("de").startswith("7♥ kann nicht auf 8♠")
    outer = Text("ui", "tutor: {reason}", reason=text)
    assert outer.render("de").startswith("tutor: 7♥ kann nicht")


def test_each_game_speaks_its_own_words():
    """The same English word is a separate catalog entry per game: the German Queen's Audience
    says Vorzimmer, Fortune's Favour Auslage."""
    assert Text("fortunes-favour", "Tableau").render("de") == "Auslage"
    assert Text("queens-audience", "Antechamber").render("de") == "Vorzimmer"
    assert Text("queens-audience", "Audience chamber").render("de") == "Audienzsaal"
    assert Text("fortunes-favour", "Waste").render("de") == "Abwurfstapel"


def test_texts_compare_by_content():
    assert Text("ui", "a {x}", x=1) == Text("ui", "a {x}", x=1) != Text("ui", "a {x}", x=2)
    assert hash(Text("ui", "a {x}", x=1)) == hash(Text("ui", "a {x}", x=2))


def test_every_message_names_its_context_literally():
    """The catalog tools read ``Text("context", "msgid")`` from the source (``-k Text:1c,2``): a
    context held in a variable (``Text(GAME, …)``) is invisible to them, so the message would land
    in the catalog without its game and never be translated."""
    import ast
    from pathlib import Path

    import tutor

    root = Path(tutor.__file__).parent
    problems = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Text"
                    and len(node.args) >= 2):
                context, msgid = node.args[0], node.args[1]
                if not (isinstance(context, ast.Constant) and isinstance(context.value, str)
                        and isinstance(msgid, ast.Constant) and isinstance(msgid.value, str)):
                    problems.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    assert problems == []
