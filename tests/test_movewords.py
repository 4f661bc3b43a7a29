"""Issue 38: a move kind's words sit in one row (lostcode/rules/movewords.py).

Every kind of the registry has its row, the marked templates are msgids the
catalogues translate (no translation was lost by moving them), and the words
of every legal move of whole games format with nothing left in braces, in
every language: the expert's reasons and table mode's buttons read the row.
"""

import re

import pytest

from lostcode.player.bots import Player
from lostcode.rules import movewords
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.moves import KINDS
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.web.catalogs import it, pl, ru
from lostcode.web.game.describe import move_words
from lostcode.web.shell import i18n

COLUMNS = ("caption", "phrase", "sentence", "won")


def test_every_kind_of_move_has_its_words():
    assert set(movewords.WORDS) == set(KINDS)


def test_the_marked_templates_are_translated_in_every_catalogue():
    """A template with words (not only a format such as "{die}: {sym}") is a
    msgid each catalogue holds: the same msgids as before the move."""
    for words in movewords.WORDS.values():
        for column in COLUMNS:
            template = getattr(words, column)
            if not re.sub(r"[^A-Za-z]", "", re.sub(r"\{\w+\}", "", template)):
                continue  # only placeholders: a format, not words
            for cat in (ru, it, pl):
                assert cat.MESSAGES.get(template), (cat.LANGUAGE, template)
    assert ru.MESSAGES.get(movewords.WHEEL_HEADING)


def test_malformed_actions_have_no_words():
    for bad in (None, [], "roll", ["nope"], ["guess", "W3"], ["change", "x", "bird"], [7]):
        assert movewords.parts(bad) == (None, {})
    assert movewords.parts(["guess", "W3", 8])[1]["high"] == 10
    assert movewords.when_said("guess") == movewords.AT_CHECK  # R-G3: a bet is secret
    assert movewords.when_said("final") == movewords.AT_END
    assert movewords.when_said("nope") == movewords.AT_ONCE


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_every_legal_move_of_whole_games_is_said(lang):
    i18n.set_language(lang)
    try:
        for players, flags in ((2, {"introductory": True}), (3, {"shortcut": True, "curse": True})):
            s = new_game(Options(players, **flags), 5)
            bots = [Player("easy", 40 + p) for p in range(players)]
            seen = set()
            while not is_over(s):
                legal = legal_actions(s)
                for a in legal:
                    if a[0] in seen and len(legal) > 20:
                        continue
                    words, p = move_words(a)
                    seen.add(a[0])
                    p["sym"] = p.get("sym", "bird")
                    for column in COLUMNS:
                        text = i18n._(getattr(words, column), vp="1 VP", **p)
                        assert "{" not in text, (lang, a, column, text)
                apply_action(s, bots[s.to_act].act(s, legal))
            assert seen >= {"roll", "accept", "guess", "discard", "final"}
    finally:
        i18n.set_language("en")
