"""The wide layout's breakpoint is said in one place (desk10).

Why: assets/boot.js's lostcodeFocusTop asked its own "(max-width: 899px)"
beside gamepage.WIDE ("(min-width: 900px)"), so moving the layout's breakpoint
in the CSS and Python would have left the focus scrolling a desktop's page to
its top. The page now tells the script which layout it is in."""

import re

from helpers import ROOT

GAMEPAGE = ROOT / "lostcode" / "web" / "game" / "gamepage.py"


def wide_query() -> str:
    return re.search(r'^WIDE = "([^"]+)"', GAMEPAGE.read_text(encoding="utf-8"), re.M).group(1)


def test_the_page_script_asks_no_breakpoint_of_its_own():
    boot = (ROOT / "assets" / "boot.js").read_text(encoding="utf-8")
    assert not re.search(r"matchMedia\([^)]*width", boot), "boot.js asks a width of its own"
    assert not re.search(r"\b(899|900)px", boot)
    # the page passes the layout it is in (gamepage.wide(), from WIDE)
    assert "lostcodeFocusTop(h, not wide())" in GAMEPAGE.read_text(encoding="utf-8")


def test_the_css_lays_the_table_out_from_the_same_width():
    """The CSS's table layout starts at WIDE's width and a phone's ends just under it."""
    query = wide_query()
    edge = int(re.search(r"min-width: (\d+)px", query).group(1))
    for css in ("style.css", "table.css"):
        text = (ROOT / "assets" / css).read_text(encoding="utf-8")
        assert "@media " + query in text, css
        near = {int(w) for w in re.findall(r"\((?:min|max)-width: (\d+)px\)", text)
                if abs(int(w) - edge) < 100}
        assert near <= {edge, edge - 1}, (css, near)
