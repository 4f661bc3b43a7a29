"""The help in sight on a phone (issue 39): opened, it takes the question
panel's place (help17), from under the board's racks to the bar with the
confirm (style: assets/table.css), the page never scrolls, so every rack and
the confirm stay where they were; the bar's Expert button opens it on the
expert's answer in one tap.

The page part of lostcode/web/game/helpdock.py (pure): gamepage.render calls
render_ask beside the Help button and pin() once the screen is drawn; main
the Sheet tab's switch (set_sheet_edit, after_sheet_edit).
"""

from pyscript import document, window

from .. import actions
from ..shell.app import APP, guarded, keep
from ..shell.dom import by_id, create_proxy, el, py

MIN_HELP = 150  # px: the help's tabs (44) and about five lines under them


def docked(dock):
    """Issue 40: #game's data-help says whether the help is open (on a phone it
    takes the choices' place, table.css). A `#game:has(.help-dock.open) ...`
    rule did it, and made every change under #game (a pressed wheel, an
    enabled Undo) restyle the whole page, ~820 elements a tap at 360x640."""
    want = "true" if dock and dock["open"] else "false"
    game = by_id("game")
    if py(game.getAttribute("data-help")) != want:
        game.setAttribute("data-help", want)
    return dock


def render_ask(dock, box):
    """The bar's Expert and Sheet buttons (a phone's; the wide layout has the dock's
    tabs): each opens its tab in one tap (fix12: the Sheet took two, Help then Sheet)."""
    for key, cls in (("ask", "ask-btn"), ("sheet", "ask-btn sheet-btn")):
        b = dock.get(key)
        if not b:
            continue
        attrs = {"type": "button", "data-act": b["act"], "data-arg": b["arg"], "id": key + "-btn",
                 "aria-controls": "help-dock", "aria-label": b["label"],
                 "aria-pressed": "true" if b["pressed"] else "false"}
        el("button", b["text"], "btn " + cls, attrs, box)


def set_sheet_edit(arg):
    """A phone's Sheet tab: "Mark values" (arg "1": its cells as buttons) or
    "Done" ("": the picture again, as every tab opened: main.help_dock)."""
    APP.game.sheet_edit = arg == "1"


def after_sheet_edit():
    """The focus on the switch drawn again in the same place ("Done" after
    "Mark values" and back), the page unmoved: the help is fixed under the racks;
    the help at its top, where the grid is (the buttons' grid was scrolled down)."""
    switch = document.querySelector("#help-dock .sheet-switch")
    if switch is not None:
        window.lostcodeFocusStill(switch)
        by_id("help-dock").scrollTop = 0


def ask_soon(dock):
    """desk12: the help's expert asked as its screen opens (helpdock.ask_now),
    in a task of its own after the drawing, as a tap on "Ask the expert"."""
    if not dock or not dock.get("ask_now"):
        return
    if APP.game.ask_proxy is None:
        APP.game.ask_proxy = keep(create_proxy(guarded(ask_due)))
    window.setTimeout(APP.game.ask_proxy, 0)


def ask_due(*_a):
    """The expert not asked yet on the screen now drawn: asked."""
    ask = py(document.querySelector("#help-dock [data-act='" + actions.EXPERT + "']"))
    if ask is not None and APP.game.dispatch is not None:
        APP.game.dispatch(actions.EXPERT, "")


def pin(dock=None):
    """The open help between the board's last rack and the bar (--racks-b and
    --sheet-h on #game; help17, an eleventh playtest: fixed a third of the screen
    over the board's foot it hid Player 3's rack and Rack A, the evidence it
    talks about, and its 492 px scrolled in a 207 px window). The question
    panel keeps only its bar while the help is open (table.css), so the help
    has what lies under the racks. Only while the help is open (nothing else
    reads them): on every other tap the sheet's box was read (a forced layout)
    and a custom property of #game set, which every element of the game
    inherits (6 s of style in 156 taps' follow-ups at 4x, issue 40). `dock`
    (the model just drawn): its expert asked if due (ask_soon)."""
    ask_soon(dock)
    dock = py(document.querySelector(".help-dock.open"))
    game = by_id("game")
    sheet = document.querySelector("#screen > .bottom-sheet")
    if dock is None or game is None or sheet is None:
        return
    h = sheet.getBoundingClientRect().height
    if not isinstance(h, (int, float)):
        return  # no layout (tests/fake_pyscript.py)
    if str(window.getComputedStyle(dock).position) != "fixed":
        return  # a wide screen's help lies in the screen's column
    window.scrollTo(0, 0)  # a redraw under the open help leaves the board's top in sight
    racks = 0.0
    for r in document.querySelectorAll("#game svg.rack"):
        b = r.getBoundingClientRect()
        if float(b.height) > 0:
            racks = max(racks, float(b.bottom))
    # the help keeps room for its tabs and a few lines (MIN_HELP) if racks ever ran low
    room = float(window.innerHeight) - h
    top = min(racks + 4, room - MIN_HELP) if racks else room - MIN_HELP
    for name, px in (("--sheet-h", h), ("--racks-b", top), ("--help-h", room - top)):
        v = str(int(px + 0.5)) + "px"
        if str(game.style.getPropertyValue(name)) != v:
            game.style.setProperty(name, v)


def into_view():
    """bar9: a tab opened on a wide screen (the help in the screen's column,
    under the choice) scrolls the page just enough for the help's foot, or as
    much of it as fits under its top, to be in sight (at 1280x800 the final
    candidates' grid fills the column's first 600 px)."""
    dock = py(document.querySelector(".help-dock.open"))
    if dock is None or str(window.getComputedStyle(dock).position) == "fixed":
        return
    if str(window.getComputedStyle(dock.parentNode).position) == "absolute":
        return  # beside the track (desk10/desk11): within the board, never scrolled to
    r = dock.getBoundingClientRect()
    over = float(r.bottom) - float(window.innerHeight) + 8
    h = by_id("screen-h")
    if over > 0 and h is not None:
        # never past the question's heading: the choice stays in sight above the help
        top = float(h.getBoundingClientRect().top) - 8
        window.scrollBy(0, max(0.0, min(over, float(r.top) - 8, top)))
