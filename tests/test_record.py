"""Game records (issue 2): versioned JSON, replay, clear errors, the CLI."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import lostcode as lc
from lostcode.cli.selfplay import random_game
from lostcode.rules.canon import state_digest
from lostcode.services.record import FORMAT, VERSION, parse, replay, to_record

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def finished():
    s, _ = random_game(lc.Options(3, shortcut=True, curse=True), 42, 42, check=False)
    return s


def test_record_shape(finished):
    rec = to_record(finished)
    assert rec["format"] == FORMAT and rec["version"] == VERSION
    assert rec["options"]["players"] == 3 and rec["seed"] == 42
    assert [p["seat"] for p in rec["players"]] == [0, 1, 2]
    assert all(isinstance(a, list) for a in rec["actions"])
    json.dumps(rec)


def test_record_round_trip_identical(finished):
    assert state_digest(replay(json.dumps(to_record(finished)))) == state_digest(finished)


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda r: "not json {", "not valid JSON"),
        (lambda r: [1, 2], "expected a JSON object"),
        (lambda r: {**r, "format": "chess"}, "not a Lost Code game record"),
        (lambda r: {**r, "version": 99}, "newer version"),
        (lambda r: {**r, "version": "1"}, "no version"),
        (lambda r: {**r, "version": 0}, "unknown record version"),
        (lambda r: {**r, "seed": "x"}, "no valid seed"),
        (lambda r: {**r, "actions": {}}, "no action list"),
        (lambda r: {**r, "players": []}, "no players"),
        (lambda r: {**r, "players": r["players"][:1]}, "disagree"),
        (lambda r: {**r, "options": {**r["options"], "curse": "yes"}}, "true or false"),
        (lambda r: {**r, "actions": [["dance"]]}, "action 1"),
        (lambda r: {**r, "actions": r["actions"][:5] + [["roll"]]}, "action 6"),
        (lambda r: {**r, "actions": [None]}, "action 1"),
        (lambda r: {**r, "players": [{"name": "a", "kind": "god"}] * 3}, "seat kind"),
        (lambda r: b"\xff\xfe", "not text"),
    ],
)
def test_malformed_records_give_clear_errors(finished, mutate, message):
    with pytest.raises(lc.RecordError) as e:
        replay(mutate(to_record(finished)))
    assert message in str(e.value)


def test_parse_accepts_text_bytes_and_dict(finished):
    rec = to_record(finished)
    for form in (rec, json.dumps(rec), json.dumps(rec).encode()):
        assert parse(form)["seed"] == 42


def test_cli_replay_prints_rounds_and_scores(finished, tmp_path):
    f = tmp_path / "game.json"
    f.write_text(json.dumps(to_record(finished)))
    out = subprocess.run(
        [sys.executable, "-m", "lostcode", "replay", str(f)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "Round 1:" in out and "Round 9:" in out
    assert "Final scores:" in out and "Winner:" in out


def test_cli_replay_bad_file_is_a_clear_message(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text('{"format": "lostcode-record", "version": 7}')
    r = subprocess.run(
        [sys.executable, "-m", "lostcode", "replay", str(f)], cwd=ROOT, capture_output=True,
        text=True,
    )  # fmt: skip
    assert r.returncode == 2 and "newer version" in r.stderr and "Traceback" not in r.stderr


def test_cli_selfplay_json():
    r = subprocess.run(
        [sys.executable, "-m", "lostcode", "selfplay", "--games", "3", "--players", "4",
         "--options", "shortcut,curse", "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    out = json.loads(r.stdout)
    assert out["games"] == 3 and out["violations"] == 0 and out["games_per_s"] > 0
