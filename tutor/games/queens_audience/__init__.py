"""Queen's Audience: its rules (``rules``), the search's quick picture (``fast``), lessons, tips and words."""
