"""«Тайные камни» in the page (issue 43): the set-up, the game's screens
and the computers' play, drawn from the pure session and screens
(lostcode/stones/session.py, pageplay.py; screens.py beside it).

It takes the set-up's place (#setup hidden, #stones shown) once the game is
chosen on the start screen (stonesentry.py loads it then). What a screen
shows is decided by screens.screen_model, where the tests check that no hand
is on a screen its owner is not holding; this module draws it:
- the turn screen: the grid as nine tile buttons (tap, tap a neighbour, or
  drag onto a neighbour: swap; tap again: flip), the hand as card buttons (a completable one
  glows), undo, skip, end turn;
- a handoff between humans: the Lost Code's activation guard (issue 25,
  gamepage.settle and place_unlock): "I am NAME" acts only after HANDOFF_MS
  and never lies under the press that drew it, a double tap is one
  activation, so a stray tap never opens the next hand; leaving or hiding
  the page puts an open hand back behind its handoff (on_pagehide);
- a computer's turn: played on its own, each decision searched a slice per
  task (pageplay.Thinker, SLICE_GRIDS grids a slice); each slice's time is
  kept in <html data-stones-slices> for tools/bench_stones_page.py;
- the end: the scores.
The game in progress is saved after every action in the page's saved
games (lostcode/web/saves/: one storage key per game, a revision against
other tabs), listed with the Lost Code's under the game's name, resumed from
that list (stonesentry.WAY_IN) or from the set-up's "Resume".

The adapter: touches the DOM.
"""

import json

from pyscript import document, window

from lostcode.rules.errors import RecordError
from lostcode.stones import pageplay
from lostcode.stones.session import (
    COMPUTER,
    DRAG,
    OVER,
    READY,
    SESSION_ACTS,
    STEP,
    TAP_TILE,
    TURN,
)
from lostcode.stones.vocab import EASY, HUMAN, MAX_PLAYERS, SEARCH
from lostcode.web import stonesentry
from lostcode.web.game import gamepage
from lostcode.web.saves import savespage, storage
from lostcode.web.saves.slots import decide, done_key, game_key, slot_text
from lostcode.web.shell.activation import HANDOFF_MS
from lostcode.web.shell.app import APP, guarded, keep, listen, log_error, now_ms
from lostcode.web.shell.blocks import button, buttons
from lostcode.web.shell.dom import (
    ROOT,
    Node,
    adopt,
    by_id,
    clear,
    create_proxy,
    draw,
    el,
    media_matches,
    py,
    render_block,
    show_only,
)
from lostcode.web.shell.i18n import _, get_language, ngettext
from lostcode.web.stonesgame import tablestones
from lostcode.web.stonesgame.edition import SHIFTING_STONES
from lostcode.web.stonesgame.watch import (
    WATCH,
    WATCH_ACTS,
    WATCH_CLOSE,
    WATCH_GO,
    StonesReplay,
    watch_model,
)
from lostcode.web.tablemode.links import HOST_HASH

# Table mode draws a stones seat through the loaded page module (it imports
# nothing of the second game itself: stonesentry.page_module).
table_screen = tablestones.render

SAVE_KEY = "lostcode.stones.game"  # the one slot before issue 43's saved games: moved once
PACE_MS = 500  # a computer's move stays in view this long (0 under reduced motion)
START, NEW, RESUME, BACK = "stones-start", "stones-new", "stones-resume", "stones-back"


class Page:
    __slots__ = (
        "session", "thinker", "tick", "ticking", "shown_at", "shown", "view", "slices",
        "save_id", "created", "rev", "saved_n", "drag", "watch", "unsaved", "done_kept",
    )

    def __init__(self):
        self.session = None
        self.thinker = pageplay.Thinker()
        self.tick = None  # the one timer proxy of the computers' slices
        self.ticking = False
        self.shown_at = 0.0  # when the current screen was drawn
        self.shown = None  # (screen kind, player to act, actions) of the drawn screen
        self.view = "setup"
        self.slices = [0, 0.0, 0.0]  # the computers' slices: count, longest, total (ms)
        self.save_id = None  # the game's key in the saved games (slots.game_key)
        self.created = None
        self.rev = 0  # the slot's revision this tab last read or wrote
        self.saved_n = -1  # the record's actions when last written
        self.drag = None  # the tile a pointer pressed (a drag onto a neighbour swaps)
        self.watch = None  # watch.StonesReplay of the finished game, while it is watched
        self.unsaved = False  # the last write of the game was refused (storage full or blocked)
        # the finished game is in the list's history (or came from it, or from a file): kept once
        self.done_kept = False


def page():
    """The page's state, kept on APP (issue 21: no module state)."""
    holder = stonesentry.second()
    if holder.page is None:
        holder.page = Page()
    return holder.page


def section():
    sec = by_id("stones")
    if sec is not None:
        return sec
    sec = el("section", None, "stones-page", {"id": "stones", "aria-labelledby": "stones-h"}, None)
    by_id("setup").after(sec)
    el("h2", _("Shifting Stones"), None, {"id": "stones-h", "tabindex": "-1"}, sec)
    el("div", None, None, {"id": "stones-body"}, sec)
    rules = el("details", None, "panel", {"id": "stones-rules"}, sec)
    el("summary", _("Rules reference"), None, {"id": "stones-rules-summary"}, rules)
    el("div", None, "rules", {"id": "stones-rules-text"}, rules)
    listen(rules, "toggle", lambda *_a: load_rules())
    listen(sec, "click", on_click)
    listen(sec, "change", on_change)
    listen(sec, "pointerdown", on_pointerdown)  # drag a tile onto a neighbour: a swap
    listen(sec, "pointerup", on_pointerup)
    listen(sec, "pointercancel", on_pointercancel)
    # document.defaultView: MicroPython's `window` proxy refuses addEventListener
    listen(document.defaultView, "pagehide", on_pagehide)
    listen(document, "visibilitychange", on_visibility)
    return sec


def open_page():
    sec = section()
    show_only(sec, ("setup", "game"))
    if page().session is None:
        render_setup()
    else:
        render()
    by_id("stones-h").focus()


def close_page():
    sec = by_id("stones")
    if sec is not None:
        sec.hidden = True
    by_id("setup").hidden = False
    ROOT.dataset.game = stonesentry.LOST_CODE
    savespage.render_saves()  # a game of «Тайные камни» begun meanwhile is in the list


def relanguage():
    sec = by_id("stones")
    if sec is None:
        return
    by_id("stones-h").textContent = _("Shifting Stones")
    by_id("stones-rules-summary").textContent = _("Rules reference")
    if page().view == "setup":
        render_setup(read_form())
    else:
        page().shown = None
        render()
    load_rules()


def load_rules():
    box = by_id("stones-rules-text")
    if box is None or not by_id("stones-rules").open:
        return
    lang = get_language()
    if str(box.getAttribute("data-lang") or "") == lang:
        return

    def got_text(text):
        box.innerHTML = str(text)  # our own same-origin file
        box.setAttribute("data-lang", lang)

    def got(resp):
        if resp.ok:
            resp.text().then(keep(create_proxy(guarded(got_text))))

    window.fetch("./assets/rules/stones/" + lang + ".html").then(keep(create_proxy(guarded(got))))


# -- the set-up ------------------------------------------------------------------


def seat_kinds():
    return ((HUMAN, _("Human")), (EASY, _("Computer (easy)")), (SEARCH, _("Computer (hard)")))


def read_form():
    box = by_id("stones-players")
    if box is None:
        return None
    n = int(str(box.value))
    names, seats = [], []
    for i in range(1, MAX_PLAYERS + 1):
        names.append(str(by_id("stones-name-" + str(i)).value))
        seats.append(str(by_id("stones-kind-" + str(i)).value))
    return {"players": n, "names": names, "seats": seats}


def default_form():
    names = [_("Player {n}", n=i) for i in range(1, MAX_PLAYERS + 1)]
    seats = [HUMAN, SEARCH, HUMAN, HUMAN, HUMAN]
    return {"players": 2, "names": names, "seats": seats}


def choice_group(parent):
    box = el("div", None, "buttons game-choice", {"role": "group", "aria-label": _("Game")}, parent)
    for game, label in stonesentry.choice_labels():
        pressed = "true" if game == stonesentry.STONES else "false"
        el("button", label, "btn", {"type": "button", "data-act": BACK, "data-arg": game,
                                    "aria-pressed": pressed}, box)  # fmt: skip


def render_setup(form=None):
    page().view = "setup"
    ROOT.dataset.stonesScreen = "setup"
    form = form or default_form()
    body = by_id("stones-body")
    clear(body)
    choice_group(body)
    saved = saved_game()
    if saved is not None:
        p = el("div", None, "notice", None, body)
        el("p", _("A game is in progress."), None, None, p)
        el("button", _("Resume"), "btn primary", {"type": "button", "data-act": RESUME}, p)
    box = el("div", None, "stones-setup", {"role": "group", "aria-label": _("Players")}, body)
    el("label", _("Number of players"), None, {"for": "stones-players"}, box)
    sel = el("select", None, None, {"id": "stones-players"}, box)
    for n in range(1, MAX_PLAYERS + 1):
        o = el("option", ngettext("{n} player", "{n} players", n), None, {"value": str(n)}, sel)
        if n == form["players"]:
            o.selected = True
    for i in range(1, MAX_PLAYERS + 1):
        seat = el("div", None, "seat", {"data-seat": str(i)}, box)
        if i > form["players"]:
            seat.hidden = True
        name_id, kind_id = "stones-name-" + str(i), "stones-kind-" + str(i)
        el("label", _("Name of player {n}", n=i), None, {"for": name_id}, seat)
        el("input", None, None, {"id": name_id, "maxlength": "24", "autocomplete": "off",
                                 "value": form["names"][i - 1]}, seat)  # fmt: skip
        el("label", _("Player {n} plays as", n=i), None, {"for": kind_id}, seat)
        kinds = el("select", None, None, {"id": kind_id}, seat)
        for kind, label in seat_kinds():
            o = el("option", label, None, {"value": kind}, kinds)
            if kind == form["seats"][i - 1]:
                o.selected = True
    el("p", None, None, {"id": "stones-setup-status", "role": "status"}, body)
    bar = el("div", None, "buttons actionbar", {"role": "group"}, body)
    el("button", _("Start the game"), "btn primary", {"type": "button", "data-act": START}, bar)
    # Issue 43: one phone per player, the Lost Code's table (its lobby offers this game)
    p = el("p", None, "table-entry", None, body)
    el("a", _("Play on several phones"), "btn", {"href": HOST_HASH}, p)


def on_change(event):
    target = event.target
    if str(target.id) == "stones-players":
        n = int(str(target.value))
        for i in range(1, MAX_PLAYERS + 1):
            node = document.querySelector('#stones .seat[data-seat="' + str(i) + '"]')
            node.hidden = i > n


def start():
    form = read_form()
    n = form["players"]
    names, seats = form["names"][:n], form["seats"][:n]
    problems = pageplay.check_setup(names, seats)
    if problems:
        by_id("stones-setup-status").textContent = _("At least one player must be human.")
        return
    seed = int(window.Math.floor(window.Math.random() * 2147483647))
    url_seed = url_int("seed")
    if url_seed is not None:
        seed = url_seed
    page().session = pageplay.new_session(names, seats, seed)
    page().done_kept = False
    page().thinker = pageplay.Thinker()
    page().shown = None
    page().save_id = None  # a new game: a new key in the saved games
    save()
    render()


def url_int(key):
    try:
        from lostcode.services.settings import read

        v = read(str(window.location.search))[0].get(key)
        return v if isinstance(v, int) else None
    except Exception:
        return None


# -- saved game --------------------------------------------------------------------


def saved_game():
    """The latest saved game of «Тайные камни» in the saved games: its id, or None."""
    move_old_slot()
    for row in storage.saves_index().listing():
        if row.get("game") == SHIFTING_STONES.save_format:
            return row["id"]
    return None


def move_old_slot():
    """The one slot of before (SAVE_KEY) becomes a saved game of the list, once."""
    text = storage.ls_get(SAVE_KEY)
    if not text:
        return
    try:
        ses = pageplay.from_save(json.loads(str(text)))
    except (RecordError, ValueError, KeyError, TypeError) as e:
        log_error("stones save", e)
        return
    sid = new_id()
    now = storage.now_iso()
    if storage.ls_set(game_key(sid), slot_text(pageplay.save_entry(ses, sid, now), 1)):
        storage.ls_remove(SAVE_KEY)
        storage.forget_index()


def new_id():
    rnd = int(window.Math.floor(window.Math.random() * 1000000))
    return "s" + str(int(window.Date.now())) + "-" + str(rnd)


def save():
    """The game written under its own key after an action moved its record
    (a tile chosen or a card picked is not saved); once it is over, moved to
    the list's finished games (issue 43), as the Lost Code's are.
    Another tab's newer moves of it are never written over."""
    p = page()
    ses = p.session
    if ses is None or (ses.screen == OVER and p.done_kept):
        return
    if p.save_id is None:
        p.save_id, p.created, p.rev, p.saved_n = new_id(), storage.now_iso(), 0, -1
    key = game_key(p.save_id)
    moves = pageplay.moves(ses)
    if ses.screen == OVER:
        keep_finished(p, ses)
        storage.ls_remove(key)
        storage.forget_index()
        return
    if len(moves) == p.saved_n:
        return
    verdict, rev = decide(storage.ls_get(key), p.rev, moves)
    if verdict == "newer":
        return  # another tab went on with this game: its moves stay
    entry = pageplay.save_entry(ses, p.save_id, storage.now_iso(), p.created)
    p.unsaved = not storage.ls_set(key, slot_text(entry, rev))
    if not p.unsaved:
        p.rev, p.saved_n = rev, len(moves)
        ROOT.dataset.stonesSaved = p.save_id
    storage.forget_index()


def keep_finished(p, ses):
    """The finished game into the saved-games list's history, under its own
    key (slots.done_key), once; the oldest past the history's cap go."""
    p.done_kept = True
    entry = pageplay.finished_entry(ses, p.save_id, storage.now_iso())
    if not storage.ls_set(done_key(p.save_id), slot_text(entry, max(p.rev, 0) + 1)):
        return  # storage full: the game is over, its record still downloadable from the end
    storage.forget_index()
    kept = [done_key(f["id"]) for f in storage.saves_index().history()]
    for k in list(APP.saves.revs):
        if k.startswith(done_key("")) and k not in kept:  # past the history's cap
            storage.ls_remove(k)
            del APP.saves.revs[k]


def watch_record(record):
    """A finished game of the saved-games list (stonesentry.WAY_IN): its
    replay, closed back onto its result; never saved again. A record that
    cannot be replayed is said so in the list, never a traceback."""
    try:
        ses = pageplay.record_session(record)
        replay = StonesReplay(pageplay.to_save(ses)["record"])
    except RecordError as e:
        back_to_list()
        reason = str(e.args[0] if e.args else e)
        APP.saves.ui = {"problem": {"text": savespage.finished_problem(reason),
                                    "download": False}}  # fmt: skip
        savespage.render_saves()
        return
    from_record(ses, replay if ses.screen == OVER else None)


def import_record(text):
    """A record file of «Тайные камни» imported on the start screen: a
    finished game opens on its replay, one in progress goes on (saved as a
    new game from its next action). A damaged one: the list says why."""
    try:
        ses = pageplay.record_session(text)
        replay = StonesReplay(pageplay.to_save(ses)["record"]) if ses.screen == OVER else None
    except RecordError as e:
        back_to_list()
        savespage.import_problem(str(e.args[0] if e.args else e), text)
        return
    from_record(ses, replay)


def from_record(ses, replay):
    p = page()
    p.session, p.thinker, p.shown, p.watch = ses, pageplay.Thinker(), None, replay
    p.save_id, p.created, p.rev, p.saved_n = None, None, 0, len(pageplay.moves(ses))
    p.done_kept = ses.screen == OVER  # watched, not finished here: not listed again
    open_page()  # its replay first, when it has one (render)


def back_to_list():
    stonesentry.pressed(stonesentry.LOST_CODE)
    close_page()


def resume(save_id=None):
    """The set-up's "Resume": the latest saved game of «Тайные камни»."""
    sid = save_id or saved_game()
    index = storage.saves_index()
    save_data = index.get(sid) if sid else None
    if save_data is None:
        render_setup(read_form())
        return
    resume_save(sid, save_data, APP.saves.revs.get(game_key(sid), 0))


def resume_save(save_id, data, rev):
    """A saved game of «Тайные камни» from the saved games (the list's Resume,
    stonesentry.WAY_IN, or the set-up's): replayed from its record."""
    try:
        ses = SHIFTING_STONES.from_save(data)  # the game's (shell.Game)
    except RecordError as e:
        storage.set_aside(storage.saves_index(), save_id, str(e.args[0] if e.args else e))
        storage.forget_index()
        open_page()
        return
    p = page()
    p.session, p.thinker, p.shown, p.done_kept = ses, pageplay.Thinker(), None, False
    p.save_id, p.created, p.rev = save_id, data.get("created"), rev
    p.saved_n = len(pageplay.moves(ses))
    ROOT.dataset.stonesSaved = save_id
    open_page()


# -- the game ------------------------------------------------------------------------


def on_click(event):
    try:
        target = py(event.target.closest("[data-act]"))
    except Exception:
        return
    if target is None or target.disabled:
        return
    act = str(target.getAttribute("data-act"))
    arg = str(target.getAttribute("data-arg") or "")
    if act == BACK:
        if arg != stonesentry.STONES:
            stonesentry.choose(arg)
        return
    if act == START:
        start()
    elif act == RESUME:
        resume()
    elif act == NEW:
        page().session = None
        page().save_id = None
        page().watch = None
        render_setup()
        by_id("stones-h").focus()
    elif act in WATCH_ACTS and page().session is not None:
        on_watch(act, arg)
    elif act in SESSION_ACTS and page().session is not None and act != STEP:
        if act == READY and now_ms() - page().shown_at < HANDOFF_MS:
            return  # issue 25: a tap that began before "I am NAME" was readable
        page().session.do(act, arg)
        save()
        render()


def _tile(node):
    """The grid's tile button at or around `node`, or None."""
    try:
        return py(node.closest('#stones-body [data-act="' + TAP_TILE + '"]'))
    except Exception:  # no node, or a text node
        return None


def on_pointerdown(event):
    tile = _tile(event.target)
    ok = tile is not None and not tile.hasAttribute("data-settling") and event.isPrimary
    page().drag = int(str(tile.getAttribute("data-arg"))) if ok else None


def on_pointercancel(*_a):
    page().drag = None


def on_pointerup(event):
    """A press on one tile let go over another: the tiles are swapped if they
    share a side (S-A1; the session checks). Let go over the same tile, it
    is a tap, which its click plays (tap, tap a neighbour: the same swap). A
    finger's pointer stays captured by the tile it pressed: the tile under
    the point is looked up."""
    start = page().drag
    page().drag = None
    ses = page().session
    if start is None or ses is None or page().view != "game":
        return
    end = _tile(document.elementFromPoint(event.clientX, event.clientY))
    if end is None:
        return
    to = int(str(end.getAttribute("data-arg")))
    if to == start:
        return
    event.preventDefault()
    ses.do(DRAG, str(start) + "-" + str(to))
    save()
    render()


def on_watch(act, arg):
    """The finished game's replay: opened from the end screen (every hand open:
    the game is over), stepped, closed back onto the result."""
    p = page()
    if act == WATCH and p.session.screen == OVER:
        p.watch = StonesReplay(pageplay.to_save(p.session)["record"])
    elif act == WATCH_CLOSE:
        p.watch = None
    elif p.watch is not None:
        p.watch.go(arg)
    if p.watch is not None:
        render_watch()
    else:
        render()
    if act != WATCH_GO:  # opened or closed: the heading; a step keeps its button's focus
        by_id("stones-h").focus()


def render_watch():
    """The replay's step: the grid then, the move, the steps, every hand."""
    m = watch_model(page().watch)
    ROOT.dataset.stonesScreen = m["screen"]
    body = Node("div")
    draw(m["board"], el("div", None, "stones-board", None, body))
    for b in m["blocks"]:
        render_block(b, body)
    for pl in m["players"]:
        el("p", pl["text"], None, None, body)
        box = el("div", None, "stones-hand open", {"role": "group", "aria-label": pl["label"]},
                 body)  # fmt: skip
        for art in pl["cards"]:
            draw(art, box)
    render_block(m["close"], body)
    adopt(by_id("stones-body"), body)


def render():
    ses = page().session
    page().view = "game"
    if page().watch is not None and ses is not None and ses.screen == OVER:
        render_watch()
        return
    model = SHIFTING_STONES.screen(ses)
    kind = model["screen"]
    key = pageplay.screen_key(ses)
    new_screen = key[:2] != (page().shown or (None, None))[:2]
    page().shown = key
    ROOT.dataset.stonesScreen = kind
    body = Node("div")  # the screen built in Python, put in by one call (dom.Node says why)
    if page().unsaved and kind != OVER:  # issue 44: a game that would vanish, said at once
        el("p", _("This game could not be saved: the browser's storage is full or blocked. "
                  "Free space by deleting finished games; the next move is saved again once "
                  "there is room."), "warning", {"role": "status"}, body)  # fmt: skip
    if kind != TURN:
        draw(model["board"], el("div", None, "stones-board", None, body))
    for b in model["blocks"]:
        if b.get("grid") or b.get("hand"):
            tablestones.draw_pickers(b, body)
        elif b["t"] == "buttons" and any(i["act"] == STEP for i in b["items"]):
            el("p", _("{name} is thinking…", name=pageplay.to_act_name(ses)), "status",
               {"role": "status"}, body)  # fmt: skip
        else:
            render_block(b, body)
    if kind == OVER:
        render_end(body)
    if new_screen:
        page().shown_at = now_ms()
    adopt(by_id("stones-body"), body)
    if new_screen:  # issue 25's guard, the Lost Code's: one activation, one action
        gamepage.place_unlock("#stones-body", READY)  # never under the press that drew it
        gamepage.settle("#stones-body [data-act]", READY)  # "I am NAME" waits HANDOFF_MS
        if kind != COMPUTER:
            by_id("stones-h").focus()
    if kind == COMPUTER:
        schedule(0 if reduced_motion() else PACE_MS)


def on_pagehide(*_a):
    """Leaving the page (issue 25, as the Lost Code's game does), or the page
    hidden (another app, the phone locked): an open hand goes back behind
    its handoff when several humans play, so coming back shows "Pass the
    device to NAME", never a hand."""
    ses = page().session
    if ses is None or page().view != "game" or not ses.hide():
        return
    render()


def on_visibility(*_a):
    if str(document.visibilityState) == "hidden":
        on_pagehide()


def render_end(body):
    rows = pageplay.end_rows(page().session)
    block = {
        "t": "table",
        "caption": _("Scores"),
        "head": [_("Player"), _("Completed cards"), _("Points")],
        "rows": [[name + (" ★" if won else ""), str(done), str(pts)]
                 for name, done, pts, won in rows],
    }
    render_block(block, body)
    render_block(buttons([button(_("Watch the game"), WATCH),
                          button(_("New game"), NEW, primary=True)]), body)  # fmt: skip


def reduced_motion():
    return media_matches("(prefers-reduced-motion: reduce)")


def schedule(ms):
    if page().ticking:
        return
    if page().tick is None:
        page().tick = keep(create_proxy(guarded(_tick)))
    page().ticking = True
    window.setTimeout(page().tick, ms)


def _tick(*_a):
    page().ticking = False
    ses = page().session
    if ses is None or ses.screen != COMPUTER or page().view != "game":
        return
    t0 = now_ms()
    done = page().thinker.step(ses)
    _measured(now_ms() - t0)
    if done:
        save()
        render()
    else:
        schedule(0)  # the next slice in a new task: taps and paints between


def _measured(ms):
    """Each slice's time, for tools/bench_stones_page.py: how many, the
    longest, and the total (data-stones-slices="count max total", ms)."""
    count, most, total = page().slices
    page().slices = [count + 1, max(most, ms), total + ms]
    ROOT.dataset.stonesSlices = "{} {:.1f} {:.1f}".format(*page().slices)
