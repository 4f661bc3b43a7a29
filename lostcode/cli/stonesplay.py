"""`python -m lostcode stones-selfplay`: seeded games of «Тайные камни»
between computer players, every invariant checked after every action and
every record replayed (issue 43, docs/stones.md)."""

import sys
import time

from ..stones.selfplay import play
from ..stones.vocab import EASY, MAX_PLAYERS, SEARCH
from .paths import PathProblem, write_regular


def _seats(text: str, players: int) -> list:
    kinds = [k.strip() for k in (text or "").split(",") if k.strip()]
    if not kinds:
        kinds = [SEARCH, EASY]
    for k in kinds:
        if k not in (EASY, SEARCH):
            raise SystemExit("a computer seat is easy or search, not " + repr(k)[:40])
    return [kinds[i % len(kinds)] for i in range(players)]


def cmd_stones_selfplay(args) -> int:
    from ..services.record import pretty
    from ..stones.record import to_record

    if args.record is not None and not args.record:  # issue 44: it wrote nothing, said nothing
        print("cannot write the record: the path after --record is empty", file=sys.stderr)
        return 2
    if args.seed + args.games - 1 > 2**53 - 1:
        print("--seed leaves no room for that many games", file=sys.stderr)
        return 2
    seats = _seats(args.seats, args.players)
    started = time.time()
    bad = 0
    wins = [0] * args.players
    s = None
    for i in range(args.games):
        seed = args.seed + i
        s, found = play(seats, seed, finish_round=args.finish_round)
        for w in s.result["winners"]:
            wins[w] += 1
        line = "game " + str(seed) + ": " + " ".join(str(x) for x in s.result["scores"])
        if s.options.solo:
            line += " (" + s.result["solo"] + ", " + str(s.penalties) + " penalties)"
        if found:
            bad += 1
            line += "  PROBLEM: " + "; ".join(found[:3])
        if not args.quiet or found:
            print(line)
    spent = max(time.time() - started, 1e-9)
    print(
        "{} games, {} players ({}), {} with a problem, wins by seat {}, {:.1f} games/s".format(
            args.games, args.players, ",".join(seats), bad, wins, args.games / spent
        )
    )
    if args.record is not None and s is not None:
        try:
            write_regular(args.record, pretty(to_record(s, seats)))
        except PathProblem as e:
            print(str(e), file=sys.stderr)
            return 2
    return 1 if bad else 0


def add_parser(sub) -> None:
    from .tournament import games_count, seed_number

    sp = sub.add_parser(
        "stones-selfplay", help="«Тайные камни»: seeded games between computer players"
    )
    sp.add_argument("--games", type=games_count, default=100)
    sp.add_argument("--players", type=int, default=2, choices=range(1, MAX_PLAYERS + 1))
    sp.add_argument("--seats", help="computer seats in turn, e.g. search,easy (repeated)")
    sp.add_argument("--seed", type=seed_number, default=0)
    sp.add_argument("--finish-round", action="store_true", help="S-E1's option")
    sp.add_argument("--quiet", action="store_true", help="print only problems and the summary")
    sp.add_argument("--record", metavar="FILE", help="write the last game's record to FILE")
    sp.set_defaults(func=cmd_stones_selfplay)
