"""Forty Thieves deals the solver decided: made by ``nice -n 10 python tools/ft_solve_deals.py`` (see that file)
on 2026-12-05 on Intel(R) Xeon(R) Processor, 2 cores, Linux 6.18.44-fc-v1252, Python 3.11.7;
do not edit by hand. Per variant: the deal numbers tried (0 to ``deals`` − 1), those proven won
(with a line that wins) and those proven lost (every position searched); the rest are undecided.
The winning lines and the positions searched are in ``solved.json`` beside this file."""

COMMAND = 'nice -n 10 python tools/ft_solve_deals.py'
DATE = '2026-12-05'
MACHINE = 'Intel(R) Xeon(R) Processor, 2 cores, Linux 6.18.44-fc-v1252, Python 3.11.7'
SECONDS = 10.0  # CPU seconds a deal, at most

SOLVED = {
    '': {'deals': 62, 'won': (0, 1, 2, 5, 8, 11, 13, 16, 17, 18, 19, 20, 24, 25, 26, 27, 30, 31, 32, 33, 35, 37, 38, 39, 40, 41, 42, 45, 48, 49, 50, 53, 55, 60), 'lost': (10,)},
    'josephine': {'deals': 0, 'won': (), 'lost': ()},
    'limited': {'deals': 0, 'won': (), 'lost': ()},
    'indian': {'deals': 0, 'won': (), 'lost': ()},
    'streets': {'deals': 0, 'won': (), 'lost': ()},
    'sixty-thieves': {'deals': 0, 'won': (), 'lost': ()},
    'kings-only': {'deals': 0, 'won': (), 'lost': ()},
    'one-redeal': {'deals': 0, 'won': (), 'lost': ()},
    'two-redeals': {'deals': 0, 'won': (), 'lost': ()},
}
