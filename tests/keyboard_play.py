"""Play the web edition with the keyboard alone (issue 6).

KeyboardGame is tests/play.py's UIGame with every interaction made through
`page.keyboard`: Tab / Shift+Tab to reach a control, Enter to press a button,
Space for a checkbox, arrow keys in the range box, typing into a focused
input. No mouse, no element.click(), no fill(). Locators and evaluate() are
used only to *find* which control to reach and to check where the focus is.
"""

from helpers import wait_engine_ready
from play import CONFIRM_WHEEL, OPTION_LABELS, UIGame
from playwright.sync_api import expect

from lostcode.rules.components import WHEEL_VP, WHEEL_WIDTH

# Where the target is in the page's Tab order, and where the focus is now.
TAB_ORDER_JS = """(target) => {
  const sel = "a[href], button, input, select, textarea, summary, [tabindex]";
  const list = [...document.querySelectorAll(sel)].filter(e =>
    !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0 &&
    getComputedStyle(e).visibility !== "hidden");
  const a = document.activeElement || document.body;
  let cur = list.indexOf(a), between = false;
  if (cur < 0) {  // a heading (tabindex=-1) or the body: Tab goes to the next one after it
    between = true;
    cur = list.findIndex(e => a.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (cur < 0) cur = list.length;
  }
  return {t: list.indexOf(target), cur: cur, between: between, on: a === target};
}"""


class KeyboardGame(UIGame):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.keys = 0  # key presses, for the report
        self.focus_checks = 0

    # -- the keyboard ------------------------------------------------------------------
    def press(self, key, times=1):
        for _ in range(times):
            self.page.keyboard.press(key)
            self.keys += 1

    def tab_to(self, target):
        """Move the focus to `target` (a Locator) with Tab / Shift+Tab only."""
        target = target.first if hasattr(target, "first") else target
        for _attempt in range(4):
            o = target.evaluate(TAB_ORDER_JS)
            if o["on"]:
                return
            assert o["t"] >= 0, f"not reachable with Tab: {target}"
            if o["between"]:
                if o["t"] >= o["cur"]:
                    self.press("Tab", o["t"] - o["cur"] + 1)
                else:
                    self.press("Shift+Tab", o["cur"] - o["t"])
            elif o["t"] > o["cur"]:
                self.press("Tab", o["t"] - o["cur"])
            else:
                self.press("Shift+Tab", o["cur"] - o["t"])
        raise AssertionError(f"Tab never reached {target}")

    def click(self, name, exact=True):
        """'Press' a button: reach it with Tab, activate it with Enter."""
        self.tab_to(self.button(name, exact))
        self.press("Enter")

    def type_into(self, locator, text):
        self.tab_to(locator)
        self.press("Control+A")
        self.page.keyboard.type(text)
        self.keys += len(text)

    def set_checkbox(self, locator, on):
        self.tab_to(locator)
        if locator.is_checked() != bool(on):
            self.press("Space")
        expect(locator).to_be_checked(checked=bool(on))

    # -- set-up ----------------------------------------------------------------------------
    def start(self, wait_first=True, hold_engine=False, path="/"):
        page = self.page
        page.goto(path)
        wait_engine_ready(page)
        players = page.get_by_label("Number of players")  # under Play (issue 39)
        self.tab_to(players)
        # Arrow keys step through a closed <select>'s options.
        for _ in range(4):
            if players.input_value() == str(len(self.names)):
                break
            self.press("ArrowDown" if int(players.input_value()) < len(self.names) else "ArrowUp")
        expect(players).to_have_value(str(len(self.names)))
        for i, name in enumerate(self.names):
            self.type_into(page.get_by_label(f"Name of player {i + 1}"), name)
        self.tab_to(page.locator("#settings > summary"))  # unfold the options
        self.press("Enter")
        for flag, label in OPTION_LABELS.items():
            self.set_checkbox(page.get_by_label(label), self.flags.get(flag))
        self.tab_to(page.locator("#advanced > summary"))  # unfold the seed
        self.press("Enter")
        seed = page.get_by_label("Seed (optional, to replay the same deal)")
        self.type_into(seed, str(self.seed))
        self.engine_at_start = page.evaluate("document.documentElement.dataset.engine")
        self.click("Play")
        expect(page.locator("#game")).to_be_visible(timeout=30000)

    # -- every new screen starts at its heading ------------------------------------------------
    def check_privacy(self, snap, viewer):
        super().check_privacy(snap, viewer)
        focused = self.page.evaluate("document.activeElement && document.activeElement.id")
        assert focused == "screen-h", (snap["screen"], snap["heading"], focused)
        self.focus_checks += 1

    # -- the range box: arrow keys --------------------------------------------------------------
    def on_guess(self):
        s = self.s
        p = s.to_act
        taken = [w for _q, w in s.current_round()["wheels"]]
        total = sum(s.racks[p][d] for d in s.dice)
        ring = s.options.ring_max
        prefs = ("W5", "W3", "W7", "W4", "W2", "W10", "W1")
        wheel = [w for w in prefs if w not in taken][(s.round + p) % 2]
        width = WHEEL_WIDTH[wheel]
        if (s.round + p) % 3 != 0:
            low = max(0, min(total - width // 2, ring - width + 1))
        elif total + width <= ring:
            low = total + 1
        else:
            low = 0
        page = self.page
        self.click(f"{wheel} ({width} wide, {WHEEL_VP[wheel]} VP)")
        expect(self.button(f"{wheel} ({width} wide, {WHEEL_VP[wheel]} VP)")).to_be_focused()
        box = page.get_by_label("Low end of the range")
        self.tab_to(box)
        current = int(box.input_value())
        if low != current:
            self.press("ArrowUp" if low > current else "ArrowDown", abs(low - current))
        expect(box).to_have_value(str(low))
        expect(box).to_be_focused()  # the redraw after each step keeps the focus in the box
        expect(page.get_by_role("status").filter(has_text="Range:")).to_contain_text(
            f"Range: {low}–{low + width - 1}" if width > 1 else f"Range: {low} "
        )
        self.click(CONFIRM_WHEEL)
        self.apply(("guess", wheel, low))
