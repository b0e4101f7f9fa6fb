"""Queen's Audience: its rules (``rules``), the search's quick picture (``fast``), lessons, tips, words,
its terms (``terms``) and what the rules texts claim about it (``claims``)."""
