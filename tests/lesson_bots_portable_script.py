"""The lesson's bots on any runtime (tests/test_bot_runtimes.py runs it on
CPython and MicroPython): every pair of the bots given as JSON strings in
argv[2:] plays argv[1] seeded 2-player games refereed by botapi.Match, each
observation and legal list passed through JSON as the lab's workers pass
them; one line per decision, one per game's scores."""

import sys
from json import dumps, loads

from lostcode.player.botapi import BotProgram, Match
from lostcode.rules.options import Options

games = int(sys.argv[1])
programs = [BotProgram(loads(a)) for a in sys.argv[2:]]
for g in range(games):
    for a in range(len(programs)):
        for b in range(len(programs)):
            if a == b:
                continue
            choosers = [programs[a].new_chooser(), programs[b].new_chooser()]
            match = Match(["bot", "bot"], Options(2), 1000 + g, 77 + g)
            n = 0
            while True:
                request = match.next_request()
                if request is None:
                    break
                seat = request["seat"]
                obs = loads(dumps(request["observation"]))
                move = choosers[seat](obs, obs["legal"])
                print(g, a, b, n, seat, dumps(move))
                n += 1
                match.answer(move)
            print("game", g, a, b, dumps(match.summary()["scores"]))
