"""The one table of outside inputs (issue 25), run unchanged on CPython, Pyodide
and MicroPython by tests/test_reader_table.py: every runtime must accept and
refuse exactly the same records, saves, stored keys, bot replies and names.

Prints one line per case: "ok NAME" or "FAIL NAME: what happened". Each case
imports what it needs itself, so one missing function fails its own cases.
"""

import json

DEEP = "[" * 100000
GOOD = '{"format": "x", "n": [1, 2.5, -3e2, true, false, null, "a\\u00e9\\n"]}'


def loads(data, max_chars=2000000):
    from lostcode.services.jsonlimits import loads_limited

    return loads_limited(data, max_chars, "file")


# (name, thunk, expected): expected is "ok", a value, or ("refused", words)
def refused(*words):
    return ("refused",) + words


def last_settings(text):
    from lostcode.services.settings import read_last

    return read_last(text)


def lab_play(text):
    from lostcode.web.lab.labseat import read_play

    return read_play(text)


def lab_watch(text):
    from lostcode.web.lab.labseat import read_watch

    return read_watch(text)


def look_alike(names):
    from lostcode.rules.playernames import look_alike as same

    return same(names) is not None


def clean(names):
    from lostcode.rules.setup import clean_names

    return len(set(clean_names(names, len(names)))) == len(names)


def imported(data):
    from lostcode.web.saves.persist import read_import

    return read_import(data)


def lab_reply(text):
    """A bot's reply at the table, read by the page's Python (a LabSession)."""
    from lostcode.web.lab.labseat import LabSession, read_play

    play = read_play(json.dumps({"code": "def choose(o, l):\n    return l[0]\n",
                                 "players": 2, "level": "easy"}))
    ses = LabSession(play, 5)
    due = None
    for _ in range(50):
        due = ses.lab_request()
        if due is not None:
            break
        ses.do("continue")
    if due is None:
        return "no question"
    before = len(ses.state.actions)
    ses.lab_answer_text(text.replace("N", str(due[0])))
    # no move from the bot: the easy computer played this one instead
    return "answered" if ses.lab.failures == 1 and len(ses.state.actions) > before else "not"


def nested(levels):
    """A Python list nested `levels` deep, made without recursion."""
    value = []
    for _ in range(levels):
        value = [value]
    return value


def value_check(value):
    from lostcode.services.jsonlimits import value_problem

    return value_problem(value)


def bot_worker_move(levels):
    """The Bot lab's bot worker (assets/lab/labbot.py, Pyodide) asked for a move
    by a bot that returns a list nested `levels` deep: its reply, as the page
    gets it. The worker runs Pyodide only (compile, tracebacks): MicroPython
    checks the walk itself (value_check), so it answers what the others must."""
    import sys

    if sys.implementation.name == "micropython":
        return "illegal nested"
    sys.path.insert(0, "assets/lab")
    import labbot

    from lostcode import Options, legal_actions, new_game
    from lostcode.rules.observation import observe

    source = ("def choose(observation, legal_moves):\n    move = []\n"
              "    for _ in range(" + str(levels) + "):\n        move = [move]\n"
              "    return move\n")
    assert labbot.load(source) == ""
    s = new_game(Options(2), 3)
    request = json.dumps({"seat": 0, "observation": observe(s, 0), "legal": legal_actions(s)})
    reply = json.loads(labbot.decision(request, "1"))
    forfeit = reply.get("forfeit") or {}
    return forfeit.get("reason", "") + (" nested" if "nested" in forfeit.get("detail", "") else "")


def text_of(n, char):
    """A JSON string of n copies of `char` (UTF-8: 2 bytes for é, 4 for 😀), as text."""
    return '["' + char * n + '"]'


SETTINGS = json.dumps({"players": 3, "names": ["Ann", "", "Cy"], "seats": ["human", "easy", "x"],
                       "flags": {"shortcut": True}, "hints": False})

CASES = [
    ("valid JSON", lambda: loads(GOOD)["n"][4], False),
    ("valid bytes with a BOM", lambda: loads(b"\xef\xbb\xbf" + GOOD.encode())["format"], "x"),
    ("trailing garbage", lambda: loads('{"a": 1} x'), refused("more after")),
    ("a second value", lambda: loads('{"a": 1}{"b": 2}'), refused("more after")),
    ("NUL then garbage", lambda: loads('{"a": 1}\x00junk'), refused("more after")),
    ("NUL in a string", lambda: loads('{"a": "b\x00c"}'), refused("not valid JSON")),
    ("raw newline in a string", lambda: loads('{"a": "b\nc"}'), refused("not valid JSON")),
    ("trailing comma in a list", lambda: loads("[1,]"), refused("not valid JSON")),
    ("trailing comma in an object", lambda: loads('{"a": 1,}'), refused("not valid JSON")),
    ("missing colon", lambda: loads('{"a" 1}'), refused("not valid JSON")),
    ("missing comma", lambda: loads("[1 2]"), refused("not valid JSON")),
    ("leading zero", lambda: loads('{"a": 01}'), refused("not valid JSON")),
    ("single quotes", lambda: loads("{'a': 1}"), refused("not valid JSON")),
    ("cut short", lambda: loads('{"a": [1, 2'), refused("ends too early")),
    ("bad escape", lambda: loads('["\\x41"]'), refused("not valid JSON")),
    ("nested 100,000 deep", lambda: loads(DEEP), refused("nested")),
    ("a 5,000-digit number", lambda: loads("[" + "9" * 5000 + "]"), refused("digits")),
    ("too large text", lambda: loads("[" + "1," * 600 + "1]", 1000), refused("too large")),
    ("too large bytes", lambda: loads(b" " * 2000 + b"[]", 1000), refused("too large")),
    ("invalid UTF-8 in a name", lambda: loads(b'{"n": "Z\xff\xfed"}'), refused("UTF-8")),
    ("overlong UTF-8", lambda: loads(b'{"n": "\xc0\xaf"}'), refused("UTF-8")),
    ("UTF-8 surrogate", lambda: loads(b'{"n": "\xed\xa0\x80"}'), refused("UTF-8")),
    ("UTF-8 cut short", lambda: loads(b'{"n": "\xc3'), refused("UTF-8")),
    ("import: invalid UTF-8", lambda: imported(b'{"format": "Z\xff\xfed"}'), refused("UTF-8")),
    ("import: trailing garbage", lambda: imported('{"format": "x"}\x00junk'),
     refused("more after")),
    ("import: too large", lambda: imported(b" " * 600000), refused("too large")),
    ("settings: nested 100,000 deep", lambda: last_settings(DEEP), None),
    ("settings: trailing garbage", lambda: last_settings(SETTINGS + "x"), None),
    ("settings: not an object", lambda: last_settings("[3]"), None),
    ("settings: wrong players", lambda: last_settings('{"players": 5}'), None),
    ("settings: usable", lambda: last_settings(SETTINGS),
     {"players": 3, "names": ["Ann", "", "Cy"], "seats": ["human", "easy", "?"],
      "flags": {"introductory": False, "high_stakes": False, "shortcut": True, "curse": False},
      "hints": False}),
    ("lab play key: nested 100,000 deep", lambda: lab_play(DEEP), None),
    ("lab play key: NUL then garbage",
     lambda: lab_play('{"code": "x = 1", "players": 2, "level": "easy"}\x00x'), None),
    ("lab watch key: nested 100,000 deep", lambda: lab_watch(DEEP), None),
    ("lab watch key: trailing garbage", lambda: lab_watch('{"format": "x"} ]'), None),
    ("lab watch key: an object", lambda: lab_watch('{"format": "x"}'), {"format": "x"}),
    ("bot reply nested 5,000 deep",
     lambda: lab_reply('{"n": N, "move": ' + "[" * 5000 + "]" * 5000 + "}"), "answered"),
    ("bot reply not JSON", lambda: lab_reply('{"n": N, "move": [roll]}'), "answered"),
    ("a Python value nested 5,000 deep", lambda: "nested" in value_check(nested(5000)), True),
    ("a Python value nested 32 deep", lambda: value_check(nested(31)), None),
    ("a list holding itself", lambda: "nested" in value_check(_holding_itself()), True),
    ("bot's worker: a move nested 5,000 deep", lambda: bot_worker_move(5000), "illegal nested"),
    ("bot's worker: a move nested 40 deep", lambda: bot_worker_move(40), "illegal nested"),
    # Sizes in UTF-8 bytes on every runtime, as the command line counts a file:
    # 4 + 2 x 498 = 1,000 bytes is just under 1,000 (and 500 characters).
    ("é text: 1,000 bytes", lambda: len(loads(text_of(498, "\u00e9"), 1000)[0]), 498),
    ("é text: 1,002 bytes", lambda: loads(text_of(499, "\u00e9"), 1000), refused("too large")),
    ("é bytes: 1,000 bytes",
     lambda: len(loads(text_of(498, "\u00e9").encode("utf-8"), 1000)[0]), 498),
    ("é bytes: 1,002 bytes",
     lambda: loads(text_of(499, "\u00e9").encode("utf-8"), 1000), refused("too large")),
    # 😀 is 4 bytes, 2 UTF-16 units (the page's first measure), 1 character.
    ("😀 text: 1,000 bytes", lambda: len(loads(text_of(249, "\U0001f600"), 1000)[0]), 249),
    ("😀 text: 1,004 bytes", lambda: loads(text_of(250, "\U0001f600"), 1000),
     refused("too large", "1000 bytes")),
    ("import: é text over the limit in bytes",
     lambda: imported(text_of(100000, "\u00e9")), refused("too large")),
    ("names: Cyrillic A", lambda: look_alike(["Ann", "\u0410nn"]), True),
    ("names: Greek B", lambda: look_alike(["Bob", "\u0392ob"]), True),
    ("names: fi ligature", lambda: look_alike(["fiona", "\ufb01ona"]), True),
    ("names: full-width", lambda: look_alike(["Ann", "\uff21nn"]), True),
    ("names: José two ways", lambda: look_alike(["Jos\u00e9", "Jose\u0301"]), True),
    # issue 44: Unicode's confusables of other scripts (tools/build_lookalikes.py)
    ("names: Lisu A", lambda: look_alike(["Ann", "\ua4eenn"]), True),
    ("names: Armenian o", lambda: look_alike(["Bob", "B\u0585b"]), True),
    ("names: Cherokee A", lambda: look_alike(["Ann", "\u13aann"]), True),
    ("names: Coptic C", lambda: look_alike(["Cat", "\u2ca4at"]), True),
    ("names: mathematical bold A", lambda: look_alike(["Ann", "\U0001d400nn"]), True),
    # issue 44: the prototype of the character as typed, where NFKD led away
    # from Latin (lunate sigma: NFKD gives Sigma, which looked like no C)
    ("names: Greek lunate sigma C", lambda: look_alike(["Cy", "\u03f9y"]), True),
    ("names: Greek small lunate sigma c", lambda: look_alike(["Luc", "Lu\u03f2"]), True),
    ("names: Greek omicron in Greek", lambda: look_alike(["\u039f\u03bb\u03b3\u03b1",
                                                          "O\u03bb\u03b3\u03b1"]), True),
    ("names: Cyrillic and Latin apart", lambda: look_alike(["\u0410\u043d\u043d\u0430",
                                                            "Anna", "Ahha"]), False),
    ("names: different", lambda: look_alike(["Ann", "Ben", "Jos\u00e9", "Jose"]), False),
    ("names: made distinct in a game", lambda: clean(["Bob", "\u0392ob", "B\u043eb"]), True),
]


def _holding_itself():
    value = []
    value.append(value)
    return value


def run(thunk):
    try:
        return ("value", thunk())
    except Exception as e:  # noqa: BLE001 - every failure is reported, not raised
        return ("error", type(e).__name__ + ": " + str(e.args[0] if e.args else e))


def main():
    for name, thunk, expected in CASES:
        kind, got = run(thunk)
        if isinstance(expected, tuple) and expected[0] == "refused":
            ok = kind == "error" and got.startswith("RecordError") and all(
                w in got for w in expected[1:]
            )
        else:
            ok = kind == "value" and got == expected
        if ok:
            print("ok " + name)
        else:
            print("FAIL " + name + ": " + kind + " " + repr(got)[:200])


if __name__ == "__main__":
    main()
