"""The live region's announcements (lostcode/web/shell/a11y.py, issue 6): public news only."""

import random
import re

from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.web.game.describe import entry_sentence
from lostcode.web.shell import i18n
from lostcode.web.shell.a11y import Announcer, normalize_text_size

SYM = "(?:jaguar|bird|bear|chameleon|snake|human)"
NAME = "(?:Ann|Ben|Cyd)"
SENTENCE = re.compile(
    rf"Round \d+: {NAME} rolled {SYM}, {SYM}, {SYM}\."
    rf"|{NAME} kept the dice: {SYM}, {SYM}, {SYM}\."
    rf"|{NAME} turned die [123] from {SYM} to {SYM}: {SYM}, {SYM}, {SYM}\."
    rf"|{NAME} turned die [123] from bear to {SYM}\."
    rf"|{NAME} was right with W\d+ \(\d+–\d+\)\."
    rf"|{NAME} was wrong with W\d+ \(\d+–\d+\): the sum is (?:lower|higher)\."
    rf"|{NAME} was wrong with W1 \(\d+–\d+\); the narrowest wheel gets no hint\."
    rf"|{NAME} discarded their {SYM} stone \((\d)\) and drew a new one\."
)


def test_announcements_hold_no_secret():
    """Over whole random games: every announcement is made of the sentences
    above; the only number that is a stone value is a discarded one (public)."""
    i18n.set_language("en")
    for seed in range(6):
        opts = Options(3, seed % 2 == 0, seed % 3 == 0, True, True)
        s = new_game(opts, seed, ["Ann", "Ben", "Cyd"])
        rng = random.Random(seed)
        a = Announcer(entry_sentence)
        a.reset(s.log)
        said = 0
        while not is_over(s):
            apply_action(s, rng.choice(legal_actions(s)))
            before = len(s.log)
            text = a.update(s.log, s.names, private=rng.random() < 0.3)
            if text is None:
                continue
            said += 1
            assert a.seen == before
            rest = text
            while rest:
                m = SENTENCE.match(rest)
                assert m, rest
                if m.group(1) is not None:  # a discard: its value is in the public log
                    assert any(e["t"] == "discard" and e["value"] == int(m.group(1))
                               for e in s.log), text
                rest = rest[m.end():].lstrip()
        assert said > 10


def test_private_screens_wait_for_the_next_public_one():
    s = new_game(Options(2), 3, ["Ann", "Ben"])
    a = Announcer(entry_sentence)
    a.reset(s.log)
    apply_action(s, ("roll",))
    assert a.update(s.log, s.names, private=True) is None
    text = a.update(s.log, s.names, private=False)
    assert text.startswith("Round 1: Ann rolled ") or text.startswith("Round 1: Ben rolled ")
    assert a.update(s.log, s.names, private=False) is None  # nothing new: nothing said again
    assert entry_sentence({"t": "round_end", "round": 1}, s.names) == ""


def test_text_size_values():
    assert normalize_text_size("LARGE") == "large"
    assert normalize_text_size("huge") == "normal"
    assert normalize_text_size(None) == "normal"


def test_a_language_switch_retells_the_news_at_once():
    """Issue 24: after a switch mid-game the live region speaks the new language
    on the next render, not only after the next event."""
    s = new_game(Options(2), 3, ["Ann", "Ben"])
    a = Announcer(entry_sentence)
    i18n.set_language("en")
    try:
        a.reset(s.log)
        apply_action(s, ("roll",))
        text = a.update(s.log, s.names, private=False)
        assert text.startswith("Round 1: ")
        assert a.update(s.log, s.names, private=False) is None
        i18n.set_language("ru")
        again = a.update(s.log, s.names, private=False)
        assert again and again.startswith("Раунд 1: ") and again != text
        assert a.update(s.log, s.names, private=False) is None  # said once
        i18n.set_language("it")
        assert a.update(s.log, s.names, private=True).startswith("Round 1: ")  # it: "Round"
        assert a.text != again
    finally:
        i18n.set_language("en")
