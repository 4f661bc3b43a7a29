"""Prints lostcode.services.settings.read_pairs() and parse() (its settings and
its notes) and the query without its seed (without_setting) for the JSON list of
query strings in argv[1], one JSON line each, on whichever runtime runs it
(tests/test_url_reader.py compares CPython, MicroPython and assets/runtime.js)."""

import json
import sys

from lostcode.services.settings import parse, read_pairs, without_setting

for query in json.loads(sys.argv[1]):
    pairs = read_pairs(query, [])
    settings, notes = parse(query)
    seedless = without_setting(query, "seed")
    print(json.dumps([sorted(pairs.items()), sorted(settings.items()), notes, seedless]))
