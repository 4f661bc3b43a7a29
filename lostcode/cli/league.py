"""A class league on the command line (issue 26): `python -m lostcode league`.

The twin of the Bot lab's league panel: the same schedule and standings
(lostcode/player/league.py), each game refereed by the same botapi.Match the
lab's referee worker uses, bot files each in a child process with the lab's
2 s limit (lostcode/cli/botchild.py). So the same bots and seed give the
same standings and the same games CSV on the page and here.

    python -m lostcode league ann.py bob.py hard medium --players 2..4 --seed 7 --csv out/

A bot is a .py file, a built-in level, or NAME=either (the name the tables
and the CSV show; else a file's name without .py, or the level's name).
A file that cannot run is not refused: it forfeits each of its games with
the reason, as in the lab.
"""

import os
import sys
import time
from json import dumps

from ..player.botapi import Forfeit, Match, is_bot_file
from ..player.bots import LEVELS
from ..player.league import SIZES, League
from ..rules.engine import legal_actions
from ..rules.options import Options
from .botchild import ChildBot, LoadProblem
from .paths import PathProblem, write_regular


def parse_sizes(text) -> list:
    """Players per game as a teacher writes them: "2", "2..4", "2-4", "2,4"."""
    text = str(text).strip().replace(" ", "")
    sizes = []
    for part in text.split(","):
        sep = ".." if ".." in part else ("-" if "-" in part[1:] else None)
        bounds = part.split(sep) if sep else [part, part]
        if len(bounds) != 2 or not bounds[0].isdigit() or not bounds[1].isdigit():
            raise ValueError("players per game: write 2, 3, 4, a range such as 2..4, or 2,4")
        lo, hi = int(bounds[0]), int(bounds[1])
        if lo > hi or lo not in SIZES or hi not in SIZES:
            raise ValueError("players per game are 2 to 4, not " + part)
        for k in range(lo, hi + 1):
            if k not in sizes:
                sizes.append(k)
    return sorted(sizes)


def parse_bot(spec: str) -> tuple:
    """(name, kind, path) of one command-line bot: kind "bot" for a file."""
    name, _eq, what = spec.rpartition("=")
    what = what.strip()
    if is_bot_file(what):
        base = os.path.basename(what)
        return (name.strip() or base[:-3]), "bot", what
    if what in LEVELS:
        return (name.strip() or what), what, None
    raise ValueError("unknown bot " + spec + " (a .py file, one of " + ", ".join(LEVELS)
                     + ", or NAME=either)")


class FileSeat:
    """A bot file's seat: its child process, and why it cannot run once known
    (then every later game is forfeited at once with that reason, as the lab
    does, instead of starting a doomed process per game)."""

    __slots__ = ("child", "broken")

    def __init__(self, path: str):
        self.child = ChildBot(path)
        self.broken: str = ""

    def move(self, match, tag: str):
        state = match.state
        if self.broken:
            raise Forfeit(state.to_act, "error", self.broken)
        if self.child.proc is None:
            try:
                self.child.start()
            except LoadProblem as e:
                self.broken = str(e) or "the file could not be run"
                raise Forfeit(state.to_act, "error", self.broken) from None
        if self.child.game != tag:
            self.child.new_game(tag)
        return list(self.child.act(state, legal_actions(state)))


def play(league: League, kinds: list, seats: dict, game: int) -> dict:
    """Game `game` of the league, refereed by botapi.Match; its summary."""
    g = league.games[game]
    at_kinds, at_names = league.table(game, kinds)
    match = Match(at_kinds, Options(g["players"]), g["deal_seed"], g["bot_seed"], at_names)
    tag = str(game)
    while True:
        request = match.next_request()
        if request is None:
            break
        seat = seats[g["seats"][request["seat"]]]
        try:
            move = seat.move(match, tag)
        except Forfeit as f:
            match.lose(f.reason, f.detail)
            continue
        match.answer(move)
    return match.summary()


def run(specs: list, sizes: list, deals: int, seed: int, progress=None) -> tuple:
    """The league played: (League, records, seconds)."""
    parsed = [parse_bot(s) for s in specs]
    league = League([p[0] for p in parsed], sizes, deals, seed)
    kinds = [p[1] for p in parsed]
    seats = {e: FileSeat(p[2]) for e, p in enumerate(parsed) if p[1] == "bot"}
    records = [None] * len(league.games)
    start = time.perf_counter()
    try:
        for game in range(len(league.games)):
            summary = play(league, kinds, seats, game)
            league.add(game, summary)
            records[game] = summary["record"]
            if progress is not None:
                progress(game + 1, len(league.games))
    finally:
        for seat in seats.values():
            seat.child.close()
    return league, records, time.perf_counter() - start


def standings_lines(league: League) -> list:
    """The standings as the page's table shows them, for a terminal."""
    rows = league.standings()
    width = max([len("bot")] + [len(r["bot"]) for r in rows])
    lines = ["{:>4}  {:<{w}}  {:>5}  {:>5}  {:>7}  {:>6}  {:>8}".format(
        "rank", "bot", "games", "wins", "mean", "spread", "forfeits", w=width)]
    for r in rows:
        line = "{:>4}  {:<{w}}  {:>5}  {:>5}  {:>7}  {:>6}  {:>8}".format(
            r["rank"], r["bot"], r["games"], r["wins"], r["mean_text"], r["spread_text"],
            r["forfeits"], w=width)
        if r["forfeit_reason"]:
            line += "  (" + r["forfeit_reason"] + ": " + r["forfeit_detail"] + ")"
        lines.append(line)
    return lines


def head_to_head_lines(league: League) -> list:
    beat = league.head_to_head()
    names = league.names
    width = max(len(str(i + 1) + " " + n) for i, n in enumerate(names))
    lines = ["head to head (row beat column, in shared finished games):"]
    lines.append(" " * (width + 2) + "  ".join(f"{i + 1:>5}" for i in range(len(names))))
    for a, name in enumerate(names):
        cells = ["{:>5}".format("-" if a == b else str(beat[a][b])) for b in range(len(names))]
        lines.append("{:<{w}}  ".format(str(a + 1) + " " + name, w=width) + "  ".join(cells))
    return lines


def write_files(league: League, records: list, folder: str) -> list:
    """standings.csv, games.csv, head_to_head.csv and records.json in `folder`
    (the same text as the lab's downloads)."""
    os.makedirs(folder, exist_ok=True)
    files = {
        "standings.csv": league.standings_csv(),
        "games.csv": league.games_csv(),
        "head_to_head.csv": league.head_to_head_csv(),
        "records.json": league.records_json(records),
    }
    written = []
    for name, text in files.items():
        path = os.path.join(folder, name)
        # CSV with a byte order mark, as the lab's downloads: spreadsheets
        # then read the class's names as UTF-8.
        code = "utf-8-sig" if name.endswith(".csv") else "utf-8"
        write_regular(path, text, code)  # a named pipe there is refused, never waited on
        written.append(path)
    return written


def cmd_league(args) -> int:
    if args.csv is not None and not args.csv:  # issue 44: it wrote nothing, said nothing
        print("cannot write the files: the folder after --csv is empty", file=sys.stderr)
        return 2
    try:
        sizes = parse_sizes(args.players)
        for spec in args.bots:
            parse_bot(spec)
        League([parse_bot(s)[0] for s in args.bots], sizes, args.deals, args.seed)
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    for spec in args.bots:
        path = parse_bot(spec)[2]
        if path is not None and not os.path.isfile(path):
            print("cannot read " + path, file=sys.stderr)
            return 2

    def progress(done, total):
        if not args.quiet and sys.stderr.isatty():
            print("\r" + str(done) + " of " + str(total) + " games", end="", file=sys.stderr)

    league, records, seconds = run(args.bots, sizes, args.deals, args.seed, progress)
    if not args.quiet and sys.stderr.isatty():
        print(file=sys.stderr)
    if args.csv is not None:
        try:
            written = write_files(league, records, args.csv)
        except OSError as e:
            print("cannot write to " + args.csv + ": " + str(e.strerror or e), file=sys.stderr)
            return 2
        except PathProblem as e:
            print(str(e), file=sys.stderr)
            return 2
    if args.json:
        print(dumps({"league": league.describe(), "standings": league.standings(),
                     "head_to_head": league.head_to_head(), "seconds": round(seconds, 1)}))
        return 0
    d = league.describe()
    print("{} games: {} bots, {}-player games, {} deal(s) per group, seed {} ({:.1f} s)".format(
        d["games"], len(d["bots"]), "/".join(str(k) for k in d["players"]), d["deals"],
        d["seed"], seconds))
    print("\n".join(standings_lines(league)))
    print()
    print("\n".join(head_to_head_lines(league)))
    if args.csv is not None:
        print("wrote " + ", ".join(written))
    return 0


HELP_EPILOG = """\
The schedule: every group of P bots (every pair for --players 2; with 2..4,
every pair, every three and every four) plays --deals deals, and each deal is
played once from every seat (P games, the group rotated one seat each time).
Groups of one size share the deals SEED, SEED+1, ... The Bot lab's league
(lab.html) plays the same schedule: the same bots and seed give the same
standings and games.

Standings: best first by wins, then mean score, then fewer forfeits. Mean
score and spread (standard deviation) are over the games a bot finished; a
game a bot lost by a bad decision (an exception, an illegal move, more than
2 s, or a file that cannot run) counts for nobody and as a forfeit for it.

--csv FOLDER writes standings.csv, games.csv (one row per game: who sat
where, the scores, the result), head_to_head.csv and records.json (every
game's record, docs/record-format.md, which `replay` and the page read)."""


def add_parser(sub) -> None:
    from .tournament import command, seed_number

    lp = command(
        sub,
        "league",
        "a class league: every bot against every other, from every seat",
        "A round-robin league of bot files and built-in bots (issue 26).",
        HELP_EPILOG,
    )
    lp.add_argument("bots", nargs="+",
                    help="bot .py files and built-in levels (" + ", ".join(LEVELS)
                    + "), each maybe as NAME=bot")
    lp.add_argument("--players", default="2",
                    help="players per game: 2, 3, 4, or several: 2..4, 2,4 (default 2)")
    lp.add_argument("--deals", type=int, default=1,
                    help="deals per group of bots, each played from every seat (default 1)")
    lp.add_argument("--seed", type=seed_number, default=0,
                    help="the league's seed: the first deal (default 0)")
    lp.add_argument("--csv", metavar="FOLDER",
                    help="write standings.csv, games.csv, head_to_head.csv, records.json")
    lp.add_argument("--json", action="store_true", help="print the standings as one JSON object")
    lp.add_argument("--quiet", action="store_true", help="no progress line")
    lp.set_defaults(func=cmd_league)
