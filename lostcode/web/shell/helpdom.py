"""The help's drawing (issue 39): the dock with its tabs, the assistant's
"What can I deduce?" and the expert, and the deduction sheet. Apart from
dom.py because a one-phone game and a table seat draw them alike
(gamepage, tablemode/seatscreen), and dom.py keeps to the drawing every
screen shares."""

from lostcode.web import actions
from lostcode.web.shell.dom import el, icon, render_block, render_button


def render_help(m, dock, opened, part):
    """Issue 39: the help (the assistant, the expert, the sheet) in one dock: on a
    phone above the bottom sheet once opened, on a wide screen beside the choice;
    `opened`: the sheet's panel open (gamepage.render)."""
    holder = render_dock(dock, part) if dock else part
    shown = dock["drawn"] if dock else (True, True)  # issue 40: helpdock.dock_model
    if m.get("assistant") and shown[0]:  # None with "Play without help": nothing in the DOM
        render_assistant(m["assistant"], holder)
    if m["sheet"] and shown[1]:  # the deduction sheet opens over the board, closes back
        panel = el("details", None, "panel", {"id": "sheet-panel"}, holder)
        el("summary", m["sheet"]["heading"], None, None, panel)
        if opened:  # issue 40: its ~260 nodes only once opened (main.on_sheet_toggle)
            render_sheet(m["sheet"], panel, dock["sheet_view"] if dock else None)
        panel.open = opened


def render_help_button(b, box):
    """The bar's Help button: opens the help's first tab, or closes it."""
    attrs = {"type": "button", "data-act": b["act"], "data-arg": b["arg"], "id": "help-btn",
             "aria-controls": "help-dock", "aria-expanded": "true" if b["expanded"] else "false"}
    h = el("button", None, "btn help-btn", attrs, box)
    el("span", "?", "help-icon", {"aria-hidden": "true"}, h)
    el("span", b["text"], "help-text", None, h)


def render_dock(d, part):
    """The help's section, its tabs and close button; returns where its content goes."""
    cls = "help-dock" + (" open tab-" + d["tab"] if d["open"] else "")
    box = el("section", None, cls, {"id": "help-dock", "aria-label": d["label"]}, part)
    if d["open"]:
        row = el("div", None, "buttons help-tabs", {"role": "group", "aria-label": d["label"]},
                 box)
        for t in d["tabs"]:
            attrs = {"type": "button", "data-act": t["act"], "data-arg": t["arg"],
                     "aria-pressed": "true" if t["pressed"] else "false"}
            el("button", t["text"], "btn help-tab", attrs, row)
        c = d["close"]
        el("button", "✕", "btn help-close",
           {"type": "button", "data-act": c["act"], "data-arg": c["arg"], "aria-label": c["label"]},
           row)
    return box


MARKS = {"cross": "✕", "seen": "●", "candidate": "◎"}  # a cell's mark, as drawn


def _auto_mark(s, parent):
    """The sheet's "Mark seen values automatically" checkbox."""
    label = el("label", None, "check auto-mark", None, parent)
    box = el("input", None, None, {"type": "checkbox", "data-act": actions.AUTO}, label)
    box.checked = s["auto"]
    el("span", s["auto_label"], None, None, label)


def render_sheet(s, parent, view=None):
    """The deduction sheet; `view` (helpdock.sheet_view): a phone's Sheet tab,
    its grid a picture (spans, each cell's state read by a screen reader) or,
    once "Mark values" is tapped, its 44 px buttons, beside that one switch."""
    sec = el("section", None, "sheet", {"aria-label": s["heading"]}, parent)  # summary: its title
    if not view:
        _auto_mark(s, sec)
    el("p", s["help"], "note", None, sec)
    render_block({"t": "buttons", "label": s["modes_label"], "items": s["modes"]}, sec)
    picture = bool(view) and not view["editing"]
    holder = sec
    if view:
        holder = el("div", None, "sheet-grid " + ("picture" if picture else "editing"), None, sec)
    table = el("table", None, "grid", None, holder)
    tr = el("tr", None, None, None, el("thead", None, None, None, table))
    el("td", "", None, None, tr)
    for c in s["columns"]:
        th = el("th", None, "sym-" + c["symbol"], {"scope": "col"}, tr)
        icon(c["symbol"], th)
        el("span", c["name"], "colname", None, th)
    body = el("tbody", None, None, None, table)
    for row in s["rows"]:
        tr = el("tr", None, None, None, body)
        el("th", row["value"], None, {"scope": "row"}, tr)
        for c in row["cells"]:
            if picture:
                td = el("td", None, c["mark"] or None, None, tr)
                el("span", MARKS.get(c["mark"], ""), None, {"aria-hidden": "true"}, td)
                el("span", c["aria"], "visually-hidden", None, td)
                continue
            td = el("td", None, None, None, tr)
            attrs = {"type": "button", "data-act": actions.MARK, "data-arg": c["arg"],
                     "aria-label": c["aria"]}
            btn = el("button", None, "cell " + c["mark"], attrs, td)
            el("span", MARKS.get(c["mark"], ""), None, {"aria-hidden": "true"}, btn)
            if c["locked"]:
                btn.disabled = True
    if view:
        # the switch and "Mark seen values automatically" in a column beside the
        # grid: under it, the help's third cut that line (issue 39, feel8)
        side = el("div", None, "sheet-side", None, holder)
        sw = view["switch"]
        attrs = {"type": "button", "data-act": sw["act"], "data-arg": sw["arg"]}
        el("button", sw["text"], "btn sheet-switch", attrs, side)
        _auto_mark(s, side)
    rounds = {"caption": s["rounds_caption"], "head": s["rounds_head"], "rows": s["rounds"]}
    render_block(dict(rounds, t="table"), sec)
    fin = el("section", None, None, {"aria-label": s["final_label"]}, sec)
    el("h3", s["final_label"], None, None, fin)
    ul = el("ul", None, None, None, fin)
    for f in s["final"]:
        el("li", f, None, None, ul)


def render_assistant(a, parent):
    """The "What can I deduce?" panel (view model: lostcode/web/game/assistant.py)."""
    attrs = {"aria-labelledby": "assist-h"}
    if a.get("pending"):  # its analysis is made after the screen is drawn (issue 40)
        attrs["aria-busy"] = "true"
    sec = el("section", None, "assistant", attrs, parent)
    el("h3", a["heading"], None, {"id": "assist-h"}, sec)
    if a["note"]:
        el("p", a["note"], "warning", None, sec)
    sug = a["suggestion"]
    if sug:
        el("p", sug["text"], "suggestion", None, sec)
        el("p", sug["mean"], "note", None, sec)
        render_button(sug["button"], sec)
    ex = a.get("expert")
    if ex:  # issue 27: "What would the expert do?"
        box = el("div", None, "expert", {"id": "expert"}, sec)
        if not a.get("expert_only"):  # else the panel's heading says it
            el("h4", ex["heading"], None, None, box)
        if ex["button"]:
            render_button(ex["button"], box)
        if ex["thinking"]:
            el("p", ex["thinking"], "note", {"role": "status"}, box)
        if ex["move"]:
            el("p", ex["move"], "suggestion expert-move", {"role": "status"}, box)
        if ex.get("play"):  # fix18b: its move made the choice, as "Use this suggestion"
            render_button(ex["play"], box)
        if ex.get("why"):  # fix18b: why it beats a listed move with more VP expected
            el("p", ex["why"], "note expert-why", None, box)
        if ex.get("plan"):  # final candidates: one line per symbol (issue 39)
            ul = el("ul", None, "expert-plan", None, box)  # under "The expert would write:"
            for text in ex["plan"]:
                el("li", text, None, None, ul)
        for key in ("compare", "aim"):  # issue 39: what it plays for, beside the suggestion
            if ex.get(key):
                el("p", ex[key], "note expert-" + key, None, box)
        if ex["others"]:
            ul = el("ul", None, "expert-others", {"aria-label": ex["others_label"]}, box)
            for text in ex["others"]:
                el("li", text, None, None, ul)
    if a.get("expert_only") or a.get("pending"):
        return  # no deduction table on this screen (or not yet)
    # A scrollable region must be reachable with the keyboard (axe scrollable-region-focusable).
    scroll = {"tabindex": "0", "role": "region", "aria-label": a["caption"]}
    wrap = el("div", None, "assist-wrap", scroll, sec)
    table = el("table", None, "data assist", None, wrap)
    el("caption", a["caption"], None, None, table)
    tr = el("tr", None, None, None, el("thead", None, None, None, table))
    el("th", a["symbol_head"], None, {"scope": "col"}, tr)
    for v in a["values"]:
        el("th", v, None, {"scope": "col"}, tr)
    body = el("tbody", None, None, None, table)
    for row in a["rows"]:
        tr = el("tr", None, None, None, body)
        th = el("th", None, "sym-" + row["symbol"], {"scope": "row"}, tr)
        icon(row["symbol"], th)
        el("span", row["name"], "sym-name", None, th)
        for c in row["cells"]:
            td = el("td", None, "out" if c["out"] else None, None, tr)
            el("del" if c["out"] else "span", c["text"], None, {"aria-hidden": "true"}, td)
            el("span", c["label"], "visually-hidden", None, td)
    if a["why"]:
        # The explanations are computed only when opened (issue 17: slow on
        # MicroPython): the summary is an action that redraws the panel with them.
        opened = a["explanations"] is not None
        why = el("details", None, "why panel", {"open": ""} if opened else None, sec)
        el("summary", a["why_label"], None, {"data-act": actions.WHY, "data-arg": ""}, why)
        if opened:
            ul = el("ul", None, None, None, why)
            for text in a["explanations"]:
                el("li", text, None, None, ul)
