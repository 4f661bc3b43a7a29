"""The board's moments on the page (issues 11, 22): the dice rolled, a die
turned, a replaced stone leaving, the check's rings and score markers.

Why a module of its own: a moment is the board telling what the public log
just gained, played once as a CSS animation (style.css's keyframes) on the
screen gamepage.render has drawn; gamepage calls `play_moments(m)` after
each drawing and knows nothing of how. What was played is kept in APP.game
(moments_seen, check_played, step_played), so a redraw plays nothing again,
and nothing moves under reduced motion (`motion_reduced`).
"""

from pyscript import document

from lostcode.rules.vocab import EV_BEAR_TURN, EV_CHANGE, EV_ROLL
from lostcode.web.shell.app import APP
from lostcode.web.shell.dom import ROOT, nodes, py

ROLLS = (EV_ROLL, EV_BEAR_TURN, EV_CHANGE)


def motion_reduced():
    return str(ROOT.getAttribute("data-motion") or "") == "reduce"


def moment(node, name):
    node.classList.add("moment", name)
    ROOT.classList.add("moment-playing")


def offsets(node):
    """data-dx/dy/k (board.py) as the CSS custom properties the keyframes read
    (CSSOM, which the page's CSP allows; a style attribute it would refuse)."""
    for key in ("dx", "dy"):
        v = py(node.getAttribute("data-" + key))
        if v is not None:
            node.style.setProperty("--" + key, str(v) + "px")
    k = py(node.getAttribute("data-k"))
    if k is not None:
        node.style.setProperty("--k", str(k))


def play_moments(m):
    """Start the moments the public log gained since the last screen that drew them."""
    log = APP.game.session.public_observation()["log"]
    if APP.game.moments_seen is None or APP.game.moments_seen > len(log):
        APP.game.moments_seen = len(log)  # a new or resumed game: its past is no moment
        return
    reduce = motion_reduced()
    if m.get("bot_step"):
        APP.game.moments_seen = len(log)  # the bots' moves are played step by step
        if not reduce:
            play_step_moment(m["bot_step"])
        return
    new = log[APP.game.moments_seen :]
    dice = py(document.querySelector("#screen svg.dice"))
    rolls = [e for e in new if e.get("t") in ROLLS]
    if rolls and dice is None:
        new = [e for e in new if e.get("t") not in ROLLS]  # the dice settle where they are drawn
        keep = APP.game.moments_seen + log[APP.game.moments_seen :].index(rolls[0])
    else:
        keep = len(log)
    if rolls and dice is not None and not reduce:
        if any(e.get("t") == "roll" for e in rolls):
            moment(dice, "moment-roll")
        else:
            for e in rolls:
                die = py(dice.querySelector('[data-die="' + str(e.get("die", "")) + '"]'))
                if die is not None:
                    moment(die, "moment-turn")
    for e in new:
        if e.get("t") != "discard" or reduce:
            continue
        sel = '#game svg.rack[data-owner="' + str(e.get("player")) + '"] .discard[data-dx]'
        stone = py(document.querySelector(sel))
        if stone is not None:
            offsets(stone)
            moment(stone, "moment-discard")
    if m["kind"] == "checks":
        h = APP.game.session.pending_checks()
        rnd = h["round"] if h else 0
        if rnd > APP.game.check_played:
            APP.game.check_played = rnd
            rings = py(document.querySelector("#screen section.rings"))
            if rings is not None and not reduce:
                moment(rings, "moment-check")
                track = py(document.querySelector("#game svg.track"))
                if track is not None:
                    for marker in nodes("#game svg.track .marker[data-dx]"):
                        offsets(marker)
                    moment(track, "moment-check")
    APP.game.moments_seen = keep


def play_step_moment(step):
    """Issue 22: the move of the bot step just drawn, once: the dice rolled,
    the die turned, or the replaced stone. Once per move (desk6): an expert's
    decision arriving while the step is shown makes the screen's key new, and
    the dice rolled again then, the roll seen settled for ~0.3 s."""
    move = step.get("move")
    key = (APP.game.session, move) if move is not None else (APP.game.screen, step["n"])
    if APP.game.step_played == key:
        return
    APP.game.step_played = key
    what = step.get("moment") or ""
    dice = py(document.querySelector("#screen svg.dice"))
    if what == "roll" and dice is not None:
        moment(dice, "moment-roll")
    elif what.startswith("turn:") and dice is not None:
        die = py(dice.querySelector('[data-die="' + what[5:] + '"]'))
        if die is not None:
            moment(die, "moment-turn")
    elif what == "discard":
        sel = '#game svg.rack[data-owner="' + str(step["seat"]) + '"] .discard[data-dx]'
        stone = py(document.querySelector(sel))
        if stone is not None:
            offsets(stone)
            moment(stone, "moment-discard")
