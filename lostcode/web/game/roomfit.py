"""A phone's panel as tall as its words, the racks left in view (text17).

An eleventh playtest (021, 065-072) found words cut with no sign of more: a
computer's report stopped at "about as many points as" under Skip, in a panel
capped at the viewport less ~115 vw of board (176 px at 360x640) while the
track's empty rows above it were free; the replay's caption was held to two
lines. On the screens whose news is the board's racks (a roll, a computer's
moves, the replay) the panel may now grow up to the racks' foot: covering the
track there is fine, the racks are the evidence. The racks' foot is measured
after the drawing (it moves with the players' number and the discards' rows)
and set on the panel itself (--racks-foot), never on #game, so no other
element's style is made again (issue 40). What still does not fit scrolls
inside, with a line in the text's colour saying more is below (fix16a's shadow
alone went unseen)."""

from pyscript import document, window

from ..shell.dom import Node, el, media_matches, py
from ..shell.i18n import _

# the screens whose panel may grow up to the racks (table.css, text17)
ROOMY = ("roll", "bot", "watch", "guess")  # guess: with larger text only (fix18a)
PHONE = "(max-width: 899px)"
GAP = 4  # px between the racks' foot and the panel's top


def fit(kind):
    """The panel's room (--racks-foot) measured on a phone's roomy screen, and
    its "more below" line shown only while its words do not fit."""
    if kind not in ROOMY:
        return
    sheet = py(document.querySelector("#screen > .bottom-sheet"))
    if sheet is None or not media_matches(PHONE):
        return
    foot = 0.0
    for rack in document.querySelectorAll("#game svg.rack"):
        b = rack.getBoundingClientRect().bottom
        if not isinstance(b, (int, float)):
            return  # no layout (tests/fake_pyscript.py)
        foot = max(foot, float(b))
    if foot <= 0:
        return
    y = window.scrollY
    foot += float(y) if isinstance(y, (int, float)) else 0.0
    sheet.style.setProperty("--racks-foot", str(int(foot + GAP + 0.5)) + "px")
    more = py(sheet.querySelector(":scope > .more-below"))
    if more is not None:
        more.hidden = not int(sheet.scrollHeight) > int(sheet.clientHeight) + 1


def more_line(own):
    """The line saying more is below, hidden until fit() finds the words do not
    fit: in the text's colour, just above the panel's bar (a sticky Skip or
    Roll), where a cut line would otherwise stand; read out by nobody (the
    words under it are read whole)."""
    line = el("p", _("▾ more below"), "more-below", {"aria-hidden": "true", "hidden": ""}, own)
    own.kids.remove(line)
    at = len(own.kids)
    for i, k in enumerate(own.kids):
        if isinstance(k, Node) and "actionbar" in k.attrs.get("class", "").split():
            at = i
            break
    own.kids.insert(at, line)
