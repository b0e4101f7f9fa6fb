"""The ``tutor`` command: ``main`` (deal, moves, play) and ``solve`` (simulate, solve)."""
