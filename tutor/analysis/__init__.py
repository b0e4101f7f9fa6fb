"""What the tutor works out about a game: ``solve`` (can a deal be won?), ``simulate`` (how often a
player wins), ``players`` (the programs that play), ``hints`` (the next move and why), ``coach``
(which tip a move broke). Built on the engine and on each game's quick picture; no page code.

No module here asks which game it is: what is one game's own comes from the game's ``tips`` part
(``tutor/games/<game>/tips.py``, found by :func:`tutor.engine.contract.tips_of`), which every game
gives the same names (its ``TipsPart`` in :mod:`tutor.engine.contract`): ``PREFIX`` (its tips' examples are
``scenario-<PREFIX>-tip-<n>``), ``TIP_TEXTS`` (the tips as the page states them), ``TIPS`` (tip number →
the coach's function, most specific first), ``REASONS`` (the tips player's reason keys → sentences,
``"first"`` among them; a sentence that depends on the position, such as the card a space will take,
is a function ``(position, move) -> Text``; a sentence that gives a tip starts "Tip <n>:", which
is where the hint's link to the tip comes from), ``tips_player`` (the strategy ``tips``), ``PLAYERS``
(further strategies: name → factory of the kernel), ``HINT_PLAYER`` and ``HINT_REASONS`` (the one
of them whose move a hint gives first, ``""`` for none, and its reasons, the first one the fallback),
``HINT_EXCEPTIONS`` (player → ``tip number -> Text``: why that player's move may go against a tip of the page here;
the tips player has none, since it keeps to the tips), ``exception_move`` (``position -> move`` of the
hint player, which the coach excuses where every legal move goes against some tip, or ``None``:
:func:`coach.exception`), ``explain_hint`` (``(position, kernel, state) -> (move, kind, reason)``
for a game that words its hint from the position, or ``None``), ``order_moves`` (the
depth-first search's move ordering), ``search`` (a search of its own for :func:`solve.solve_state`,
or ``None``) and ``fast_outcome(kernel)`` (for a game whose players all play a deal alike, a
function that tells from the deal's card numbers whether it is won; else ``None``). A game may also
give ``ASKS`` (tip number → :class:`coach.TipAsks`: what the tip asks for, which a tip's exercises
accept: :func:`coach.asked`)."""
