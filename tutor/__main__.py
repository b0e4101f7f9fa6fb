"""``python -m tutor``: the ``tutor`` command (see :mod:`tutor.cli.main`)."""

from tutor.cli.main import main

raise SystemExit(main())
