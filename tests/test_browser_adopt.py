"""Issue 25: a part of the game page drawn again with the same tree is kept,
not built again (assets/boot.js lostcodeAdopt): on most taps the board and
the sheet are unchanged, and rebuilding them was a quarter of the page's
work in a game. What a player changed since it was drawn (a box ticked, a
<details> opened), a moment or a tip's outline, or another tree, is drawn
afresh as before. Checked on the page's own function, in the page."""

import json

import pytest

pytestmark = pytest.mark.browser

TREE = json.dumps([
    ["svg", {"class": "board"}, [["circle", {"r": "2"}, []]]],
    ["input", {"type": "checkbox"}, []],
    ["details", {}, [["summary", {}, "More"]]],
    "text",
])
OTHER = json.dumps([["p", {}, "another tree"]])

# Draws TREE into a fresh box, lets `change` act on it, draws TREE again:
# [drew the first time, drew the second time, the same first child kept].
CHECK = """([tree, change]) => {
  const box = document.createElement("div");
  document.body.append(box);
  const first = window.lostcodeAdopt(box, tree, false);
  const before = box.firstChild;
  if (change === "tick") box.querySelector("input").checked = true;
  if (change === "open") box.querySelector("details").open = true;
  if (change === "moment") box.firstChild.classList.add("moment");
  if (change === "tip") box.firstChild.classList.add("tip-focus");
  if (change === "cleared") box.replaceChildren();
  const again = window.lostcodeAdopt(box, tree, false);
  const kept = box.firstChild === before;
  box.remove();
  return [first, again, kept];
}"""


def test_an_unchanged_tree_is_kept_and_any_change_is_drawn_afresh(page, base_url):
    page.goto(base_url + "/")
    page.wait_for_function("typeof window.lostcodeAdopt === 'function'")
    assert page.evaluate(CHECK, [TREE, ""]) == [True, False, True]
    for change in ("tick", "open", "moment", "tip", "cleared"):
        assert page.evaluate(CHECK, [TREE, change]) == [True, True, False], change
    # Another tree, and drawing after (append), are always drawn.
    assert page.evaluate("""([a, b]) => {
      const box = document.createElement("div");
      window.lostcodeAdopt(box, a, false);
      const other = window.lostcodeAdopt(box, b, false);
      const back = window.lostcodeAdopt(box, a, false);
      const added = window.lostcodeAdopt(box, a, true);
      const after = window.lostcodeAdopt(box, a, false);
      return [other, back, added, after, box.childNodes.length];
    }""", [TREE, OTHER]) == [True, True, True, True, 4]
