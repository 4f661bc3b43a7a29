"""The page around the game (issue 6), pure parts: translated static HTML,
translated URL-setting notes, the embed code of a filled-in form, the
guided game's tip block. Browser behaviour: test_browser_lang.py, test_browser_embed.py."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from lostcode.rules.options import Options
from lostcode.services.settings import parse
from lostcode.web.game.page import (
    embed_code,
    form_settings,
    language_options,
    read_url,
    seat_note,
    settings_summary,
    static_text,
)
from lostcode.web.game.session import Session
from lostcode.web.game.tutorial import TUTORIAL_SEED
from lostcode.web.game.views import screen_model
from lostcode.web.shell.i18n import set_language

INDEX = Path(__file__).resolve().parent.parent / "index.html"
BAD_QUERIES = (
    "?players=9&lang=xx&seed=abc",
    "?embed=maybe&hints=perhaps&runtime=cpython&textsize=huge",
    "?options=flying&utm_source=x&lang=ru&lang=pl",
    "?seats=robot,easy,hard,medium,hard",
    "?players=3&seats=hard",
    "?players=2&seats=hard,easy,medium",
    "?lang=%FF",
)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


class StaticTexts(HTMLParser):
    """(key, n, English text) of every data-i18n element of index.html."""

    def __init__(self):
        super().__init__()
        self.found = []
        self.open = []  # [key, n, text] of elements being read

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-i18n-aria" in a:
            self.found.append((a["data-i18n-aria"], None, a.get("aria-label")))
        if "data-i18n" in a:
            self.open.append([a["data-i18n"], a.get("data-n"), "", tag])

    def handle_data(self, data):
        for item in self.open:
            item[2] += data

    def handle_endtag(self, tag):
        if self.open and self.open[-1][3] == tag:
            key, n, text, _tag = self.open.pop()
            self.found.append((key, n, " ".join(text.split())))


def static_elements():
    parser = StaticTexts()
    parser.feed(INDEX.read_text(encoding="utf-8"))
    return parser.found


def test_static_html_english_is_the_message_id():
    found = static_elements()
    assert len(found) > 30
    for key, n, text in found:
        assert static_text(key, n) == text, (key, n)


# Words an edition keeps in English: the Italian edition's title (issue 42).
SAME_AS_ENGLISH = {("it", "site-name")}


@pytest.mark.parametrize("lang", ["ru", "it", "pl"])
def test_static_html_is_translated(lang):
    set_language(lang)
    for key, n, text in static_elements():
        if (lang, key) in SAME_AS_ENGLISH:
            continue
        assert static_text(key, n) != text, (lang, key, n, text)


def test_summary_under_play_has_no_nested_brackets():
    """"Player 2 (computer, medium)", not "Player 2 (Computer (medium))" (phone playtest)."""
    names = ["Ann", "Bo", "Cy"]
    seats = ["human", "medium", "hard"]
    text = settings_summary(names, {}, seats)
    assert text == "3 players: Ann, Bo (computer, medium), Cy (computer, hard). Standard rules."
    expected = {
        "ru": "Bo (компьютер, средний)",
        "it": "Bo (computer, medio)",
        "pl": "Bo (komputer, średni)",
    }
    for lang, bo in expected.items():
        set_language(lang)
        text = settings_summary(names, {}, seats)
        assert bo in text and "((" not in text and "))" not in text, (lang, text)
    set_language("en")
    assert "Bo (computer, easy)" in settings_summary(names, {}, ["human", "easy", "human"])


def test_language_menu_lists_native_names():
    assert dict(language_options()) == {
        "en": "English",
        "ru": "Русский",
        "it": "Italiano",
        "pl": "Polski",
    }


@pytest.mark.parametrize("query", BAD_QUERIES)
def test_notes_in_english_are_parse_notes(query):
    assert read_url(query) == parse(query)


@pytest.mark.parametrize("lang", ["ru", "it", "pl"])
@pytest.mark.parametrize("query", BAD_QUERIES)
def test_every_note_is_translated(lang, query):
    english = parse(query)[1]
    set_language(lang)
    settings, notes = read_url(query)
    assert settings == parse(query)[0]
    assert len(notes) == len(english) > 0
    for en, tr in zip(english, notes, strict=True):
        assert en != tr, (lang, en)


def test_a_bad_value_is_quoted_in_the_translated_note():
    set_language("it")
    notes = read_url("?players=9&seed=abc")[1]
    assert any("'9'" in n for n in notes) and any("'abc'" in n for n in notes), notes
    assert "easy" in seat_note(2, "easy")


def test_embed_code_carries_the_form_settings():
    s = form_settings(3, {"shortcut": True, "curse": False}, 42, ["human", "hard", "easy"])
    code, error = embed_code("http://example.org/lost/index.html?lang=ru#x", s)
    assert error == ""
    src = re.search(r'src="([^"]*)"', code).group(1).replace("&amp;", "&")
    assert src.startswith("http://example.org/lost/index.html?")
    back, notes = parse(src)
    assert notes == []
    assert back == {
        "lang": "en",
        "players": 3,
        "seats": ["human", "hard", "easy"],
        "options": ["shortcut"],
        "seed": 42,
        "embed": True,
    }
    assert 'title="The Lost Code"' in code


def test_embed_code_without_seed_or_bots_is_short():
    s = form_settings(2, {}, None, ["human", "human"], hints=False, textsize="large", lang="pl")
    code, _error = embed_code("https://x.org/", s)
    assert "?lang=pl&amp;players=2&amp;hints=off&amp;embed=1&amp;textsize=large" in code


def test_embed_code_needs_an_http_page():
    code, error = embed_code("file:///home/t/index.html", form_settings(2, {}, 1, []))
    assert code == "" and "http" in error


def test_tips_only_in_a_guided_game():
    ses = Session(Options(2, introductory=True), TUTORIAL_SEED, ["You", "Friend"])
    assert not any(b["t"] == "tip" for b in screen_model(ses)["blocks"])
    ses.tutorial = True
    m = screen_model(ses)
    assert m["blocks"][0]["t"] == "tip" and m["blocks"][0]["label"] == "Tip"
    assert "Welcome" in m["blocks"][0]["text"]


# --------------------------------------------------------------------------- issue 25


@pytest.mark.parametrize("spelt, lang", [("ru-RU", "ru"), ("ru_RU", "ru"), ("pl-PL", "pl"),
                                         ("IT-it", "it")])
def test_a_language_with_a_region_is_read_as_the_page_reads_it_and_said_so(spelt, lang):
    from lostcode.web.shell.i18n import normalize_language

    settings, notes = parse("?lang=" + spelt)
    assert settings == {"lang": lang} and normalize_language(spelt) == lang
    assert notes == [f"Read lang='{spelt}' as lang={lang}."]


@pytest.mark.parametrize("spelt", ["xx-RU", "rux", "-ru", "r"])
def test_a_language_the_page_cannot_use_is_refused_and_said_so(spelt):
    from lostcode.web.shell.i18n import normalize_language

    settings, notes = parse("?lang=" + spelt)
    assert settings == {} and normalize_language(spelt) is None
    assert notes[0].startswith(f"Ignored lang='{spelt}'")


def test_leading_zeros_are_a_whole_number_and_the_note_says_which():
    assert parse("?seed=00000000000000001") == (
        {"seed": 1}, ["Read seed='00000000000000001' as seed=1."])
    assert parse("?seed=0&players=03") == (
        {"seed": 0, "players": 3}, ["Read players='03' as players=3."])
    assert parse("?seed=" + "0" * 40 + "9007199254740991")[0] == {"seed": 9007199254740991}
    assert parse("?seed=9007199254740992")[0] == {}
