"""Issue 39: help beside the choice (lostcode/web/game/helpdock.py), on whole
games' screen models: a private screen offers its viewer's chances, the
expert and the sheet; a public screen offers none; on a phone the help is
closed until asked, on a wide screen open on its first tab; nothing in it is
the viewer's own stone."""

import json
import random

from test_viewmodels import play

from lostcode.rules.options import Options
from lostcode.web import actions
from lostcode.web.game.helpdock import DEDUCE, EXPERT, SHEET, chosen, dock_model, tabs_of
from lostcode.web.game.session import Session


def screens(ses):
    seen = []
    play(ses, random.Random(3), lambda s, m: seen.append((s.state.copy(), m)))
    return seen


def test_private_screens_offer_help_and_public_ones_none():
    ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"])
    kinds = {}
    for state, m in screens(ses):
        d = dock_model(m, None, False)
        if not m["private"]:
            assert d is None and tabs_of(m) == [], m["kind"]
            continue
        assert d is not None, m["kind"]
        assert d["open"] is False and d["tab"] is None  # a phone: closed until asked
        assert d["button"] == {"act": actions.HELP, "arg": tabs_of(m)[0], "text": "Help",
                               "expanded": False}
        wide = dock_model(m, None, True)
        assert wide["open"] and wide["tab"] == tabs_of(m)[0]  # a wide screen: open
        assert d["drawn"] == (True, True)  # closed: all of it, further down the page
        for t in tabs_of(m):
            opened = dock_model(m, t, False)
            assert opened["tab"] == t and opened["button"]["arg"] == ""  # the bar closes it
            # issue 40: an open help puts in the DOM only what its tab shows
            assert opened["drawn"] == (t != SHEET, t == SHEET), t
            assert [x["pressed"] for x in opened["tabs"]] == [x == t for x in tabs_of(m)]
        kinds[m["kind"]] = tuple(tabs_of(m))
        # R-S7: the help is the viewer's assistant and sheet, which never hold
        # the viewer's own values (the sheet and panel tests check their content)
        mine = state.racks[m["viewer"]]
        text = json.dumps(d)
        for sym in mine:
            assert f"{sym}: {mine[sym]}" not in text
    assert kinds["guess"] == (DEDUCE, EXPERT, SHEET), kinds
    assert SHEET in kinds["final"], kinds


def test_every_private_screen_has_the_sheet_one_tap_away():
    """fix12 (a seventh playtest: the Sheet took two taps, Help then its tab): the
    bar's own Sheet button opens the help on the sheet from every private screen
    (with help or without), pressed while that tab is open; a public screen has none."""
    for hints in (True, False):
        ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"], hints=hints)
        for _state, m in screens(ses):
            d = dock_model(m, None, False)
            if not m["private"]:
                assert d is None
                continue
            assert d["sheet"] == {"act": actions.HELP, "arg": SHEET, "text": "Sheet",
                                  "label": "Your deduction sheet", "pressed": False}, m["kind"]
            assert dock_model(m, SHEET, False)["sheet"]["pressed"] is True


def test_without_help_only_the_sheet_and_a_tab_missing_here_is_closed():
    ses = Session(Options(2), 5, ["A", "B"], hints=False)
    privates = [m for _s, m in screens(ses) if m["private"]]
    assert privates
    for m in privates:
        assert tabs_of(m) == [SHEET], (m["kind"], tabs_of(m))
        assert chosen(m, EXPERT, False) is None  # asked on another screen: not here
        assert chosen(m, EXPERT, True) == SHEET


def test_a_phones_sheet_tab_is_a_picture_until_mark_values():
    """Issue 39 (sheet7): in a phone's Sheet tab the grid is a picture beside one
    switch, "Mark values", which turns its cells into buttons and shows "Done";
    on a wide screen, on another tab and with the help closed (the panel opened
    by its summary) there is no switch: the cells are buttons as before."""
    ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"])
    m = next(m for _s, m in screens(ses) if m["kind"] == "guess")
    picture = dock_model(m, SHEET, False)["sheet_view"]
    assert picture == {"editing": False, "switch": {"act": actions.SHEET_EDIT, "arg": "1",
                                                    "text": "Mark values"}}
    editing = dock_model(m, SHEET, False, True)["sheet_view"]
    assert editing == {"editing": True, "switch": {"act": actions.SHEET_EDIT, "arg": "",
                                                   "text": "Done"}}
    assert dock_model(m, SHEET, True, True)["sheet_view"] is None  # wide: buttons
    assert dock_model(m, None, False, True)["sheet_view"] is None  # closed: the panel's
    assert dock_model(m, DEDUCE, False, True)["sheet_view"] is None


def test_help_opens_again_on_the_tab_last_used():
    """A sixth playtest (fix10): "?" always reopened on Chances, so the Sheet was
    two taps. Help opens the tab last opened this game when the screen has it,
    the first tab otherwise."""
    ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"])
    seen = 0
    for _state, m in screens(ses):
        if not m["private"]:
            continue
        tabs = tabs_of(m)
        for last in (SHEET, EXPERT, None, "gone"):
            d = dock_model(m, None, False, last=last)
            assert d["button"]["arg"] == (last if last in tabs else tabs[0]), (m["kind"], last)
        seen += SHEET in tabs
    assert seen


def test_a_wide_replacement_asks_its_expert_as_it_opens():
    """desk12 (a seventh playtest at 1280x800: the replacement's Expert tab,
    open beside the choice, waited for a second click on "Ask the expert"):
    on a wide screen the replacement's dock asks its expert as it opens, once
    (not while it thinks or has answered); a phone's closed help, and every
    other screen's help not asked (desk11: it waits under the choice), never."""
    seats = ["human", "hard", "hard"]  # solo: the human's replacement is private (R-P2)
    ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"], seats)
    asked = {}
    for _state, m in screens(ses):
        if not m["private"]:
            continue
        wide = dock_model(m, None, True)
        assert dock_model(m, None, False)["ask_now"] is False  # a phone: closed
        assert dock_model(m, SHEET, True)["ask_now"] is False  # another tab chosen
        ex = (m.get("assistant") or {}).get("expert") or {}
        want = m["kind"] == "replace" and bool(ex.get("button"))
        assert wide["ask_now"] is want, m["kind"]
        asked[m["kind"]] = asked.get(m["kind"], False) or wide["ask_now"]
    assert asked["replace"] and not asked["change"] and not asked["guess"], asked
    m = next(m for _s, m in screens(Session(Options(3), 4242, ["Ana", "Bo", "Cy"], seats))
             if m["kind"] == "replace" and m["private"])
    m = dict(m, assistant=dict(m["assistant"], expert=dict(m["assistant"]["expert"],
                                                           button=None, thinking="…")))
    assert dock_model(m, None, True)["ask_now"] is False  # asked already: thinking
