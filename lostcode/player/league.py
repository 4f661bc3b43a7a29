"""A class league (issue 26): who plays whom, from which seat, on which deal; the standings.

One module for the Bot lab's referee worker (assets/lab/labref.py) and the
command line (lostcode/cli/league.py): the same seed and bots give the same
standings and CSV rows in both. Means and spreads are exact whole hundredths
(`centi_mean`, `centi_spread`): a float printed on CPython, Pyodide and
MicroPython may differ in its last digit. Every group of P entrants plays
each deal once from every seat (rotated one seat per game), so nobody gains
by sitting first; groups of one size share the deals seed, seed + 1, ...
Runs on MicroPython (no itertools.combinations, math.isqrt).
"""

from json import dumps

from ..rules.rng import MAX_SEED
from ..rules.setup import clean_names

SIZES = (2, 3, 4)
MAX_ENTRANTS = 40
MAX_DEALS = 50
MAX_GAMES = 20000
STANDINGS_COLUMNS = (
    "rank", "bot", "games", "finished", "wins", "mean_score", "spread", "forfeits",
    "forfeit_reason", "forfeit_detail",
)  # fmt: skip
GAMES_COLUMNS = (
    "game", "players", "deal_seed", "seat_1", "seat_2", "seat_3", "seat_4",
    "score_1", "score_2", "score_3", "score_4", "result", "winner", "forfeit_bot",
    "forfeit_reason", "forfeit_detail",
)  # fmt: skip


def combinations(n: int, k: int) -> list:
    """itertools.combinations(range(n), k), which MicroPython lacks."""
    out = []

    def grow(start, chosen):
        if len(chosen) == k:
            out.append(tuple(chosen))
            return
        for i in range(start, n - (k - len(chosen)) + 1):
            grow(i + 1, chosen + [i])

    grow(0, [])
    return out


def schedule(entrants: int, sizes, deals: int, seed: int) -> list:
    """The games in playing order: {"game", "players" k, "deal_seed", "bot_seed"
    (the built-in bots' choices), "seats" (the entrant at each position)}. In
    game r of a deal the group's i-th entrant sits at (i + r) % k. ValueError
    says why a league cannot be played."""
    sizes = [k for k in sizes if k in SIZES]
    if not sizes:
        raise ValueError("players per game are 2 to 4")
    if entrants < min(sizes):
        raise ValueError("a league of " + str(min(sizes)) + "-player games needs at least "
                         + str(min(sizes)) + " bots")
    if entrants > MAX_ENTRANTS:
        raise ValueError("at most " + str(MAX_ENTRANTS) + " bots in one league")
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError("deals per group: 1 to " + str(MAX_DEALS))
    if not 0 <= seed or seed + deals - 1 > MAX_SEED:
        raise ValueError("the seed is 0 to " + str(MAX_SEED - deals + 1) + " for "
                         + str(deals) + " deals")
    total = 0
    for k in sizes:
        if k <= entrants:
            total += len(combinations(entrants, k)) * deals * k
    if total > MAX_GAMES:
        raise ValueError(str(total) + " games is too many for one league (at most "
                         + str(MAX_GAMES) + "): fewer deals or fewer bots")
    games = []
    for k in sizes:
        if k > entrants:
            continue
        for group in combinations(entrants, k):
            for d in range(deals):
                for r in range(k):
                    seats = [0] * k
                    for i in range(k):
                        seats[(i + r) % k] = group[i]
                    n = len(games)
                    games.append({"game": n, "players": k, "deal_seed": seed + d,
                                  "bot_seed": seed * 1000003 + n, "seats": seats})
    return games


def entrant_names(names) -> list:
    """The names as tables show them: cleaned and distinct (clean_names, R-S1)."""
    return clean_names(list(names), len(names))


def result_of(summary) -> dict:
    """What the standings need of botapi.Match.summary()."""
    f = summary.get("forfeit")
    return {
        "scores": list(summary["scores"]),
        "finished": bool(summary["finished"]),
        "winner": summary["winner"],
        "tie": bool(summary["tie"]),
        "forfeit": None if f is None else {
            "seat": f["seat"], "reason": f["reason"], "detail": str(f.get("detail", ""))},
    }


def round_div(a: int, b: int) -> int:
    """a / b rounded to the nearest whole number, halves away from zero (b > 0)."""
    if a < 0:
        return -((-2 * a + b) // (2 * b))
    return (2 * a + b) // (2 * b)


def centi_mean(scores) -> int:
    """The mean of whole scores in hundredths, rounded exactly."""
    return round_div(100 * sum(scores), len(scores)) if scores else 0


def isqrt(n: int) -> int:
    """floor(sqrt(n)), exactly (Newton on integers)."""
    if n < 2:
        return n
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x


def centi_spread(scores) -> int:
    """The (population) standard deviation in hundredths, rounded exactly."""
    n = len(scores)
    if n < 2:
        return 0
    v = n * sum(x * x for x in scores) - sum(scores) * sum(scores)
    # sqrt(v) / n; the largest m with ((2m - 1) n)^2 <= 40000 v
    m = isqrt(40000 * v) // n + 1
    while m > 0 and (2 * m - 1) * n * (2 * m - 1) * n > 40000 * v:
        m -= 1
    return m


def centi_text(c: int) -> str:
    """Hundredths as a decimal: 1234 -> "12.34", -5 -> "-0.05"."""
    sign = "-" if c < 0 else ""
    c = -c if c < 0 else c
    return sign + str(c // 100) + "." + ("0" + str(c % 100))[-2:]


def last_line(detail) -> str:
    """A forfeit's detail in one line: a traceback's last line names the error."""
    lines = [line.strip() for line in str(detail).split("\n") if line.strip()]
    line = lines[-1] if lines else ""
    return line if len(line) <= 160 else line[:157] + "..."


class League:
    """A league's plan and its results, one game at a time."""

    __slots__ = ("names", "sizes", "deals", "seed", "games", "results")

    def __init__(self, names, sizes, deals: int, seed: int):
        self.names = entrant_names(names)
        self.sizes = sorted(sizes)
        self.deals = int(deals)
        self.seed = int(seed)
        self.games = schedule(len(self.names), self.sizes, self.deals, self.seed)
        self.results: list = [None] * len(self.games)

    def add(self, game: int, summary) -> None:
        self.results[game] = result_of(summary)

    def table(self, game: int, kinds) -> tuple:
        """(kinds, names) by table position; `kinds[e]`: "bot" or a level."""
        seats = self.games[game]["seats"]
        return [kinds[e] for e in seats], [self.names[e] for e in seats]

    def played(self) -> list:
        """(game, result) of the games played so far."""
        return [(g, self.results[i]) for i, g in enumerate(self.games)
                if self.results[i] is not None]

    def standings(self) -> list:
        """One row per entrant, best first: wins, then mean score (bots that
        finished no game last), fewer forfeits, name. A forfeited game counts
        for nobody, and as a forfeit (with its reason) for its loser."""
        rows = []
        for e, name in enumerate(self.names):
            scores, wins, forfeits, games, reason, detail = [], 0, 0, 0, "", ""
            for g, r in self.played():
                if e not in g["seats"]:
                    continue
                games += 1
                p = g["seats"].index(e)
                f = r["forfeit"]
                if f is not None:
                    if f["seat"] == p:
                        forfeits += 1
                        if not reason:  # the first one: a broken file's every game says the same
                            reason, detail = f["reason"], last_line(f["detail"])
                    continue
                scores.append(r["scores"][p])
                if r["winner"] == p and not r["tie"]:
                    wins += 1
            rows.append({
                "bot": name, "entrant": e, "games": games, "finished": len(scores),
                "wins": wins, "mean": centi_mean(scores), "spread": centi_spread(scores),
                "forfeits": forfeits, "forfeit_reason": reason, "forfeit_detail": detail,
            })
        rows.sort(key=lambda r: (-r["wins"], r["finished"] == 0, -r["mean"], r["forfeits"],
                                 r["bot"]))
        for i, r in enumerate(rows):
            r["rank"] = i + 1
            r["mean_text"] = centi_text(r["mean"])
            r["spread_text"] = centi_text(r["spread"])
        return rows

    def head_to_head(self) -> list:
        """beat[a][b]: finished games where a and b both played and a scored more."""
        n = len(self.names)
        beat = [[0] * n for _ in range(n)]
        for g, r in self.played():
            if r["forfeit"] is not None:
                continue
            seats, scores = g["seats"], r["scores"]
            for p in range(len(seats)):
                for q in range(len(seats)):
                    if scores[p] > scores[q]:
                        beat[seats[p]][seats[q]] += 1
        return beat

    def game_row(self, g, r) -> list:
        """One game as the games CSV has it (table positions 1-4)."""
        k = g["players"]
        seats = [self.names[e] for e in g["seats"]] + [""] * (4 - k)
        scores = [str(x) for x in r["scores"]] + [""] * (4 - k)
        f = r["forfeit"]
        if f is not None:
            kind, winner = "forfeit", ""
            by, why, detail = self.names[g["seats"][f["seat"]]], f["reason"], last_line(f["detail"])
        else:
            kind = "tie" if r["tie"] else "win"
            winner = "" if r["tie"] else self.names[g["seats"][r["winner"]]]
            by, why, detail = "", "", ""
        return [str(g["game"] + 1), str(k), str(g["deal_seed"])] + seats + scores + [
            kind, winner, by, why, detail]

    def standings_csv(self) -> str:
        rows = [list(STANDINGS_COLUMNS)]
        for r in self.standings():
            rows.append([str(r["rank"]), r["bot"], str(r["games"]), str(r["finished"]),
                         str(r["wins"]), r["mean_text"], r["spread_text"], str(r["forfeits"]),
                         r["forfeit_reason"], r["forfeit_detail"]])
        return to_csv(rows)

    def games_csv(self) -> str:
        rows = [list(GAMES_COLUMNS)]
        for g, r in self.played():
            rows.append(self.game_row(g, r))
        return to_csv(rows)

    def head_to_head_csv(self) -> str:
        """Row bot a, column bot b: how many shared games a scored more than b."""
        beat = self.head_to_head()
        rows = [["bot"] + list(self.names)]
        for a, name in enumerate(self.names):
            rows.append([name] + [("" if a == b else str(beat[a][b]))
                                  for b in range(len(self.names))])
        return to_csv(rows)

    def describe(self) -> dict:
        """What the league was (the records file says it)."""
        return {"bots": list(self.names), "players": list(self.sizes), "deals": self.deals,
                "seed": self.seed, "games": len(self.games)}

    def records_json(self, records) -> str:
        """Every played game's record (docs/record-format.md, `records[i]`) and
        who sat where, as one JSON file."""
        out = []
        for g, r in self.played():
            row = self.game_row(g, r)
            out.append({"game": g["game"] + 1, "seats": [self.names[e] for e in g["seats"]],
                        "result": row[11], "winner": row[12] or None,
                        "forfeit": r["forfeit"], "record": records[g["game"]]})
        return dumps({"league": self.describe(), "games": out})


def csv_field(value) -> str:
    """One CSV field (RFC 4180); a name a spreadsheet would run as a formula
    (=, +, -, @ first) gets a leading apostrophe."""
    text = str(value)
    if text and text[0] in "=+@" or (text[:1] == "-" and not _number(text)):
        text = "'" + text
    if any(c in text for c in ',"\r\n'):
        text = '"' + text.replace('"', '""') + '"'
    return text


def _number(text: str) -> bool:
    body = text[1:] if text[:1] == "-" else text
    return body.replace(".", "", 1).isdigit()


def to_csv(rows) -> str:
    return "".join(",".join(csv_field(v) for v in row) + "\r\n" for row in rows)
