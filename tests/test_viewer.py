"""The replay viewer ("Watch the game", lostcode/web/game/viewer.py) and the end
screen's score chart (lostcode/web/game/chart.py), on CPython (issue 11).

The viewer must show, at step k, exactly the engine's replay of the record's
first k actions, whichever way it got there. A finished game's replay shows
every rack at every step (issue 22: the game is over, R-S7/R-E), or, "as NAME
saw it", the engine's observation for NAME (NAME's own stones hidden); an
unfinished game's shows what the whole table sees (R-S7: no human player's
own stones).
"""

import json
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from helpers import tree_text  # noqa: E402

from lostcode.player.bots import Player  # noqa: E402
from lostcode.rules.engine import apply_action, is_over, legal_actions  # noqa: E402
from lostcode.rules.errors import RecordError  # noqa: E402
from lostcode.rules.observation import observe  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.rules.setup import new_game  # noqa: E402
from lostcode.rules.state import State  # noqa: E402
from lostcode.rules.vocab import EV_ROLL, PHASE_END  # noqa: E402
from lostcode.services.record import replay, replay_action, replay_start, to_record  # noqa: E402
from lostcode.web import actions  # noqa: E402
from lostcode.web.game.chart import score_chart, score_rows  # noqa: E402
from lostcode.web.game.session import Session  # noqa: E402
from lostcode.web.game.viewer import (  # noqa: E402
    CHECKPOINT,
    PLAY_MS,
    Replay,
    step_count,
    step_text,
    watch_log,
    watch_model,
)
from lostcode.web.game.views import screen_model  # noqa: E402

EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.json"))


def bot_game(players, seats, seed, **flags):
    s = new_game(Options(players, **flags), seed, ["Ann", "Ben", "Cleo", "Dev"][:players])
    bots = [Player("easy", seed + p) for p in range(players)]
    while not is_over(s):
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    return to_record(s, seats)


def records():
    out = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
    out.append(bot_game(3, ["human", "easy", "human"], 5, shortcut=True, curse=True))
    out.append(bot_game(2, ["easy", "hard"], 9, high_stakes=True))  # computers only
    return out


def snapshot(s):
    """Everything a State holds (the RNG by its state), to compare two states."""
    out = {}
    for name in State.__slots__:
        v = getattr(s, name)
        out[name] = v.state if name == "rng" else v
    out["options"] = s.options.to_dict()
    return out


@pytest.mark.parametrize("rec", records(), ids=lambda r: str(len(r["actions"])) + " actions")
def test_every_step_is_the_engine_replay_of_that_many_actions(rec):
    """Forward, back, by round, random jumps: step k == replay(record, k)."""
    r = Replay(rec)
    n = len(rec["actions"])
    assert r.step == 0 and r.n == n
    expected = [snapshot(replay(rec, k)) for k in range(n + 1)]
    assert snapshot(r.state) == expected[0]
    while r.step < n:
        r.do(actions.WATCH_NEXT)
        assert snapshot(r.state) == expected[r.step]
    while r.step > 0:
        r.do(actions.WATCH_PREV)
        assert snapshot(r.state) == expected[r.step]
    rng = random.Random(n)
    for _ in range(60):
        act = rng.choice(actions.WATCH_STEPS)
        before = r.step
        target = r.targets()[act]
        r.do(act)
        assert r.step == (before if target is None else target)
        assert snapshot(r.state) == expected[r.step], (act, r.step)
    for k in (n, 0, n - 1, CHECKPOINT, CHECKPOINT - 1, n // 2):
        r.go(k)
        assert snapshot(r.state) == expected[k]
    # The viewer never changes the record it watches (replay it again: the same game).
    assert snapshot(replay(rec)) == expected[n]


def test_rounds_start_just_after_each_roll_and_the_controls_stop_at_the_ends():
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec)
    rolls = [k for k in range(1, r.n + 1) if r.events(k) and r.events(k)[0]["t"] == EV_ROLL]
    assert r.stops == rolls and len(rolls) == replay(rec).options.rounds
    t = r.targets()
    back_acts = (actions.WATCH_START, actions.WATCH_PREV, actions.WATCH_PREV_ROUND)
    assert all(t[a] is None for a in back_acts)
    seen = [0]
    while r.targets()[actions.WATCH_NEXT_ROUND] is not None:
        r.do(actions.WATCH_NEXT_ROUND)
        seen.append(r.step)
    assert seen == [0] + rolls + [r.n]
    t = r.targets()
    on_acts = (actions.WATCH_END, actions.WATCH_NEXT, actions.WATCH_NEXT_ROUND)
    assert all(t[a] is None for a in on_acts)
    back = [r.step]
    while r.targets()[actions.WATCH_PREV_ROUND] is not None:
        r.do(actions.WATCH_PREV_ROUND)
        back.append(r.step)
    assert back == list(reversed(seen))
    r.go(rolls[2] + 3)  # in the middle of round 3: back to its start, on to round 4's
    r.do(actions.WATCH_PREV_ROUND)
    assert r.step == rolls[2]
    r.go(rolls[2] + 3)
    r.do(actions.WATCH_NEXT_ROUND)
    assert r.step == rolls[3]


def test_the_strips_round_is_the_round_of_the_move_shown():
    """Issue 39 (a playtest): the move that ends a round (its last replacement)
    showed the next round on the strip ("2/9" at round 1's discard), and the
    board's "Round 2 of 9" beside the strip's "1/9" after that. A round
    starts on screen with its roll (Replay.stops): every step before it is the
    previous round's."""
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec)
    rounds = replay(rec).options.rounds
    for k in range(r.n):  # the last step is the game's end: its strip names no round
        r.go(k)
        rolled = len([s for s in r.stops if s <= k])
        m = watch_model(r)
        assert m["strip"]["round"]["text"] == f"{max(1, rolled)}/{rounds}", k
        assert m["board"]["round"] == f"Round {max(1, rolled)} of {rounds}", k  # the same
        dice = m["board"]["dice"][1]["aria-label"]  # the round's roll on each of its moves
        assert (dice == "Dice: not rolled yet") == (rolled == 0), (k, dice)


def test_play_moves_by_itself_at_its_speed_and_a_step_by_hand_pauses():
    """Issue 39, replay like a recording: Play asks the page for the next move
    after PLAY_MS / speed (the same under reduced motion: "steady"), a tick
    plays one move, the end stops it, a step by hand pauses, Play at the end
    starts again from the set-up."""
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec)
    assert r.pace() is None and not r.playing
    r.do(actions.WATCH_PLAY)
    assert r.pace() == {"act": actions.WATCH_TICK, "ms": PLAY_MS, "steady": True}
    r.do(actions.WATCH_SPEED, "4")
    assert r.pace()["ms"] == PLAY_MS // 4
    r.do(actions.WATCH_SPEED, "3")  # not a speed: unchanged
    assert r.speed == 4
    r.do(actions.WATCH_TICK)
    r.do(actions.WATCH_TICK)
    assert r.step == 2 and r.playing
    r.do(actions.WATCH_PREV)
    assert r.step == 1 and not r.playing and r.pace() is None
    r.do(actions.WATCH_TICK)  # a timer that fires after the pause does nothing
    assert r.step == 1
    r.go(r.n - 1)
    r.do(actions.WATCH_PLAY)
    r.do(actions.WATCH_TICK)
    assert r.step == r.n and not r.playing and r.pace() is None
    r.do(actions.WATCH_PLAY)  # at the end: from the start again
    assert r.step == 0 and r.playing
    m = watch_model(r)
    names = [b.get("aria") or b["text"] for blk in m["blocks"] if blk.get("items")
             for b in blk["items"] if isinstance(b, dict)]
    assert "Pause" in names and "Speed 4×" in names, names


def test_any_speed_chosen_while_playing_is_the_pace_at_once():
    """bar9 (a fifth playtest: 1x tapped while 4x played did nothing): every
    speed, chosen at any step while playing, is the next move's pace (the
    page paces again: test_followups), keeps playing, moves no step, and is
    the speed shown pressed."""
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec)
    r.do(actions.WATCH_SPEED, "4")
    r.do(actions.WATCH_PLAY)
    r.do(actions.WATCH_TICK)
    for speed in (1, 2, 4, 1):
        r.do(actions.WATCH_SPEED, str(speed))
        assert r.playing and r.step == 1 and r.pace()["ms"] == PLAY_MS // speed
        pressed = [b["aria"] for blk in watch_model(r)["blocks"] if blk.get("items")
                   for b in blk["items"] if b.get("pressed") and b["act"] == actions.WATCH_SPEED]
        assert pressed == [f"Speed {speed}×"]


def human_values_in(model, rec, state):
    """The human players' own stone values that a watch screen draws, by rack."""
    found = {}
    for i, p in enumerate(rec["players"]):
        if p.get("kind", "human") != "human":
            continue
        rack = model["board"]["racks"][i]
        shown = [
            t
            for t in tree_text(rack)
            if re.fullmatch(r"(jaguar|bird|bear|chameleon|snake|human): \d+", t)
        ]
        if shown:
            found[p["name"]] = shown
    return found


def rack_values(obs, r):
    return [v for v in obs["racks"][r]["stones"].values() if v is not None]


@pytest.mark.parametrize("rec", records(), ids=lambda r: str(len(r["actions"])) + " actions")
def test_a_finished_games_replay_shows_every_rack_at_every_step(rec):
    """Issue 22: the game is over, so every rack is open (R-S7, R-E) from the
    first step on: the replay is for learning the deduction."""
    r = Replay(rec)
    assert r.finished and r.view is None
    for k in range(r.n + 1):
        r.go(k)
        m = watch_model(r)
        json.dumps(m)  # plain data, as the adapter needs
        obs = r.observation()
        for i in range(len(obs["racks"])):
            assert obs["racks"][i]["stones"] == dict(r.state.racks[i]), (k, i)
        # issue 39: the strip with the scores at this step
        assert [x["score"] for x in m["strip"]["seats"]] == list(r.state.scores), k
        assert human_values_in(m, rec, r.state) == {
            p["name"]: [f"{sym}: {v}" for sym, v in r.state.racks[i].items()]
            for i, p in enumerate(rec["players"])
            if p.get("kind", "human") == "human"
        }, k
        switch = [b for b in m["blocks"] if b["t"] == "buttons" and b["label"] == "As seen by"]
        assert [(it["act"], it["arg"], it["pressed"]) for it in switch[0]["items"]] == [
            (actions.WATCH_VIEW, "all", True)
        ] + [(actions.WATCH_VIEW, str(p), False) for p in range(len(rec["players"]))]


@pytest.mark.parametrize("rec", records(), ids=lambda r: str(len(r["actions"])) + " actions")
def test_as_name_saw_it_hides_exactly_names_own_stones_at_every_step(rec):
    """Issue 22, R-S7: "as NAME saw it" is the engine's observation for NAME:
    NAME's own stones hidden, every other rack open; at the last step (the game
    over) every rack open, NAME's too (fix15: a ninth playtest found them "?"
    there); the chosen view is kept while stepping, in both directions."""
    names = [p["name"] for p in rec["players"]]
    for p in range(len(names)):
        r = Replay(rec)
        r.set_view(str(p))
        assert r.view == p
        order = list(range(r.n + 1)) + list(range(r.n, -1, -7))
        for k in order:
            r.go(k)
            obs = r.observation()
            engine = observe(r.state, p)
            assert obs["racks"] == engine["racks"], (p, k)
            over = r.state.phase == PHASE_END
            assert over == (k == r.n and r.finished), (p, k)
            for i in range(len(obs["racks"])):
                values = rack_values(obs, i)
                if i == p and not over:
                    assert values == [], (p, k)
                else:
                    assert len(values) == len(obs["symbols"]), (p, k, i)
            m = watch_model(r)
            shown = [t for t in tree_text(m["board"]["racks"][p]) if re.fullmatch(r"\w+: \d+", t)]
            if over:  # R-S7: once the game is over every rack is open
                assert len(shown) == len(obs["symbols"]), (p, k, shown)
            else:
                assert shown == [], (p, k, shown)  # no value of NAME's own rack on the page
            pressed = [
                it["arg"]
                for b in m["blocks"]
                if b["t"] == "buttons"
                for it in b["items"]
                if it["act"] == actions.WATCH_VIEW and it["pressed"]
            ]
            assert pressed == [str(p)]
        r.do(actions.WATCH_START)
        r.do(actions.WATCH_NEXT_ROUND)
        assert r.view == p  # stepping keeps the viewpoint
        r.set_view("all")
        assert r.view is None
        r.set_view("9")  # no such seat: every rack
        assert r.view is None


@pytest.mark.parametrize("rec", records(), ids=lambda r: str(len(r["actions"])) + " actions")
def test_an_unfinished_games_replay_shows_what_the_table_sees(rec):
    """R-S7: an import stopped mid-way is not over: no human player's own
    stones at any step, the computers' and unowned racks open; no switch, and
    the viewer says why."""
    rec = dict(rec, actions=rec["actions"][: len(rec["actions"]) * 2 // 3])
    r = Replay(rec)
    assert not r.finished
    kinds = [p.get("kind", "human") for p in rec["players"]]
    for k in range(r.n + 1):
        r.go(k)
        m = watch_model(r, back_to_result=False)
        obs = r.observation()
        assert obs["phase"] != "end"
        for i, kind in enumerate(kinds):
            values = rack_values(obs, i)
            if kind == "human":
                assert values == [], (k, i)
            else:
                assert len(values) == len(obs["symbols"]), (k, i)
        for r_ in range(len(obs["racks"])):
            if obs["racks"][r_]["owner"] is None:  # unowned racks: always face up
                assert None not in obs["racks"][r_]["stones"].values()
        assert human_values_in(m, rec, r.state) == {}, k
        acts = [it["act"] for b in m["blocks"] if b["t"] == "buttons" for it in b["items"]]
        assert actions.WATCH_VIEW not in acts
        said = [b["text"] for b in m["blocks"] if b["t"] == "p"]
        if "human" in kinds:
            assert said == [
                "This game is not over: each player's own stones stay hidden, as at the table."
            ]
    r.set_view("0")  # nothing to switch to in a game that is not over
    assert r.view is None


def test_each_step_says_its_action_in_one_line_and_the_log_stops_there():
    rec = json.loads((ROOT / "docs" / "examples" / "four-players-every-option.json").read_text())
    r = Replay(rec)
    names = [p["name"] for p in rec["players"]]
    lines = []
    for k in range(r.n + 1):
        r.go(k)
        m = watch_model(r)
        line = [b for b in m["blocks"] if b["t"] == "step"][0]["text"]
        assert line and "{" not in line and "\n" not in line
        assert m["announce"] == line
        assert m["step"] == k and m["kind"] == "watch" and not m["private"]
        assert len(watch_log(r, names)) == r.loglen[k]
        lines.append(line)
    assert lines[1].startswith("Round 1: ")  # the first action is a roll
    assert "final" in lines[-2] and "candidates" in lines[-2]  # no values, never
    # The controls: every one named, disabled where it does nothing, and a way back.
    r.go(0)
    m = watch_model(r)
    nav = [b for b in m["blocks"] if b["t"] == "buttons" and b.get("nav")][0]["items"]
    assert [b["aria"] or b["text"] for b in nav] == [
        "Start",
        "Previous round",
        "Previous move",
        "Play the moves",
        "Next move",
        "Next round",
        "End",
    ]
    assert [b["disabled"] for b in nav] == [True, True, True, False, False, False, False]
    # issue 39: the panel is the step, the speeds, "As seen by" and that row, at
    # its bottom edge (in the first viewport of a phone); the rest goes under the board
    inside = [b.get("label") or b["t"] for b in m["blocks"] if not b.get("aside")]
    assert inside == ["status", "step", "Play by itself", "As seen by", "Replay controls"], inside
    closers = [it for b in m["blocks"] if b["t"] == "buttons" for it in b["items"]]
    assert actions.WATCH_CLOSE in [it["act"] for it in closers]


def test_an_unusable_record_is_a_record_error():
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    rec["actions"][5] = ["no such move"]
    with pytest.raises(RecordError):
        Replay(rec)


def frozen(s):
    return json.dumps(snapshot(s), sort_keys=True, default=repr)


@pytest.mark.parametrize("rec", records()[:3], ids=lambda r: str(len(r["actions"])) + " actions")
def test_a_state_copied_mid_round_stays_as_it_was_when_the_original_plays_on(rec):
    """The viewer's checkpoints are State.copy(): a copy shares nothing the rules change."""
    rec, s = replay_start(rec)
    for i in range(len(rec["actions"])):
        c = s.copy()
        before = frozen(c)
        assert before == frozen(s)
        replay_action(s, rec, i)
        assert frozen(c) == before, i


def test_end_screen_has_the_chart_and_no_raw_record():
    """Issue 11: the record is a download; the end screen offers the replay instead."""
    ses = Session(Options(2), 3, ["Ann", "Ben"], ["human", "easy"])
    rng = random.Random(3)
    while not ses.is_over():
        m = screen_model(ses)
        items = [
            it
            for b in m["blocks"]
            if b["t"] == "buttons"
            for it in b["items"]
            if not it["disabled"]
        ]
        if m["kind"] in ("guess",):
            if ses.guess_draft()["wheel"] is None:
                ses.do("wheel", [it for it in items if it["act"] == "wheel"][0]["arg"])
            ses.do("confirm_guess")
            continue
        if m["kind"] == "final":
            ses.do("confirm_empty")  # no candidates, confirmed at once (issue 11's question)
            continue
        if m["kind"] == "shortcut":
            ses.do("confirm")
            continue
        it = rng.choice([it for it in items if it["act"] not in ("new_game", "cand")])
        ses.do(it["act"], it["arg"])
    m = screen_model(ses)
    assert m["kind"] == "end"
    kinds = [b["t"] for b in m["blocks"]]
    assert "record" not in kinds and "chart" in kinds
    acts = [it["act"] for b in m["blocks"] if b["t"] == "buttons" for it in b["items"]]
    assert "watch" in acts and "download_record" in acts and "show_record" not in acts
    assert not any(isinstance(t, str) and '"actions"' in t for t in json.dumps(m).split(","))


def test_score_chart_numbers_are_the_logs_and_are_all_in_its_description():
    """R-E3: the last point of each line is the final score."""
    s = replay(
        json.loads((ROOT / "docs" / "examples" / "four-players-every-option.json").read_text())
    )
    obs = observe(s, None)
    rows = score_rows(obs)
    assert [row[-1] for row in rows] == s.scores
    assert all(len(row) == obs["rounds"] + 2 and row[0] == 0 for row in rows)
    # After round r: each player's last marker move of rounds 1..r (the final ones not yet).
    for r in range(1, obs["rounds"] + 1):
        for p in range(obs["players"]):
            moves = [
                e["score"]
                for e in obs["log"]
                if e["t"] == "move"
                and e["player"] == p
                and e["round"] <= r
                and e["reason"] != "final"
            ]
            assert rows[p][r] == (moves[-1] if moves else 0)
    tree = score_chart(obs)
    assert tree[1]["role"] == "img" and tree[1]["aria-label"] == "Score over the rounds"
    desc = tree[2][0]
    assert desc[0] == "desc" and desc[1]["id"] == tree[1]["aria-describedby"]
    for p in range(obs["players"]):
        said = re.search(re.escape(obs["names"][p]) + r": ([-\d, ]+) after rounds", desc[2])
        assert [int(x) for x in said.group(1).split(", ")] == rows[p][1:-1]
        assert f"final score {s.scores[p]}." in desc[2]
    # One line per player, each with its own dash pattern and point shape.
    series = [k for k in tree[2] if k[0] == "g" and "series" in k[1].get("class", "")]
    assert len(series) == obs["players"]
    shapes = {(k[2][1][0], len(k[2][1][1].get("points", "").split())) for k in series}
    dashes = {k[2][0][1].get("stroke-dasharray", "") for k in series}
    assert len(dashes) == obs["players"]
    assert len(shapes) == obs["players"]


@pytest.mark.runtimes
def test_the_viewer_runs_the_same_under_micropython():
    """viewer.py and chart.py are portable: the same steps, words and drawings."""
    from helpers import node_runtimes_available, run_in_runtime

    if not node_runtimes_available():
        pytest.skip("Node and the npm runtimes are not installed")
    script = ROOT / "tests" / "viewer_portable_script.py"
    expected = run_in_runtime("cpython", script)
    assert run_in_runtime("micropython", script) == expected


def test_an_imported_game_is_offered_to_watch_finished_or_not():
    from lostcode.services.saves import SaveIndex
    from lostcode.web.saves.persist import saves_model

    for finished, acts in ((True, ["watch_import"]), (False, ["continue_import", "watch_import"])):
        ui = {"imported": {"names": ["Ann", "Ben"], "finished": finished, "round": 3}}
        m = saves_model(SaveIndex(), ui)
        found = [
            it["act"]
            for b in m["blocks"]
            if b.get("t") == "buttons"
            for it in b["items"]
            if it["act"].endswith("_import")
        ]
        assert found == acts


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_the_view_switch_names_contain_what_the_buttons_show(lang):
    """WCAG 2.5.3 (label in name): each "as seen by" button shows a short word
    (a player's name, "Everyone") and is named in full ("As Ann saw it"); the
    full name holds the word shown, in every language, for "You" too."""
    from lostcode.web.shell import i18n

    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    i18n.set_language(lang)
    try:
        you = i18n._("You")
        rec["players"][1]["name"] = you
        m = watch_model(Replay(rec))
    finally:
        i18n.set_language("en")
    items = [
        it
        for b in m["blocks"]
        if b["t"] == "buttons"
        for it in b["items"]
        if it["act"] == actions.WATCH_VIEW
    ]
    assert [it["text"] for it in items][1:] == [rec["players"][0]["name"], you]
    for it in items:
        assert it["text"].lower() in it["aria"].lower(), (it["text"], it["aria"])


def test_no_saved_games_is_said_only_when_no_game_is_listed():
    """Issue 39: "No saved games yet" stood above a finished game in the list."""
    from lostcode.services.saves import SaveIndex
    from lostcode.web.saves.persist import saves_model

    index = SaveIndex()
    assert saves_model(index)["empty"].startswith("No saved games yet")
    index.finished.append({"id": "g1", "names": ["Ann", "Ben"], "scores": [12, 9],
                           "finished": "2026-11-28T10:00:00Z", "record": {}})
    m = saves_model(index, fmt_time=lambda t: t)
    assert m["history"] and m["empty"] == ""


def track_scores(board):
    """The score track's markers' labels (each names a player and their score)."""
    return sorted(kid[1]["aria-label"] for kid in board["track"][2]
                  if isinstance(kid, list) and kid[1].get("role") == "img")


@pytest.mark.parametrize("rec", records()[-3:], ids=lambda r: str(len(r["actions"])) + " actions")
def test_a_bet_is_shown_before_its_check_and_each_step_keeps_its_own_scores(rec):
    """Issue 39 (a playtest): a round's last bet runs the check (R-C1) in the
    same engine action, and the replay showed that bet with the scores after
    the check. Stepping on, the bet is shown first with the scores as they
    were (strip and track), then the check with what it moved ("+2"); back,
    the same two moments; playing by itself shows both."""
    r = Replay(rec)
    n = r.n
    checks = [k for k in range(1, n + 1) if r.checks_at(k) is not None]
    assert len(checks) == replay(rec).options.rounds
    shown = []
    while True:
        m = watch_model(r)
        scores = [seat["score"] for seat in m["strip"]["seats"]]
        k = r.step
        before = replay(rec, k - 1).scores if r.held else replay(rec, k).scores
        assert scores == before, (k, r.held)
        line = [b for b in m["blocks"] if b["t"] == "step"][0]["text"]
        shown.append((k, r.held, scores, track_scores(m["board"]), line))
        if r.targets()[actions.WATCH_NEXT] is None:
            break
        r.do(actions.WATCH_NEXT)
    assert [k for k, held, *_ in shown if held] == checks
    # every step but the inner ones of a final candidates' run (fix15's 5b)
    assert [k for k, *_ in shown] == sorted([k for k in range(n + 1) if k not in r.joined] + checks)
    moved = 0
    for i, (k, held, scores, track, line) in enumerate(shown):
        if not held:
            continue
        after = shown[i + 1]
        assert after[0] == k and not after[1]
        assert line != after[4]  # the bet, then the check's first result
        m_scores = replay(rec, k).scores
        moved += m_scores != scores
        if m_scores != scores:  # the markers move at the check, not at the bet
            assert track != after[3], k
    assert moved  # some check moved a marker in these games
    back = []
    while r.targets()[actions.WATCH_PREV] is not None:
        r.do(actions.WATCH_PREV)
        back.append((r.step, r.held))
    assert back == [(k, held) for k, held, *_ in reversed(shown[:-1])]
    r.do(actions.WATCH_PLAY)
    played = [(r.step, r.held)]
    while r.pace() is not None:
        r.do(actions.WATCH_TICK)
        played.append((r.step, r.held))
    assert played == [(k, held) for k, held, *_ in shown]


def test_final_candidates_are_one_step_for_the_computers_and_one_for_each_human_R_E1():
    """A ninth playtest: the game shows the computers' final candidates as one
    step on the board (and a player's own as one screen), the replay showed
    one move per symbol and seat ("Move 76 of 76: Player 2 wrote their final
    candidates" after five more like it). Next and Previous pass over a run's
    inner moves, the count names the run's moves, its text every one's
    result; the record keeps every action (go(k) still shows any of them)."""
    rec = json.loads((ROOT / "docs" / "examples" / "solo.json").read_text())
    r = Replay(rec)
    kinds = [p.get("kind", "human") for p in rec["players"]]
    assert kinds[0] == "human" and "human" not in kinds[1:]
    n = r.n
    first_final = min(r.joined) - 1  # the first final candidates' action (0-based)
    assert n - first_final == 6 * len(kinds)  # one action per symbol and seat (R-E1)
    r.go(n)
    assert r.first() == n - 6 * (len(kinds) - 1) + 1
    assert step_count(r) == f"Moves {r.first()}–{n} of {n}"
    names = [p["name"] for p in rec["players"]]
    line, more = step_text(r, names)
    assert "final" in line and any("final guesses" in x for x in more)
    r.do(actions.WATCH_PREV)
    human_end = n - 6 * (len(kinds) - 1)
    assert r.step == human_end and step_count(r) == f"Moves {human_end - 5}–{human_end} of {n}"
    r.do(actions.WATCH_PREV)
    assert r.step == human_end - 6 and r.first() == r.step
    r.do(actions.WATCH_NEXT)
    assert r.step == human_end
    r.do(actions.WATCH_NEXT)
    assert r.step == n and r.targets()[actions.WATCH_NEXT] is None
    r.go(n - 2)  # any action is still a step of its own by go()
    assert r.step == n - 2 and "–" in step_count(r)


def test_a_check_step_says_every_result_and_has_its_own_place_in_the_count():
    """Issue 39 (third playtest): the replay's check step named only the first
    player's result and read "Move 25 of 77" like its bet. It now says every
    player's result (R-C1, R-C2) in the check screen's words, and counts as
    "Check after move 25 of 77", the N the same at every step."""
    rec = bot_game(3, ["human", "easy", "human"], 5, shortcut=True, curse=True)
    r = Replay(rec)
    names = [p["name"] for p in rec["players"]]
    counts = set()
    for k in [k for k in range(1, r.n + 1) if r.checks_at(k) is not None]:
        r.go(k, held=True)
        bet = watch_model(r)["blocks"][0]["text"]
        r.do(actions.WATCH_NEXT)
        m = watch_model(r)
        status, line = m["blocks"][0]["text"], m["blocks"][1]["text"]
        assert bet == f"Move {k} of {r.n}" and status == f"Check after move {k} of {r.n}"
        counts.add(status.rsplit(" ", 1)[1])
        results = [e for e in r.events() if e["t"] == "check"]
        assert len(results) == 3
        for e in results:  # each player's name and result, in the order checked
            assert names[e["player"]] + " — " in line, line
        order = [line.index(names[e["player"]] + " — ") for e in results]
        assert order == sorted(order)
        assert re.fullmatch(r"([^;]+ — (correct: \+\d VP|wrong[^;]*))(; [^;]+ — [^;]+)*\.", line)
        more = [b for b in m["blocks"] if b.get("label") == "What followed"]
        for said in (more[0]["items"] if more else []):  # the results are not said twice
            assert " was right with " not in said and " was wrong with " not in said
    assert counts == {str(r.n)}


def test_a_check_step_marks_each_result_beside_its_rack():
    """desk10 (R-C1, R-C2): at a check step the board draws each result beside
    its player's rack, as the game's check screen does, and the step gives a
    phone its marks in the panel ("A ✓ +2 · C ✗ ↑", a mark a result, words kept
    for screen readers): four players' words took a fourth line there. The
    bet's step before it has neither."""
    rec = bot_game(4, ["human", "easy", "human", "easy"], 5)
    r = Replay(rec)
    names = [p["name"] for p in rec["players"]]
    k = next(k for k in range(1, r.n + 1) if r.checks_at(k) is not None)
    r.go(k, held=True)
    m = watch_model(r)
    assert "short" not in m["blocks"][1]
    assert "rack-result" not in json.dumps(m["board"]["racks"])
    r.do(actions.WATCH_NEXT)
    m = watch_model(r)
    results = [e for e in r.events() if e["t"] == "check"]
    marks = m["blocks"][1]["short"].split(" · ")
    assert len(marks) == len(results) == 4
    for e, mark in zip(results, marks, strict=True):
        want = "✓ +" if e["result"] == "correct" else "✗"
        assert mark.startswith(names[e["player"]] + "\u00a0" + want), (mark, e)
    racks = json.dumps(m["board"]["racks"], ensure_ascii=False)
    for e in results:
        said = "correct" if e["result"] == "correct" else "wrong"
        assert names[e["player"]] + ": " + said in racks


def test_the_last_step_plays_again_from_the_start():
    """Issue 39 (third playtest): the last step showed the final scores with ▶
    still as if more moves were to come. There it is "Play again from the
    start" (↺); pressed, the replay starts over and plays to the end once,
    never past it nor round again."""
    rec = json.loads((ROOT / "docs" / "examples" / "two-players.json").read_text())
    r = Replay(rec, step=10**6)
    assert r.step == r.n

    def play_item(m):
        nav = [b for b in m["blocks"] if b["t"] == "buttons" and b.get("nav")][0]["items"]
        return [b for b in nav if b["act"] == actions.WATCH_PLAY][0]

    item = play_item(watch_model(r))
    assert (item["text"], item["aria"], item["disabled"]) == (
        "↺", "Play again from the start", False)
    r.do(actions.WATCH_PLAY)
    assert r.step == 0 and r.playing and play_item(watch_model(r))["aria"] == "Pause"
    ticks = 0
    while r.pace() is not None:
        r.do(actions.WATCH_TICK)
        ticks += 1
        assert ticks <= 2 * r.n
    assert r.step == r.n and not r.playing
    r.do(actions.WATCH_TICK)  # a late timer at the end: nothing
    assert r.step == r.n and play_item(watch_model(r))["aria"] == "Play again from the start"
    r.go(r.n - 1)
    assert play_item(watch_model(r))["aria"] == "Play the moves"


@pytest.mark.parametrize("view", [None, 0])
def test_the_replays_end_draws_every_final_candidate_and_final_points_R_E1_R_E2(view):
    """A tenth playtest (fix16b): the game's end draws each player's final
    candidates on their stones and "Final +N" beside the rack; the replay's
    last step (the last run of final candidates) drew none. It now draws the
    end screen's racks (finalmarks.with_finals, as views.screen_model), for
    every rack and as seen by a player; before the end, none (R-E1)."""
    rec = json.loads((ROOT / "docs" / "examples" / "solo.json").read_text())
    r = Replay(rec, view=view)
    r.go(r.n)
    s = r.state
    result = s.result
    m = watch_model(r)
    for row in result["players"]:
        rack = [k for k in m["board"]["racks"] if k[1].get("data-owner") == str(row["player"])][0]
        said = tree_text(rack)
        for f in row["final"]:
            assert ("·".join(str(v) for v in f["candidates"]) or "–") in said, (row["player"], f)
        total = row["final_total"]
        shown = "+" + str(total) if total > 0 else ("−" + str(-total) if total < 0 else "0")
        assert "Final" in said and shown in said, (said, total)
    r.do(actions.WATCH_PREV)  # text17: the step before, Ann's own run: her rack's alone
    for rack in watch_model(r)["board"]["racks"]:
        drawn = "final-cand" in json.dumps(rack)
        assert drawn == (rack[1].get("data-owner") == "0"), rack[1]
    r.go(r.first(r.step) - 1)  # before any final candidates: none
    assert "final-cand" not in json.dumps(watch_model(r)["board"])
