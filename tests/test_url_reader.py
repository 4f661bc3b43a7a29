"""One reader of the URL (issue 12, item 10): assets/runtime.js, which picks
the runtime before Python starts, and lostcode/services/settings.py, which reads every
other setting, read any query string the same way: key and value case, ASCII
blanks, "&" and ";", repeats, percent-escapes, invalid UTF-8, cut-offs. Both
are fed the same hostile query strings; MicroPython's reading must match too.
Anything either ignores is a visible note (test_settings.py, test_url_settings.py)."""

import json
import random
import shutil
import subprocess

import pytest
from helpers import ROOT, node_runtimes_available, run_in_runtime

from lostcode.services.settings import parse, read_pairs, without_setting

PIECES = (
    "runtime", "RUNTIME", "Runtime", " runtime ", "run%74ime", "%52untime", "lang", "LANG",
    "textsize", "TextSize", "players", "seed", "embed", "hints", "seats", "options", "utm",
    "micropython", "MicroPython", "MICROPYTHON", " pyodide", "pyodide\t", "%50yodide", "pyo+dide",
    "pyodide\u00a0", "\u2003pyodide", "pyodide\x1c", "micropython\x0b", "cpython", "",
    "pl", "PL", "Pl", "ru", "xx", "large", "LARGE", "normal", "\u212aarge",
    "=", "==", "&", "&&", ";", ";;", "?", "#", "%", "%2", "%zz", "%FF", "%C3%A9", "%ED%A0%80",
    "%C0%AF", "%EF%BB%BF", "%26", "%3D", "%3B", "+", "%2B", "\u00e9", "\U0001f600", "\ud800",
    "1", "on", "OFF", "42",
)


def hostile_queries(n=200, seed=1217):
    rnd = random.Random(seed)
    out = [
        "?LANG=pl", "?lang=pl;players=3", "?runtime=MicroPython", "?runtime=PYODIDE",
        "?runtime=pyodide&runtime=micropython", "?RUNTIME=pyodide;runtime=micropython",
        "runtime=pyodide", "https://x.example/?runtime=pyodide#runtime=micropython",
        "?a=1&" * 70 + "runtime=pyodide", "?" + "x" * 5000 + "&runtime=pyodide",
        "?lang=" + "\U0001f600" * 4100 + "&runtime=pyodide",
        "?runtime", "?runtime=", "?runtime=%ED%A0%80&runtime=pyodide", "?\ud800=1&runtime=pyodide",
        "?runtime=py%ZZodide", "?runtime%3Dpyodide", "??runtime=pyodide", "?runtime==pyodide",
    ]
    for _ in range(n):
        parts = []
        for _ in range(rnd.randint(1, 8)):
            parts.append(rnd.choice(PIECES) + rnd.choice(("=", "=", "")) + rnd.choice(PIECES))
            parts.append(rnd.choice(("&", "&", ";", "&&", "")))
        out.append(rnd.choice(("?", "", "??")) + "".join(parts))
    return out


def _python(queries):
    return [
        [sorted(read_pairs(q, []).items()), sorted(parse(q)[0].items())] for q in queries
    ]


# Issue 44: notes quote what was typed (MicroPython's repr escaped every
# non-ASCII character), and the seed leaves the address whatever its spelling.
TYPED = [
    "?lang=\u0440\u0443", "?players=\uff13", "?seats=h\u00fcman", "?seats=alien,expert",
    "?lang=%D1%80%D1%83", "?lang=it's", "?lang=a\\b", "?lang=%E2%80%AEab", "?lang=\U0001f600",
    "?SEED=42", "?Seed=42&players=2", "?x=1;seed=42", "?s%65ed=4", "?seed=1&seed=2;SEED=3",
]


def _python_full(queries):
    return [
        [sorted(read_pairs(q, []).items()), sorted(parse(q)[0].items()), parse(q)[1],
         without_setting(q, "seed")]
        for q in queries
    ]


def test_notes_show_what_was_typed_and_list_every_seat_kind():
    """Issue 44, 7 and 13: the characters typed, never escapes; every seat kind."""
    assert parse("?lang=\u0440\u0443")[1] == [
        "Ignored lang='\u0440\u0443': the languages are en, ru, it and pl."
    ]
    assert parse("?players=\uff13")[1][0].startswith("Ignored players='\uff13'")
    assert parse("?seats=h\u00fcman")[1][0].startswith("Seat 1 'h\u00fcman' is not")
    note = parse("?seats=alien,expert")[1][0]
    assert note == (
        "Seat 1 'alien' is not one of human, easy, medium, hard, expert: "
        "it will be a human player."
    )
    assert parse("?seats=alien,expert")[0]["seats"] == ["human", "expert"]
    # What would hide or reorder the note is escaped, as CPython's repr does.
    assert "'\\u202eab'" in parse("?lang=%E2%80%AEab")[1][0]
    assert parse("?lang=it's")[1][0].startswith('Ignored lang="it\'s"')


def test_the_seed_is_dropped_whatever_its_spelling():
    """Issue 44, 8: every spelling the reader takes as the seed is dropped."""
    for query, rest in (
        ("?SEED=42", ""), ("?Seed=42&players=2", "?players=2"), ("?x=1;seed=42", "?x=1"),
        ("?s%65ed=4&lang=it", "?lang=it"), ("?seed=1&seed=2;SEED=3", ""),
        ("?players=2", "?players=2"),
    ):
        assert "seed" in parse(query)[0] or query == "?players=2"
        assert without_setting(query, "seed") == rest, query
        assert "seed" not in parse(without_setting(query, "seed"))[0]


@pytest.mark.runtimes
def test_javascript_and_python_read_every_query_the_same(tmp_path):
    if shutil.which("node") is None:
        pytest.skip("Node is not installed")
    queries = hostile_queries()
    (tmp_path / "q.json").write_text(json.dumps(queries), encoding="utf-8")
    out = subprocess.run(
        ["node", str(ROOT / "tests/url_reader.mjs"), str(ROOT / "assets/runtime.js"),
         str(tmp_path / "q.json")], capture_output=True, text=True, check=True, timeout=60,
    ).stdout.splitlines()
    assert len(out) == len(queries)
    for query, line, (pairs, settings) in zip(queries, out, _python(queries), strict=True):
        js_pairs, js_picks = json.loads(line)
        assert [list(p) for p in pairs] == js_pairs, query
        chosen = dict(settings)
        for key in ("runtime", "lang", "textsize"):
            assert js_picks[key] == chosen.get(key), (query, key)


def test_case_and_separators_are_read_as_one_setting():
    assert parse("?LANG=pl")[0] == {"lang": "pl"}
    assert parse("?lang=pl;players=3")[0] == {"lang": "pl", "players": 3}
    assert parse("?runtime=MicroPython") == ({"runtime": "micropython"}, [])
    settings, notes = parse("?runtime=Pyodide&RUNTIME=micropython")
    assert settings == {"runtime": "pyodide"} and notes == [
        "Ignored a second runtime=: the first one counts."
    ]
    settings, notes = parse("?runtime=\u212aython")  # the Kelvin sign is not a "k"
    assert settings == {} and "the runtimes are" in notes[0]


@pytest.mark.runtimes
def test_micropython_reads_the_url_as_cpython_does():
    if not node_runtimes_available():
        pytest.skip("Node runtimes not installed")
    queries = [q for q in hostile_queries(120) if "\ud800" not in q]  # no lone surrogates there
    queries += TYPED  # the notes and the seedless query too (issue 44)
    text = json.dumps(queries, ensure_ascii=False)  # MicroPython joins no surrogate escapes
    out = run_in_runtime("micropython", ROOT / "tests/url_reader_script.py", text)
    got = [json.loads(line) for line in out.splitlines()]
    want = json.loads(json.dumps(_python_full(queries)))
    assert got == want


def test_language_switch_rewrites_every_spelling_of_lang():
    from lostcode.services.settings import with_setting

    assert with_setting("?LANG=pl;players=3&lang=it", "lang", "ru") == "?players=3&lang=ru"
    assert with_setting("", "lang", "en") == "?lang=en"
    assert parse(with_setting("?Lang=pl&seed=4", "lang", "it"))[0] == {"lang": "it", "seed": 4}
