"""lostcode/web/shell/activation.py (issue 12): which clicks and keys may act."""

from lostcode.web.shell.activation import (
    HANDOFF_MS,
    SETTLE_MS,
    SPOT_MARGIN,
    SPOT_MS,
    ActivationGuard,
    event_time,
    under,
    unlock_lift,
    unlock_shift,
    wait_ms,
)


def shown_and_settled(g, t):
    g.shown(t)
    return t + SETTLE_MS


def test_a_single_click_on_a_settled_screen_acts():
    g = ActivationGuard()
    t = shown_and_settled(g, 0)
    g.pointer_down()
    assert g.allows_click(1, t)


def test_the_later_clicks_of_a_double_or_triple_click_never_act_on_the_next_screen():
    g = ActivationGuard()
    t = shown_and_settled(g, 0)
    g.pointer_down()
    assert g.allows_click(1, t)
    g.shown(t + 1)  # the first click drew the next screen
    for detail in (2, 3):
        g.pointer_down()
        assert not g.allows_click(detail, t + 2 * SETTLE_MS)  # even a slow double click
    assert g.ignored == 2


def test_a_tap_on_a_screen_still_settling_is_ignored():
    g = ActivationGuard()
    g.shown(1000)
    g.pointer_down()
    assert not g.allows_click(1, 1000 + SETTLE_MS - 1)
    g.pointer_down()
    assert g.allows_click(1, 1000 + SETTLE_MS)


def test_a_press_begun_on_the_previous_screen_does_not_act():
    g = ActivationGuard()
    t = shown_and_settled(g, 0)
    g.pointer_down()
    g.shown(t)
    assert not g.allows_click(1, t + SETTLE_MS)


def test_keyboard_clicks_act_at_once_but_held_keys_never_repeat():
    g = ActivationGuard()
    g.shown(0)
    assert g.allows_click(0, 1)  # Enter on a focused control: a deliberate press
    assert g.allows_key("Enter", False)
    assert not g.allows_key("Enter", True)
    assert not g.allows_key(" ", True)
    assert g.allows_key("Tab", True)


def test_parts_of_the_page_that_are_not_the_new_screens_controls_open_at_once():
    g = ActivationGuard()
    g.shown(0)
    g.pointer_down()
    assert g.allows_click(1, 1, settling_control=False)  # e.g. the game log's summary
    assert not g.allows_click(1, 1, settling_control=True)


def test_the_later_clicks_of_a_double_tap_are_one_activation_except_on_steppers():
    """Issue 25: a double tap on a stone chose and un-chose it."""
    g = ActivationGuard()
    t = shown_and_settled(g, 0)
    g.pointer_down()
    assert g.allows_click(1, t)
    g.pointer_down()
    assert not g.allows_click(2, t + 100)
    g.pointer_down()
    assert g.allows_click(2, t + 200, repeatable=True)  # -1 / +1 tapped quickly


def test_the_handoff_waits_longer_and_the_control_under_the_last_press_waits_longest():
    """Issue 25: a second tap 520-700 ms later at the same spot."""
    point = (180.0, 228.0)
    assert wait_ms(True, (11, 500, 348, 548), point) == HANDOFF_MS
    assert wait_ms(False, (11, 209, 348, 257), point) == SPOT_MS
    assert wait_ms(False, (11, 500, 348, 548), point) == SETTLE_MS
    assert wait_ms(False, (11, 209, 348, 257), None) == SETTLE_MS
    g = ActivationGuard()
    g.shown(0)
    g.pointer_down()
    assert not g.allows_click(1, HANDOFF_MS - 1, wait=HANDOFF_MS)
    g.pointer_down()
    assert g.allows_click(1, HANDOFF_MS, wait=HANDOFF_MS)


def test_the_handoff_control_moves_below_the_press_that_drew_it():
    rect = (11.0, 209.0, 348.0, 257.0)
    for y in (177.0, 209.0, 228.0, 257.0, 289.0):
        shift = unlock_shift(rect, (180.0, y))
        moved = (rect[0], rect[1] + shift, rect[2], rect[3] + shift)
        assert shift > 0 and not under(moved, (180.0, y)), y
        assert shift <= 48 + 2 * SPOT_MARGIN + 1  # stays in the first viewport at 360x640
    assert unlock_shift(rect, (180.0, 120.0)) == 0
    assert unlock_shift(rect, None) == 0


def test_in_the_bottom_sheet_the_handoff_control_moves_above_the_press():
    """On a phone the bar sits at the foot of a sheet pinned to the bottom edge:
    it cannot go down, so it goes up past the press (issue 25 with issue 22's sheet)."""
    rect = (11.0, 580.0, 348.0, 628.0)
    for y in (560.0, 580.0, 604.0, 628.0, 650.0):
        lift = unlock_lift(rect, (180.0, y))
        moved = (rect[0], rect[1] - lift, rect[2], rect[3] - lift)
        assert lift > 0 and not under(moved, (180.0, y)), y
    assert unlock_lift(rect, (180.0, 300.0)) == 0
    assert unlock_lift(rect, None) == 0


def test_a_tap_is_judged_by_its_own_time_not_by_when_it_is_handled():
    """Issue 44, R-PRIVACY: "I am Ann" drew Ann's dice; the die face under that
    press waits SPOT_MS. A stray tap at 900 ms that the page handles 130 ms
    late (at 1,030 ms, after the wait) is refused by its own time; a tap made
    at 1,030 ms acts."""
    g = ActivationGuard()
    g.shown(5000.0)
    wait = wait_ms(False, (0, 0, 100, 40), (50, 20))
    assert wait == SPOT_MS
    g.pointer_down()
    handled = 5000.0 + 1030
    assert not g.allows_click(1, event_time(5000.0 + 900, handled), True, wait)
    assert g.allows_click(1, event_time(handled, handled), True, wait)
    # A missing, zero, odd or future stamp: the time it is handled.
    for stamp in (None, 0, -3, "x", float("nan"), handled + 50, {}):
        assert event_time(stamp, handled) == handled
    assert event_time(5900, handled) == 5900.0


NEXT = (206.0, 591.0, 252.0, 635.0)  # "Next move" at the bottom of a phone's replay bar


def test_a_public_screens_control_that_stayed_takes_every_quick_tap():
    """Issue 39: stepping a recording. "Next move" stays where it was from step
    to step on a screen with nothing private: it takes taps at once and each
    click of a quick series is one step (a double tap: two steps), while a
    control that moved waits as before."""
    g = ActivationGuard()
    first = [("watch_next", NEXT), ("watch_prev", None)]
    assert g.shown(0, first, public=True) == ()  # nothing to compare with yet
    g.pointer_down()
    assert g.allows_click(1, SETTLE_MS, wait=SETTLE_MS, act="watch_next")
    moved = (10.0, 400.0, 56.0, 444.0)
    steady = g.shown(SETTLE_MS + 1, [("watch_next", NEXT), ("watch_speed", moved)], public=True)
    assert steady == ("watch_next",)
    assert wait_ms(False, NEXT, (229, 613), steady=True) == 0
    assert wait_ms(False, NEXT, (229, 613)) == SPOT_MS  # not steady: under the finger, it waits
    for detail in (2, 3):  # the rest of a triple tap begun on the previous step
        g.pointer_down()
        assert g.allows_click(detail, SETTLE_MS + 2, wait=0, act="watch_next")
    # the speeds moved (the step's words took another line): they wait
    assert not g.allows_click(2, SETTLE_MS + 3, wait=SETTLE_MS, act="watch_speed")
    # moved by more than STEADY_PX: no longer steady
    nudged = (NEXT[0], NEXT[1] + 5, NEXT[2], NEXT[3] + 5)
    assert g.shown(2 * SETTLE_MS, [("watch_next", nudged)], public=True) == ()


def test_a_private_screen_has_no_steady_control():
    """Issue 39: the rule is for screens that show nothing private: a private
    screen, or a public one after it, settles every control as before."""
    g = ActivationGuard()
    g.shown(0, [("confirm", NEXT)], public=True)
    assert g.shown(SETTLE_MS, [("confirm", NEXT)], public=False) == ()
    g.pointer_down()
    assert not g.allows_click(2, SETTLE_MS + 1, act="confirm")  # the rest of a double tap
    assert not g.allows_click(1, SETTLE_MS + 1, act="confirm")  # still settling
    assert g.shown(2 * SETTLE_MS, [("confirm", NEXT)], public=True) == ()  # after a private one


def test_a_replays_speed_takes_a_tap_at_any_step_even_moved():
    """bar9 (a fifth playtest: two taps on 1x while 4x played did nothing): a
    speed means the same at every step, so it never waits for a step drawn
    between the press and the click, even where a longer step line moved it;
    a moved "Next move" still waits, and a private screen keeps every rule."""
    g = ActivationGuard()
    g.shown(0, [("watch_speed", NEXT)], public=True)
    moved = (NEXT[0], NEXT[1] + 16, NEXT[2], NEXT[3] + 16)
    g.pointer_down()  # pressed on this step; the next step is drawn before the click
    now = [("watch_speed", moved), ("watch_next", moved)]
    assert g.shown(400, now, public=True, anytime=("watch_speed",)) == ("watch_speed",)
    assert g.allows_click(1, 401, wait=0, act="watch_speed")
    assert not g.allows_click(1, 402, wait=SETTLE_MS, act="watch_next")
    assert g.shown(800, now, public=False, anytime=("watch_speed",)) == ()



def test_the_bars_help_under_the_last_press_waits_as_any_control():
    """fix15 (a ninth playtest: the replace screen's "Expert" ignored a first tap):
    the bar's Help, Expert and Sheet open the help of the screen already shown,
    so one under the last press waits SETTLE_MS, not SPOT_MS; "I am NAME" and
    a move's control under it still wait (the stray-tap rules, issue 25)."""
    bar, point = (250, 590, 300, 638), (240, 612)  # "I am NAME" was pressed beside it
    assert wait_ms(False, bar, point, help_only=True) == SETTLE_MS
    assert wait_ms(False, bar, point) == SPOT_MS
    assert wait_ms(True, bar, point, help_only=True) == HANDOFF_MS
