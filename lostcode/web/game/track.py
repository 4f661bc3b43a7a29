"""The score track, drawn (split from board.py, desk12): pure view-model code
like board.py, tested on CPython, MicroPython-portable.

Why markers are pins packed along a row: a seventh playtest read a marker
drawn over its space as standing on the row above (the panel had cut its own
row away), and at a desktop check one of two markers on a space was hidden
under the other, its "P1" cut to "P". Each marker now stands beside the others
of its row, never over one (its initial whole), and points into its own space.
"""

from ...rules.components import CURSE_LEAVES_AT, CURSE_TAKE_AT
from ...rules.vocab import EV_MOVE, EV_ROLL
from ..shell.i18n import _
from .svgtree import initials, node, svg, text

TRACK_COLS = 10
PITCH = 38  # between the centres of two spaces of the track
SPACE_R = 15
ROW_H = 58
MARK_R = 11  # a marker's disc; "P1" at 13 units fits it
MARK_SEP = 2 * MARK_R + 1  # two markers side by side: neither covers the other
MARK_UP = SPACE_R + 12  # a marker's centre over its space's: the gap between two rows
ABOVE = MARK_UP + MARK_R - SPACE_R + 2  # room over the top row for its markers


def spread(wants, lo, hi, sep=MARK_SEP):
    """Centres for markers wanting the x's in `wants` (ascending), at least
    `sep` apart within [lo, hi], each as near its own as the others allow:
    markers that would touch form a group centred on what its members want."""
    groups = []  # [count, sum of (want - index in group * sep)]

    def start(g):
        return max(lo, min(hi - (g[0] - 1) * sep, g[1] / g[0]))

    for w in wants:
        groups.append([1, w])
        while len(groups) > 1:
            a, b = groups[-2], groups[-1]
            if start(b) >= start(a) + a[0] * sep:
                break
            groups.pop()
            a[1] += b[1] - b[0] * a[0] * sep
            a[0] += b[0]
    out = []
    for g in groups:
        s = start(g)
        out.extend(s + k * sep for k in range(g[0]))
    return out


def last_moves(log):
    """{player: spaces moved} by the markers' moves since the latest roll (the
    check of the round just played), for the check moment's markers."""
    moved = {}
    for e in reversed(log or []):
        t = e.get("t")
        if t == EV_ROLL:
            break
        if t == EV_MOVE:
            moved[e["player"]] = moved.get(e["player"], 0) + e["delta"]
    return moved


def came_from(moved, scores, pin_x, at, width):
    """{player: (pin x, space y)} where each marker moved at the check stood
    before it: beside, never on, the markers of that row. A ninth playtest saw
    pins vanish as the check began: every mover was sent back to its old
    space's centre, so two movers from space 0 lay exactly over each other
    and over the one that stayed. The row is packed as the track packs it
    (`spread`); a marker that did not move keeps its place (it neither moves
    nor blinks), and a mover the packing would put on it goes to the nearest
    free place instead."""
    lo, hi = MARK_R + 1, width - MARK_R - 1
    rows = {}  # a row's y: [(want, 0 stays / 1 moves, player)]
    for p in range(len(scores)):
        if moved.get(p):
            x, y = at(scores[p] - moved[p])
            rows.setdefault(y, []).append((x, 1, p))
        else:
            rows.setdefault(at(scores[p])[1], []).append((pin_x[p], 0, p))
    out = {}
    for y, row in rows.items():
        row.sort()
        xs = spread([w for w, _m, _p in row], lo, hi)
        taken = [pin_x[p] for _w, m, p in row if not m]
        for i in range(len(row)):
            want, m, p = row[i]
            if not m:
                continue
            x = xs[i]
            if any(abs(x - t) < MARK_SEP - 0.01 for t in taken):
                tries = [want] + [t + d for t in taken for d in (MARK_SEP, -MARK_SEP)]
                free = [c for c in tries
                        if lo <= c <= hi and all(abs(c - t) >= MARK_SEP - 0.01 for t in taken)]
                x = min(free, key=lambda c: abs(c - want)) if free else want
            taken.append(x)
            out[p] = (round(x, 1), y)
    return out


def mark_size(mark):
    """A marker's initial fills its disc; "P1" (two seats sharing a letter) a little smaller,
    still >= 11 CSS px at 360 wide."""
    return 14 if len(mark) < 2 else 13


def track_svg(obs):
    """The score track as a track (issue 22): a winding band of round spaces,
    0 at the bottom left, rows of ten running back and forth, the numbers in
    the spaces; each marker a pin in the gap over its space, its point in the
    space, the markers of a row side by side in stack order (bottom first:
    the one further right breaks ties) where they would touch; the curse marks.

    A marker moved since the latest roll carries data-dx/dy: the way back to
    where it stood before (`came_from`), so the check moment (moments.py,
    style.css) can move it along the track; data-space and data-from its
    spaces; public, like the log it comes from."""
    names = obs["names"]
    n = obs["players"]
    scores = obs["scores"]
    heights = obs["heights"]
    marks = initials(names[:n])
    lo = min(0, min(scores))
    lo -= lo % TRACK_COLS
    hi = max(29, max(scores))
    hi += TRACK_COLS - 1 - (hi - lo) % TRACK_COLS
    curse = obs["curse"]
    spaces = {}
    for p in range(n):
        spaces.setdefault(scores[p], []).append(p)
    rows = (hi - lo + 1) // TRACK_COLS
    top = ABOVE  # room over the top row for its markers

    def at(v):
        """The centre of space v."""
        k = max(0, min(hi - lo, v - lo))
        row, col = k // TRACK_COLS, k % TRACK_COLS
        if row % 2:
            col = TRACK_COLS - 1 - col  # the track winds back and forth
        return PITCH // 2 + 4 + col * PITCH, top + (rows - 1 - row) * ROW_H + SPACE_R

    moved = last_moves(obs.get("log"))
    width = TRACK_COLS * PITCH + 8
    rows_of = {}  # a row's y: [(x, place in its stack, player)]
    for v, stack in spaces.items():
        x, y = at(v)
        for j, p in enumerate(sorted(stack, key=lambda q: heights[q])):
            rows_of.setdefault(y, []).append((x, j, p))
    pin_x = {}
    for row in rows_of.values():
        row.sort()
        xs = spread([x for x, _j, _p in row], MARK_R + 1, width - MARK_R - 1)
        for i in range(len(row)):
            pin_x[row[i][2]] = round(xs[i], 1)
    came = came_from(moved, scores, pin_x, at, width)
    band = []
    for k in range(hi - lo + 1):
        x, y = at(lo + k)
        band.append(("M" if not band else "L") + str(x) + " " + str(y))
    kids = [node("path", {"d": " ".join(band), "class": "track-band"})]
    for k in range(hi - lo + 1):
        v = lo + k
        x, y = at(v)
        cls = "space"
        if curse is not None and v in (CURSE_TAKE_AT, CURSE_LEAVES_AT):
            cls += " mark"
        stack = sorted(spaces.get(v, []), key=lambda p: heights[p])
        cell = [
            node("circle", {"cx": str(x), "cy": str(y), "r": str(SPACE_R), "class": cls}),
            text(x, y + 5, v, "space-no", size=14),
        ]
        if "mark" in cls:
            cell.append(text(x + SPACE_R - 2, y - SPACE_R + 6, "☠", "space-mark", size=12))
        for p in stack:  # bottom of the stack first: drawn under the next
            px, my = pin_x[p], y - MARK_UP
            marker = {"class": "marker seat-" + str(p), "aria-hidden": "true", "data-space": str(v)}
            if p in came:
                ox, oy = came[p]
                marker["data-from"] = str(v - moved[p])
                marker["data-dx"] = _f(round(ox - px, 1))
                marker["data-dy"] = str(oy - y)
            point = f"M{_f(px - 5)} {my + 7} L{x} {y - SPACE_R + 5} L{_f(px + 5)} {my + 7} Z"
            cell.append(
                node(
                    "g",
                    marker,
                    [
                        node("path", {"d": point}),
                        node("circle", {"cx": _f(px), "cy": str(my), "r": str(MARK_R)}),
                        text(_f(px), my + 4.5, marks[p], "marker-t", size=mark_size(marks[p])),
                    ],
                )
            )
        attrs = {"class": "cell", "data-space": str(v)}  # fix14: the 0-9 row found by a test
        if stack:
            attrs["role"] = "img"
            attrs["aria-label"] = _(
                "Space {space}: {names} (bottom to top)",
                space=v,
                names=", ".join(names[p] for p in stack),
            )
        if curse is not None and curse["state"] == "taken" and curse["holder"] in stack:
            cell.append(text(x + SPACE_R + 2, y + 5, "☠", "curse-on", size=13))
        kids.append(node("g", attrs, cell))
    out = svg(width, top + (rows - 1) * ROW_H + 2 * SPACE_R + 4, _("Score track"), "track", kids)
    out[1]["data-rows"] = str(rows)  # a taller track's least size (table.css, desk12)
    return out


def _f(x):
    """A coordinate as short text ("12", "12.5")."""
    return str(int(x)) if x == int(x) else str(x)
