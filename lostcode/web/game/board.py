"""The board, drawn: SVG element trees computed from what one viewer may see.

Why a separate module: the drawing is view-model code like views.py, pure and
tested on CPython, MicroPython-portable; the adapter (dom.py) only turns a
tree into DOM nodes with createElementNS. Nothing here reads the game state: the
input is an observation (lostcode/rules/observation.py), so a rack value this
viewer may not see is None here and can only be drawn face down.

A node is a list [tag, attrs, children]: attrs a dict of strings, children a
list of nodes, or a string (the element's text). Lists, not tuples, so a tree
survives a JSON round trip unchanged. Every part a player reads has an
accessible name (role="img" + aria-label, or a named group) and a text or
shape beside its colour: symbols are drawn with their own shapes
(assets/symbols.svg), markers carry their player's initial, taken wheels are
crossed out, right and wrong bets carry a tick or a cross.
"""

from ...rules.components import WHEEL_IDS, WHEEL_VP, WHEEL_WIDTH
from ..shell.i18n import _, ngettext
from ..shell.you import YOU_NAMES
from .names import dice_text, range_text, symbol_name
from .svgtree import initials, node, svg, text
from .track import track_svg

SYMBOLS_URL = "./assets/symbols.svg#"
STONE = 40  # stone size in SVG units; a rack is one row of them
GAP = 4
NAME_W = 84  # room for the rack owner's name left of the stones


def symbol_use(sym, x, y, size):
    return node(
        "use",
        {
            "href": SYMBOLS_URL + sym,
            "x": str(x),
            "y": str(y),
            "width": str(size),
            "height": str(size),
            "class": "sym sym-" + sym,
            "aria-hidden": "true",
        },
    )


# --------------------------------------------------------------------------- stones and racks


def stone(sym, value, x, y, size, label, cls="stone"):
    """A stone: its symbol's shape and colour, and its value, or face down."""
    down = value is None
    kids = [
        node(
            "rect",
            {
                "x": str(x),
                "y": str(y),
                "width": str(size),
                "height": str(size),
                "rx": str(size // 6),
                "class": "stone-face" + (" down" if down else ""),
            },
        ),
        symbol_use(sym, x + 2, y + 2, size * 9 // 20),
    ]
    if down:
        kids.append(text(x + size * 2 // 3, y + size * 3 // 4, "?", "stone-q", size=size // 2))
    else:
        kids.append(
            text(x + size * 2 // 3, y + size * 4 // 5, value, "stone-v", size=size * 3 // 5)
        )
    return node(
        "g",
        {
            "role": "img",
            "aria-label": label,
            "class": cls + " sym-" + sym + (" down" if down else ""),
        },
        kids,
    )


def stone_label(sym, value):
    if value is None:
        return _("{sym}: hidden", sym=symbol_name(sym))
    return _("{sym}: {value}", sym=symbol_name(sym), value=value)


def rack_title(obs, r):
    """The rack's name everywhere (drawn board, tables, accessible names)."""
    owner = obs["racks"][r]["owner"]
    if owner is None:
        k = sum(1 for i in range(r + 1) if obs["racks"][i]["owner"] is None)
        return _("Unowned rack {letter}", letter="ABCD"[k - 1])
    return _("Rack of {name}", name=obs["names"][owner])


def short_name(name):
    """A rack owner's name in the 8 characters left of the stones (they begin 84
    units in; the rack's title holds the whole name): a longer one is cut
    («Alessan…»), but a seat number at its end stays, abbreviated before it
    («Gioc. 1», «Gioc. 2»: the Italian default names all read «Giocato…» in
    table mode at 360 px, issue 42)."""
    if len(name) <= 8:
        return name
    cut = name.rfind(" ")
    tail = name[cut + 1:]
    if cut > 0 and tail.isdigit() and len(tail) <= 2:
        return name[:4] + ". " + tail
    return name[:7] + "…"


def rack_svg(obs, r, result=None):
    """One rack: the owner's name, then a row of stones in canonical order; under
    the stones, once the rack has any, every stone discarded from it in order,
    face up (a symbol and its value, the newest outlined: issue 39, the
    discards are evidence at the table). A rack without discards keeps one
    row's height. Every discard is named too (the group's label lists them);
    the deduction sheet and the log hold them as well.

    result: at the check (views.check_racks), its owner's bet and result under the name.

    The newest discard carries data-dx/dy/k: the move (in SVG units, about the
    origin) that puts it over its symbol's slot in the rack at the stone's size,
    so the replacement moment (gamepage.py, style.css) can show the old stone face
    up where it stood before it goes to the discards. Its value is public
    already (it is drawn face up beside the rack)."""
    rack = obs["racks"][r]
    title = rack_title(obs, r)
    own = obs["viewer"] is not None and rack["owner"] == obs["viewer"]
    syms = obs["symbols"]
    owner = rack["owner"]
    if owner is not None:
        name = short_name(obs["names"][owner])
    else:  # short enough for the room left of the stones (never cut: the letter is
        # what tells the racks apart); the full title names the SVG
        k = sum(1 for i in range(r + 1) if obs["racks"][i]["owner"] is None)
        name = _("Rack {letter}", letter="ABCD"[k - 1])
    kids = [text(0, 17, name, "rack-name", anchor="start", size=15)]
    if owner is None and len(name) > 8 and " " in name:  # desk12: ru «Подставка А», the
        # word whole; fix16b (a tenth playtest: squeezed by textLength it read as another,
        # condensed face): the word at 13 units (80 of NAME_W's 84 in ru, 11.4 px at 360
        # wide), its letter under it as large as a player's name (where "you" goes)
        word, letter = name.rsplit(" ", 1)
        kids = [text(0, 17, word, "rack-name", anchor="start", size=13),
                text(0, 38, letter, "rack-name", anchor="start", size=15)]
    disc = obs["discards"][r]
    under = _("you") if own and name not in YOU_NAMES else (obs.get("levels") or {}).get(owner)
    if under and not result:  # "you" ("You" needs none), a computer's level (else the result)
        kids.append(text(0, 38, under, "rack-you", anchor="start", size=13))
    if result:  # the bet played ("W7 9–15", fix9), then its result ("✓ +2", "✗ ↓"): >= 11 px
        at = [(30, result[3], "rack-bet", 13), (43, result[0], "rack-res", 13)]
        kids.append(node("g", {"role": "img", "aria-label": result[1], "class": "rack-result "
                               + result[2]}, [text(0, y, t, c, "start", z) for y, t, c, z in at]))
    stones = []
    for i, sym in enumerate(syms):
        v = rack["stones"][sym]
        stones.append(stone(sym, v, NAME_W + i * (STONE + GAP), 2, STONE, stone_label(sym, v)))
    kids.append(node("g", {"class": "stones"}, stones))
    height = STONE + 4
    if disc:  # the row starts right under the stones (the racks' room at 360x640)
        kids.append(discards_row(disc, syms, title, STONE + 2))
        height = STONE + 2 + DISC_H
    width = NAME_W + len(syms) * (STONE + GAP)
    out = svg(width, height, title, "rack" + (" own" if own else ""), kids)
    out[1]["data-rack"] = str(r)
    # desk6: a wide screen keeps the discards' row's room from round 1 (style.css, by data-slots)
    out[1].update({"data-slots": str(len(syms)), "preserveAspectRatio": "xMinYMin meet"})
    if owner is not None:
        out[1]["data-owner"] = str(owner)  # public: whose rack it is (the moments find it)
    return out


DISC_H = 15  # the discards' row under a rack's stones
DISC_W = 26  # one discard: its symbol (13) and its value (13, >= 11 px on a phone)


def discards_row(disc, syms, title, top):
    """Every discard of a rack in order, left to right under its stones: the
    symbol's shape and the value; the newest outlined and in bold."""
    items = [text(NAME_W - 6, top + 12, "⤷", "rack-you", anchor="end", size=14)]
    per = max(1, (len(syms) * (STONE + GAP)) // DISC_W)
    step = DISC_W if len(disc) <= per else (len(syms) * (STONE + GAP) - DISC_W) // (len(disc) - 1)
    for i, d in enumerate(disc):
        x = NAME_W + i * step
        newest = i == len(disc) - 1
        label = _(
            "discarded {sym} {value} (round {round})",
            sym=symbol_name(d["symbol"]),
            value=d["value"],
            round=d["round"],
        )
        if newest:
            label += ", " + _("newest")
        parts = []
        if newest:
            parts.append(node("rect", {"x": str(x - 1), "y": str(top), "width": str(DISC_W - 1),
                                       "height": str(DISC_H - 1), "rx": "3",
                                       "class": "discard-new"}))
        parts.append(symbol_use(d["symbol"], x + 1, top + 2, 11))
        parts.append(text(x + 13, top + 12, d["value"], "discard-v" + (" new" if newest else ""),
                          "start", 13))
        item = node("g", {"role": "img", "aria-label": label,
                          "class": "discard" if newest else "discard old"}, parts)
        if newest and d["symbol"] in syms:
            scale = STONE / DISC_H
            slot = NAME_W + syms.index(d["symbol"]) * (STONE + GAP)
            item[1]["data-dx"] = _f(slot - scale * x)
            item[1]["data-dy"] = _f(2 - scale * top)
            item[1]["data-k"] = _f(scale)
        items.append(item)
    every = ", ".join(
        _("{sym} {value}", sym=symbol_name(e["symbol"]), value=e["value"]) for e in disc
    )
    return node(
        "g",
        {
            "role": "group",
            "class": "discards",
            "aria-label": _("Discards beside {title}", title=title) + " (" + every + ")",
        },
        items,
    )


# --------------------------------------------------------------------------- dice


def dice_svg(obs):
    dice = obs["dice"]
    if not dice:
        return svg(150, 44, _("Dice: not rolled yet"), "dice", [], role="img")
    kids = []
    for i, sym in enumerate(dice):
        x = i * 50 + 2
        kids.append(
            node(
                "g",
                {
                    "role": "img",
                    "aria-label": symbol_name(sym),
                    "class": "die sym-" + sym,
                    "data-die": str(i),
                },
                [
                    node(
                        "rect",
                        {
                            "x": str(x),
                            "y": "2",
                            "width": "44",
                            "height": "44",
                            "rx": "8",
                            "class": "die-face",
                        },
                    ),
                    symbol_use(sym, x + 8, 10, 28),
                ],
            )
        )
    return svg(150, 48, _("Dice: {dice}", dice=dice_text(dice)), "dice", kids)



# --------------------------------------------------------------------------- wheels


def arc_path(cx, cy, r, start, stop, total):
    """An arc over ring positions start..stop (inclusive) of `total`, clockwise from the top."""
    return _arc(cx, cy, r, start / total, (stop + 1) / total)


def _arc(cx, cy, r, a0, a1):
    import math

    if a1 - a0 >= 0.999:
        a1 = a0 + 0.999
    p0 = (cx + r * math.sin(2 * math.pi * a0), cy - r * math.cos(2 * math.pi * a0))
    p1 = (cx + r * math.sin(2 * math.pi * a1), cy - r * math.cos(2 * math.pi * a1))
    large = 1 if a1 - a0 > 0.5 else 0
    # A wedge: centre, out to p0, arc (large-arc flag, clockwise) to p1, back.
    parts = ("M", _f(cx), _f(cy), "L", _f(p0[0]), _f(p0[1]), "A", _f(r), _f(r), "0",
             str(large), "1", _f(p1[0]), _f(p1[1]), "Z")  # fmt: skip
    return " ".join(parts)


def _f(x):
    return str(int(round(x * 10)) / 10)


def wheel_icon(wheel, size=40, taken=False, ring=22):
    """A wheel: a disc with a wedge as wide as its range on the ring."""
    c = size / 2
    kids = [
        node("circle", {"cx": _f(c), "cy": _f(c), "r": _f(c - 2), "class": "wheel-disc"}),
        node(
            "path", {"d": _arc(c, c, c - 2, 0, WHEEL_WIDTH[wheel] / ring), "class": "wheel-wedge"}
        ),
        text(c, c + 4.5, wheel, "wheel-id", size=13),
    ]
    if taken:
        kids.append(
            node("path", {"d": "M4 4 L" + str(size - 4) + " " + str(size - 4), "class": "wheel-x"})
        )
    return kids


def wheel_button_art(wheel, taken, ring_max):
    """The picture inside a wheel's button (the button's name says it all)."""
    kids = wheel_icon(wheel, 40, taken, ring_max + 1)
    vp = WHEEL_VP[wheel]  # as pips: the button's only visible text is the wheel's id
    for i in range(vp):
        x = 20 + (i - (vp - 1) / 2) * 7
        kids.append(node("circle", {"cx": _f(x), "cy": "47", "r": "2.6", "class": "vp-pip"}))
    return node(
        "svg",
        {"viewBox": "0 0 40 51", "class": "wheel-art", "aria-hidden": "true", "focusable": "false"},
        kids,
    )


def wheels_svg(obs, taken):
    """The seven wheels, each with its width and VP; taken ones crossed out."""
    kids = []
    ring = obs["ring_max"] + 1
    for i, w in enumerate(WHEEL_IDS):
        by = taken.get(w)
        state = _("taken by {name}", name=by) if by else _("free")
        label = _(
            "{wheel}: {width} wide, {vp} VP, {state}",
            wheel=w,
            width=WHEEL_WIDTH[w],
            vp=WHEEL_VP[w],
            state=state,
        )
        x = i * 48
        g = node(
            "g", {"transform": "translate(" + str(x) + " 0)"}, wheel_icon(w, 44, bool(by), ring)
        )
        kids.append(
            node(
                "g",
                {"role": "img", "aria-label": label, "class": "wheel" + (" taken" if by else "")},
                [
                    g,
                    text(
                        x + 22, 58, ngettext("{n} VP", "{n} VP", WHEEL_VP[w]), "wheel-vp", size=12
                    ),
                ],
            )
        )
    return svg(7 * 48, 62, _("Wheels"), "wheels", kids)


def ring_svg(low, high, ring_max, label, result=None):
    """A bet on the 0..ring_max ring: every number round the ring, the range
    covered; at the check a tick (right) or a cross (wrong) in the middle."""
    import math

    size = 120
    c = size / 2
    total = ring_max + 1
    kids = [node("circle", {"cx": _f(c), "cy": _f(c), "r": _f(c - 24), "class": "ring"})]
    if low is not None:
        kids.append(
            node("path", {"d": arc_path(c, c, c - 24, low, high, total), "class": "ring-range"})
        )
    # A tick for every value; numbers (13 units: 11 CSS px and more at the ring's
    # 104 px) like a clock's: every fifth, and the range's two ends, never crowded.
    ends = () if low is None else (low, high)
    for v in range(total):
        a = 2 * math.pi * (v + 0.5) / total
        sin, cos = math.sin(a), math.cos(a)
        inside = low is not None and low <= v <= high
        r0, r1 = c - 30, c - 18
        kids.append(node("path", {
            "d": "M" + _f(c + r0 * sin) + " " + _f(c - r0 * cos)
            + " L" + _f(c + r1 * sin) + " " + _f(c - r1 * cos),
            "class": "ring-tick" + (" in" if inside else ""),
        }))
        near = any(abs(v - e) == 1 for e in ends)
        if v in ends or (v % 5 == 0 and not near and v != total - 1):
            x = c + (c - 9) * sin
            y = c - (c - 9) * cos + 4.5
            kids.append(text(_f(x), _f(y), v, "ring-n" + (" in" if inside else ""), size=13))
    if result is not None:
        kids.append(
            text(
                c,
                c + 9,
                "✓" if result == "correct" else "✗",
                "ring-res " + ("ok" if result == "correct" else "bad"),
                size=26,
            )
        )
    return svg(size, size, label, "ring-svg", kids, role="img")


def checks_rings(guesses, names, ring_max, results):
    """At the check: each bet on its ring, right or wrong (results: the
    table's result texts, already translated)."""
    out = []
    for i, g in enumerate(guesses):
        res = results[i]
        label = _(
            "{name}: {wheel}, {range}, {result}",
            name=names[g["player"]],
            wheel=g["wheel"],
            range=range_text(g["low"], g["high"]),
            result=res,
        )
        out.append(
            {
                "name": names[g["player"]],
                "svg": ring_svg(g["low"], g["high"], ring_max, label, g["result"]),
            }
        )
    return out


# --------------------------------------------------------------------------- piles and tokens


def extras_svg(obs):
    """Supply piles (face-down stones with their count), shortcut tokens, the curse token."""
    kids = []
    x = 0
    for sym in obs["symbols"]:
        n = obs["piles"][sym]
        label = ngettext("{sym} pile: {n} stone", "{sym} pile: {n} stones", n, sym=symbol_name(sym))
        kids.append(
            node(
                "g",
                {"role": "img", "aria-label": label, "class": "pile sym-" + sym},
                [
                    node(
                        "rect",
                        {
                            "x": str(x + 3),
                            "y": "0",
                            "width": "34",
                            "height": "34",
                            "rx": "5",
                            "class": "stone-face down",
                        },
                    ),
                    node(
                        "rect",
                        {
                            "x": str(x),
                            "y": "3",
                            "width": "34",
                            "height": "34",
                            "rx": "5",
                            "class": "stone-face down",
                        },
                    ),
                    symbol_use(sym, x + 2, 5, 16),
                    text(x + 24, 32, n, "pile-n", size=14),
                ],
            )
        )
        x += 44
    y = 46
    tx = 0
    names = obs["names"]
    for sym in obs["symbols"]:
        t = obs["tokens"].get(sym)
        if t is None:
            continue
        if t["state"] == "available":
            label = _("{sym} shortcut token: available", sym=symbol_name(sym))
            mark = ""
        elif t["state"] == "taken":
            label = _(
                "{sym} shortcut token: held by {name}",
                sym=symbol_name(sym),
                name=names[t["holder"]],
            )
            mark = initials(names[: obs["players"]])[t["holder"]]
        else:
            label = _("{sym} shortcut token: out of the game", sym=symbol_name(sym))
            mark = "✗"
        kids.append(
            node(
                "g",
                {
                    "role": "img",
                    "aria-label": label,
                    "class": "token sym-" + sym + (" gone" if mark == "✗" else ""),
                },
                [
                    node(
                        "circle",
                        {"cx": str(tx + 17), "cy": str(y + 17), "r": "16", "class": "token-disc"},
                    ),
                    symbol_use(sym, tx + 7, y + 5, 20),
                    text(tx + 28, y + 32, mark, "token-m", size=11),
                ],
            )
        )
        tx += 40
    c = obs["curse"]
    if c is not None:
        if c["state"] == "available":
            label = _("Curse token: waiting for the first marker to reach space 7")
            mark = "7"
        elif c["state"] == "taken":
            label = _("Curse token: held by {name}", name=names[c["holder"]])
            mark = initials(names[: obs["players"]])[c["holder"]]
        else:
            label = _("Curse token: out of the game")
            mark = "✗"
        kids.append(
            node(
                "g",
                {"role": "img", "aria-label": label, "class": "curse-token"},
                [
                    node(
                        "circle",
                        {"cx": str(tx + 17), "cy": str(y + 17), "r": "16", "class": "curse-disc"},
                    ),
                    text(tx + 17, y + 23, "☠", "curse-t", size=16),
                    text(tx + 30, y + 34, mark, "token-m", size=11),
                ],
            )
        )
        tx += 40
    height = y + 38 if tx else 40
    return svg(max(6 * 44, tx), height, _("Piles and tokens"), "extras", kids)


# --------------------------------------------------------------------------- the whole board


def board_model(obs, part=None, round_of=None):
    """What the adapter draws: evidence (dice, racks) near the question, the
    rest of the table (track, wheels, piles and tokens) beside or below.
    `part` (views.BoardKeeper.part) may hand back a part's last tree."""
    part = part or _made
    taken = {}
    if obs["phase"] == "guess" and obs["history"]:
        for p, w in obs["history"][-1]["wheels"]:
            taken[w] = obs["names"][p]
    round_text = _("Game over") if obs["phase"] == "end" else _(  # round_of: tableview.ended_round
        "Round {round} of {rounds}", round=round_of or obs["round"], rounds=obs["rounds"])
    return {
        "round": round_text,
        "dice": part("dice", dice_svg, obs),
        "racks": [part("rack", rack_svg, obs, r) for r in range(len(obs["racks"]))],
        "track": part("track", track_svg, obs),
        "wheels": part("wheels", wheels_svg, obs, taken),
        "extras": part("extras", extras_svg, obs),
    }


def _made(_name, make, *args):
    return make(*args)

