"""The example records in docs/examples/ replay to the end, docs/record-format.md
shows one of them, and `python -m lostcode selfplay --record` writes a record
that replays to the same game."""

import json
import re

import pytest
from helpers import ROOT

from lostcode.cli.cli import main
from lostcode.cli.selfplay import random_game
from lostcode.rules.canon import state_dict
from lostcode.rules.engine import is_over
from lostcode.rules.options import OPTION_FLAGS
from lostcode.services.record import parse, replay, seats_of

EXAMPLES = ROOT / "docs" / "examples"
NAMES = ("two-players.json", "four-players-every-option.json", "solo.json")


def load(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_example_record_replays_to_the_end(name):
    s = replay(load(name))
    assert is_over(s), name
    assert len(s.actions) == len(parse(load(name))["actions"])
    assert s.result["winner"] in range(s.players)


def test_examples_cover_default_every_option_and_solo():
    two = parse(load("two-players.json"))
    assert two["options"] == {"players": 2, **{f: False for f in OPTION_FLAGS}}
    four = parse(load("four-players-every-option.json"))
    assert four["options"] == {"players": 4, **{f: True for f in OPTION_FLAGS}}
    kinds = [a[0] for a in four["actions"]]
    for kind in ("turn_bear", "take", "shortcut", "change", "discard", "final"):
        assert kind in kinds, kind  # R-R1a, R-X2a, R-X2b, R-R1c, R-P1, R-E1 all played
    solo = seats_of(load("solo.json"))
    assert solo.count("human") == 1 and len(solo) == 2


def test_record_format_doc_shows_the_two_player_example():
    doc = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", doc, re.S)
    assert block, "no JSON example in docs/record-format.md"
    assert json.loads(block.group(1)) == json.loads(load("two-players.json"))


@pytest.mark.parametrize("name", NAMES)
def test_replay_command_prints_the_final_scores(name, capsys):
    assert main(["replay", str(EXAMPLES / name)]) == 0
    out = capsys.readouterr().out
    assert "Winner:" in out


def test_selfplay_record_writes_a_replayable_record(tmp_path, capsys):
    path = tmp_path / "game.json"
    args = ["selfplay", "--games", "1", "--players", "3", "--seed", "5"]
    assert main([*args, "--options", "shortcut,curse", "--record", str(path)]) == 0
    assert "wrote" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    s = replay(text)
    assert is_over(s)
    record = parse(text)
    assert record["options"]["players"] == 3 and record["options"]["curse"]
    # The same game `selfplay --seed 5` plays first.
    from lostcode.rules.options import Options

    first, _ = random_game(Options(3, shortcut=True, curse=True), 5, 5 * 7919)
    assert state_dict(s) == state_dict(first)


def test_selfplay_record_to_an_unwritable_place_is_a_message(tmp_path, capsys):
    target = tmp_path / "missing-dir" / "game.json"
    assert main(["selfplay", "--games", "1", "--record", str(target)]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err
