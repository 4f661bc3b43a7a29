"""Bot lab (issue 14) without a browser: lostcode.player.botapi, bot files on the
command line, the lab's examples, catalogue, file list and editor chunks."""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

from lostcode.cli.tournament import run
from lostcode.player.botapi import (
    BotError,
    BotProgram,
    FileBot,
    Forfeit,
    Match,
    check_move,
    decide,
    plain,
    seating,
    series_stats,
)
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.options import Options

LAB = ROOT / "assets" / "lab"
EXAMPLE = LAB / "example_en.py"
LANGS = ("en", "ru", "it", "pl")


def test_example_bot_plays_legal_games_and_beats_easy():
    out = run(10, [str(EXAMPLE), "easy"], Options(2))
    assert [row["forfeits"] for row in out["seats"]] == [0, 0]
    assert out["seats"][0]["wins"] > out["seats"][1]["wins"]


def test_stronger_bot_beats_the_example():
    out = run(20, [str(LAB / "stronger.py"), str(EXAMPLE)], Options(2), seed=3)
    assert out["seats"][0]["wins"] > out["seats"][1]["wins"]


def test_examples_differ_only_in_comments():
    """The example commented in each language is the same program."""
    dumps = set()
    for lang in LANGS:
        source = (LAB / f"example_{lang}.py").read_text(encoding="utf-8")
        dumps.add(ast.dump(ast.parse(source)))
        if lang != "en":
            assert source.splitlines()[0] != EXAMPLE.read_text().splitlines()[0]
    assert len(dumps) == 1


def test_cli_tournament_accepts_a_bot_file():
    out = subprocess.run(
        [sys.executable, "-m", "lostcode", "tournament", "--seats", f"{EXAMPLE},easy",
         "--games", "4", "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["games"] == 4 and data["seats"][0]["seat"] == str(EXAMPLE)


def test_cli_reports_a_broken_bot_file(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def choose(observation, legal_moves)\n    return legal_moves[0]\n")
    out = subprocess.run(
        [sys.executable, "-m", "lostcode", "tournament", "--seats", f"{bad},easy",
         "--games", "2"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2
    assert 'File "bot.py", line 1' in out.stdout and "SyntaxError" in out.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "lostcode", "tournament", "--seats", "nope.py,easy"],
        cwd=ROOT, capture_output=True, text=True)
    assert missing.returncode == 2 and "cannot read nope.py" in missing.stdout


def test_cli_counts_forfeits(tmp_path):
    bot = tmp_path / "illegal.py"
    bot.write_text("def choose(observation, legal_moves):\n    return ['fly']\n")
    out = run(3, [str(bot), "easy"], Options(2))
    assert out["seats"][0]["forfeits"] == 3 and out["seats"][0]["wins"] == 0


def test_traceback_uses_the_bots_own_line_numbers():
    source = "x = 1\n\ndef choose(observation, legal_moves):\n    return 1 / 0\n"
    program = BotProgram(source)
    with pytest.raises(Forfeit) as info:
        decide(program.new_chooser(), 0, {}, [["roll"]])
    f = info.value
    assert f.reason == "error"
    assert 'File "bot.py", line 4, in choose' in f.detail
    assert "return 1 / 0" in f.detail and "ZeroDivisionError" in f.detail
    assert "botapi" not in f.detail  # the referee's own frames are left out
    with pytest.raises(BotError, match=r'line 2'):
        BotProgram("x = 1\ndef choose(:\n")
    with pytest.raises(BotError, match="no choose"):
        BotProgram("x = 1\n")


def test_class_bots_get_a_fresh_instance_per_game():
    program = BotProgram(
        "class Bot:\n"
        "    def __init__(self):\n        self.calls = 0\n"
        "    def choose(self, observation, legal_moves):\n"
        "        self.calls += 1\n        return legal_moves[self.calls - 1]\n")
    first = program.new_chooser()
    assert first({}, [["a"], ["b"]]) == ["a"] and first({}, [["a"], ["b"]]) == ["b"]
    assert program.new_chooser()({}, [["a"], ["b"]]) == ["a"]


def test_illegal_and_unserialisable_moves_forfeit():
    legal = plain([("guess", "W3", 4), ("roll",)])
    assert check_move(0, ("guess", "W3", 4), legal) == ["guess", "W3", 4]
    for bad in (["guess", "W3", 5], None, object(), "roll"):
        with pytest.raises(Forfeit) as info:
            check_move(1, bad, legal)
        assert info.value.reason == "illegal" and info.value.seat == 1


def test_the_referee_judges_answers_in_the_engines_form_as_in_plain_data():
    """Issue 26: the referee compares an answer with the engine's legal moves
    (engine_form) instead of turning them all into plain data: at every step
    of whole games with every option, every legal move and some that are not
    are judged the same both ways."""
    from lostcode.rules.engine import apply_action, legal_actions
    from lostcode.rules.setup import new_game

    every = {"shortcut": True, "curse": True, "high_stakes": True}
    s = new_game(Options(3, **every), 4, ["A", "B", "C"])
    turn = 0
    while s.phase != "end":
        legal = legal_actions(s)
        shown = plain(legal)
        tries = shown + [m[:-1] + [[m[-1]]] for m in shown if len(m) > 1] + [["roll", 1], [], "x"]
        for move in tries:
            outcomes = []
            for form, given in ((False, shown), (True, legal)):
                try:
                    outcomes.append(check_move(0, move, given, engine_form=form))
                except Forfeit as f:
                    outcomes.append(f.reason)
            assert outcomes[0] == outcomes[1], move
        apply_action(s, legal[(turn * 3) % len(legal)])
        turn += 1


def test_slow_decision_forfeits():
    import time

    def slow(observation, legal_moves):
        time.sleep(0.05)
        return legal_moves[0]

    with pytest.raises(Forfeit) as info:
        decide(slow, 0, {}, [["roll"]], limit=0.01)
    assert info.value.reason == "slow"


def test_match_asks_outside_seats_only_their_observation():
    """R-S7: a request carries what that seat may see: its own stones are None."""
    m = Match(["bot", "easy"], Options(2), 5, 9)
    req = m.next_request()
    seen = 0
    while req is not None:
        assert req["seat"] == 0 and req["kind"] == "bot"
        own = req["observation"]["racks"][0]["stones"]
        assert set(own.values()) == {None}
        assert req["observation"]["viewer"] == 0
        m.answer(req["observation"]["legal"][0])
        seen += 1
        req = m.next_request()
    s = m.summary()
    assert s["finished"] and s["forfeit"] is None and seen > 20
    assert s["record"]["players"][0]["kind"] == "human"


def test_match_forfeit_stops_the_game():
    m = Match(["bot", "easy"], Options(2), 5, 9)
    m.next_request()
    m.answer(["fly"])
    assert m.over() and m.next_request() is None
    assert m.summary()["forfeit"]["reason"] == "illegal"
    m2 = Match(["easy", "bot"], Options(2), 5, 9)
    m2.next_request()
    m2.lose("slow", "too slow")
    assert m2.summary()["forfeit"] == {"seat": 1, "reason": "slow", "detail": "too slow"}


def test_series_stats_per_participant():
    games = [
        {"at": [0, 1], "summary": {"scores": [10, 4], "winner": 0, "tie": False,
                                   "forfeit": None}},
        {"at": [1, 0], "summary": {"scores": [8, 20], "winner": 1, "tie": False,
                                   "forfeit": None}},
        {"at": [0, 1], "summary": {"scores": [0, 0], "winner": None, "tie": False,
                                   "forfeit": {"seat": 0, "reason": "slow", "detail": ""}}},
    ]
    me, other = series_stats(games, 2)
    assert (me["wins"], me["finished"], me["forfeits"], me["mean"]) == (2, 2, 1, 15.0)
    assert (me["low"], me["high"], me["spread"]) == (10, 20, 5.0)
    assert (other["wins"], other["mean"], other["forfeits"]) == (0, 6.0, 0)
    assert seating(1, 3) == [1, 2, 0]


def test_lab_file_list_is_the_engine_without_command_line_modules():
    """assets/lab/files.json lists what the lab's workers fetch (and the build ships)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_viewmodels import CLI_ONLY

    listing = json.loads((LAB / "files.json").read_text())
    core = [p for d in ("", "rules/", "player/", "services/")
            for p in (ROOT / "lostcode").glob(d + "*.py")]  # the engine, bots, records: no web/
    expected = sorted(
        p.relative_to(ROOT).as_posix() for p in core
        if p.relative_to(ROOT).as_posix()
        not in CLI_ONLY - {"lostcode/player/botapi.py", "lostcode/player/league.py"})
    assert listing["lostcode"] == expected
    assert (ROOT / listing["referee"]).is_file() and (ROOT / listing["bot"]).is_file()


def test_lab_catalogue_has_every_key_in_every_language():
    """The lab's and the league's strings are msgids of the site's one catalogue
    (issue 42): assets/lab-i18n.js and lab-league-i18n.js name them, and every
    language translates them (tests/test_i18n.py checks every .pot message)."""
    from helpers import build_i18n, lab_strings

    tool = build_i18n()
    messages = tool.lab_messages()
    strings = lab_strings()
    for lang in LANGS:
        assert set(strings[lang]) == set(messages), lang
    used = set(re.findall(r'data-i18n="([^"]+)"', (ROOT / "lab.html").read_text()))
    script = "".join(p.read_text() for p in sorted((ROOT / "assets").glob("lab*.js"))
                     if p.name not in ("lab-i18n.js", "lab-league-i18n.js", "lab-catalog.js"))
    used |= set(re.findall(r'\bt\("([a-z0-9-]*[a-z0-9])"', script))
    used |= set(re.findall(r'data-i18n="([^"]+)"', script))  # the league's markup
    assert used <= set(strings["en"]), used - set(strings["en"])
    html = (ROOT / "lab.html").read_text(encoding="utf-8")
    for key, english in re.findall(r'data-i18n="([^"]+)">([^<]+)<', html):
        assert strings["en"][key] == english, key  # the before-JavaScript text
    assert not tool.stale_files(), "run `python3 tools/build_i18n.py` (assets/lab-catalog.js)"
    pot = (ROOT / "locales" / "messages.pot").read_text(encoding="utf-8")
    assert "#: assets/lab-i18n.js" in pot and "#: assets/lab-league-i18n.js" in pot


def test_editor_chunks_exist_in_the_vendored_pyscript():
    """assets/lab-editor.js names PyScript's CodeMirror chunks by their hashed names."""
    editor = (ROOT / "assets" / "lab-editor.js").read_text()
    chunks = re.findall(r'"\.\./(vendor/pyscript/[^"]+\.js)"', editor)
    assert len(chunks) == 2
    for chunk in chunks:
        path = ROOT / chunk
        if not path.is_file():
            pytest.skip("vendor/ not installed (npm ci)")
        assert "export{" in path.read_text(encoding="utf-8").replace(" ", "")


def test_lab_page_policy_is_the_sites_plus_a_style_nonce():
    from lostcode.web.shell.csp import POLICY, meta_tag

    policy = POLICY.replace("style-src 'self'", "style-src 'self' 'nonce-lostcode-lab'")
    html = (ROOT / "lab.html").read_text(encoding="utf-8")
    assert meta_tag(policy) in html
    assert 'STYLE_NONCE = "lostcode-lab"' in (ROOT / "assets" / "lab-editor.js").read_text()
    assert "<script>" not in html and " style=" not in html
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers


def test_example_in_docs_is_the_english_example():
    doc = (ROOT / "docs" / "bot-api.md").read_text(encoding="utf-8")
    assert EXAMPLE.read_text(encoding="utf-8").strip() in doc
    assert (LAB / "stronger.py").read_text(encoding="utf-8").strip() in doc
    assert Path("assets/lab/stronger.py").as_posix() in doc


def test_snooper_finds_the_state_when_it_shares_the_referees_interpreter(capsys):
    """The probe of test_browser_lab.test_bot_cannot_find_hidden_values works: on
    a bot file played in this interpreter (play_game without child processes,
    no sandbox) it does find the game. (The command line's tournament runs bot
    files in child processes since issue 25.)"""
    from lostcode.cli.tournament import play_game

    play_game([str(ROOT / "tests" / "lab_snooper.py"), "easy"], Options(2), 0, 0)
    out = capsys.readouterr().out
    found = int(re.search(r"snooper found (\d+)", out).group(1))
    assert found > 0 and "State" in out


def test_built_lab_bundles_its_workers_python_files():
    """The built site's lab workers fetch one JSON bundle, not ~33 files each."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    out = build_site.lab_bundle(ROOT)
    listing = json.loads(out[build_site.LAB_LIST])
    bundle = json.loads(out[build_site.LAB_BUNDLE])
    assert listing["bundle"] == build_site.LAB_BUNDLE
    wanted = [*listing["lostcode"], listing["referee"], listing["bot"]]
    assert sorted(bundle) == sorted(wanted)
    for path in wanted:
        assert bundle[path] == (ROOT / path).read_text(encoding="utf-8")
    assert build_site.lab_files(ROOT) == ["lab.html"]  # no per-file copies in the build


def _lab_module(name):
    """assets/lab/<name>.py as the lab's worker loads it (a module of its own)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("lab_" + name, LAB / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_referees_request_is_the_seats_observation_and_legal_moves():
    """Issue 26: the lab's referee writes each request as JSON itself
    (labref.step, not Match.next_request's plain()) and judges answers in the
    engine's form: read back, every request of 2- to 4-player games, series
    and league alike, is exactly the seat's observation as plain data (R-S7),
    its legal moves inside it (written once), and every answer is played."""
    from lostcode.rules.observation import observe

    ref = _lab_module("labref")

    def play_out(game):
        asked = 0
        while True:
            text = ref.step()
            if text == "null":
                return asked
            s = ref.NOW["match"].state
            p = s.to_act
            request = json.loads(text)
            # assets/lab-worker.js requestKind reads the kind from the start of the text.
            assert text.startswith(f'{{"seat":{p},"kind":"{ref.NOW["match"].kinds[p]}",')
            assert request == {"seat": p, "kind": ref.NOW["match"].kinds[p],
                               "observation": plain(observe(s, p))}, (game, asked)
            legal = request["observation"]["legal"]
            assert legal == plain(legal_actions(s)) != []
            ref.answer(json.dumps(legal[(asked * 7) % len(legal)]))
            asked += 1

    for players in (2, 3, 4):
        ref.begin_series(players, "easy", 5, json.dumps(["A", "B", "C", "D"][:players]))
        for game in range(2):
            ref.begin_game(game)
            assert play_out(game) > 10
            ref.end_game()
    plan = {"names": ["x", "y", "z"], "kinds": ["bot", "bot", "easy"], "sizes": [3],
            "deals": 1, "seed": 2}
    ref.league_begin(json.dumps(plan))
    for game in range(2):
        ref.league_game(game)
        assert play_out(game) > 10
        ref.league_end_game()


def test_lab_workers_read_with_the_one_readers_limits():
    """Issue 25: the Bot lab's workers read what crosses between them (a bot's
    answer, a request) with the same size and depth limits as every outside
    input: an answer nested 100,000 deep loses the game in words instead of
    killing the referee, and the bot's worker answers a request it cannot
    read with a forfeit, not an exception."""
    deep = "[" * 100000 + "]" * 100000
    ref = _lab_module("labref")
    ref.begin_series(2, "easy", 7, json.dumps(["Mine", "Easy"]))
    ref.begin_game(0)
    while True:
        request = json.loads(ref.step())
        assert request is not None
        if request["seat"] == ref.NOW["at"][0]:
            break
    ref.answer(deep)
    forfeit = json.loads(ref.end_game())["summary"]["forfeit"]
    assert forfeit["reason"] == "illegal" and "nested more than" in forfeit["detail"]
    ref.begin_game(1)
    ref.answer('"' + "x" * 2000001 + '"')  # too large: refused before it is parsed
    assert "too large" in json.loads(ref.end_game())["summary"]["forfeit"]["detail"]

    bot = _lab_module("labbot")
    assert bot.load(EXAMPLE.read_text(encoding="utf-8")) == ""
    reply = json.loads(bot.decision(deep, "0"))
    assert reply["forfeit"]["reason"] == "error" and "nested" in reply["forfeit"]["detail"]


def test_the_bots_legal_moves_are_the_observations():
    """Issue 26: every request holds the legal moves once, inside the
    observation (lostcode/player/request.py), and the bot's `legal_moves` is that very
    list, in the lab's worker as on the command line (docs/bot-api.md)."""
    bot = _lab_module("labbot")
    code = (
        "def choose(observation, legal_moves):\n"
        "    assert legal_moves is observation['legal'] and legal_moves\n"
        "    return legal_moves[-1]\n")
    assert bot.load(code) == ""
    ref = _lab_module("labref")
    ref.begin_series(2, "easy", 3, json.dumps(["Mine", "Easy"]))
    ref.begin_game(0)
    asked = 0
    while (text := ref.step()) != "null":
        assert text.count('"legal"') == 1, text
        reply = json.loads(bot.decision(text, "0", True))
        assert reply == {"move": json.loads(text)["observation"]["legal"][-1]}, reply
        ref.answer(json.dumps(reply["move"]))
        asked += 1
    assert asked > 10 and json.loads(ref.end_game())["summary"]["forfeit"] is None
    seen = []
    program = BotProgram(code.replace("    return", "    seen.append(1)\n    return"),
                         names={"seen": seen})
    player = FileBot.__new__(FileBot)
    player.choose, player.limit = program.new_chooser(), None
    match = Match(["easy", "easy"], Options(2), 3, 5)
    while not match.over():
        s = match.state
        apply_action(s, player.act(s, legal_actions(s)))
    assert len(seen) > 20


def test_built_lab_page_starts_its_workers_inline():
    """Issue 26: the built lab.html holds assets/lab-start.js itself (one file
    less before the workers start), and its Content-Security-Policy allows
    exactly that inline script by its SHA-256, and no other."""
    import base64
    import hashlib

    sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    html = build_site.lab_page(ROOT)["lab.html"].decode()
    assert "lab-start.js\"></script>" not in html
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
    inline = [body for attrs, body in scripts if "src=" not in attrs]
    assert len(inline) == 1 and "new Worker(" in inline[0] and "import.meta" not in inline[0]
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert f"'sha256-{digest}'" in script_src.split()
    assert "'unsafe-inline'" not in script_src


def test_built_lab_worker_holds_the_file_list():
    """Issue 26: the built lab-worker.js has the built files.json written in,
    so each worker asks for the engine's files as it starts; the source tree's
    worker reads the file (FILES is null there)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    source = (ROOT / "assets" / "lab-worker.js").read_text()
    assert source.count(build_site.LAB_FILES_LINE) == 1
    listing = build_site.lab_bundle(ROOT, mpy=False)[build_site.LAB_LIST]
    built = build_site.lab_worker(ROOT, listing)[build_site.LAB_WORKER].decode()
    line = next(x for x in built.splitlines() if x.startswith("const FILES = "))
    assert json.loads(line[len("const FILES = "):-1]) == json.loads(listing)
    assert built.replace(line, build_site.LAB_FILES_LINE) == source
