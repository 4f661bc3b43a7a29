# ruff: noqa: UP031  (printf-style tables read best here)
"""Benchmark of «Тайные камни»'s rules and computer players (issue 43,
docs/stones.md): not part of the test suite (the suite plays a sample).

    python3 tools/bench_stones.py --games 10000   # seeded games, invariants after every action
    python3 tools/bench_stones.py --duel 500      # search against easy, 2 players
    python3 tools/bench_stones.py --solo 500      # the searching computer's solo win share

Game i of --games has 1 + i % 5 players (1 is solo) and seats drawn from the
seed; every 7th game uses S-E1's option (finish the round). Each game is
replayed from its record and compared.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lostcode.rules.rng import Rng  # noqa: E402
from lostcode.stones.selfplay import play  # noqa: E402


def games(n: int, first: int) -> int:
    bad = 0
    started = time.time()
    actions = 0
    for i in range(first, first + n):
        rng = Rng(i)
        players = 1 + i % 5
        seats = [("easy", "search")[rng.below(2)] for _ in range(players)]
        s, found = play(seats, i, finish_round=(i % 7 == 3))
        actions += len(s.actions)
        if found:
            bad += 1
            print("game", i, seats, found[:3])
        if (i - first + 1) % 1000 == 0:
            print(
                "%d games, %d with a problem, %.0f s" % (i - first + 1, bad, time.time() - started),
                flush=True,
            )
    print(
        "%d games, %d actions, %d with a problem, %.0f s" % (n, actions, bad, time.time() - started)
    )
    return bad


def duel(n: int) -> None:
    wins = ties = 0
    for i in range(n):
        me = i % 2  # the searcher sits first in half the games
        seats = ["easy", "easy"]
        seats[me] = "search"
        s, _ = play(seats, 500000 + i, check=False)
        w = s.result["winners"]
        if w == [me]:
            wins += 1
        elif me in w:
            ties += 1
    print(
        "search vs easy, %d 2-player games: %d wins (%.1f %%), %d shared"
        % (n, wins, 100.0 * wins / n, ties)
    )


def solo(n: int) -> None:
    """The solo win share as S-O3 reads in this edition (the cards run out,
    deck and hand empty, before the 4th penalty), and, for comparison, the
    share as the rulebook's words read alone (all 16 cards completed)."""
    for kind in ("search", "easy"):
        won = all16 = done = 0
        for i in range(n):
            s, _ = play([kind], 700000 + i, check=False)
            won += s.result["solo"] == "won"
            all16 += len(s.done[0]) == 16
            done += len(s.done[0])
        print(
            "solo, %s, %d deals: %d won (%.1f %%), all 16 completed in %d (%.1f %%), "
            "%.2f cards completed on average"
            % (kind, n, won, 100.0 * won / n, all16, 100.0 * all16 / n, done / n)
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--duel", type=int, default=0)
    ap.add_argument("--solo", type=int, default=0)
    args = ap.parse_args()
    bad = games(args.games, args.first) if args.games else 0
    if args.duel:
        duel(args.duel)
    if args.solo:
        solo(args.solo)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
