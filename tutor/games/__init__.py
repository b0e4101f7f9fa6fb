"""The games, one package each: ``rules`` (the game and its variants), ``fast`` (the search's quick
picture, built on the rules), ``lessons``, ``tips``, ``words``, ``terms`` (its glossary) and
``claims`` (what its rules texts claim). This list is the only place that names them all; importing
it registers each game with :mod:`tutor.engine.registry`."""

from importlib import import_module

GAMES = ("fortunes_favour", "queens_audience", "forty_thieves")  # the order of the site's menus

for _name in GAMES:
    import_module(f"{__name__}.{_name}.rules")
