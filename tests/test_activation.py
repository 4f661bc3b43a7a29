"""lostcode/web/activation.py (issue 12): which clicks and keys may act."""

from lostcode.web.activation import SETTLE_MS, ActivationGuard


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
