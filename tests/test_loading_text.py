"""Issue 17: the progress text shown while the runtime downloads (before Python
can translate anything) is in the page's language and names the runtime's real
download size. assets/runtime.js holds the four languages; run under Node."""

import json
import shutil
import subprocess

import pytest
from helpers import ROOT

from lostcode.web.shell.i18n import _, set_language

SCRIPT = """
const m = await import(process.argv[1]);
const out = {langs: m.LANGS, running: {}, download: {}, template: {}, pick: [], offline: {}};
for (const lang of m.LANGS) {
  out.running[lang] = m.LOADING_TEXT[lang].running;
  out.template[lang] = m.LOADING_TEXT[lang].download;
  const t = m.LOADING_TEXT[lang];
  out.offline[lang] = {offline: t.offline, "use-default": t["use-default"]};
  out.download[lang] = m.downloadText(lang, "MicroPython", 917504);
}
for (const [q, saved, browser] of JSON.parse(process.argv[2])) {
  out.pick.push(m.pickLanguage(q, saved, browser));
}
console.log(JSON.stringify(out));
"""
PICKS = [  # (query, saved choice, navigator.languages) -> language, as i18n.pick_language
    ["", None, ["pl-PL", "en"]],
    ["?lang=IT", "ru", ["pl"]],
    ["?lang=xx", "ru_RU", ["pl"]],
    ["", None, ["de-DE", "ru"]],
    ["", None, []],
    ["?seed=4&lang=%20pl", None, []],
]


@pytest.fixture(scope="module")
def loading(tmp_path_factory):
    if shutil.which("node") is None:
        pytest.skip("Node is not installed")
    copy = tmp_path_factory.mktemp("runtime") / "runtime.mjs"
    shutil.copyfile(ROOT / "assets/runtime.js", copy)
    done = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, copy.as_uri(),
                           json.dumps(PICKS)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_download_text_in_every_language_names_the_size(loading):
    assert loading["langs"] == ["en", "ru", "it", "pl"]
    assert loading["download"]["en"] == "Downloading the MicroPython runtime (about 0.9 MB, once)…"
    for lang in ("ru", "it", "pl"):
        text = loading["download"][lang]
        assert "MicroPython" in text and "0,9" in text and text != loading["download"]["en"]


def test_running_text_is_the_catalogs_translation(loading):
    try:
        for lang in loading["langs"]:
            set_language(lang)
            assert loading["running"][lang] == _("Python is running; loading the game engine…")
    finally:
        set_language("en")


def test_download_text_is_the_catalogues_translation(loading):
    """Issue 42: runtime.js's table is checked against the one catalogue, where its
    English is a msgid (marked N_, assets/page-catalog.js)."""
    from babel.messages.pofile import read_po

    msgid = loading["template"]["en"]
    assert msgid == "Downloading the {runtime} runtime (about {mb} MB, once)…"
    for lang in ("ru", "it", "pl"):
        with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
            assert loading["template"][lang] == read_po(f, locale=lang)[msgid].string, lang


def test_offline_pyodide_texts_are_the_catalogs_translations(loading):
    """Issue 44 item 12: what the page says when Pyodide cannot be downloaded
    (before Python runs) is lostcode/web/game/page.py runtime_texts(), translated."""
    from lostcode.web.game.page import runtime_texts

    try:
        for lang in loading["langs"]:
            set_language(lang)
            assert loading["offline"][lang] == runtime_texts(), lang
    finally:
        set_language("en")


def test_language_is_picked_as_python_picks_it(loading):
    from lostcode.services.settings import read_pairs
    from lostcode.web.shell.i18n import pick_language

    for (query, saved, browser), got in zip(PICKS, loading["pick"], strict=True):
        assert got == pick_language(read_pairs(query, []).get("lang"), browser, saved), query
