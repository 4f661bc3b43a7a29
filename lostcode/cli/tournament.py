"""Bot tournaments (issue 4): `python -m lostcode tournament`.

Seats rotate so that every deal (game seed) is played once with each seat
order: that cancels the advantage of sitting first or starting on top of the
marker stack. `oracle_ratio` compares the hard bot's VP from range guesses
with what perfect knowledge would have made *in the same positions*: for each
of the hard bot's guesses, the oracle gets the best VP among the wheels that
were still free when the hard bot chose (a perfect guesser is always right).
"""

import time
from json import dumps

from ..player.botapi import Forfeit, is_bot_file, seat_player, warn
from ..player.bots import LEVELS
from ..rules.components import WHEEL_VP
from ..rules.engine import apply_action, is_over, legal_actions
from ..rules.options import Options, from_flags
from ..rules.rng import MAX_SEED
from ..rules.setup import new_game
from .botchild import ChildBot, check_file

MAX_GAMES = 1000000
MAX_WARNINGS = 20  # forfeited games told one line each, then a count


def play_game(levels: list, options: Options, seed: int, bot_seed: int, files=None):
    """One game; `levels[p]` plays seat p. Returns the finished State.

    `files` ({path: ChildBot}) plays bot files in their child processes
    (lostcode/cli/botchild.py); without it a bot file runs in this process."""
    s = new_game(options, seed)
    players = []
    for p in range(len(levels)):
        if files is not None and levels[p] in files:
            bot = files[levels[p]]
            bot.new_game(str(seed) + ":" + str(bot_seed))
            players.append(bot)
        else:
            players.append(seat_player(levels[p], bot_seed * 31 + p))
    while not is_over(s):
        seat = s.to_act
        apply_action(s, players[seat].act(s, legal_actions(s)))
    return s


def guess_vp(s, seat: int) -> tuple:
    """(VP scored by `seat`'s range guesses, best VP a perfect guesser could
    have had from the wheels still free at each of those guesses)."""
    got, best = 0, 0
    for h in s.history:
        taken = []
        for p, w in h["wheels"]:
            if p == seat:
                free = [WHEEL_VP[x] for x in WHEEL_VP if x not in taken]
                best += max(free) if free else 0
            taken.append(w)
        for g in h["guesses"]:
            if g["player"] == seat and g["result"] == "correct":
                got += WHEEL_VP[g["wheel"]]
    return got, best


def run(games: int, seats: list, options: Options, seed: int = 0, progress: int = 0) -> dict:
    """Play the games; with `progress` N, a line on stderr every N games with the
    wins so far (a long run that must stop early still says what it played)."""
    n = len(seats)
    t = {
        "wins": [0] * n,
        "score": [0] * n,
        "forfeits": [0] * n,  # games a bot file lost by a bad decision (player/botapi.py)
        "hard": [0, 0],  # the hard seats' range-guess VP, and a perfect guesser's
    }
    files = {x: ChildBot(x) for x in seats if is_bot_file(x)}
    start = time.perf_counter()
    try:
        for g in range(games):
            _play_one(g, seats, options, seed, files, t)
            if progress and (g + 1) % progress == 0:
                warn("after " + str(g + 1) + " games: wins " + ", ".join(
                    seats[i] + " " + str(t["wins"][i]) for i in range(n)))
    finally:
        for bot in files.values():
            bot.close()
    elapsed = time.perf_counter() - start
    wins, score, forfeits, hard = t["wins"], t["score"], t["forfeits"], t["hard"]
    played = games - sum(forfeits)  # a forfeited game counts for nobody's mean
    return {
        "games": games,
        "players": n,
        "seats": [
            {
                "seat": seats[i],
                "wins": wins[i],
                "win_rate": round(wins[i] / games, 4) if games else 0.0,
                "mean_score": round(score[i] / played, 3) if played else 0.0,
                "forfeits": forfeits[i],
            }
            for i in range(n)
        ],
        "oracle_ratio": round(hard[0] / hard[1], 4) if hard[1] else None,
        "seconds": round(elapsed, 1),
    }


def _play_one(g, seats, options, seed, files, t):
    n = len(seats)
    deal, shift = g // n, g % n
    # seat label i sits at table position (i + shift) % n
    at = [(i + shift) % n for i in range(n)]
    levels = [None] * n
    for i in range(n):
        levels[at[i]] = seats[i]
    try:
        s = play_game(levels, options, seed + deal, seed * 1000003 + g, files)
    except Forfeit as f:
        i = at.index(f.seat)
        told = sum(t["forfeits"])
        if told < MAX_WARNINGS:  # one line per game, never a traceback (issue 25)
            warn("game " + str(g + 1) + ": " + seats[i] + " lost the game: " + _short(f))
        elif told == MAX_WARNINGS:
            warn("(more games lost by a bot are only counted, under forfeits)")
        t["forfeits"][i] += 1
        return
    for i in range(n):
        p = at[i]
        t["score"][i] += s.scores[p]
        if s.result["winner"] == p:
            t["wins"][i] += 1
        if seats[i] == "hard":
            a, b = guess_vp(s, p)
            t["hard"][0] += a
            t["hard"][1] += b


def _short(f) -> str:
    """A forfeit in one line: its reason and the last line of its detail
    (a traceback's last line names the exception)."""
    lines = [line for line in str(f.detail).splitlines() if line.strip()]
    last = lines[-1].strip() if lines else ""
    if len(last) > 160:
        last = last[:157] + "..."
    return f.reason + (": " + last if last else "")


def check_seat(spec: str):
    """None if `spec` can sit at a table, else a message for the command line."""
    if spec in LEVELS:
        return None
    if not is_bot_file(spec):
        return "unknown bot " + spec + " (choose from " + ", ".join(LEVELS) + ", or a .py file)"
    return check_file(spec)


def _whole_number(text, low: int, high: int, why: str) -> int:
    """`text` as a whole number from low to high, or argparse's error saying `why`."""
    from argparse import ArgumentTypeError

    try:
        n = int(text)
    except ValueError:
        raise ArgumentTypeError("not a whole number: " + repr(text)) from None
    if not low <= n <= high:
        raise ArgumentTypeError(why + ", not " + text)
    return n


def games_count(text):
    """argparse type: a number of games, 1 to MAX_GAMES (issue 25: "--games -5"
    printed "-5 games (-0.0%)")."""
    return _whole_number(text, 1, MAX_GAMES, "give 1 to " + str(MAX_GAMES) + " games")


def seed_number(text):
    """argparse type: a game seed, 0 to MAX_SEED (issue 25: a negative or huge
    seed ended in a traceback)."""
    return _whole_number(text, 0, MAX_SEED, "a seed is 0 to " + str(MAX_SEED))


def seeds_fit(seed, deals):
    """None, or why the seeds seed .. seed + deals - 1 do not all exist."""
    if seed + deals - 1 > MAX_SEED:
        return ("--seed " + str(seed) + " leaves no room for " + str(deals)
                + " deals: the largest seed is " + str(MAX_SEED))
    return None


def cmd_tournament(args) -> int:
    seats = [x.strip() for x in args.seats.split(",") if x.strip()]
    for x in seats:
        problem = check_seat(x)
        if problem is not None:
            print(problem)
            return 2
    if args.players is None:
        args.players = len(seats)
    if len(seats) != args.players:
        print("give one bot per player: --players " + str(args.players) + " but " + args.seats)
        return 2
    try:
        options = from_flags(args.players, args.options)
    except ValueError as e:
        print(str(e))
        return 2
    problem = seeds_fit(args.seed, (args.games + args.players - 1) // args.players)
    if problem is not None:
        print(problem)
        return 2
    out = run(args.games, seats, options, args.seed, args.progress)
    if args.json:
        print(dumps(out))
        return 0
    print(str(out["games"]) + " games, " + options.describe())
    for row in out["seats"]:
        print(
            "  {:<7} wins {:>5} ({:5.1f}%)  mean score {:6.2f}".format(
                row["seat"], row["wins"], 100 * row["win_rate"], row["mean_score"]
            )
            + ("  forfeits {}".format(row["forfeits"]) if row["forfeits"] else "")
        )
    if out["oracle_ratio"] is not None:
        print("  hard bot's range-guess VP / oracle's: {:.3f}".format(out["oracle_ratio"]))
    return 0


HELP_EPILOG = """\
Seats rotate: game g is deal SEED + g // P played with the seats shifted by
g % P, so every deal is played from every seat (P = number of players).

The bots: easy, medium, hard and expert (a search over worlds consistent with
what it saw: docs/expert.md) play from what their seat may see (the same
observation a person gets); oracle is a measuring stick, not an opponent: it
reads its own rack, so its range guesses are always right (it takes the
best-paying free wheel that holds its sum) and its final candidates are its
true values, it takes every shortcut token offered; its other decisions
(die changes, replacements) are the hard bot's.

Output (--json prints one object with these fields):
  games         number of games played
  players       players per game
  seats         one entry per --seats label, in the order given:
    seat          the bot (easy, medium, hard, oracle, or a bot file's path)
    wins          games that bot won (ties broken by the score-track stack)
    win_rate      wins / games
    mean_score    its mean final score (round VP plus final candidates)
    forfeits      games that bot lost by a bad decision (a bot file's
                  exception, illegal move or 2 s timeout; not in mean_score)
  oracle_ratio  how well the hard bot guesses ranges: VP the hard seats scored
                from range guesses / VP a perfect guesser would have scored in
                the same positions (for each hard guess, the best VP among the
                wheels still free when the hard bot chose). 1.0 = perfect;
                curse gains and losses are not counted; null without a hard seat
  seconds       wall time of the run
See docs/deduction.md (Tournament and oracle_ratio)."""


def command(sub, name: str, what: str, description: str, epilog: str):
    """A subcommand's parser, its epilog (the --json fields) printed as written."""
    from argparse import RawDescriptionHelpFormatter

    return sub.add_parser(
        name,
        help=what,
        description=description,
        epilog=epilog,
        formatter_class=RawDescriptionHelpFormatter,
    )


def add_parser(sub) -> None:
    tp = command(
        sub,
        "tournament",
        "bot against bot: win rates and mean scores",
        "Bot against bot: win rates, mean scores and the hard bot's oracle_ratio.",
        HELP_EPILOG,
    )
    tp.add_argument("--games", type=games_count, default=100, help="games to play (default 100)")
    tp.add_argument(
        "--players",
        type=int,
        default=None,
        choices=(2, 3, 4),
        help="players per game (default: one per seat in --seats)",
    )
    tp.add_argument(
        "--seats",
        default="hard,easy",
        help="bot per seat, comma-separated: easy, medium, hard, oracle or a bot .py file"
        " (docs/bot-api.md; default hard,easy)",
    )
    tp.add_argument(
        "--seed", type=seed_number, default=0, help="first deal's game seed (default 0)"
    )
    tp.add_argument(
        "--options", action="append", help="e.g. shortcut,curse,high_stakes,introductory"
    )
    tp.add_argument("--json", action="store_true", help="print the result as one JSON object")
    tp.add_argument("--progress", type=int, default=0, metavar="N",
                    help="print the wins so far on stderr every N games")
    tp.set_defaults(func=cmd_tournament)
