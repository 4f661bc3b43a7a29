"""Table mode's screen parts (issue 38): the section every table screen is
drawn in, its one heading, the status line, numbered steps, and the bridge's
outbox. The bottom of table mode's page modules: tabledraw, tablehost,
tablechannels, tableguest and tablepage all use it, it uses none of them.
"""

from pyscript import document

from lostcode.web.shell.app import APP
from lostcode.web.shell.dom import by_id, clear, el, show_only


def section():
    sec = by_id("tablemode")
    if sec is None:
        sec = el("section", None, "tablemode", {"id": "tablemode", "aria-live": "off"}, None)
        rules = by_id("rules")  # the table first, the rules reference under it
        if rules is not None:
            rules.before(sec)
        else:
            document.querySelector("main").append(sec)
    show_only(sec, ("setup", "game", "stones"))  # the second game's page too (issue 43)
    return sec


def heading(sec, text):
    """A table screen's heading (one per screen: #table-h)."""
    el("h2", text, None, {"id": "table-h"}, sec)


def page(title):
    """Table mode's section, emptied, under a new heading."""
    sec = section()
    clear(sec)
    heading(sec, title)
    return sec


def status(text):
    box = by_id("table-status")
    if box is not None:
        box.textContent = text


def send_all(outbox):
    for ch, text in outbox:
        APP.table.bridge.send(ch, text)


def steps(sec, texts):
    """Numbered steps on a join screen (issue 41: "1 Scan, 2 …")."""
    box = el("ol", None, "table-steps", None, sec)
    for text in texts:
        el("li", text, None, None, box)
