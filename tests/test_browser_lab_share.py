"""The Bot lab's share links and its runtimes in the browser (issue 26).

A bot shared by link opens the same code with a note of whose it is, and never
runs by itself; a tampered link is refused with a message; a link too long for
a chat message is not offered. The referee runs on MicroPython; a bot runs on
MicroPython when its imports allow it and on Pyodide when it imports what
MicroPython lacks (fractions, statistics...), and the page says which and why.
"""

import re

import pytest
from helpers import ROOT, RequestLog, lab_strings
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LAB_TIMEOUT = 180_000
RUN_TIMEOUT = 240_000  # a Pyodide bot's worker starting on a busy 2-core machine
STRINGS = lab_strings()
EXAMPLE = (ROOT / "assets" / "lab" / "example_en.py").read_text(encoding="utf-8")
FRACTIONS_BOT = """from fractions import Fraction


def choose(observation, legal_moves):
    half = Fraction(1, 2)  # MicroPython has no fractions: this bot needs Pyodide
    return legal_moves[0] if half < 1 else legal_moves[-1]
"""
MATCH_BOT = """def choose(observation, legal_moves):
    match legal_moves[0][0]:  # a match statement: CPython only
        case _:
            return legal_moves[0]
"""
# Nothing in its imports says so, but MicroPython's str has no casefold: the
# file fails to load there, and the lab runs it on Pyodide instead.
CASEFOLD_BOT = """NAME = "Straße".casefold()


def choose(observation, legal_moves):
    return legal_moves[0]
"""


@pytest.fixture
def context(browser, site_url):
    context = browser.new_context(base_url=site_url)
    log = RequestLog(site_url).attach(context)
    errors = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    yield context
    context.close()
    log.assert_same_origin()
    assert not errors, errors


def open_lab(page, url="/lab.html?lang=en"):
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                           timeout=LAB_TIMEOUT)
    page.set_default_timeout(60_000)


def load_bot(page, code: str, name="bot.py"):
    page.get_by_label("Load a .py file").set_input_files(
        files=[{"name": name, "mimeType": "text/x-python", "buffer": code.encode()}])
    expect(page.locator("#code-status")).to_have_text(f"Loaded {name}.")


def run_one(page):
    page.get_by_label("Number of games").fill("1")
    page.get_by_role("button", name="Run games").click()
    page.wait_for_function("document.documentElement.dataset.busy === ''", timeout=RUN_TIMEOUT)
    rows = page.get_by_role("region", name="Results").get_by_role("listitem")
    expect(rows).to_have_count(1)
    text = rows.first.inner_text()
    assert "lost the game" not in text, text
    return text


def test_a_shared_link_opens_the_same_code_says_whose_it_is_and_runs_nothing(context):
    page = context.new_page()
    open_lab(page)
    own = "# my own bot\ndef choose(observation, legal_moves):\n    return legal_moves[0]\n"
    load_bot(page, own, "mine.py")
    shared = EXAMPLE.replace("An example bot", "Anna's bot: ünïcode ✓")
    load_bot(page, shared, "anna.py")
    page.get_by_role("button", name="Share by link").click()
    page.get_by_label("Name of the bot").fill("Foxy")
    page.get_by_label("Made by (optional)").fill("Anna")
    link = page.get_by_label("Link to this bot").input_value()
    # No ?lang=: the link opens in the receiver's language.
    assert re.search(r"/lab\.html#bot=v1\.[\w-]+$", link), link
    assert len(link) <= 2000
    expect(page.locator("#code-status")).to_contain_text(f"Link made ({len(link)} characters)")
    load_bot(page, own, "mine.py")  # the sharer goes on with their own code
    # The hook for the league panel reads the same link.
    assert page.evaluate("(link) => lab.botFromLink(link)", link) == {
        "name": "Foxy", "author": "Anna", "code": shared}
    assert page.evaluate("() => lab.botFromLink(location.origin + '/lab.html')") is None

    other = context.new_page()
    open_lab(other, link)
    expect(other.get_by_role("textbox", name="Your bot")).to_contain_text("Anna's bot: ünïcode ✓")
    note = other.locator("#shared-text")
    expect(note).to_have_text(STRINGS["en"]["shared-note"].replace("{name}", "Foxy")
                              .replace("{author}", "Anna"))
    expect(note).to_contain_text("It runs only when you press “Run games”")
    # Nothing ran: no game, no bot file loaded into its worker, and the link is
    # gone from the address (a reload keeps the student's edits).
    assert other.evaluate("lab.games.length") == 0
    assert other.evaluate("document.documentElement.dataset.runs") is None
    assert "#" not in other.url
    # The student's own code was kept aside: one press brings it back.
    other.get_by_role("button", name="Back to my own code").click()
    expect(other.get_by_role("textbox", name="Your bot")).to_contain_text("# my own bot")
    expect(other.locator("#shared-note")).to_be_hidden()
    expect(other.locator("#code-status")).to_have_text(STRINGS["en"]["shared-back-done"])


def test_a_tampered_or_old_link_is_refused_with_a_message(context):
    page = context.new_page()
    open_lab(page)
    page.get_by_role("button", name="Share by link").click()
    link = page.get_by_label("Link to this bot").input_value()
    head, payload = link.split("#bot=v1.")
    middle = len(payload) // 2
    flipped = payload[:middle] + ("A" if payload[middle] != "A" else "B") + payload[middle + 1:]
    refused = page.evaluate(
        "(link) => { try { lab.botFromLink(link); return 'read'; }"
        " catch (e) { return e.message; } }",
        head + "#bot=v1." + flipped)
    assert refused == STRINGS["en"]["link-damaged"]
    for bad, key in (("#bot=v1." + flipped, "link-damaged"),
                     ("#bot=v1." + payload[:-10], "link-damaged"),
                     ("#bot=v9." + payload, "link-newer"),
                     ("#code=ZGVmIGNob29zZSgpOiBwYXNz", "link-old")):
        other = context.new_page()
        other.goto(head + "?lang=pl" + bad)
        other.wait_for_function("document.documentElement.dataset.editor === 'ready'")
        expect(other.locator("#shared-text")).to_have_text(STRINGS["pl"][key])
        expect(other.locator("#shared-note")).to_have_class(re.compile("refused"))
        expect(other.get_by_role("button", name=STRINGS["pl"]["shared-back"])).to_be_hidden()
        # The editor holds the student's saved code, nothing of the link.
        expect(other.get_by_role("textbox", name=STRINGS["pl"]["your-bot"])).to_contain_text(
            "An example bot")
        other.close()


def test_a_link_too_long_for_a_chat_message_offers_the_file(context):
    page = context.new_page()
    open_lab(page)
    import random

    rng = random.Random(26)
    noise = "\n".join("# " + "".join(rng.choice("0123456789abcdef") for _ in range(70))
                      for _ in range(40))  # ~2.9 kB that deflate cannot shrink much
    load_bot(page, EXAMPLE + noise + "\n", "long.py")
    page.get_by_role("button", name="Share by link").click()
    status = page.locator("#code-status")
    expect(status).to_contain_text("more than 2000: chat apps and e-mail may cut such a link")
    expect(page.get_by_label("Link to this bot")).to_be_hidden()
    expect(page.get_by_role("button", name="Download .py")).to_be_focused()


def test_referee_on_micropython_bots_on_the_runtime_they_need(context):
    """The example bot runs on MicroPython; a bot importing fractions (MicroPython
    has none) or with a match statement (MicroPython cannot parse it) on
    Pyodide; one that fails to load on MicroPython falls back to Pyodide; the
    page says which and why each time."""
    page = context.new_page()
    page.set_viewport_size({"width": 360, "height": 640})
    open_lab(page)
    note = page.locator("#runtime-note")
    assert page.evaluate("lab.boot.referee.runtime") == "micropython"
    expect(note).to_have_text(STRINGS["en"]["rt-mpy"])
    run_one(page)
    assert page.evaluate("lab.boot.bot.runtime") == "micropython"
    expect(page.locator("html")).to_have_attribute("data-bot-runtime", "micropython")

    load_bot(page, FRACTIONS_BOT, "fractions_bot.py")
    expect(note).to_have_text(STRINGS["en"]["rt-py"].replace("{what}", "fractions"))
    run_one(page)
    assert page.evaluate("lab.boot.bot.runtime") == "pyodide"
    assert page.evaluate("lab.boot.referee.runtime") == "micropython"
    expect(page.locator("html")).to_have_attribute("data-bot-runtime", "pyodide")
    # At 360x640 the note fits the width: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    load_bot(page, MATCH_BOT, "match_bot.py")
    expect(note).to_have_text(STRINGS["en"]["rt-py"].replace("{what}", "match … case"))
    run_one(page)
    assert page.evaluate("lab.boot.bot.runtime") == "pyodide"

    load_bot(page, CASEFOLD_BOT, "casefold_bot.py")
    expect(note).to_have_text(STRINGS["en"]["rt-mpy"])
    run_one(page)
    expect(note).to_contain_text("Your bot runs on Pyodide (CPython): MicroPython could not"
                                 " run it (AttributeError")
    assert page.evaluate("lab.boot.bot.runtime") == "pyodide"
