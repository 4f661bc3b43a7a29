"""Translation of every user-visible string of the web edition.

Call sites pass whole English sentences with named {placeholders}, never
glued fragments, so a translator can reorder words freely. The English text is
the message id; the other languages come from `lostcode/web/catalogs/<lang>.py`,
plain dict modules compiled from the gettext .po files by tools/build_i18n.py,
because MicroPython (one of our two browser runtimes) has no gettext. A catalog
is imported only when its language is chosen, so a page lists all catalogs in
its [files] but only parses the one in use.

Nothing here may raise because of a translation: a missing message, a missing
catalog module, or a translation whose placeholders don't fit falls back to the
English text. (An English message whose placeholders don't match the keyword
arguments is a programming error and still raises, as with plain str.format.)

Portable to MicroPython: no gettext, importlib, typing or f-strings with `=`.
"""

import sys

from .you import SECOND_PERSON, YOU_NAMES

LANGUAGES = (("en", "English"), ("ru", "Русский"), ("it", "Italiano"), ("pl", "Polski"))
DEFAULT_LANGUAGE = "en"
_CODES = tuple(code for code, _name in LANGUAGES)
_CATALOG_PACKAGE = __name__.rpartition(".")[0].rpartition(".")[0] + ".catalogs"  # web/catalogs


def _plural_en(n):
    return 0 if n == 1 else 1


class Language:
    """The language every _() and ngettext() speaks: its code, catalogue and
    plural rule. Why module state (the one piece in the pure modules, issue
    38; tests/test_web_layers.py names it): like gettext's install(), a page
    speaks one language at a time, and passing it down to every string of
    every screen would thread it through each view function for nothing; it
    changes only through set_language() (the page's start and its language
    picker, a test), never while a screen is built."""

    __slots__ = ("code", "messages", "plural")

    def __init__(self) -> None:
        self.code = DEFAULT_LANGUAGE
        self.messages = {}
        self.plural = _plural_en


ACTIVE = Language()  # the page's language, switched by set_language()


def normalize_language(code):
    """"pl-PL", "PL", "pl_PL" -> "pl"; None for anything we don't ship."""
    if not code:
        return None
    base = str(code).strip().lower().replace("_", "-").split("-")[0]
    return base if base in _CODES else None


def _load_catalog(code):
    """(messages, plural) of a language, or None if its module can't be imported."""
    name = _CATALOG_PACKAGE + "." + code
    try:
        __import__(name)
        module = sys.modules[name]
        return module.MESSAGES, module.plural
    except Exception:  # not listed in the page's [files], or broken: stay usable in English
        return None


def catalog_ready(code):
    """Whether set_language(code) finds its catalog now. The built MicroPython
    site ships ru/it/pl as packs fetched when first used (issue 17), so before
    that their modules are not there to import."""
    lang = normalize_language(code)
    return lang == DEFAULT_LANGUAGE or (lang is not None and _load_catalog(lang) is not None)


def set_language(code):
    """Switch every later _() / ngettext() call; returns the language now in use.

    Unsupported codes and catalogs that fail to load leave English active
    (the return value tells the caller, e.g. to set <html lang>)."""
    lang = normalize_language(code) or DEFAULT_LANGUAGE
    loaded = ({}, _plural_en) if lang == DEFAULT_LANGUAGE else _load_catalog(lang)
    if loaded is None:
        lang, loaded = DEFAULT_LANGUAGE, ({}, _plural_en)
    ACTIVE.code = lang
    ACTIVE.messages = loaded[0]
    ACTIVE.plural = loaded[1]
    return lang


def get_language():
    return ACTIVE.code


def language_name(code):
    """The language's own name for itself ("Polski"), for a language menu."""
    for c, name in LANGUAGES:
        if c == code:
            return name
    return code


def pick_language(url_lang=None, browser_langs=(), saved=None):
    """The language a page should start in.

    Order: ?lang= in the URL (so a shared link or a test always shows what it
    names, even over a saved choice), then the player's saved choice, then the
    first supported browser language (navigator.languages, e.g. "pl-PL"), then
    English. Unsupported values at any step are skipped, not errors."""
    for candidate in (url_lang, saved):
        lang = normalize_language(candidate)
        if lang:
            return lang
    if isinstance(browser_langs, str):
        browser_langs = (browser_langs,)
    for candidate in browser_langs or ():
        lang = normalize_language(candidate)
        if lang:
            return lang
    return DEFAULT_LANGUAGE


# Languages that write a decimal comma ("1,2"), not a point ("1.2").
_DECIMAL_COMMA = ("ru", "it", "pl")


def decimal(x, places=1):
    """x rounded (half away from zero) to `places` decimals, written the way the
    active language writes numbers: "8.4" in English, "8,4" in ru/it/pl. Digits
    are built from integers, so MicroPython's float printing never shows."""
    scale = 10**places
    n = int(x * scale + 0.5) if x >= 0 else -int(-x * scale + 0.5)
    sign = "-" if n < 0 else ""
    n = abs(n)
    text = sign + str(n // scale)
    if places > 0:
        point = "," if ACTIVE.code in _DECIMAL_COMMA else "."
        text += point + str(n % scale + scale)[1:]
    return text


# Polish capitals outside Latin-1 (Latin Extended-A).
_UPPER = {"ą": "Ą", "ć": "Ć", "ę": "Ę", "ł": "Ł", "ń": "Ń", "ś": "Ś", "ź": "Ź", "ż": "Ż"}


def capital(text):
    """`text` with its first letter upper-case, in MicroPython too, whose
    str.upper() changes only ASCII letters: table mode's heading said «ваш ход —
    бросить кубики» (issue 42). Cyrillic, Latin-1 (Italian) and Polish letters."""
    if not text:
        return text
    first = text[0]
    c = ord(first)
    if 0x430 <= c <= 0x44F:  # а..я
        first = chr(c - 0x20)
    elif 0x450 <= c <= 0x45F:  # ё and the rest of the block
        first = chr(c - 0x50)
    elif 0xE0 <= c <= 0xFE and c != 0xF7:  # à..þ, not ÷
        first = chr(c - 0x20)
    else:
        first = _UPPER.get(first, first.upper())
    return first + text[1:]


def _format(text, english, kw):
    if not kw:
        return text
    if text is not english:
        try:
            return text.format(**kw)
        except (KeyError, IndexError, ValueError):
            pass  # a broken translation: show the English sentence instead
    return english.format(**kw)


def _spoken_to(kw):
    """Whether the sentence's {name} is the reader: a player called "You"
    (you.py: the guided game's seat), spoken to in the second person."""
    name = kw.get("name")
    return isinstance(name, str) and name in YOU_NAMES


def _(msg, **kw):
    """Translate `msg` (English) and fill its {placeholders} from keyword arguments."""
    if kw and msg in SECOND_PERSON and _spoken_to(kw):
        msg = SECOND_PERSON[msg]
    text = ACTIVE.messages.get(msg)
    if not isinstance(text, str) or not text:
        text = msg
    return _format(text, msg, kw)


def ngettext(singular, plural, n, **kw):
    """Translate a message whose form depends on the count `n` (also available as {n})."""
    kw["n"] = n
    if singular in SECOND_PERSON and _spoken_to(kw):
        singular, plural = SECOND_PERSON[singular]
    count = n if n >= 0 else -n
    english = singular if count == 1 else plural
    forms = ACTIVE.messages.get(singular)
    text = english
    if isinstance(forms, tuple):
        try:
            text = forms[ACTIVE.plural(count)] or english
        except Exception:  # a catalog with too few forms: English rather than a crash
            text = english
    return _format(text, english, kw)
