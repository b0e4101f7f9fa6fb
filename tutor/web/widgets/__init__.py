"""The widgets a page holds: rules-page boards and guided examples (``lesson``), one board per
section or tip (``course``: its examples, then its tasks), the play page (``play``), practice
(``practice``), the tasks and exercises the learner plays (``tasks``), each game's path and the home
page's progress (``path``), a game's review (``review``) and the claims' widgets (``claim``).
Importing this package registers every kind with :mod:`tutor.web.widgets.base`, where
:mod:`tutor.web.protocol` finds them."""

from tutor.web.widgets import claims, course, lesson, path, play, practice, review, tasks  # noqa: F401 - each registers its kinds
