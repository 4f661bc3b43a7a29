"""A small class league of built-in bots, its standings and CSV text printed.

Run by tests/test_league.py on CPython, Pyodide and MicroPython (under Node):
lostcode/player/league.py makes the schedule and the standings in the Bot
lab's referee worker and on the command line, so every runtime must print
the same text, digit for digit. The games are played here with the engine
and the built-in bots (botapi's Match runs bot files: not on MicroPython),
summarised as Match.summary() does; a forfeit is made up for one game.
"""

from lostcode.player.bots import Player
from lostcode.player.league import League
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game

LEVELS = ["easy", "medium", "easy"]
league = League(["Ann", "Bo, the 2nd", "=cmd"], [2, 3], 1, 11)
for g in league.games:
    kinds, names = league.table(g["game"], LEVELS)
    s = new_game(Options(g["players"]), g["deal_seed"], names)
    players = [Player(k, g["bot_seed"] * 31 + p) for p, k in enumerate(kinds)]
    forfeit = None
    while not is_over(s):
        if g["game"] == 4 and s.round == 2:  # the seat to act forfeits this game
            forfeit = {"seat": s.to_act, "reason": "error", "detail": "Traceback\nValueError: x"}
            break
        apply_action(s, players[s.to_act].act(s, legal_actions(s)))
    done = forfeit is None
    league.add(g["game"], {
        "finished": done, "scores": list(s.scores), "forfeit": forfeit,
        "winner": s.result["winner"] if done else None,
        "tie": bool(s.result["tie"]) if done else False,
    })
print(league.standings_csv())
print(league.games_csv())
print(league.head_to_head_csv())
for row in league.standings():
    print(row["bot"], row["mean"], row["spread"])
