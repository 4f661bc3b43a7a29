"""Translations (issue 6): complete, well-formed, compiled, portable; rules fragments parallel.

Why these tests: a missing or broken translation doesn't crash the page (it
falls back to English), so nothing else would notice it. Refresh everything
with `python3 tools/build_i18n.py --refresh` (docs/translating.md).
"""

import importlib
import importlib.util
import string
import sys
from html.parser import HTMLParser

import pytest
from helpers import ROOT, node_runtimes_available, run_in_runtime

from lostcode.rules.components import WHEEL_IDS, WHEEL_VP, WHEEL_WIDTH
from lostcode.web.shell import i18n


def _load_tool():
    spec = importlib.util.spec_from_file_location("build_i18n", ROOT / "tools" / "build_i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_tool()
LANGS = build.LANGS
RULES_DIR = ROOT / "assets" / "rules"
RUNTIME_SCRIPT = ROOT / "tests" / "i18n_runtime_script.py"


def read_pot():
    from babel.messages.pofile import read_po

    with open(build.POT, "rb") as f:
        return read_po(f)


def placeholders(text):
    """Field names of a str.format template ({name}, {n}; "{{" is not one)."""
    return {f.split(".")[0].split("[")[0] for _lit, f, _s, _c in string.Formatter().parse(text)
            if f is not None}


def msg_key(m):
    return m.id[0] if isinstance(m.id, (list, tuple)) else m.id


# --------------------------------------------------------------------------- catalogs


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    pot_ids = {msg_key(m) for m in read_pot() if m.id}
    po = {msg_key(m): m for m in build.read_po(lang) if m.id}
    problems = []
    for key in sorted(pot_ids):
        m = po.get(key)
        if m is None:
            problems.append(f"not in the .po (run --refresh): {key!r}")
            continue
        forms = m.string if isinstance(m.id, (list, tuple)) else (m.string,)
        if m.fuzzy:
            problems.append(f"fuzzy: {key!r}")
        elif isinstance(m.id, (list, tuple)) and len(forms) != build.NPLURALS[lang]:
            problems.append(f"{len(forms)} plural forms, want {build.NPLURALS[lang]}: {key!r}")
        elif not all(forms):
            problems.append(f"untranslated: {key!r}")
    assert not problems, f"{lang}: {len(problems)} problem(s):\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match(lang):
    bad = []
    for m in build.read_po(lang):
        if not m.id or m.fuzzy:  # fuzzy ones are reported as untranslated, and never shown
            continue
        if isinstance(m.id, (list, tuple)):
            want = placeholders(m.id[0]) | placeholders(m.id[1]) | {"n"}
            forms = [s for s in m.string if s]
            # a form may leave out {n} only if English does too (e.g. "one space")
            for s in forms:
                got = placeholders(s)
                if got - want or (want - {"n"}) - got:
                    bad.append(f"{msg_key(m)!r} -> {s!r}")
        elif m.string and placeholders(m.string) != placeholders(m.id):
            bad.append(f"{m.id!r} -> {m.string!r}")
    assert not bad, f"{lang}: placeholders differ:\n" + "\n".join(bad)


# n -> plural form index; ru: one/few/many, pl: one/few/many, it/en: one/other
PLURAL_CASES = {
    "ru": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 0, 22: 1, 25: 2, 101: 0,
           111: 2, 112: 2, 122: 1},
    "pl": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 2, 22: 1, 25: 2, 101: 2,
           111: 2, 112: 2, 122: 1},
    "it": {0: 1, 1: 0, 2: 1, 5: 1, 11: 1, 21: 1, 101: 1},
}


@pytest.mark.parametrize("lang", sorted(PLURAL_CASES))
def test_plural_rules(lang):
    module = importlib.import_module(f"lostcode.web.catalogs.{lang}")
    got = {n: module.plural(n) for n in PLURAL_CASES[lang]}
    assert got == PLURAL_CASES[lang]


@pytest.mark.parametrize("lang", sorted(PLURAL_CASES))
def test_plural_rules_agree_with_cldr(lang):
    """Our hand-written rules give the same category as Babel's CLDR data for 0..1000."""
    from babel import Locale

    module = importlib.import_module(f"lostcode.web.catalogs.{lang}")
    order = {"ru": ("one", "few", "many"), "pl": ("one", "few", "many"), "it": ("one", "other")}
    locale = Locale.parse(lang)
    for n in range(1001):
        assert order[lang][module.plural(n)] == locale.plural_form(n), n


def test_compiled_catalogs_up_to_date():
    stale = [str(p.relative_to(ROOT)) for p in build.stale_files()]
    assert not stale, f"run `python3 tools/build_i18n.py`: {stale}"


def test_extraction_up_to_date():
    """Every _()/ngettext() literal in lostcode/web is in messages.pot, and nothing stale."""
    pot = {msg_key(m) for m in read_pot() if m.id}
    found = build.extracted_ids()
    assert found, "extraction found nothing: is babel.cfg right?"
    missing, stale = sorted(found - pot), sorted(pot - found)
    assert not missing and not stale, (
        "run `python3 tools/build_i18n.py --refresh`\n"
        f"not in the .pot: {missing}\nno longer in the code: {stale}"
    )


def test_catalogs_are_plain_literals():
    """MicroPython-safe: the only statements are assignments of literals and plural()."""
    import ast

    for lang in LANGS:
        tree = ast.parse(build.catalog_path(lang).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign):
                ast.literal_eval(node.value)
            else:
                assert isinstance(node, (ast.Expr, ast.FunctionDef)), ast.dump(node)


# --------------------------------------------------------------------------- runtime API


@pytest.fixture
def lang_reset():
    yield
    i18n.set_language("en")


def test_english_is_identity(lang_reset):
    assert i18n.set_language("en") == "en"
    assert i18n._("Undo") == "Undo"
    assert i18n._("{name} took wheel {wheel}.", name="Ann", wheel="W5") == "Ann took wheel W5."
    assert i18n.ngettext("{n} stone", "{n} stones", 1) == "1 stone"
    assert i18n.ngettext("{n} stone", "{n} stones", 3) == "3 stones"


def test_decimal_sign_follows_the_language(lang_reset):
    """The assistant's "1.2 VP expected" is "1,2" in ru/it/pl (phone playtest)."""
    assert i18n.decimal(8.36, 1) == "8.4"
    assert i18n.decimal(1.2) == "1.2"
    assert i18n.decimal(-0.25, 1) == "-0.3"
    assert i18n.decimal(3, 2) == "3.00"
    assert i18n.decimal(0.05, 2) == "0.05"
    assert i18n.decimal(7.6, 0) == "8"
    for lang in ("ru", "it", "pl"):
        i18n.set_language(lang)
        assert i18n.decimal(8.36, 1) == "8,4"
        assert i18n.decimal(0.05, 2) == "0,05"
    i18n.set_language("en")
    assert i18n.decimal(1.25) == "1.3"


def test_assistant_numbers_use_the_decimal_comma(lang_reset):
    from lostcode.web.game.assistant import _ev_text

    assert _ev_text(1.23) == "1.2"
    i18n.set_language("pl")
    assert _ev_text(1.23) == "1,2"


def test_translated_and_plural(lang_reset):
    assert i18n.set_language("ru") == "ru"
    assert i18n.get_language() == "ru"
    assert i18n._("Undo") == "Отменить"
    jag = i18n._("jaguar")
    pile = [i18n.ngettext("{sym} pile: {n} stone", "{sym} pile: {n} stones", n, sym=jag)
            for n in (1, 3, 5, 21)]
    assert pile == ["Стопка «ягуар»: 1 камень", "Стопка «ягуар»: 3 камня",
                    "Стопка «ягуар»: 5 камней", "Стопка «ягуар»: 21 камень"]
    i18n.set_language("pl")
    assert i18n.ngettext("{sym} pile: {n} stone", "{sym} pile: {n} stones", 21,
                         sym="x") == "Stos „x”: 21 płytek"


def test_fallbacks_never_crash(lang_reset, monkeypatch):
    i18n.set_language("it")
    assert i18n._("A sentence nobody translated, {x}.", x=1) == "A sentence nobody translated, 1."
    assert i18n.ngettext("{n} unknown", "{n} unknowns", 2) == "2 unknowns"
    # a translation with a wrong placeholder shows English instead of raising
    monkeypatch.setitem(i18n.ACTIVE.messages, "Hi {name}", "Ciao {nome}")
    assert i18n._("Hi {name}", name="Bo") == "Hi Bo"
    monkeypatch.setitem(i18n.ACTIVE.messages, "{n} cat", ("{n} gatto",))  # too few forms
    assert i18n.ngettext("{n} cat", "{n} cats", 5) == "5 cats"
    assert i18n.set_language("de") == "en"
    assert i18n.set_language(None) == "en"


def test_missing_catalog_module_falls_back(lang_reset, monkeypatch):
    monkeypatch.setattr(i18n, "_CATALOG_PACKAGE", "lostcode.web.no_such_package")
    assert i18n.set_language("pl") == "en"
    assert i18n._("Undo") == "Undo"


def test_pick_language():
    pick = i18n.pick_language
    assert pick(None, [], None) == "en"
    assert pick(None, ["de-DE", "pl-PL", "ru"], None) == "pl"
    assert pick(None, "it-IT", None) == "it"
    assert pick(None, ["pl-PL"], "ru") == "ru"  # a saved choice beats the browser
    assert pick("it", ["pl-PL"], "ru") == "it"  # ?lang= beats everything
    assert pick("xx", ["de"], "RU") == "ru"  # unsupported values are skipped
    assert pick("", None, "") == "en"
    assert [c for c, _n in i18n.LANGUAGES] == ["en", "ru", "it", "pl"]
    assert i18n.language_name("pl") == "Polski"


@pytest.mark.runtimes
@pytest.mark.skipif(not node_runtimes_available(), reason="needs node and `npm ci`")
def test_same_output_in_micropython():
    expected = run_in_runtime("cpython", RUNTIME_SCRIPT)
    assert "Стопка «ягуар»: 21 камень" in expected
    assert run_in_runtime("micropython", RUNTIME_SCRIPT) == expected


# --------------------------------------------------------------------------- rules fragments


class _Outline(HTMLParser):
    """What must be parallel across languages: headings, rule IDs, table rows."""

    def __init__(self):
        super().__init__()
        self.headings, self.rule_ids, self.tables, self.row_heads = [], [], [], []
        self.lang = None
        self._in_rule_id = self._in_th_row = False
        self._text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and self.lang is None:
            self.lang = a.get("lang")
        if tag in ("h2", "h3", "h4"):
            self.headings.append(tag)
        if tag == "table":
            self.tables.append([a.get("class"), 0])
        if tag == "tr":
            self.tables[-1][1] += 1
        if tag == "span" and "rule-id" in (a.get("class") or ""):
            self._in_rule_id, self._text = True, ""
        if tag == "th" and a.get("scope") == "row":
            self._in_th_row, self._text = True, ""

    def handle_data(self, data):
        if self._in_rule_id or self._in_th_row:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "span" and self._in_rule_id:
            self.rule_ids.append(self._text.strip())
            self._in_rule_id = False
        if tag == "th" and self._in_th_row:
            self.row_heads.append(self._text.strip())
            self._in_th_row = False


def outline(lang):
    p = _Outline()
    p.feed((RULES_DIR / f"{lang}.html").read_text(encoding="utf-8"))
    return p


def test_rules_fragments_are_parallel():
    en = outline("en")
    assert en.lang == "en" and len(en.rule_ids) > 40 and en.tables
    for lang in LANGS:
        o = outline(lang)
        assert o.lang == lang
        assert o.headings == en.headings, lang
        assert o.rule_ids == en.rule_ids, lang
        assert o.tables == en.tables, lang
        assert o.row_heads == en.row_heads, lang


def test_rules_wheel_table_matches_engine():
    """The wheel table shows the engine's data (components.WHEELS), row for row."""
    html = (RULES_DIR / "en.html").read_text(encoding="utf-8")
    assert outline("en").row_heads == list(WHEEL_IDS)
    for w in WHEEL_IDS:
        row = f'<tr><th scope="row">{w}</th><td>{WHEEL_WIDTH[w]}</td><td>{WHEEL_VP[w]}</td></tr>'
        assert row in html, row


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))


def test_inline_english_rules_are_the_english_fragment():
    """index.html carries assets/rules/en.html inline (usable before Python
    loads, and what English readers see): the two never drift apart."""
    import re

    frag = (RULES_DIR / "en.html").read_text(encoding="utf-8")
    frag = re.sub(r"^<!--.*?-->\s*", "", frag, flags=re.S).strip()
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert frag in html
