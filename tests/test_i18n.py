"""Languages: lazy messages, card names, the compiled German catalog."""

from __future__ import annotations

import re
import string
from pathlib import Path

import catalog_forms
import pytest
from babel.messages.pofile import read_po
from card_sentences import texts_naming_cards

from tutor.cards import Card
from tutor.i18n import (
    CARD_FORMS,
    LANGUAGES,
    Plural,
    Text,
    card_form,
    card_name,
    card_short,
    catalogs_available,
    in_words,
    normalize_language,
    rank_gender,
    translate,
)
from tutor.lessons import CardAt, CardIn


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
    text = Text("fortunes-favour", "the {card} cannot go onto the {top}: a tableau card must be the same suit and one "
                "rank lower", card=Card.parse("7H"), top=Card.parse("8S"))
    assert str(text) == "the 7♥ cannot go onto the 8♠: a tableau card must be the same suit and one rank lower"
    assert text.render("de").startswith("Die 7♥ kann nicht auf die 8♠")
    outer = Text("ui", "tutor: {reason}", reason=text)
    assert outer.render("de").startswith("tutor: Die 7♥ kann nicht")


def test_each_game_speaks_its_own_words():
    """The same English word is a separate catalog entry per game: the German Queen's Audience
    says Vorzimmer, Fortune's Favour Auslage."""
    assert Text("fortunes-favour", "tableau").render("de") == "Auslage"  # the glossary term
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


# --- grammatical forms of cards ------------------------------------------------------------------
# German articles follow the rank's noun: der König, der Bube, das Ass, die Dame, die Sieben.
KING, JACK, ACE, QUEEN, SEVEN, FIVE = (Card.parse(code) for code in ("KH", "JS", "AS", "QH", "7H", "5D"))
FORMS = ("nom", "acc", "dat", "gen", "indef_nom", "indef_acc", "indef_dat")


def test_every_rank_has_its_german_gender():
    """das Ass; die Zwei … die Zehn; der Bube; die Dame; der König."""
    assert "".join(rank_gender(rank, "de") for rank in range(1, 14)) == "nfffffffffmfm"


@pytest.mark.parametrize(("form", "king", "jack", "ace", "queen", "seven"), [
    ("nom", "der K♥", "der B♠", "das A♠", "die D♥", "die 7♥"),
    ("acc", "den K♥", "den B♠", "das A♠", "die D♥", "die 7♥"),
    ("dat", "dem K♥", "dem B♠", "dem A♠", "der D♥", "der 7♥"),
    ("gen", "des K♥", "des B♠", "des A♠", "der D♥", "der 7♥"),
    ("indef_nom", "ein K♥", "ein B♠", "ein A♠", "eine D♥", "eine 7♥"),
    ("indef_acc", "einen K♥", "einen B♠", "ein A♠", "eine D♥", "eine 7♥"),
    ("indef_dat", "einem K♥", "einem B♠", "einem A♠", "einer D♥", "einer 7♥"),
])
def test_german_card_forms_follow_the_gender_of_the_rank(form, king, jack, ace, queen, seven):
    cards = (KING, JACK, ACE, QUEEN, SEVEN)
    assert [card_form(card, form, "de") for card in cards] == [king, jack, ace, queen, seven]
    capital = form[0].upper() + form[1:]
    assert [card_form(card, capital, "de") for card in cards] == [
        words[0].upper() + words[1:] for words in (king, jack, ace, queen, seven)]


def test_a_translation_names_the_form_in_the_placeholder():
    """“Leg {card:acc} … auf {top:acc}”: den K♥, das A♠, die 7♥ — the same message for every card."""
    def move(card, top):
        return Text("fortunes-favour", "Move the {card} from the waste onto the {top} on pile {n}",
                    card=card, top=top, n="3")
    assert move(KING, QUEEN).render("de") == "Leg den K♥ vom Abwurfstapel auf die D♥ auf Stapel 3"
    assert move(SEVEN, ACE).render("de") == "Leg die 7♥ vom Abwurfstapel auf das A♠ auf Stapel 3"
    assert move(KING, QUEEN).render("en") == "Move the K♥ from the waste onto the Q♥ on pile 3"
    assert f"{_card_words(JACK):Nom} passt" == "Der B♠ passt"


def _card_words(card):
    from tutor.i18n import _CardWords
    return _CardWords(card, "de")


def test_english_has_one_form_and_its_messages_name_no_other():
    """English writes its own articles in the msgid (“the {card}”); every form but ``a`` (the
    indefinite article, which depends on the rank: “an 8♣”) is the bare short form."""
    assert {card_form(KING, form, "en") for form in FORMS + ("Nom", "Acc")} == {"K♥"}
    used = {form for m in catalog_forms.forms(PO_EN) if m.id for _, form in FORM_PLACEHOLDER.findall(m.id)}
    assert used == {"a"}


def test_an_unknown_form_or_a_form_on_a_word_falls_back_to_the_plain_value():
    assert card_form(KING, "vocative", "de") == card_form(KING, ">5", "de") == "K♥"
    assert card_form(KING, "acc", "fr") == "K♥"
    text = Text("ui", "{card:vocative}, {n:acc}, {reason:dat}", card=KING, n=3, reason=Text("ui", "Undo"))
    assert text.render("de") == f"K♥, 3, {Text('ui', 'Undo').render('de')}"
    assert text.render("en") == "K♥, 3, Undo"


# --- every German sentence that names a card agrees with it --------------------------------------
PO_DE = Path(__file__).resolve().parent.parent / "locales" / "de" / "LC_MESSAGES" / "tutor.po"
PO_EN = PO_DE.parent.parent.parent / "en" / "LC_MESSAGES" / "tutor.po"
FORM_PLACEHOLDER = re.compile(r"\{(\w+):(\w+)\}")
ARTICLES = r"der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines"
# A German card short form and the word before it; the rank letter gives the noun's gender.
CARD_AFTER_WORD = re.compile(r"(\w+)\s+((?:10|[2-9AKDB])[♠♥♦♣])")
WRONG_BEFORE = {"m": {"die", "das", "eine", "einer"},             # der König, den Buben
                "n": {"die", "der", "den", "eine", "einer", "einen"},  # das Ass, dem Ass
                "f": {"den", "dem", "das", "des", "ein", "einen", "einem"}}  # die Dame, der Sieben
ADJECTIVE_BEFORE_CARD = re.compile(rf"\b(?:{ARTICLES})\s+[a-zäöüß]+\s+(?:10|[2-9AKDB])[♠♥♦♣]", re.I)
# "ihr Ass", "ihren Zielstapel": a possessive that agrees with a feminine card only.
POSSESSIVE = re.compile(r"\b(?:ihr|sein)(?:e|en|em|er|es)?\s+(?:Ass|Zielstapel|Grundstapel|Lücke|Stapel|Platz)\b")


def _gender_of_short(short: str) -> str:
    return {"K": "m", "B": "m", "A": "n"}.get(short[0], "f")


def _german_catalog():
    return [m for m in catalog_forms.forms(PO_DE) if m.id and m.string and not m.context.startswith("card-")]


def _card_messages() -> dict[tuple[str, str], set[str]]:
    """(context, msgid) → the names of its card parameters: those the tutor passes cards in, and
    every placeholder a German translation gives a form."""
    messages: dict[tuple[str, str], set[str]] = {}
    for text in texts_naming_cards():
        names = {name for name, value in text.params.items() if isinstance(value, Card)}
        messages.setdefault((text.context, text.msgid), set()).update(names)
    for message in _german_catalog():
        names = {name for name, _form in FORM_PLACEHOLDER.findall(message.string)}
        if names:
            messages.setdefault((message.context, message.id), set()).update(names)
    return messages


def _agreement_problems(sentence: str) -> list[str]:
    problems = [f"{word} {short}" for word, short in CARD_AFTER_WORD.findall(sentence)
                if word.lower() in WRONG_BEFORE[_gender_of_short(short)]]
    problems += ADJECTIVE_BEFORE_CARD.findall(sentence) + POSSESSIVE.findall(sentence)
    return problems


def test_the_agreement_check_sees_the_old_mistakes():
    """The sentences this check was written against, as they were."""
    assert _agreement_problems("Leg die K♥ vom Abwurfstapel auf die B♠ auf Stapel 3") == ["die K♥", "die B♠"]
    assert _agreement_problems("Das A♠ kommt auf den 7♥") == ["den 7♥"]
    assert _agreement_problems("Die D♥ darf auf die verfügbare A♠") == ["die verfügbare A♠"]
    assert _agreement_problems("Leg die 2♦ auf ihr Ass") == ["ihr Ass"]
    assert _agreement_problems("Leg den K♥ auf die D♥, dann das A♠ mit einer 7♥") == []


def test_the_sweep_finds_the_engines_and_the_scenarios_card_sentences():
    messages = _card_messages()
    for expected in [("fortunes-favour", "Move the {card} from the waste onto the {top} on pile {n}"),
                     ("queens-audience",
                      "The waste gives its top card, the {card}, to fill the space in the antechamber."),
                     ("forty-thieves",
                      "the {card} cannot go onto the {top}: a foundation builds up in suit, one rank at a time"),
                     ("queens-audience",
                      "The {jack} has to wait until the {ace} turns up, the {queen} until the {king} comes.")]:
        assert expected in messages, expected
    assert messages[("queens-audience", "The {jack} has to wait until the {ace} turns up, the {queen} until the "
                     "{king} comes.")] == {"jack", "ace", "queen", "king"}


def test_every_german_card_sentence_agrees_with_a_king_a_jack_an_ace_a_queen_and_a_seven():
    """Each card parameter in turn becomes each of the five cards (the others a Five, words a 3):
    no feminine article before a King, Jack or Ace, no der/den before a number or a Queen, no
    article–adjective pair before a card, no possessive that fits only a feminine card."""
    wrong = []
    for (context, msgid), card_names in sorted(_card_messages().items()):
        placeholders = {field for _literal, field, *_ in string.Formatter().parse(msgid) if field}
        for name in sorted(card_names):
            for card in (KING, JACK, ACE, QUEEN, SEVEN):
                params = {key: (card if key == name else FIVE if key in card_names else "3") for key in placeholders}
                sentence = Text(context, msgid, **params).render("de")
                wrong += [(msgid, sentence, problem) for problem in _agreement_problems(sentence)]
    assert wrong == []


def test_forms_stand_only_on_card_parameters():
    """A form on a parameter that is no card would silently be ignored: the article would vanish."""
    wrong = []
    for text in texts_naming_cards():
        german = translate("de", text.context, text.msgid)
        wrong += [(text.msgid, name) for name, _form in FORM_PLACEHOLDER.findall(german)
                  if not isinstance(text.params.get(name), (Card, CardAt, CardIn))]  # a card read from the position
    assert wrong == []


def test_no_german_article_stands_before_a_bare_placeholder():
    """“die {card}” is right for a Seven only: a translation puts the form into the placeholder
    ({card:acc}) or words the sentence without an article."""
    bare = re.compile(rf"\b(?:{ARTICLES}|ihr\w*|sein\w*)\s+\{{\w+\}}", re.I)
    assert [m.string for m in _german_catalog() if bare.search(m.string)] == []


def test_every_form_a_german_sentence_uses_is_known():
    used = {form.lower() for m in _german_catalog() for _name, form in FORM_PLACEHOLDER.findall(m.string)}
    assert used <= set(FORMS) == set(CARD_FORMS)


def test_the_english_indefinite_article_follows_the_spoken_rank() -> None:
    """"an 8♣" and "an A♠" (eight and ace begin with a vowel sound), "a 7♣", "a 10♦"; the form ``a``
    is English's own, so German shows the short form (its sentences use their gendered forms)."""
    from tutor.cards import Card
    from tutor.i18n import card_form

    said = {code: card_form(Card.parse(code), "a", "en") for code in ("8C", "AS", "7C", "TD", "KH")}
    assert said == {"8C": "an 8♣", "AS": "an A♠", "7C": "a 7♣", "TD": "a 10♦", "KH": "a K♥"}
    assert Text("x", "though {lower:a} could", lower=Card.parse("8C")).render("en") == "though an 8♣ could"
    assert card_form(Card.parse("8C"), "a", "de") == "8♣"


def test_small_counts_are_words_in_the_pages_language() -> None:
    from tutor.i18n import in_words

    assert [Text("x", "in {count} moves", count=in_words(n)).render("en") for n in (2, 8, 12, 13)] == [
        "in two moves", "in eight moves", "in twelve moves", "in 13 moves"]
    assert Text("x", "in {count} Zügen", count=in_words(3)).render("de") == "in drei Zügen"
    assert in_words(1) == 1  # one move is a sentence of its own ("in one move")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plural_takes_the_form_its_count_asks_for_in_every_language(lang):
    """The forms come from the catalog by its Plural-Forms (never by ``count == 1`` in the code): the
    singular for one, the plural with the count for more, and a count given in words is kept."""
    one, many = (Plural("ui", "one task", "{count} tasks", n).render(lang) for n in (1, 3))
    assert (one, many) == {"en": ("one task", "3 tasks"), "de": ("eine Aufgabe", "3 Aufgaben")}.get(lang, (one, many))
    assert "3" in many and "3" not in one
    worded = Plural("ui", "You picked the {card} and the card on it. Now pick the pile they should go to.",
                    "You picked the {card} and the {count} cards on it. Now pick the pile they should go to.",
                    2, card=Card.parse("9S"), count=in_words(2)).render(lang)
    assert in_words(2).render(lang) in worded and "9♠" in worded


def test_every_plural_is_in_the_catalogs_with_all_its_forms():
    """The extraction knows ``Plural``: its messages reach every catalog with a form per plural rule."""
    locales = PO_EN.parent.parent.parent
    with (locales / "tutor.pot").open("rb") as f:
        plurals = [m for m in read_po(f) if isinstance(m.id, tuple)]
    assert len(plurals) >= 8
    for lang in LANGUAGES:
        path = locales / lang / "LC_MESSAGES" / "tutor.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        for message in plurals:
            found = catalog.get(message.id, context=message.context)
            assert found is not None and all(found.string) and len(found.string) == catalog.num_plurals, message.id
