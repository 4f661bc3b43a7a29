"""URL notes say exactly what was used (issue 25, failure 9): "lang=ru-RU"
switched the page to Russian while a note said it was ignored,
"seed=00000000000000001" was "not a whole number", and the Bot lab ignored a
bad lang with no word."""

import pytest
from helpers import wait_engine_ready
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("spelt, lang", [("ru-RU", "ru"), ("ru_RU", "ru"), ("pl-PL", "pl")])
def test_a_language_with_a_region_is_used_and_said_so(page, spelt, lang):
    page.goto(f"/?lang={spelt}&seed=00000000000000001")
    wait_engine_ready(page)
    assert page.evaluate("document.documentElement.lang") == lang
    notes = page.locator("#url-notes")
    expect(notes).to_be_visible()
    text = notes.inner_text()
    assert f"lang='{spelt}'" in text and f"lang={lang}" in text
    assert "seed='00000000000000001'" in text and "seed=1" in text
    assert "Ignored" not in text and "Пропущено" not in text and "Pominięto" not in text
    expect(page.locator("#seed")).to_have_value("1")


@pytest.mark.parametrize("query, words", [
    ("?lang=xx", "Ignored lang=xx: the languages are en, ru, it and pl."),
    ("?lang=rux", "Ignored lang=rux"),
    ("?lang=pl-PL", "Odczytano lang=pl-PL jako lang=pl."),
])
def test_the_lab_says_what_it_did_with_its_lang(page, query, words):
    page.goto("/lab.html" + query)
    note = page.locator("#lang-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(words)
    lang = "pl" if "pl" in query else "en"
    assert page.evaluate("document.documentElement.lang") == lang
