"""The drawing's parts shared by board.py, track.py, chart.py and the second
game's screens: SVG element trees as lists ([tag, attrs, children]) that survive
a JSON round trip, every text hidden from screen readers (the part's own name
says it). Split from board.py (desk12) so that track.py can draw with them
without an import cycle."""

from ..shell.i18n import capital


def node(tag, attrs=None, children=None):
    return [tag, attrs or {}, children if children is not None else []]


def text(x, y, s, cls="", anchor="middle", size=None):
    a = {"x": str(x), "y": str(y), "text-anchor": anchor}
    if cls:
        a["class"] = cls
    if size:
        a["font-size"] = str(size)
    a["aria-hidden"] = "true"
    return node("text", a, str(s))


def svg(width, height, label, cls, children, role="group"):
    """An <svg> whose own name says what it shows (role img: one picture;
    group: named parts inside)."""
    return node(
        "svg",
        {
            "viewBox": "0 0 " + str(width) + " " + str(height),
            "class": "board " + cls,
            "role": role,
            "aria-label": label,
            "focusable": "false",
        },
        children,
    )


def initials(names):
    """One short mark per marker: the first letter, or the seat number where
    two names share it (markers are never told apart by colour alone)."""
    firsts = [capital(n.strip()[:1] or "?") for n in names]
    out = []
    for i, f in enumerate(firsts):
        out.append(f if firsts.count(f) == 1 else f + str(i + 1))
    return out
