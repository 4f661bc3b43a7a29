"""Saved games (issue 7): round trips, where a reload opens, the index, and fuzzing.

The fuzz tests feed the record importer and load_save arbitrary JSON-ish
input and mutations of valid data: only RecordError may ever come out, since
that is the one exception the page catches to show a sentence.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lostcode as lc
from lostcode.rules.canon import state_digest
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.errors import RecordError
from lostcode.rules.setup import new_game
from lostcode.services.record import parse, replay
from lostcode.services.saves import (
    FORMAT,
    SaveIndex,
    check_save,
    load_save,
    make_save,
)
from lostcode.web.game.saving import session_from_state
from lostcode.web.game.session import PRIVATE_PHASES
from lostcode.web.game.views import screen_model

MARKUP = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "Zoë \"'&", "Ярослава"]
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


def partial(players=3, seed=7, chooser=1, steps=40, names=None, **flags):
    """A game after `steps` random legal actions (or finished, if shorter)."""
    s = new_game(lc.Options(players, **flags), seed, names)
    pick = random.Random(chooser)
    for _ in range(steps):
        if is_over(s):
            break
        acts = legal_actions(s)
        apply_action(s, acts[pick.randrange(len(acts))])
    return s


def seats_for(s):
    return (["human", "easy", "medium", "hard"])[: len(s.names)]


UI = {"screen": "roll", "handoff": None, "sheets": [{"bird": [1, 2]}], "settings": {"hints": True}}


@pytest.fixture(scope="module")
def valid():
    s = partial(3, 11, 5, 60, names=MARKUP[:3], shortcut=True, curse=True)
    return s, make_save(s, seats_for(s), UI, "game-1", "2025-01-02T03:04:05Z")


# ----------------------------------------------------------------- round trips


def test_save_shape_and_round_trip(valid):
    s, save = valid
    assert save["format"] == FORMAT and save["version"] == 1
    assert save["id"] == "game-1" and save["created"] == save["updated"]
    text = json.dumps(save)
    s2, seats, ui = load_save(text)
    assert state_digest(s2) == state_digest(s)
    assert seats == seats_for(s) and ui == UI
    assert s2.names == s.names and s.names[1].startswith("<img")  # verbatim; page escapes
    # bytes and dicts too
    assert state_digest(load_save(text.encode("utf-8"))[0]) == state_digest(s)
    assert state_digest(load_save(save)[0]) == state_digest(s)


def test_make_save_keeps_created_and_detaches_ui(valid):
    s, save = valid
    ui = {"screen": "log"}
    again = make_save(s, seats_for(s), ui, "game-1", "2025-02-01T00:00:00Z", save["created"])
    ui["screen"] = "changed"
    assert again["created"] == save["created"] and again["updated"] == "2025-02-01T00:00:00Z"
    assert again["ui"] == {"screen": "log"}
    with pytest.raises(ValueError):
        make_save(s, ["robot"] * 3, {}, "x", "now")
    with pytest.raises(ValueError):
        make_save(s, seats_for(s), {}, "", "now")


def test_a_bare_record_loads_as_a_save(valid):
    s, save = valid
    s2, seats, ui = load_save(json.dumps(save["record"]))
    assert state_digest(s2) == state_digest(s) and seats == seats_for(s) and ui == {}


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**53 - 1),
    chooser=st.integers(0, 1000),
    steps=st.integers(0, 400),
    flags=st.fixed_dictionaries(
        {k: st.booleans() for k in ("introductory", "high_stakes", "shortcut", "curse")}
    ),
    names=st.lists(st.text(max_size=20), min_size=4, max_size=4),
)
def test_any_save_round_trips_to_an_identical_state(players, seed, chooser, steps, flags, names):
    s = partial(players, seed, chooser, steps, names=names[:players], **flags)
    seats = seats_for(s)
    save = make_save(s, seats, {"screen": s.phase}, "id", "t")
    s2, seats2, _ui = load_save(json.dumps(save))
    assert state_digest(s2) == state_digest(s) and seats2 == seats


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: "{", "not valid JSON"),
        (lambda d: [], "expected a JSON object"),
        (lambda d: {**d, "format": "other"}, "not a Lost Code saved game"),
        (lambda d: {**d, "version": 2}, "newer version"),
        (lambda d: {**d, "version": "1"}, "no version"),
        (lambda d: {**d, "record": None}, "no game record"),
        (lambda d: {**d, "seats": ["human"]}, "seats"),
        (lambda d: {**d, "seats": "human human"}, "who plays each seat"),
        (lambda d: {**d, "record": {**d["record"], "options": [2]}}, "no options"),
        # R-S3: a seed beyond the engine's range, in a record that is otherwise whole
        (lambda d: {**d, "record": {**d["record"], "seed": 2**70}}, "set-up is invalid"),
        (lambda d: {**d, "seats": ["robot", "easy", "hard"]}, "unknown seat kind"),
        (lambda d: {**d, "ui": []}, "screen data"),
        (lambda d: {**d, "id": 5}, "'id'"),
        (lambda d: {**d, "record": {**d["record"], "version": 9}}, "newer version"),
        (lambda d: {**d, "record": {**d["record"], "actions": [["fly"]]}}, "action 1"),
    ],
)
def test_bad_saves_give_clear_record_errors(valid, mutate, message):
    with pytest.raises(RecordError, match=message):
        load_save(mutate(json.loads(json.dumps(valid[1]))))


def test_truncated_save_text(valid):
    text = json.dumps(valid[1])
    for cut in (0, 1, len(text) // 3, len(text) // 2, len(text) - 1):
        with pytest.raises(RecordError):
            load_save(text[:cut])


# -------------------------------------------------------------- resume screens


def _states_in_every_phase():
    seen = {}
    for chooser in range(12):
        s = new_game(lc.Options(3, shortcut=True, curse=True, introductory=chooser % 2 == 0), 3)
        pick = random.Random(chooser)
        while not is_over(s):
            seen.setdefault(s.phase, s.copy())
            acts = legal_actions(s)
            apply_action(s, acts[pick.randrange(len(acts))])
        seen.setdefault(s.phase, s)
    return seen


@pytest.fixture(scope="module")
def by_phase():
    return _states_in_every_phase()


SCREENS = ["roll", "guess", "shortcut", "final", "hide", "handoff", "checks", "rules", "end", None]


def test_resume_never_opens_a_private_screen(by_phase):
    """A reload opens on the screen the replayed state calls for, whatever screen
    the save names: a private phase on the handoff for the seat to act (nobody
    is unlocked), the end on the end screen, a public phase on its own screen,
    and check results not yet acknowledged on the check screen."""
    humans = ["human"] * 3
    assert set(PRIVATE_PHASES) <= set(by_phase)
    for phase, s in by_phase.items():
        last = max([h["round"] for h in s.history if h["guesses"]] or [0])
        for screen in SCREENS + ["sheet", "x" * 500, 5]:
            ui = {"screen": screen, "handoff": 0, "viewer": 0}
            ses = session_from_state(s.copy(), humans, ui)
            kind, viewer = ses.screen()
            assert viewer is None and ses.unlocked is None
            assert kind not in ("guess", "shortcut", "final", "hide", "sheet")
            if phase in PRIVATE_PHASES:
                assert kind == "handoff" and ses.state.to_act == s.to_act
                m = screen_model(ses)
                assert m["heading"] == "Pass the device to " + s.names[s.to_act]
            elif phase == "end":
                assert kind == "end"
            else:
                assert kind == phase
            if last and phase != "end":  # a check the save says was not acknowledged
                ses = session_from_state(s.copy(), humans, dict(ui, checks_shown=last - 1))
                assert ses.screen() == ("checks", None)
    assert session_from_state(by_phase["roll"].copy(), humans, None).screen() == ("roll", None)


# --------------------------------------------------------------------- fuzzing

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(MARKUP)
)
json_values = st.recursive(
    json_scalars,
    lambda kids: (
        st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=10), kids, max_size=5)
    ),
    max_leaves=30,
)


def only_record_errors(fn, data):
    try:
        fn(data)
    except RecordError:
        pass


@FUZZ
@given(data=json_values | st.binary(max_size=200) | st.text(max_size=200))
def test_arbitrary_input_only_raises_record_error(data):
    for fn in (parse, replay, load_save, check_save):
        only_record_errors(fn, data)
    if not isinstance(data, bytes):
        try:
            text = json.dumps(data)
        except (TypeError, ValueError):
            return
        only_record_errors(load_save, text)
        only_record_errors(replay, text)


def _mutate(draw, doc):
    """One structural mutation somewhere in a JSON document (a deep copy)."""
    doc = json.loads(json.dumps(doc))
    paths = []

    def walk(x, path):
        paths.append(path)
        if isinstance(x, dict):
            for k in sorted(x):
                walk(x[k], path + (k,))
        elif isinstance(x, list):
            for i, v in enumerate(x[:8]):
                walk(v, path + (i,))
            if len(x) > 8:
                walk(x[-1], path + (len(x) - 1,))

    walk(doc, ())
    path = draw(st.sampled_from(paths))
    op = draw(st.sampled_from(["drop", "replace", "huge", "markup", "shuffle", "dup", "neg"]))
    if not path:
        return draw(json_values) if op == "replace" else doc
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    key = path[-1]
    target = parent[key]
    if op == "drop":
        del parent[key]
    elif op == "replace":
        parent[key] = draw(json_values)
    elif op == "huge":
        parent[key] = draw(st.sampled_from([2**63, -(2**63), 10**30, 2**53, 1e308, -1]))
    elif op == "markup":
        parent[key] = draw(st.sampled_from(MARKUP))
    elif op == "neg" and isinstance(target, int) and not isinstance(target, bool):
        parent[key] = -target - 1
    elif op in ("shuffle", "dup") and isinstance(target, list) and target:
        if op == "shuffle":
            parent[key] = draw(st.permutations(target))
        else:
            i = draw(st.integers(0, len(target) - 1))
            target.insert(i, target[i])
    return doc


@FUZZ
@given(st.data())
def test_mutated_saves_and_records_only_raise_record_error(valid, data):
    s, save = valid
    for _ in range(data.draw(st.integers(1, 3))):
        save = _mutate(data.draw, save)
    for fn in (load_save, check_save):
        only_record_errors(fn, save)
    rec = save.get("record") if isinstance(save, dict) else None
    for fn in (parse, replay):
        only_record_errors(fn, rec)
    text = json.dumps(save)
    cut = data.draw(st.integers(0, len(text)))
    only_record_errors(load_save, text[:cut])
    only_record_errors(load_save, text[:cut].encode("utf-8")[: max(0, cut - 1)])


@FUZZ
@given(st.data())
def test_reordered_or_duplicated_actions_only_raise_record_error(valid, data):
    rec = json.loads(json.dumps(valid[1]["record"]))
    acts = rec["actions"]
    op = data.draw(st.sampled_from(["swap", "dup", "drop", "reverse"]))
    i = data.draw(st.integers(0, len(acts) - 1))
    j = data.draw(st.integers(0, len(acts) - 1))
    if op == "swap":
        acts[i], acts[j] = acts[j], acts[i]
    elif op == "dup":
        acts.insert(i, acts[j])
    elif op == "drop":
        del acts[i]
    else:
        acts.reverse()
    only_record_errors(replay, rec)
    only_record_errors(load_save, {**valid[1], "record": rec})


def test_deeply_nested_input_is_a_record_error():
    deep = "[" * 100000 + "]" * 100000
    for fn in (parse, replay, load_save):
        with pytest.raises(RecordError):
            fn(deep)


# -------------------------------------------------------------------- the index


def _save(i, steps=30):
    s = partial(2, i, i, steps, names=["A" + str(i), MARKUP[1]])
    return s, make_save(
        s, ["human", "hard"], {"screen": s.phase}, "g" + str(i), "2025-01-0" + str(i)
    )


def test_index_add_replace_list_delete_finish():
    idx = SaveIndex(cap=3)
    states = {}
    for i in (1, 2, 3):
        s, save = _save(i)
        states[i] = s
        row = idx.put(save, s if i != 2 else None)  # with and without the live state
        assert row["names"] == s.names and row["round"] == s.round and row["phase"] == s.phase
    assert [r["id"] for r in idx.listing()] == ["g3", "g2", "g1"]
    s, save = _save(1, 60)
    save["updated"] = "2025-01-09"
    idx.put(save, s)
    assert [r["id"] for r in idx.listing()] == ["g1", "g3", "g2"]
    assert idx.listing()[0]["round"] == s.round
    assert idx.delete("g2") and not idx.delete("g2")
    assert idx.get("g2") is None and idx.get("g3")["id"] == "g3"
    for i in range(5):
        f = partial(2, 100 + i, i, 10000)
        idx.finish("f" + str(i), f, ["human", "easy"], "2025-02-0" + str(i))
    assert [f["id"] for f in idx.history()] == ["f4", "f3", "f2"]
    assert state_digest(replay(idx.history()[0]["record"])) == state_digest(
        partial(2, 104, 4, 10000)
    )
    idx.finish("g1", states[1], ["human", "hard"], "2025-03-01")
    assert idx.get("g1") is None and idx.history()[0]["id"] == "g1"
    assert idx.forget_finished("g1") and not idx.forget_finished("g1")

    back = SaveIndex.from_json(idx.to_json(), cap=3)
    assert back.rejected == []
    assert back.listing() == idx.listing() and back.history() == idx.history()
    s3, _seats, _ui = load_save(back.get("g3"))
    assert state_digest(s3) == state_digest(states[3])


def test_index_keeps_corrupt_entries_aside():
    idx = SaveIndex()
    for i in (1, 2):
        idx.put(_save(i)[1])
    idx.finish("f", partial(2, 5, 5, 10000), ["human", "human"], "2025-05-05")
    data = json.loads(idx.to_json())
    data["games"][0]["save"]["format"] = "junk"
    data["finished"][0]["record"] = "<img src=x onerror=alert(1)>"
    data["games"].append("not an entry")
    back = SaveIndex.from_json(json.dumps(data))
    assert [r["id"] for r in back.listing()] == ["g2"]
    assert back.history() == []
    assert [r["id"] for r in back.rejected] == ["g1", None, "f"]
    assert all(isinstance(r["raw"], str) and r["reason"] for r in back.rejected)
    assert json.loads(back.rejected[0]["raw"])["save"]["format"] == "junk"
    # rejected entries survive a save of the index until dismissed
    again = SaveIndex.from_json(back.to_json())
    assert [r["raw"] for r in again.rejected] == [r["raw"] for r in back.rejected]
    again.dismiss_rejected(0)
    assert len(again.rejected) == 2


def test_index_whole_text_damage():
    for text in ("{", "[]", '{"format": "lostcode-saves", "version": 99}', b"\xff"):
        idx = SaveIndex.from_json(text)
        assert idx.listing() == [] and len(idx.rejected) == 1
    assert SaveIndex.from_json("").rejected == [] and SaveIndex.from_json(None).rejected == []


@FUZZ
@given(json_values | st.text(max_size=100))
def test_index_from_json_never_raises(data):
    for d in (data, json.dumps(data)):
        idx = SaveIndex.from_json(d)
        SaveIndex.from_json(idx.to_json())


# ------------------------------------------------------------------ portability


@pytest.mark.runtimes
def test_saves_and_settings_run_the_same_on_micropython_and_pyodide():
    from pathlib import Path

    from helpers import node_runtimes_available, run_in_runtime

    if not node_runtimes_available():
        pytest.skip("Node runtimes not installed")
    script = Path(__file__).with_name("portable_saves.py")
    expected = run_in_runtime("cpython", script)
    assert expected.count(" True ") == 3 and "loaded?!" not in expected
    for kind in ("micropython", "pyodide"):
        assert run_in_runtime(kind, script) == expected, kind


def test_newest_first_breaks_ties_by_position_not_by_the_sorts_stability():
    """MicroPython's sort is not stable: equal times keep their given order
    explicitly (the saves list and the finished games list the same on every runtime)."""
    from lostcode.services.saves import _newest_first

    rows = [{"id": i, "t": t} for i, t in enumerate(["b", "a", "b", "c", "a", "b"])]
    assert [r["id"] for r in _newest_first(rows, "t")] == [3, 0, 2, 5, 1, 4]
