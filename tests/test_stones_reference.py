"""The in-game rules reference of «Тайные камни» (issue 43):
assets/rules/stones/<lang>.html, one fragment per language, parallel to the
English one (same headings, rule IDs, table rows) and naming every rule ID of
docs/stones-rules.md; the player aid's table is the engine's tiles."""

from helpers import ROOT
from test_i18n import LANGS, _Outline
from test_rules_spec import stones_rule_ids

from lostcode.stones.vocab import TILES

STONES_RULES = ROOT / "assets" / "rules" / "stones"


def stones_outline(lang):
    """The headings, rule IDs and tables of one language's fragment."""
    parsed = _Outline()
    html = (STONES_RULES / (lang + ".html")).read_text(encoding="utf-8")
    parsed.feed(html)
    return parsed


def test_stones_reference_is_parallel_in_every_language():
    en = stones_outline("en")
    assert en.lang == "en" and set(en.rule_ids) == stones_rule_ids()
    for lang in list(LANGS) + ["en"]:
        o = stones_outline(lang)
        assert o.lang == lang
        assert (o.headings, o.rule_ids, o.tables, o.row_heads) == (
            en.headings, en.rule_ids, en.tables, en.row_heads), lang  # fmt: skip


def test_stones_player_aid_lists_the_tiles():
    kinds = {}
    for front, _back in TILES:
        kinds[front] = kinds.get(front, 0) + 1
    assert stones_outline("en").row_heads == [str(kinds[f]) for f in ("S", "F", "H", "E")]
