"""Exercises lostcode.services.saves, lostcode.services.settings and
lostcode.web.shell.csp and prints canonical results; tests/test_saves.py runs
it on CPython, MicroPython and Pyodide and requires identical output (so the
modules are portable)."""

import json

from lostcode import Options, apply_action, is_over, legal_actions, new_game
from lostcode.rules.canon import canonical, state_digest
from lostcode.rules.errors import RecordError
from lostcode.rules.playernames import look_alike, normalize_name
from lostcode.rules.rng import Rng
from lostcode.services.jsonlimits import loads_limited
from lostcode.services.saves import SaveIndex, load_save, make_save
from lostcode.services.settings import iframe_snippet, parse, to_query
from lostcode.web.saves.slots import decide, index_from_items, migrate
from lostcode.web.shell.csp import POLICY, directives

NAMES = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "Zoë", "Ярослава"]


def partial(players, flags, seed, steps):
    s = new_game(Options(players, **flags), seed, NAMES[:players])
    pick = Rng(seed + 1)
    for _ in range(steps):
        if is_over(s):
            break
        acts = legal_actions(s)
        apply_action(s, acts[pick.below(len(acts))])
    return s


def main():
    idx = SaveIndex(cap=2)
    for i, (players, flags, steps) in enumerate(
        ((2, {}, 5), (3, {"shortcut": True, "curse": True}, 40), (4, {"introductory": True}, 90))
    ):
        s = partial(players, flags, 50 + i, steps)
        seats = ["human", "hard", "easy", "medium"][:players]
        ui = {"screen": "guess", "sheets": [{"bird": [1, 2]}], "handoff": 1}
        save = make_save(s, seats, ui, "g" + str(i), "2025-01-0" + str(i + 1))
        s2, seats2, ui2 = load_save(json.dumps(save))
        same = state_digest(s2) == state_digest(s) and seats2 == seats
        print("save", i, state_digest(s), same, canonical(ui2))
        idx.put(save, s if i % 2 else None)
    done = partial(2, {"high_stakes": True}, 9, 100000)
    idx.finish("f1", done, ["human", "easy"], "2025-02-01")
    back = SaveIndex.from_json(idx.to_json(), cap=2)
    print("index", canonical(back.listing()), len(back.history()), len(back.rejected))
    data = json.loads(idx.to_json())
    data["games"][0]["save"]["version"] = "x"
    bad = SaveIndex.from_json(json.dumps(data))
    print("rejected", [r["id"] for r in bad.rejected], [r["reason"] for r in bad.rejected])
    for junk in ("{", "[1]", '{"format": "lostcode-save", "version": 7}', b"\xff", 5):
        try:
            load_save(junk)
            print("loaded?!")
        except RecordError as e:
            print("error", str(e))
    for q in (
        "?lang=it&players=3&seats=human,hard,easy&options=shortcut,curse&seed=42&hints=off"
        "&embed=1&runtime=micropython",
        "?players=9&seats=a,hard&lang=IT&lang=ru&embed&x=%FF&seed=-1&options=high-stakes",
        "%e2%82%ac=%FF&&=&textsize=large" + "&lang=pl" * 100,
        b"\xff",
        None,
    ):
        st, notes = parse(q)
        print("settings", canonical(st), to_query(st), canonical(notes))
    print("iframe", iframe_snippet("https://ex.org/g/", parse("?lang=ru")[0], NAMES[1]))
    print("csp", len(POLICY), canonical(directives()["script-src"]))
    # Issue 12: bounded JSON, names, one key per game.
    for text in ("[" * 20000, '{"a": ' * 40 + "1" + "}" * 40, "[" + "9" * 500 + "]", "\ufeff[1]"):
        try:
            print("limited", canonical(loads_limited(text)))
        except RecordError as e:
            print("limited error", str(e))
    for name in ("Ann\u200b", "\u202eCy", " A\u00a0 b\t", "\u200b\u2066", "Ann\u200d"):
        print("name", json.dumps(normalize_name(name)))
    print("alike", look_alike(["Ann", "Ben", "Ann\u200d"]), look_alike(["Ann", "Ben"]))
    writes, rejected, damaged = migrate(json.dumps(data), [])
    print("migrate", [k for k, _t in writes], len(rejected), damaged is None)
    index, revs = index_from_items(writes + [("lostcode.game.zz", "[" * 9000)])
    print("slots", [r["id"] for r in index.listing()], canonical(revs), len(index.rejected))
    print("decide", decide(writes[0][1], 0), decide(writes[0][1], 5), decide(None, 2))
    # Issue 44: a saves list that cannot be read is kept aside whole, never dropped.
    head = '{"format":"lostcode-saves","version":1,'
    for old in (head + '"games":{"a":1}}', head + '"games":"x"}', "not json",
                '{"format":"other","games":[]}', head + '"games":[],"rejected":[1]}'):
        writes, rejected, damaged = migrate(old, [])
        print("kept aside", len(writes), len(rejected), damaged == old)


main()
