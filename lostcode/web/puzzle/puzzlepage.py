"""Today's code in the page (issue 28): the daily puzzle, its archive, its stats.

The start screen gets a "Today's code" button (drawn by puzzleentry.py, which
loads this module only when the puzzle is used, issue 40); `?puzzle=N` (or
`?puzzle=today`) opens one puzzle directly, for a teacher's warm-up. The puzzles come from
assets/puzzles.json (same origin, precached by the service worker: offline
after one visit); lostcode/web/puzzle/puzzleview.py replays the chosen one and
builds the screen, drawn here in a section of its own with the board's own
drawing (dom.render_evidence). Its controls carry actions of their own scope
(actions.PUZZLE_PAGE, `HANDLERS` below) and go through main.dispatch like
every other control's.

The tries, streak and statistics live in this browser under one key
(puzzleview.STORE_KEY), read back with the project's reader: a damaged value
reads as no stats, and a refused write loses only the stats, never the page.
Share copies the spoiler-free text to the clipboard, or opens the system's
share sheet on a touch screen (navigator.share), and shows the text anyway.
"""

from pyscript import document, window

from lostcode.web import actions
from lostcode.web.puzzle.puzzles import PuzzleError
from lostcode.web.puzzle.puzzleview import (
    DATA_URL,
    STORE_KEY,
    Attempt,
    Ready,
    archive_model,
    puzzle_model,
    read_book,
    read_stats,
    record_try,
    today_number,
    tries_of,
)
from lostcode.web.saves.storage import ls_get, ls_set, now_iso
from lostcode.web.shell.app import APP, guarded, keep
from lostcode.web.shell.dom import (
    by_id,
    clear,
    create_proxy,
    el,
    icon,
    media_matches,
    py,
    render_button,
    render_racks,
    show_only,
)
from lostcode.web.shell.i18n import _, get_language


def today():
    """Today's puzzle number on this device's clock (UTC days)."""
    return today_number(APP.puzzle.book.start, now_iso())


def warm(r):
    """Issue 40: the prefetched file read and today's puzzle made from its
    entry (puzzleview.Ready), each in a task of its own while nobody waits,
    so "Today's code" is drawn at once (its proof follows it: prove_soon).
    Silent: a failure is said on opening."""
    if r is None or not r.ok or APP.puzzle.book is not None:
        return None

    def got(text):
        if APP.puzzle.book is None:
            try:
                APP.puzzle.book = read_book(str(text))
            except PuzzleError:
                return
        window.setTimeout(keep(create_proxy(guarded(make))), 0)

    def make(*_a):
        if APP.puzzle.attempt is not None or APP.puzzle.view is not None:
            return  # a puzzle is on screen already
        if APP.puzzle.ready is None:
            APP.puzzle.ready = Ready()
        t = today()
        APP.puzzle.ready.make(APP.puzzle.book, t, t, tries_of(stats(), t), get_language())

    return r.text().then(keep(create_proxy(guarded(got))))


def _section():
    sec = by_id("puzzle")
    if sec is None:
        sec = el("section", None, "puzzle", {"id": "puzzle", "aria-labelledby": "puzzle-h"}, None)
        game = by_id("game")
        if game is not None:  # before the rules reference, as the game's screen
            game.after(sec)
        else:
            document.querySelector("main").append(sec)
        el("p", None, "visually-hidden", {"id": "puzzle-announce", "role": "status",
                                          "aria-live": "polite", "aria-atomic": "true"},
           None)
    show_only(sec, ("setup", "game", "tablemode"))
    return sec


# --------------------------------------------------------------------------- loading


def with_book(then):
    """Run `then` once the puzzle file is read (fetched once per page)."""
    if APP.puzzle.book is not None:
        then()
        return
    APP.puzzle.waiting = then

    def got(text):
        try:
            APP.puzzle.book = read_book(str(text))
        except PuzzleError as e:
            failed(str(e))
            return
        wait = APP.puzzle.waiting
        APP.puzzle.waiting = None
        if wait is not None:
            wait()

    def bad(*_a):
        failed("")

    def response(r):
        if not r.ok:
            failed("")
            return None
        return r.text().then(keep(create_proxy(guarded(got))))

    asked = APP.puzzle.asked  # ?puzzle=N asked for it at start (puzzleentry.start_from_url)
    APP.puzzle.asked = None
    (asked if asked is not None else window.fetch(DATA_URL)).then(
        keep(create_proxy(guarded(response)))).catch(keep(create_proxy(guarded(bad))))


def failed(why):
    sec = _section()
    clear(sec)
    el("h2", _("Today's code"), None, {"id": "puzzle-h", "tabindex": "-1"}, sec)
    el("p", _("The puzzles could not be loaded. Check the connection and try again."),
       "warning", {"role": "alert"}, sec)
    if why:
        el("p", why, "note", None, sec)
    render_button({"text": _("Play a game"), "act": actions.PUZZLE_CLOSE, "arg": "",
                   "disabled": False, "pressed": None, "aria": None, "symbol": None,
                   "primary": False}, sec)


def stats():
    return read_stats(ls_get(STORE_KEY))


# --------------------------------------------------------------------------- actions


def open_puzzle(n, from_url=False):
    """Puzzle n (0 or "": today's). A future one is never shown: today's instead,
    with a note."""

    def go():
        t = today()
        notes = []
        want = t if n in (0, "", None) else int(n)
        if want > t:
            notes.append(_("Puzzle #{n} is not out yet: here is today's.", n=want))
            want = t
        tries = tries_of(stats(), want)
        ready = APP.puzzle.ready  # made before it was asked for (warm), if it is this one
        a = ready.take(want, t, tries, get_language()) if ready is not None else None
        if a is None:
            try:
                a = Attempt(APP.puzzle.book, want, t, tries)
            except Exception as e:  # a damaged entry: say so, never a dead page
                failed(str(e))
                return
        APP.puzzle.attempt = a
        APP.puzzle.lang = get_language()
        APP.puzzle.view = "puzzle"
        APP.puzzle.notes = notes
        APP.puzzle.shared = ""
        render(new=True)
        prove_soon(a)

    if from_url:
        _section()
    with_book(go)


PROVE_MS = 100  # after the puzzle's first frame


def prove_soon(a):
    """Issue 40: the puzzle is drawn from its entry alone; its replay and its
    proof follow here, each in a task of its own once the screen is up (the
    deduction's modules, the replay, the proof), so the first frame waits for
    none of them; an answer before they are done proves it then (on_answer)."""
    steps = [_deduction, a.replay, a.prove]

    def step(*_a):
        if APP.puzzle.attempt is not a or a.proof is not None or not steps:
            return
        try:
            steps.pop(0)()
        except Exception as e:  # a damaged entry: said, never a dead page
            refuse(e)
            return
        if steps:
            window.setTimeout(keep(create_proxy(guarded(step))), 0)

    if a.proof is None:
        window.setTimeout(keep(create_proxy(guarded(step))), PROVE_MS)


def _deduction():
    from lostcode.player import deduction  # noqa: F401  (imported ahead of the proof)


def refuse(e):
    """The puzzle on screen cannot be proved: the page says so instead."""
    APP.puzzle.attempt = None
    APP.puzzle.view = None
    failed(str(e))


def on_answer(act, arg):
    a = APP.puzzle.attempt
    if a is None or APP.puzzle.view != "puzzle":
        return
    try:
        value = int(arg)
    except ValueError:
        return
    try:
        a.prove()  # done already unless the answer came before prove_soon's slices
    except Exception as e:
        refuse(e)
        return
    if not a.answer_with(value):
        return
    if not ls_set(STORE_KEY, dumps(record_try(stats(), a))):
        APP.puzzle.notes = [_("Your tries could not be kept in this browser (storage full "
                              "or blocked).")]
    render()


def dumps(data):
    from json import dumps as json_dumps

    return json_dumps(data)


def on_share(act, arg):
    a = APP.puzzle.attempt
    if a is None or not a.done():
        return
    m = puzzle_model(a, stats())
    text = m["result"]["share_text"]
    nav = window.navigator
    coarse = media_matches("(pointer: coarse)")
    try:
        if coarse and py(getattr(nav, "share", None)) is not None:
            data = window.Object.new()
            data.text = text
            nav.share(data).catch(keep(create_proxy(guarded(lambda *_a: None))))
            shared(_("Shared: {text}", text=text))
            return
    except Exception:
        pass

    def ok(*_a):
        shared(_("Copied: {text}", text=text))

    def no(*_a):
        shared(_("Copy this text: {text}", text=text))

    try:
        nav.clipboard.writeText(text).then(keep(create_proxy(guarded(ok)))).catch(
            keep(create_proxy(guarded(no)))
        )
    except Exception:
        no()


def shared(text):
    APP.puzzle.shared = text
    box = by_id("puzzle-shared")
    if box is not None:
        box.textContent = text


def on_archive(act, arg):
    try:
        page = int(arg or 0)
    except ValueError:
        page = 0

    def go():
        APP.puzzle.view = "archive"
        APP.puzzle.page = page
        render(new=True)

    _section()
    with_book(go)


def close(act, arg):
    APP.puzzle.view = None
    APP.puzzle.attempt = None
    sec = by_id("puzzle")
    if sec is not None:
        sec.hidden = True
    setup = by_id("setup")
    if APP.game.session is not None:
        by_id("game").hidden = False
    elif setup is not None:
        setup.hidden = False  # its entry is labelled in every language (puzzleentry.relanguage)
        b = by_id("puzzle-entry")
        if b is not None:
            b.focus()


def _open(act, arg):
    open_puzzle(arg)


# actions.PUZZLE_PAGE -> handler(act, arg), looked up by main.dispatch.
HANDLERS = {
    actions.PUZZLE_OPEN: _open,
    actions.PUZZLE_ANSWER: on_answer,
    actions.PUZZLE_SHARE: on_share,
    actions.PUZZLE_ARCHIVE: on_archive,
    actions.PUZZLE_CLOSE: close,
}


# --------------------------------------------------------------------------- drawing


def relanguage():
    """A language switch: the attempt on screen is made again in it (the
    seat is "You" in each language's words), then drawn."""
    a = APP.puzzle.attempt
    if APP.puzzle.view == "puzzle" and a is not None and APP.puzzle.lang != get_language():
        APP.puzzle.attempt = Attempt(APP.puzzle.book, a.number, a.today, a.tries)
        APP.puzzle.lang = get_language()
        render()
        prove_soon(APP.puzzle.attempt)
        return
    render()


def render(new=False):
    """The puzzle or the archive, drawn again (after a try, a language
    switch: relanguage); it changes nothing it draws from (issue 38)."""
    if APP.puzzle.view is None:
        return  # the entry's label is puzzleentry.relanguage's
    sec = _section()
    focused = None
    active = py(document.activeElement)
    if not new and active is not None and sec.contains(active):
        focused = (
            str(active.getAttribute("data-act") or ""),
            str(active.getAttribute("data-arg") or ""),
        )
    clear(sec)
    if APP.puzzle.view == "archive":
        m = archive_model(stats(), today(), len(APP.puzzle.book.entries), APP.puzzle.page)
        draw_archive(m, sec)
    else:
        m = puzzle_model(APP.puzzle.attempt, stats(), APP.puzzle.notes)
        draw_puzzle(m, sec)
    sec.setAttribute("data-view", m["kind"])
    box = by_id("puzzle-announce")
    if box is not None:
        sec.append(box)
        box.textContent = m.get("announce", "")
    if new or focused is None or not refocus(sec, focused):
        h = by_id("puzzle-h")
        if h is not None:
            h.focus()
        if new:
            window.scrollTo(0, 0)


def refocus(sec, key):
    """Keep the keyboard where it was: the same control, or the next try's first free one."""
    found = sec.querySelectorAll("[data-act]")
    first_free = None
    for i in range(found.length):
        node = found.item(i)
        if node.disabled:
            continue
        if str(node.getAttribute("data-act")) == key[0]:
            if str(node.getAttribute("data-arg") or "") == key[1]:
                node.focus()
                return True
            if first_free is None:
                first_free = node
    if first_free is not None:
        first_free.focus()
        return True
    return False


def draw_puzzle(m, sec):
    head = el("div", None, "puzzle-head", None, sec)
    el("h2", m["heading"], None, {"id": "puzzle-h", "tabindex": "-1"}, head)
    el("span", m["level"], "puzzle-level level-" + str(m["level_id"]), None, head)
    for n in m["notes"]:
        el("p", n, "notice", {"role": "status"}, sec)
    el("p", m["question"], "puzzle-q", {"id": "puzzle-q"}, sec)
    render_racks(m["board"], sec)  # the board's racks, as the seat sees them
    draw_rounds(m["rounds"], sec)
    if m["answer"]:
        el("p", m["status"], "status puzzle-status", None, sec)
        box = el("div", None, "buttons puzzle-answers",
                 {"role": "group", "aria-labelledby": "puzzle-q"}, sec)
        count = len(m["answer"]["items"])  # on a phone: two even rows (4 + 4, 5 + 4, ...)
        box.style.setProperty("--cols", str((count + 1) // 2 if count <= 14 else 7))
        for b in m["answer"]["items"]:
            render_button(b, box)
    if m["hints"]:  # under the answers (a wrong try moves no button): the latest in full
        box = el("div", None, "puzzle-hints", None, sec)
        hint(m["hints"][-1], box)
        if len(m["hints"]) > 1:  # the earlier ones folded under it
            old = el("details", None, "puzzle-older", None, box)
            el("summary", m["older_label"], None, None, old)
            for h in m["hints"][:-1]:
                hint(h, old)
    if m["result"]:
        draw_result(m["result"], sec)
    nav = el("div", None, "buttons puzzle-nav", None, sec)
    for b in m["buttons"]:
        render_button(b, nav)


def hint(h, parent):
    p = el("p", None, "puzzle-hint", None, parent)
    el("strong", h["label"] + ": ", None, None, p)
    el("span", h["text"], None, None, p)


def draw_rounds(r, sec):
    box = el("section", None, "puzzle-rounds", {"aria-label": r["label"]}, sec)
    ol = el("ol", None, None, None, box)
    for row in r["rows"]:
        li = el("li", None, "pr-row", None, ol)
        el("span", row["aria"], "visually-hidden", None, li)
        vis = el("span", None, "pr-vis", {"aria-hidden": "true"}, li)
        el("span", str(row["round"]), "pr-n", None, vis)
        dice = el("span", None, "pr-dice", None, vis)
        for d in row["dice"]:
            icon(d, dice)
        if row["mine"]:
            mine = row["mine"]
            el("span", mine["bet"] + " " + mine["mark"],
               "pr-mine " + ("ok" if mine["ok"] else "bad"), None, vis)
        for o in row["others"]:
            el("span", o["name"] + o["mark"], "pr-other " + ("ok" if o["ok"] else "bad"),
               None, vis)
        for d in row["discards"]:
            disc = el("span", None, "pr-disc", None, vis)
            el("span", "⤷" + d["name"], None, None, disc)
            icon(d["symbol"], disc)
            el("span", str(d["value"]), None, None, disc)


def draw_result(r, sec):
    box = el("section", None, "puzzle-result", {"aria-labelledby": "puzzle-result-h"}, sec)
    el("h3", r["heading"], None, {"id": "puzzle-result-h"}, box)
    bar = el("div", None, "buttons puzzle-share", None, box)
    render_button(r["share"], bar)
    el("p", APP.puzzle.shared or r["share_note"], "note", {"id": "puzzle-shared",
                                                           "role": "status"}, box)
    why = el("details", None, "puzzle-why", {"open": ""}, box)
    el("summary", r["why_label"], None, None, why)
    ul = el("ul", None, None, None, why)
    for line in r["why"]:
        el("li", line, None, None, ul)
    st = r["stats"]
    sbox = el("section", None, "puzzle-stats", {"aria-label": st["label"]}, box)
    el("h3", st["label"], None, None, sbox)
    dl = el("dl", None, None, None, sbox)
    for label, value in st["items"]:
        d = el("div", None, None, None, dl)
        el("dt", label, None, None, d)
        el("dd", value, None, None, d)
    ul = el("ul", None, "puzzle-bars", None, sbox)
    for b in st["bars"]:
        li = el("li", None, None, None, ul)
        el("span", b["label"], "bar-label", None, li)
        bar_el = el("span", None, "bar", None, li)
        bar_el.style.setProperty("--w", str(int(100 * b["n"] / b["max"])) + "%")
        el("span", str(b["n"]), "bar-n", None, li)


def draw_archive(m, sec):
    el("h2", m["heading"], None, {"id": "puzzle-h", "tabindex": "-1"}, sec)
    el("p", m["note"], "note", None, sec)
    grid = el("div", None, "buttons puzzle-archive", {"role": "group",
                                                      "aria-label": m["heading"]}, sec)
    for b in m["items"]:
        render_button(b, grid)
    nav = el("div", None, "buttons puzzle-nav", None, sec)
    for b in m["nav"]:
        render_button(b, nav)
