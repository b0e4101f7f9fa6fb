"""Every limit of the tutor, stated once (pure standard library; imports nothing of the tutor).

The command line, ``tutor play``, the page's requests, the play page, saved games and the engine's
end-of-game search all read their limits from here, so that what one part accepts another never
refuses: any deal the command line deals can be played on the page, and any game that can be
played can be saved and restored.
"""

from __future__ import annotations

# --- deals -------------------------------------------------------------------------------------
MAX_DEAL = (1 << 64) - 1  # the deal shuffle (SplitMix64) is seeded with 64 bits: 0 … 2⁶⁴ − 1
DEAL_DIGITS = len(str(MAX_DEAL))  # how a page states the range: "a whole number of up to 20 digits"
RANDOM_DEALS = 99_999  # a new random deal is one of 1 … this: a number a person can read and send
MAX_CARD_STRING = 2_000  # characters; 156 codes of a three-deck game with separators need under 500

# --- games ---------------------------------------------------------------------------------------
MAX_NOTATION = 40  # characters of one move in the notation
MAX_GAME_MOVES = 20_000  # moves of one game: played, saved and restored alike
MAX_TIME_STEP_MS = 3_600_000  # the play page's clock: the most one request adds (a page left open overnight)
MAX_GAME_SECONDS = 10 * 24 * 3600  # …and the most one game's clock (or a saved one) shows
RECENT_GAMES = 20  # finished games the play page's record keeps per variant, for its chart

# --- simulations and searches ----------------------------------------------------------------------
MAX_DEALS = 10_000_000  # ``--deals``
MAX_SECONDS = 3600.0  # ``--timeout``
MAX_NODES = 1_000_000_000  # ``--nodes``
# ``--workers``: at most the number of processors of the machine (``os.cpu_count()``), read when asked
HINT_SECONDS = 0.3  # the reader waits for a hint: the search gets this long, then the tips decide
END_SEARCH_LIMIT = 60_000  # positions searched before a game that might be lost is let go on
END_MEMO_LIMIT = 60_000  # decided positions a game keeps for its next searches (about 200 bytes each)
REVIEW_SECONDS = 10.0  # a game's review: CPU seconds of search per position before it is "not decided"
REVIEW_SAMPLES = 8  # a review's fair chances: sampled orders of the face-down cards per position
REVIEW_MAX_SAMPLES = 96  # …and at most for one move that may have cost chance
MAX_SAMPLES = 10_000  # ``tutor review --samples`` / ``--max-samples``
MAX_COSTLY = 5  # a review names at most this many moves that cost chance, the largest drops first
MAX_PLANS = 1000  # Forty Thieves' expert: plans kept per game (one per card turned and endgame step: far fewer)

# --- what the page and the terminal send -----------------------------------------------------------
MAX_REQUEST_CHARS = 1_000_000  # characters of one request's JSON
MAX_REQUEST_DEPTH = 8  # how deep a request's JSON may nest
MAX_LINE = 1_000  # characters of one line typed into ``tutor play``
MAX_FIELD = 200  # characters of a text field of a request (a directive, an action, a pile id)
MAX_SHOWN = 40  # characters of an offending input that a message repeats
MAX_LINK_CHARS = 1_800  # a review's link after the page's address: what mail and chat programs carry whole
MAX_SAVED_CHARS = MAX_REQUEST_CHARS // 2  # a saved game as the page stores it (20,000 moves need under 200 kB)

# --- the lessons ---------------------------------------------------------------------------------
MIN_TASKS = 15  # tasks a game has once it has any (issue 23): ``tutor lessons --check`` and the tests
MAX_PROGRESS_RECORDS = 2_000  # progress records a page sends at once (the site has 169: tasks, exercises, examples)
MAX_PROGRESS_RECORD = MAX_FIELD  # characters of one stored record ({"v": 2, "solved": true, …} is ~55)
