"""What follows a drawn game screen (issue 38): the one decision of what
happens after the page has drawn a screen, as a pure function.

Why a module of its own: drawing only draws (gamepage.render builds the
screen and hands it to the DOM); what comes next — a new screen's controls
waiting for their first tap (activation.py), the news read out, the board's
moments, a computer's next move after its pace (issue 22), an expert's
search (issue 27) — is decided here, from the screen model and what the page
already started, and run by the flow after an action (flow.py). So a second
drawing of the same screen starts nothing a second time, which
tests/test_followups.py checks without a browser.

Pure Python, no DOM.
"""

SETTLE = "settle"  # a new screen: its controls wait (activation.py), "I am NAME" moved
ANNOUNCE = "announce"  # the public news into the live region
SAY_STEP = "say_step"  # watching a replay: the step's words into the live region
MOMENTS = "moments"  # the board's moments (moments.py): each once
PACE = "pace"  # a computer's next move on the board, after its pace (issue 22)
STOP_PACE = "stop_pace"  # no screen that goes on by itself: a pending step is dropped
ASSIST = "assist"  # the assistant's analysis, made after the screen is drawn (issue 40)
SEARCH = "search"  # an expert's due search, run in slices (slices.py): at most one at a time


def screen_key(m: dict, moves: int) -> tuple:
    """What makes a screen another one for the activation guard: its kind,
    heading and privacy, and the moves played (a new decision of the same
    kind); a replay's step is its move (issue 39: each step is settled again,
    so its controls that moved wait and the ones that stayed are steady,
    activation.STEADY_PX; a bet shown before its check is a step of its own,
    "held")."""
    step = (m["step"], m.get("held")) if m["kind"] == "watch" else moves
    return (m["kind"], m["heading"], m["private"], step)


def pace_key(m: dict, key: tuple) -> tuple:
    """The pending step a screen that goes on by itself is tied to: its screen
    and the bot step shown (a redraw of the same step keeps its timer; a
    replay's bet before its check is not its check, "held"). Its pace is part
    of it (bar9): a replay's new speed replaces the step pending at the old one."""
    pace = (m.get("auto") or {}).get("ms")
    return (key, (m.get("bot_step") or {}).get("n"), m.get("step"), m.get("held"), pace)


def follow_ups(m: dict, key: tuple, watching: bool, settled, paced) -> list:
    """The steps to run after drawing the screen model `m` (its `key`):
    `settled` is the screen key the page last settled, `paced` the pace key
    of the pending computer step (None: none). SETTLE and PACE come only for
    what is new; ANNOUNCE, MOMENTS and SEARCH keep their own memory (the
    announcer's log, the moments seen, the search loop's `busy`), so asking
    again is harmless."""
    steps = [] if key == settled else [SETTLE]
    if watching:  # stepping through a replay changes nothing to save; the step is the news
        if not m.get("auto"):
            steps.append(STOP_PACE)
        elif paced != pace_key(m, key):  # a playing replay: its next move after its pace
            steps.append(PACE)
        return steps + [SAY_STEP]
    steps += [ANNOUNCE, MOMENTS]
    if not m.get("auto"):
        steps.append(STOP_PACE)
    elif paced != pace_key(m, key):
        steps.append(PACE)
    if m.get("assist_due"):
        steps.append(ASSIST)
    return steps + [SEARCH]
