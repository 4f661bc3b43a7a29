"""Issue 11 in the browser, on the default runtime (MicroPython): "Watch the
game" steps through an imported record by move and by round, forward and
back, and every step shows what the engine's replay of the record to that
point shows (lostcode/web/game/viewer.py computes the same on CPython here); the
end screen has its score chart and no raw record; both fit a 360 px screen.
Issue 22: a finished game's replay shows every rack at every step, and "as
NAME saw it" hides exactly NAME's own stones (none of their values in the DOM).
"""

import json
import re
import time

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

from lostcode.player.bots import Player
from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.services.record import replay, to_record
from lostcode.web.game.viewer import (
    GO_END,
    GO_NEXT,
    GO_NEXT_ROUND,
    GO_PREV,
    GO_PREV_ROUND,
    GO_START,
    Replay,
    step_text,
    watch_model,
)

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cleo"]
SEATS = ["human", "easy", "human"]
WORDS = {
    GO_NEXT: "Next move",
    GO_PREV: "Previous move",
    GO_NEXT_ROUND: "Next round",
    GO_PREV_ROUND: "Previous round",
    GO_START: "Start",
    GO_END: "End",
}
KEYS = {GO_NEXT: "ArrowRight", GO_PREV: "ArrowLeft", GO_NEXT_ROUND: "PageDown"}

SHOWN_JS = """() => {
  const label = e => e.getAttribute("aria-label");
  const line = document.querySelector("#screen .step-line");
  return {
    step: document.getElementById("game").dataset.step,
    // a check step's words (a phone shows its marks in their place: desk10)
    line: line ? (line.querySelector(".step-words") || line).textContent : null,
    dice: label(document.querySelector("#screen svg.dice")),
    track: [...document.querySelectorAll("#table svg.track [role=img]")].map(label),
    // beside the question, or on the board (a wide screen)
    racks: [...document.querySelectorAll("#game svg.rack")]
      .map(r => [label(r), ...[...r.querySelectorAll(".stones [aria-label]")].map(label)]),
  };
}"""


def record():
    s = new_game(Options(3, shortcut=True, curse=True), 77, NAMES)
    bots = [Player("easy", 77 + p) for p in range(3)]
    while not is_over(s):
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    return to_record(s, SEATS)


def labels(tree, role="img"):
    out = []
    for kid in tree[2] if isinstance(tree[2], list) else []:
        if kid[1].get("role") == role:
            out.append(kid[1]["aria-label"])
    return out


def expected(rec, k, view=None):
    """What the page must show at step k: the engine's replay of k actions, drawn on CPython."""
    r = Replay(rec, view=view)
    r.go(k)
    board = watch_model(r)["board"]
    racks = []
    for tree in board["racks"]:
        stones = [kid for kid in tree[2] if kid[1].get("class") == "stones"][0]
        racks.append([tree[1]["aria-label"]] + labels(stones))
    # The replay's state is the engine's: the same scores as record.replay to k.
    assert r.state.scores == replay(rec, k).scores
    return {
        "step": str(k),
        "line": step_text(r, NAMES)[0],
        "dice": board["dice"][1]["aria-label"],
        "track": labels(board["track"]),
        "racks": racks,
    }


def open_import(page, rec):
    page.goto("/")
    wait_engine_ready(page)
    assert page.evaluate("document.documentElement.dataset.runtime") == "micropython"
    page.get_by_label("Import a game record").set_input_files(
        files=[
            {
                "name": "game.json",
                "mimeType": "application/json",
                "buffer": json.dumps(rec).encode(),
            }
        ]
    )
    page.get_by_role("button", name="Watch the game").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "watch")


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_replay_stepped_by_move_and_round_matches_the_engine(page):
    page.set_viewport_size({"width": 360, "height": 640})
    rec = record()
    n = len(rec["actions"])
    open_import(page, rec)
    assert page.evaluate(SHOWN_JS) == expected(rec, 0)
    no_sideways_scroll(page)
    model = Replay(rec)  # the same presses on CPython say where each one lands
    script = [GO_NEXT, GO_NEXT, GO_NEXT_ROUND, GO_NEXT_ROUND, GO_NEXT, GO_PREV, GO_PREV]
    script += [GO_PREV_ROUND, GO_NEXT_ROUND, GO_END, GO_PREV, GO_PREV_ROUND, GO_PREV_ROUND]
    script += [GO_START, "key:" + GO_NEXT, "key:" + GO_NEXT, "key:" + GO_NEXT_ROUND]
    script += ["key:" + GO_PREV]
    times = []
    for act in script:
        if act.startswith("key:"):
            act = act[4:]
            page.get_by_role("button", name="Next move").focus()
            t = time.perf_counter()
            page.keyboard.press(KEYS[act])
        else:
            t = time.perf_counter()
            page.get_by_role("button", name=WORDS[act], exact=True).click()
        model.do(act)
        expect(page.locator("#game")).to_have_attribute("data-step", str(model.step))
        times.append(time.perf_counter() - t)
        shown = page.evaluate(SHOWN_JS)
        assert shown == expected(rec, model.step), (act, model.step)
        # Issue 22: the game is over, so its replay shows every rack at every step.
        for rack in shown["racks"]:
            assert not any(s.endswith(": hidden") for s in rack[1:]), rack
    times.sort()
    print(
        f"replay step on MicroPython, click to drawn ({len(times)} steps of {n} moves): "
        f"median {times[len(times) // 2] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
    )
    # The end of the replay: every rack face up (R-E), then back to the result.
    page.get_by_role("button", name="End", exact=True).click()
    expect(page.locator("#game")).to_have_attribute("data-step", str(n))
    for rack in page.evaluate(SHOWN_JS)["racks"]:
        assert not any(s.endswith(": hidden") for s in rack[1:]), rack
    expect(page.get_by_role("button", name="Everyone's stones")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.get_by_role("button", name="Back to the result").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "end")


def test_play_shows_the_moves_by_itself_at_the_chosen_speed_and_pause_stops(page):
    """Issue 39, replay like a recording: Play steps through the moves on its
    own (a move every 1.6 s / speed), the strip's scores with them; Pause holds
    the step; a step by hand pauses too."""
    page.set_viewport_size({"width": 360, "height": 640})
    rec = record()
    open_import(page, rec)
    step = page.locator("#game")
    page.get_by_role("button", name="Speed 4×").click()
    expect(page.get_by_role("button", name="Speed 4×")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Play the moves").click()
    page.wait_for_function("Number(document.querySelector('#game').dataset.step) >= 3",
                           timeout=15_000)
    page.get_by_role("button", name="Pause").click()
    held = step.get_attribute("data-step")
    page.wait_for_timeout(1_200)  # three paces at 4x: nothing moves while paused
    expect(step).to_have_attribute("data-step", held)
    page.get_by_role("button", name="Play the moves").click()
    expect(step).not_to_have_attribute("data-step", held, timeout=15_000)
    page.get_by_role("button", name="Previous move").click()  # by hand: paused
    expect(page.get_by_role("button", name="Play the moves")).to_be_visible()
    held = step.get_attribute("data-step")
    page.wait_for_timeout(1_200)
    expect(step).to_have_attribute("data-step", held)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


RACK_VALUES_JS = """() => [...document.querySelectorAll("#game svg.rack")].map(r => [
  r.getAttribute("aria-label"),
  [...r.querySelectorAll(".stones [aria-label]")].map(s => s.getAttribute("aria-label")),
  r.querySelector(".stones").textContent,
])"""


def test_as_name_saw_it_hides_exactly_names_own_stones_in_the_dom(page):
    """Issue 22, R-S7: "As Ann saw it" draws each step from the engine's
    observation for Ann: no stone of Ann's rack carries a value anywhere in
    the page (labels or text) before the last step (the game over: every rack
    open, fix15), every other rack's does; the view is kept while
    stepping, and "Everyone's stones" opens every rack again."""
    page.set_viewport_size({"width": 360, "height": 640})
    rec = record()
    n = len(rec["actions"])
    open_import(page, rec)
    model = Replay(rec, view=0)
    for p, name in enumerate(NAMES):
        page.get_by_role("button", name=f"As {name} saw it").click()
        expect(page.get_by_role("button", name=f"As {name} saw it")).to_have_attribute(
            "aria-pressed", "true"
        )
        model.set_view(str(p))
        if p == 0:
            script = [GO_NEXT, GO_NEXT_ROUND, GO_NEXT_ROUND, GO_NEXT, GO_END, GO_PREV, GO_START]
        else:  # on from where the last viewpoint stopped
            script = [GO_NEXT_ROUND, GO_END] if model.step < n else [GO_PREV_ROUND, GO_PREV]
        for act in script:
            page.get_by_role("button", name=WORDS[act], exact=True).click()
            model.do(act)
            expect(page.locator("#game")).to_have_attribute("data-step", str(model.step))
            assert page.evaluate(SHOWN_JS) == expected(rec, model.step, p), (name, act)
            for label, stones, words in page.evaluate(RACK_VALUES_JS)[:4]:
                if label == f"Rack of {name}" and model.step < n:  # fix15: at the end all open
                    assert stones and all(s.endswith(": hidden") for s in stones), (label, stones)
                    assert not re.search(r"\d", words), words  # nor as drawn text
                else:
                    assert not any(s.endswith(": hidden") for s in stones), (label, stones)
    page.get_by_role("button", name="Everyone's stones").click()
    expect(page.get_by_role("button", name="Everyone's stones")).to_have_attribute(
        "aria-pressed", "true"
    )
    for label, stones, _words in page.evaluate(RACK_VALUES_JS):
        assert not any(s.endswith(": hidden") for s in stones), (label, stones)
    no_sideways_scroll(page)


def test_end_screen_chart_tables_fit_a_phone_and_the_record_is_only_a_download(page):
    page.set_viewport_size({"width": 360, "height": 640})
    rec = record()
    s = replay(rec)
    open_import(page, rec)
    page.get_by_role("button", name="Back to the result").click()
    expect(page.locator("#game")).to_have_attribute("data-screen", "end")
    chart = page.get_by_role("img", name="Score over the rounds")
    expect(chart).to_be_visible()
    for p, name in enumerate(NAMES):
        expect(chart).to_have_accessible_description(
            re.compile(name + r": [-\d, ]+ after rounds 1 to \d+; final score " + str(s.scores[p]))
        )
    for name in NAMES:
        table = page.get_by_role("table", name="Score of " + name)
        expect(table).to_be_visible()
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    no_sideways_scroll(page)
    expect(page.get_by_role("button", name="Show game record")).to_have_count(0)
    expect(page.locator("#game textarea")).to_have_count(0)
    with page.expect_download() as info:
        page.get_by_role("button", name="Download game record").click()
    with open(info.value.path(), encoding="utf-8") as f:
        assert json.load(f)["actions"] == rec["actions"]
    # "Watch the game" on the end screen starts the replay at its first move.
    page.get_by_role("button", name="Watch the game").click()
    expect(page.locator("#game")).to_have_attribute("data-step", "0")
    no_sideways_scroll(page)
    # Russian has the longest words ("Финальные предположения"): still no sideways scroll.
    page.goto("/?lang=ru")
    wait_engine_ready(page)
    page.locator("#import-file").set_input_files(
        files=[
            {"name": "g.json", "mimeType": "application/json", "buffer": json.dumps(rec).encode()}
        ]
    )
    page.get_by_role("button", name="Посмотреть партию").click()
    expect(page.get_by_role("button", name="Следующий ход")).to_be_visible()
    no_sideways_scroll(page)
    page.get_by_role("button", name="Назад к результату").click()
    expect(page.get_by_role("img", name="Счёт по раундам")).to_be_visible()
    no_sideways_scroll(page)


def test_an_unfinished_imported_game_can_be_watched_and_then_continued(page):
    """R-S7: without an end, the humans' own stones stay face down at every step."""
    full = record()
    rec = dict(full, actions=full["actions"][:30])
    open_import(page, rec)
    expect(page.locator("#game")).to_have_attribute("data-step", "0")
    page.get_by_role("button", name="End", exact=True).click()
    expect(page.locator("#game")).to_have_attribute("data-step", "30")
    shown = page.evaluate(SHOWN_JS)
    assert shown == expected(rec, 30)
    for rack in shown["racks"]:
        hidden = all(s.endswith(": hidden") for s in rack[1:])
        assert hidden == (rack[0] in ("Rack of Ann", "Rack of Cleo")), rack
    # Not over: no "as NAME saw it" switch, and the viewer says why the stones are hidden.
    expect(page.get_by_role("button", name=re.compile("saw it|Everyone"))).to_have_count(0)
    expect(page.locator("#screen")).to_contain_text("This game is not over")
    page.get_by_role("button", name="Back to the saved games").click()
    saves = page.get_by_role("region", name="Saved games")
    expect(saves.get_by_role("status").filter(has_text="Imported a game of")).to_be_visible()
    saves.get_by_role("button", name="Continue playing").click()
    expect(page.locator("#game")).not_to_have_attribute("data-screen", "watch")
    expect(page.locator("#game")).not_to_have_attribute("data-step", re.compile("."))
