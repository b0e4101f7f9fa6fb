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
    '': {'deals': 433, 'won': (0, 1, 2, 5, 8, 11, 13, 16, 17, 18, 19, 20, 24, 25, 26, 27, 30, 31, 32, 33, 35, 37, 38, 39, 40, 41, 42, 45, 48, 49, 50, 53, 55, 60, 64, 74, 78, 79, 81, 83, 84, 86, 87, 89, 90, 91, 94, 99, 100, 102, 105, 107, 108, 109, 111, 112, 114, 115, 119, 123, 130, 131, 134, 135, 136, 137, 138, 139, 142, 143, 144, 146, 148, 149, 152, 155, 157, 158, 161, 163, 167, 168, 170, 171, 174, 175, 184, 185, 186, 189, 190, 191, 195, 196, 199, 201, 202, 205, 206, 207, 210, 214, 215, 216, 217, 218, 221, 222, 224, 226, 232, 233, 235, 240, 241, 247, 248, 249, 250, 254, 255, 256, 262, 264, 265, 266, 274, 275, 276, 277, 281, 291, 294, 295, 296, 300, 302, 303, 306, 307, 312, 313, 314, 315, 317, 322, 325, 326, 327, 331, 333, 334, 336, 338, 339, 340, 341, 342, 344, 350, 351, 352, 353, 356, 357, 362, 365, 368, 369, 371, 373, 376, 378, 379, 382, 385, 386, 389, 390, 391, 396, 400, 402, 404, 406, 409, 410, 411, 415, 417, 422, 423, 427, 429, 430, 431, 432), 'lost': (10, 116, 145, 187, 193, 279, 416)},
    'josephine': {'deals': 0, 'won': (), 'lost': ()},
    'limited': {'deals': 0, 'won': (), 'lost': ()},
    'indian': {'deals': 0, 'won': (), 'lost': ()},
    'streets': {'deals': 0, 'won': (), 'lost': ()},
    'sixty-thieves': {'deals': 0, 'won': (), 'lost': ()},
    'kings-only': {'deals': 0, 'won': (), 'lost': ()},
    'one-redeal': {'deals': 0, 'won': (), 'lost': ()},
    'two-redeals': {'deals': 0, 'won': (), 'lost': ()},
}
