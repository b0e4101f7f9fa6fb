"""What the tutor works out about a game: ``solve`` (can a deal be won?), ``simulate`` (how often a
player wins), ``players`` (the programs that play), ``hints`` (the next move and why), ``coach``
(which tip a move broke). Built on the engine and on each game's quick picture; no page code."""
