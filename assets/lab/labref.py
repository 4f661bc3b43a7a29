"""The Bot lab's referee, in its own worker (assets/lab-worker.js, role "referee").

It holds the game (lostcode.player.botapi.Match) and hands out only requests: the
observation of the seat to act and its legal moves, as JSON text. A bot seat's
request goes to the bot's worker (in a series directly, on a channel the page
gave both workers; in a league through the page); answers come back here, where
they are checked. Functions take and return JSON text so nothing but plain data
crosses into JavaScript. ("Play against my bot" is played on index.html, not here:
lostcode/web/lab/labseat.py.)
"""

from json import dumps

from lostcode.player.botapi import Match, seating, series_stats
from lostcode.player.request import bot_request, request_text
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.errors import RecordError
from lostcode.rules.options import Options
from lostcode.services.jsonlimits import loads_limited

NOW = {"match": None, "at": None, "games": [], "players": 2, "kinds": None, "names": None,
       "legal": None}


def begin_series(players: int, level: str, seed: int, names_json: str) -> None:
    """A run of games: participant 0 is the player's bot, the others `level` bots."""
    NOW["players"] = int(players)
    NOW["kinds"] = ["bot"] + [level] * (int(players) - 1)
    NOW["names"] = loads_limited(names_json, what="list of names")
    NOW["seed"] = int(seed)
    NOW["games"] = []


def begin_game(game: int) -> None:
    n = NOW["players"]
    at = seating(game, n)
    kinds, names = [None] * n, [None] * n
    for i in range(n):
        kinds[at[i]] = NOW["kinds"][i]
        names[at[i]] = NOW["names"][i]
    deal = NOW["seed"] + game // n  # each deal is played once from every seat
    NOW["at"] = at
    NOW["match"] = Match(kinds, Options(n), deal, NOW["seed"] * 1000003 + game, names)
    NOW["legal"] = None


def step() -> str:
    """The next request for an outside seat (JSON), or "null" when the game is over.

    Match.next_request's loop, with the request written as JSON once: its
    plain() (JSON out and back in) gives the same text and cost a quarter of a
    game's time on MicroPython (issue 26). The legal moves are written once,
    inside the observation (its "legal"), which the bot gets as `legal_moves`
    (lostcode/player/request.py): the request is a sixth shorter to write and read."""
    match = NOW["match"]
    s = match.state
    while not match.over():
        p = s.to_act
        legal = legal_actions(s)
        if match.players[p] is None:
            NOW["legal"] = legal  # for answer(): the state stays as it is until then
            return request_text(bot_request(s, p, match.kinds[p], legal))
        apply_action(s, match.players[p].act(s, legal))
    return "null"


def answer(move_json: str) -> None:
    """The bot's move, read with the one reader's size and depth limits (issue
    25: a reply nested thousands deep had killed Pyodide); unreadable, it
    loses the game like an illegal move."""
    try:
        move = loads_limited(move_json, what="answer")
    except RecordError as e:
        NOW["match"].lose("illegal", str(e.args[0] if e.args else e))
        return
    legal, NOW["legal"] = NOW["legal"], None  # only ever for the request just written
    NOW["match"].answer(move, legal)


def lose(reason: str, detail: str) -> None:
    NOW["match"].lose(reason, detail)


def end_game() -> str:
    entry = {"at": NOW["at"], "summary": NOW["match"].summary()}
    NOW["games"].append(entry)
    return dumps(entry)


def stats() -> str:
    return dumps(series_stats(NOW["games"], NOW["players"]))


# --- a class league (issue 26): lostcode/player/league.py, as on the command line ---

LEAGUE = {"league": None, "kinds": None, "game": None, "records": []}


def league_begin(plan_json: str) -> str:
    """{names, kinds, sizes, deals, seed} -> the schedule, or {"error": why}."""
    from lostcode.player.league import League

    plan = loads_limited(plan_json, what="league")
    try:
        league = League(plan["names"], plan["sizes"], int(plan["deals"]), int(plan["seed"]))
    except ValueError as e:
        return dumps({"error": str(e)})
    LEAGUE["league"] = league
    LEAGUE["kinds"] = list(plan["kinds"])
    LEAGUE["records"] = [None] * len(league.games)
    return dumps({"names": league.names, "games": league.games})


def league_game(game: int) -> None:
    """Game `game` becomes the match step(), answer() and lose() play."""
    league = LEAGUE["league"]
    g = league.games[int(game)]
    kinds, names = league.table(int(game), LEAGUE["kinds"])
    LEAGUE["game"] = int(game)
    NOW["at"] = list(range(g["players"]))
    NOW["match"] = Match(kinds, Options(g["players"]), g["deal_seed"], g["bot_seed"], names)
    NOW["legal"] = None


def league_end_game() -> str:
    summary = NOW["match"].summary()
    game = LEAGUE["game"]
    LEAGUE["league"].add(game, summary)
    LEAGUE["records"][game] = summary["record"]
    return dumps({"game": game, "summary": summary})


def league_result() -> str:
    """Standings, head to head and the CSV downloads."""
    league = LEAGUE["league"]
    return dumps({
        "standings": league.standings(),
        "head_to_head": league.head_to_head(),
        "played": len(league.played()),
        "csv": {"standings": league.standings_csv(), "games": league.games_csv(),
                "head_to_head": league.head_to_head_csv()},
    })


def league_records() -> str:
    return LEAGUE["league"].records_json(LEAGUE["records"])
