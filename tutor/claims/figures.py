"""The figures the claims show (see tutor.claims): made by ``python -m tutor.claims --update``
(the last run measured only forty-thieves/base/solved, in 0 s); do not edit by hand. Each entry: wins of ``games`` deals
0 … games−1 of run ``seed`` (deal i = tutor.analysis.simulate.deal_number(seed, i)); for the solver also
``lost``, the deals proven lost (the rest are undecided); ``check`` is [deals, wins(, lost)] of
the first deals alone, which the tests replay."""

FIGURES = {
    'fortunes-favour/base/naive': {'seed': 0, 'games': 1000, 'wins': 78, 'check': [100, 12]},
    'fortunes-favour/base/solver': {'seed': 0, 'games': 1000, 'wins': 1000, 'lost': 0, 'check': [100, 100, 0]},
    'fortunes-favour/base/tips': {'seed': 0, 'games': 1000, 'wins': 999, 'check': [100, 100]},
    'forty-thieves/base/expert': {'seed': 0, 'games': 2000, 'wins': 194, 'check': [10, 0]},
    'forty-thieves/base/naive': {'seed': 0, 'games': 2000, 'wins': 0, 'check': [10, 0]},
    'forty-thieves/base/rules-text-tips': {'seed': 0, 'games': 2000, 'wins': 17, 'check': [10, 0]},
    'forty-thieves/base/rules-text-tips-without-1': {'seed': 0, 'games': 2000, 'wins': 2, 'check': [10, 0]},
    'forty-thieves/base/rules-text-tips-without-2': {'seed': 0, 'games': 2000, 'wins': 0, 'check': [10, 0]},
    'forty-thieves/base/rules-text-tips-without-3': {'seed': 0, 'games': 2000, 'wins': 20, 'check': [10, 0]},
    'forty-thieves/base/rules-text-tips-without-4': {'seed': 0, 'games': 2000, 'wins': 21, 'check': [10, 0]},
    'forty-thieves/base/rules-text-tips-without-5': {'seed': 0, 'games': 2000, 'wins': 17, 'check': [10, 0]},
    'forty-thieves/base/solved': {'seed': 0, 'games': 1000, 'wins': 471, 'lost': 21, 'check': [1000, 471, 21]},
    'forty-thieves/base/tips': {'seed': 0, 'games': 2000, 'wins': 111, 'check': [10, 0]},
    'forty-thieves/base/tips-without-10': {'seed': 0, 'games': 2000, 'wins': 2, 'check': [10, 0]},
    'forty-thieves/base/tips-without-11': {'seed': 0, 'games': 2000, 'wins': 68, 'check': [10, 0]},
    'forty-thieves/base/tips-without-6': {'seed': 0, 'games': 2000, 'wins': 74, 'check': [10, 0]},
    'forty-thieves/base/tips-without-7': {'seed': 0, 'games': 2000, 'wins': 1, 'check': [10, 0]},
    'forty-thieves/base/tips-without-8': {'seed': 0, 'games': 2000, 'wins': 59, 'check': [10, 0]},
    'forty-thieves/base/tips-without-9': {'seed': 0, 'games': 2000, 'wins': 42, 'check': [10, 0]},
    'queens-audience/base/naive': {'seed': 0, 'games': 100000, 'wins': 27423, 'check': [100, 18]},
    'queens-audience/base/tips': {'seed': 0, 'games': 100000, 'wins': 27423, 'check': [100, 18]},
    'queens-audience/base/tips/waste_pair=True': {'seed': 0, 'games': 100000, 'wins': 29215, 'check': [100, 21]},
    'queens-audience/one-redeal/tips': {'seed': 0, 'games': 100000, 'wins': 77740, 'check': [100, 77]},
    'queens-audience/one-redeal/tips/waste_pair=True': {'seed': 0, 'games': 100000, 'wins': 80724, 'check': [100, 78]},
}
