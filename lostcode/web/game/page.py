"""The page around the game (issue 6): translated static text, settings from
the URL, the embed snippet, the language menu. Pure Python, no DOM: setuppage.py
puts these into the page.

Static HTML elements carry `data-i18n="key"` (their text) or
`data-i18n-aria="key"` (their aria-label), optionally `data-n="2"`; the
English in index.html is the before-Python fallback and must equal
static_text(key, n) in English (tests/test_url_settings.py checks it).
"""

from ...rules.options import OPTION_FLAGS
from ...rules.vocab import HUMAN, SEAT_KINDS
from ...services.settings import iframe_snippet, read
from ..shell.i18n import LANGUAGES, _, get_language, ngettext
from .describe import say

STORAGE_KEY = "lostcode.lang"  # localStorage: the player's language choice
SEAT_KINDS_SHOWN = SEAT_KINDS


def runtime_texts():
    """The texts assets/runtime.js shows before Python can run (issue 44: Pyodide
    chosen, offline, never cached). It holds them in the four languages, as
    LOADING_TEXT; tests/test_loading_text.py checks they are these, translated."""
    return {
        "offline": _(
            "Pyodide cannot be downloaded now: this device is offline and has no copy "
            "of it yet. Your saved games are safe."
        ),
        "use-default": _("Use MicroPython (the default)"),
    }


def _texts():
    # Built on demand so every text is in the current language.
    return {
        "title": _("The Lost Code — web edition"),
        "site-name": _("The Lost Code"),
        "tagline": _("Web edition · pass-and-play on one device"),
        "language": _("Language"),
        "rules-button": _("Rules"),
        "loading": _("Loading"),
        "new-game": _("New game"),
        "players": _("Players"),
        "number-of-players": _("Number of players"),
        "options": _("Options"),
        "opt-introductory": _("Introductory game (no bear)"),
        "opt-high_stakes": _("High Stakes (value-8 stones, ring 0–24)"),
        "opt-shortcut": _("Deadly Shortcut"),
        "opt-curse": _("Temple Curse"),
        "seed": _("Seed (optional, to replay the same deal)"),
        "play": _("Play"),
        "game-settings": _("Game settings"),
        "advanced": _("Advanced"),
        "guided": _("Guided first game"),
        "guided-help": _(
            "New to the game? Play a first game with a tip on every screen of the first round."
        ),
        "embed-open": _("Embed in a lesson"),
        "embed-title": _("Embed in a lesson"),
        "embed-help": _(
            "Paste this code into a lesson page or a learning platform: it shows this game "
            "with the settings of the form above (players, seats, options, seed, language)."
        ),
        "embed-code": _("Embed code"),
        "bot-lab": _("Bot lab: write your own player in Python"),
        "copy": _("Copy"),
        "close": _("Close"),
        "game": _("Game"),
        "rules-summary": _("Rules reference"),
        "human": _("Human"),
        "easy": _("Computer (easy)"),
        "medium": _("Computer (medium)"),
        "hard": _("Computer (hard)"),
        "expert": _("Computer (expert)"),
        "no-hints": _("Play without help (no deduction assistant)"),
        "larger-text": _("Larger text"),
        "reduce-motion": _("Reduce motion"),
        "display": _("Display"),
        "display-settings": _("Display settings"),
        "saved-games": _("Exit to saved games"),  # the in-game button leaves the game
        "python-runtime": _("Python runtime"),
        "runtime-micropython": _("MicroPython (quick start)"),
        "runtime-pyodide": _("Pyodide (full Python, 14 MB)"),
    }


def static_table():
    """Every static text in the current language, for a caller that needs many:
    static_text() alone builds the whole table each time (66 texts)."""
    return _texts()


def static_text(key, n=None, table=None):
    """The text of a static element in the current language ("" for an unknown key)."""
    if key == "players-n":
        return ngettext("{n} player", "{n} players", int(n))
    if key == "name-of":
        return _("Name of player {n}", n=n)
    if key == "kind-of":
        return _("Player {n} plays as", n=n)
    if key == "default-name":
        return _("Player {n}", n=n)
    return (_texts() if table is None else table).get(key, "")


def seat_summary(name, kind):
    """A seat in the summary under Play: "Player 2 (computer, medium)", one
    translated sentence per kind (not "Player 2 (Computer (medium))")."""
    if kind == HUMAN:
        return name
    said = {
        "easy": _("{name} (computer, easy)", name=name),
        "medium": _("{name} (computer, medium)", name=name),
        "hard": _("{name} (computer, hard)", name=name),
        "expert": _("{name} (computer, expert)", name=name),
    }
    return said.get(kind, name + " (" + str(kind) + ")")


def settings_summary(names, flags, seats):
    """One line under the big Play button: what Play starts (the form's settings)."""
    who = ", ".join(seat_summary(names[i], seats[i]) for i in range(len(names)))
    chosen = [f for f in OPTIONS if flags.get(f)]
    if chosen:  # one table, not one per option: this runs on every keystroke in the form
        table = static_table()
        chosen = [static_text("opt-" + f, None, table) for f in chosen]
    rules = ", ".join(chosen) if chosen else _("Standard rules")
    return ngettext(
        "{n} player: {names}. {rules}.", "{n} players: {names}. {rules}.", len(names),
        names=who, rules=rules,
    )


OPTIONS = ("introductory", "high_stakes", "shortcut", "curse")


def language_options():
    """(code, native name) pairs for the language menu."""
    return list(LANGUAGES)


# --------------------------------------------------------------------------- URL


def read_url(query):
    """(settings, notes) from location.search; notes in the current language.

    lostcode.services.settings.read gives each note as a message id with parameters;
    say() words it. Call it again after a language switch for the new language."""
    settings, notes = read(query)
    return settings, [say(msg, params) for msg, params in notes]


def seat_note(seat, kind):
    """The form has no such seat kind (yet): the seat stays human."""
    return _(
        "Seat {n}: {kind} players are not available on this page; a human plays it.",
        n=seat,
        kind=kind,
    )


def form_settings(players, flags, seed, seats, hints=None, textsize=None, lang=None, motion=None):
    """URL settings (as lostcode.services.settings.parse returns them) for a filled-in form."""
    s = {"lang": lang or get_language(), "players": int(players)}
    seats = [k if k in SEAT_KINDS_SHOWN else HUMAN for k in (seats or [])][: int(players)]
    if any(k != HUMAN for k in seats):
        s["seats"] = seats
    opts = [f for f in OPTION_FLAGS if flags.get(f)]
    if opts:
        s["options"] = opts
    if seed is not None:
        s["seed"] = int(seed)
    if hints is not None:
        s["hints"] = bool(hints)
    if textsize and textsize != "normal":
        s["textsize"] = textsize
    if motion == "reduce":
        s["motion"] = motion
    return s


def embed_code(page_url, settings):
    """(snippet, error): the iframe HTML for a lesson, or "" and a message."""
    try:
        return iframe_snippet(page_url, settings, _("The Lost Code")), ""
    except ValueError:
        return "", _(
            "This page is not served over http(s), so it cannot be embedded from here. "
            "Open the published site and try again."
        )
