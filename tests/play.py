"""Drive a whole game of the web edition through its UI (Playwright), by role
and accessible name, while a shadow engine game in the test process applies
the same actions. The shadow knows every stone, so each screen can be checked
for privacy, and the end screen against the engine.

    game = UIGame(page, names=["Ana", "Bo"], flags={"curse": True}, seed=42)
    game.start()          # fills the set-up form, presses Start
    game.play()           # to the end screen, checking privacy on every screen
    game.check_end()      # final scores == engine replaying the exported record
"""

import json
import re

from helpers import open_settings, wait_engine_ready
from playwright.sync_api import expect

from lostcode.rules.components import WHEEL_VP, WHEEL_WIDTH
from lostcode.rules.engine import apply_action
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.rules.vocab import PHASE_END
from lostcode.services.record import replay

SYMBOL_LABEL = re.compile(r"^(jaguar|bird|bear|chameleon|snake|human): (\d+)$")
OPTION_LABELS = {
    "introductory": "Introductory game (no bear)",
    "high_stakes": "High Stakes (value-8 stones, ring 0–24)",
    "shortcut": "Deadly Shortcut",
    "curse": "Temple Curse",
}

# A private screen's last control confirms and passes the device (issue 11);
# with one human it only confirms.
# The wheel's confirm names the bet (issue 22): "Confirm W4 · 6–9 and pass to Bo".
CONFIRM_WHEEL = re.compile(
    r"^(Confirm the wheel|Confirm and pass to .+|Confirm W\d+ · \S+( and pass to .+)?)$"
)

CONFIRM_CANDIDATES = re.compile(r"^(Confirm the candidates|Confirm and pass to .+)$")
CONFIRM_FINAL = re.compile(r"^(Confirm the final candidates|Confirm and pass to .+)$")

# One evaluate per screen: what the page shows, for the privacy checks.
SNAPSHOT_JS = """() => {
  const label = e => e.getAttribute("aria-label");
  const game = document.getElementById("game");
  // The drawn racks (lostcode/web/game/board.py): the stones, not the face-up discards beside them.
  const racks = [...document.querySelectorAll("#game svg.rack")]
    .map(r => ({title: r.getAttribute("aria-label"), text: r.querySelector(".stones").textContent,
                stones: [...r.querySelectorAll(".stones [aria-label]")].map(label)}));
  const labels = [...document.querySelectorAll("[aria-label]")].map(label);
  const heading = document.getElementById("screen-h");
  return {screen: game.dataset.screen, private: game.dataset.private === "true",
          heading: heading ? heading.textContent : "",
          racks: racks, labels: labels};
}"""

# The player strip as a player reads it: each seat's visible name and the
# number its score starts with ("12 (+3)" at a check reads 12).
STRIP_JS = """() => [...document.querySelectorAll("#strip li[data-seat]")].map(li => ({
  name: li.querySelector(".seat-name").textContent,
  score: parseInt(li.querySelector(".seat-score").textContent.replace("−", "-"), 10)}))"""


CANDIDATE = re.compile(r"^\w+ candidate \d+$")  # "bird candidate 7"

class UIGame:
    def __init__(self, page, names, flags=None, seed=1, take_offers=True, use_steppers=False):
        self.page = page
        self.names = list(names)
        self.flags = dict(flags or {})
        self.seed = seed
        self.take_offers = take_offers
        self.use_steppers = use_steppers
        self.options = Options(len(names), **self.flags)
        self.s = new_game(self.options, seed, self.names)
        self.screens = {}  # screen kind -> how often seen
        self.bad_range_checked = False
        self.range_text_checked = False
        self.snap = None
        self.privacy_checks = 0
        self.strip_checks = 0  # check screens whose strip matched the engine's scores

    # -- helpers -------------------------------------------------------------------
    def button(self, name, exact=True):
        if isinstance(name, str) and CANDIDATE.match(name):
            # issue 39: a candidate's name ends with its chance when the help shows it
            name = re.compile("^" + re.escape(name) + "( |$)")
        return self.page.get_by_role("button", name=name, exact=exact)

    def click(self, name, exact=True):
        self.button(name, exact).click()

    def open_die(self, die):
        """fix12: the change screen's dice open their faces one die at a time: die
        `die` (1-3) opened, another open one folded first (by the page, one tap each)."""
        page = self.page
        if page.get_by_role("button", name=re.compile(rf"^Turn die {die} to ")).count():
            return
        opened = page.locator('#screen .dice-pick > [aria-expanded="true"]')
        if opened.count():
            opened.click()
            expect(opened).to_have_count(0)
        page.get_by_role("button", name=re.compile(rf"^Die {die}: ")).click()
        faces = page.get_by_role("button", name=re.compile(rf"^Turn die {die} to "))
        expect(faces.first).to_be_visible()

    def apply(self, action):
        apply_action(self.s, action)

    # -- set-up ---------------------------------------------------------------------
    def start(self, wait_first=False, hold_engine=False, path="/"):
        """Fill the form and press Start. hold_engine: keep PyScript's config
        request waiting until Start was pressed (Start before the engine is ready)."""
        page = self.page
        held = []
        if hold_engine:
            page.route("**/pyscript*.toml", lambda route: held.append(route))
        page.goto(path)
        # The form is plain HTML: fill it while Python may still be loading.
        open_settings(page)  # folded under the big Play button (issue 10)
        page.get_by_label("Number of players").select_option(str(len(self.names)))
        for i, name in enumerate(self.names):
            page.get_by_label(f"Name of player {i + 1}").fill(name)
        for flag, label in OPTION_LABELS.items():
            box = page.get_by_label(label)
            box.set_checked(bool(self.flags.get(flag)))
        page.get_by_label("Seed (optional, to replay the same deal)").fill(str(self.seed))
        if wait_first:
            wait_engine_ready(page)
        self.engine_at_start = page.evaluate("document.documentElement.dataset.engine")
        self.click("Play")
        if hold_engine:
            expect(page.get_by_role("status").filter(has_text="as soon as")).to_be_visible()
            while not held:
                page.wait_for_timeout(50)
            held[0].continue_()
            page.unroute("**/pyscript*.toml")
        wait_engine_ready(page)
        expect(page.locator("#game")).to_be_visible(timeout=30000)

    # -- privacy ----------------------------------------------------------------------
    def check_privacy(self, snap, viewer):
        """R-S7 on the page: a private screen holds none of its viewer's own values;
        a shared screen none of any human's, but the unowned and computer racks'
        (every human sees those); with one human every screen is theirs (issue 10)."""
        s = self.s
        self.privacy_checks += 1
        n = s.options.players
        humans = getattr(self, "humans", list(range(n)))
        if viewer is None and len(humans) == 1:
            viewer = humans[0]
        hidden = {viewer} if viewer is not None else set(humans)
        hidden_titles = {f"Rack of {s.names[p]}" for p in hidden}
        for rack in snap["racks"]:
            if rack["title"] in hidden_titles:
                assert not re.search(r"\d", rack["text"]), (snap["screen"], rack)
                for label in rack["stones"]:
                    assert label.endswith(": hidden"), (snap["screen"], label)
        if viewer is not None:
            assert any(r["title"] == f"Rack of {s.names[viewer]}" for r in snap["racks"])
        if snap["screen"] == "bot":
            return  # the shadow applies the bots' moves after this screen (SeatsGame.on_bot)
        # Elements carrying "symbol: value" are exactly the racks this screen may show.
        expected = {}
        for r in range(4):
            if r < n and r in hidden:
                continue
            for sym in s.options.symbols:
                key = f"{sym}: {s.racks[r][sym]}"
                expected[key] = expected.get(key, 0) + 1
        shown = {}
        for x in snap["labels"]:
            if SYMBOL_LABEL.match(x):
                shown[x] = shown.get(x, 0) + 1
        assert shown == expected, (snap["screen"], shown, expected)

    # -- playing ------------------------------------------------------------------------
    def play(self, max_steps=3000, until_round=None):
        """Play to the end screen (or until round `until_round` begins)."""
        for _ in range(max_steps):
            if until_round is not None and self.s.round >= until_round:
                return
            snap = self.page.evaluate(SNAPSHOT_JS)
            kind = snap["screen"]
            self.screens[kind] = self.screens.get(kind, 0) + 1
            if kind == "end":  # all racks are revealed now
                assert self.s.phase == PHASE_END
                return
            if kind != "bot":
                self.catch_up()  # a bot's turn the page went on from by itself (issue 22)
            viewer = self.s.to_act if snap["private"] else None
            self.check_privacy(snap, viewer)
            self.snap = snap
            getattr(self, "on_" + kind)()
        raise AssertionError("the game did not end")

    def catch_up(self):
        """The shadow plays the computer seats' moves (tests/test_browser_solo.py)."""
        return []

    def on_roll(self):
        self.click("Roll the dice")
        self.apply(("roll",))

    def on_bear(self):
        s = self.s
        die = s.dice.index("bear")
        sym = s.options.symbols[(s.round + die) % len(s.options.symbols)]
        self.click(f"Turn die {die + 1} to {sym}")  # chosen (issue 11), played on confirm
        self.click(f"Confirm: turn die {die + 1} to {sym}")
        self.apply(("turn_bear", die, sym))

    def on_offer(self):
        s = self.s
        name = s.names[s.to_act]
        if self.take_offers:
            self.click(f"{name} takes the {s.offer_symbol} token")
            self.apply(("take",))
        else:
            self.click(f"{name} passes")
            self.apply(("pass",))

    def on_change(self):
        s = self.s
        if s.round % 2 == 0:
            sym = [x for x in s.options.symbols if x != s.dice[0]][s.round % 3]
            self.open_die(1)
            self.click(f"Turn die 1 to {sym}")
            self.click(f"Confirm: turn die 1 to {sym}")
            self.apply(("change", 0, sym))
        else:
            self.click("Keep the dice")
            self.apply(("accept",))

    def on_handoff(self):
        name = self.s.names[self.s.to_act]
        snap = self.snap or self.page.evaluate(SNAPSHOT_JS)
        assert snap["heading"] == f"Pass the device to {name}", snap["heading"]
        self.click(f"I am {name}")

    def on_checks(self):
        self.check_strip()
        self.click("Continue")

    def check_strip(self):
        """The player strip (issue 22) at a check: every seat's name and score as
        the shadow engine has them after this round's check (R-C1..R-C3)."""
        s = self.s
        shown = self.page.evaluate(STRIP_JS)
        assert [x["name"] for x in shown] == list(s.names), shown
        assert [x["score"] for x in shown] == list(s.scores), (shown, s.scores)
        self.strip_checks += 1

    def on_replace(self):
        s = self.s
        p = s.to_act
        open_piles = [x for x in s.options.symbols if s.piles[x]]
        sym = open_piles[(s.round + p) % len(open_piles)]
        self.click(f"Replace the {sym} stone")  # chosen (issue 11), played on confirm
        self.click("Confirm the replacement")
        self.apply(("discard", sym))
        value = s.discards[p][-1]["value"]
        # on a next replacement in one line (fix10: the panel left the racks in sight)
        said = re.compile(
            rf"{re.escape(s.names[p])} discarded their {sym} stone"
            rf"(: it showed {value}\.| \({value}\) and drew a new one\.)"
        )
        expect(self.page.locator("#screen p.notice").filter(has_text=said)).to_have_count(1)

    def on_guess(self):
        s = self.s
        p = s.to_act
        taken = [w for _q, w in s.current_round()["wheels"]]
        total = sum(s.racks[p][d] for d in s.dice)
        ring = s.options.ring_max
        prefs = ("W5", "W3", "W7", "W4", "W2", "W10", "W1")
        wheel = [w for w in prefs if w not in taken][(s.round + p) % 2]
        width = WHEEL_WIDTH[wheel]
        right = (s.round + p) % 3 != 0
        if right:
            low = max(0, min(total - width // 2, ring - width + 1))
        elif total + width <= ring:
            low = total + 1
        else:
            low = 0
        page = self.page
        self.click(f"{wheel} ({width} wide, {WHEEL_VP[wheel]} VP)")
        box = page.get_by_label("Low end of the range")
        confirm = self.button(CONFIRM_WHEEL)
        if not self.bad_range_checked:
            bad = ring - width + 2
            box.fill(str(bad))
            expect(confirm).to_be_disabled()
            expect(page.get_by_role("alert")).to_contain_text(
                f"runs past {ring}, the end of the ring"
            )
            self.bad_range_checked = True
        current = int(box.input_value())
        if self.use_steppers and abs(low - current) <= 3:
            step = "Raise the range by one" if low > current else "Lower the range by one"
            for _ in range(abs(low - current)):
                self.click(step)
        else:
            box.fill(str(low))
        if self.use_steppers or not self.range_text_checked:
            expect(page.get_by_role("status").filter(has_text="Range:")).to_contain_text(
                f"Range: {low}–{low + width - 1}" if width > 1 else f"Range: {low} "
            )
            self.range_text_checked = True
        confirm.click()  # waits until it is enabled
        self.apply(("guess", wheel, low))

    def _pick(self, sym, values):
        for v in values:
            self.click(f"{sym} candidate {v}")

    def on_shortcut(self):
        s = self.s
        p, sym = s.to_act, s.offer_symbol
        true = s.racks[p][sym]
        values = [true] if s.round % 2 else sorted({true, (true + 1) % (s.options.value_max + 1)})
        self._pick(sym, values)
        self.click(CONFIRM_CANDIDATES)
        self.apply(("shortcut", tuple(values)))

    def on_final(self):
        s = self.s
        p = s.to_act
        vmax = s.options.value_max
        actions = []
        for i, sym in enumerate(s.options.symbols):
            if s.token_holder.get(sym) == p:
                continue
            true = s.racks[p][sym]
            choice = (i + p) % 4
            if choice == 0:
                values = [true]
            elif choice == 1:
                values = sorted({true, (true + 3) % (vmax + 1)})
            elif choice == 2:
                values = [(true + 1) % (vmax + 1)]
            else:
                values = []
            self._pick(sym, values)
            actions.append(("final", sym, tuple(values)))
        self.click(CONFIRM_FINAL)
        if any(not a[2] for a in actions):  # a symbol without candidates: asked again
            self.click("Yes")
        for a in actions:
            self.apply(a)

    # -- the end ------------------------------------------------------------------------
    def check_end(self):
        page, s = self.page, self.s
        winner = s.names[s.result["winner"]]
        expect(page.get_by_role("heading", name=f"Game over: {winner} wins")).to_be_visible()
        # The record is a download, never shown on a screen (issue 11).
        expect(page.get_by_label("Game record (JSON)")).to_have_count(0)
        with page.expect_download() as info:
            self.click("Download game record")
        with open(info.value.path(), encoding="utf-8") as f:
            record = json.load(f)
        assert record["seed"] == self.seed
        assert [p["name"] for p in record["players"]] == s.names
        again = replay(record)
        assert again.scores == s.scores
        assert again.result == s.result
        items = page.get_by_role("region", name="Final scores").get_by_role("listitem")
        shown = {}
        for text in items.all_inner_texts():
            m = re.match(r"^\d+\. (.*): (-?\d+) points?$", text.strip())
            assert m, text
            shown[m.group(1)] = int(m.group(2))
        assert shown == {s.names[p]: again.scores[p] for p in range(s.options.players)}
        # All racks are revealed at the end.
        for p in range(s.options.players):
            rack = page.get_by_role("group", name=f"Rack of {s.names[p]}", exact=True)
            for sym in s.options.symbols:
                expect(rack.get_by_label(f"{sym}: {s.racks[p][sym]}", exact=True)).to_have_count(1)
        return record
