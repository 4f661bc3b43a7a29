"""One vocabulary for moves and events (issue 15): the core says what happened
or what is wrong as ids with parameters, the page says it in words; view
models read observations only."""

import random
import re
from pathlib import Path

from lostcode.rules.engine import legal_actions
from lostcode.rules.errors import IllegalAction
from lostcode.rules.observation import observe
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.services.settings import parse, read
from lostcode.web.game.describe import reason, say
from lostcode.web.game.page import read_url
from lostcode.web.game.session import Session
from lostcode.web.game.views import screen_model
from lostcode.web.shell import i18n

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "lostcode" / "web"
# The only web modules that hold the engine's State: the replay viewer holds the
# state of the step on screen (its screen too is built from observations);
# labseat.py the Session of "Play against my bot" (issue 14); drafts.py the part
# of Session that keeps the drafts (Session inherits its methods).
# seatsession.py a table-mode phone's session (issue 41): its `state` is that
# seat's observation (Seen), never the engine's.
GLUE = ("session.py", "drafts.py", "saving.py", "persist.py", "viewer.py", "labseat.py",
        "seatsession.py")
# The second game's screens read its own session's state (stones.session keeps
# the hands apart; issue 43): not the Lost Code's engine state.
OTHER_GAME = ("stonesgame",)


def test_only_the_session_and_save_glue_touch_engine_state():
    offenders = []
    for path in sorted(p for p in WEB.rglob("*.py") if "catalogs" not in p.parts):
        if path.name in GLUE or set(path.parts) & set(OTHER_GAME):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.state\b|\bState\b", line):
                offenders.append(f"{path.name}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_no_english_prefix_matching_in_the_page():
    page = (WEB / "game" / "page.py").read_text(encoding="utf-8")
    assert "translate_note" not in page and "startswith(" not in page


def test_views_do_not_repeat_the_R_G3_check():
    views = (WEB / "game" / "views.py").read_text(encoding="utf-8")
    # legality comes from obs["legal"]; wheel_range only computes a range's high end
    for rule_check in ("high > ", "> ring_max", "low < 0", "] - 1"):
        assert rule_check not in views, rule_check


def russian_session():
    i18n.set_language("ru")
    return Session(Options(2), 3, ["Аня", "Борис"])


def cyrillic_only(text):
    """No English words: every run of three or more Latin letters is an error."""
    return not re.search(r"[A-Za-z]{3,}", text)


def test_russian_page_shows_no_english_reason_after_an_illegal_move():
    try:
        ses = russian_session()
        ses.do("roll")
        ses.do("unlock")  # the roller's private screen (issue 22)
        assert ses.screen()[0] == "change" and not ses.error
        face = ses.state.dice[0]
        ses.do("change", "0:" + face)  # R-R1c: the die already shows that face
        assert ses.error and cyrillic_only(ses.error), ses.error
        assert "R-" not in ses.error
        ses.do("roll")  # not a button of this screen
        assert ses.error and cyrillic_only(ses.error), ses.error
        m = screen_model(ses)
        assert m["error"] == ses.error
    finally:
        i18n.set_language("en")


def test_every_core_reason_is_translated():
    s = new_game(Options(2), 3)
    try:
        s.names = ["Аня", "Борис"]
        for action in (("guess", "W7", 17), ("pass",), ("final", "x", ()), ("roll", 2)):
            try:
                from lostcode.rules.engine import apply_action

                apply_action(s, action)
            except IllegalAction as e:
                i18n.set_language("en")
                english = reason(e)
                assert english == e.text
                for lang in ("ru", "it", "pl"):
                    i18n.set_language(lang)
                    assert reason(e) != english, (lang, english)
    finally:
        i18n.set_language("en")


def test_settings_notes_are_ids_and_the_page_words_them():
    settings, notes = read("?players=9&lang=de&seats=robot&utm=1")
    assert all(isinstance(n, tuple) and isinstance(n[1], dict) for n in notes)
    assert [say(*n) for n in notes] == parse("?players=9&lang=de&seats=robot&utm=1")[1]
    i18n.set_language("ru")
    try:
        shown = read_url("?players=9&lang=de")[1]
        assert all(cyrillic_only(n.replace("players", "").replace("lang", "")) for n in shown)
    finally:
        i18n.set_language("en")


def test_the_observation_lists_the_viewers_legal_moves_and_a_prompt():
    s = new_game(Options(3), 5)
    rng = random.Random(1)
    from lostcode.rules.engine import apply_action

    for _ in range(60):
        for viewer in (None, 0, 1, 2):
            obs = observe(s, viewer)
            if viewer is None or viewer == s.to_act:
                assert obs["legal"] == legal_actions(s)
            else:
                assert obs["legal"] == []
            assert obs["prompt"]["phase"] == s.phase and obs["prompt"]["actor"] == s.to_act
            assert obs["move_number"] == len(s.actions)
        apply_action(s, rng.choice(legal_actions(s)))
