"""The rules specification lives in the project: assets/rules/en.html (the
in-app rules reference, in the project's own words, with the rule IDs) is the
single source, docs/rules.md is rendered from it, and every rule ID has a test
that names it. None of these tests skip: they need nothing outside the clone."""

import re
import sys

from helpers import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import build_rules_md  # noqa: E402

# Every rule ID of the game's rules, as listed by the rules source the project
# started from (compared by hand with it on 2026-11-26: all 35 present). The
# spec may gain IDs; it must never lose one of these.
RULE_IDS = (
    "R-S1 R-S2 R-S3 R-S4 R-S5 R-S6 R-S7 "
    "R-R1 R-R1a R-R1b R-R1c R-G1 R-G2 R-G3 R-C1 R-C2 R-P1 R-P2 R-P3 "
    "R-E1 R-E2 R-E3 R-E4 R-V1 R-V2 "
    "R-X2 R-X2a R-X2b R-X2c R-X2d R-X3 R-X3a R-X3b R-X3c R-X3d"
).split()

SPEC_HTML = ROOT / "assets" / "rules" / "en.html"


def spec_rule_ids() -> set:
    html = SPEC_HTML.read_text(encoding="utf-8")
    return set(re.findall(r'<span class="rule-id">(R-[A-Z]\d+[a-z]?)</span>', html))


def test_rules_cover_every_rule_id_of_the_spec():
    missing = sorted(set(RULE_IDS) - spec_rule_ids())
    assert not missing, missing
    assert len(RULE_IDS) == 35


def test_docs_rules_md_is_rendered_from_the_english_reference():
    expected = build_rules_md.render(SPEC_HTML.read_text(encoding="utf-8"))
    actual = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/rules.md is stale: run python3 tools/build_rules_md.py"
    for rule_id in RULE_IDS:
        assert "**" + rule_id + "**" in actual, rule_id


def _test_names() -> list:
    names = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        names += re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    return names


def _untested(rule_ids: set) -> list:
    """The IDs no test names: a test checking a rule carries its ID in its
    name (R-X2a -> ..._R_X2a_...)."""
    names = _test_names()
    out = []
    for rule_id in sorted(rule_ids):
        token = rule_id.replace("-", "_")
        if not any(re.search(r"(^|_)" + token + r"(_|$)", n) for n in names):
            out.append(rule_id)
    return out


def test_every_rule_id_has_a_test_that_names_it():
    assert _untested(spec_rule_ids()) == []


# The second game's rule IDs (issue 43), as listed by the rules source it
# started from (../shared/RULES-STONES.md, compared by hand on 2026-11-28: all
# 21). docs/stones-rules.md is the project's own copy, in its own words.
STONES_RULE_IDS = (
    "S-C1 S-C2 S-C3 S-S1 S-S2 S-S3 S-A1 S-A2 S-A3 S-A3a S-A3b S-A4 S-A5 S-A6 "
    "S-E1 S-E2 S-E3 S-O1 S-O2 S-O3 S-O4"
).split()
STONES_SPEC = ROOT / "docs" / "stones-rules.md"


def stones_rule_ids() -> set:
    return set(re.findall(r"\*\*(S-[A-Z]\d+[a-z]?)\*\*", STONES_SPEC.read_text(encoding="utf-8")))


def test_stones_rules_cover_every_rule_id_of_the_spec():
    assert len(STONES_RULE_IDS) == 21
    assert sorted(set(STONES_RULE_IDS) - stones_rule_ids()) == []


def test_every_stones_rule_id_has_a_test_that_names_it():
    assert _untested(stones_rule_ids()) == []


def test_readme_points_at_the_projects_own_spec():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in readme
    assert "../shared" not in readme
