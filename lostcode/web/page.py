"""The page around the game (issue 6): translated static text, settings from
the URL, the embed snippet, the language menu. Pure Python, no DOM: main.py
puts these into the page.

Static HTML elements carry `data-i18n="key"` (their text) or
`data-i18n-aria="key"` (their aria-label), optionally `data-n="2"`; the
English in index.html is the before-Python fallback and must equal
static_text(key, n) in English (tests/test_url_settings.py checks it).
"""

from ..settings import iframe_snippet, parse
from .i18n import LANGUAGES, _, get_language, ngettext

STORAGE_KEY = "lostcode.lang"  # localStorage: the player's language choice
SEAT_KINDS_SHOWN = ("human", "easy", "medium", "hard")


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
        "start": _("Start the game"),
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
        "no-hints": _("Play without help (no deduction assistant)"),
        "larger-text": _("Larger text"),
        "display": _("Display"),
        "display-settings": _("Display settings"),
    }


def static_text(key, n=None):
    """The text of a static element in the current language ("" for an unknown key)."""
    if key == "players-n":
        return ngettext("{n} player", "{n} players", int(n))
    if key == "name-of":
        return _("Name of player {n}", n=n)
    if key == "kind-of":
        return _("Player {n} plays as", n=n)
    if key == "default-name":
        return _("Player {n}", n=n)
    return _texts().get(key, "")


def language_options():
    """(code, native name) pairs for the language menu."""
    return list(LANGUAGES)


# --------------------------------------------------------------------------- URL


def _reason(key):
    return {
        "lang": _("the languages are en, ru, it and pl."),
        "players": _("choose 2 to 4 players."),
        "seed": _("a seed is a whole number."),
        "hints": _("use hints=on or hints=off."),
        "embed": _("use embed=1 or embed=0."),
        "runtime": _("the runtimes are pyodide and micropython."),
        "textsize": _("use textsize=normal or textsize=large."),
    }.get(key)


def translate_note(note):
    """A note of lostcode.settings.parse (English) in the current language.

    parse() writes its notes in English (the engine package has no i18n);
    the known shapes are translated here, anything else is shown as is."""
    if get_language() == "en" or not isinstance(note, str):
        return note
    if note.startswith("Ignored unknown setting "):
        return _("Ignored unknown setting {name}.", name=note[24:].rstrip("."))
    if note.startswith("Ignored option "):
        name = note[15:].split(":")[0]
        return _(
            "Ignored option {name}: the options are introductory, high_stakes, shortcut and curse.",
            name=name,
        )
    if note.startswith("Ignored a second "):
        key = note[17:].split("=")[0]
        return _("Ignored a second {key}=: the first one counts.", key=key)
    if note.startswith("Ignored ") and "=" in note:
        key, rest = note[8:].split("=", 1)
        value = rest.rsplit(": ", 1)[0] if ": " in rest else rest
        reason = _reason(key)
        if reason:
            return _("Ignored {key}={value}: {reason}", key=key, value=value, reason=reason)
    if note.startswith("Seat ") and "human player" in note:
        words = note.split(" ")
        value = note[len(words[0]) + len(words[1]) + 2 :].split(" is not ")[0]
        return _(
            "Seat {n} {value} is not human, easy, medium or hard: it will be a human player.",
            n=words[1],
            value=value,
        )
    if "the others are human players" in note:
        return _("Fewer seats than players in the address: the others are human players.")
    if "the extra seats were ignored" in note:
        return _("More seats than players in the address: the extra seats were ignored.")
    if note.startswith("The address lists "):
        return _(
            "The number of seats in the address does not fit: playing with {n} players.",
            n=note.rstrip(".").split(" ")[-2],
        )
    if "very long" in note:
        return _("The address is very long; only its start was read.")
    if "too many settings" in note:
        return _("The address has too many settings; only the first were read.")
    if "not valid text" in note:
        return _("Ignored a setting that is not valid text.")
    return note


def read_url(query):
    """(settings, notes) from location.search; notes in the current language.

    Call it again after a language switch to get the notes in the new language."""
    settings, notes = parse(query)
    return settings, [translate_note(n) for n in notes]


def seat_note(seat, kind):
    """The form has no such seat kind (yet): the seat stays human."""
    return _(
        "Seat {n}: {kind} players are not available on this page; a human plays it.",
        n=seat,
        kind=kind,
    )


def form_settings(players, flags, seed, seats, hints=None, textsize=None, lang=None):
    """URL settings (as lostcode.settings.parse returns them) for a filled-in form."""
    s = {"lang": lang or get_language(), "players": int(players)}
    seats = [k if k in SEAT_KINDS_SHOWN else "human" for k in (seats or [])][: int(players)]
    if any(k != "human" for k in seats):
        s["seats"] = seats
    opts = [f for f in ("introductory", "high_stakes", "shortcut", "curse") if flags.get(f)]
    if opts:
        s["options"] = opts
    if seed is not None:
        s["seed"] = int(seed)
    if hints is not None:
        s["hints"] = bool(hints)
    if textsize and textsize != "normal":
        s["textsize"] = textsize
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
