"""A catalog read one form at a time: a plural message (``Plural`` in the source) is read as its
singular with its first translation and its plural with each further form, so every check over
the catalogs' words reads every form a reader can meet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import read_po


def forms(path: Path, locale: str | None = None) -> Iterator[Message]:
    with path.open("rb") as f:
        catalog = read_po(f, locale=locale)
    for message in catalog:
        if not isinstance(message.id, tuple):
            yield message
            continue
        singular, plural = message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, string in enumerate(strings):
            yield Message(singular if index == 0 else plural, string, message.locations, message.flags,
                          context=message.context)
