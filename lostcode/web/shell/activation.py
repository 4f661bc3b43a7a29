"""One activation, one action (issue 12): when to ignore a click or a key.

A double tap on "Hide and pass" used to act twice: the first click drew the
next player's handoff and the second click, landing where "Show Ben's
private screen" now was, opened Ben's screen while Ann still held the
device. The rule this module keeps: an activation that began on one screen
never acts on the next one, and a new screen accepts no pointer input until
it has been shown for SETTLE_MS.

Pure Python with times passed in (milliseconds), so it is unit-tested on
CPython; gamepage.py feeds it the DOM's pointerdown / click / keydown events
from capture listeners and calls `shown` whenever a different screen is drawn.
"""

# A new screen ignores pointer clicks this long: longer than a quick double
# tap (~100-300 ms), short enough not to be noticed. Clicks from the keyboard
# (Enter / Space, click detail 0) are deliberate presses and are not delayed;
# held keys (auto-repeat) never act.
SETTLE_MS = 350

# Issue 25: taps a few hundred ms apart at the same spot. A player who taps
# "Confirm and pass to Ben" and then, 520-700 ms later, the same spot again
# (a stray second tap, a tap that did not seem to take) used to press what the
# new screen had put there: "I am Ben", opening Ben's private screen while Ann
# still held the device. Three rules, measured with touch taps spaced 50-1,500
# ms at one spot on every screen kind (tests/test_browser_spaced_taps.py):
# - HANDOFF_MS: the handoff's "I am NAME" (actions.UNLOCK) acts only after its
#   screen has been shown 700 ms: long enough to read "Pass the device to Ben"
#   (a heading of four words is read in ~250-400 ms, plus the reaction), and
#   more than the 520-700 ms gap that broke it.
# - It is never where the press that drew it was: gamepage.place_unlock moves
#   it below that spot (one button height and a margin), so a tap at the
#   old spot falls on text, however late it comes. A time limit alone would
#   leave a tap at 701 ms at the same spot; a place alone would leave a quick
#   re-aim; press-and-hold was refused because every pass costs a hold of
#   ~600 ms and is undiscoverable for a first-time player.
# - SPOT_MS: on any new screen, the control under the previous press point
#   waits 1,000 ms (the others SETTLE_MS), so "Roll the dice" tapped twice
#   600 ms apart does not also keep the dice or roll for the next player.
HANDOFF_MS = 700
SPOT_MS = 1000
# Issue 39: a recording is stepped by quick taps on one control ("Next move"),
# which stays where it was from step to step. On a screen that shows nothing
# private, drawn after another such screen, a control with the same action at
# the same place (within STEADY_PX) is steady: a tap on it means what it meant
# a moment ago, so it takes taps at once and every click of a quick series
# acts (one tap, one step; three quick taps, three steps). Only a replay's
# steps are such screens (gamepage.settle_if_new): a double tap on Continue
# between computer steps stays one action. Private screens, the
# handoff's "I am NAME" and any control that moved keep every rule above.
# A few px are no move to a finger or a pointer: a step's words with a taller
# glyph moved "Next move" 3.2 px at 1280x800.
STEADY_PX = 4
# px around a control: Chromium's touch adjustment moves a tap onto a control
# up to ~16 px away (measured: a tap 13 px above "I am Ann" pressed it), and a
# second tap by a finger lands a few px off the first: 32 covers both.
SPOT_MARGIN = 32


def under(rect, point, margin=SPOT_MARGIN):
    """Whether `point` (x, y) lies on `rect` (left, top, right, bottom), grown by `margin`."""
    if point is None or rect is None:
        return False
    x, y = point
    left, top, right, bottom = rect
    return left - margin <= x <= right + margin and top - margin <= y <= bottom + margin


def same_place(a, b, px=STEADY_PX):
    """Whether two boxes (left, top, right, bottom) are one place, give or take `px`."""
    if a is None or b is None:
        return False
    return all(abs(a[i] - b[i]) <= px for i in range(4))


def _stayed(before, now):
    """Whether the boxes `now` are the boxes `before`, one by one (same_place)."""
    if not before or len(before) != len(now):
        return False
    return all(same_place(before[i], now[i]) for i in range(len(now)))


def wait_ms(unlock, rect, point, steady=False, help_only=False):
    """How long a new screen's control ignores taps (see above); a steady one none.
    `help_only`: the bar's Help, Expert or Sheet (fix15: a ninth playtest's first
    tap on the replace screen's Expert, 0.35-1 s after the screen came, did
    nothing: the bar lies where "I am NAME" was pressed, so it waited SPOT_MS).
    They open or close the help of the screen its player already sees, never
    another's screen nor a move: a quick tap on them is not the stray tap
    SPOT_MS keeps from acting, so they settle as any control (SETTLE_MS)."""
    if unlock:
        return HANDOFF_MS
    if steady:
        return 0
    if under(rect, point) and not help_only:
        return SPOT_MS
    return SETTLE_MS


def unlock_shift(rect, point):
    """How far down (px) the handoff's "I am NAME" moves so that the press
    that drew its screen is not on it (0: it is not)."""
    if not under(rect, point):
        return 0
    return int(point[1] + SPOT_MARGIN - rect[1]) + 1


def unlock_lift(rect, point):
    """How far up (px) "I am NAME" moves instead, where its bar cannot go down:
    on a phone it sits at the foot of the bottom sheet, pinned to the screen's
    bottom edge, so room added above it leaves it in place (issue 22's sheet)."""
    if not under(rect, point):
        return 0
    return int(rect[3] - (point[1] - SPOT_MARGIN)) + 1


def event_time(stamp, now):
    """When a click happened: the event's own time (`event.timeStamp`, on the
    clock of performance.now()), not when the page handled it (issue 44: a
    stray tap 800-950 ms after "I am NAME", handled 80 ms late, was judged at
    ~1,030 ms, after its control's 1,000 ms, and chose a die's face). `now`
    when the stamp is missing, not a number, zero or later than now (a
    browser with another clock for events)."""
    try:
        t = float(stamp)
    except (TypeError, ValueError):
        return now
    if not t > 0 or t > now:  # NaN fails both comparisons' first
        return now
    return t


class ActivationGuard:
    """Screen generations and the click sequence they began in."""

    __slots__ = ("gen", "shown_at", "down_gen", "seq_gen", "ignored", "places", "steady")

    def __init__(self):
        self.gen = 0  # bumped each time a different screen is shown
        self.shown_at = None  # when the current screen was drawn
        self.down_gen = -1  # screen on which the last pointer press began
        self.seq_gen = -1  # screen on which the current multi-click began
        self.ignored = 0  # activations refused so far (tests and debugging)
        self.places = {}  # the last screen's controls, action -> their boxes (public only)
        self.steady = ()  # this screen's steady actions (STEADY_PX)

    def shown(self, now, controls=(), public=False, anytime=()):
        """A different screen was drawn at `now`: input must settle again,
        but for its steady controls. `controls`: its controls as (action,
        box) pairs (box None: not measured); `public`: it shows nothing
        private. An action is steady when all its controls (the speeds share
        one) are where they were, as many as before, or when it is in
        `anytime` (bar9: a replay's speed means the same at every step, so a
        tap on 1x while 4x plays acts even if a longer step line moved it).
        Returns the steady actions."""
        self.gen += 1
        self.shown_at = now
        was = self.places
        places = {}
        for act, box in controls:
            places.setdefault(act, []).append(box)
        self.places = places if public else {}
        self.steady = tuple(
            act for act, boxes in self.places.items()
            if act and (act in anytime or _stayed(was.get(act), boxes))
        )
        return self.steady

    def settling(self, now, wait=SETTLE_MS):
        return self.shown_at is not None and now - self.shown_at < wait

    def pointer_down(self):
        self.down_gen = self.gen

    def allows_click(
        self, detail, now, settling_control=True, wait=SETTLE_MS, repeatable=False, act=None
    ):
        """Whether a click may act. `detail` is the DOM click count: 0 for a
        click made by the keyboard, 1 for a single click or tap, 2+ for the
        later clicks of a double or triple click. `settling_control`: the
        click is on one of the new screen's controls (the ones marked while it
        settles); other parts of the page (the log, display settings) open at
        once, but never from a click sequence begun on the previous screen.
        `wait`: how long this control settles (wait_ms). `repeatable`: a
        stepper (-1 / +1), where quick taps are meant as several; on any other
        control the later clicks of a double tap are one activation (issue 25:
        a double tap on a stone chose and un-chose it). `act`: the control's
        action; a steady one (see STEADY_PX) takes every click."""
        if not isinstance(detail, int) or detail <= 0:
            return True  # Enter / Space on a focused control (repeats are refused on keydown)
        if detail == 1:
            self.seq_gen = self.gen
        if act is not None and act in self.steady:
            return True
        settling = settling_control and self.settling(now, wait)
        again = detail > 1 and not repeatable
        ok = self.seq_gen == self.gen and self.down_gen == self.gen and not settling and not again
        if not ok:
            self.ignored += 1
        return ok

    def allows_key(self, key, repeat):
        """A held Enter or Space (auto-repeat) never presses a control again."""
        if repeat and key in ("Enter", " ", "Spacebar"):
            self.ignored += 1
            return False
        return True
