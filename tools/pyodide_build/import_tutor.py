"""Run by ``build.mjs`` inside Pyodide under Node, at build time, once the tutor archive is unpacked
(boot.mjs ``unpackTutor`` puts it on ``sys.path``): imports tutor modules, for the cut standard
library (what is loaded once they are) and for a memory snapshot (what the snapshot holds).

Kept apart from ``compile_pyc.py``: the snapshot's interpreter has only the cut standard library,
and what this file imports ends up in the snapshot, so it imports nothing the boot has not.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable


def import_tutor(names: Iterable[str]) -> list[str]:
    """Import ``tutor`` and the modules ``names``; returns the tutor modules then loaded."""
    for name in ["tutor", *names]:  # the package first, as a page's boot does
        importlib.import_module(name)
    return sorted(name for name in sys.modules if name == "tutor" or name.startswith("tutor."))
