"""The widgets a page holds: rules-page boards and guided examples (``lesson``), the play page
(``play``), practice (``practice``), a game's review (``review``) and the claims' widgets (``claim``). Importing this package
registers every kind with :mod:`tutor.web.widgets.base`, where :mod:`tutor.web.protocol` finds them."""

from tutor.web.widgets import claim, lesson, play, practice, review  # noqa: F401 - each registers its kinds
