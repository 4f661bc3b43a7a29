"""A bot decides the same on every runtime (the class league, issue 26).

The lab runs a bot on MicroPython when its imports allow it; the command line
(`python -m lostcode league`) runs it on CPython. The same league gave other
standings in the page (step3_expected_points mean 37.50) than on the command
line (38.25) because MicroPython's sort is not stable: the lesson's step 3
ranked the values of a stone with `sorted(..., key=lambda v: -chances[v])`,
and with two equal chances the two runtimes wrote different final guesses.
The lesson bots now break ties in their key, and bot code on MicroPython gets
botapi.stable_sorted (CPython's stable order) as `sorted`.
"""

import json
import random

import pytest
from helpers import ROOT, node_runtimes_available, run_in_runtime

from lostcode.player.botapi import stable_sorted

BOTS = ROOT / "docs" / "examples" / "bots"
LESSON = ("step1_first_bot.py", "step2_deduction.py", "step3_expected_points.py")
# A bot that leaves every tie to `sorted`: all its keys are equal, so only a
# stable sort returns the legal moves in their given order (the last one).
TIES = '''
def choose(observation, legal_moves):
    return sorted(legal_moves, key=lambda m: len(m) > 99)[-1]
'''


def test_stable_sorted_is_cpythons_sorted():
    rng = random.Random(5)
    for _ in range(200):
        items = [(rng.randrange(4), rng.random()) for _ in range(rng.randrange(12))]
        for reverse in (False, True):
            assert stable_sorted(items, key=lambda x: x[0], reverse=reverse) == sorted(
                items, key=lambda x: x[0], reverse=reverse)
            assert stable_sorted(items, reverse=reverse) == sorted(items, reverse=reverse)


@pytest.mark.runtimes
@pytest.mark.skipif(not node_runtimes_available(), reason="needs node and `npm ci`")
def test_the_lesson_bots_choose_the_same_on_micropython_and_cpython():
    script = "tests/lesson_bots_portable_script.py"
    sources = [json.dumps((BOTS / name).read_text(encoding="utf-8")) for name in LESSON]
    sources.append(json.dumps(TIES))
    out = run_in_runtime("cpython", script, 2, *sources)
    lines = out.splitlines()
    assert sum(line.startswith("game ") for line in lines) == 2 * 4 * 3
    assert sum('["final"' in line for line in lines) > 50  # the step-3 tie happens at the end
    mp = run_in_runtime("micropython", script, 2, *sources).splitlines()
    first = next((i for i, (c, m) in enumerate(zip(lines, mp, strict=False)) if c != m), None)
    assert first is None and len(mp) == len(lines), (
        f"first different decision: CPython {lines[first] if first is not None else '-'}"
        f" / MicroPython {mp[first] if first is not None else '-'}")
