"""The move registry is complete (issue 15): every kind of move has a screen,
words for the events it causes, a policy in every bot and a rule test; and the
engine checks a whole move before it changes anything (R-0)."""

import random
import re
from pathlib import Path

import pytest

from lostcode.player import bots
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.errors import IllegalAction
from lostcode.rules.messages import MESSAGES, NOTES, english
from lostcode.rules.moves import KINDS, MOVES, PHASE_MOVES, PHASE_RULE, WAITING, schema_ok
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import EVENTS, PHASE_END, PHASES
from lostcode.web.game.describe import describe
from lostcode.web.game.views import SCREENS
from lostcode.web.shell import i18n

ROOT = Path(__file__).resolve().parent.parent
RULE_TESTS = (ROOT / "tests" / "test_rules.py").read_text(encoding="utf-8")


def random_games():
    """(kind, events it caused) for every move of a few random games with every option."""
    out = []
    for seed in range(8):
        opts = Options(2 + seed % 3, seed % 2 == 0, seed % 4 == 1, True, True)
        s = new_game(opts, seed, ["Ann", "Ben", "Cyd", "Dee"][: opts.players])
        rng = random.Random(seed)
        while not is_over(s):
            action = rng.choice(legal_actions(s))
            before = len(s.log)
            apply_action(s, action)
            out.append((action[0], s.log[before:], list(s.names)))
    return out


GAMES = random_games()


@pytest.mark.parametrize("kind", KINDS)
def test_every_move_has_a_screen_words_a_bot_policy_and_a_rule_test(kind):
    move = MOVES[kind]
    assert move.phase in PHASES and move.phase != PHASE_END
    assert kind in PHASE_MOVES[move.phase]
    # a screen for its phase (the page's screen registry is keyed by phase)
    assert move.phase in SCREENS, kind
    # a policy in every bot level (tables keyed by phase)
    easy, medium, hard = bots.POLICIES[move.phase]
    assert callable(easy) and callable(medium) and callable(hard), kind
    # a rule test that names its rule ID and plays the move
    assert "R_" + move.rule[2:].replace("-", "_") in RULE_TESTS or move.rule in RULE_TESTS
    assert '"' + kind + '"' in RULE_TESTS, kind
    # words for the events it caused, in every language (never the raw event id)
    played = [(events, names) for k, events, names in GAMES if k == kind]
    assert played, kind + " never played in the sample games"
    for lang in ("en", "ru", "it", "pl"):
        i18n.set_language(lang)
        for events, names in played[:40]:
            for e in events:
                text = describe(e, names)
                assert text and text != e["t"], (lang, e)
    i18n.set_language("en")


def test_every_event_id_is_described():
    seen = {e["t"] for _k, events, _n in GAMES for e in events}
    # "curse_passed" and "replace_skipped" need rare positions; the rest occur
    assert seen <= set(EVENTS)
    assert len(seen) >= len(EVENTS) - 3, set(EVENTS) - seen


def test_every_phase_has_a_rule_and_a_prompt():
    for phase in PHASES:
        if phase == PHASE_END:
            continue
        assert phase in PHASE_RULE and WAITING[phase] in MESSAGES
        assert PHASE_MOVES[phase], phase


def test_R_0_every_template_names_its_parameters():
    for msg, text in list(MESSAGES.items()) + list(NOTES.items()):
        for key in re.findall(r"{(\w+)}", text):
            assert key.isidentifier(), (msg, key)
        english(msg, {k: "x" for k in re.findall(r"{(\w+)}", text)})


def test_R_0_schema_guards_apply():
    """A value a move's own check lets through still has to fit its schema."""
    s = new_game(Options(2), 1)
    assert schema_ok(MOVES["roll"], ("roll",))
    assert not schema_ok(MOVES["guess"], ("guess", "W5", True))
    assert not schema_ok(MOVES["final"], ("final", "jaguar", (1, "2")))
    with pytest.raises(IllegalAction) as e:
        apply_action(s, ("roll", 1))
    assert e.value.rule == "R-R1" and e.value.msg == "roll_first"
    assert s.actions == []
