"""The learner's progress in the lessons as the browser keeps it: one record per task id and per
exercise id, each under its own key, the same in both languages, so that two widgets on one page
never write over each other's records.

``localStorage["tutor-progress:<id>"] = '{"v": 1, "solved": true, "first_try": false}'``

The page sends every such key with its stored text, unread (``records``: key → text); the engine
reads them here. A record that cannot be read (cut off, not JSON, written by another version,
the wrong shape) is *corrupt*: it counts as not solved, and the widget that reports progress (the
path) asks the page to keep it aside (``…:set-aside``, as a saved game is), never to drop it. A
key whose id no game knows (a task a later version removed) is left as it is.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tutor.i18n import Text
from tutor.limits import MAX_PROGRESS_RECORD, MAX_PROGRESS_RECORDS

PREFIX = "tutor-progress:"
VERSION = 1


@dataclass(frozen=True)
class Record:
    """A task or exercise solved: at the first try (no miss, not shown), or with help."""

    solved: bool = True
    first_try: bool = False

    def better(self, other: Record | None) -> Record:
        """This record kept with the best of an earlier one (solved once at the first try stays so)."""
        if other is None:
            return self
        return Record(self.solved or other.solved, self.first_try or other.first_try)


def key_of(item_id: str) -> str:
    return f"{PREFIX}{item_id}"


def record_text(record: Record) -> str:
    return json.dumps({"v": VERSION, "solved": record.solved, "first_try": record.first_try})


def _record(text: Any) -> Record:
    if not isinstance(text, str) or len(text) > MAX_PROGRESS_RECORD:
        raise ValueError("not a record")
    value = json.loads(text)
    if not isinstance(value, dict) or value.get("v") != VERSION:
        raise ValueError("another version")
    solved, first_try = value.get("solved"), value.get("first_try")
    if not isinstance(solved, bool) or not isinstance(first_try, bool) or set(value) - {"v", "solved", "first_try"}:
        raise ValueError("wrong shape")
    return Record(solved, first_try and solved)


@dataclass
class Progress:
    """The records the page sent: ``records`` by item id, and the keys of the corrupt ones."""

    records: dict[str, Record]
    corrupt: list[str]

    def of(self, item_id: str) -> Record | None:
        record = self.records.get(item_id)
        return record if record is not None and record.solved else None

    def solved(self, ids: Iterable[str]) -> list[str]:
        return [item_id for item_id in ids if self.of(item_id) is not None]


def read_progress(raw: Any, known: Iterable[str]) -> Progress:
    """The records of the items ``known`` (task and exercise ids) among what the page sent (a dict
    key → stored text; anything else is read as no records)."""
    wanted = set(known)
    records: dict[str, Record] = {}
    corrupt: list[str] = []
    if not isinstance(raw, dict):
        return Progress(records, corrupt)
    for index, (key, text) in enumerate(raw.items()):
        if index >= MAX_PROGRESS_RECORDS:
            break
        if not isinstance(key, str) or not key.startswith(PREFIX) or key[len(PREFIX):] not in wanted:
            continue
        try:
            records[key[len(PREFIX):]] = _record(text)
        except (ValueError, RecursionError):
            corrupt.append(key)
    return Progress(records, corrupt)


def set_aside_text(count: int) -> Text:
    """What the path says of records it could not read: kept aside in the browser, never dropped."""
    if count == 1:
        return Text("ui", "One saved record of your progress could not be read: it is kept aside in this browser, "
                          "and its task counts as not solved.")
    return Text("ui", "{count} saved records of your progress could not be read: they are kept aside in this "
                      "browser, and their tasks count as not solved.", count=count)
