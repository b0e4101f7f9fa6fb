"""tutor.web.directives: a tutor block's one line, read, or refused saying what to write."""

from __future__ import annotations

import pytest

from tutor.errors import DirectiveError
from tutor.web.directives import parse_directive


def test_parse_directive_reads_kind_and_arguments():
    assert parse_directive("deal: fortunes-favour 1").args == ("fortunes-favour", "1")
    assert parse_directive("\n# a comment\n  deal:   forty-thieves josephine 12  \n").args == (
        "forty-thieves", "josephine", "12")
    assert parse_directive("picture: ff-setup").kind == "picture"
    assert str(parse_directive("DEAL: fortunes-favour 3")) == "deal: fortunes-favour 3"


@pytest.mark.parametrize("text,hint", [
    ("", "empty"),
    ("deal fortunes-favour 1", "is not a directive"),
    ("dael: fortunes-favour 1", "is not a directive"),
    ("deal: fortunes-favour", "deal: <game-id> [variant] <n>"),
    ("deal: fortunes-favour one", "deal: <game-id> [variant] <n>"),
    ("deal: a b c 1", "deal: <game-id> [variant] <n>"),
    ("picture:", "picture: <scenario-id>"),
    ("picture: a b", "picture: <scenario-id>"),
    ("deal: fortunes-favour 1\ndeal: fortunes-favour 2", "one block per directive"),
])
def test_malformed_directives_say_what_to_write(text, hint):
    with pytest.raises(DirectiveError) as caught:
        parse_directive(text)
    assert hint in caught.value.message("en")
    assert caught.value.message("de") != caught.value.message("en")  # the author may read German


@pytest.mark.parametrize("text", ["\x08", "deal\x1b[31m", "deal: fortunes-favour \x07", "picture: a\x00 b"])
def test_a_malformed_directive_repeats_control_characters_escaped(text):
    # found by test_fuzz: a backspace came back raw in "\"\x08\" is not a directive"
    with pytest.raises(DirectiveError) as caught:
        parse_directive(text)
    message = caught.value.message("en")
    assert all(ch.isprintable() for ch in message), ascii(message)
