"""The pages tools/screens.py shows outside the game's own flow: the Bot lab
after a short run of games (kind "lab"), table mode (kind "table": the
host's join codes and a guest's phone once seated) and the second game,
«Тайные камни» (kind "stones": a person's turn against the computer). Each function opens its
own browser contexts and returns the names (LANG-SIZE-KIND[-PART]) written.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
LAB_BOT = "step1_first_bot"  # docs/examples/bots: the lesson's first bot
LAB_GAMES = "10"
TABLE_PLAYERS = "3"  # two guest seats: the host shows two join codes
STONES_SEED = 25  # «Тайные камни»: the person starts, and two of their cards glow


def _viewport(size):
    """"WxH" as {"width": W, "height": H}."""
    w, h = (int(x) for x in size.split("x"))
    return {"width": w, "height": h}


def at_each_size(page, sizes, out, lang, kind, snap, scroll_to):
    """One page pictured at each size in turn (its viewport resized, the page
    kept): out/LANG-SIZE-KIND.png; returns the names written. The lab's and
    the league's pictures (tools/screens.py league_shots) are taken so."""
    done = []
    for size in sizes:
        page.set_viewport_size(_viewport(size))
        snap(page, out / f"{lang}-{size}-{kind}.png", scroll_to)
        done.append(f"{lang}-{size}-{kind}")
    return done


def _context(browser, size, lang):
    viewport = _viewport(size)
    phone = viewport["width"] < 600
    return browser.new_context(viewport=viewport, device_scale_factor=1,
                               is_mobile=phone, has_touch=phone, locale=lang)


def lab_shots(browser, base, langs, sizes, out, snap):
    """The Bot lab in each language (a page opened with ?lang=, as a player
    would): the lesson's first bot loaded, LAB_GAMES games against the easy
    computer, then the results (the chart's end and the table) at each size."""
    done = []
    bot = ROOT / "docs" / "examples" / "bots" / (LAB_BOT + ".py")
    for lang in langs:
        page = _context(browser, sizes[0], lang).new_page()
        try:
            page.goto(f"{base}lab.html?lang={lang}")
            page.wait_for_function("document.documentElement.dataset.lab === 'ready'",
                                   timeout=300000)
            page.locator("#load-file").set_input_files(files=[
                {"name": bot.name, "mimeType": "text/x-python", "buffer": bot.read_bytes()}])
            page.locator("#opponents").select_option("easy")
            page.locator("#players").select_option("2")
            page.locator("#games").fill(LAB_GAMES)
            page.locator("#run-games").click()
            page.wait_for_function("document.documentElement.dataset.busy === '1'",
                                   timeout=60000)
            page.wait_for_function("document.documentElement.dataset.busy === ''",
                                   timeout=600000)
            page.locator("#results:not([hidden]) #stats-table").wait_for(timeout=60000)
            done += at_each_size(page, sizes, out, lang, "lab", snap, "#stats-box")
        finally:
            page.context.close()
    return done


def table_shots(browser, base, langs, sizes, out, snap, game=""):
    """Table mode in each language and size: the host (index.html?lang=…#table=host,
    TABLE_PLAYERS phones) with its seats' internet links (issue 41: over the
    local MQTT broker of tests/tablenet.py, nothing leaves this machine), then
    both guests seated by their links, and guest 1's phone. `game` "stones":
    a table of «Тайные камни» (the lobby's Game, as in
    tests/test_browser_table_stones.py), only guest 1's phone pictured
    (LANG-SIZE-table-stones.png: its own seat, the others' hands open)."""
    from tablenet import Broker, route_network

    done = []
    broker = Broker()
    try:
        for lang in langs:
            for size in sizes:
                contexts = [_context(browser, size, lang)]
                route_network(contexts[0], broker.config())
                try:
                    host = contexts[0].new_page()
                    host.goto(f"{base}index.html?lang={lang}#table=host")
                    host.wait_for_selector("[data-act=table_start]", timeout=120000)
                    if game:
                        host.select_option("#table-game", game)
                    host.select_option("#table-players", TABLE_PLAYERS)
                    host.click("[data-act=table_start]")
                    host.wait_for_selector("textarea[data-net-seat='2']", timeout=30000)
                    host.wait_for_timeout(500)  # the QR codes drawn
                    if not game:
                        snap(host, out / f"{lang}-{size}-table.png")
                        done.append(f"{lang}-{size}-table")
                    guest1 = None
                    for seat in range(1, int(TABLE_PLAYERS)):
                        link = host.input_value(f"textarea[data-net-seat='{seat}']")
                        contexts.append(_context(browser, size, lang))
                        route_network(contexts[-1], broker.config())
                        guest = contexts[-1].new_page()
                        guest.goto(link)
                        guest.wait_for_selector("#tablemode[data-public]", timeout=60000)
                        guest1 = guest1 or guest
                    guest1.wait_for_timeout(800)  # the new game's state on every phone
                    name = f"{lang}-{size}-table-{game}" if game else f"{lang}-{size}-table-guest"
                    snap(guest1, out / f"{name}.png")
                    done.append(name)
                finally:
                    for ctx in contexts:
                        ctx.close()
    finally:
        broker.stop()
    return done


def stones_shots(browser, base, langs, sizes, out, snap):
    """«Тайные камни» (?game=stones) in each language and size: a person and
    the searching computer, STONES_SEED; the person's first turn, a tile
    chosen (tap one, then a neighbour swaps it), two cards glowing."""
    done = []
    for lang in langs:
        for size in sizes:
            page = _context(browser, size, lang).new_page()
            try:
                page.goto(f"{base}index.html?lang={lang}&game=stones&seed={STONES_SEED}")
                page.wait_for_selector("#stones-players", timeout=120000)
                page.select_option("#stones-players", "2")
                page.select_option("#stones-kind-1", "human")
                page.select_option("#stones-kind-2", "search")
                page.click("#stones [data-act=stones-start]")
                page.wait_for_selector("html[data-stones-screen=turn]", timeout=60000)
                page.click("#stones .stones-tiles button[data-arg='4']")
                page.wait_for_timeout(300)
                snap(page, out / f"{lang}-{size}-stones.png")
                done.append(f"{lang}-{size}-stones")
            finally:
                page.context.close()
    return done
