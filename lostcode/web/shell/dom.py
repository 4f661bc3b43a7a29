"""The DOM side of the view models: blocks, boards and panels drawn as elements.

Everything is drawn with createElement/textContent (player names may contain
markup). Uses only `pyscript.document/window` and `pyscript.ffi.create_proxy`,
so it runs under Pyodide and PyScript's MicroPython alike. No state here: the
page's state is `app.APP`.
"""

from json import dumps

from pyscript import document, window
from pyscript.ffi import create_proxy

from lostcode.web import actions

try:  # Pyodide turns JS null into pyodide.ffi.jsnull, not None; MicroPython gives None
    from pyodide.ffi import jsnull as JS_NULL
except ImportError:
    JS_NULL = None

SVG_NS = "http://www.w3.org/2000/svg"
SYMBOLS_URL = "./assets/symbols.svg#"
GLOBE = "M2 12h20M12 2c3 3 4.5 6.5 4.5 10S15 19 12 22M12 2C9 5 7.5 8.5 7.5 12S9 19 12 22"
ROOT = document.documentElement
__all__ = ["create_proxy", "window"]  # re-exported: the page modules' one way to JS

# Issue 40: the page's own steps as User Timing measures (tools/trace_taps.py
# splits a tap's long task by them); only when the address asks (?marks).
try:
    MARKS = "marks" in str(window.location.search)
except Exception:  # tests' stand-in window
    MARKS = False


def mark(name):
    """Start the step `name` (closed by lap)."""
    if MARKS:
        window.performance.mark(name + "<")


def lap(name):
    """End the step `name`: a measure from its mark to now."""
    if MARKS:
        window.performance.measure(name, name + "<")


def py(x):
    """JS null as None, so `is None` means the same on Pyodide and MicroPython."""
    return None if x is JS_NULL else x


def by_id(i):
    return py(document.getElementById(i))


def media_matches(query):
    """Whether a CSS media query matches. Through `document.defaultView`, not
    pyscript's `window`: on MicroPython `window.matchMedia(...)` threw
    "Illegal invocation", so a lesson link with motion=reduce never got past
    "Loading the game engine…" (issue 39, fourth playtest). False where the
    page cannot ask."""
    try:
        return bool(document.defaultView.matchMedia(query).matches)
    except Exception:  # no matchMedia: the query does not match
        return False


def nodes(selector):
    found = document.querySelectorAll(selector)
    return [found.item(i) for i in range(found.length)]


def center_ring(screen="#screen"):
    """Issue 39: the ring's values are one row of 44 px targets scrolled sideways
    (style.css); the range set is brought to the row's middle after a redraw
    (of the game's screen, or of table mode's: "#tablemode")."""
    for grid in nodes(screen + " .ring-grid"):
        on = nodes(screen + " .ring-grid [aria-pressed=true]")
        if on:
            mid = (on[0].offsetLeft + on[-1].offsetLeft + on[-1].offsetWidth) / 2
            grid.scrollLeft = max(0, mid - grid.clientWidth / 2)


def show_only(sec, others):
    """`sec` shown where the page's other sections `others` (ids) stood: they
    are hidden (table mode and Today's code take the set-up's and the game's place)."""
    for other in others:
        node = by_id(other)
        if node is not None:
            node.hidden = True
    sec.hidden = False


def setup_entry(name):
    """A paragraph (class `name`) for another way to play, under the set-up's
    quick play; None where there is none to add: no set-up, the entry (id
    `name`) drawn already, or an embedded lesson's frame (one compact game,
    with no ways out of it, issue 10)."""
    setup = by_id("setup")
    if setup is None or by_id(name) is not None or ROOT.classList.contains("embed"):
        return None
    p = el("p", None, name, None, None)
    # under the players (issue 39: the seats come right under Play)
    quick = document.querySelector("#setup #setup-form") or document.querySelector(
        "#setup .quick-play"
    )
    if quick is not None:
        quick.after(p)
    else:
        setup.append(p)
    return p


def progress(step, text):
    bar = by_id("progress")
    if bar is not None:
        bar.value = step
    label = by_id("progress-label")
    if label is not None:
        label.textContent = text


class Node:
    """An element not yet in the page: a screen is drawn as a tree of these and
    put in place by one JavaScript call (adopt). Drawn element by element from
    MicroPython, every element, attribute and append was its own call into
    JavaScript: ~1.9 s of a 2-player game's taps (issue 25). Only what the
    drawing code uses of an element: setAttribute, classList.add, and the
    disabled / checked / open flags (as attributes: the element is new)."""

    __slots__ = ("tag", "attrs", "kids")

    def __init__(self, tag):
        self.tag = tag
        self.attrs = {}
        self.kids = []

    def setAttribute(self, k, v):
        self.attrs[k] = str(v)

    @property
    def classList(self):
        return _Classes(self)

    def _set_flag(self, name, on):
        if on:
            self.attrs[name] = ""
        else:
            self.attrs.pop(name, None)

    disabled = property(lambda self: "disabled" in self.attrs,
                        lambda self, on: self._set_flag("disabled", on))
    checked = property(lambda self: "checked" in self.attrs,
                       lambda self, on: self._set_flag("checked", on))
    open = property(lambda self: "open" in self.attrs,
                    lambda self, on: self._set_flag("open", on))

    def tree(self):
        """[tag, attrs, children] as assets/boot.js lostcodeBuild reads it."""
        return [self.tag, self.attrs, [k.tree() if isinstance(k, Node) else k for k in self.kids]]

    def last(self, cls):
        """The last element in this tree (document order) with class `cls`, or None."""
        found = None
        for k in self.kids:
            if isinstance(k, Node):
                if cls in k.attrs.get("class", "").split():
                    found = k
                inner = k.last(cls)
                if inner is not None:
                    found = inner
        return found


class _Classes:
    __slots__ = ("node",)

    def __init__(self, node):
        self.node = node

    def add(self, cls):
        have = self.node.attrs.get("class", "")
        if cls not in have.split():
            self.node.attrs["class"] = (have + " " + cls) if have else cls


def el(tag, text=None, cls=None, attrs=None, parent=None):
    """An element (class `cls`, text, attributes), appended to `parent` if
    given: a Node when `parent` is a Node (a tree starts with Node(tag)),
    else a page element."""
    if isinstance(parent, Node):
        e = Node(tag)
        if cls:
            e.attrs["class"] = cls
        if attrs:
            for k in attrs:
                e.attrs[k] = str(attrs[k])
        if text is not None and text != "":  # as textContent = "": no text node
            e.kids.append(str(text))
        parent.kids.append(e)
        return e
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


def adopt(parent, holder):
    """`parent`'s children are replaced by the tree `holder`'s children (a
    Node), built and put in at once (assets/boot.js lostcodeAdopt says why)."""
    adopt_json(parent, kids_json(holder))


def adopt_json(parent, wire):
    """adopt() of the children already written (kids_json)."""
    mark("lc:adopt")
    window.lostcodeAdopt(parent, wire[0], False, wire[1])
    lap("lc:adopt")


def kept_json(kept, slot, key, build):
    """Issue 40: the written children (kids_json) of the part `slot` that
    build(holder) draws from `key` (its models), made again only when `key`
    differs from the last one's: an unchanged strip or help panel is neither
    built nor written again on a tap, and lostcodeAdopt, finding the same
    text, draws nothing. `kept`: the page's {slot: (key, written)}."""
    last = kept.get(slot)
    if last is not None and (last[0] is key or last[0] == key):  # the same model kept (views)
        return last[1]
    holder = Node("div")
    build(holder)
    wire = kids_json(holder)
    kept[slot] = (key, wire)
    return wire


def append(parent, holder):
    """The tree `holder`'s children (a Node) built and added after `parent`'s own."""
    wire = kids_json(holder)
    window.lostcodeAdopt(parent, wire[0], True, wire[1])


def kids_json(holder):
    """The tree `holder`'s children (a Node) as lostcodeAdopt reads them:
    (the trees as JSON, the drawn parts' texts one a line). A drawn part
    (draw: board.py's SVG trees) is {"k": key, "i": line} in the trees, its
    text written once per tree (part_json), joined, never escaped into a
    string (on MicroPython that cost more than it saved, issue 40)."""
    mark("lc:json")
    lines = []
    text = dumps([_wire(k, lines) for k in holder.kids])
    lap("lc:json")
    return (text, "\n".join(lines))


def _wire(k, lines):
    if isinstance(k, Node):
        return [k.tag, k.attrs, [_wire(x, lines) for x in k.kids]]
    if isinstance(k, list):
        got = part_json(k)
        lines.append(got[1])  # JSON text has no raw line break: one part a line
        return {"k": got[2], "i": len(lines) - 1}
    return k


class _Written:
    """The drawn parts written lately, by identity (the list held, so its id
    is no other's while kept), each text with a key never reused: the board's
    parts are shared trees, the same objects while unchanged (views.BoardKeeper;
    never changed once made). Two generations: one used lately stays."""

    __slots__ = ("new", "old", "keys")

    def __init__(self):
        self.new = {}
        self.old = {}
        self.keys = 0


_WRITTEN = _Written()  # a cache of pure results (by identity), not the page's state


def part_json(tree):
    """(tree, dumps(tree), its key), written once per drawn part (_Written)."""
    w = _WRITTEN
    ident = id(tree)
    got = w.new.get(ident)
    if got is None:
        got = w.old.get(ident)
    if got is None or got[0] is not tree:
        w.keys += 1
        got = (tree, dumps(tree), w.keys)
    if len(w.new) >= 64:
        w.old, w.new = w.new, {}
    w.new[ident] = got
    return got


def icon(sym, parent):
    if isinstance(parent, Node):
        svg = el("svg", None, "icon sym-" + sym,
                 {"aria-hidden": "true", "focusable": "false"}, parent)
        el("use", None, None, {"href": SYMBOLS_URL + sym}, svg)
        return svg
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


def fire_change(node):
    e = document.createEvent("Event")
    e.initEvent("change", True, True)
    node.dispatchEvent(e)


def render_button(b, parent):
    attrs = {"type": "button", "data-act": b["act"], "data-arg": b["arg"]}
    if b["aria"]:
        attrs["aria-label"] = b["aria"]
    if b["pressed"] is not None:
        attrs["aria-pressed"] = "true" if b["pressed"] else "false"
    if b.get("expanded") is not None:  # a die that opens its faces (views._change)
        attrs["aria-expanded"] = "true" if b["expanded"] else "false"
    btn = el("button", None, "btn primary" if b["primary"] else "btn", attrs, parent)
    if b["symbol"]:
        btn.classList.add("sym-" + b["symbol"])
        icon(b["symbol"], btn)
    if b.get("wheel"):  # a drawn wheel: picture only, the aria-label names it
        btn.classList.add("wheel-btn")
        draw(b["wheel"], btn)
    else:
        span = el("span", None if b["primary"] else b["text"], None, None, btn)
        if b["primary"]:
            kept_range(b["text"], span)
        if b.get("note"):  # e.g. why it is disabled: read with its name
            # the space keeps "7" and "19%" two words in the button's text
            el("small", " " + b["note"], "btn-note", None, span)
    if b["disabled"]:
        btn.disabled = True
    return btn


def kept_range(text, parent):
    """text17 (an eleventh playtest: "Confirm W4 · 10–" / "13"): a range's
    "10–13" in a confirm's words on one line (.nowrap), the words' text as it
    was (the control's name unchanged)."""
    if not isinstance(parent, Node):
        parent.textContent = text
        return
    at = text.find("–")
    if at <= 0:
        parent.kids.append(text)
        return
    lo, hi = at, at + 1
    while lo > 0 and text[lo - 1].isdigit():
        lo -= 1
    while hi < len(text) and text[hi].isdigit():
        hi += 1
    if lo:
        parent.kids.append(text[:lo])
    el("span", text[lo:hi], "nowrap", None, parent)
    if hi < len(text):
        parent.kids.append(text[hi:])


def render_blocks(blocks, parent):
    """A screen's blocks in order; a folded tip (read already) goes below the controls."""
    for below in (False, True):
        for b in blocks:
            if (b["t"] == "tip" and bool(b.get("folded"))) == below:
                render_block(b, parent)


def render_block(b, parent):
    t = b["t"]
    if t == "p":
        cls = b.get("cls")
        if b.get("aside"):  # gamepage.render puts it out of the bottom sheet
            cls = (cls + " aside") if cls else "aside"
        el("p", b["text"], cls, None, parent)
    elif t == "status":
        el("p", b["text"], "status", {"role": "status"}, parent)
    elif t == "warning":
        el("p", b["text"], "warning", {"role": "alert"}, parent)
    elif t == "buttons":
        bar = any(item["primary"] for item in b["items"])  # the completing control: sticky
        cls = "buttons actionbar" if bar else "buttons"
        if b.get("aside"):  # out of the bottom sheet, under the board (gamepage.render)
            cls += " aside"
        box = el("div", None, cls + (" nav" if b.get("nav") else ""), {"role": "group"}, parent)
        if b.get("cls"):  # text17: the replay's "Back to the result" row in its panel
            box.classList.add(b["cls"])
        if b["label"]:
            box.setAttribute("aria-label", b["label"])
            el("p", b["label"], "group-label", {"aria-hidden": "true"}, box)
        if b.get("cand"):  # a candidate row: the symbol's icon heads it (its name: the group's)
            box.classList.add("cand")
            head = el("span", None, "cand-sym sym-" + b["cand"], {"aria-hidden": "true"}, box)
            icon(b["cand"], head)
        if b.get("dice"):  # the change screen's dice, or one die and its faces (fix12)
            box.classList.add("dice-pick")
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
            {"type": "button", "data-act": actions.LOWER, "aria-label": b["lower"]},
            box,
        )
        label = el("label", None, "stepper-label", None, box)
        el("span", b["label"], "stepper-name", None, label)
        el(
            "input",
            None,
            None,
            {
                "type": "number",
                "id": "low",
                "inputmode": "numeric",
                "data-act": actions.LOW,
                "value": b["value"],
                "step": "1",
            },
            label,
        )
        el(
            "button",
            "+",
            "btn step",
            {"type": "button", "data-act": actions.RAISE, "aria-label": b["raise"]},
            box,
        )
    elif t == "table":
        cls = "data " + b.get("cls", "") + (" aside" if b.get("aside") else "")
        table = el("table", None, cls, None, parent)
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
    elif t == "move":  # a computer's move played on the board (issue 22): its caption
        cap = el("p", None, "step-caption " + b.get("cls", ""), None, parent)  # read: announce
        if b.get("art"):
            draw(b["art"], cap)
        el("span", b["text"], None, None, cap)
    elif t == "list":
        cls = "listblock aside" if b.get("aside") else "listblock"  # aside: out of the sheet
        sec = el("section", None, cls, {"aria-label": b["label"]}, parent)
        el("h3", b["label"], None, None, sec)
        lst = el("ol" if b.get("ordered") else "ul", None, None, None, sec)
        for item in b["items"]:
            el("li", item, None, None, lst)
    elif t == "ring":  # the bet set on the ring: tap a value (board.py draws the rest)
        box = el("div", None, "ring-grid", {"role": "group", "aria-label": b["label"]}, parent)
        for item in b["items"]:
            render_button(item, box).classList.add("ring-v")
    elif t == "rings":  # at the check: each bet on its ring, right or wrong
        cls = "rings aside" if b.get("aside") else "rings"  # aside: out of the sheet
        sec = el("section", None, cls, {"aria-label": b["label"]}, parent)
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
        if b.get("aside"):  # out of the bottom sheet, under the board (gamepage.render)
            parent = el("div", None, "aside", None, parent)
        el("h3", b["label"], None, {"aria-hidden": "true"}, parent)
        draw(b["svg"], el("figure", None, "chart", None, parent))
    elif t == "step":  # the replay's step, in one line (viewer.py)
        # two lines' room on a phone, a longer step scrolled inside: reached with
        # the keyboard too (axe scrollable-region-focusable; desk12's narrower line)
        focus = {"tabindex": "0"}
        if not b.get("short"):
            el("p", b["text"], "step-line", focus, parent)
            return
        # a check step: its words, and the marks a phone shows in their place (table.css)
        line = el("p", None, "step-line", focus, parent)
        el("span", b["text"], "step-words", None, line)
        el("span", b["short"], "step-marks", {"aria-hidden": "true"}, line)


def draw(tree, parent):
    """An SVG element tree from lostcode/web/game/board.py ([tag, attrs, children]) into
    the DOM, built by assets/boot.js in one call: element by element from here, a
    screen cost thousands of calls from Python into JavaScript (issue 25).
    Returns the new element; under a Node, the tree itself (built with the rest)."""
    if isinstance(parent, Node):
        parent.kids.append(tree)
        return tree
    return window.lostcodeDraw(parent, dumps(tree))


def render_evidence(b, parent, racks=True, dice=True, badge=None):
    """What a decision rests on, next to the question: the dice (and the racks);
    without the dice where they decide nothing (the final candidates). The
    private screen's badge sits beside the dice, in the round's corner (one
    line less above the racks at 360x640, issue 22)."""
    box = el("div", None, "evidence", None, parent)
    top = el("div", None, "dice-row" + ("" if dice else " no-dice"), None, box)
    left = el("div", None, "dice-left", None, top)
    if badge:
        el("p", badge, "private-badge", None, left)
    el("p", b["round"], "round", None, left)
    if dice:
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


def render_strip(m, parent, kept=None):
    """The player strip (tableview.strip_model): one chip per seat, its
    marker's colour and initial, name, score; the player to act marked.
    `kept`: the page's kept parts (kept_json), when it keeps them."""
    if not m:
        clear(parent)
        parent.hidden = True
        return
    parent.hidden = False
    if kept is None:
        holder = Node("div")
        strip_tree(m, holder)
        adopt(parent, holder)
    else:
        adopt_json(parent, kept_json(kept, "strip", m, lambda h: strip_tree(m, h)))


def strip_tree(m, holder):
    # its name also a pointer's tooltip: the ru edition spells out «ПО» there (desk15)
    box = el("ul", None, "strip", {"aria-label": m["label"], "title": m["label"]}, holder)
    if m["round"]["text"]:
        li = el("li", None, "strip-round", None, box)
        el("span", m["round"]["aria"], "visually-hidden", None, li)
        el("span", m["round"]["text"], None, {"aria-hidden": "true"}, li)
    for s in m["seats"]:
        cls = "seat seat-" + str(s["seat"]) + (" turn" if s["turn"] else "")
        if s["delta"]:
            cls += " moved"
        li = el("li", None, cls, {"data-seat": s["seat"], "data-score": s["score"]}, box)
        if s["turn"]:
            li.setAttribute("aria-current", "true")
        el("span", s["aria"], "visually-hidden", None, li)
        el("span", s["mark"], "seat-mark", {"aria-hidden": "true"}, li)
        el("span", s["name"], "seat-name", {"aria-hidden": "true"}, li)
        el("span", s["text"], "seat-score", {"aria-hidden": "true"}, li)
        if s.get("level"):  # a computer's level (solo.show_levels; drawn from 900 px wide)
            el("span", s["level"], "seat-level", {"aria-hidden": "true"}, li)
    if m.get("lang"):  # the language choice, one tap away on a phone (desk10)
        li = el("li", None, "strip-lang", None, box)
        b = el("button", None, "btn lang-btn", {"type": "button", "data-act": m["lang"]["act"],
               "data-arg": "", "aria-label": m["lang"]["label"]}, li)
        globe = el("svg", None, "icon globe", {"viewBox": "0 0 24 24", "aria-hidden": "true",
                                               "focusable": "false"}, b)  # as the header's
        el("circle", None, None, {"cx": "12", "cy": "12", "r": "10"}, globe)
        el("path", None, None, {"d": GLOBE}, globe)
