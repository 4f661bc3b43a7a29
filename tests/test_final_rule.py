"""The final candidates screen says what to do and how it scores next to the
rows (issue 39, a new player's playtest: the rule lay at y≈998, under the
board, and no line said what to do). View models on CPython; the fit at
360x640 in every language is tools/bench_phone.py's ("rule" on the final
screens) and tests/test_browser_help.py's.

R-E1 (0 to 3 candidates per symbol), R-E2 (+5, +2, +1 if right; −2 if not
or none).
"""

import pytest

from lostcode.player.bots import choose_hard, make_rng
from lostcode.rules.engine import apply_action, legal_actions
from lostcode.rules.observation import observe
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import PHASE_FINAL
from lostcode.web import actions
from lostcode.web.game.saving import session_from_state
from lostcode.web.game.views import screen_model
from lostcode.web.shell import i18n


def final_session(players=3, seed=4242, shortcut=False):
    """A pass-and-play game (hard bots played every seat) at its final candidates."""
    s = new_game(Options(players, shortcut=shortcut), seed, ["Ana", "Bo", "Cy", "Di"][:players])
    rng = make_rng(1)
    while s.phase != PHASE_FINAL:
        apply_action(s, choose_hard(observe(s, s.to_act), legal_actions(s), rng))
    ses = session_from_state(s, ["human"] * players)
    ses.do(actions.UNLOCK)  # "I am NAME"
    return ses


@pytest.fixture(scope="module")
def session():
    return final_session()


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_the_rule_and_what_to_do_lead_the_rows_in_the_sheet(session, lang):
    """R-E1/R-E2: one small paragraph right under the heading, in the sheet (not
    under the board), before the six rows and the confirm; its numbers are the
    rule's in every language."""
    i18n.set_language(lang)
    try:
        m = screen_model(session)
    finally:
        i18n.set_language("en")
    assert m["kind"] == "final" and m["private"]
    blocks = m["blocks"]
    rule = blocks[0]
    assert rule["t"] == "p" and rule.get("cls") == "rule" and not rule.get("aside"), rule
    for n in ("0–3", "+5", "+2", "+1", "−2"):
        assert n in rule["text"], (lang, rule["text"])
    rows = [i for i, b in enumerate(blocks) if b.get("cand")]
    assert len(rows) == 6 and rows[0] > 0
    assert blocks[-1]["t"] == "buttons" and blocks[-1]["items"][0]["primary"]
    assert not [b for b in blocks if b.get("aside")]  # nothing about the question under the board
    if lang == "en":
        assert rule["text"].startswith("Tap 0–3 values per symbol. Right: +5")


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_the_shortcut_tokens_candidates_are_small_print_after_the_rule(lang):
    """R-E1 (a symbol whose shortcut token was taken: its candidates stand): the line that
    says so is small print after the rule, on its lines (feel6: in Russian its three
    lines of body text pushed the sheet over Rack A at 360x640), before the rows."""
    ses = final_session(3, 1, shortcut=True)  # seed 1: Bo holds the jaguar token
    i18n.set_language(lang)
    try:
        m = screen_model(ses)
    finally:
        i18n.set_language("en")
    blocks = m["blocks"]
    assert blocks[0].get("cls") == "rule"
    token = blocks[1]
    assert token["t"] == "p" and token.get("cls") == "rule token-note", token
    rows = [i for i, b in enumerate(blocks) if b.get("cand")]
    assert len(rows) == 5 and rows[0] == 2
