"""Help next to the choice (issue 39): a private screen's "What can I deduce?"
panel, the expert and the deduction sheet, one tap away from the sticky bar.

Pure: the page (gamepage.render) draws this model. On a phone the help is
closed until the bar's Help button opens it, then it takes the choices' place
just above the screen's bottom sheet (the racks, the question and the confirm
stay in sight: a playtest of issue 39 found it over the racks) with a
row of tabs (the chances, the expert, the sheet) and a close button; on a
wide screen it is always open, under the choice in the screen's column (bar9).

Only what the screen already holds is shown: the viewer's own assistant and
sheet, made from their observation (no own stone value, R-S7). A public
screen has no help at all.
"""

from .. import actions
from ..shell.i18n import _

DEDUCE = "deduce"  # the chances of each own value, the suggestion, why values are out
EXPERT = "expert"  # "What would the expert do?"
SHEET = "sheet"  # the deduction sheet
TABS = (DEDUCE, EXPERT, SHEET)


def tabs_of(m):
    """The help a screen model offers, in order ([] on a public screen)."""
    if not m.get("private"):
        return []
    a = m.get("assistant")
    out = []
    if a and not a.get("expert_only"):
        out.append(DEDUCE)
    if a and a.get("expert"):
        out.append(EXPERT)
    if m.get("sheet"):
        out.append(SHEET)
    return out


def chosen(m, want, wide):
    """The tab shown: the one asked for when this screen has it; on a wide
    screen the first one when none was asked for; else None (closed)."""
    tabs = tabs_of(m)
    if want in tabs:
        return want
    if wide and tabs:
        return tabs[0]
    return None


def tab_label(tab):
    return {
        DEDUCE: _("Chances"),
        EXPERT: _("Expert"),
        SHEET: _("Sheet"),
    }[tab]


def sheet_view(tab, wide, editing):
    """How a phone's Sheet tab draws the grid, or None (cells as buttons, as in
    the panel opened by its summary and on a wide screen).

    In the help's third of a phone the grid is a picture of the sheet, all 9
    rows at a glance, and one 44 px control turns its cells into 44 px buttons
    (scrolled inside the help) and back: 15 px cells as buttons made a stray
    tap cross out the wrong value (issue 39, sheet7). editing: that control
    was tapped (the page keeps it, like the open tab)."""
    if tab != SHEET or wide:
        return None
    if editing:
        switch = {"act": actions.SHEET_EDIT, "arg": "", "text": _("Done")}
    else:
        switch = {"act": actions.SHEET_EDIT, "arg": "1", "text": _("Mark values")}
    return {"editing": bool(editing), "switch": switch}


def dock_model(m, want, wide, editing=False, last=None):
    """The help's model for screen model `m`, or None when it has none.

    want: the tab the player last opened (None: closed); wide: the wide layout;
    editing: a phone's Sheet tab shows its cells as buttons (sheet_view); last:
    the tab last opened this game, which Help opens again when this screen has
    it (fix10, a sixth playtest: the Sheet was always two taps, Help -> Sheet)."""
    tabs = tabs_of(m)
    if not tabs:
        return None
    tab = chosen(m, want, wide)
    return {
        "open": tab is not None,
        "tab": tab,
        # (the assistant, the sheet) put in the DOM: an open help only its tab's
        # (issue 40: a wide screen's help is always open, and the sheet's 54
        # cells were put in, hidden, on every private screen); closed, both
        "drawn": (tab != SHEET, tab in (None, SHEET)),
        "label": _("Help"),
        # the bar's button: opens the first tab, or closes the open help
        "button": {
            "act": actions.HELP,
            "arg": "" if tab is not None else (last if last in tabs else tabs[0]),
            "text": _("Help"),
            "expanded": tab is not None,
        },
        "tabs": [
            {"act": actions.HELP, "arg": t, "text": tab_label(t), "pressed": t == tab}
            for t in tabs
        ],
        "close": {"act": actions.HELP, "arg": "", "label": _("Close the help")},
        # the expert's answer one tap from the choice (the page asks it as its tab
        # opens: main.help_dock); on a phone beside Help in the bar
        "ask": {"act": actions.HELP, "arg": EXPERT, "text": _("Expert"),
                "label": _("Ask the expert"), "pressed": tab == EXPERT}
        if EXPERT in tabs else None,
        # fix12 (a seventh playtest: the Sheet took Help, then its tab): one tap from
        # the bar too, its name the screen's own words for it
        "sheet": {"act": actions.HELP, "arg": SHEET, "text": _("Sheet"),
                  "label": _("Your deduction sheet"), "pressed": tab == SHEET}
        if SHEET in tabs else None,
        "sheet_view": sheet_view(tab, wide, editing),
        "ask_now": ask_now(m, tab, wide),
    }


def ask_now(m, tab, wide):
    """desk12 (a seventh playtest at 1280x800: the replacement's Expert tab,
    open beside the choice, waited for a second click on "Ask the expert"): on
    a wide screen the replacement's help is the expert's tab from the start,
    so the page asks it as the screen opens (its search runs in slices, the
    choice still takes taps). Elsewhere the help not asked waits (desk11)."""
    a = m.get("assistant") or {}
    ex = a.get("expert") or {}
    return bool(wide and tab == EXPERT and m.get("kind") == "replace" and ex.get("button"))
