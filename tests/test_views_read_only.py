"""Issue 21: views only read. A screen model is a function of the session:
whatever a screen needs (the draft it starts with, the viewer's sheet brought
up to date, the assistant's analysis and its explanations) is made by the
event's handler (Session._prepare), never while drawing.

Whole games are played through the session (pass-and-play for 2-4 players
with the options, solo against computers, hints on and off, the guided first
game); at every step every model the page builds is built twice, and the
session must be exactly as it was before, the two models equal.

Not traced for coverage (pytest-cov's no_cover): these whole games repeat what
the core's own tests cover, and tracing them made this file 2.5x slower, the
largest single cost in the suite's coverage run (issue 25).
"""

import copy
import json
import random

import pytest
from test_viewmodels import ALL_OPTIONS, NAMES, enabled, human_step

from lostcode.rules.canon import canonical, state_dict
from lostcode.rules.options import Options
from lostcode.web import actions
from lostcode.web.game.assistant import panel_model
from lostcode.web.game.session import PICKS, Session
from lostcode.web.game.solo import bot_screen
from lostcode.web.game.tutorial import TUTORIAL_SEED, tip_block
from lostcode.web.game.views import log_model, screen_model, sheet_model

pytestmark = pytest.mark.no_cover


def snapshot(ses):
    """Everything a session holds, as plain data (deep copies)."""
    return {
        "record": json.dumps(ses.record(), sort_keys=True),
        "state": canonical(state_dict(ses.state)),
        "draft": copy.deepcopy(ses.draft),
        "sheets": [sh.to_dict() for sh in ses.sheets],
        "undo": [
            (what, viewer, saved.to_dict() if what == "sheet" else copy.deepcopy(saved))
            for what, viewer, saved in ses.undo_stack
        ],
        "notices": copy.deepcopy(ses.notices),
        "error": ses.error,
        "unlocked": ses.unlocked,
        "checks_shown": ses.checks_shown,
        "revision": ses.revision,
        "ask_leave": ses.ask_leave,
        "hints": ses.hints,
        "tutorial": ses.tutorial,
        "seats": list(ses.seats),
        "bot_report": copy.deepcopy(ses.bots.report),
        "assist": copy.deepcopy(ses.assist),
        "assist_why": ses.assist_why,
        "attributes": sorted(vars(ses)),
    }


def identities(ses):
    """The objects a view could swap for equal ones without the snapshot seeing it."""
    return [id(ses.state), id(ses.draft), id(ses.assist), id(ses.bots)] + [
        id(sh) for sh in ses.sheets
    ]


def build_all(ses):
    """Every model the page builds for the screen shown, and the read-only getters."""
    kind, viewer = ses.screen()
    obs = ses.observation()
    out = {
        "screen": screen_model(ses),
        "log": log_model(ses),
        "panel": panel_model(ses, obs, kind),
        "tip": tip_block(ses, obs, kind),
        "obs": json.dumps(obs, sort_keys=True),
    }
    if viewer is not None:
        out["sheet"] = sheet_model(ses.sheets[viewer], obs)
    if kind == "bot":
        m = {}
        bot_screen(ses, obs, m)
        out["bot"] = m
    if kind in PICKS:
        out["pick"] = dict(ses.pick_draft(kind))
    if kind == "guess":
        out["guess"] = dict(ses.guess_draft())
    if kind in ("shortcut", "final") and viewer is not None:
        out["cands"] = copy.deepcopy(ses.candidates_draft(kind, viewer))
    return out


def check_building_changes_nothing(ses):
    before, ids = snapshot(ses), identities(ses)
    first = build_all(ses)
    second = build_all(ses)
    assert snapshot(ses) == before, ses.screen()
    assert identities(ses) == ids, ses.screen()
    assert first == second, ses.screen()
    return first["screen"]


def drive(ses, rng, extra=0.25):
    """A whole game by taps (test_viewmodels.human_step), with now and then a
    tap that only changes the screen (a sheet mark, "Why…", undo): the checks
    run before and after each."""
    kinds = set()
    for _ in range(6000):
        m = check_building_changes_nothing(ses)
        kinds.add(m["kind"])
        if m["kind"] == "end":
            ses.do(actions.LEAVE)
            check_building_changes_nothing(ses)
            ses.do(actions.BACK)
            check_building_changes_nothing(ses)
            return kinds
        if m["private"] and rng.random() < extra:
            cells = [c for r in m["sheet"]["rows"] for c in r["cells"] if not c["locked"]]
            ses.do(actions.MARK, rng.choice(cells)["arg"])
            check_building_changes_nothing(ses)
            if m["assistant"] is not None and m["assistant"]["why"]:
                ses.do(actions.WHY)  # the explanations: made by the handler, read by the view
                check_building_changes_nothing(ses)
            if rng.random() < 0.5:
                ses.do(actions.UNDO)
                continue
        if m["kind"] == "guess" and ses.guess_draft()["wheel"] and rng.random() < extra:
            ses.do(rng.choice((actions.LOWER, actions.RAISE)))
            check_building_changes_nothing(ses)
            if not enabled(screen_model(ses), actions.CONFIRM_GUESS):
                ses.do(actions.UNDO)
            continue
        human_step(ses, m, rng)
    raise AssertionError("the game did not end")


PASS_AND_PLAY = [
    (2, {}, True),
    (3, {"introductory": True, "shortcut": True}, False),
    (4, {"high_stakes": True, "shortcut": True, "curse": True}, True),
    (4, ALL_OPTIONS, False),
]


@pytest.mark.parametrize("players,flags,hints", PASS_AND_PLAY)
def test_pass_and_play_screens_only_read(players, flags, hints):
    ses = Session(Options(players, **flags), 11, NAMES[:players], hints=hints)
    kinds = drive(ses, random.Random(players))
    assert {"handoff", "guess", "checks", "final", "end"} <= kinds


SOLO = [
    (["human", "hard"], {}, True),
    (["human", "easy", "medium"], {"shortcut": True, "curse": True}, True),
    (["hard", "human", "easy", "medium"], ALL_OPTIONS, False),
]


@pytest.mark.parametrize("seats,flags,hints", SOLO)
def test_solo_screens_only_read(seats, flags, hints):
    n = len(seats)
    ses = Session(Options(n, **flags), 5, NAMES[:n], seats, hints=hints)
    kinds = drive(ses, random.Random(n))
    assert {"bot", "guess", "end"} <= kinds


def test_the_guided_game_only_reads():
    ses = Session(Options(2, introductory=True), TUTORIAL_SEED, ["Bot", "You"], ["easy", "human"])
    ses.tutorial = True
    assert any(b["t"] == "tip" for b in screen_model(ses)["blocks"])
    drive(ses, random.Random(0))


def test_getters_make_nothing_on_a_session_nobody_prepared():
    """A screen reached by changing the state from outside (tests do) still draws,
    from fresh defaults that are not kept."""
    ses = Session(Options(2), 3, ["A", "B"], hints=True)
    ses.do(actions.UNLOCK)  # not on a handoff: refused, nothing made
    assert ses.error
    before = snapshot(ses)
    assert ses.guess_draft() == {"kind": "guess", "wheel": None, "low": 8}
    assert ses.pick_draft("change")["arg"] == ""
    assert ses.candidates_draft("final", 0)["values"]["jaguar"] == []
    assert snapshot(ses) == before
