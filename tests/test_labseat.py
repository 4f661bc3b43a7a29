"""'Play against my bot' at the real table (issue 14): lostcode/web/lab/labseat.py on CPython.

The worker is simulated: the bot's file runs through lostcode.player.botapi on
the request JSON, exactly what the page's worker receives.
"""

import json
from pathlib import Path

from lostcode.player.botapi import BotProgram, Forfeit, decide
from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.observation import observe
from lostcode.services.record import replay
from lostcode.web.game.views import screen_model
from lostcode.web.lab.labseat import LAB_SEAT, MAX_FAILURES, LabSession, read_play

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = (ROOT / "assets" / "lab" / "example_en.py").read_text(encoding="utf-8")
NAMES = ["You", "Your bot", "Computer (easy)"]


def play_settings(players=3, code=EXAMPLE):
    return read_play(json.dumps({"code": code, "players": players, "level": "easy",
                                 "names": NAMES[:players]}))


def worker(code):
    """What assets/labseat.js answers, computed by botapi (labbot.py does the same)."""
    choose = BotProgram(code).new_chooser()

    def reply(text):
        req = json.loads(text)
        try:
            obs = req["observation"]
            return {"move": decide(choose, req["seat"], obs, obs["legal"], None)}
        except Forfeit as f:
            return {"forfeit": {"reason": f.reason, "detail": f.detail}}

    return reply


def play_out(ses, answer, limit=3000):
    """The person presses Continue on the computer's reports and plays an easy
    bot's moves on their own screens; the bot's worker is `answer`."""
    me = Player("easy", 5)
    seen = []
    for _ in range(limit):
        if ses.is_over():
            return seen
        due = ses.lab_request()
        if due is not None:
            n, text = due
            seen.append(text)
            assert ses.lab_request() is None  # asked once per decision
            assert ses.lab_answer(n, answer(n, text))
            continue
        kind, _viewer = ses.screen()
        if kind in ("bot", "checks"):
            screen_model(ses)  # the report renders, notes and all
            ses.do("continue")
            continue
        apply_action(ses.state, me.act(ses.state, legal_actions(ses.state)))
        ses.run_bots()
    raise AssertionError("the game did not end")


def test_read_play_refuses_what_it_cannot_seat():
    assert read_play(None) is None
    assert read_play("{not json") is None
    assert read_play(json.dumps({"code": "", "players": 2, "level": "easy"})) is None
    assert read_play(json.dumps({"code": "x", "players": 5, "level": "easy"})) is None
    assert read_play(json.dumps({"code": "x", "players": True, "level": "easy"})) is None
    assert read_play(json.dumps({"code": "x", "players": 2, "level": "godlike"})) is None
    play = read_play(json.dumps({"code": "x", "players": 2, "level": "hard",
                                 "names": ["  A\u00a0 b ", 7]}))
    assert play["names"] == ["A b", "Player 2"]
    assert read_play(json.dumps({"code": "x", "players": 2, "level": "hard"}))["names"] == [
        "Player 1", "Player 2"]


def test_the_example_bot_plays_a_whole_game_and_the_record_replays():
    ses = LabSession(play_settings(), 42)
    bot = worker(EXAMPLE)
    asked = play_out(ses, lambda n, text: bot(text))
    assert asked and not ses.bots.given_up and ses.bots.failures == 0
    record = json.loads(json.dumps(ses.record()))
    assert [p["kind"] for p in record["players"]] == ["human", "easy", "easy"]
    assert replay(record).scores == ses.state.scores  # the moves actually played


def test_the_request_holds_only_what_the_bots_player_sees():
    """R-S7: the worker gets that seat's observation (its legal moves inside
    it: lostcode/player/request.py, issue 26), nothing else."""
    ses = LabSession(play_settings(2), 7)
    for _ in range(50):
        due = ses.lab_request()
        if due is not None:
            break
        ses.do("continue")
        if ses.state.to_act == 0 and ses.screen()[0] not in ("bot", "checks"):
            apply_action(ses.state, legal_actions(ses.state)[0])
            ses.run_bots()
    n, text = due
    req = json.loads(text)
    assert sorted(req) == ["kind", "observation", "seat"]
    assert req["observation"] == json.loads(json.dumps(observe(ses.state, LAB_SEAT)))
    own = [r for r in req["observation"]["racks"] if r["owner"] == LAB_SEAT]
    assert own and all(v is None for r in own for v in r["stones"].values())


def test_an_illegal_move_is_played_by_the_easy_bot_and_said():
    ses = LabSession(play_settings(), 3)
    bot = worker(EXAMPLE)
    bad = {"count": 0}

    def answer(n, text):
        if bad["count"] < 2:  # two failures, then the bot plays well again
            bad["count"] += 1
            return {"move": ["fly", "away"]}
        return bot(text)

    lines = []
    orig = ses.bots.lines
    ses.bots.lines = lambda names: lines.extend(orig(names)) or orig(names)
    play_out(ses, answer)
    assert not ses.bots.given_up
    said = [x for x in lines if "not legal" in x]
    assert said and 'Your bot chose a move that is not legal: ["fly", "away"].' in said[0]
    assert "The easy computer played this move instead." in said[0]
    replay(json.loads(json.dumps(ses.record())))


def test_repeated_failures_or_a_broken_file_hand_the_seat_to_the_easy_bot():
    ses = LabSession(play_settings(), 11)
    play_out(ses, lambda n, text: {"timeout": True})
    assert ses.bots.given_up and ses.bots.failures == MAX_FAILURES
    ses = LabSession(play_settings(), 12)
    calls = []
    play_out(ses, lambda n, text: calls.append(n) or {"cannot_run": "SyntaxError"})
    assert ses.bots.given_up and len(calls) == 1  # asked once, then the easy bot plays
    assert ses.is_over()


def test_a_stale_reply_changes_nothing():
    ses = LabSession(play_settings(2), 5)
    for _ in range(50):
        due = ses.lab_request()
        if due is not None:
            break
        ses.do("continue")
    n, _text = due
    before = len(ses.state.actions)
    assert not ses.lab_answer(n + 1, {"move": ["roll"]})
    assert len(ses.state.actions) == before
    assert ses.screen() == ("bot", None)
    model = screen_model(ses)
    # Issue 22: before its first answer the bot "is starting"; nothing goes on
    # by itself until it has moved, and (issue 39) no greyed-out control waits.
    assert model["heading"] == "Your bot is starting…" or "Your bot is starting…" in str(model)
    assert model["auto"] is None
    assert not [b for b in model["blocks"] if b["t"] == "buttons"]
    assert not [b for b in model["blocks"] if b["t"] == "list" and not b["items"]]
    ses.do("continue")  # refused: the bot has not moved
    assert ses.error and len(ses.state.actions) == before
    assert ses.lab_answer(n, {"move": ["roll"]})
    model = screen_model(ses)
    assert len(ses.state.actions) > before
    assert ses.bots.started
    if ses.bots.waiting():  # its next decision (the dice): "thinking", still held
        assert model["auto"] is None and "Your bot is thinking…" in str(model)
    elif model["kind"] == "bot":  # its report goes on by itself once it has moved
        assert model["auto"] and model["auto"]["ms"] >= 1200
