"""The set-up page: the form, starting a game, the remembered settings, URL
settings, languages, display settings, the embed dialog and the guided game.

The pure parts live in lostcode/web/game/page.py and lostcode/services/settings.py.
"""

import json

from pyscript import document, window

from lostcode.rules.errors import IllegalAction
from lostcode.rules.options import OPTION_FLAGS
from lostcode.rules.playernames import look_alike
from lostcode.rules.vocab import BOT_LEVELS, HUMAN
from lostcode.services.settings import (
    parse,
    read_last,
    read_pairs,
    with_setting,
    without_setting,
)
from lostcode.web.game import gameentry
from lostcode.web.game.describe import reason
from lostcode.web.game.page import (
    STORAGE_KEY,
    embed_code,
    form_settings,
    read_url,
    seat_note,
    settings_summary,
    static_table,
    static_text,
)
from lostcode.web.game.tutorial import TUTORIAL_SEED
from lostcode.web.saves import savespage, storage
from lostcode.web.shell import flow
from lostcode.web.shell.a11y import (
    MOTION_KEY,
    TEXT_SIZE_CLASS,
    TEXT_SIZE_KEY,
    normalize_motion,
    normalize_text_size,
)
from lostcode.web.shell.app import APP, guarded, keep, listen, log_error
from lostcode.web.shell.dom import (
    ROOT,
    by_id,
    clear,
    create_proxy,
    el,
    fire_change,
    media_matches,
    nodes,
    py,
)
from lostcode.web.shell.i18n import (
    _,
    catalog_ready,
    get_language,
    normalize_language,
    pick_language,
    set_language,
)


def read_form():
    players = int(by_id("players").value)
    names = [str(by_id("name-" + str(i + 1)).value) for i in range(players)]
    flags = {}
    for f in OPTION_FLAGS:
        flags[f] = bool(by_id("opt-" + f).checked)
    seed_text = str(by_id("seed").value).strip()
    if seed_text:
        seed = int(seed_text)
    else:
        seed = int(window.Math.floor(window.Math.random() * 2147483647))
    seats = [str(by_id("kind-" + str(i + 1)).value or HUMAN) for i in range(players)]
    return players, names, flags, seed, seats


def look_alike_problem(names):
    """Why names shown the same after normalising are refused (issue 12), or ""."""

    same = look_alike(names)
    if same is None:
        return ""
    return _("two players would be shown as “{name}”: give them different names", name=same)


def start_status(near=""):
    """The status line beside the button the player pressed: a refusal shown
    only beside Play, at the top, is a screen height away from the form's
    Start button on a phone (and looks like nothing happened). The other line
    is cleared, so one message is announced once."""
    top, form = by_id("start-status"), by_id("start-form-status")
    if form is None:
        return top
    here, other = (form, top) if near == "start" else (top, form)
    other.textContent = ""
    return here


def submitter_id(event):
    """The id of the submit button that sent the form ("" when unknown)."""
    try:
        button = event.submitter
        return str(button.id) if button else ""
    except Exception:  # a synthetic event, or a proxy without the property
        return ""


def start_game(event=None, near=""):
    """Play: the game loaded first (issue 40: gameentry; in the background
    since the set-up screen was drawn, so usually at once; else said)."""
    if not gameentry.loaded():
        start_status(near).textContent = _("Loading the game engine…")
    gameentry.ready(lambda: _start_game(near))


def _start_game(near):
    from lostcode.web.game.session import Session  # loaded: gameentry.ready

    status = start_status(near)
    try:
        players, names, flags, seed, seats = read_form()
        problem = look_alike_problem(names)  # R-S1: a message, not an exception (MicroPython)
        if problem:
            status.textContent = _("Cannot start: {reason}", reason=problem)
            return
        no_help = by_id("no-hints")  # "Play without help": no deduction assistant
        hints = no_help is None or not no_help.checked
        APP.game.session = Session.from_form(players, names, flags, seed, seats, hints=hints)
    except IllegalAction as e:
        status.textContent = _("Cannot start: {reason}", reason=reason(e))
        return
    except ValueError as e:
        status.textContent = _("Cannot start: {reason}", reason=str(e.args[-1] if e.args else e))
        for fold in ("settings", "advanced"):  # what to fix may be folded below the players
            by_id(fold).open = True
        return
    status.textContent = ""
    remember_settings(players, names, flags, seats, hints)
    # The seed and the public moves rebuild the deal: once the game is on, the
    # form forgets it, so "Saved games" mid-game never shows it (issue 12).
    by_id("seed").value = ""
    forget_url_seed()
    storage.new_save_slot()  # issue 7: saved from its first screen
    ROOT.removeAttribute("data-start-pending")
    flow.show_game(APP.game.session, fresh=True)
    APP.rulebook.page.save_game()  # a new slot: saved from its first screen


LAST_KEY = "lostcode-last-settings"


def remember_settings(players, names, flags, seats, hints):
    """The next visit's Play starts with these (never the seed: a new deal each time)."""

    # Untouched default names ("Player 1") stay out: they follow the language.
    names = [n if n != APP.page.defaults.get(i + 1) else "" for i, n in enumerate(names)]
    storage.storage_set(
        LAST_KEY,
        json.dumps(
            {"players": players, "names": names, "flags": flags, "seats": seats, "hints": hints}
        ),
    )


def restore_settings():
    """Last game's settings into the form (when the URL brings none)."""

    last = read_last(storage.storage_get(LAST_KEY))  # never raises (issue 25)
    if last is None or ROOT.hasAttribute("data-setup-touched"):
        return  # edits made while the engine loaded win over the remembered settings
    try:
        players = last["players"]
        by_id("players").value = str(players)
        fire_change(by_id("players"))
        for i in range(players):
            name = last["names"][i]
            if name:
                by_id("name-" + str(i + 1)).value = name
            box = by_id("kind-" + str(i + 1))
            kind = last["seats"][i]
            known = box is not None and py(box.querySelector('option[value="' + kind + '"]'))
            if known is not None and known is not False:
                box.value = kind
        for f in OPTION_FLAGS:
            by_id("opt-" + f).checked = last["flags"][f]
        box = by_id("no-hints")
        if box is not None:
            box.checked = not last["hints"]
    except Exception as e:  # a form that changed: the defaults stay
        log_error("could not restore the last settings", e)


def update_summary(event=None):
    """The line under Play: what it starts."""

    box = by_id("play-summary")
    if box is None:
        return
    players = int(by_id("players").value)
    names = [str(by_id("name-" + str(i + 1)).value) for i in range(players)]
    seats = []
    for i in range(players):
        k = by_id("kind-" + str(i + 1))
        seats.append(str(k.value or "human") if k is not None else "human")
    flags = {}
    for f in OPTION_FLAGS:
        flags[f] = bool(by_id("opt-" + f).checked)
    box.textContent = settings_summary(names, flags, seats)


def on_submit(event):
    event.preventDefault()
    start_game(near=submitter_id(event))


def set_motion(value, remember=False):
    """Motion "reduce" or "full" (URL motion=, or a caller's choice): data-motion on
    <html> and the "Reduce motion" checkboxes, as assets/display.js does."""

    value = normalize_motion(value)
    reduce = value == "reduce" or media_matches("(prefers-reduced-motion: reduce)")
    ROOT.setAttribute("data-motion", "reduce" if reduce else "full")
    for box in nodes("input[data-motion]"):
        box.checked = reduce
    if remember:
        storage.storage_set(MOTION_KEY, value)  # quota refused in JavaScript (issue 44)


def set_text_size(size, remember=False):
    """Larger text (URL textsize=large, or a caller's choice): class text-large on
    <html>, ~125 %, the same the "Larger text" checkboxes (assets/display.js) set."""

    size = normalize_text_size(size)
    if size == "large":
        ROOT.classList.add(TEXT_SIZE_CLASS)
    else:
        ROOT.classList.remove(TEXT_SIZE_CLASS)
    for box in nodes("input[data-textsize]"):
        box.checked = size == "large"
    if remember:
        storage.storage_set(TEXT_SIZE_KEY, size)  # quota refused in JavaScript (issue 44)
    return size


def url_param(name):
    """A setting as lostcode.services.settings reads the URL (case, ";", repeats: issue 12)."""

    try:
        value = read_pairs(str(window.location.search), []).get(name)
        return value if value else None
    except Exception:
        return None


def browser_languages():
    langs = window.navigator.languages
    try:
        return [str(langs[i]) for i in range(langs.length)]
    except Exception:
        return [str(window.navigator.language or "")]


def init_language():
    """Before any text is drawn: ?lang=, then the saved choice, then the browser."""

    picked = pick_language(url_param("lang"), browser_languages(), storage.storage_get(STORAGE_KEY))
    lang = set_language(picked)
    ROOT.setAttribute("lang", lang)
    APP.page.picked_language = picked  # not yet fetched when runtime.js picked another one
    return lang


def apply_static(first=False):
    """Translate the static HTML (its English stays as the before-Python fallback).

    first: the page as loaded. Its HTML is the English text itself
    (tests/test_url_settings.py), so an English start rewrites none of it."""

    untouched = first and get_language() == "en"
    table = None if untouched else static_table()  # once: 66 lookups, not 66 tables
    for e in [] if untouched else nodes("[data-i18n]"):
        text = static_text(e.getAttribute("data-i18n"), e.getAttribute("data-n"), table)
        if text:
            e.textContent = text
    for e in [] if untouched else nodes("[data-i18n-aria]"):
        text = static_text(e.getAttribute("data-i18n-aria"), None, table)
        if text:
            e.setAttribute("aria-label", text)
    for i in range(1, 5):  # untouched default names follow the language
        box = by_id("name-" + str(i))
        if box is None:
            continue
        old = APP.page.defaults.get(i, "Player " + str(i))
        new = static_text("default-name", i)
        if str(box.value) == old:
            box.value = new
        APP.page.defaults[i] = new
    by_id("lang").value = ROOT.getAttribute("lang")


def load_rules(lang):
    """The rules reference in `lang`: assets/rules/<lang>.html, or the inline English.

    Fetched when the reference is open or opened (on_rules_toggle), not at start:
    a page in ru/it/pl starts 13-19 KB lighter, and most visits never open it."""
    box = document.querySelector("#rules .rules")
    APP.page.rules_want = lang
    if APP.page.rules_have == lang:
        return  # an English start: still the page's own English, no copy, no re-parse
    if APP.page.rules_en is None:
        APP.page.rules_en = box.innerHTML
    if lang == "en":
        box.innerHTML = APP.page.rules_en
        APP.page.rules_have = "en"
        return
    if not by_id("rules").open or APP.page.rules_loading == lang:
        return
    APP.page.rules_loading = lang

    def got_text(text):
        APP.page.rules_loading = None
        if APP.page.rules_want == lang:
            box.innerHTML = text  # our own same-origin file, not user input
            APP.page.rules_have = lang

    def got_response(resp):
        if not resp.ok:
            APP.page.rules_loading = None
        else:
            p = create_proxy(got_text)
            keep(p)
            resp.text().then(p)

    p = create_proxy(got_response)
    keep(p)
    window.fetch("./assets/rules/" + lang + ".html").then(p)


def on_rules_toggle(event=None):
    if by_id("rules").open:
        load_rules(APP.page.rules_want)


def forget_url_seed():
    """Issue 25: a game started from ?seed= drops it from the address bar, so
    a reload mid-game does not fill the Seed field again and the address a
    player copies or a second tab opens does not carry the deal."""
    try:
        loc = window.location
        search = str(loc.search)
        kept = without_setting(search, "seed")  # every spelling (issue 44: SEED=, ;seed=)
        if kept == search:
            return
        window.history.replaceState(None, "", str(loc.pathname) + kept + str(loc.hash))
    except Exception as e:  # an old browser without URL: the note below still warns
        log_error("could not drop the seed from the address", e)


def seed_note():
    """What a link with a seed gives away (issue 25), or None."""
    seed = parse(str(window.location.search))[0].get("seed")
    if seed is None:
        return None
    return _(
        "This link fixes the deal (seed {seed}): whoever has it can know every player's stones.",
        seed=seed,
    )


def show_url_notes():
    notes = read_url(str(window.location.search))[1]
    notes = notes + [seat_note(n, k) for n, k in APP.page.seat_notes]
    notes = notes + [n for n in (seed_note(),) if n]
    box = by_id("url-notes")
    clear(box)
    for note in notes:
        el("p", note, None, None, box)
    box.hidden = not notes


def apply_url_settings():
    """?players=&seats=&options=&seed=&hints=&embed=&textsize= onto the page and form.

    The form is pre-filled and Start gets the focus (outside an iframe): the
    game never starts by itself, so a link can't skip the set-up screen."""

    s = parse(str(window.location.search))[0]
    if s.get("embed"):
        ROOT.classList.add("embed")
        lab_link = by_id("lab-link")  # no way out of a lesson's frame (issue 14)
        if lab_link is not None:
            lab_link.remove()
    if "textsize" in s:  # the larger-text setting (set_text_size) if this page has it
        set_text_size(s["textsize"])
    if s.get("motion") == "reduce":  # for this visit; the checkbox remembers a choice
        set_motion("reduce")
    if "players" in s:
        by_id("players").value = str(s["players"])
        fire_change(by_id("players"))
    for i, kind in enumerate(s.get("seats", [])):
        box = by_id("kind-" + str(i + 1))
        if box is None:
            continue
        if py(box.querySelector('option[value="' + kind + '"]')) is not None:
            box.value = kind
        else:
            APP.page.seat_notes.append((i + 1, kind))
    if "options" in s:
        for f in OPTION_FLAGS:
            by_id("opt-" + f).checked = f in s["options"]
    if "seed" in s:
        by_id("seed").value = str(s["seed"])
    if "hints" in s:
        box = by_id("no-hints")  # "Play without help": checked means hints off
        if box is not None:
            box.checked = not s["hints"]
    show_url_notes()
    prefilled = [k for k in ("players", "seats", "options", "seed") if k in s]
    if prefilled and window.self == window.top:
        by_id("play").focus()


def switch_language(code, fetched=False):
    wanted = normalize_language(code)
    if wanted and not catalog_ready(wanted):
        loadable = str(ROOT.getAttribute("data-catalogs") or "").split()
        if not fetched and wanted in loadable:
            fetch_catalog(wanted)  # comes back here when it is in
            return
        # Not fetched (offline before this language was ever used): stay as we are.
        by_id("lang").value = str(ROOT.getAttribute("lang") or "en")
        box = by_id("app-error")
        if box is not None:
            box.textContent = _(
                "This language could not be loaded. Check the connection and choose it again."
            )
            box.hidden = False
        return
    lang = set_language(code)
    ROOT.setAttribute("lang", lang)
    storage.storage_set(STORAGE_KEY, lang)
    if url_param("lang"):  # a reload keeps the new choice (?lang= beats the saved one)

        query = with_setting(str(window.location.search), "lang", lang)
        window.history.replaceState(None, "", query + window.location.hash)
    apply_static()
    load_rules(lang)
    show_url_notes()
    update_summary()
    if APP.game.session is None:
        savespage.render_saves()  # the saved games' list, its buttons and times in the new language
    else:
        clear(by_id("log-list"))  # the log's lines so far, again in the new language
        APP.game.log_shown = 0
        flow.show()
    for hook in APP.page.relanguage:  # Today's code (issue 28), if on screen or its entry
        hook()


def on_language(event):
    switch_language(str(event.target.value))


def fetch_catalog(lang):
    """The built MicroPython site fetches the ru/it/pl catalogs when first used
    (assets/runtime.js: window.lostcodeLoadCatalog, issue 17); a few KB."""

    def done(*_args):
        switch_language(lang, fetched=True)

    proxy = create_proxy(guarded(done))
    keep(proxy)
    window.lostcodeLoadCatalog(lang).then(proxy)


def form_values():
    """The set-up form as URL settings (lostcode.services.settings), for the embed code."""

    players = int(by_id("players").value)
    flags = {}
    for f in OPTION_FLAGS:
        flags[f] = bool(by_id("opt-" + f).checked)
    seed_text = str(by_id("seed").value).strip()
    seed = int(seed_text) if seed_text.isdigit() else None
    seats = []
    for i in range(players):
        box = by_id("kind-" + str(i + 1))
        seats.append(str(box.value or HUMAN) if box is not None else HUMAN)
    hints = None
    box = by_id("no-hints")
    if box is not None:
        hints = not box.checked
    textsize = "large" if ROOT.classList.contains("text-large") else None
    box = by_id("motion")  # the reader's own choice, not their system's
    motion = "reduce" if box is not None and box.checked and not box.disabled else None
    return form_settings(players, flags, seed, seats, hints, textsize, motion=motion)


def open_embed(event=None):
    page_url = str(window.location.href)
    code, error = embed_code(page_url, form_values())
    area = by_id("embed-code")
    area.value = code
    by_id("embed-status").textContent = error
    by_id("embed-dialog").showModal()
    area.focus()
    area.select()


def copy_embed(event=None):
    area = by_id("embed-code")
    status = by_id("embed-status")
    area.focus()
    area.select()
    manual = _("The code is selected: press Ctrl+C (⌘C on a Mac) to copy it.")
    clip = window.navigator.clipboard
    if not clip:
        status.textContent = manual
        return

    def ok(*_a):
        status.textContent = _("Copied. Paste it into your lesson page.")

    def failed(*_a):
        status.textContent = manual

    p1, p2 = create_proxy(ok), create_proxy(failed)
    keep(p1)
    keep(p2)
    clip.writeText(str(area.value)).then(p1, p2)


def close_embed(event=None):
    by_id("embed-dialog").close()


def start_guided(event=None):
    """The guided first game: 2 players (you and an easy bot if the form has bot
    seats, else a friend), introductory rules, the tutorial seed, tips on.
    With TUTORIAL_SEED seat 2 rolls first, so the newcomer sits there and sees every
    tip. The newcomer's seat is called "You" in the page's language, and every
    sentence about that seat is said in the second person ("Round 1: you roll",
    "You win"): lostcode/web/shell/you.py holds the second-person twins, i18n says them."""

    if ROOT.dataset.engine != "ready":
        return
    gameentry.ready(_start_guided)


def _start_guided():
    by_id("players").value = "2"
    fire_change(by_id("players"))
    other = by_id("kind-1")
    bot = other is not None and py(other.querySelector('option[value="easy"]')) is not None
    by_id("name-1").value = _("Bot") if bot else _("Friend")
    by_id("name-2").value = _("You")
    if other is not None:
        other.value = BOT_LEVELS[0] if bot else HUMAN
    if by_id("kind-2") is not None:
        by_id("kind-2").value = HUMAN
    for f in OPTION_FLAGS:
        by_id("opt-" + f).checked = f == "introductory"
    by_id("seed").value = str(TUTORIAL_SEED)
    box = by_id("no-hints")
    if box is not None:
        box.checked = False
    start_game()
    if APP.game.session is not None:
        APP.game.session.tutorial = True  # tips only: nothing a save holds changes
        flow.show()


def setup_page():
    """Boot-time wiring of the page around the game."""
    apply_static(first=True)
    load_rules(ROOT.getAttribute("lang"))

    from_url = parse(str(window.location.search))[0]
    if not [k for k in ("players", "seats", "options") if k in from_url]:
        restore_settings()  # Play starts the last game's settings (the URL's win)
    apply_url_settings()
    update_summary()
    listen(by_id("setup-form"), "input", update_summary)
    listen(by_id("setup-form"), "change", update_summary)
    listen(by_id("lang"), "change", on_language)
    listen(by_id("embed-open"), "click", open_embed)
    listen(by_id("embed-copy"), "click", copy_embed)
    listen(by_id("embed-close"), "click", close_embed)
    listen(by_id("guided"), "click", start_guided)
    listen(by_id("rules"), "toggle", on_rules_toggle)
