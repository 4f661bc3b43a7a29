"""dom.Node: a screen drawn as one tree and built by one JavaScript call
(assets/boot.js lostcodeAdopt, issue 25). The drawing code runs unchanged on
a Node as on a page element; these check what it leaves in the tree, on
CPython under the stand-in `pyscript` (tests/fake_pyscript.py), in a
subprocess so no other test sees the stand-in."""

import json
import subprocess
import sys

from helpers import ROOT

SCRIPT = r"""
import json, sys
sys.path.insert(0, 'tests')
import fake_pyscript
fake_pyscript.install()
from lostcode.web.shell import dom

part = dom.Node("div")
dom.render_block({"t": "buttons", "label": "Dice", "items": [
    {"act": "roll", "arg": "", "aria": "", "pressed": None, "primary": True, "symbol": "",
     "text": "Roll <b>", "disabled": True, "note": "why"},
    {"act": "keep", "arg": "1", "aria": "Keep", "pressed": False, "primary": False,
     "symbol": "star", "text": "Keep", "disabled": False}]}, part)
cell = dom.el("td", "", None, None, part)
box = dom.el("input", None, None, {"type": "checkbox"}, part)
box.checked = True
panel = dom.el("details", None, "panel", None, part)
panel.open = False
art = ["svg", {"width": 10}, [["circle", {"r": 2}, []]]]
dom.draw(art, part)
bar = part.last("actionbar")
holder = dom.Node("div")
holder.kids.append(part)
text, parts = dom.kids_json(holder)
again = dom.kids_json(holder)
other = dom.kids_json(dom.Node("div"))
print(json.dumps({"tree": part.tree(), "bar": bar.attrs["class"],
                  "none": part.last("nowhere") is None, "wire": json.loads(text),
                  "parts": [json.loads(line) for line in parts.split("\n")],
                  "again": again == (text, parts), "empty": other == ("[]", ""),
                  "fresh": dom.part_json(list(art))[2] != dom.part_json(art)[2]}))
"""


def run():
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_screen_drawn_as_a_tree_keeps_text_flags_and_svg():
    got = run()
    tag, attrs, kids = got["tree"]
    assert (tag, attrs) == ("div", {})
    group, cell, box, panel, svg = kids
    assert group[0] == "div" and group[1]["class"] == "buttons actionbar"
    assert group[1]["role"] == "group" and group[1]["aria-label"] == "Dice"
    label, roll, keep = group[2]
    assert label == ["p", {"class": "group-label", "aria-hidden": "true"}, ["Dice"]]
    # markup stays text: a string child is a text node (boot.js createTextNode)
    assert roll[1]["disabled"] == "" and roll[1]["class"] == "btn primary"
    # the note is a word of its own (a space before it)
    assert roll[2] == [["span", {}, ["Roll <b>", ["small", {"class": "btn-note"}, [" why"]]]]]
    assert "disabled" not in keep[1] and keep[1]["aria-pressed"] == "false"
    assert keep[1]["class"] == "btn sym-star"
    assert keep[2][0][0] == "svg" and keep[2][0][2][0][1]["href"].endswith("#star")
    assert cell == ["td", {}, []]  # "" is no text node, as textContent = "" (CSS :empty)
    assert box[1] == {"type": "checkbox", "checked": ""}
    assert panel[1] == {"class": "panel"}  # closed: no open attribute
    assert svg == ["svg", {"width": 10}, [["circle", {"r": 2}, []]]]
    assert got["bar"] == "buttons actionbar" and got["none"]


def test_a_drawn_part_goes_to_the_page_as_its_own_text_written_once():
    """Issue 40: kids_json writes each drawn part (an SVG tree) apart, one a
    line, and {"k": its key, "i": its line} in its place, the rest as the
    tree itself; the same part object keeps its key, another gets a new one
    (boot.js lostcodeAdopt skips an element drawn from the same key)."""
    got = run()
    tag, attrs, kids = got["wire"][0]
    assert (tag, attrs) == ("div", {}) and kids[:4] == got["tree"][2][:4]
    assert kids[4]["i"] == 0 and got["parts"] == [got["tree"][2][4]]
    assert got["again"] and got["empty"] and got["fresh"]



SHEET_SCRIPT = r"""
import json, sys
sys.path.insert(0, 'tests')
import fake_pyscript
fake_pyscript.install()
from lostcode.web.edition import page_screen
from lostcode.web.game.helpdock import dock_model
from lostcode.web.game.session import Session
from lostcode.web.shell import dom
from lostcode.web.shell.helpdom import render_help

ses = Session.from_form(3, ["Ana", "Bo", "Cy"], {}, 7)
ses.do("roll")
ses.do("unlock")
m = page_screen(ses)
out = {"private": m["private"]}
for opened in (False, True):
    part = dom.Node("div")
    render_help(m, dock_model(m, None, False), opened, part)
    out[str(opened)] = json.loads(dom.kids_json(part)[0])
for editing in (False, True):  # a phone's Sheet tab (issue 39, sheet7)
    part = dom.Node("div")
    render_help(m, dock_model(m, "sheet", False, editing), True, part)
    out["tab" + str(editing)] = json.loads(dom.kids_json(part)[0])
print(json.dumps(out))
"""


def find(tree, test):
    """Every element of a wire tree (kids_json) that `test` accepts."""
    out = []
    if isinstance(tree, list) and len(tree) == 3 and isinstance(tree[1], dict):
        if test(tree):
            out.append(tree)
        for k in tree[2]:
            out += find(k, test)
    elif isinstance(tree, list):
        for k in tree:
            out += find(k, test)
    return out


def test_the_sheets_cells_are_drawn_only_in_an_open_panel():
    """Issue 40: a private screen's deduction sheet is its summary alone while
    its panel is closed (its 48 cells were ~230 nodes built, written and put
    in on every "I am NAME"); opened, the whole sheet (main.on_sheet_toggle
    draws the game again when a player opens it by its summary)."""
    out = subprocess.run([sys.executable, "-c", SHEET_SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["private"]
    panel = lambda t: t[1].get("id") == "sheet-panel"  # noqa: E731
    cell = lambda t: t[1].get("data-act") == "mark"  # noqa: E731
    closed, opened = find(got["False"], panel), find(got["True"], panel)
    assert len(closed) == len(opened) == 1
    assert [k[0] for k in closed[0][2]] == ["summary"] and "open" not in closed[0][1]
    assert find(got["False"], cell) == []
    assert len(find(got["True"], cell)) == 48 and "open" in opened[0][1]  # 8 values (R-S2) x 6


def test_a_phones_sheet_tab_draws_a_picture_then_buttons():
    """Issue 39 (sheet7): a phone's Sheet tab draws its 8 x 6 grid as a picture
    (no button in it: 15 px buttons took stray taps), each cell's mark and its
    state for a screen reader, beside one "Mark values" button; tapped, the
    same cells as MARK buttons beside "Done"."""
    out = subprocess.run([sys.executable, "-c", SHEET_SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    cell = lambda t: t[1].get("data-act") == "mark"  # noqa: E731
    switch = lambda t: t[1].get("data-act") == "sheet_edit"  # noqa: E731
    grid = lambda t: t[1].get("class") == "sheet-grid picture"  # noqa: E731
    picture, editing = got["tabFalse"], got["tabTrue"]
    [holder] = find(picture, grid)
    buttons = find(holder, lambda t: t[0] == "button")
    assert find(picture, cell) == [] and buttons == find(picture, switch), buttons
    [table] = find(holder, lambda t: t[0] == "table")
    rows = find(table, lambda t: t[0] == "tr")[1:]
    assert len(rows) == 8 and all(len(r[2]) == 7 for r in rows)  # values 0-7 (R-S2), 6 symbols
    first = rows[0][2][1]  # a td: the mark (hidden) and the cell's state in words
    assert first[0] == "td" and first[2][1] == ["span", {"class": "visually-hidden"},
                                                 ["jaguar 0: open"]], first
    assert [s[2] for s in find(picture, switch)] == [["Mark values"]]
    assert len(find(editing, cell)) == 48
    assert [s[2] for s in find(editing, switch)] == [["Done"]]
