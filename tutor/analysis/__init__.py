"""What the tutor works out about a game: ``solve`` (can a deal be won?), ``simulate`` (how often a
player wins), ``players`` (the programs that play), ``hints`` (the next move and why), ``coach``
(which tip a move broke). Built on the engine and on each game's quick picture; no page code.

What is one game's own comes from the game's ``tips`` part (``tutor/games/<game>/tips.py``, found by
:func:`tutor.analysis.per_game.tips_of` through the registry), which every game gives the same
names: ``PREFIX`` (its tips' examples are ``scenario-<PREFIX>-tip-<n>``), ``TIP_TEXTS`` (the tips as
the page states them), ``TIPS`` (tip number → the coach's function, most specific first),
``REASONS`` (the tips player's reason keys → sentences, ``"first"`` among them), ``tips_player`` (the
strategy ``tips``), ``PLAYERS`` (further strategies: name → factory of the kernel), ``HINT_PLAYER``
and ``HINT_REASONS`` (the one of them whose move a hint gives first, ``""`` for none, and its
reasons, the first one the fallback)."""
