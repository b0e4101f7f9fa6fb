"""The learner's progress in the lessons as the browser keeps it: one record per task id, per
exercise id and per guided example's scenario id, each under its own key, the same in both
languages (a reload or the other language's page reads the same records), so that two widgets on
one page never write over each other's records.

``localStorage["tutor-progress:<id>"] = '{"v": 2, "solved": true, "misses": 1, "shown": false}'``

* ``solved``: the task or exercise is solved; for a guided example, it has been stepped to its end;
* ``misses``: the wrong answers given before it was solved (a whole number, never negative);
* ``shown``: "Show me" was used before it was solved.

The tasks widget writes a task's record on every miss and on "Show me", not only when it is solved,
so what the learner has tried survives a reload: the widget reads the misses back and an answer
after them is never one "at the first attempt". Once a record is solved it is **kept as it was
earned**: a later solve changes nothing, better or worse (:meth:`Record.after`). A later clean
solve of a task already seen solved would flatter (the learner has seen the answer played), and a
later try that goes wrong is practice, which should not cost what was earned; so progress never
flatters and never punishes a second go. Unsolved, the misses and "Show me" only ever add up.

Three outcomes, worded the same everywhere (the path, the home page, the task list): **at the
first attempt** (solved, no miss, no "Show me"), **solved after a miss** (solved after one or more
misses, without "Show me"), **with help** ("Show me" was used).

Version 1 (``{"v": 1, "solved", "first_try"}``, written only when solved) is read and upgraded,
never dropped: ``first_try: true`` is a solve with no miss; ``first_try: false`` meant "with help"
then (version 1 did not tell a miss from "Show me"), so it is read as ``shown`` with no misses
counted, still "with help": the upgrade cannot know more, and it never reads better than it was.

The page sends every such key with its stored text, unread (``records``: key → text); the engine
reads them here. A record that cannot be read (cut off, not JSON, another version, the wrong shape,
a miss count that is not a whole number or is negative) is *corrupt*, and so is a key that carries
a game's prefix (``ff-…``) but no id of that game (hand-edited, or a step a later version removed):
a corrupt record counts as nothing done, and the widget that reads it asks the page to keep it aside
(``…:set-aside``, as a saved game is) and says so, never to drop it; the page goes on from a clean
record. A key of no game's prefix is no game's to judge and is left as it is.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tutor.i18n import Plural, Text
from tutor.limits import MAX_PROGRESS_RECORD, MAX_PROGRESS_RECORDS

PREFIX = "tutor-progress:"
VERSION = 2
FIELDS = {"v", "solved", "misses", "shown"}
V1_FIELDS = {"v", "solved", "first_try"}

FIRST = "first"  # at the first attempt
AFTER_MISS = "after-miss"  # solved after a miss, without help
HELPED = "helped"  # "Show me" was used
OUTCOMES = (FIRST, AFTER_MISS, HELPED)


@dataclass(frozen=True)
class Record:
    """What the learner has done of one task, exercise or guided example (see the module docstring)."""

    solved: bool = False
    misses: int = 0
    shown: bool = False

    @property
    def outcome(self) -> str | None:
        """How it was solved (one of :data:`OUTCOMES`), or ``None`` while it is not."""
        if not self.solved:
            return None
        if self.shown:
            return HELPED
        return AFTER_MISS if self.misses else FIRST

    def after(self, earlier: Record | None) -> Record:
        """This record written over ``earlier``: a solved record stays as it was earned; until then
        the misses and "Show me" only add up (the most misses either counted, shown if either was)."""
        if earlier is None:
            return self
        if earlier.solved:
            return earlier
        return Record(self.solved, max(self.misses, earlier.misses), self.shown or earlier.shown)


def key_of(item_id: str) -> str:
    return f"{PREFIX}{item_id}"


def record_text(record: Record) -> str:
    return json.dumps({"v": VERSION, "solved": record.solved, "misses": record.misses, "shown": record.shown})


def _record(text: Any) -> Record:
    """A stored text read as a record (a version-1 record upgraded); ``ValueError`` when it cannot be."""
    if not isinstance(text, str) or len(text) > MAX_PROGRESS_RECORD:
        raise ValueError("not a record")
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("not a record")
    solved = value.get("solved")
    if value.get("v") == 1 and set(value) == V1_FIELDS:
        first_try = value.get("first_try")
        if not isinstance(solved, bool) or not isinstance(first_try, bool):
            raise ValueError("wrong shape")
        return Record(solved, 0, solved and not first_try)  # version 1's "not at the first try": with help
    if value.get("v") != VERSION or set(value) != FIELDS:
        raise ValueError("another version or the wrong shape")
    misses, shown = value.get("misses"), value.get("shown")
    if not isinstance(solved, bool) or not isinstance(shown, bool):
        raise ValueError("wrong shape")
    if not isinstance(misses, int) or isinstance(misses, bool) or misses < 0:
        raise ValueError("a miss count that is not a whole number of at least 0")
    return Record(solved, misses, shown)


@dataclass
class Progress:
    """The records the page sent: ``records`` by id, and the keys of the corrupt ones."""

    records: dict[str, Record]
    corrupt: list[str]

    def of(self, item_id: str) -> Record | None:
        """The solved record of ``item_id``, or ``None`` while it is not solved."""
        record = self.records.get(item_id)
        return record if record is not None and record.solved else None

    def solved(self, ids: Iterable[str]) -> list[str]:
        return [item_id for item_id in ids if self.of(item_id) is not None]

    def outcomes(self, ids: Iterable[str]) -> dict[str, int]:
        """Of ``ids``: how many were solved each way (every one of :data:`OUTCOMES`, 0 for none)."""
        counts = dict.fromkeys(OUTCOMES, 0)
        for item_id in ids:
            record = self.of(item_id)
            if record is not None and record.outcome is not None:
                counts[record.outcome] += 1
        return counts


def read_progress(raw: Any, known: Iterable[str], own_prefix: str | None = None) -> Progress:
    """The records of the ids ``known`` (task, exercise and scenario ids) among what the page sent
    (a dict key → stored text; anything else is read as no records). With ``own_prefix`` (a game's
    ``ff-``), a key of that prefix whose id is not known is corrupt too: it is that game's to set aside."""
    wanted = set(known)
    records: dict[str, Record] = {}
    corrupt: list[str] = []
    if not isinstance(raw, dict):
        return Progress(records, corrupt)
    for index, (key, text) in enumerate(raw.items()):
        if index >= MAX_PROGRESS_RECORDS:
            break
        if not isinstance(key, str) or not key.startswith(PREFIX):
            continue
        item_id = key[len(PREFIX):]
        if item_id not in wanted:
            if own_prefix is not None and item_id.startswith(own_prefix):
                corrupt.append(key)
            continue
        try:
            records[item_id] = _record(text)
        except (ValueError, RecursionError):
            corrupt.append(key)
    return Progress(records, corrupt)


def set_aside_text(count: int) -> Text:
    """What a widget says of records it could not read: kept aside in the browser, never dropped."""
    return Plural("ui", "One saved record of your progress could not be read: it is kept aside in this browser, "
                        "and what it held counts as not done.",
                  "{count} saved records of your progress could not be read: they are kept aside in this browser, "
                  "and what they held counts as not done.", count)


def outcomes_text(counts: dict[str, int]) -> Text | None:
    """"2 at the first attempt and 1 solved after a miss": the outcomes that occurred, in words (an
    outcome nobody had is not named); ``None`` when nothing is solved."""
    parts = [text for count, text in (
        (counts[FIRST], Text("ui", "{count} at the first attempt", count=counts[FIRST])),
        (counts[AFTER_MISS], Text("ui", "{count} solved after a miss", count=counts[AFTER_MISS])),
        (counts[HELPED], Text("ui", "{count} with help", count=counts[HELPED])),
    ) if count]
    if len(parts) == 3:
        return Text("ui", "{first}, {second} and {third}", first=parts[0], second=parts[1], third=parts[2])
    if len(parts) == 2:
        return Text("ui", "{first} and {second}", first=parts[0], second=parts[1])
    return parts[0] if parts else None
