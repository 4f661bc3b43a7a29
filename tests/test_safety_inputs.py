"""Bad bytes, look-alike names and all-computer records (issue 12): a clear
message and nothing lost, never a traceback."""

import json
import subprocess
import sys

import pytest

from lostcode.cli.cli import main
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.playernames import look_alike, normalize_name
from lostcode.rules.setup import clean_names, new_game
from lostcode.services.record import replay, seats_of, to_record
from lostcode.web.game.saving import session_from_state
from lostcode.web.game.views import screen_model
from lostcode.web.saves.persist import finished_problem


def record(names=("Ann", "Ben"), steps=12, seats=None, finish=False):
    s = new_game(Options(len(names)), 4, list(names))
    n = 0
    while not is_over(s) and (finish or n < steps):
        apply_action(s, legal_actions(s)[0])
        n += 1
    return s, to_record(s, seats or ["human"] * len(names))


# --------------------------------------------------------------------------- the CLI


def run_cli(tmp_path, data: bytes, capsys):
    path = tmp_path / "rec.json"
    path.write_bytes(data)
    code = main(["replay", str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "data, words",
    [
        ("Zoë".encode("latin-1") + b'{"format": "lostcode-record"}', "not UTF-8"),
        (json.dumps({"format": "lostcode-record"}).encode("utf-16"), "UTF-16"),
        (b"\xff" * 40, "not UTF-8"),
        (b"{\xff}", "not UTF-8"),
        (b"[" * 100000, "nested"),
        (b'{"format": "lostcode-record", "version": ' + b"9" * 5000 + b"}", "digits"),
    ],
    ids=["latin-1", "utf-16", "ff", "ff-inside", "deep", "huge-number"],
)
def test_cli_reads_any_bytes_with_a_clear_message_and_exit_2(tmp_path, capsys, data, words):
    code, out, err = run_cli(tmp_path, data, capsys)
    assert code == 2 and out == ""
    assert err.startswith("not a usable record: ") and words in err
    assert "Traceback" not in err and len(err) < 200


def test_cli_names_with_lone_surrogates_and_a_bom_replay(tmp_path, capsys):
    s, rec = record(steps=30)
    text = json.dumps(rec).replace('"Ann"', '"An\\ud800n"')
    code, out, err = run_cli(tmp_path, b"\xef\xbb\xbf" + text.encode("utf-8"), capsys)
    assert code == 0, err
    assert "Ann" in out and err == ""


def test_cli_prints_names_a_terminal_cannot_encode(tmp_path):
    _s, rec = record(names=("Zoë ☃", "Ben"), steps=30)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    env = {"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin", "PYTHONPATH": "."}
    done = subprocess.run(
        [sys.executable, "-m", "lostcode", "replay", str(path)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Zo? ?" in done.stdout


# --------------------------------------------------------------------------- names (R-S1)


def test_r_s1_names_are_normalised_before_they_are_compared_or_shown():
    assert normalize_name("Ann\u200b") == "Ann"
    assert normalize_name("Ann\u200d") == "Ann"
    assert normalize_name("\u202eAnn") == "Ann"  # an unterminated override is gone
    assert normalize_name("  A\u00a0\u3000 n\tn ") == "A n n"
    assert normalize_name("\u200b") == ""
    assert normalize_name("Zoe\u0308") == "Zoë"  # NFC where unicodedata exists
    assert normalize_name("An\ud800n") == "Ann"
    assert normalize_name(None) == ""
    assert clean_names(["\u200b", "Ann\u2066"], 2) == ["Player 1", "Ann"]


def test_r_s1_names_that_still_look_the_same_are_refused():
    assert look_alike(["Ann", "Ann\u200b", "Ann\u200d"]) == "Ann"
    assert look_alike(["Ann", "Ben"]) is None
    assert look_alike(["Zoë", "Zoe\u0308"]) == "Zoë"
    assert look_alike(["", "\u200b"]) is None  # blank names get "Player N"


def test_r_s1_each_character_is_looked_up_as_the_whole_table_maps_it():
    """skeleton() searches the table per character (issue 26: building the whole
    dict took 0.15-0.4 s on MicroPython): the same skeleton as the generated
    table's entries and runs give."""
    from lostcode.rules import playernames
    from lostcode.rules.lookalikes import TABLE

    firsts = [ord(entry.split("\t")[0]) for entry in TABLE.split("\n") if entry]
    assert firsts == sorted(set(firsts))  # the binary search needs code point order
    table = playernames._skeleton_table()
    assert len(table) > 3000
    # Every character of the table, its neighbours (the edges of every run), and a sample.
    codes = {c + d for c in map(ord, table) for d in (-1, 0, 1)} | set(range(0, 0x110000, 97))
    wrong = [hex(code) for code in sorted(codes)
             if playernames._skeleton_of(chr(code)) != table.get(chr(code), chr(code))]
    assert wrong == []
    assert playernames.skeleton("Аnn") == playernames.skeleton("Ann") == "Ann"
    assert playernames.skeleton("\U0001d41a\U0001d41b") == "ab"  # inside a run


# --------------------------------------------------------------------------- all-computer records


def test_an_all_computer_record_is_watched_and_played_to_its_end():
    s, rec = record(names=("A", "B", "C"), steps=30, seats=["easy", "medium", "hard"])
    ses = session_from_state(replay(rec), seats_of(rec), {})
    assert ses.seats == ["easy", "medium", "hard"]
    for _ in range(200):
        m = screen_model(ses)
        if m["kind"] == "end":
            break
        ses.do("continue")
    assert m["kind"] == "end" and is_over(ses.state)
    done, rec2 = record(names=("A", "B"), seats=["easy", "hard"], finish=True)
    ses = session_from_state(replay(rec2), seats_of(rec2), {})
    assert screen_model(ses)["kind"] == "end"


def test_the_finished_games_list_says_what_is_wrong_in_its_own_words():
    text = finished_problem("the record's set-up is invalid.")
    assert "file" not in text and "finished game" in text and ".." not in text
