"""Find moments from real Forty Thieves deals where a measured tip (6 to 10) decides the move: the
material of the tips' worked examples and exercises (tutor/games/forty_thieves/lessons/:
scenarios.py and exercises.py).

    nice -n 10 python tools/ft_tip_moments.py --deals 0 40 [--tip 8] [--exercises]

The tips player (the strategy ``tips``) plays each deal; at every choice it makes by a tip the
moment is printed with the deal, the moves before it (the prelude, as the engine writes them), the
tip's line and its length. With ``--exercises`` only the moments that make an exercise are printed:
the tip's first move is the one move that does what the tip asks for (``tips.ASKS``) and that no tip
speaks against (``tests/games/test_exercises.py``), and the turn is the trap the tip's check speaks on.

    nice -n 10 python tools/ft_tip_moments.py --deals 0 200 --asks 1 --asks 4 --asks 5

``--asks``: any tip, the rules text's too, along the games of both tips players (the rules text's on
even deals, the measured tips' on odd ones): the moments where one or two moves do what the tip asks
for and no tip speaks against them, and a move the tip's own check warns against.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.analysis import coach
from tutor.engine import get_rules
from tutor.engine.lean import PileBoard, kernel_for
from tutor.games.forty_thieves import tip_player as tp
from tutor.games.forty_thieves.expert import blind
from tutor.games.forty_thieves.seed_player import RulesTextTipsPlayer

MAX_LEGAL = 6  # an exercise's moment has few moves: each one but the answer must break a tip


def moments(deal: int, wanted: set[int], exercises: bool, limit: int = 2000, max_legal: int = MAX_LEGAL):
    rules = get_rules("forty-thieves")
    board = kernel_for(rules)
    assert isinstance(board, PileBoard)  # Forty Thieves' lean board is a pile board
    position = rules.deal(deal)
    player = tp.WinningTipsPlayer(board)
    played: list[str] = []
    for _ in range(limit):
        state = board.from_position(position)
        if board.is_won(state):
            return
        moves = board.moves(state)
        if not moves:
            return
        fresh = blind(state) not in player._plan
        chosen = player.choose(blind(state)) if fresh else None
        choice = player(board, state, moves, set())
        if choice is None:
            return
        if chosen is not None and chosen[0] in wanted:
            tip, line = chosen
            written = [board.notation(m) for m in line]
            if not exercises:
                yield deal, list(played), tip, written
            else:
                turn = next((board.notation(m) for m in moves if m[0] == board.stock or m[1] == board.stock), None)
                trap = turn if tip != tp.ENDGAME else None
                legal = position.legal_moves()
                accepted = ([str(m) for m in legal if coach.asked(position, m, tip) and not coach.judge(position, m)]
                            if len(legal) <= max_legal else [])
                if accepted == [written[0]]:
                    if trap is None:
                        trap = next((str(m) for m in position.legal_moves()
                                     if (r := coach.remark_for(position, m, tip=tip)) is not None and r.tip == tip),
                                    None)
                    remark = coach.remark_for(position, trap, tip=tip) if trap else None
                    if remark is not None and remark.tip == tip and remark.kind == coach.WARNING:
                        yield deal, list(played), tip, written + [f"trap={trap}"]
        played.append(str(position.play(board.notation(choice[0]))))


def endgame_moments(deal: int, limit: int = 2000):
    """Tip 6: along the ending the tips player works out (a won deal), each position with a legal
    move the tip's check speaks on (a move after which the ending is lost): (deal, prelude, the
    winning move, the losing move, whether the winning move is the only one no check speaks on)."""
    rules = get_rules("forty-thieves")
    board = kernel_for(rules)
    assert isinstance(board, PileBoard)  # Forty Thieves' lean board is a pile board
    position = rules.deal(deal)
    player = tp.WinningTipsPlayer(board)
    played: list[str] = []
    for _ in range(limit):
        state = board.from_position(position)
        if board.is_won(state) or not board.moves(state):
            return
        choice = player(board, state, board.moves(state), set())
        if choice is None:
            return
        move = board.notation(choice[0])
        if choice[1] == "endgame":
            check = coach.tip_function("forty-thieves", tp.ENDGAME)
            legal = position.legal_moves()
            losing = [str(m) for m in legal if str(m) != move and check(position, m) is not None]
            if losing:
                only = len(legal) <= MAX_LEGAL and [str(m) for m in legal if not coach.judge(position, m)] == [move]
                yield deal, list(played), move, losing[0], only
        played.append(str(position.play(move)))


def asks_moments(deal: int, tips: set[int], max_legal: int, limit: int = 600):
    """``--asks``: (deal, prelude, tip, the moves the tip asks for that no tip speaks against, the moves
    its check warns against) wherever those are one or two and there is a trap."""
    rules = get_rules("forty-thieves")
    board = kernel_for(rules)
    assert isinstance(board, PileBoard)  # Forty Thieves' lean board is a pile board
    position = rules.deal(deal)
    player = RulesTextTipsPlayer(board) if deal % 2 == 0 else tp.WinningTipsPlayer(board)
    played: list[str] = []
    for _ in range(limit):
        state = board.from_position(position)
        moves = board.moves(state)
        if board.is_won(state) or not moves:
            return
        legal = [position.canonical(m) for m in position.legal_moves()]
        for tip in sorted(tips) if len(legal) <= max_legal else ():
            accepted = [str(m) for m in legal if coach.asked(position, m, tip) and not coach.judge(position, m)]
            traps = [str(m) for m in legal if (remark := coach.remark_for(position, m, tip=tip)) is not None
                     and remark.tip == tip and remark.kind == coach.WARNING]
            if 1 <= len(accepted) <= 2 and traps:
                yield deal, list(played), tip, accepted, traps
        choice = player(board, state, moves, set())
        if choice is None:
            return
        played.append(str(position.play(board.notation(choice[0]))))


def wrapped(moves: list[str], width: int = 96) -> str:
    """The moves as one string literal, split into pieces of about ``width`` characters."""
    pieces, line = [], ""
    for move in moves:
        if line and len(line) + len(move) + 1 > width:
            pieces.append(line + " ")
            line = ""
        line = f"{line} {move}" if line else move
    pieces.append(line)
    return "\n             ".join(repr(piece) for piece in pieces)


def effect(rules, deal: int, prelude: list[str], move: str, nodes: int = 5000) -> str:
    """The solver's verdict after ``move`` (``unknown`` unless decided within ``nodes`` positions)."""
    from tutor.analysis.solve import solve

    position = rules.deal(deal)
    for played in prelude:
        position.play(played)
    if not position.is_legal(move):
        return "refused"
    position.play(move)
    return solve(position, time_limit=None, node_limit=nodes).result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, nargs=2, default=(0, 20), metavar=("FIRST", "STOP"))
    parser.add_argument("--tip", type=int, action="append", default=None)
    parser.add_argument("--exercises", action="store_true")
    parser.add_argument("--emit", type=int, default=0, help="print this many Exercise records per tip")
    parser.add_argument("--endgame", action="store_true", help="tip 6: moments in the worked-out endings")
    parser.add_argument("--max-legal", type=int, default=MAX_LEGAL, help="at most this many legal moves in an exercise")
    parser.add_argument("--asks", type=int, action="append", default=None,
                        help="any tip: moments where one or two moves do what it asks for (tips.ASKS)")
    args = parser.parse_args()
    if args.asks:
        for deal in range(*args.deals):
            for number, prelude, tip, accepted, traps in asks_moments(deal, set(args.asks), args.max_legal + 10):
                print(f"deal {number} tip {tip} answers {' '.join(accepted)} traps {' '.join(traps)}\n"
                      f"  prelude {wrapped(prelude)}", flush=True)
        return
    if args.endgame:
        for deal in range(*args.deals):
            for number, prelude, move, losing, only in endgame_moments(deal):
                print(f"deal {number} answer {move} trap {losing} exercise {only}\n  prelude {wrapped(prelude)}",
                      flush=True)
        return
    wanted = set(args.tip or tp.NEW_TIPS)
    emitted: dict[int, int] = {}
    rules = get_rules("forty-thieves")
    for deal in range(*args.deals):
        for number, prelude, tip, line in moments(deal, wanted, args.exercises or bool(args.emit),
                                                  max_legal=args.max_legal):
            if not args.emit:
                print(f"deal {number} tip {tip} line {' '.join(line)} ({len(line)})\n  prelude {' '.join(prelude)}",
                      flush=True)
                continue
            if emitted.get(tip, 0) >= args.emit:
                continue
            emitted[tip] = emitted.get(tip, 0) + 1
            answer, trap = line[0], line[-1].removeprefix("trap=")
            verdicts = (effect(rules, number, prelude, answer), effect(rules, number, prelude, trap))
            letter = "abcdefgh"[emitted[tip] - 1]
            print(f"    Exercise('ft-tip-{tip}-{letter}', 'forty-thieves', '', deal={number}, tip={tip}, "
                  f"answer='{answer}', trap='{trap}',\n             effect={verdicts!r},\n             "
                  f"prelude={wrapped(prelude)}),", flush=True)
            if all(emitted.get(t, 0) >= args.emit for t in wanted):
                return


if __name__ == "__main__":
    main()
