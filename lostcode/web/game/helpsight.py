"""The help in sight on a phone (issue 39): opened, it takes the choices' place
just above the bottom sheet, a third of the screen at most (style:
assets/table.css), the page never scrolls, so the racks, the question and the
confirm stay where they were; the bar's
Expert button opens it on the expert's answer in one tap.

The page part of lostcode/web/game/helpdock.py (pure): gamepage.render calls
render_ask beside the Help button and pin() once the screen is drawn.
"""

from pyscript import document, window

from ..shell.dom import by_id, el, py


def render_ask(b, box):
    """The bar's Expert button (a phone's; the wide layout has the dock's tab)."""
    if not b:
        return
    attrs = {"type": "button", "data-act": b["act"], "data-arg": b["arg"], "id": "ask-btn",
             "aria-controls": "help-dock", "aria-label": b["label"],
             "aria-pressed": "true" if b["pressed"] else "false"}
    el("button", b["text"], "btn ask-btn", attrs, box)


def pin():
    """The open help's foot at the bottom sheet's top (--sheet-h on #game)."""
    game = by_id("game")
    sheet = document.querySelector("#screen > .bottom-sheet")
    if game is None or sheet is None:
        return
    h = sheet.getBoundingClientRect().height
    if not isinstance(h, (int, float)):
        return  # no layout (tests/fake_pyscript.py)
    h = int(h + 0.5)
    game.style.setProperty("--sheet-h", str(h) + "px")
    dock = py(document.querySelector(".help-dock.open"))
    if dock is not None and str(window.getComputedStyle(dock).position) == "fixed":
        window.scrollTo(0, 0)  # a redraw under the open help leaves the board's top in sight
