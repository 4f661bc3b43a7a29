"""Settings for a ready-made game, read from the page URL's query string.

A teacher shares a link (or an iframe, see iframe_snippet) such as
"?lang=it&players=3&seats=human,hard,easy&options=shortcut&seed=42&embed=1";
the page opens that game directly. URLs are typed, pasted and truncated by
people, so parse() never raises: it keeps what is valid and explains in a
note each thing it ignored. MicroPython has no urllib, hence the small
hand-made percent-decoding here.
"""

from ..rules.messages import english
from ..rules.options import OPTION_FLAGS
from ..rules.playernames import SPACES, is_invisible
from ..rules.vocab import HUMAN, SEAT_KINDS
from .jsonlimits import _strict_utf8, read_optional

LANGS = ("en", "ru", "it", "pl")
RUNTIMES = ("pyodide", "micropython")
TEXT_SIZES = ("normal", "large")
MOTIONS = ("full", "reduce")  # the "Reduce motion" display setting (issue 11)
MIN_PLAYERS = 2
MAX_PLAYERS = 4
KINDS_SHOWN = ", ".join(SEAT_KINDS)  # issue 44: the note lists every kind the reader takes
SEED_MAX = 2**53 - 1  # the largest integer JavaScript numbers hold exactly
MAX_QUERY = 4096  # longer query strings are cut (with a note)
MAX_PAIRS = 64
# Key order of to_query: fixed, so a link is stable and readable.
KEYS = (
    "lang", "players", "seats", "options", "seed", "hints", "embed", "runtime", "textsize",
    "motion", "puzzle", "game",
)
GAMES = ("lostcode", "stones")  # ?game=: the game the start screen opens (issue 43)
_TRUE = ("1", "true", "on", "yes")
_FALSE = ("0", "false", "off", "no")
_HEX = "0123456789abcdefABCDEF"
_SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~,"
_BLANKS = " \t\n\r\x0b\x0c"  # ASCII only: CPython's str.strip() also strips Unicode spaces
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def parse(query) -> tuple:
    """(settings, notes) with the notes in English words (the command line's,
    the tests'); the page calls `read` and says the notes in its language."""
    settings, notes = read(query)
    return settings, [english(msg, params) for msg, params in notes]


def read(query) -> tuple:
    """(settings, notes) from a query string; never raises.

    `settings` holds only valid values: lang/runtime/textsize/motion (str),
    players/seed (int), seats/options (lists; options in canonical order),
    hints/embed (bool). `notes` are (message id, parameters) pairs
    (lostcode.rules.messages.NOTES), one per ignored or adjusted value. A leading
    "?", a whole URL or a "#..." are fine.
    """
    settings = {}
    notes = []
    try:
        _parse(query, settings, notes)
    except Exception:  # belt and braces: a bad URL must never stop the page
        notes.append(("unreadable", {}))
    return settings, notes


def read_pairs(query, notes) -> dict:
    """{key: raw value, None for a bare "key"}: the first of each known key.

    assets/runtime.js readQuery() is the same reader in JavaScript (it picks
    the runtime before Python runs); tests/test_url_reader.py holds them equal."""
    if isinstance(query, (bytes, bytearray)):
        query = _utf8(bytes(query))
    if not isinstance(query, str):
        return {}
    if "#" in query:
        query = query[: query.index("#")]
    if "?" in query:
        query = query[query.index("?") + 1 :]
    if len(query) > MAX_QUERY:
        query = query[:MAX_QUERY]
        notes.append(("too_long", {}))
    seen = {}
    pairs = [p for p in query.replace(";", "&").split("&") if p]
    if len(pairs) > MAX_PAIRS:
        pairs = pairs[:MAX_PAIRS]
        notes.append(("too_many", {}))
    raw = {}
    for pair in pairs:
        if "=" in pair:
            k, v = pair.split("=", 1)
        else:
            k, v = pair, None
        key = _unquote(k)
        value = None if v is None else _unquote(v)
        if key is None or (v is not None and value is None):
            notes.append(("not_text", {}))
            continue
        key = _fold(key)
        if key not in KEYS:
            notes.append(("unknown_setting", {"name": _show(key)}))
            continue
        if key in seen:
            if seen[key] == 1:  # one note per repeated key, however many repeats
                notes.append(("second_key", {"key": key}))
            seen[key] += 1
            continue
        seen[key] = 1
        raw[key] = value
    return raw


def _parse(query, settings, notes):
    raw = read_pairs(query, notes)
    for key in KEYS:
        if key in raw:
            _READERS[key](raw[key], settings, notes)
    _fit_seats(settings, notes)


def _choice(key, allowed, why):
    def read(value, settings, notes):
        v = _fold(value or "")
        if v in allowed:
            settings[key] = v
        else:
            notes.append(_bad(key, value, why))

    return read


def _flag(key, why):
    def read(value, settings, notes):
        v = "1" if value is None else _fold(value)
        if v in _TRUE:
            settings[key] = True
        elif v in _FALSE:
            settings[key] = False
        else:
            notes.append(_bad(key, value, why))

    return read


def _digits(value):
    """The whole number `value` spells, leading zeros allowed (issue 25:
    "seed=00000000000000001" had been "not a whole number"); else None."""
    v = (value or "").strip(_BLANKS)
    if not v or any(c not in "0123456789" for c in v):
        return None
    v = v.lstrip("0") or "0"
    if len(v) > 16:
        return None
    return int(v)


def _read_as(key, value, used, notes):
    """A note saying exactly what was used when it is not what the URL spelt
    (issue 25: "lang=ru-RU" switched the page to Russian while a note said
    it was ignored)."""
    if _fold(value or "") != str(used):
        notes.append(("read_as", {"key": key, "value": _show(value), "used": str(used)}))


def _read_lang(value, settings, notes):
    """en, ru, it, pl, or one of them with a region ("ru-RU", "ru_RU", "pl-PL"),
    read as the page's language picker reads it (lostcode/web/shell/i18n.py
    normalize_language, assets/runtime.js langCode): the language part counts."""
    base = _fold(value or "").replace("_", "-").split("-")[0]
    if base in LANGS:
        settings["lang"] = base
        _read_as("lang", value, base, notes)
    else:
        notes.append(_bad("lang", value, "why_lang"))


def _read_players(value, settings, notes):
    n = _digits(value)
    if n is None or n < MIN_PLAYERS or n > MAX_PLAYERS:
        notes.append(_bad("players", value, "why_players"))
    else:
        settings["players"] = n
        _read_as("players", value, n, notes)


def _read_seed(value, settings, notes):
    n = _digits(value)
    if n is None or n > SEED_MAX:
        notes.append(_bad("seed", value, "why_seed"))
    else:
        settings["seed"] = n
        _read_as("seed", value, n, notes)


def _read_puzzle(value, settings, notes):
    """Issue 28: ?puzzle=N opens Today's code's puzzle N (?puzzle=today or a
    bare ?puzzle: today's, as 0). Whether N is out yet is the page's to say."""
    v = _fold(value or "")
    if v in ("", "today"):
        settings["puzzle"] = 0
        return
    n = _digits(value)
    if n is None or n < 1 or n > 99999:
        notes.append(_bad("puzzle", value, "why_puzzle"))
    else:
        settings["puzzle"] = n
        _read_as("puzzle", value, n, notes)


def _read_seats(value, settings, notes):
    seats = []
    for item in (value or "").split(","):
        k = _fold(item)
        if k in SEAT_KINDS:
            seats.append(k)
        else:
            notes.append(
                ("bad_seat", {"n": len(seats) + 1, "value": _show(item), "kinds": KINDS_SHOWN})
            )
            seats.append(HUMAN)
    settings["seats"] = seats


def _read_options(value, settings, notes):
    chosen = {}
    for item in (value or "").split(","):
        k = _fold(item).replace("-", "_")
        if not k:
            continue
        if k in OPTION_FLAGS:
            chosen[k] = True
        else:
            notes.append(("bad_option", {"name": _show(item)}))
    settings["options"] = [f for f in OPTION_FLAGS if f in chosen]


def _fit_seats(settings, notes):
    """Seats and players must agree: infer players from seats, or pad/cut."""
    if "seats" not in settings:
        return
    seats = settings["seats"]
    n = settings.get("players")
    if n is None:
        if MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            settings["players"] = len(seats)
            return
        n = MIN_PLAYERS if len(seats) < MIN_PLAYERS else MAX_PLAYERS
        settings["players"] = n
        notes.append(("seats_fit", {"count": len(seats), "n": n}))
    if len(seats) < n:
        notes.append(("seats_fewer", {"count": len(seats), "n": n}))
        seats = seats + [HUMAN] * (n - len(seats))
    elif len(seats) > n:
        notes.append(("seats_extra", {"count": len(seats), "n": n}))
        seats = seats[:n]
    settings["seats"] = seats


def _bad(key, value, why):
    return ("bad_value", {"key": key, "value": _show(value), "reason": (why, {})})


_READERS = {
    "lang": _read_lang,
    "players": _read_players,
    "seats": _read_seats,
    "options": _read_options,
    "seed": _read_seed,
    "hints": _flag("hints", "why_hints"),
    "embed": _flag("embed", "why_embed"),
    "runtime": _choice("runtime", RUNTIMES, "why_runtime"),
    "textsize": _choice("textsize", TEXT_SIZES, "why_textsize"),
    "motion": _choice("motion", MOTIONS, "why_motion"),
    "puzzle": _read_puzzle,
    "game": _choice("game", GAMES, "why_game"),
}


LAST_MAX = 20000  # characters of the remembered settings (a few hundred in use)


def read_last(text):
    """The settings the last game started with (localStorage
    "lostcode-last-settings", read on every visit), checked; None when missing
    or unusable. Read by the one reader and never raising (issue 25): a value
    nested 100,000 deep there had stopped Pyodide from starting the page.

    {"players": 2-4, "names": [str], "seats": [str], "flags": {flag: bool},
    "hints": bool}; names and seats have one entry per player ("" or "?"
    where the stored one is missing or unusable)."""
    last = read_optional(text, "remembered settings", LAST_MAX)
    if not isinstance(last, dict):
        return None
    players = last.get("players")
    if isinstance(players, bool) or players not in (2, 3, 4):
        return None
    names = last.get("names")
    seats = last.get("seats")
    flags = last.get("flags")
    if not isinstance(names, list):
        names = []
    if not isinstance(seats, list):
        seats = []
    if not isinstance(flags, dict):
        flags = {}
    out_names = []
    out_seats = []
    for i in range(players):
        n = names[i] if i < len(names) and isinstance(names[i], str) else ""
        out_names.append(n[:24])
        k = seats[i] if i < len(seats) and isinstance(seats[i], str) else ""
        out_seats.append(k if k in SEAT_KINDS else "?")
    return {
        "players": players,
        "names": out_names,
        "seats": out_seats,
        "flags": {f: bool(flags.get(f)) for f in OPTION_FLAGS},
        "hints": last.get("hints", True) is not False,
    }


def to_query(settings) -> str:
    """The query string ("?..." or "") for settings as parse() returns them."""
    parts = []
    for key in KEYS:
        if key not in settings:
            continue
        v = settings[key]
        if key == "hints":
            text = "on" if v else "off"
        elif key == "embed":
            text = "1" if v else "0"
        elif key == "puzzle" and not v:
            text = "today"
        elif isinstance(v, (list, tuple)):
            text = ",".join(str(x) for x in v)
        else:
            text = str(v)
        parts.append(key + "=" + _quote(text))
    return "?" + "&".join(parts) if parts else ""


def with_setting(query: str, key: str, value: str) -> str:
    """`query` ("?..." or "") with every spelling of `key` (LANG=, lang=...) replaced
    by key=value, the other pairs kept as written ("&" between all of them)."""
    kept = _other_pairs(query, key)
    kept.append(key + "=" + _quote(value))
    return "?" + "&".join(kept)


def without_setting(query: str, key: str) -> str:
    """`query` ("?..." or "") with every spelling of `key` dropped, as the
    reader reads it: any case ("SEED=", "Seed="), percent-escaped ("s%65ed="),
    after "&" or ";" (issue 44: a seed written so stayed in the address and a
    reload dealt the same game again). The other pairs are kept as written
    ("&" between them); "" when none is left."""
    kept = _other_pairs(query, key)
    return "?" + "&".join(kept) if kept else ""


def _other_pairs(query: str, key: str) -> list:
    """The pairs of `query` (after any "?") that are not `key` in any spelling."""
    query = query[query.index("?") + 1 :] if "?" in query else query
    kept = []
    for pair in query.replace(";", "&").split("&"):
        name = _unquote(pair.split("=", 1)[0]) if pair else None
        if pair and (name is None or _fold(name) != key):
            kept.append(pair)
    return kept


def iframe_snippet(base_url: str, settings, title: str, width="100%", height=720) -> str:
    """HTML a teacher pastes into a lesson page to embed a ready-made game.

    The link always carries embed=1. Every attribute is escaped, so neither a
    title nor a base URL with quotes or markup can break out of it; only
    http(s) base URLs are accepted (a javascript: URL would run in the
    teacher's page).
    """
    if not isinstance(base_url, str):
        raise ValueError("the page address must be text")
    url = base_url.strip()
    lower = url.lower()
    if not (lower.startswith("https://") or lower.startswith("http://")):
        raise ValueError("the page address must start with https:// or http://")
    for cut in ("#", "?"):
        if cut in url:
            url = url[: url.index(cut)]
    s = dict(settings)
    s["embed"] = True
    src = url + to_query(s)
    return (
        '<iframe src="'
        + _attr(src)
        + '" title="'
        + _attr(str(title))
        + '" width="'
        + _attr(str(width))
        + '" height="'
        + _attr(str(height))
        + '" loading="lazy" allow="fullscreen"></iframe>'
    )


def _attr(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )


def _quote(text: str) -> str:
    out = []
    for ch in text:
        if ch in _SAFE:
            out.append(ch)
        else:
            for b in ch.encode("utf-8"):
                out.append("%" + "0123456789ABCDEF"[b >> 4] + "0123456789ABCDEF"[b & 15])
    return "".join(out)


def _fold(text: str) -> str:
    """Blanks and case removed the same way on every runtime and in assets/runtime.js.

    ASCII only: str.lower() and str.strip() differ beyond ASCII between CPython,
    MicroPython and JavaScript (e.g. the Kelvin sign lowers to "k" in two of them),
    and every valid key and value is ASCII anyway."""
    text = text.strip(_BLANKS)
    if any(c in _UPPER for c in text):
        text = "".join(chr(ord(c) + 32) if c in _UPPER else c for c in text)
    return text


def _unquote(text: str):
    """Percent-decoding ('+' is a space); None if the bytes are not UTF-8."""
    if not _utf8_ok(text):
        return None  # a lone surrogate (CPython only): not text a URL can carry
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    buf = bytearray()
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "%" and i + 2 < n and text[i + 1] in _HEX and text[i + 2] in _HEX:
            buf.append(int(text[i + 1 : i + 3], 16))
            i += 3
        else:
            buf.extend(ch.encode("utf-8"))
            i += 1
    return _utf8(bytes(buf))


def _utf8_ok(text: str) -> bool:
    try:
        text.encode("utf-8")
        return True
    except Exception:
        return False


def _utf8(b: bytes):
    """Strict UTF-8 (as JavaScript's fatal TextDecoder): MicroPython's decode lets
    surrogates and overlong forms through, so the bytes are checked here first."""
    if not _strict_utf8(b):
        return None
    try:
        return b.decode("utf-8")
    except Exception:
        return None


def _show(value) -> str:
    """A value quoted for a note: short, and free of control characters."""
    if value is None:
        return "(empty)"
    t = "".join(c if c >= " " and c != "\x7f" else "?" for c in str(value))
    if len(t) > 30:
        t = t[:27] + "..."
    return _quoted(t)


def _quoted(text: str) -> str:
    """`text` in quotes as CPython's repr() writes it, the same on every
    runtime: MicroPython's repr escapes every non-ASCII character, so "lang=ру"
    was noted as '\\u0440\\u0443' there and not as typed (issue 44). Only what
    would hide or reorder the note is escaped: invisible characters, bidi
    controls and spaces other than " " (lostcode/rules/playernames.py)."""
    q = '"' if "'" in text and '"' not in text else "'"
    out = []
    for c in text:
        code = ord(c)
        if c == "\\" or c == q:
            out.append("\\" + c)
        elif c != " " and (c in SPACES or is_invisible(code)):
            out.append(("\\u%04x" if code <= 0xFFFF else "\\U%08x") % code)
        else:
            out.append(c)
    return q + "".join(out) + q
