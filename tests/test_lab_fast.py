"""The Bot lab ready in seconds, and bots shared by link (issue 26), without a browser.

- assets/lab-runtime.js decides from a bot's imports whether it runs on
  MicroPython or needs Pyodide; its table of MicroPython's modules must only
  name what the vendored MicroPython has.
- The lab's workers (assets/lab/labref.py, labbot.py and lostcode.player.botapi)
  run a game on MicroPython as on CPython, tracebacks in the bot's line numbers.
- assets/lab-share.js: a link gives back the same bot; a tampered, truncated,
  other-version or oversized link is refused, never half read.
JavaScript runs under Node (the same modules the page imports).
"""

import json
import re
import shutil
import subprocess

import pytest
from helpers import ROOT, node_runtimes_available, run_in_runtime

pytestmark = pytest.mark.runtimes

needs_node = pytest.mark.skipif(
    not node_runtimes_available() or not (ROOT / "node_modules" / "fflate").is_dir(),
    reason="needs node and `npm ci` (node_modules/)")
LAB = ROOT / "assets" / "lab"
EXAMPLE = (LAB / "example_en.py").read_text(encoding="utf-8")


def node(script: str, *args: str, stdin: str = "") -> str:
    """Run an ES module script under Node; its stdout."""
    out = subprocess.run(["node", "--input-type=module", "-e", script, *args], input=stdin,
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def pick(code: str, mode: str = "auto") -> dict:
    script = ("const { pickRuntime } = await import(process.argv[1]);"
              "let code = ''; for await (const c of process.stdin) code += c;"
              "console.log(JSON.stringify(pickRuntime(code, process.argv[2])));")
    return json.loads(node(script, (ROOT / "assets" / "lab-runtime.js").as_uri(), mode,
                           stdin=code))


@needs_node
def test_a_bot_runs_on_micropython_when_its_imports_allow_it():
    assert pick(EXAMPLE)["runtime"] == "micropython"  # lostcode.* is on both runtimes
    for lang in ("ru", "it", "pl"):
        assert pick((LAB / f"example_{lang}.py").read_text(encoding="utf-8"))["runtime"] \
            == "micropython"
    assert pick("import random, math\nfrom collections import deque\n"
                "def choose(o, legal):\n    return random.choice(legal)\n")["runtime"] \
        == "micropython"
    # An import in a comment or a string is no import.
    assert pick('# import fractions\nS = "import statistics"\n' + EXAMPLE)["runtime"] \
        == "micropython"


@needs_node
@pytest.mark.parametrize(("code", "what"), [
    ("import fractions\n", "fractions"),
    ("from statistics import mean\n", "statistics"),
    ("import random as r\nx = r.shuffle([1])\n", "random.shuffle"),
    ("from collections import (deque,\n    Counter)\n", "collections.Counter"),
    ("def f():\n    from itertools import combinations\n", "itertools.combinations"),
    ("import dataclasses\n", "dataclasses"),
    ("def f(x):\n    match x:\n        case 1:\n            return 2\n", "match … case"),
])
def test_a_bot_that_imports_what_micropython_lacks_runs_on_pyodide(code, what):
    choice = pick(code + EXAMPLE)
    assert choice == {"runtime": "pyodide", "why": {"key": "rt-py", "params": {"what": what}}}


@needs_node
def test_dynamic_imports_and_the_students_choice():
    assert pick("m = __import__('os')\n")["why"]["key"] == "rt-py-dynamic"
    assert pick("import fractions\n", "micropython")["runtime"] == "micropython"
    assert pick(EXAMPLE, "pyodide") == {"runtime": "pyodide",
                                        "why": {"key": "rt-chosen", "params": {}}}


@needs_node
def test_the_micropython_table_names_only_what_the_vendored_micropython_has(tmp_path):
    text = (ROOT / "assets" / "lab-runtime.js").read_text(encoding="utf-8")
    block = text[text.index("export const MICROPYTHON = {"):]
    block = block[:block.index("};")]
    table = dict(re.findall(r"^\s+(\w+): \"([^\"]+)\",$", block, re.M))
    assert len(table) >= 15 and "math" in table
    script = tmp_path / "names.py"
    script.write_text(
        "import json, sys\n"
        "table = json.loads(sys.argv[1])\n"
        "missing = []\n"
        "for module, names in table.items():\n"
        "    m = __import__(module)\n"
        "    missing += [module + '.' + n for n in names.split() if not hasattr(m, n)]\n"
        "print(json.dumps(missing))\n")
    out = run_in_runtime("micropython", script, json.dumps(table), root=tmp_path)
    assert json.loads(out) == []


GAME_SCRIPT = """\
import json

from labglue import examples, labbot, labref

print("load", repr(labbot.load(examples.EXAMPLE)))
labref.begin_series(2, "easy", 7, json.dumps(["Mine", "Easy"]))
labref.begin_game(0)
while True:
    request = labref.step()
    if request == "null":
        break
    reply = json.loads(labbot.decision(request, "0", True))
    labref.answer(json.dumps(reply["move"]))
summary = json.loads(labref.end_game())["summary"]
print("game", summary["finished"], summary["forfeit"], summary["scores"])
print("broken load", labbot.load("x = 1\\nraise ValueError('bad bot')\\n"))
labbot.load("def choose(observation, legal_moves):\\n    return 1 // 0\\n")
labref.begin_game(1)
print("forfeit", json.loads(labbot.decision(labref.step(), "1", True))["forfeit"]["detail"])
print("deep", json.loads(labbot.decision("[" * 100 + "]" * 100, "2"))["forfeit"]["detail"])
"""


@needs_node
def test_the_lab_workers_play_the_same_game_on_micropython_and_cpython(tmp_path):
    """Issue 26: the referee always, and most bots, run on MicroPython: a game of
    the example bot is the same game as on CPython, and a broken bot's traceback
    names its own file and line (MicroPython has no `traceback` module)."""
    shutil.copytree(ROOT / "lostcode", tmp_path / "lostcode",
                    ignore=shutil.ignore_patterns("__pycache__"))
    glue = tmp_path / "labglue"
    glue.mkdir()
    (glue / "__init__.py").write_text("")
    for name in ("labbot.py", "labref.py"):
        shutil.copy2(LAB / name, glue / name)
    (glue / "examples.py").write_text("EXAMPLE = " + repr(EXAMPLE) + "\n", encoding="utf-8")
    script = tmp_path / "game.py"
    script.write_text(GAME_SCRIPT)
    env = {"LOSTCODE_MP_PACKAGES": "lostcode,labglue"}
    outputs = {kind: run_in_runtime(kind, script, root=tmp_path, env=env).splitlines()
               for kind in ("cpython", "micropython")}
    for kind, lines in outputs.items():
        assert lines[0] == "load ''", (kind, lines)
        assert lines[1].startswith("game True None"), (kind, lines)
        broken = [line for line in lines if line.startswith(("broken", "  File", "ValueError"))]
        assert any('File "bot.py", line 2' in line for line in broken), (kind, lines)
        assert any("ValueError: bad bot" in line for line in lines), (kind, lines)
        assert any("ZeroDivisionError" in line for line in lines), (kind, lines)
        assert lines[-1].startswith("deep the request cannot be read") and "nested" in lines[-1]
    assert outputs["cpython"][1] == outputs["micropython"][1]  # the same game, the same scores


SHARE = """
const share = await import(process.argv[1]);
const tests = JSON.parse(process.argv[2]);
const out = {};
for (const [name, link] of Object.entries(tests)) {
  try { out[name] = share.botFromLink(link); } catch (e) { out[name] = "refused:" + (e.key || e); }
}
console.log(JSON.stringify(out));
"""


def share_module():
    return (ROOT / "assets" / "lab-share.js").as_uri()


def make_link(code: str, name="Foxy", author="Anna") -> str:
    script = ("const { linkFor } = await import(process.argv[1]);"
              "let code = ''; for await (const c of process.stdin) code += c;"
              "process.stdout.write(linkFor({ name: process.argv[2], author: process.argv[3],"
              " code }, 'http://127.0.0.1:8000/lab.html?lang=en'));")
    return node(script, share_module(), name, author, stdin=code)


def read_links(links: dict) -> dict:
    return json.loads(node(SHARE, share_module(), json.dumps(links)))


@needs_node
def test_a_shared_link_gives_back_the_same_bot_and_refuses_any_other():
    code = EXAMPLE + "\n# ünïcode ✓ and a tab\there\n"
    link = make_link(code)
    assert re.fullmatch(r"http://127\.0\.0\.1:8000/lab\.html\?lang=en#bot=v1\.[\w-]+", link)
    assert len(link) < 2000  # the example bot fits the lab's limit with room to spare
    head, payload = link.split("#bot=v1.")
    middle = len(payload) // 2
    flipped = payload[:middle] + ("A" if payload[middle] != "A" else "B") + payload[middle + 1:]
    got = read_links({
        "same": link,
        "fragment only": "#bot=v1." + payload,
        "tampered": head + "#bot=v1." + flipped,
        "cut short": link[:-12],
        "newer": head + "#bot=v2." + payload,
        "older": head + "#bot=v0." + payload,
        "old format": head + "#code=" + "ZGVmIGNob29zZSgpOiBwYXNz",
        "not base64": head + "#bot=v1.@@@@",
        "no bot": head,
    })
    assert got["same"] == {"name": "Foxy", "author": "Anna", "code": code}
    assert got["fragment only"] == got["same"]
    assert got["tampered"] == "refused:link-damaged"
    assert got["cut short"] == "refused:link-damaged"
    assert got["newer"] == "refused:link-newer"
    assert got["older"] == "refused:link-old"
    assert got["old format"] == "refused:link-old"
    assert got["not base64"] == "refused:link-damaged"
    assert got["no bot"] is None


@needs_node
def test_a_link_that_would_inflate_beyond_the_limit_is_refused_while_inflating():
    """A few kilobytes can inflate to gigabytes: the reader stops at 200 kB."""
    script = """
const { deflateSync } = await import(process.argv[1]);
const { botFromLink } = await import(process.argv[2]);
const packed = deflateSync(new Uint8Array(30000000), { level: 9 });
const bytes = new Uint8Array(4 + packed.length); bytes.set(packed, 4);
let bin = ""; for (const b of bytes) bin += String.fromCharCode(b);
const link = "#bot=v1." + btoa(bin).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
const start = performance.now();
try { botFromLink(link); console.log("accepted"); }
catch (e) { console.log(e.key, link.length, Math.round(performance.now() - start)); }
"""
    out = node(script, (ROOT / "vendor" / "fflate" / "browser.js").as_uri(), share_module())
    key, length, ms = out.split()
    assert key == "link-too-big" and int(length) < 100000


@needs_node
def test_names_in_a_link_are_one_short_line():
    link = make_link("pass\n", name="Evil\nname\u202e" + "x" * 100, author="A\tB")
    bot = read_links({"it": link})["it"]
    assert "\n" not in bot["name"] and len(bot["name"]) <= 40 and bot["author"] == "A B"
