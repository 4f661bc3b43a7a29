"""Issue 21: Session.revision moves exactly when what a save holds changes
(saving.session_save: the record and saving.session_ui), so the page writes
a save only then: after an engine move (a computer's and the lab bot's
included), a sheet mark, acknowledged check results. A draft, "I am NAME",
"Why…", the end's question and a computer's report acknowledged do not.
"""

import json
import random

import pytest
from test_labseat import EXAMPLE, play_settings, worker
from test_viewmodels import ALL_OPTIONS, NAMES, human_step

from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.options import Options
from lostcode.web import actions
from lostcode.web.game.saving import session_from_save, session_save
from lostcode.web.game.session import Session
from lostcode.web.game.views import screen_model
from lostcode.web.lab.labseat import LabSession

NOW = "2026-11-26T12:00:00Z"


def save_of(ses):
    return json.dumps(session_save(ses, "g1", NOW, NOW), sort_keys=True)


def controls(model):
    """Every enabled control of a model: (act, arg)."""
    out = []
    if isinstance(model, dict):
        if isinstance(model.get("act"), str) and not model.get("disabled"):
            out.append((model["act"], model.get("arg", "")))
        for v in model.values():
            out += controls(v)
    elif isinstance(model, list):
        for v in model:
            out += controls(v)
    return out


class Watch:
    """Checks every event: the revision moved if and only if the save changed,
    and every engine move moved it."""

    def __init__(self, ses):
        self.ses = ses
        self.real_do = ses.do  # the Session's own (play_watched routes ses.do here)
        self.save = save_of(ses)
        self.revision = ses.revision
        self.tried = set()

    def do(self, act, arg=""):
        ses = self.ses
        moves, kind = ses.moves_played(), ses.screen()[0]
        self.real_do(act, arg)
        self.after(act, kind, ses.moves_played() != moves)

    def after(self, act, kind, moved):
        ses = self.ses
        save = save_of(ses)
        bumped = ses.revision != self.revision
        assert bumped == (save != self.save), (act, kind)
        assert ses.revision in (self.revision, self.revision + 1)
        if moved:
            assert bumped, (act, kind)  # an engine move (the bots' too) is saved
        a = actions.ACTIONS.get(act)
        if a is not None and not a.saves:
            assert not bumped, (act, kind)
            self.tried.add(act)
        if act == actions.CONTINUE and kind == "bot":
            assert not bumped  # a computer's report acknowledged
        self.save, self.revision = save, ses.revision


def play_watched(ses, rng, watch):
    """A whole game by taps; before each step, now and then one control that must
    not change the save (any enabled one of the screen, or LOWER/RAISE/WHY)."""
    ses.do = watch.do  # human_step taps through the watch
    try:
        for _ in range(6000):
            m = screen_model(ses)
            if m["kind"] == "end":
                watch.do(actions.LEAVE)
                watch.do(actions.BACK)
                return
            if m["kind"] == "guess" and m["assistant"] is not None \
                    and actions.USE_EXPERT not in watch.tried:
                watch.do(actions.EXPERT)  # fix18b: the expert's answer, then its move
                ses.finish_searches()
                use = [c for c in controls(screen_model(ses)) if c[0] == actions.USE_EXPERT]
                if use:
                    watch.do(*use[0])
                    continue
            quiet = [c for c in controls(m) if not actions.ACTIONS[c[0]].saves]
            if m["kind"] == "guess":
                quiet += [(actions.LOWER, ""), (actions.RAISE, "")]
            if m["assistant"] is not None:
                quiet.append((actions.WHY, ""))
            if quiet and rng.random() < 0.3:
                kinds = sorted({c[0] for c in quiet})
                untried = [k for k in kinds if k not in watch.tried]
                act = rng.choice(untried or kinds)  # a kind not tried yet first, then each alike
                watch.do(*rng.choice([c for c in quiet if c[0] == act]))
                continue
            human_step(ses, m, rng)
        raise AssertionError("the game did not end")
    finally:
        del ses.do  # the class's method again


GAMES = [
    (Options(2), None, True),
    (Options(3, shortcut=True, introductory=True), None, False),
    (Options(4, **ALL_OPTIONS), None, True),
    (Options(3, shortcut=True, curse=True), ["human", "hard", "easy"], True),
    (Options(4, introductory=True), ["easy", "human", "human", "medium"], False),
]


@pytest.mark.parametrize("options,seats,hints", GAMES)
def test_revision_moves_exactly_when_the_save_changes(options, seats, hints):
    n = options.players
    ses = Session(options, 8, NAMES[:n], seats, hints=hints)
    assert ses.revision == 0
    watch = Watch(ses)
    play_watched(ses, random.Random(n), watch)
    assert ses.is_over() and ses.revision > 0
    assert {actions.UNLOCK, actions.WHEEL, actions.LEAVE, actions.BACK} & watch.tried


def test_every_quiet_action_was_tried_and_left_the_revision():
    """Across the games above, every action declared not to change the save
    (saves=False) of the session's was done somewhere, and never moved it."""
    tried = set()
    for options, seats, hints in GAMES:
        n = options.players
        ses = Session(options, 8, NAMES[:n], seats, hints=hints)
        watch = Watch(ses)
        play_watched(ses, random.Random(n), watch)
        tried |= watch.tried
    quiet = {n for n, a in actions.ACTIONS.items() if a.scope == actions.SESSION and not a.saves}
    assert quiet - tried == set()


def test_a_resume_keeps_the_revision_and_the_lab_bot_moves_it():
    ses = Session(Options(3, shortcut=True), 4, NAMES[:3], ["human", "easy", "hard"])
    rng = random.Random(2)
    for _ in range(30):
        human_step(ses, screen_model(ses), rng)
    back = session_from_save(session_save(ses, "g1", NOW))
    assert back.revision == 0 and save_of(back) == save_of(ses)
    screen_model(back)
    assert back.revision == 0

    lab = LabSession(play_settings(), 42)
    bot = worker(EXAMPLE)
    me = Player("easy", 5)
    watch = Watch(lab)
    answered = 0
    for _ in range(400):
        due = lab.lab_request()
        if due is not None:
            before = lab.revision
            assert lab.lab_answer(due[0], bot(due[1]))
            assert lab.revision == before + 1  # the lab bot's move is saved
            watch.save, watch.revision = save_of(lab), lab.revision
            answered += 1
            continue
        kind = lab.screen()[0]
        if kind in ("bot", "checks"):
            watch.do(actions.CONTINUE)
        elif lab.is_over():
            break
        else:
            apply_action(lab.state, me.act(lab.state, legal_actions(lab.state)))
            lab.run_bots()
            watch.save, watch.revision = save_of(lab), lab.revision
    assert answered > 3
