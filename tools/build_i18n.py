#!/usr/bin/env python3
"""Translations: extract, update and compile the UI message catalogs.

Why a build step: the page runs under MicroPython too, which has no gettext
and no .mo reader, so the gettext `.po` files translators edit are compiled
into plain Python modules, `lostcode/web/catalogs/<lang>.py`, that any runtime
can import (a dict literal and a tiny plural function). The compiled modules
are committed so the site needs no build for translations; tests/test_i18n.py
fails when they lag behind the .po files.

The Bot lab and its class league are JavaScript: their English strings are the
_() / ngettext() calls of assets/lab-i18n.js and assets/lab-league-i18n.js,
extracted into the same .pot (babel.cfg) and translated in the same .po files;
the messages they use are compiled into assets/lab-catalog.js, where the lab
picks a plural form with Intl.PluralRules (issue 42: one catalogue). The game
page's scripts that speak before Python (boot.js, pwa.js, runtime.js) mark
theirs with _() too, compiled into assets/page-catalog.js.

    python3 tools/build_i18n.py              # compile .po -> catalogs (what CI checks)
    python3 tools/build_i18n.py --check      # exit 1 if the catalogs are out of date
    python3 tools/build_i18n.py --refresh    # THE one step after UI strings changed:
                                             # extract .pot, update every .po, compile,
                                             # list what still needs translating

Source language is English (the msgids themselves); there is no en catalog.
Fuzzy or empty entries are left out of the compiled catalog, so the page shows
English for them instead of a guess; the tests reject them.
"""

import argparse
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "messages.pot"
CATALOG_DIR = ROOT / "lostcode" / "web" / "catalogs"
BABEL_CFG = ROOT / "babel.cfg"
LAB_CATALOG = ROOT / "assets" / "lab-catalog.js"
PAGE_CATALOG = ROOT / "assets" / "page-catalog.js"
# The game page's scripts that speak before (or beside) Python: their _() messages
# go to assets/page-catalog.js, which assets/pwa.js loads for boot.js and itself.
PAGE_SCRIPTS = ("boot.js", "pwa.js", "runtime.js")
LANGS = ("ru", "it", "pl")  # translated languages; en is the source
KEYWORDS = ("_", "ngettext:1,2", "N_")  # N_: templates the core marks (lostcode/rules/messages.py)

# CLDR plural rules for integers, written out by hand because MicroPython has
# no Babel; the index is the .po plural form (tests compare with Babel's CLDR data).
PLURAL_SOURCES = {
    "en": "def plural(n):\n    return 0 if n == 1 else 1\n",
    "it": "def plural(n):\n    return 0 if n == 1 else 1\n",
    "ru": (
        "def plural(n):\n"
        "    if n % 10 == 1 and n % 100 != 11:\n"
        "        return 0  # one: 1, 21, 101\n"
        "    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:\n"
        "        return 1  # few: 2-4, 22-24\n"
        "    return 2  # many: 0, 5-20, 25-30, 111\n"
    ),
    "pl": (
        "def plural(n):\n"
        "    if n == 1:\n"
        "        return 0  # one: 1 only\n"
        "    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:\n"
        "        return 1  # few: 2-4, 22-24\n"
        "    return 2  # many: 0, 5-21, 25-31\n"
    ),
}
NPLURALS = {"en": 2, "it": 2, "ru": 3, "pl": 3}
# The CLDR category of each .po plural form, in order: what Intl.PluralRules.select()
# answers for a count that takes that form (the lab's JavaScript, assets/lab-i18n.js).
PLURAL_CATEGORIES = {"en": ("one", "other"), "it": ("one", "other"),
                     "ru": ("one", "few", "many"), "pl": ("one", "few", "many")}
LANG_NAMES = {"en": "English", "ru": "Russian", "it": "Italian", "pl": "Polish"}


def po_path(lang):
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def catalog_path(lang):
    return CATALOG_DIR / f"{lang}.py"


def read_po(lang):
    from babel.messages.pofile import read_po as _read

    with open(po_path(lang), "rb") as f:
        return _read(f, locale=lang)


def lab_only(message):
    """A message only the lab's JavaScript uses (every reference under assets/)."""
    return bool(message.locations) and all(f.startswith("assets/") for f, _ln in message.locations)


def compiled_entries(catalog, python=False):
    """{msgid: msgstr | tuple of plural forms} for complete, non-fuzzy entries only;
    `python`: the game's (the Python catalog leaves out the lab's own messages)."""
    out = {}
    for m in catalog:
        if not m.id or m.fuzzy:  # obsolete (#~) entries are not iterated
            continue
        if python and lab_only(m):
            continue
        if isinstance(m.id, (list, tuple)):
            forms = tuple(m.string) if isinstance(m.string, (list, tuple)) else ()
            if forms and all(forms):
                out[m.id[0]] = forms
        elif m.string:
            out[m.id] = m.string
    return out


def render_catalog(lang, entries):
    """The Python module for one language: plain literals only (MicroPython-safe)."""
    lines = [
        "# ruff: noqa: E501",
        f'"""{LANG_NAMES[lang]} UI messages, generated by tools/build_i18n.py from',
        f"locales/{lang}/LC_MESSAGES/messages.po. Do not edit: edit the .po file and",
        'rebuild (see docs/translating.md)."""',
        "",
        f"LANGUAGE = {lang!r}",
        f"NPLURALS = {NPLURALS[lang]}",
        "",
        "",
        PLURAL_SOURCES[lang].rstrip("\n"),
        "",
        "",
        "MESSAGES = {",
    ]
    for key in sorted(entries):
        value = entries[key]
        if isinstance(value, tuple):
            forms = ", ".join(repr(s) for s in value)
            lines.append(f"    {key!r}: ({forms},),")
        else:
            lines.append(f"    {key!r}: {value!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def js_msgids(paths):
    """Every msgid (singular for plurals) the given scripts mark with _() / ngettext()."""
    from babel.messages.extract import extract_from_file

    keywords = {"_": None, "ngettext": (1, 2), "N_": None}
    ids = set()
    for path in paths:
        for _ln, msg, _c, _ctx in extract_from_file("javascript", str(path), keywords=keywords):
            ids.add(msg[0] if isinstance(msg, (list, tuple)) else msg)
    return ids


def lab_msgids():
    """Every msgid the lab's JavaScript marks (assets/lab*.js)."""
    return js_msgids(p for p in sorted((ROOT / "assets").glob("lab*.js")) if p != LAB_CATALOG)


def page_msgids():
    """Every msgid the game page's early scripts mark (PAGE_SCRIPTS)."""
    return js_msgids(ROOT / "assets" / name for name in PAGE_SCRIPTS)


LAB_SOURCES = ("lab-i18n.js", "lab-league-i18n.js")  # the lab's {key: message} tables


def _js_expr(text, i):
    """Parse one message expression of a lab table at text[i:]: a string, _(s),
    ngettext(one, other, count) or [expr, ...]; (value, index after it)."""
    while text[i] == " ":
        i += 1
    if text[i] == '"':
        return json.JSONDecoder().raw_decode(text, i)
    if text.startswith("_(", i):
        value, i = _js_expr(text, i + 2)
        return value, text.index(")", i) + 1
    if text.startswith("ngettext(", i):
        args, i = [], i + len("ngettext(")
        while True:
            value, i = _js_expr(text, i)
            args.append(value)
            i = text.index("," if len(args) < 3 else ")", i) + 1
            if len(args) == 3:
                return tuple(args), i
    if text[i] == "[":
        items, i = [], i + 1
        while True:
            value, i = _js_expr(text, i)
            items.append(value)
            while text[i] == " ":
                i += 1
            i += 1
            if text[i - 1] == "]":
                return items, i
    raise ValueError(f"not a lab message at {text[i:i + 40]!r}")


def lab_messages():
    """{key: msgid | (singular, plural, count name) | [those...]} of the lab's tables."""
    import re

    out = {}
    for name in LAB_SOURCES:
        for line in (ROOT / "assets" / name).read_text(encoding="utf-8").splitlines():
            hit = re.match(r'\s*"([a-z0-9-]+)": (.*)$', line)
            if hit:
                out[hit.group(1)] = _js_expr(hit.group(2), 0)[0]
    return out


def lab_strings(lang, count=5):
    """{key: text} of the lab in `lang` as assets/lab-i18n.js says it, unformatted,
    plural messages in their form for `count`."""
    from babel import Locale
    from babel.plural import PluralRule

    entries = {} if lang == "en" else compiled_entries(read_po(lang))
    rule = PluralRule(Locale.parse(lang).plural_form.rules)

    def say(e):
        if isinstance(e, str):
            return entries.get(e, e)
        if isinstance(e, list):
            return " ".join(say(x) for x in e)
        forms = entries.get(e[0])
        if not forms:
            return e[0] if count == 1 else e[1]
        cats = PLURAL_CATEGORIES[lang]
        return forms[cats.index(rule(count))] if rule(count) in cats else forms[-1]

    return {k: say(e) for k, e in lab_messages().items()}


def render_lab_catalog(entries_by_lang, ids=None, who="The Bot lab's"):
    """assets/lab-catalog.js: the lab's messages of every language, as JSON in a
    module (assets/page-catalog.js likewise for the page's early scripts)."""
    ids = lab_msgids() if ids is None else ids
    data = {
        lang: {k: list(v) if isinstance(v, tuple) else v
               for k, v in sorted(entries.items()) if k in ids}
        for lang, entries in entries_by_lang.items()
    }
    cats = {lang: list(PLURAL_CATEGORIES[lang]) for lang in entries_by_lang}
    lines = [
        f"// {who} messages in every translated language, generated by",
        "// tools/build_i18n.py from locales/<lang>/LC_MESSAGES/messages.po. Do not edit:",
        "// edit the .po files and rebuild (docs/translating.md). Plural messages hold",
        "// their .po forms, in the order of PLURAL_CATEGORIES (Intl.PluralRules).",
        "export const PLURAL_CATEGORIES = " + json.dumps(cats, ensure_ascii=False) + ";",
        "export const CATALOG = {",
    ]
    for lang, messages in data.items():
        rows = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
                for k, v in messages.items()]
        lines.append(f" {json.dumps(lang)}: {{\n" + ",\n".join(rows) + "\n }"
                     + ("," if lang != list(data)[-1] else ""))
    return "\n".join(lines + ["};", ""])


def build_all():
    """{path: text} of every generated file."""
    out = {CATALOG_DIR / "__init__.py": (
        '"""Compiled UI message catalogs, one module per language (tools/build_i18n.py)."""\n'
    )}
    entries = {}
    for lang in LANGS:
        catalog = read_po(lang)
        entries[lang] = compiled_entries(catalog)
        out[catalog_path(lang)] = render_catalog(lang, compiled_entries(catalog, python=True))
    out[LAB_CATALOG] = render_lab_catalog(entries)
    out[PAGE_CATALOG] = render_lab_catalog(entries, page_msgids(), "The game page's early scripts'")
    return out


def stale_files():
    """Generated files whose committed text differs from a fresh build."""
    stale = []
    for path, text in build_all().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
    return stale


def write_all():
    CATALOG_DIR.mkdir(parents=True, exist_ok=True)
    for path, text in build_all().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")


def pybabel(*args):
    """Run a pybabel command in-process (same as the `pybabel` CLI, from ROOT)."""
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract_args(output):
    args = ["extract", "-F", str(BABEL_CFG), "--no-default-keywords"]
    for k in KEYWORDS:
        args += ["-k", k]
    return args + [
        "--project", "The Lost Code", "--version", "web",
        "--copyright-holder", "The Lost Code web edition contributors",
        "--width", "100", "-o", str(output), ".",
    ]


def extracted_ids(root=ROOT):
    """Every msgid (singular for plurals) a fresh extraction from the sources finds."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(BABEL_CFG, encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {"_": None, "ngettext": (1, 2), "N_": None}
    ids = set()
    for _fn, _ln, msg, _c, _ctx in extract_from_dir(
        str(root), method_map, options_map, keywords=keywords
    ):
        ids.add(msg[0] if isinstance(msg, (list, tuple)) else msg)
    return ids


def refresh():
    import os

    os.chdir(ROOT)
    LOCALES.mkdir(exist_ok=True)
    pybabel(*extract_args(POT))
    for lang in LANGS:
        if po_path(lang).exists():
            pybabel("update", "-i", str(POT), "-d", str(LOCALES), "-l", lang, "--width", "100",
                    "--ignore-obsolete", "--init-missing")
        else:
            pybabel("init", "-i", str(POT), "-d", str(LOCALES), "-l", lang, "--width", "100")
    write_all()
    todo = untranslated_report()
    if todo:
        print(todo)
    return 1 if todo else 0


def untranslated_report():
    lines = []
    for lang in LANGS:
        for m in read_po(lang):
            if not m.id:
                continue
            forms = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
            if m.fuzzy or not all(forms):
                first = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
                lines.append(f"  {lang}: {'fuzzy' if m.fuzzy else 'missing'}: {first!r}")
    if not lines:
        return ""
    head = f"{len(lines)} message(s) still need translating (the page shows English for them):"
    return "\n".join([head, *lines])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--check", action="store_true", help="exit 1 if catalogs are out of date")
    g.add_argument("--refresh", action="store_true", help="extract + update + compile")
    a = ap.parse_args(argv)
    if a.check:
        stale = stale_files()
        for p in stale:
            print(f"out of date: {p.relative_to(ROOT)}", file=sys.stderr)
        return 1 if stale else 0
    if a.refresh:
        return refresh()
    write_all()
    return 0


if __name__ == "__main__":
    sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", line_buffering=True)
    sys.exit(main())
