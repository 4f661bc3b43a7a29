"""Table mode in Chromium (issue 23): a host and two guest phones as three
browser contexts joined by real RTCPeerConnections on this machine.

The join codes are handed over as text (what the QR codes carry). A whole
3-player game is played, each decision on the phone of the seat to act; after
every action: every page shows the same public state (round, phase, player to
act, scores, dice: R-G1's order reaches each phone at once), each guest's DOM
shows its own rack face down and no message a guest received holds its own
stone values (R-S7), and the host's record replays on CPython to the game the
pages show. Mid-round a guest's page is closed and reopened: it rejoins with a
fresh code and gets the current state. Later the host's page reloads: it
resumes the stored table, and both guests rejoin from fresh codes.
"""

import json
import random
import time

import pytest
from helpers import ROOT, RequestLog
from tablenet import NO_RELAYS, route_network

from lostcode.rules.engine import apply_action, is_over, legal_actions
from lostcode.rules.observation import rack_values_in
from lostcode.services.record import replay, seats_of, to_record

pytestmark = pytest.mark.browser

# Every message a data channel delivers, kept for the test (the page never reads it).
CAPTURE = """
(() => {
  window.__tableSeen = [];
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, fn, opts) {
    if (type === "message") {
      const inner = fn;
      fn = (e) => { window.__tableSeen.push(String(e.data)); return inner(e); };
    }
    return add.call(this, type, fn, opts);
  };
})();
"""

# One look at a phone after an action (one round trip, not five): its public
# state, its own rack as drawn, the messages it got since the last look, and
# whether it has a control to move with.
LOOK_JS = """(name) => {
  const racks = [...document.querySelectorAll('#tablemode svg')].filter(
    (s) => (s.getAttribute('aria-label') || '').startsWith('Rack of ' + name));
  return {
    public: document.querySelector('#tablemode')?.dataset.public ?? null,
    racks: racks.map((s) => [...s.querySelectorAll('g.stone')].map(
      (g) => [g.getAttribute('class'), g.getAttribute('aria-label'), g.textContent])),
    seen: window.__tableSeen.splice(0),
    acts: document.querySelectorAll('#table-turn').length,
  };
}"""


# A phone's own turn at 360x640 (issue 41, the quality bar for screens): from the top of
# the page, its question (the heading) and every control of its sheet are in the first
# screenful, none under the sheet's pinned confirm bar nor cut off by the sheet.
FIT_JS = """() => {
  scrollTo(0, 0);
  const t = document.querySelector('#table-turn');
  const h = document.querySelector('#table-h').getBoundingClientRect();
  const bar = t.querySelector('.actionbar');
  const br = bar.getBoundingClientRect(), tr = t.getBoundingClientRect();
  const out = h.bottom > innerHeight ? ['the heading'] : [];
  for (const b of t.querySelectorAll('button')) {
    const r = b.getBoundingClientRect();
    if (!r.width) continue;
    const under = !bar.contains(b) && r.bottom > br.top + 1 && r.top < br.bottom - 1;
    if (r.top < 0 || r.bottom > innerHeight + 0.5 || r.bottom > tr.bottom + 0.5 || under)
      out.push(t.dataset.screen + ': ' + (b.getAttribute('aria-label') || b.textContent).trim());
  }
  return out;
}"""


def take_turn(pg, rng=None, once=False):
    """One turn on this phone with the pass-and-play screen's controls
    (#table-turn, tablemode/seatscreen.py): with `rng` a few random choices
    (a wheel, a ring value, a die's face, candidates...) first, then the
    screen's confirm; without, the confirm as soon as it can be pressed.
    `once`: back after the first confirm pressed, sent or not."""
    turn = pg.locator("#table-turn")
    move = turn.get_attribute("data-move")
    mine = pg.locator(f"#table-turn[data-move='{move}']")
    for tries in range(40):
        if not mine.count():
            return
        primary = turn.locator("button.primary:not([disabled])")
        live = turn.locator("button[data-act]:not([disabled]):not(.undo):not(.primary)")
        n = live.count()
        if primary.count() and (rng is None or not n or tries > 2 or rng.random() < 0.3):
            primary.first.click()
            if once:
                return
        else:
            live.nth(rng.randrange(n) if rng else 0).click()
    raise AssertionError("no move made: " + turn.inner_text())


def turn_moves(s):
    """The moves one confirm plays: the final candidates are one per symbol
    the player to act has still to write (R-E1), anything else one."""
    if s.phase != "final":
        return 1
    p = s.to_act
    return len([x for x in s.options.symbols if s.token_holder.get(x) != p and x not in s.final[p]])


class Table:
    def __init__(self, browser, site_url, network=None):
        self.browser = browser
        self.url = site_url + "index.html"
        self.logs = []
        # Same-Wi-Fi codes only unless a test names its (local) relay (issue 41).
        self.network = network or NO_RELAYS
        self.host = self.page()
        self.guests = {}

    def page(self):
        ctx = self.browser.new_context(viewport={"width": 360, "height": 640})
        self.logs.append(RequestLog(self.url).attach(ctx))
        route_network(ctx, self.network)
        ctx.add_init_script(CAPTURE)
        return ctx.new_page()

    def start(self):
        self.host.goto(self.url + "#table=host")
        self.host.wait_for_selector("[data-act=table_start]", timeout=60000)
        self.host.select_option("#table-players", "3")
        self.host.click("[data-act=table_start]")
        for seat in (1, 2):
            self.join(seat)

    def join(self, seat):
        """The guest "scans" its seat's code (opens the link), shows its answer,
        the host pastes it: the time from scan to seated is returned."""
        sel = f"textarea[data-seat='{seat}']"
        if self.host.locator("#table-rejoin").count():
            self.host.click("#table-rejoin summary")
        self.host.wait_for_selector(sel, timeout=20000)
        link = self.host.input_value(sel)
        code = link.split("#j=", 1)[1]
        assert len(code) <= 300
        guest = self.page()
        t0 = time.perf_counter()
        guest.goto(link)
        guest.wait_for_selector("textarea.table-code", timeout=60000)
        answer = guest.input_value("textarea.table-code")
        assert len(answer) <= 300 and answer.startswith("1a" + str(seat))
        self.host.fill(f"#table-answer-{seat}", answer)
        self.host.click(f"[data-act=table_connect][data-arg='{seat}']")
        guest.wait_for_selector("#tablemode[data-public]", timeout=20000)
        self.guests[seat] = guest
        return time.perf_counter() - t0

    def pages(self):
        return {0: self.host, **self.guests}

    def record(self):
        """The host's stored table (storage, like a saved game: never in its DOM)."""
        assert self.host.locator("[data-record]").count() == 0
        text = self.host.evaluate("localStorage.getItem('lostcode.table')")
        return json.loads(text)["record"]

    def settle(self, move):
        for pg in self.pages().values():
            pg.wait_for_function(
                "(m) => (document.querySelector('#tablemode')?.dataset.public || '')"
                ".split('|')[0] === String(m)",
                arg=move,
                timeout=20000,
            )

    def actor(self, looks):
        """The seat whose phone has a control to move with (from check's looks)."""
        for seat, pg in self.pages().items():
            if looks[seat]["acts"]:
                return seat, pg
        return None, None


def advance_stored(host, to_round, rng):
    """The host's stored table played on by random legal moves on CPython
    up to `to_round`'s guesses, and stored again, so that the page, resumed
    from it, goes on from there (issue 40's suite time: the rounds between
    are the same seat screens as rounds 1-3, played by phones in full in
    test_three_phones_play_a_whole_game). Returns that game."""
    data = json.loads(host.evaluate("localStorage.getItem('lostcode.table')"))
    s = replay(data["record"])
    while not is_over(s) and not (s.round == to_round and s.phase == "guess"):
        apply_action(s, rng.choice(legal_actions(s)))
    assert not is_over(s)
    data["record"] = to_record(s, seats_of(data["record"]))
    host.evaluate("(t) => localStorage.setItem('lostcode.table', t)", json.dumps(data))
    return s


def check(table, s):
    """After every action: the same public state everywhere, each phone's own
    rack face down in its DOM (the host's too), and no message a guest got
    holds its own stones (R-S7). Returns each phone's look (LOOK_JS)."""
    looks = {seat: pg.evaluate(LOOK_JS, s.names[seat]) for seat, pg in table.pages().items()}
    publics = {seat: look["public"] for seat, look in looks.items()}
    assert len(set(publics.values())) == 1, publics
    fields = publics[0].split("|")
    assert fields[0] == str(len(s.actions))
    assert fields[4] == ",".join(str(x) for x in s.scores)
    for seat in table.pages():  # the host's own seat too
        racks = looks[seat]["racks"]
        assert len(racks) == 1, racks
        for cls, label, text in racks[0]:
            if "discard" in cls:
                continue
            if not is_over(s):
                assert "down" in cls and label.endswith("hidden") and text == "?", (seat, label)
        if seat == 0:
            continue  # the host receives only guests' moves
        for text in looks[seat]["seen"]:
            msg = json.loads(text)
            if msg["t"] == "observation" and msg["obs"]["phase"] != "end":
                assert msg["obs"]["viewer"] == seat
                assert rack_values_in(msg["obs"], seat) == []
    return looks


def test_three_phones_play_a_whole_game(browser, site_url):
    table = Table(browser, site_url)
    table.start()
    table.settle(0)  # every phone shows the new game (check reads them at once)
    rng = random.Random(23)
    rejoined = False
    reloaded = False
    steps = 0
    while True:
        s = replay(table.record())
        looks = check(table, s)
        if is_over(s):
            break
        if not rejoined and s.round == 2 and s.phase == "guess":
            # A guest's tab is closed mid-round and opened again from a fresh code.
            table.guests.pop(2).context.close()
            table.join(2)
            rejoined = True
            table.settle(len(s.actions))
            continue
        if not reloaded and s.round == 3 and s.phase == "guess":
            table.host.reload()
            table.host.wait_for_selector("[data-act=table_resume]", timeout=60000)
            table.host.click("[data-act=table_resume]")
            for seat in (1, 2):
                table.guests.pop(seat).context.close()
                table.join(seat)
            reloaded = True
            table.settle(len(s.actions))
            assert replay(table.record()).actions == s.actions
            continue
        seat, pg = table.actor(looks)
        assert seat == s.to_act, (seat, s.to_act)
        assert pg.evaluate(FIT_JS) == [], (s.round, s.phase)
        take_turn(pg, rng)
        table.settle(len(s.actions) + turn_moves(s))
        steps += 1
        assert steps < 600
    assert rejoined and reloaded and steps > 40
    # The end: every page says so, the record replays to that game.
    for pg in table.pages().values():
        assert pg.inner_text("#table-h") == "Game over"
    for log in table.logs:
        log.assert_same_origin()


QR_ROUND_TRIP = """async ([text, base]) => {
  await import(base + 'assets/table/bridge.js');
  const box = document.createElement('div');
  document.body.append(box);
  const drawn = await window.lostcodeTable.drawQr(text, box, 'code');
  if (!drawn) return null;
  await new Promise((res, rej) => {
    const s = document.createElement('script');
    s.src = base + 'vendor/jsqr/jsQR.js'; s.onload = res; s.onerror = rej; document.head.append(s);
  });
  const svg = box.querySelector('svg');
  const img = new Image();
  img.src = 'data:image/svg+xml;base64,' + btoa(new XMLSerializer().serializeToString(svg));
  await img.decode();
  const c = document.createElement('canvas');
  c.width = c.height = 400;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0, 400, 400);
  const found = window.jsQR(ctx.getImageData(0, 0, 400, 400).data, 400, 400);
  return found ? found.data : '';
}"""


@pytest.mark.skipif(
    not (ROOT / "vendor" / "qrcode" / "qrcode.mjs").is_file()
    or not (ROOT / "vendor" / "jsqr" / "jsQR.js").is_file(),
    reason="vendor/qrcode and vendor/jsqr come with `npm ci` (package.json)",
)
def test_a_join_link_drawn_as_a_qr_code_reads_back(page, site_url):
    """qrcode-generator draws it, jsQR (the fallback where the browser has no
    BarcodeDetector) reads it back: a 219-character join link, served locally."""
    page.goto(site_url + "assets/rules/en.html")
    link = site_url + "index.html#j=1o1." + "Ab-_" * 45
    assert page.evaluate(QR_ROUND_TRIP, [link, site_url]) == link
