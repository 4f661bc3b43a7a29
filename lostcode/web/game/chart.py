"""The end screen's score-over-rounds chart, drawn as SVG from the public log.

Why a module of its own: like board.py it is view-model code (pure, tested on
CPython, MicroPython-portable) that returns an element tree the adapter only
copies into the DOM. The numbers come from the public log's marker moves
(lostcode/rules/track.py writes each with its round and the new score), so
the chart shows exactly what the game log says. Each player's line has its
own dash pattern and point shape besides its colour, and the chart's
accessible description lists every number it draws.
"""

from ...rules.vocab import EV_END, EV_MOVE, MOVE_FINAL
from ..shell.i18n import _
from .board import initials, node, text

W = 340  # the chart's viewBox: it scales down to the screen's width
H = 210
LEFT = 30  # room for the score labels
RIGHT = 22  # room for the initials at the lines' ends
TOP = 34  # room for the legend
BOTTOM = 22  # room for the round numbers
SHAPES = ("circle", "square", "triangle", "diamond")
DASHES = ("", "6 3", "2 3", "8 3 2 3")


def score_rows(obs) -> list:
    """One row per player: the score at the start, after each round, and at
    the end (after the final candidates), read from the public log."""
    n = obs["players"]
    rounds = obs["rounds"]
    after = {}  # round -> scores at the end of that round (moves outside the final)
    final = None
    current = [0] * n
    for e in obs["log"]:
        if e["t"] == EV_MOVE and e.get("reason") != MOVE_FINAL:
            current[e["player"]] = e["score"]
            after[e["round"]] = list(current)
        elif e["t"] == EV_END:
            final = list(e["scores"])
    rows = [[0] for _p in range(n)]
    last = [0] * n
    for r in range(1, rounds + 1):
        if r in after:
            last = after[r]
        for p in range(n):
            rows[p].append(last[p])
    for p in range(n):
        rows[p].append(final[p] if final is not None else obs["scores"][p])
    return rows


def _ticks(lo: int, hi: int) -> list:
    """Score lines every 5 (10, 20, ...) points, from at or below lo to at or above hi."""
    step = 5
    while (hi - lo) / step > 6:
        step *= 2
    v = (lo // step) * step
    out = [v]
    while v < hi:
        v += step
        out.append(v)
    return out


def _mark(shape, x, y, cls):
    if shape == "circle":
        return node("circle", {"cx": _f(x), "cy": _f(y), "r": "3.5", "class": cls})
    if shape == "square":
        return node(
            "rect",
            {"x": _f(x - 3.2), "y": _f(y - 3.2), "width": "6.4", "height": "6.4", "class": cls},
        )
    if shape == "triangle":
        pts = [(x, y - 4.2), (x + 4, y + 3), (x - 4, y + 3)]
    else:
        pts = [(x, y - 4.5), (x + 4.5, y), (x, y + 4.5), (x - 4.5, y)]
    return node("polygon", {"points": " ".join(_f(a) + "," + _f(b) for a, b in pts), "class": cls})


def _f(x) -> str:
    """x to one decimal, written the same on every runtime (MicroPython's
    str(87.6) is "87.59999999999999")."""
    n = int(round(x * 10))
    sign = "-" if n < 0 else ""
    n = abs(n)
    return sign + str(n // 10) + ("." + str(n % 10) if n % 10 else "")


def chart_description(obs, rows) -> str:
    """Every number of the chart, as sentences (its accessible description)."""
    parts = []
    for p in range(obs["players"]):
        parts.append(
            _(
                "{name}: {scores} after rounds 1 to {rounds}; final score {score}.",
                name=obs["names"][p],
                scores=", ".join(str(v) for v in rows[p][1:-1]),
                rounds=obs["rounds"],
                score=rows[p][-1],
            )
        )
    return " ".join(parts)


LABEL_GAP = 16  # end labels at 12 units apart by this much: 4 units clear, never touching


def end_label_ys(ys, gap=LABEL_GAP, top=None, bottom=None):
    """The players' end labels' heights: each at its line's end, moved apart
    (at least `gap` units, top to bottom) where two scores are alike (issue 39:
    "B" and "C" at 25 were drawn on each other; at 13 units 12-unit letters
    still stood 1 px apart). With `bottom`, labels pushed under it are moved
    back up as a block (never above `top`): they stay inside the chart."""
    order = sorted(range(len(ys)), key=lambda p: (ys[p], p))
    out = list(ys)
    for k in range(1, len(order)):
        a, b = order[k - 1], order[k]
        if out[b] < out[a] + gap:
            out[b] = out[a] + gap
    if bottom is not None and order and out[order[-1]] > bottom:
        out[order[-1]] = bottom
        for k in range(len(order) - 2, -1, -1):
            a, b = order[k], order[k + 1]
            if out[a] > out[b] - gap:
                out[a] = out[b] - gap
        first = order[0]
        lift = min(top, ys[first]) if top is not None else out[first]
        if out[first] < lift:  # no room to lift them all: the spacing wins
            shift = lift - out[first]
            for p in order:
                out[p] += shift
    return out


def score_chart(obs, desc_id="score-chart-desc") -> list:
    """The chart as an element tree: x = start, rounds 1..R, final; y = score."""
    n = obs["players"]
    names = obs["names"]
    rows = score_rows(obs)
    values = [v for row in rows for v in row]
    lo, hi = min(0, min(values)), max(10, max(values))
    ticks = _ticks(lo, hi)
    lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])
    cols = len(rows[0])
    plot_w = W - LEFT - RIGHT
    plot_h = H - TOP - BOTTOM

    def x_at(i):
        return LEFT + plot_w * i / (cols - 1)

    def y_at(v):
        return TOP + plot_h * (hi - v) / (hi - lo)

    kids = [node("desc", {"id": desc_id}, chart_description(obs, rows))]
    grid = []
    for v in ticks:
        y = y_at(v)
        grid.append(
            node(
                "line",
                {
                    "x1": str(LEFT),
                    "x2": str(W - RIGHT),
                    "y1": _f(y),
                    "y2": _f(y),
                    "class": "grid" + (" zero" if v == 0 else ""),
                },
            )
        )
        grid.append(text(LEFT - 4, _f(y + 4), v, "axis", anchor="end", size=12))
    for i in range(cols):
        label = "0" if i == 0 else (_("End") if i == cols - 1 else str(i))
        grid.append(text(_f(x_at(i)), H - 6, label, "axis", size=12))
    kids.append(node("g", {"class": "grid-lines"}, grid))
    marks = initials(names[:n])
    ends = end_label_ys([y_at(rows[p][-1]) for p in range(n)], top=TOP, bottom=H - BOTTOM + 2)
    for p in range(n):
        pts = [(x_at(i), y_at(v)) for i, v in enumerate(rows[p])]
        line = {
            "points": " ".join(_f(x) + "," + _f(y) for x, y in pts),
            "class": "series-line",
            "fill": "none",
        }
        if DASHES[p % 4]:
            line["stroke-dasharray"] = DASHES[p % 4]
        g = [node("polyline", line)]
        for x, y in pts:
            g.append(_mark(SHAPES[p % 4], x, y, "series-mark"))
        x, y = pts[-1]
        g.append(text(_f(x + 6), _f(ends[p] + 4), marks[p], "series-end", anchor="start", size=12))
        # The legend: each player's shape and name, in seat order.
        lx = 4 + p * (W // 4)
        g.append(_mark(SHAPES[p % 4], lx + 5, 12, "series-mark"))
        g.append(text(lx + 13, 16, names[p][:12], "legend", anchor="start", size=12))
        kids.append(node("g", {"class": "series seat-" + str(p)}, g))
    return node(
        "svg",
        {
            "viewBox": "0 0 " + str(W) + " " + str(H),
            "class": "board score-chart",
            "role": "img",
            "aria-label": _("Score over the rounds"),
            "aria-describedby": desc_id,
            "focusable": "false",
        },
        kids,
    )
