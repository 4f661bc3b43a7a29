"""DOM adapter: the only module of the web edition that touches the page.

DOM event -> Session.do (engine action) -> views.screen_model (built from the
observation of the current viewer) -> DOM. Everything is drawn with
createElement/textContent: player names may contain markup. Uses only
`pyscript.document/window` and `pyscript.ffi.create_proxy`, so it runs under
Pyodide and PyScript's MicroPython alike.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from lostcode.rules.options import OPTION_FLAGS
from lostcode.rules.vocab import BOT_LEVELS, HUMAN
from lostcode.web.i18n import _

try:  # Pyodide turns JS null into pyodide.ffi.jsnull, not None; MicroPython gives None
    from pyodide.ffi import jsnull as JS_NULL
except ImportError:
    JS_NULL = None


def py(x):
    """JS null as None, so `is None` means the same on Pyodide and MicroPython."""
    return None if x is JS_NULL else x

SVG_NS = "http://www.w3.org/2000/svg"
SYMBOLS_URL = "./assets/symbols.svg#"
ROOT = document.documentElement
PROXIES = []  # keep event handlers alive

# The adapter's module state, one dict per concern (SAVE, SAVES and PAGE below):
# the game on screen, its last screen kind and heading, the live region's
# announcer and how many log lines the open log shows.
GAME = {
    "session": None,
    "kind": None,
    "heading": None,
    "announcer": None,
    "log_shown": 0,
    "screen": None,  # what settle_if_new last saw (one activation, one action)
    "sheet_owner": None,  # whose deduction sheet the open panel shows
    "watch": None,  # the viewer.Replay being watched over the session, or None
    "watch_back": None,  # an unfinished import being watched: (SAVES["import"], SAVES["ui"])
    "moments_seen": None,  # public log entries whose moment was played (issue 11)
    "check_played": 0,  # last round whose check moment was played
}


def by_id(i):
    return py(document.getElementById(i))


def progress(step, text):
    bar = by_id("progress")
    if bar is not None:
        bar.value = step
    label = by_id("progress-label")
    if label is not None:
        label.textContent = text


def el(tag, text=None, cls=None, attrs=None, parent=None):
    e = document.createElement(tag)
    if cls:
        e.className = cls
    if text is not None:
        e.textContent = str(text)
    if attrs:
        for k in attrs:
            e.setAttribute(k, str(attrs[k]))
    if parent is not None:
        parent.appendChild(e)
    return e


def icon(sym, parent):
    svg = document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", "icon sym-" + sym)
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("focusable", "false")
    use = document.createElementNS(SVG_NS, "use")
    use.setAttribute("href", SYMBOLS_URL + sym)
    svg.appendChild(use)
    parent.appendChild(svg)
    return svg


def clear(node):
    while node.firstChild:
        node.removeChild(node.firstChild)


# --------------------------------------------------------------------------- blocks


def render_button(b, parent):
    attrs = {"type": "button", "data-act": b["act"], "data-arg": b["arg"]}
    if b["aria"]:
        attrs["aria-label"] = b["aria"]
    if b["pressed"] is not None:
        attrs["aria-pressed"] = "true" if b["pressed"] else "false"
    btn = el("button", None, "btn primary" if b["primary"] else "btn", attrs, parent)
    if b["symbol"]:
        btn.classList.add("sym-" + b["symbol"])
        icon(b["symbol"], btn)
    if b.get("wheel"):  # a drawn wheel: picture only, the aria-label names it
        btn.classList.add("wheel-btn")
        draw(b["wheel"], btn)
    else:
        span = el("span", b["text"], None, None, btn)
        if b.get("note"):  # e.g. why it is disabled: read with its name
            el("small", b["note"], "btn-note", None, span)
    if b["disabled"]:
        btn.disabled = True
    return btn


def render_blocks(blocks, parent):
    """A screen's blocks in order; a folded tip (read already) goes below the controls."""
    for below in (False, True):
        for b in blocks:
            if (b["t"] == "tip" and bool(b.get("folded"))) == below:
                render_block(b, parent)


def render_block(b, parent):
    t = b["t"]
    if t == "p":
        el("p", b["text"], b.get("cls"), None, parent)
    elif t == "status":
        el("p", b["text"], "status", {"role": "status"}, parent)
    elif t == "warning":
        el("p", b["text"], "warning", {"role": "alert"}, parent)
    elif t == "buttons":
        bar = any(item["primary"] for item in b["items"])  # the completing control: sticky
        cls = "buttons actionbar" if bar else "buttons"
        box = el("div", None, cls + (" nav" if b.get("nav") else ""), {"role": "group"}, parent)
        if b["label"]:
            box.setAttribute("aria-label", b["label"])
            el("p", b["label"], "group-label", {"aria-hidden": "true"}, box)
        if b.get("face"):  # a die's row on the change screen: its face -> icon-only faces
            box.classList.add("turn")
            now = el("span", None, "turn-now sym-" + b["face"], {"aria-hidden": "true"}, box)
            icon(b["face"], now)
            el("span", "→", "turn-arrow", {"aria-hidden": "true"}, box)
        for item in b["items"]:
            render_button(item, box)
    elif t == "stepper":
        box = el("div", None, "stepper", None, parent)
        el(
            "button",
            "−",
            "btn step",
            {"type": "button", "data-act": "lower", "aria-label": b["lower"]},
            box,
        )
        label = el("label", None, "stepper-label", None, box)
        el("span", b["label"], None, None, label)
        el(
            "input",
            None,
            None,
            {
                "type": "number",
                "id": "low",
                "inputmode": "numeric",
                "data-act": "low",
                "value": b["value"],
                "step": "1",
            },
            label,
        )
        el(
            "button",
            "+",
            "btn step",
            {"type": "button", "data-act": "raise", "aria-label": b["raise"]},
            box,
        )
    elif t == "table":
        table = el("table", None, "data " + b.get("cls", ""), None, parent)
        el("caption", b["caption"], None, None, table)
        tr = el("tr", None, None, None, el("thead", None, None, None, table))
        for h in b["head"]:
            el("th", h, None, {"scope": "col"}, tr)
        body = el("tbody", None, None, None, table)
        for row in b["rows"]:
            tr = el("tr", None, None, None, body)
            span = 1
            if isinstance(row, dict):  # a row whose heading spans columns (views._end's sums)
                span, row = row["span"], row["cells"]
            for i, cell in enumerate(row):
                attrs = None
                if i == 0:
                    attrs = {"scope": "row", "colspan": span} if span > 1 else {"scope": "row"}
                el("th" if i == 0 else "td", cell, None, attrs, tr)
    elif t == "list":
        sec = el("section", None, "listblock", {"aria-label": b["label"]}, parent)
        el("h3", b["label"], None, None, sec)
        lst = el("ol" if b.get("ordered") else "ul", None, None, None, sec)
        for item in b["items"]:
            el("li", item, None, None, lst)
    elif t == "ring":  # the bet set on the ring: tap a value (board.py draws the rest)
        box = el("div", None, "ring-grid", {"role": "group", "aria-label": b["label"]}, parent)
        for item in b["items"]:
            render_button(item, box).classList.add("ring-v")
    elif t == "rings":  # at the check: each bet on its ring, right or wrong
        sec = el("section", None, "rings", {"aria-label": b["label"]}, parent)
        for item in b["items"]:
            fig = el("figure", None, "bet", None, sec)
            draw(item["svg"], fig)
            el("figcaption", item["name"], None, {"aria-hidden": "true"}, fig)
    elif t == "tip":  # the guided first game (folded: a details below the controls)
        attrs = {"role": "note", "aria-label": b["label"], "id": "tip"}
        if b.get("folded"):
            del attrs["role"]  # a details is a group already
            box = el("details", None, "tip folded", attrs, parent)
            summary = el("summary", None, "tip-label", None, box)  # ▸ Tip: its first words…
            el("span", b["label"], "tip-name", None, summary)
            el("span", b["preview"], "tip-preview", None, summary)
        else:
            box = el("div", None, "tip", attrs, parent)
            el("p", b["label"], "tip-label", {"aria-hidden": "true"}, box)
        el("p", b["text"], None, {"id": "tip-text"}, box)
    elif t == "chart":  # the end screen's score chart (chart.py); the SVG is its name
        el("h3", b["label"], None, {"aria-hidden": "true"}, parent)
        draw(b["svg"], el("figure", None, "chart", None, parent))
    elif t == "step":  # the replay's step, in one line (viewer.py)
        el("p", b["text"], "step-line", None, parent)


# --------------------------------------------------------------------------- table


def draw(tree, parent):
    """An SVG element tree from lostcode/web/board.py ([tag, attrs, children]) into the DOM."""
    tag, attrs, kids = tree[0], tree[1], tree[2]
    e = document.createElementNS(SVG_NS, tag)
    for k in attrs:
        e.setAttribute(k, str(attrs[k]))
    if isinstance(kids, str):
        e.textContent = kids
    else:
        for k in kids:
            draw(k, e)
    parent.appendChild(e)
    return e


def render_evidence(b, parent, racks=True):
    """What a decision rests on, next to the question: the dice (and the racks)."""
    box = el("div", None, "evidence", None, parent)
    top = el("div", None, "dice-row", None, box)
    el("p", b["round"], "round", None, top)
    draw(b["dice"], top)
    if racks:
        render_racks(b, box)


def render_racks(b, parent):
    box = el("div", None, "racks", None, parent)
    for r in b["racks"]:
        draw(r, box)


def render_board(b, parent, racks=False):
    """The rest of the table: (the racks,) score track, wheels, piles and tokens."""
    sec = el("section", None, "table", {"aria-labelledby": "table-h"}, parent)
    el("h2", b["round"], "visually-hidden", {"id": "table-h"}, sec)
    if racks:
        render_racks(b, el("div", None, "part part-racks", None, sec))
    for part in ("track", "wheels", "extras"):
        draw(b[part], el("div", None, "part part-" + part, None, sec))


def render_sheet(s, parent):
    sec = el("section", None, "sheet", {"aria-label": s["heading"]}, parent)  # summary: its title
    label = el("label", None, "check", None, sec)
    box = el("input", None, None, {"type": "checkbox", "data-act": "auto"}, label)
    box.checked = s["auto"]
    el("span", s["auto_label"], None, None, label)
    el("p", s["help"], "note", None, sec)
    render_block({"t": "buttons", "label": s["modes_label"], "items": s["modes"]}, sec)
    table = el("table", None, "grid", None, sec)
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
            td = el("td", None, None, None, tr)
            btn = el(
                "button",
                None,
                "cell " + c["mark"],
                {
                    "type": "button",
                    "data-act": "mark",
                    "data-arg": c["arg"],
                    "aria-label": c["aria"],
                },
                td,
            )
            el(
                "span",
                {"cross": "✕", "seen": "●", "candidate": "◎"}.get(c["mark"], ""),
                None,
                {"aria-hidden": "true"},
                btn,
            )
            if c["locked"]:
                btn.disabled = True
    table = el("table", None, "data", None, sec)
    el("caption", s["rounds_caption"], None, None, table)
    tr = el("tr", None, None, None, el("thead", None, None, None, table))
    for h in s["rounds_head"]:
        el("th", h, None, {"scope": "col"}, tr)
    body = el("tbody", None, None, None, table)
    for row in s["rounds"]:
        tr = el("tr", None, None, None, body)
        for cell in row:
            el("td", cell, None, None, tr)
    fin = el("section", None, None, {"aria-label": s["final_label"]}, sec)
    el("h3", s["final_label"], None, None, fin)
    ul = el("ul", None, None, None, fin)
    for f in s["final"]:
        el("li", f, None, None, ul)


def render_assistant(a, parent):
    """The "What can I deduce?" panel (view model: lostcode/web/assistant.py)."""
    sec = el("section", None, "assistant", {"aria-labelledby": "assist-h"}, parent)
    el("h3", a["heading"], None, {"id": "assist-h"}, sec)
    if a["note"]:
        el("p", a["note"], "warning", None, sec)
    sug = a["suggestion"]
    if sug:
        el("p", sug["text"], "suggestion", None, sec)
        el("p", sug["mean"], "note", None, sec)
        render_button(sug["button"], sec)
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
        el("summary", a["why_label"], None, {"data-act": "why", "data-arg": ""}, why)
        if opened:
            ul = el("ul", None, None, None, why)
            for text in a["explanations"]:
                el("li", text, None, None, ul)


# --------------------------------------------------------------------------- screens




def render():
    from lostcode.web.views import screen_model

    if SAVE["conflict"]:  # issue 12: the game went on in another tab
        render_conflict()
        return
    watch = GAME["watch"]
    if watch is not None:  # "Watch the game" (viewer.py) over the finished game
        from lostcode.web.viewer import watch_model

        m = watch_model(watch, GAME["watch_back"] is None)
    else:
        m = screen_model(GAME["session"])
    screen = by_id("screen")
    focused = focus_key()  # issue 6: keyboard focus survives a redraw of the same screen
    clear(screen)
    game = by_id("game")
    game.dataset.screen = m["kind"]
    game.dataset.private = "true" if m["private"] else "false"
    if watch is not None:
        game.dataset.step = str(m["step"])
    else:
        game.removeAttribute("data-step")
    if m["private"]:
        el("p", _("Private screen of {name}", name=m["viewer_name"]), "private-badge", None, screen)
    h = el("h2", m["heading"], None, {"id": "screen-h", "tabindex": "-1"}, screen)
    for n in m["notices"]:
        el("p", n, "notice", {"role": "status"}, screen)
    if m["error"]:
        el("p", m["error"], "warning", {"role": "alert"}, screen)
    board = m.get("board")
    evidence = m.get("evidence")
    if board and evidence:
        render_evidence(board, screen, evidence == "racks")  # next to the question
    render_blocks(m["blocks"], screen)
    if m.get("assistant"):  # None with "Play without help": nothing in the DOM
        render_assistant(m["assistant"], screen)
    if m["private"]:
        u = el("button", _("Undo"), "btn", {"type": "button", "data-act": "undo"}, screen)
        u.disabled = not m["undo"]
    sheet = by_id("sheet")
    old = py(document.getElementById("sheet-panel"))
    was_open = old is not None and old.open and GAME["sheet_owner"] == m["viewer"]
    clear(sheet)
    if m["sheet"]:  # the deduction sheet opens over the board, closes back
        panel = el("details", None, "panel", {"id": "sheet-panel"}, sheet)
        el("summary", m["sheet"]["heading"], None, None, panel)
        render_sheet(m["sheet"], panel)
        panel.open = was_open
    GAME["sheet_owner"] = m["viewer"]
    table = by_id("table")
    clear(table)
    if board:
        render_board(board, table, evidence != "racks")
    by_id("log-summary").textContent = m["log_label"]
    render_log()
    show_tip_parts(m)
    if m["kind"] != GAME["kind"]:
        h.focus()
        window.scrollTo(0, 0)
    elif m["heading"] != GAME["heading"]:
        h.focus()  # the same kind of screen for another player: start at its top
    else:
        restore_focus(focused)
    GAME["kind"] = m["kind"]
    settle_if_new((m["kind"], m["heading"], m["private"], GAME["session"].moves_played()))
    GAME["heading"] = m["heading"]
    if watch is not None:  # stepping changes nothing to save; the step is the news
        box = by_id("announce")
        if box is not None:
            box.textContent = m["announce"]
        return
    autosave()  # issue 7: every action is saved
    announce(m)
    play_moments(m)
    lab_ask()  # "Play against my bot": its worker decides (issue 14)


# ------------------------------------------------------------------ moments you can see (issue 11)
# The roll (the dice settle on their faces), the check (each bet revealed on its
# ring, the markers moving along the track) and the replacement (the old stone
# face up in its slot, then to the discards). The drawn board carries the hooks
# (board.py: data-die, data-rack, data-dx/dy/k); here a moment is started once,
# on the first screen that draws it, by a class on the drawn part; style.css
# animates it (under 1 s) and assets/display.js skips it on any tap or key
# without taking that tap or key from the page. Nothing is started when
# <html data-motion="reduce"> (the "Reduce motion" setting, ?motion=reduce, or
# the system's prefers-reduced-motion). An animation only moves what the screen
# already shows: it never adds a value to the DOM.

ROLLS = ("roll", "bear_turn", "change")  # lostcode.rules.vocab EV_ROLL, EV_BEAR_TURN, EV_CHANGE


def motion_reduced():
    return str(ROOT.getAttribute("data-motion") or "") == "reduce"


def set_motion(value, remember=False):
    """Motion "reduce" or "full" (URL motion=, or a caller's choice): data-motion on
    <html> and the "Reduce motion" checkboxes, as assets/display.js does."""
    from lostcode.web.a11y import MOTION_KEY, normalize_motion

    value = normalize_motion(value)
    system = window.matchMedia("(prefers-reduced-motion: reduce)").matches
    reduce = value == "reduce" or bool(system)
    ROOT.setAttribute("data-motion", "reduce" if reduce else "full")
    for box in nodes("input[data-motion]"):
        box.checked = reduce
    if remember:
        try:
            window.localStorage.setItem(MOTION_KEY, value)
        except Exception:  # storage blocked: applied, not remembered
            pass


def moment(node, name):
    node.classList.add("moment", name)
    ROOT.classList.add("moment-playing")


def offsets(node):
    """data-dx/dy/k (board.py) as the CSS custom properties the keyframes read
    (CSSOM, which the page's CSP allows; a style attribute it would refuse)."""
    for key in ("dx", "dy"):
        v = py(node.getAttribute("data-" + key))
        if v is not None:
            node.style.setProperty("--" + key, str(v) + "px")
    k = py(node.getAttribute("data-k"))
    if k is not None:
        node.style.setProperty("--k", str(k))


def play_moments(m):
    """Start the moments the public log gained since the last screen that drew them."""
    log = GAME["session"].public_observation()["log"]
    if GAME["moments_seen"] is None or GAME["moments_seen"] > len(log):
        GAME["moments_seen"] = len(log)  # a new or resumed game: its past is no moment
        return
    new = log[GAME["moments_seen"] :]
    reduce = motion_reduced()
    dice = py(document.querySelector("#screen svg.dice"))
    rolls = [e for e in new if e.get("t") in ROLLS]
    if rolls and dice is None:
        new = [e for e in new if e.get("t") not in ROLLS]  # the dice settle where they are drawn
        keep = GAME["moments_seen"] + log[GAME["moments_seen"] :].index(rolls[0])
    else:
        keep = len(log)
    if rolls and dice is not None and not reduce:
        if any(e.get("t") == "roll" for e in rolls):
            moment(dice, "moment-roll")
        else:
            for e in rolls:
                die = py(dice.querySelector('[data-die="' + str(e.get("die", "")) + '"]'))
                if die is not None:
                    moment(die, "moment-turn")
    for e in new:
        if e.get("t") != "discard" or reduce:
            continue
        sel = '#game svg.rack[data-owner="' + str(e.get("player")) + '"] .discard[data-dx]'
        stone = py(document.querySelector(sel))
        if stone is not None:
            offsets(stone)
            moment(stone, "moment-discard")
    if m["kind"] == "checks":
        h = GAME["session"].pending_checks()
        rnd = h["round"] if h else 0
        if rnd > GAME["check_played"]:
            GAME["check_played"] = rnd
            rings = py(document.querySelector("#screen section.rings"))
            if rings is not None and not reduce:
                moment(rings, "moment-check")
                track = py(document.querySelector("#game svg.track"))
                if track is not None:
                    for marker in nodes("#game svg.track .marker[data-dx]"):
                        offsets(marker)
                    moment(track, "moment-check")
    GAME["moments_seen"] = keep


# The parts of the drawn board a guided game's tip speaks about (tutorial.TIP_PARTS).
TIP_SELECTORS = {
    "others": "#game svg.rack:not(.own)",
    "racks": "#game svg.rack",
    "dice": "#screen svg.dice",
    "wheels": "#table svg.wheels, #screen .buttons:has(.wheel-btn)",
    "rings": "#screen section.rings",
    "track": "#game svg.track",
    "extras": "#game svg.extras",
}


def show_tip_parts(m):
    """Outline what the tip speaks about; the tip describes it (aria-describedby)."""
    for b in m["blocks"]:
        if b["t"] != "tip":
            continue
        for part in b.get("parts", ()):
            for node in nodes(TIP_SELECTORS.get(part, "#none")):
                node.classList.add("tip-focus")
                node.setAttribute("aria-describedby", "tip-text")


# ------------------------------------------------------------------------ accessibility (issue 6)
# The pure parts live in lostcode/web/a11y.py.



def nodes(selector):
    found = document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def focus_key():
    """(data-act, data-arg) of the focused control inside the game, or None."""
    active = py(document.activeElement)
    if active is None or not by_id("game").contains(active):
        return None
    act = py(active.getAttribute("data-act"))
    if act is None:
        return None
    return (str(act), str(active.getAttribute("data-arg") or ""))


def restore_focus(key):
    """Focus the redrawn control the focus was on (a redraw replaces every node);
    if it is gone or disabled now, the screen's heading."""
    if key is None:
        return
    for node in nodes("#game [data-act]"):
        if (
            str(node.getAttribute("data-act")) == key[0]
            and str(node.getAttribute("data-arg") or "") == key[1]
        ):
            if not node.disabled:
                node.focus()
                return
            break
    h = by_id("screen-h")
    if h is not None:
        h.focus()


def announce(m):
    """Rolls, check results and replacements into the polite live region (public news only)."""
    from lostcode.web.a11y import Announcer

    obs = GAME["session"].public_observation()
    if GAME["announcer"] is None:
        GAME["announcer"] = Announcer()
        GAME["announcer"].reset(obs["log"])
    text = GAME["announcer"].update(obs["log"], obs["names"], m["private"])
    box = by_id("announce")
    if text and box is not None:
        box.textContent = text


def set_text_size(size, remember=False):
    """Larger text (URL textsize=large, or a caller's choice): class text-large on
    <html>, ~125 %, the same the "Larger text" checkboxes (assets/display.js) set."""
    from lostcode.web.a11y import TEXT_SIZE_CLASS, TEXT_SIZE_KEY, normalize_text_size

    size = normalize_text_size(size)
    if size == "large":
        ROOT.classList.add(TEXT_SIZE_CLASS)
    else:
        ROOT.classList.remove(TEXT_SIZE_CLASS)
    for box in nodes("input[data-textsize]"):
        box.checked = size == "large"
    if remember:
        try:
            window.localStorage.setItem(TEXT_SIZE_KEY, size)
        except Exception:
            pass
    return size




def render_log(lines=None):
    """The game log is drawn only while its <details> is open (it grows long)."""
    log = by_id("log-list")
    if not by_id("log").open:
        if GAME["log_shown"]:
            clear(log)
            GAME["log_shown"] = 0
        return
    if lines is None and GAME["watch"] is not None:  # watching: the log up to the step
        from lostcode.web.viewer import watch_log

        lines = watch_log(GAME["watch"], GAME["session"].public_observation()["names"])
    if lines is None:
        from lostcode.web.views import log_model

        lines = log_model(GAME["session"])
    if len(lines) < GAME["log_shown"]:
        clear(log)
        GAME["log_shown"] = 0
    for line in lines[GAME["log_shown"] :]:
        el("li", line, None, None, log)
    GAME["log_shown"] = len(lines)


def on_log_toggle(event):
    if GAME["session"] is not None:
        render_log()


def on_click(event):
    target = event.target.closest("[data-act]")
    if not target or GAME["session"] is None:  # JS null is pyodide's falsy jsnull, not None
        return
    act = target.getAttribute("data-act")
    if target.tagName == "INPUT":
        return
    arg = target.getAttribute("data-arg") or ""
    if act == "new_game":
        show_setup()
        return
    if act == "download_record":
        download_record()
        return
    if act.startswith("watch"):
        on_watch(act)
        return
    if act == "take_newest":
        take_newest()
        return
    if act == "free_done":
        delete_slot(arg)
        autosave()  # room again: save now
        return
    if SAVE["conflict"]:
        return  # nothing acts on a game another tab went on with
    GAME["session"].do(act, arg)
    render()


def on_watch(act):
    """The end screen's "Watch the game" and the viewer's controls (viewer.py)."""
    from lostcode.web.viewer import CLOSE, Replay

    if act == "watch":
        GAME["watch"] = Replay(GAME["session"].record())
    elif act == CLOSE:
        GAME["watch"] = None
        back = GAME["watch_back"]
        if back is not None:  # an unfinished import: back to it (continue it or not)
            GAME["watch_back"] = None
            show_setup()
            SAVES["import"], SAVES["ui"] = back
            render_saves()
            return
    elif GAME["watch"] is not None:
        GAME["watch"].do(act)
    render()


# The viewer's keys: arrows step by move, Page Up/Down by round, Home/End.
WATCH_KEYS = {
    "ArrowLeft": "watch_prev",
    "ArrowRight": "watch_next",
    "PageUp": "watch_prev_round",
    "PageDown": "watch_next_round",
    "Home": "watch_start",
    "End": "watch_end",
}


def on_watch_key(event):
    if GAME["watch"] is None or by_id("game").hidden:
        return
    if event.altKey or event.ctrlKey or event.metaKey:
        return
    act = WATCH_KEYS.get(str(event.key))
    tag = str(event.target.tagName or "")
    if act is None or tag in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY"):
        return
    event.preventDefault()
    GAME["watch"].do(act)
    render()


def on_change(event):
    target = event.target
    if GAME["session"] is not None and target.getAttribute("data-act") == "auto":
        GAME["session"].do("auto", "on" if target.checked else "off")
        render()


def on_input(event):
    target = event.target
    act = py(target.getAttribute("data-act"))
    if GAME["session"] is None or act is None:
        return
    if act == "low":
        text = str(target.value).strip()
        try:
            int(text)
        except ValueError:
            return  # half-typed: wait for a whole number
        GAME["session"].do("low", text)
        render()
        box = by_id("low")
        if box is not None:
            box.focus()


# ------------------------------------------------- one activation, one action (issue 12)
# The decisions live in lostcode/web/activation.py; here only the DOM side:
# capture listeners that drop stale clicks and held keys before any handler
# sees them, and aria-disabled on a new screen's controls while it settles
# (assistive technology and Playwright both wait for it).

ACTIVATION = {"guard": None, "settled": None}  # activation.ActivationGuard, the proxy of settled()
GUARDED = "#game, #setup"


def guard():
    if ACTIVATION["guard"] is None:
        from lostcode.web.activation import ActivationGuard

        ACTIVATION["guard"] = ActivationGuard()
    return ACTIVATION["guard"]


def now_ms():
    return float(window.performance.now())


def settle_if_new(key):
    """A different screen is on the page: its controls wait SETTLE_MS."""
    if key == GAME["screen"]:
        return
    GAME["screen"] = key
    settle("#game [data-act]")


def settle(selector):
    from lostcode.web.activation import SETTLE_MS

    g = guard()
    g.shown(now_ms())
    for node in nodes(selector):
        if py(node.getAttribute("aria-disabled")) is None:
            node.setAttribute("aria-disabled", "true")
            node.setAttribute("data-settling", "")
    if ACTIVATION["settled"] is None:
        ACTIVATION["settled"] = create_proxy(settled)
    window.setTimeout(ACTIVATION["settled"], SETTLE_MS + 10)




def settled(*_a):
    """The screen has been shown SETTLE_MS: its controls take input again."""
    if not guard().settling(now_ms()):
        for node in nodes("[data-settling]"):
            node.removeAttribute("aria-disabled")
            node.removeAttribute("data-settling")


def in_guarded(target):
    try:
        return py(target.closest(GUARDED)) is not None
    except Exception:  # the document or a text node
        return False


def drop(event):
    event.preventDefault()
    event.stopImmediatePropagation()


def on_pointerdown_capture(event):
    guard().pointer_down()


def on_click_capture(event):
    target = event.target
    if not in_guarded(target):
        return
    detail = int(event.detail or 0)
    control = py(target.closest("[data-settling]")) is not None
    if not guard().allows_click(detail, now_ms(), control):
        drop(event)


def on_keydown_capture(event):
    if in_guarded(event.target) and not guard().allows_key(str(event.key), bool(event.repeat)):
        drop(event)


def install_guard():
    for kind, fn in (
        ("pointerdown", on_pointerdown_capture),
        ("click", on_click_capture),
        ("keydown", on_keydown_capture),
    ):
        proxy = create_proxy(guarded(fn))
        PROXIES.append(proxy)
        document.addEventListener(kind, proxy, True)


# --------------------------------------------------------------------------- set-up


def read_form():
    players = int(by_id("players").value)
    names = [str(by_id("name-" + str(i + 1)).value) for i in range(players)]
    flags = {}
    for f in OPTION_FLAGS:
        flags[f] = bool(by_id("opt-" + f).checked)
    seed_text = str(by_id("seed").value).strip()
    if seed_text:
        seed = int(seed_text)
    else:
        seed = int(window.Math.floor(window.Math.random() * 2147483647))
    seats = [str(by_id("kind-" + str(i + 1)).value or HUMAN) for i in range(players)]
    return players, names, flags, seed, seats


def look_alike_problem(names):
    """Why names shown the same after normalising are refused (issue 12), or ""."""
    from lostcode.rules.playernames import look_alike

    same = look_alike(names)
    if same is None:
        return ""
    return _("two players would be shown as “{name}”: give them different names", name=same)


def start_status(near=""):
    """The status line beside the button the player pressed: a refusal shown
    only beside Play, at the top, is a screen height away from the form's
    Start button on a phone (and looks like nothing happened). The other line
    is cleared, so one message is announced once."""
    top, form = by_id("start-status"), by_id("start-form-status")
    if form is None:
        return top
    here, other = (form, top) if near == "start" else (top, form)
    other.textContent = ""
    return here


def submitter_id(event):
    """The id of the submit button that sent the form ("" when unknown)."""
    try:
        button = event.submitter
        return str(button.id) if button else ""
    except Exception:  # a synthetic event, or a proxy without the property
        return ""


def start_game(event=None, near=""):
    from lostcode.rules.errors import IllegalAction
    from lostcode.web.describe import reason
    from lostcode.web.session import Session

    status = start_status(near)
    try:
        players, names, flags, seed, seats = read_form()
        problem = look_alike_problem(names)  # R-S1: a message, not an exception (MicroPython)
        if problem:
            status.textContent = _("Cannot start: {reason}", reason=problem)
            return
        no_help = by_id("no-hints")  # "Play without help": no deduction assistant
        hints = no_help is None or not no_help.checked
        GAME["session"] = Session.from_form(players, names, flags, seed, seats, hints=hints)
    except IllegalAction as e:
        status.textContent = _("Cannot start: {reason}", reason=reason(e))
        return
    except ValueError as e:
        status.textContent = _("Cannot start: {reason}", reason=str(e.args[-1] if e.args else e))
        by_id("settings").open = True  # the settings to fix are folded below Play
        return
    status.textContent = ""
    remember_settings(players, names, flags, seats, hints)
    # The seed and the public moves rebuild the deal: once the game is on, the
    # form forgets it, so "Saved games" mid-game never shows it (issue 12).
    by_id("seed").value = ""
    new_save_slot()  # issue 7: saved from its first screen
    ROOT.removeAttribute("data-start-pending")
    show_game(GAME["session"], fresh=True)


LAST_KEY = "lostcode-last-settings"


def remember_settings(players, names, flags, seats, hints):
    """The next visit's Play starts with these (never the seed: a new deal each time)."""
    import json

    # Untouched default names ("Player 1") stay out: they follow the language.
    names = [n if n != PAGE["defaults"].get(i + 1) else "" for i, n in enumerate(names)]
    storage_set(
        LAST_KEY,
        json.dumps(
            {"players": players, "names": names, "flags": flags, "seats": seats, "hints": hints}
        ),
    )


def restore_settings():
    """Last game's settings into the form (when the URL brings none)."""
    import json

    text = storage_get(LAST_KEY)
    if not text or ROOT.hasAttribute("data-setup-touched"):
        return  # edits made while the engine loaded win over the remembered settings
    try:
        last = json.loads(text)
        players = int(last["players"])
        if players not in (2, 3, 4):
            return
        by_id("players").value = str(players)
        fire_change(by_id("players"))
        for i in range(players):
            name = str(last["names"][i])[:24]
            if name:
                by_id("name-" + str(i + 1)).value = name
            box = by_id("kind-" + str(i + 1))
            kind = str(last["seats"][i])
            known = box is not None and py(box.querySelector('option[value="' + kind + '"]'))
            if known is not None and known is not False:
                box.value = kind
        for f in OPTION_FLAGS:
            by_id("opt-" + f).checked = bool(last["flags"].get(f))
        box = by_id("no-hints")
        if box is not None:
            box.checked = not last.get("hints", True)
    except Exception as e:  # damaged or old data: the defaults stay
        log_error("could not restore the last settings", e)


def update_summary(event=None):
    """The line under Play: what it starts."""
    from lostcode.web.page import settings_summary

    box = by_id("play-summary")
    if box is None:
        return
    players = int(by_id("players").value)
    names = [str(by_id("name-" + str(i + 1)).value) for i in range(players)]
    seats = []
    for i in range(players):
        k = by_id("kind-" + str(i + 1))
        seats.append(str(k.value or "human") if k is not None else "human")
    flags = {}
    for f in OPTION_FLAGS:
        flags[f] = bool(by_id("opt-" + f).checked)
    box.textContent = settings_summary(names, flags, seats)


def show_setup():
    GAME["session"] = None
    by_id("game").hidden = True
    by_id("setup").hidden = False
    SAVE["id"] = None
    SAVE["conflict"] = False
    show_save_problem_in_list()
    render_saves()
    GAME["screen"] = None
    settle("#setup button, #setup input, #setup select")
    by_id("setup-h").focus()


def on_submit(event):
    event.preventDefault()
    start_game(near=submitter_id(event))


# --------------------------------------------------------------------------- saved games (issue 7)
# One localStorage key holds a saves.SaveIndex; every render() saves the game
# on screen. The pure parts (Session <-> save, the list's model) are in
# lostcode/web/persist.py.

# The game on screen (id None: not saved, e.g. watching); "rev": the revision
# this tab last read or wrote; "conflict": another tab saved a newer one;
# "failed": when the last write failed (storage full or blocked), else None.
SAVE = {"id": None, "created": None, "rev": 0, "conflict": False, "failed": None}
SAVES = {"index": None, "import": None, "bad_import": None, "ui": {}, "revs": {}, "sizes": {}}


def now_iso():
    return str(window.Date.new().toISOString())


def local_time(iso):
    """The save's time in the page's language ("26.11.2026, 12:29:53" in ru),
    not the browser's default locale."""
    try:
        return str(window.Date.new(iso).toLocaleString(str(ROOT.getAttribute("lang") or "en")))
    except Exception:
        from lostcode.web.persist import short_time

        return short_time(iso)


def ls_get(key):
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None


def ls_set(key, text):
    """True only if `text` is now stored under `key`: read back, because a
    refused write (quota) does not raise on every runtime (issue 12)."""
    try:
        writer = py(window.lostcodeStore)  # assets/boot.js: catches in JavaScript
    except Exception:
        writer = None
    try:
        if writer is not None:
            return bool(writer(key, text))
        window.localStorage.setItem(key, text)
    except Exception as e:  # blocked storage, quota: the game goes on unsaved
        log_error("could not write localStorage", e)
        return False
    return ls_get(key) == text


def ls_remove(key):
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass


def ls_items():
    """Every (key, text) of this page in localStorage (keys "lostcode.*")."""
    out = []
    try:
        store = window.localStorage
        keys = [py(store.key(i)) for i in range(int(store.length))]
    except Exception:
        return out
    for k in keys:
        if k is not None and str(k).startswith("lostcode."):
            v = ls_get(str(k))
            if v is not None:
                out.append((str(k), v))
    return out


def migrate_old_list():
    """The old single saves list (before issue 12) split into one key per game;
    removed only once every part of it is written."""
    from lostcode.web.slots import OLD_DAMAGED_KEY, OLD_KEY, migrate, rejected_key, rejected_text

    old = ls_get(OLD_KEY)
    if old is None:
        return
    present = [k for k, _v in ls_items()]
    writes, rejected, damaged = migrate(old, present)
    ok = True
    for key, text in writes:
        ok = ls_set(key, text) and ok
    n = 0
    for r in rejected:
        while rejected_key(n) in present:
            n += 1
        ok = ls_set(rejected_key(n), rejected_text(r)) and ok
        n += 1
    if damaged is not None:
        key = OLD_DAMAGED_KEY
        if ls_get(key) not in (None, damaged):
            key = OLD_DAMAGED_KEY + "." + now_iso()
        if ls_get(key) != damaged:
            ok = ls_set(key, damaged) and ok
    if ok:
        ls_remove(OLD_KEY)


def saves_index():
    """The saved games as stored now: one key per game (lostcode/web/slots.py).

    Read again after any other tab wrote (the `storage` event clears it)."""
    from lostcode.web.slots import index_from_items, sizes

    if SAVES["index"] is None:
        migrate_old_list()
        items = ls_items()
        index, revs = index_from_items(items)
        SAVES["index"] = index
        SAVES["revs"] = revs
        SAVES["sizes"] = sizes(items)
    return SAVES["index"]


def forget_index():
    SAVES["index"] = None


def autosave():
    """Called after every render: the game on screen is saved as it is now,
    under its own key, unless another tab saved a newer revision of it."""
    if GAME["session"] is None or SAVE["id"] is None or SAVE["conflict"]:
        return
    from lostcode.web.i18n import get_language
    from lostcode.web.persist import store
    from lostcode.web.slots import decide, done_key, game_key, newer_moves, slot_text

    sid = SAVE["id"]
    gkey, dkey = game_key(sid), done_key(sid)
    finished = GAME["session"].is_over()
    done_text = ls_get(dkey)
    actions = GAME["session"].record()["actions"]
    verdict, rev = decide(ls_get(dkey if finished else gkey), SAVE["rev"], actions)
    if verdict == "newer" or (not finished and newer_moves(done_text, -1, actions)):
        SAVE["conflict"] = True  # another tab went on with this game: never roll it back
        render_conflict()
        return
    index = saves_index()
    entry = store(index, GAME["session"], sid, now_iso(), SAVE["created"], {"lang": get_language()})
    if not finished:
        entry = index.games[sid]
    text = slot_text(entry, rev)
    if ls_set(dkey if finished else gkey, text):
        SAVE["rev"] = rev
        SAVES["revs"][dkey if finished else gkey] = rev
        SAVES["sizes"][dkey if finished else gkey] = len(text)
        if finished:
            ls_remove(gkey)
            kept = [done_key(f["id"]) for f in index.history()]
            for k in list(SAVES["revs"]):
                if k.startswith(done_key("")) and k not in kept:  # past the history's cap
                    ls_remove(k)
                    del SAVES["revs"][k]
        SAVE["failed"] = None
    else:
        SAVE["failed"] = now_iso()
    show_save_problem()


def render_conflict():
    """Another tab saved newer moves of this game: this tab shows only that
    (no table, no private screen) and offers the newest moves."""
    from lostcode.web.persist import conflict_model

    m = conflict_model()
    screen = by_id("screen")
    clear(screen)
    clear(by_id("sheet"))
    clear(by_id("table"))
    game = by_id("game")
    game.dataset.screen = "conflict"
    game.dataset.private = "false"
    h = el("h2", m["heading"], None, {"id": "screen-h", "tabindex": "-1"}, screen)
    render_blocks(m["blocks"], screen)
    h.focus()
    GAME["screen"] = "conflict"
    settle("#game [data-act]")


def take_newest():
    """Continue the game from what the other tab saved (or show its end)."""
    forget_index()
    sid = SAVE["id"]
    index = saves_index()
    if index.get(sid) is not None:
        resume(sid)
        return
    for f in index.history():
        if f["id"] == sid:
            SAVE["conflict"] = False
            watch_record(f["record"], True)
            SAVE["id"] = None
            return
    show_setup()  # deleted in the other tab


def show_save_problem():
    """Shown at once when a write failed; gone once a write succeeds."""
    box = by_id("save-problem")
    if SAVE["failed"] is None:
        if box is not None:
            box.remove()
        return
    from lostcode.web.persist import save_problem_model
    from lostcode.web.slots import done_key, size_label

    if box is None:
        box = el("div", None, "save-problem", {"id": "save-problem"})
        game = by_id("game")
        game.insertBefore(box, by_id("screen"))
    clear(box)
    sizes = {}
    for f in saves_index().history():
        n = SAVES["sizes"].get(done_key(f["id"]))
        if n:
            sizes[f["id"]] = size_label(n)
    for b in save_problem_model(saves_index().history(), sizes, size_label):
        render_block(b, box)


def on_storage(event):
    """Another tab wrote: re-read the list; if it saved newer moves of the
    game on screen, stop saving it here and say so."""
    key = py(event.key)
    if key is not None and not str(key).startswith("lostcode."):
        return
    forget_index()
    if GAME["session"] is None:
        if not by_id("setup").hidden:
            render_saves()
        return
    if SAVE["id"] is None or SAVE["conflict"]:
        return
    from lostcode.web.slots import done_key, newer_moves

    actions = GAME["session"].record()["actions"]
    for k in (game_key(SAVE["id"]), done_key(SAVE["id"])):
        if newer_moves(ls_get(k), SAVE["rev"], actions):
            SAVE["conflict"] = True
            render_conflict()
            return


def keep_storage():
    """Ask the browser not to evict saved games (phones clear storage under pressure)."""
    try:
        st = py(window.navigator.storage)
        if st is not None and py(st.persist) is not None:
            st.persist()
    except Exception:
        pass


def new_save_slot():
    now = now_iso()
    rnd = int(window.Math.floor(window.Math.random() * 1000000))
    SAVE["id"] = "g" + str(int(window.Date.now())) + "-" + str(rnd)
    SAVE["created"] = now
    SAVE["rev"] = 0
    SAVE["conflict"] = False
    SAVE["failed"] = None


def enter_game(ses, watch=None):
    """A resumed, imported or watched game comes on screen."""
    SAVES["ui"] = {}
    show_game(ses, watch)


def show_game(ses, watch=None, fresh=False):
    """Put a game on screen, new or resumed: whatever the previous game left
    (its log lines, last screen, live-region announcer) is forgotten, so the
    old game's news is never read out in this one. `watch`: a viewer.Replay
    to show over it ("Watch the game"), else its own screen."""
    GAME["session"] = ses
    GAME["watch"] = watch
    GAME["watch_back"] = None
    clear(by_id("log-list"))
    GAME["log_shown"] = 0
    by_id("setup").hidden = True
    by_id("game").hidden = False
    GAME["kind"] = None
    GAME["heading"] = None
    GAME["announcer"] = None  # a new game: its log so far is not news
    GAME["screen"] = None
    GAME["moments_seen"] = 0 if fresh else None  # a resumed game's past is no moment
    GAME["check_played"] = ses.checks_shown if hasattr(ses, "checks_shown") else 0
    render()


def show_save_problem_in_list():
    """The set-up screen never claims a save the page did not make."""
    if SAVE["failed"] is not None:
        SAVES["ui"] = dict(SAVES["ui"])
        SAVES["ui"]["not_saved"] = True
    SAVE["failed"] = None
    show_save_problem()


def render_saves():
    from lostcode.web.persist import saves_model
    from lostcode.web.slots import done_key, size_label

    box = by_id("saves")
    if box is None:
        return
    index = saves_index()
    ui = dict(SAVES["ui"])
    ui["sizes"] = {}
    for f in index.history():
        n = SAVES["sizes"].get(done_key(f["id"]))
        if n:
            ui["sizes"][f["id"]] = size_label(n)
    m = saves_model(index, ui, local_time)
    clear(box)
    box.hidden = False
    el("h2", m["heading"], None, {"id": "saves-h"}, box)
    for b in m["blocks"]:
        render_block(b, box)
    if m["games"]:
        ul = el("ul", None, "saves-list", None, box)
        for g in m["games"]:
            li = el("li", None, None, None, ul)
            el("p", g["text"], None, None, li)
            render_block({"t": "buttons", "label": "", "items": g["items"]}, li)
    else:
        el("p", m["empty"], "note", None, box)
    label = el("label", None, "import", None, box)
    el("span", m["import_label"], None, None, label)
    el("input", None, None, {"type": "file", "id": "import-file", "accept": ".json"}, label)
    el("p", m["import_help"], "note", None, box)
    if m["history"]:
        el("h3", m["history_heading"], None, None, box)
        ul = el("ul", None, "saves-list", None, box)
        for g in m["history"]:
            li = el("li", None, None, None, ul)
            el("p", g["text"], None, None, li)
            render_block({"t": "buttons", "label": "", "items": g["items"]}, li)


def download(filename, text):
    """A same-origin file download: a Blob URL clicked from a hidden <a download>."""
    blob = window.Blob.new(window.Array.of(text), window.JSON.parse('{"type":"application/json"}'))
    url = window.URL.createObjectURL(blob)
    a = el("a", None, None, {"href": url, "download": filename, "hidden": ""})
    document.body.appendChild(a)
    a.click()
    a.remove()
    revoke = create_proxy(lambda *_a: window.URL.revokeObjectURL(url))
    PROXIES.append(revoke)
    window.setTimeout(revoke, 60000)


def download_record():
    from lostcode.services.record import dumps
    from lostcode.web.persist import record_filename

    ses = GAME["session"]
    download(record_filename(ses.public_observation()["names"], now_iso()), dumps(ses.record()))


def resume(save_id):
    from lostcode.rules.errors import RecordError
    from lostcode.web.persist import session_from_save

    index = saves_index()
    save = index.get(save_id)
    if save is None:
        render_saves()
        return
    try:
        ses, _where = session_from_save(save)
    except RecordError as e:
        set_aside(index, save_id, str(e.args[0] if e.args else e))
        render_saves()
        by_id("saves-h").focus()
        return
    SAVE["id"] = save_id
    SAVE["created"] = save.get("created")
    SAVE["rev"] = SAVES["revs"].get(game_key(save_id), 0)
    SAVE["conflict"] = False
    SAVE["failed"] = None
    enter_game(ses)


def game_key(save_id):
    from lostcode.web.slots import game_key as key

    return key(save_id)


def set_aside(index, save_id, reason):
    """A save that cannot be replayed: kept under a "rejected" key for download."""
    from lostcode.web.persist import reject
    from lostcode.web.slots import REJECTED, rejected_text

    reject(index, save_id, reason)
    r = index.rejected[-1]
    key = REJECTED + save_id
    if ls_set(key, rejected_text(r)):
        ls_remove(game_key(save_id))
        r["key"] = key
    else:
        r["key"] = game_key(save_id)


def delete_slot(save_id):
    from lostcode.web.slots import done_key

    ls_remove(game_key(save_id))
    ls_remove(done_key(save_id))
    forget_index()


def watch_record(record, finished_game=False, step_through=False):
    """A finished game's end screen, not saved again; `step_through`: its
    replay from the first move ("Watch the game", viewer.py) over it."""
    from lostcode.rules.errors import RecordError
    from lostcode.services.record import replay, seats_of
    from lostcode.web.persist import session_from_state
    from lostcode.web.viewer import Replay

    try:
        ses, _where = session_from_state(replay(record), seats_of(record), {})
        watch = Replay(record) if step_through else None
    except RecordError as e:
        reason = str(e.args[0] if e.args else e)
        if finished_game:  # from the finished-games list: no file involved (issue 12)
            from lostcode.web.persist import finished_problem

            SAVES["ui"] = {"problem": {"text": finished_problem(reason), "download": False}}
            render_saves()
            return
        import_problem(reason, None)
        return
    SAVE["id"] = None
    enter_game(ses, watch)


def watch_from_lab():
    """index.html#watch=lab shows the game the Bot lab (lab.html) left in localStorage.

    A fragment, not a query setting: it never reaches a server and the URL
    settings parser need not know it."""
    if str(window.location.hash) != "#watch=lab":
        return
    text = storage_get("lostcode.lab.watch")
    if text:
        from json import loads

        try:
            record = loads(text)
        except ValueError:
            return
        watch_record(record, step_through=True)


def watch_import(state, seats, ui):
    """An imported record's replay from its first move (viewer.py). A finished
    game's replay closes onto its end screen; an unfinished one's back onto
    its import, which can then still be continued."""
    from lostcode.rules.errors import RecordError
    from lostcode.rules.vocab import PHASE_END as END
    from lostcode.services.record import replay, to_record
    from lostcode.web.persist import session_from_state
    from lostcode.web.viewer import Replay

    rec = to_record(state, seats)  # the file's moves, before a computer seat plays on
    back = ((state, seats, ui), SAVES["ui"])
    SAVES["import"] = None
    try:  # the session gets its own copy of the game: `state` stays as imported
        ses, _where = session_from_state(replay(rec), seats, {})
        watch = Replay(rec)
    except RecordError as e:
        import_problem(str(e.args[0] if e.args else e), None)
        return
    SAVE["id"] = None
    enter_game(ses, watch)
    if state.phase != END:
        GAME["watch_back"] = back
        render()


def import_problem(reason, text):
    reason = str(reason).rstrip(".")  # the sentence adds its own full stop
    SAVES["bad_import"] = text
    SAVES["import"] = None
    SAVES["ui"] = {
        "problem": {
            "text": _(
                "This file cannot be used: {reason}. Nothing was changed; you can start a new "
                "game.",
                reason=reason,
            ),
            "download": text is not None,
        }
    }
    render_saves()


def imported_text(text):
    from lostcode.rules.errors import RecordError
    from lostcode.rules.vocab import PHASE_END as END
    from lostcode.web.persist import read_import

    try:
        state, seats, ui = read_import(text)
    except RecordError as e:
        import_problem(str(e.args[0] if e.args else e), text)
        return
    SAVES["import"] = (state, seats, ui)
    info = {"names": list(state.names), "finished": state.phase == END, "round": state.round}
    SAVES["ui"] = {"imported": info}
    render_saves()


def on_saves_change(event):
    target = event.target
    if target.getAttribute("id") != "import-file" or not target.files or target.files.length == 0:
        return
    reader = window.FileReader.new()

    def loaded(*_a):
        result = reader.result
        imported_text(result if isinstance(result, str) else "")

    def failed(*_a):
        import_problem(_("the file could not be read"), None)

    listen(reader, "load", loaded)
    listen(reader, "error", failed)
    reader.readAsText(target.files.item(0))


def on_saves_click(event):
    from lostcode.rules.errors import RecordError
    from lostcode.web.persist import session_from_state

    target = py(event.target.closest("[data-act]"))
    if target is None:
        return
    act = target.getAttribute("data-act")
    arg = target.getAttribute("data-arg") or ""
    index = saves_index()
    if act == "resume":
        resume(arg)
        return
    if act == "delete":
        SAVES["ui"] = {"confirm_delete": arg}
    elif act == "delete_yes" or act == "delete_done":
        delete_slot(arg)
        SAVES["ui"] = {}
    elif act == "delete_no":
        SAVES["ui"] = {}
    elif act == "download_damaged":
        i = int(arg)
        if 0 <= i < len(index.rejected):
            download("lostcode-damaged-save.json", index.rejected[i]["raw"])
        return
    elif act == "dismiss_damaged":
        i = int(arg)
        if 0 <= i < len(index.rejected):
            key = index.rejected[i].get("key")
            if key:
                ls_remove(key)
            index.dismiss_rejected(i)
    elif act == "download_import":
        if SAVES["bad_import"] is not None:
            download("lostcode-damaged-record.json", SAVES["bad_import"])
        return
    elif act == "focus_new_game":
        by_id("name-1").focus()
        return
    elif act == "watch_history" or act == "download_history":
        for f in index.history():
            if f["id"] == arg:
                if act == "watch_history":
                    watch_record(f["record"], True)
                else:
                    from lostcode.services.record import dumps
                    from lostcode.web.persist import record_filename

                    download(record_filename(f["names"], f["finished"]), dumps(f["record"]))
        return
    elif act == "watch_import" and SAVES["import"] is not None:
        watch_import(*SAVES["import"])
        return
    elif act == "continue_import" and SAVES["import"] is not None:
        state, seats, ui = SAVES["import"]
        SAVES["import"] = None
        try:
            ses, _where = session_from_state(state, seats, ui)
        except RecordError as e:
            import_problem(str(e.args[0] if e.args else e), None)
            return
        new_save_slot()
        enter_game(ses)
        return
    render_saves()


def saves_boot():
    """Wire the saved-games section and the in-game "saved games" button."""
    box = by_id("saves")
    if box is None:
        return
    listen(box, "click", on_saves_click)
    listen(box, "change", on_saves_change)
    game = by_id("game")
    if document.querySelectorAll("#leave-game").length == 0:
        leave = el(
            "button",
            _("Saved games"),
            "btn",
            {"type": "button", "id": "leave-game", "data-act": "new_game",
             "data-i18n": "saved-games"},
        )
        game.insertBefore(leave, game.firstChild)
    render_saves()


# --------------------------------------------------------------------------- errors


def log_error(where, e):
    details = repr(e)
    try:
        import traceback

        details = traceback.format_exc()
    except Exception:
        try:
            import io
            import sys

            buf = io.StringIO()
            sys.print_exception(e, buf)
            details = buf.getvalue()
        except Exception:
            pass
    try:
        window.console.error("The Lost Code: " + where + ":\n" + details)
    except Exception:
        pass


def show_app_error():
    box = by_id("app-error")
    if box is None:
        return
    if SAVE["failed"] is None and SAVE["id"] is not None:
        box.textContent = _(
            "Something went wrong on this page. Your game is saved after every move: reload "
            "the page to continue it. (Details are in the browser console.)"
        )
    else:  # never claim a save the page did not make (issue 12)
        box.textContent = _(
            "Something went wrong on this page. (Details are in the browser console.)"
        )
    box.hidden = False


def guarded(fn):
    """An event handler that never lets an exception reach PyScript's error box."""
    name = getattr(fn, "__name__", "handler")

    def handler(*args):
        try:
            return fn(*args)
        except Exception as e:
            log_error("unexpected error in " + str(name), e)
            show_app_error()

    return handler


# --------------------------------------------------------------------------- the page (issue 6)
# Language menu, static text, URL settings, embed dialog, guided game.
# The pure parts live in lostcode/web/page.py.

PAGE = {"notes": [], "seat_notes": [], "rules_en": None, "defaults": {}}


def storage_get(key):
    try:  # localStorage may be missing or blocked (e.g. in a third-party iframe)
        value = window.localStorage.getItem(key)
        return str(value) if value else None
    except Exception:
        return None


def storage_set(key, value):
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        pass


def url_param(name):
    """A setting as lostcode.services.settings reads the URL (case, ";", repeats: issue 12)."""
    from lostcode.services.settings import read_pairs

    try:
        value = read_pairs(str(window.location.search), []).get(name)
        return value if value else None
    except Exception:
        return None


def browser_languages():
    langs = window.navigator.languages
    try:
        return [str(langs[i]) for i in range(langs.length)]
    except Exception:
        return [str(window.navigator.language or "")]


def init_language():
    """Before any text is drawn: ?lang=, then the saved choice, then the browser."""
    from lostcode.web.i18n import pick_language, set_language
    from lostcode.web.page import STORAGE_KEY

    picked = pick_language(url_param("lang"), browser_languages(), storage_get(STORAGE_KEY))
    lang = set_language(picked)
    ROOT.setAttribute("lang", lang)
    PAGE["picked_language"] = picked  # not yet fetched when runtime.js picked another one
    return lang


def each(selector):
    nodes = document.querySelectorAll(selector)
    return [nodes.item(i) for i in range(nodes.length)]


def apply_static(first=False):
    """Translate the static HTML (its English stays as the before-Python fallback).

    first: the page as loaded. Its HTML is the English text itself
    (tests/test_url_settings.py), so an English start rewrites none of it."""
    from lostcode.web.i18n import get_language
    from lostcode.web.page import static_table, static_text

    untouched = first and get_language() == "en"
    table = None if untouched else static_table()  # once: 66 lookups, not 66 tables
    for e in [] if untouched else each("[data-i18n]"):
        text = static_text(e.getAttribute("data-i18n"), e.getAttribute("data-n"), table)
        if text:
            e.textContent = text
    for e in [] if untouched else each("[data-i18n-aria]"):
        text = static_text(e.getAttribute("data-i18n-aria"), None, table)
        if text:
            e.setAttribute("aria-label", text)
    for i in range(1, 5):  # untouched default names follow the language
        box = by_id("name-" + str(i))
        if box is None:
            continue
        old = PAGE["defaults"].get(i, "Player " + str(i))
        new = static_text("default-name", i)
        if str(box.value) == old:
            box.value = new
        PAGE["defaults"][i] = new
    by_id("lang").value = ROOT.getAttribute("lang")


def load_rules(lang):
    """The rules reference in `lang`: assets/rules/<lang>.html, or the inline English.

    Fetched when the reference is open or opened (on_rules_toggle), not at start:
    a page in ru/it/pl starts 13-19 KB lighter, and most visits never open it."""
    box = document.querySelector("#rules .rules")
    PAGE["rules_want"] = lang
    if PAGE.get("rules_have", "en") == lang:
        return  # an English start: still the page's own English, no copy, no re-parse
    if PAGE["rules_en"] is None:
        PAGE["rules_en"] = box.innerHTML
    if lang == "en":
        box.innerHTML = PAGE["rules_en"]
        PAGE["rules_have"] = "en"
        return
    if not by_id("rules").open or PAGE.get("rules_loading") == lang:
        return
    PAGE["rules_loading"] = lang

    def got_text(text):
        PAGE["rules_loading"] = None
        if PAGE.get("rules_want") == lang:
            box.innerHTML = text  # our own same-origin file, not user input
            PAGE["rules_have"] = lang

    def got_response(resp):
        if not resp.ok:
            PAGE["rules_loading"] = None
        else:
            p = create_proxy(got_text)
            PROXIES.append(p)
            resp.text().then(p)

    p = create_proxy(got_response)
    PROXIES.append(p)
    window.fetch("./assets/rules/" + lang + ".html").then(p)


def on_rules_toggle(event=None):
    if by_id("rules").open:
        load_rules(PAGE.get("rules_want", "en"))


def show_url_notes():
    from lostcode.web.page import read_url, seat_note

    notes = read_url(str(window.location.search))[1]
    notes = notes + [seat_note(n, k) for n, k in PAGE["seat_notes"]]
    box = by_id("url-notes")
    clear(box)
    for note in notes:
        el("p", note, None, None, box)
    box.hidden = not notes


def fire_change(node):
    e = document.createEvent("Event")
    e.initEvent("change", True, True)
    node.dispatchEvent(e)


def apply_url_settings():
    """?players=&seats=&options=&seed=&hints=&embed=&textsize= onto the page and form.

    The form is pre-filled and Start gets the focus (outside an iframe): the
    game never starts by itself, so a link can't skip the set-up screen."""
    from lostcode.services.settings import parse

    s = parse(str(window.location.search))[0]
    if s.get("embed"):
        ROOT.classList.add("embed")
        lab_link = by_id("lab-link")  # no way out of a lesson's frame (issue 14)
        if lab_link is not None:
            lab_link.remove()
    if "textsize" in s:  # the larger-text setting (set_text_size) if this page has it
        set_text_size(s["textsize"])
    if s.get("motion") == "reduce":  # for this visit; the checkbox remembers a choice
        set_motion("reduce")
    if "players" in s:
        by_id("players").value = str(s["players"])
        fire_change(by_id("players"))
    for i, kind in enumerate(s.get("seats", [])):
        box = by_id("kind-" + str(i + 1))
        if box is None:
            continue
        if py(box.querySelector('option[value="' + kind + '"]')) is not None:
            box.value = kind
        else:
            PAGE["seat_notes"].append((i + 1, kind))
    if "options" in s:
        for f in OPTION_FLAGS:
            by_id("opt-" + f).checked = f in s["options"]
    if "seed" in s:
        by_id("seed").value = str(s["seed"])
    if "hints" in s:
        box = by_id("no-hints")  # "Play without help": checked means hints off
        if box is not None:
            box.checked = not s["hints"]
    show_url_notes()
    prefilled = [k for k in ("players", "seats", "options", "seed") if k in s]
    if prefilled and window.self == window.top:
        by_id("play").focus()


def switch_language(code, fetched=False):
    from lostcode.web.i18n import catalog_ready, normalize_language, set_language
    from lostcode.web.page import STORAGE_KEY

    wanted = normalize_language(code)
    if wanted and not catalog_ready(wanted):
        loadable = str(ROOT.getAttribute("data-catalogs") or "").split()
        if not fetched and wanted in loadable:
            fetch_catalog(wanted)  # comes back here when it is in
            return
        # Not fetched (offline before this language was ever used): stay as we are.
        by_id("lang").value = str(ROOT.getAttribute("lang") or "en")
        box = by_id("app-error")
        if box is not None:
            box.textContent = _(
                "This language could not be loaded. Check the connection and choose it again."
            )
            box.hidden = False
        return
    lang = set_language(code)
    ROOT.setAttribute("lang", lang)
    storage_set(STORAGE_KEY, lang)
    if url_param("lang"):  # a reload keeps the new choice (?lang= beats the saved one)
        from lostcode.services.settings import with_setting

        query = with_setting(str(window.location.search), "lang", lang)
        window.history.replaceState(None, "", query + window.location.hash)
    apply_static()
    load_rules(lang)
    show_url_notes()
    update_summary()
    if GAME["session"] is None:
        render_saves()  # the saved games' list, its buttons and times in the new language
    else:
        clear(by_id("log-list"))  # the log's lines so far, again in the new language
        GAME["log_shown"] = 0
        render()


def on_language(event):
    switch_language(str(event.target.value))


def fetch_catalog(lang):
    """The built MicroPython site fetches the ru/it/pl catalogs when first used
    (assets/runtime.js: window.lostcodeLoadCatalog, issue 17); a few KB."""

    def done(*_args):
        switch_language(lang, fetched=True)

    proxy = create_proxy(guarded(done))
    PROXIES.append(proxy)
    window.lostcodeLoadCatalog(lang).then(proxy)


def form_values():
    """The set-up form as URL settings (lostcode.services.settings), for the embed code."""
    from lostcode.web.page import form_settings

    players = int(by_id("players").value)
    flags = {}
    for f in OPTION_FLAGS:
        flags[f] = bool(by_id("opt-" + f).checked)
    seed_text = str(by_id("seed").value).strip()
    seed = int(seed_text) if seed_text.isdigit() else None
    seats = []
    for i in range(players):
        box = by_id("kind-" + str(i + 1))
        seats.append(str(box.value or HUMAN) if box is not None else HUMAN)
    hints = None
    box = by_id("no-hints")
    if box is not None:
        hints = not box.checked
    textsize = "large" if ROOT.classList.contains("text-large") else None
    box = by_id("motion")  # the reader's own choice, not their system's
    motion = "reduce" if box is not None and box.checked and not box.disabled else None
    return form_settings(players, flags, seed, seats, hints, textsize, motion=motion)


def open_embed(event=None):
    from lostcode.web.page import embed_code

    page_url = str(window.location.href)
    code, error = embed_code(page_url, form_values())
    area = by_id("embed-code")
    area.value = code
    by_id("embed-status").textContent = error
    by_id("embed-dialog").showModal()
    area.focus()
    area.select()


def copy_embed(event=None):
    area = by_id("embed-code")
    status = by_id("embed-status")
    area.focus()
    area.select()
    manual = _("The code is selected: press Ctrl+C (⌘C on a Mac) to copy it.")
    clip = window.navigator.clipboard
    if not clip:
        status.textContent = manual
        return

    def ok(*_a):
        status.textContent = _("Copied. Paste it into your lesson page.")

    def failed(*_a):
        status.textContent = manual

    p1, p2 = create_proxy(ok), create_proxy(failed)
    PROXIES.append(p1)
    PROXIES.append(p2)
    clip.writeText(str(area.value)).then(p1, p2)


def close_embed(event=None):
    by_id("embed-dialog").close()


def start_guided(event=None):
    """The guided first game: 2 players (you and an easy bot if the form has bot
    seats, else a friend), introductory rules, the tutorial seed, tips on.
    With TUTORIAL_SEED seat 2 rolls first, so the newcomer sits there and sees every
    tip. The newcomer's seat is called "You" in the page's language, and every
    sentence about that seat is said in the second person ("Round 1: you roll",
    "You win"): lostcode/web/you.py holds the second-person twins, i18n says them."""
    from lostcode.web.tutorial import TUTORIAL_SEED

    if ROOT.dataset.engine != "ready":
        return
    by_id("players").value = "2"
    fire_change(by_id("players"))
    other = by_id("kind-1")
    bot = other is not None and py(other.querySelector('option[value="easy"]')) is not None
    by_id("name-1").value = _("Bot") if bot else _("Friend")
    by_id("name-2").value = _("You")
    if other is not None:
        other.value = BOT_LEVELS[0] if bot else HUMAN
    if by_id("kind-2") is not None:
        by_id("kind-2").value = HUMAN
    for f in OPTION_FLAGS:
        by_id("opt-" + f).checked = f == "introductory"
    by_id("seed").value = str(TUTORIAL_SEED)
    box = by_id("no-hints")
    if box is not None:
        box.checked = False
    start_game()
    if GAME["session"] is not None:
        GAME["session"].tutorial = True
        render()


def setup_page():
    """Boot-time wiring of the page around the game."""
    apply_static(first=True)
    load_rules(ROOT.getAttribute("lang"))
    from lostcode.services.settings import parse

    from_url = parse(str(window.location.search))[0]
    if not [k for k in ("players", "seats", "options") if k in from_url]:
        restore_settings()  # Play starts the last game's settings (the URL's win)
    apply_url_settings()
    update_summary()
    listen(by_id("setup-form"), "input", update_summary)
    listen(by_id("setup-form"), "change", update_summary)
    listen(by_id("lang"), "change", on_language)
    listen(by_id("embed-open"), "click", open_embed)
    listen(by_id("embed-copy"), "click", copy_embed)
    listen(by_id("embed-close"), "click", close_embed)
    listen(by_id("guided"), "click", start_guided)
    listen(by_id("rules"), "toggle", on_rules_toggle)


def listen(node, kind, fn):
    proxy = create_proxy(guarded(fn))  # no traceback box on screen (issue 7)
    PROXIES.append(proxy)
    node.addEventListener(kind, proxy)


# ------------------------------------------------------------ Play against my bot (issue 14)
# index.html#play=lab: the Bot lab's bot at this table. The pure part (the
# session, the checks, the fallback to the easy bot) is lostcode/web/labseat.py;
# the bot's worker is driven by assets/labseat.js, loaded only in this mode.
LAB = {"bridge": None, "reply": None}


def play_from_lab():
    from lostcode.web.labseat import PLAY_HASH, PLAY_KEY, LabSession, read_play

    if str(window.location.hash) != PLAY_HASH:
        return
    play = read_play(storage_get(PLAY_KEY))
    if play is None:
        by_id("start-status").textContent = _(
            "The Bot lab left no bot to play against: open the Bot lab and press "
            "“Play against my bot” there."
        )
        return
    seed = play["seed"]
    if seed is None:
        seed = int(window.Math.floor(window.Math.random() * 2147483647))
    try:
        ses = LabSession(play, seed)
    except ValueError as e:  # e.g. names the table refuses: a message, never a traceback
        by_id("start-status").textContent = _("Cannot start: {reason}", reason=str(e))
        return
    LAB["reply"] = create_proxy(guarded(lab_reply))
    script = document.createElement("script")
    script.type = "module"
    script.src = "./assets/labseat.js"
    loaded = create_proxy(guarded(lab_bridge_loaded))
    PROXIES.append(loaded)
    script.addEventListener("load", loaded)
    document.head.append(script)
    new_save_slot()
    show_game(ses)


def lab_bridge_loaded(*_a):
    LAB["bridge"] = window.lostcodeLabSeat
    lab_ask()


def lab_ask():
    """Called after every render: ask the bot's worker when its seat must decide."""
    ses = GAME["session"]
    if LAB["bridge"] is None or ses is None or not hasattr(ses, "lab_request"):
        return
    due = ses.lab_request()
    if due is not None:
        LAB["bridge"].ask(due[0], due[1]).then(LAB["reply"])


def lab_reply(text):
    from json import loads

    ses = GAME["session"]
    reply = loads(str(text))
    if ses is not None and hasattr(ses, "lab_answer") and ses.lab_answer(reply["n"], reply):
        render()


def boot(*_args):
    try:
        progress(2, _("Loading the game engine…"))
        import lostcode.rules.engine  # noqa: F401
        import lostcode.web.session  # noqa: F401

        install_guard()  # issue 12: one activation, one action
        game = by_id("game")
        listen(game, "click", on_click)
        listen(game, "input", on_input)
        listen(game, "change", on_change)
        listen(game, "keydown", on_watch_key)
        listen(by_id("log"), "toggle", on_log_toggle)
        listen(by_id("setup-form"), "submit", on_submit)
        # Issue 12: other tabs. document.defaultView: on MicroPython, pyscript's
        # `window` proxy throws "Illegal invocation" from addEventListener.
        listen(document.defaultView, "storage", on_storage)
        keep_storage()
        setup_page()  # language, URL settings, embed dialog, guided game
        saves_boot()  # saved games, import (issue 7)
        watch_from_lab()  # the Bot lab's "Watch the game" (issue 14)
        progress(3, _("Ready."))
        play_from_lab()  # the Bot lab's "Play against my bot" (issue 14)
        ROOT.dataset.engine = "ready"
        by_id("loading").hidden = True
        if ROOT.getAttribute("data-start-pending") == "1":
            start_game(near=str(ROOT.getAttribute("data-start-near") or ""))
        else:  # what only a game needs, imported while the player reads the form
            window.setTimeout(_later_proxy, 0)
    except Exception as e:  # show it: a silent failure looks like a hang
        ROOT.dataset.engine = "error"
        box = by_id("load-error")
        box.hidden = False
        box.textContent = _("The game engine failed to start: {error}", error=repr(e))
        log_error("start-up failed", e)  # details in the console, not a traceback box


def import_game_modules(*_args):
    """After "ready" (issue 17): the set-up screen needs none of these, a game all.
    Start pressed before this ran imports them there and then (a few ms)."""
    try:
        import lostcode.web.views  # noqa: F401  (board, assistant, bots, deduction...)
    except Exception as e:
        log_error("could not import the game screens", e)


_later_proxy = create_proxy(import_game_modules)


def start(*_args):
    init_language()
    progress(2, _("Python is running; loading the game engine…"))
    boot()  # at once: waiting a task for the progress text to paint cost ~25 ms (issue 17)
    if PAGE.get("picked_language", "en") != str(ROOT.getAttribute("lang")):
        switch_language(PAGE["picked_language"])


if str(document.readyState) == "loading":  # assets/runtime.js is async: rarely, but it can be
    PROXIES.append(create_proxy(start))
    document.addEventListener("DOMContentLoaded", PROXIES[-1])
else:
    start()
