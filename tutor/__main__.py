"""``python -m tutor``: the ``tutor`` command (see :mod:`tutor.cli`)."""

from .cli import main

raise SystemExit(main())
