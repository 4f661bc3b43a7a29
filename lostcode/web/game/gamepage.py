"""The game page: a screen model drawn, what follows a drawing (the news
announced, a computer's pace, the new screen's controls settling), one
activation taken as one action, and the replay viewer.

`render()` only draws (views.screen_model is pure) and returns the model it
drew; what happens next is the flow's (flow.py, after every action: the
follow-ups followups.py decides, run with this module's functions);
`save_game()` writes the save when the session's revision moved.
"""

from json import dumps, loads

from pyscript import document, window

from lostcode.web import actions
from lostcode.web.game import gamerest, helpsight, roomfit
from lostcode.web.game.describe import entry_sentence
from lostcode.web.game.helpdock import dock_model
from lostcode.web.game.viewer import Replay, watch_model
from lostcode.web.saves import storage
from lostcode.web.saves.persist import conflict_model, save_problem_model
from lostcode.web.saves.slots import done_key, size_label
from lostcode.web.shell.a11y import Announcer
from lostcode.web.shell.activation import (
    SETTLE_MS,
    ActivationGuard,
    event_time,
    unlock_lift,
    unlock_shift,
    wait_ms,
)
from lostcode.web.shell.app import APP, guarded, keep, lap, listen, mark, now_ms
from lostcode.web.shell.dom import (
    Node,
    adopt,
    adopt_json,
    by_id,
    center_ring,
    clear,
    create_proxy,
    el,
    kids_json,
    media_matches,
    nodes,
    py,
    render_block,
    render_blocks,
    render_board,
    render_evidence,
    render_strip,
)
from lostcode.web.shell.followups import pace_key
from lostcode.web.shell.helpdom import render_help_button
from lostcode.web.shell.i18n import _
from lostcode.web.shell.moments import motion_reduced

# where one activation is one action (issue 12; #stones: the second game's page, issue 43)
GUARDED = "#game, #setup, #stones"


def render(later=False):
    """Draw the game's screen (or the conflict screen: then None) and return
    its model; it starts nothing (issue 38: flow.follow does what comes next).
    `later`: after a move, a new screen's help, log and news may wait (gamerest)."""
    if APP.save.conflict:  # issue 12: the game went on in another tab
        render_conflict()
        return None
    watch = APP.game.watch
    if watch is not None:  # "Watch the game" (viewer.py) over the finished game
        m = watch_model(watch, APP.game.watch_back is None)
    else:
        mark("lc:model")
        m = APP.rulebook.screen(APP.game.session, APP.game.boards)  # shell.Game
        lap("lc:model")
    mark("lc:dom")
    screen = by_id("screen")
    focused = focus_key()  # issue 6: keyboard focus survives a redraw of the same screen
    render_strip(m.get("strip"), by_id("strip"), APP.game.kept)  # pinned on top: names, scores
    part = Node("div")  # drawn as a tree, put in at once (dom.adopt)
    game = by_id("game")
    game.dataset.screen = m["kind"]
    game.dataset.private = "true" if m["private"] else "false"
    if watch is not None:
        game.dataset.step = str(m["step"])
    else:
        game.removeAttribute("data-step")
    board = m.get("board")
    evidence = m.get("evidence")
    badge = _("Private screen of {name}", name=m["viewer_name"]) if m["private"] else None
    # Issue 39: on a phone the racks a question rests on sit next to it; on a
    # wide screen every rack keeps one place on every screen, on the board.
    racks_here = evidence == "racks" and not wide()
    # the final candidates' badge leads their heading (issue 39: a line more for the rows)
    final = m["kind"] == "final"
    if board and evidence:
        # what the question rests on, on the board above the bottom sheet; the
        # final candidates rest on the racks alone
        render_evidence(board, part, racks_here, not final, None if final else badge)
    # Issue 22: the screen's own part (its question, its choices, the confirm) is
    # one panel; on a phone a bottom sheet pinned under the board (style.css).
    own = el("div", None, "bottom-sheet", None, part)
    if badge and (final or not (board and evidence)):
        el("p", badge, "private-badge", None, own)
    el("h2", m["heading"], None, {"id": "screen-h", "tabindex": "-1"}, own)
    # A replacement's notice: above a question, below a bet's controls (the board
    # shows the discard; racks and rows in the first viewport at 360x640, issue 22).
    late = m["kind"] in ("guess", "shortcut", "final")
    if not late:
        for n in m["notices"]:
            el("p", n, "notice", {"role": "status"}, own)
    if m["error"]:
        el("p", m["error"], "warning", {"role": "alert"}, own)
    render_blocks([b for b in m["blocks"] if not b.get("aside")], own)
    if m["kind"] in ("roll", "bot"):
        roomfit.more_line(own)  # text17: shown by roomfit.fit if the words do not fit
    dock = helpsight.docked(dock_model(m, APP.game.help, wide(), APP.game.sheet_edit,
                                       APP.game.help_last))
    # the tab chosen stays while the viewer's screens go on; a public screen closes it
    APP.game.help = dock["tab"] if dock and APP.game.help else None
    if m["private"]:  # in the action bar, beside the confirm (one line less in the sheet)
        box = own.last("actionbar") or own
        u = el("button", None, "btn undo", {"type": "button", "data-act": actions.UNDO}, box)
        el("span", "↶", "undo-icon", {"aria-hidden": "true"}, u)
        el("span", _("Undo"), "undo-text", None, u)
        u.disabled = not m["undo"]
        if dock:  # issue 39: the help, and the expert's answer, one tap from the choice
            render_help_button(dock["button"], box)
            helpsight.render_ask(dock, box)
    if late:
        for n in m["notices"]:
            el("p", n, "notice late", {"role": "status"}, part)
    # small print about the question (how it scores): under the board on a phone
    render_blocks([b for b in m["blocks"] if b.get("aside")], part)
    adopt(screen, part)
    keep_unlock_place()  # issue 25: "I am NAME" stays off the press over a redraw
    center_ring()  # the ring's range in view (issue 39)
    opened = gamerest.sheet_opened(m, dock)
    # issue 40: a new screen after a move is drawn first; its help, log and news
    # in a task of their own (gamerest); the last viewer's help goes at once
    rest = later and watch is None and (m["kind"], m["heading"]) != (APP.game.kind,
                                                                     APP.game.heading)
    if rest:
        gamerest.hide(m)
    else:
        gamerest.drop()
        gamerest.draw_help(m, dock, opened)
    if board:
        adopt_board(by_id("table"), board, not racks_here)
    else:
        adopt(by_id("table"), Node("div"))
    roomfit.fit(m["kind"])  # text17: a phone's panel as tall as its words, the racks in view
    if not rest:
        finish(m, dock)
    show_tip_parts(m)
    lap("lc:dom")
    mark("lc:focus")
    h = by_id("screen-h")
    if m["kind"] != APP.game.kind:
        h.focus()
        window.scrollTo(0, 0)
    elif m["heading"] != APP.game.heading:
        h.focus()  # the same kind of screen for another player: start at its top
        window.scrollTo(0, 0)  # (the focus scrolled to the sheet's own place: a second
        # replacement in a round opened 327-650 px down, the board out of sight)
    else:
        restore_focus(focused)
    lap("lc:focus")
    APP.game.kind = m["kind"]
    APP.game.heading = m["heading"]
    if rest:  # flow.show starts it (defer_rest)
        gamerest.hold(m, dock, opened, finish, announce)
    return m


def defer_rest():
    gamerest.schedule()


def finish(m, dock):
    """What a screen shows after its question (gamerest: in a task of its own
    on a new screen, with the news read out): the log, the open help's place."""
    by_id("log-summary").textContent = m["log_label"]
    gamerest.render_log()
    helpsight.pin(dock)  # the open help's foot on the sheet (a phone's); its expert asked if due


def set_help(arg):
    """The Help button or a tab (arg: its tab; "" closes the help; fix10: kept as the last)."""
    APP.game.help, APP.game.help_last = arg or None, arg or APP.game.help_last


def after_help():
    """Focus follows the help: to the tab just opened (its content in sight
    above the bottom sheet), or back to the Help button once it is closed."""
    tab = document.querySelector("#help-dock .help-tab[aria-pressed=true]")
    if tab is not None and APP.game.help:
        window.lostcodeFocusStill(tab)  # a phone's help is fixed under the racks: no jump
        return
    btn = by_id("help-btn")
    if btn is not None:
        btn.focus()
    window.scrollTo(0, 0)  # the board back in sight, the help folded under the sheet


WIDE = "(min-width: 900px)"  # style.css's table layout: the screen beside the board


def wide():
    """A wide screen (style.css's desktop layout): the racks are drawn on the
    board on every screen there, never beside the question (issue 39)."""
    return media_matches(WIDE)


def adopt_board(parent, b, racks):
    """render_board(b) put into `parent`, its JSON text made again only when
    the board's trees are new: while the board is unchanged views.kept_board
    hands back the same trees, and writing their ~30 kB of JSON on every tap
    cost MicroPython ~2 ms of a screen's ~13 (issue 25)."""
    drawn = [b["round"], racks, b["track"], b["wheels"], b["extras"]] + list(b["racks"])
    last, text = APP.game.board_drawn
    same = (last is not None and len(last) == len(drawn) and last[:2] == drawn[:2]
            and all(last[i] is drawn[i] for i in range(2, len(drawn))))
    if not same:
        holder = Node("div")
        render_board(b, holder, racks)
        text = kids_json(holder)
        APP.game.board_drawn = (drawn, text)
    adopt_json(parent, text)


def schedule_auto(m):
    """Issue 22: a screen that goes on by itself (a bot's move played on the
    board, solo.bot_screen): its action (the next move) is dispatched after the
    model's pace (with "wait" none: a tap; fix10); under reduced motion the same steps with no
    moment ("still_ms"); a tap anywhere on it skips (on_tap). One pending step at a time,
    tied to the screen and step drawn: a redraw of the same step keeps its
    timer, and a timer that fires after the screen changed does nothing."""
    auto = m.get("auto")
    if not auto:
        APP.game.auto = None
        return
    key = pace_key(m, APP.game.screen)
    if APP.game.auto is not None and APP.game.auto[1] == key:
        return
    reduce = motion_reduced() and not auto.get("steady")
    act = auto["act"]
    APP.game.auto_seq += 1
    APP.game.auto = (APP.game.auto_seq, key, act, auto.get("skip") or act)
    if APP.game.auto_proxy is None:
        APP.game.auto_proxy = keep(create_proxy(guarded(auto_due)))
    ms = int(auto.get("still_ms", auto["ms"])) if reduce else int(auto["ms"])
    if not auto.get("wait"):
        window.setTimeout(APP.game.auto_proxy, ms, APP.game.auto_seq)


def auto_due(seq=None):
    pending = APP.game.auto
    if pending is not None and seq is not None and pending[0] == int(seq):
        advance()


def advance(skip=False):
    """Dispatch the pending step once (with `skip`, its skip: a tap), if its
    screen is still the one drawn."""
    pending = APP.game.auto
    APP.game.auto = None
    if pending is None or APP.game.screen != pending[1][0] or APP.game.dispatch is None:
        return
    APP.game.dispatch(pending[3] if skip else pending[2], "")


TAP_IGNORED = "a, button, input, select, textarea, summary, details, label, [data-act]"


def on_tap(event):
    """A tap on no control of a screen that goes on by itself: to its end now
    (the bots' moves: the next human decision, or the round's check)."""
    if APP.game.watch is not None:
        return
    target = event.target
    try:
        if py(target.closest(TAP_IGNORED)) is not None:
            return
        if py(target.closest("#game")) is None:  # the strip too (issue 39)
            return
    except Exception:  # a text node or the document: not a tap on the screen
        return
    if APP.game.auto is None:
        nudge_wait()
        return
    advance(skip=True)


def nudge_wait():
    """Issue 39: a tap while a computer still decides is not ignored in silence:
    the line saying who is thinking is marked, and said again."""
    game = by_id("game")
    line = document.querySelector("#screen p.status")
    if game is None or str(game.dataset.screen) != "bot" or line is None:
        return
    line.classList.remove("nudge")
    line.offsetWidth  # noqa: B018  (a reflow: the mark shows again at each tap)
    line.classList.add("nudge")
    box = by_id("announce")
    if box is not None:
        box.textContent = str(line.textContent)


def save_game():
    """Issue 7: the game is saved after every action that changed it — when the
    session's revision moved since the last write; never on a redraw, a resume
    or a draft. Another tab's newer save stops this tab (render_conflict)."""
    ses = APP.game.session
    slot = APP.save
    if ses is None or slot.id is None or slot.conflict or ses.revision == slot.revision:
        return
    storage.locked(write_save)


def write_save():
    """Issue 25: run holding the game's Web Lock (storage.locked), so the read
    of the stored revision, the check and the write are one step across tabs:
    of two tabs that moved from the same revision, the second finds the
    first's save, writes nothing and shows the conflict screen at once."""
    ses = APP.game.session
    slot = APP.save
    if ses is None or slot.id is None or slot.conflict or ses.revision == slot.revision:
        return
    if storage.autosave(ses) == storage.CONFLICT:
        render_conflict()
        return
    show_save_problem()


def render_conflict():
    """Another tab saved newer moves of this game: this tab shows only that
    (no table, no private screen) and offers the newest moves."""
    m = conflict_model()
    screen = by_id("screen")
    clear(screen)
    clear(by_id("sheet"))
    clear(by_id("table"))
    render_strip(None, by_id("strip"))
    game = by_id("game")
    game.dataset.screen = "conflict"
    game.dataset.private = game.dataset.help = "false"
    h = el("h2", m["heading"], None, {"id": "screen-h", "tabindex": "-1"}, screen)
    render_blocks(m["blocks"], screen)
    h.focus()
    APP.game.screen = "conflict"
    settle("#game [data-act]")


def show_save_problem():
    """Shown at once when a write failed; gone once a write succeeds."""
    box = by_id("save-problem")
    if APP.save.failed is None:
        if box is not None:
            box.remove()
        return

    if box is None:
        box = el("div", None, "save-problem", {"id": "save-problem"})
        game = by_id("game")
        game.insertBefore(box, by_id("screen"))
    clear(box)
    sizes = {}
    history = storage.saves_index().history()
    for f in history:
        n = APP.saves.sizes.get(done_key(f["id"]))
        if n:
            sizes[f["id"]] = size_label(n)
    for b in save_problem_model(history, sizes, size_label):
        render_block(b, box)


def put_game(ses, watch=None, fresh=False):
    """Make `ses` the game on screen, new or resumed (flow.show_game draws
    it): whatever the previous game left (its log lines, last screen,
    live-region announcer) is forgotten, so the old game's news is never
    read out in this one. `watch`: a viewer.Replay to show over it ("Watch
    the game"), else its own screen."""
    APP.game.session = ses
    if hasattr(ses, "defer_assist"):  # issue 40: the analysis after drawing (flow._assist)
        ses.defer_assist = True
    APP.game.boards = APP.rulebook.boards()  # a new game: nothing drawn yet
    APP.game.watch = watch
    APP.game.watch_back = None
    clear(by_id("log-list"))
    APP.game.log_shown = 0
    by_id("setup").hidden = True
    by_id("game").hidden = False
    APP.game.kind = None
    APP.game.heading = None
    APP.game.announcer = None  # a new game: its log so far is not news
    APP.game.screen = None
    APP.game.moments_seen = 0 if fresh else None  # a resumed game's past is no moment
    APP.game.check_played = ses.checks_shown if hasattr(ses, "checks_shown") else 0


TIP_SELECTORS = {
    "others": "#game svg.rack:not(.own)",
    "racks": "#game svg.rack",
    "dice": "#screen svg.dice",
    "wheels": "#table svg.wheels, #screen .buttons:has(.wheel-btn)",
    "rings": "#screen section.rings",
    "track": "#game svg.track",
    "extras": "#game svg.extras",
}


def show_tip_parts(m):
    """Outline what the tip speaks about; the tip describes it (aria-describedby)."""
    for b in m["blocks"]:
        if b["t"] != "tip":
            continue
        for part in b.get("parts", ()):
            for node in nodes(TIP_SELECTORS.get(part, "#none")):
                node.classList.add("tip-focus")
                node.setAttribute("aria-describedby", "tip-text")


def focus_key():
    """(data-act, data-arg) of the focused control inside the game, or None."""
    active = py(document.activeElement)
    if active is None or not by_id("game").contains(active):
        return None
    act = py(active.getAttribute("data-act"))
    if act is None:
        return None
    return (str(act), str(active.getAttribute("data-arg") or ""))


def restore_focus(key):
    """Focus the redrawn control the focus was on (a redraw may replace its node);
    if it is gone or disabled now, the screen's heading."""
    if key is None:
        return
    node = py(window.lostcodeControl("#game [data-act]", key[0], key[1]))
    if node is not None and not node.disabled:
        if node.isSameNode(document.activeElement):  # kept by the patch (dom.adopt): focus()
            return  # again made the style and the layout at once, for nothing (issue 40)
        # the page stays where it is (issue 39: the help open; text17: a tapped die
        # face or final candidate, redrawn, scrolled the page 13-20 px under the strip)
        window.lostcodeFocusStill(node)
        return
    h = by_id("screen-h")
    if h is not None:  # bar9: a new question in the sheet (the old control gone): on a phone
        window.lostcodeFocusTop(h, not wide())  # at the board's top (the focus scrolled it)


def say_step(m):
    """Watching a replay: the step shown is the news (its words, politely)."""
    box = by_id("announce")
    if box is not None:
        box.textContent = m["announce"]


def announce(m):
    """Rolls, check results and replacements into the polite live region (public news only)."""
    if gamerest.pending():  # the news with the rest of a new screen (issue 40)
        gamerest.announce_later()
        return
    obs = APP.game.session.public_observation()
    if APP.game.announcer is None:
        APP.game.announcer = Announcer(entry_sentence)
        APP.game.announcer.reset(obs["log"])
    text = APP.game.announcer.update(obs["log"], obs["names"], m["private"])
    if m.get("bot_step"):  # a computer's move on the board: its caption, move by move
        text = m["bot_step"]["caption"]
    box = by_id("announce")
    if text and box is not None:
        box.textContent = text


def on_watch(act, arg=""):
    """The end screen's "Watch the game" and the viewer's controls (viewer.py):
    the steps and, in a finished game, whose stones are shown; closing a
    watched import goes back to the saved games (savespage.close_watch).
    The flow draws it (flow.show)."""
    if act == actions.WATCH:
        ses = APP.game.session
        APP.game.watch = Replay(ses.record(), reasons=getattr(ses, "reasons", dict)())
    elif act == actions.WATCH_CLOSE:
        APP.game.watch = None
    elif act == actions.WATCH_VIEW and APP.game.watch is not None:
        APP.game.watch.set_view(arg)  # kept while stepping
    elif APP.game.watch is not None:
        APP.game.watch.do(act, arg)


WATCH_KEYS = {
    "ArrowLeft": actions.WATCH_PREV,
    "ArrowRight": actions.WATCH_NEXT,
    "PageUp": actions.WATCH_PREV_ROUND,
    "PageDown": actions.WATCH_NEXT_ROUND,
    "Home": actions.WATCH_START,
    "End": actions.WATCH_END,
}


def watch_key(event):
    """The replay's action for a key pressed while watching, or None."""
    if APP.game.watch is None or by_id("game").hidden:
        return None
    if event.altKey or event.ctrlKey or event.metaKey:
        return None
    act = WATCH_KEYS.get(str(event.key))
    tag = str(event.target.tagName or "")
    if act is None or tag in ("INPUT", "SELECT", "TEXTAREA", "SUMMARY"):
        return None
    event.preventDefault()
    return act


def guard():
    if APP.guard is None:
        APP.guard = ActivationGuard()
    return APP.guard


def settle_if_new(key):
    """A different screen is on the page: its controls wait (activation.wait_ms)."""
    if key == APP.game.screen:
        return
    APP.game.screen = key
    place_unlock()
    # Only a replay's steps take a series of taps: elsewhere a double tap on a
    # control that stays put (Continue between computer steps) is one action.
    settle("#game [data-act]", public=key[0] == "watch" and not key[2])


def rect_of(node):
    r = node.getBoundingClientRect()
    return (float(r.left), float(r.top), float(r.right), float(r.bottom))


def place_unlock(within="#screen", unlock=actions.UNLOCK):
    """Issue 25 (43): the handoff's "I am NAME" never lies where the press that
    drew its screen was (activation.unlock_shift): its bar moves down past it, or
    in the phone's pinned sheet to its foot (fix14: no gap), else up past it."""
    point = APP.page.press_point
    APP.page.unlock_moved = None
    for node in nodes(within + ' [data-act="' + unlock + '"]'):
        bar, sheet = node.parentElement, node.parentElement.parentElement
        bar.style.marginTop = sheet.style.borderBottom = ""  # measured as drawn
        bar.removeAttribute("data-moved")
        shift = unlock_shift(rect_of(node), point)
        if shift:
            top = rect_of(node)[1]
            bar.style.marginTop = str(shift) + "px"
            short = int(shift - (rect_of(node)[1] - top))  # a margin collapsed into the one above
            if 0 < short < shift:
                shift += short
                bar.style.marginTop = str(shift) + "px"
            bar.setAttribute("data-moved", str(shift))
            lift = unlock_lift(rect_of(node), point)
            if lift:  # pinned, it did not move: at the sheet's foot under its lines (table.css)
                bar.style.marginTop = ""  # or, the foot pressed too, up past the press (fix12)
                bar.setAttribute("data-moved", "foot")
                if unlock_lift(rect_of(node), point):
                    sheet.style.borderBottom = str(lift) + "px solid var(--bg)"
                    bar.setAttribute("data-moved", str(-lift))
            APP.page.unlock_moved = (within, unlock, str(bar.style.marginTop),
                                     str(sheet.style.borderBottom), bar.getAttribute("data-moved"))


def keep_unlock_place():
    """A redraw of the handoff gives "I am NAME" place_unlock's place again."""
    kept = APP.page.unlock_moved
    if kept is None:
        return
    for node in nodes(kept[0] + ' [data-act="' + kept[1] + '"]'):
        bar, sheet = node.parentElement, node.parentElement.parentElement
        if py(bar.getAttribute("data-moved")) is None:
            bar.style.marginTop, sheet.style.borderBottom = kept[2], kept[3]
            bar.setAttribute("data-moved", kept[4])


def settle(selector, unlock=actions.UNLOCK, public=False):
    """The new screen's controls refuse taps for their wait: marked
    aria-disabled with data-settling = the time (ms) they take taps again.
    Read in one call and marked in another (assets/boot.js): one layout for
    the whole screen, not one per control after each one's change (issue 25).
    `unlock`: the action of its handoff's "I am NAME", which waits HANDOFF_MS
    (the second game's is its own, issue 43). `public`: the screen shows
    nothing private, so a control that stayed where it was takes taps at once
    (activation.STEADY_PX, issue 39: a replay's "Next move")."""
    g = guard()
    now = now_ms()
    point = APP.page.press_point
    longest = SETTLE_MS
    times = []
    items = loads(str(window.lostcodeControls(selector, True)))
    boxes = [(item[0], tuple(item[1:]) if len(item) == 5 else None) for item in items]
    steady = g.shown(now, boxes, public, (actions.WATCH_SPEED,))  # bar9: a speed, at any step
    for act, rect in boxes:
        wait = wait_ms(act == unlock, rect, point, act in steady, act == actions.HELP)
        longest = max(longest, wait)
        times.append(int(now + wait))
    window.lostcodeSettling(selector, dumps(times))
    if steady:  # they take taps now: not marked disabled until the next timer
        window.lostcodeUnsettle(now)
    if APP.settled is None:
        APP.settled = keep(create_proxy(settled))
    window.setTimeout(APP.settled, SETTLE_MS + 10)
    if longest > SETTLE_MS:
        window.setTimeout(APP.settled, longest + 10)


def settled(*_a):
    """A control's wait is over: it takes input again."""
    window.lostcodeUnsettle(now_ms())


def until(node):
    try:
        return float(str(node.getAttribute("data-until")))
    except ValueError:
        return 0.0


STEPPERS = (actions.LOWER, actions.RAISE)  # quick taps on -1 / +1 mean several


def in_guarded(target):
    try:
        return py(target.closest(GUARDED)) is not None
    except Exception:  # the document or a text node
        return False


def drop(event):
    event.preventDefault()
    event.stopImmediatePropagation()


def on_pointerdown_capture(event):
    guard().pointer_down()
    try:
        APP.page.press_point = (float(event.clientX), float(event.clientY))
    except Exception:  # a synthetic event without coordinates
        APP.page.press_point = None


def on_click_capture(event):
    target = event.target
    if not in_guarded(target):
        return
    detail = int(event.detail or 0)
    # data-until stays after the wait is over (data-settling goes): a tap handled
    # late is judged by its own time against its control's wait (issue 44).
    node = py(target.closest("[data-until]"))
    wait = until(node) - guard().shown_at if node is not None and guard().shown_at else SETTLE_MS
    act = py(target.closest("[data-act]"))
    repeatable = act is not None and str(act.getAttribute("data-act")) in STEPPERS
    when = event_time(event.timeStamp, now_ms())
    name = str(act.getAttribute("data-act")) if act is not None else None
    if not guard().allows_click(detail, when, node is not None, wait, repeatable, name):
        drop(event)
        if detail == 1 and act is not None and node is not None:  # too early: seen refused
            window.lostcodeNotYet(act)


def on_keydown_capture(event):
    if in_guarded(event.target) and not guard().allows_key(str(event.key), bool(event.repeat)):
        drop(event)


def hide_private():
    """Issue 25: leaving the page (Back, another address, closing the tab)
    hides a private screen behind its handoff before the browser keeps the
    page in its back-forward cache, so coming back never shows the stones.
    True when the screen changed (flow.on_pagehide draws it)."""
    if APP.save.queued is not None:  # a save still waiting for its lock: now
        storage.run_locked()
    ses = APP.game.session
    if ses is None or APP.game.watch is not None or APP.save.conflict:
        return False
    return bool(ses.hide())


def install_guard():
    for kind, fn in (
        ("pointerdown", on_pointerdown_capture),
        ("click", on_click_capture),
        ("keydown", on_keydown_capture),
    ):
        listen(document, kind, fn, capture=True)
