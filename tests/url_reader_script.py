"""Prints lostcode.services.settings.read_pairs() and parse() for the JSON list of
query strings in argv[1], one JSON line each, on whichever runtime runs it
(tests/test_url_reader.py compares CPython, MicroPython and assets/runtime.js)."""

import json
import sys

from lostcode.services.settings import parse, read_pairs

for query in json.loads(sys.argv[1]):
    pairs = read_pairs(query, [])
    settings = parse(query)[0]
    print(json.dumps([sorted(pairs.items()), sorted(settings.items())]))
