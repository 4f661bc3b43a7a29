"""Every number a player or a student reads agrees with its noun (issue 42).

Why: the Bot lab's and the league's strings lived in JavaScript tables without
plural forms, so the lab said «1502 символов», «из 21 партий», «1 partite»,
«1 vittorie», «1502 znaków», and the Italian league wrote «distribuzione/i».
Now they are msgids of the one gettext catalogue (assets/lab-i18n.js,
lab-league-i18n.js, compiled into assets/lab-catalog.js) and a message that
takes a count is an ngettext() with each language's forms. These tests keep it
so: an English message whose count stands before a counted noun must be plural;
a translation must not glue a count to a word where its message has no plural
forms; no message writes slash or bracket forms; the lab's JavaScript glues no
number to a word outside the catalogue; and the lab picks the same plural form
(Intl.PluralRules) as the Python catalogues (CLDR).
"""

import json
import re
import shutil
import subprocess

import pytest
from babel.messages.pofile import read_po
from helpers import ROOT, build_i18n, lab_strings

LANGS = ("ru", "it", "pl")
tool = build_i18n()

# Placeholders that hold a count.
COUNTS = ("n", "count", "total", "games", "wins", "deals", "min", "max", "most", "done",
          "smallest", "players", "score", "points")
# A count placeholder right before a noun it counts (English msgids).
COUNTED = re.compile(
    r"\{(" + "|".join(COUNTS) + r")\} (candidate values|games?|deals?|bots?|characters?|"
    r"bytes?|wins?|players?|points?|stones?|spaces?|tries|try|values?|candidates?|rounds?|"
    r"seats?|moves?|forfeits?|seconds?|hints?|puzzles?|symbols?|"
    # the second game, «Тайные камни» (lostcode/web/stonesgame), and table mode;
    # not VP, which no language inflects (ПО, PV, PZ)
    r"(?:goal )?cards?|tiles?|penalt(?:y|ies)|goals?|turns?|phones?)\b"
)
# The nouns a count agrees with in each language (stems), for the translations.
NOUNS = {
    "ru": r"парти|раздач|бот|символ|байт|побед|игрок|очк|камн|камен|делени|попыт|значени|"
          r"предположени|ход|раунд|поражени|карт|плит|штраф|цел|телефон",
    "it": r"partit|distribuzion|bot|caratter|byte|vittori|giocator|punt|rocc|spazi|tentativ|"
          r"valor|supposizion|round|moss|sconfitt|cart|tesser|penalit|obiettiv|turn|telefon",
    "pl": r"parti|rozda|bot|znak|bajt|wygran|gracz|punkt|płyt|pol|pól|prób|wartoś|obstawie|"
          r"ruch|rund|walkower|kart|kafel|kar|cel|tur|telefon",
}
# English messages whose count never needs the other form, with the reason.
SINGLE_FORM_OK = {
    "write {smallest} to {most} candidate values, not {count}":
        "{most} is 3 in every game (R-E1); the translations agree with 3",
    "The number of seats in the address does not fit: playing with {n} players.":
        "{n} is 2 to 4; ru and pl put it after a colon («игроков: {n}»), it says «in {n}»",
}


def pot():
    with open(ROOT / "locales" / "messages.pot", "rb") as f:
        return read_po(f)


def catalogue(lang):
    return tool.read_po(lang)


def test_english_messages_with_a_counted_noun_take_plural_forms():
    bad = []
    for m in pot():
        if not m.id or isinstance(m.id, (list, tuple)):
            continue
        if COUNTED.search(m.id) and m.id not in SINGLE_FORM_OK:
            bad.append(m.id)
    assert not bad, "use ngettext() for these:\n" + "\n".join(bad)


def test_the_lab_messages_are_plural_where_they_count():
    """The lab's own table marks its counted messages with ngettext()."""
    messages = tool.lab_messages()
    plural = {k for k, e in messages.items()
              if any(isinstance(x, tuple) for x in (e if isinstance(e, list) else [e]))}
    for key in ("link-made-n", "run-done", "run-stopped", "chart-row", "lg-plan", "lg-progress",
                "lg-done", "lg-stopped", "lg-forfeit-note", "lg-too-many", "lg-plan-few"):
        assert key in plural, key


@pytest.mark.parametrize("lang", LANGS)
def test_translations_glue_no_count_to_a_word_without_plural_forms(lang):
    """«Готово, партий: {n}» is fine, «{n} партий» in a message with one form is not."""
    glued = re.compile(r"\{(" + "|".join(COUNTS) + r")\}\s+(" + NOUNS[lang] + r")", re.I)
    bad = []
    for m in catalogue(lang):
        if not m.id or isinstance(m.id, (list, tuple)) or m.id in SINGLE_FORM_OK:
            continue
        if glued.search(m.string):
            bad.append((m.id, m.string))
    assert not bad, "\n".join(map(str, bad))


# «distribuzione/i», «odrzucił(a)», «sam(a)», "deal(s)": never; "http(s)" is a scheme.
SLASHED = re.compile(r"[^\W\d_]{2,}/[^\W\d_]{1,3}\b|[^\W\d_]{2,}\((a|e|i|y|s|es|aś|o)\)")


def _surfaces(lang):
    """(where, text) of everything a player or a student reads in `lang`."""
    out = []
    if lang == "en":
        for m in pot():
            if m.id:
                out += [("pot", t) for t in ((m.id,) if isinstance(m.id, str) else m.id)]
    else:
        for m in catalogue(lang):
            if m.id:
                out += [(m.id if isinstance(m.id, str) else m.id[0], s)
                        for s in ((m.string,) if isinstance(m.string, str) else m.string)]
    out.append(("rules", (ROOT / "assets" / "rules" / f"{lang}.html").read_text(encoding="utf-8")))
    stones = ROOT / "assets" / "rules" / "stones" / f"{lang}.html"
    out.append(("stones rules", stones.read_text(encoding="utf-8")))
    example = (ROOT / "assets" / "lab" / f"example_{lang}.py").read_text(encoding="utf-8")
    out.append(("example", example))
    return out


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_no_slash_or_bracket_forms(lang):
    bad = []
    for where, text in _surfaces(lang):
        for hit in SLASHED.finditer(text.replace("http(s)", "")):
            bad.append((where[:50], text[max(0, hit.start() - 20):hit.end() + 20]))
    assert not bad, "\n".join(map(str, bad))


# String literals of the lab's page scripts that are glued to an expression and
# hold words, but are never shown to a player: paths, file names, worker names,
# console lines, technical details of a forfeit (lostcode/player/jsonlimits.py).
NOT_SHOWN = {
    "lg-kind-", "league-", "./index.html?lang=", "#watch=lab", "#play=lab", "lg-col-", "col-",
    "-standings.csv", "-games.csv", "-head-to-head.csv", "-records.json", "#bot=", ".mpy",
    ".py", ": HTTP ", "./assets/lab/example_", "example ", "-ready", "\\ufeff",
    "it is nested more than ", " levels deep", "the request cannot be read: ",
    "Your bot runs on Pyodide: on MicroPython\\n", "Your bot cannot run:\\n", "Your bot, move ",
    ").replace(/_/g, ", "lab ${role} ${runtime}", "0 0 ${W} ${H}", "./lab.html",
    "assets/lab-worker.js: HTTP ", "HTTP ", "the bot's reply cannot be read: ", "lab bot ",
}


def _shown(literal):
    """Whether a glued literal could be words for a player: not code (the bot's
    box builds its frame and worker from strings, assets/lab-box.js), not listed."""
    return (re.search(r"[^\W\d_]{2,}", literal) and literal not in NOT_SHOWN
            and not re.search(r"[{}();=<>]|^'|'$", literal))
LITERAL = r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`'


def test_lab_scripts_glue_no_number_to_a_word():
    """The lab's words come from its catalogue (translate() in assets/lab-i18n.js):
    no page script builds a sentence by gluing a number or a name to words."""
    found = set()
    for path in sorted((ROOT / "assets").glob("lab*.js")):
        if path.name in ("lab-i18n.js", "lab-league-i18n.js", "lab-catalog.js"):
            continue
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"(?:(" + LITERAL + r")\s*\+)|(?:\+\s*(" + LITERAL + r"))", text):
            lit = (m.group(1) or m.group(2))[1:-1]
            if _shown(lit):
                found.add((path.name, lit))
        for m in re.finditer(r"`((?:[^`\\]|\\.)*\$\{(?:[^`\\]|\\.)*)`", text):
            if m.group(1).startswith(("import ", "lab ", "0 0")):
                continue  # Python run in the worker, a worker's name, a viewBox
            found.add((path.name, m.group(1)))
    for name in ("labseat.js", "boot.js", "pwa.js"):  # the page's own scripts (issue 42)
        text = (ROOT / "assets" / name).read_text(encoding="utf-8")
        for m in re.finditer(r"\+\s*(" + LITERAL + r")|(" + LITERAL + r")\s*\+", text):
            lit = (m.group(1) or m.group(2))[1:-1]
            if _shown(lit):
                found.add((name, lit))
    assert not found, sorted(found)


@pytest.mark.skipif(not shutil.which("node"), reason="needs node")
def test_the_lab_picks_the_same_plural_form_as_the_catalogues():
    """translate() (Intl.PluralRules, CLDR) says what the .po forms say for 0, 1,
    2, 5, 11, 21, 22, 25, 101, 111, 1502 in every language."""
    counts = (0, 1, 2, 5, 11, 21, 22, 25, 101, 111, 1502)
    script = (
        "const m = await import(process.argv[1]);"
        "const out = {};"
        "for (const lang of m.LANGS) { out[lang] = {};"
        " for (const n of JSON.parse(process.argv[2])) { out[lang][n] = {};"
        "  for (const key in m.MESSAGES) out[lang][n][key] = m.text(lang, key,"
        "   new Proxy({}, { get: () => n })); } }"
        "console.log(JSON.stringify(out));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script,
         (ROOT / "assets" / "lab-i18n.js").as_uri(), json.dumps(counts)],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=True).stdout
    said = json.loads(out)
    for n in counts:
        want = lab_strings(n)
        for lang in ("en",) + LANGS:
            assert said[lang][str(n)] == want[lang], (lang, n)


def test_the_lab_writes_decimals_through_the_catalogue_module():
    """The lab's and the league's means, spreads and times are written by
    decimal() (assets/lab-i18n.js): «12,2» in ru, it and pl, as the game writes
    decimals (i18n.decimal); the lab's results said "-2.4", "± 3.9" (issue 42)."""
    bad = []
    for path in sorted((ROOT / "assets").glob("lab*.js")):
        if path.name in ("lab-i18n.js", "lab-catalog.js"):
            continue
        text = path.read_text(encoding="utf-8")
        bad += [(path.name, m.group(0)) for m in re.finditer(r".{30}\.toFixed\(", text)]
    league = (ROOT / "assets" / "lab-league.js").read_text(encoding="utf-8")
    shown = re.compile(r"(?<!decimal\(env\.lang\(\), )row\.(mean|spread)_text")
    bad += [("lab-league.js", m.group(0)) for m in shown.finditer(league)]
    assert not bad, bad


@pytest.mark.skipif(not shutil.which("node"), reason="needs node")
def test_the_lab_decimal_is_the_games():
    script = (
        "const m = await import(process.argv[1]);"
        "console.log(JSON.stringify(['en', 'ru', 'it', 'pl'].map((l) =>"
        " [m.decimal(l, 12.25), m.decimal(l, -2.4), m.decimal(l, '31.67'), m.decimal(l, 3)])));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, (ROOT / "assets" / "lab-i18n.js").as_uri()],
        capture_output=True, text=True, timeout=60, cwd=ROOT, check=True).stdout
    en, *others = json.loads(out)
    assert en == ["12.3", "-2.4", "31.67", "3.0"]
    for said in others:
        assert said == ["12,3", "-2,4", "31,67", "3,0"]
