"""A table-mode phone's own turn, with the pass-and-play screens (issue 41).

On its turn a phone (a guest's, or the host's for its own seat) shows the
screen pass-and-play shows that player: the wheels, the ring and its
stepper, the dice's faces, the candidate rows, the stone to replace, the
drawn board, the deduction sheet and the "What can I deduce?" panel. They
are the game's own view models (lostcode/web/game/views.py `screen_model`)
and its own drafts (lostcode/web/game/drafts.py `Drafts`), run on a
`SeatSession` instead of a `Session`: it holds that seat's observation
(R-S7: the others' stones, never its own) and nothing else, never the
engine's state, so the assistant's analysis is made from that seat's
observation only (lostcode/player/deduction.py), and a confirm does not
play a move here: it leaves the move(s) in `outbox` for the page to send
to the host (or to play on the host's table).

Pure Python, MicroPython-portable; the adapter is seatscreen.py.
"""

from ...rules import vocab
from ...rules.errors import IllegalAction
from ..actions import CONTINUE, EXPERT, LEAVE, SKIP, UNLOCK
from ..game.assistant import PANEL_SCREENS, keep_analysis, why_key
from ..game.describe import reason
from ..game.drafts import Drafts, no_button
from ..game.session import PRIVATE_PHASES, Session
from ..game.sheet import Sheet
from ..game.views import screen_model
from ..shell.i18n import _

NOT_HERE = (vocab.ROLL, vocab.TAKE, vocab.PASS, EXPERT, UNLOCK, CONTINUE, SKIP, LEAVE)


class SeenOptions:
    """The options a screen reads, as the observation states them."""

    __slots__ = ("symbols", "value_max", "ring_max")

    def __init__(self, obs):
        self.symbols = list(obs["symbols"])
        self.value_max = obs["value_max"]
        self.ring_max = obs["ring_max"]


class Seen:
    """The game as far as one observation tells it: the few public fields the
    drafts read of a session's `state` (its phase, who acts, how many moves
    were played, the offered token, who holds which token, the discards)."""

    __slots__ = ("actions", "phase", "to_act", "roller", "offer_symbol", "token_holder",
                 "discards", "options")  # fmt: skip

    def __init__(self, obs):
        self.actions = range(obs["move_number"])  # only its length is read
        self.phase = obs["phase"]
        self.to_act = obs["to_act"]
        self.roller = obs["roller"]
        self.offer_symbol = (obs.get("offer") or {}).get("symbol")
        self.token_holder = {}
        for sym, t in (obs.get("tokens") or {}).items():
            if t.get("holder") is not None:
                self.token_holder[sym] = t["holder"]
        self.discards = obs["discards"]
        self.options = SeenOptions(obs)


class NoBots:
    """Every seat a SeatSession knows of is a person's."""

    humans = ()

    def is_bot(self, seat):
        return False

    def solo(self):
        return True


class SeatSession(Drafts):
    """One seat's turns on its own phone: `show(obs)` with each observation
    the phone gets, `do(act, arg)` for each tap on the screen's controls
    (the game's page actions, actions.SESSION), `model()` for the screen.
    A confirmed choice leaves its move(s) in `outbox` (a list of engine
    actions, several for the final candidates: one per symbol, R-E1)."""

    def __init__(self, seat, hints=True):
        Drafts.__init__(self)
        self.seat = seat
        self.hints = bool(hints)
        self.obs: dict = {}  # the observation shown ({} before the first)
        self.state = None
        self.bots = NoBots()
        self.sheets = {seat: Sheet()}
        self.assist = None
        self.assist_why = None
        self.searches = None  # no expert here: its search needs the game's seed
        self.unlocked = seat
        self.notices = []
        self.error = ""
        self.outbox = []
        self.sent = -1  # the move number a confirm was made on (its screen is done)
        self.sheet_open = False  # the deduction sheet unfolded (kept across redraws)

    # -- the observation shown ----------------------------------------------------------
    def show(self, obs):
        """The phone got `obs` (this seat's): a new position starts afresh
        (its draft and undo go); the same one again keeps them."""
        if obs.get("viewer") != self.seat:
            raise ValueError("another seat's observation")
        if self.obs and another_game(self.obs, obs):
            SeatSession.__init__(self, self.seat, self.hints)  # its sheet and its confirm go
        if not self.obs or obs["move_number"] != self.obs["move_number"]:
            self.draft = None
            self.undo_stack = []
            self.error = ""
        self.obs = obs
        self.state = Seen(obs)
        self._prepare()

    def my_turn(self):
        """Whether the screen is this seat's choice (and not confirmed yet)."""
        o = self.obs
        return (
            bool(o)
            and o["to_act"] == self.seat
            and bool(o.get("legal"))
            and o["phase"] in CHOICE_SCREENS
            and self.sent != o["move_number"]
        )

    def screen(self):
        kind = self.obs["phase"]
        return kind, (self.seat if kind in PRIVATE_PHASES else None)

    def observation(self):
        return self.obs

    def shown_notices(self):
        return []

    def next_holder(self, viewer):
        return None  # its own phone: nobody to pass it to

    def model(self):
        """The pass-and-play screen of this turn (views.screen_model), without
        "What would the expert do?" (its search would need the game's seed,
        which rebuilds every rack: a phone never holds it)."""
        m = screen_model(self, None, table=False)
        a = m.get("assistant")
        if a is not None:
            a["expert"] = None
            if a.get("expert_only"):
                m["assistant"] = None
        return m

    # -- taps ----------------------------------------------------------------------------
    def do(self, act, arg=""):
        """One tap; an illegal one leaves its reason in `error`. Returns the
        move(s) confirmed by it (also in `outbox`), [] for a draft's change."""
        self.error = ""
        self.outbox = []
        handler = self.HANDLERS.get(act)
        try:
            if handler is None or not self.my_turn():
                raise no_button()
            kind, viewer = self.screen()
            handler(self, act, arg, kind, viewer)
        except IllegalAction as e:
            self.error = _("That is not possible: {reason}", reason=reason(e))
            self.outbox = []
        except ValueError:
            self.error = _("Please enter a whole number.")
            self.outbox = []
        if self.outbox:
            self.sent = self.obs["move_number"]
        else:
            self._prepare()
        return list(self.outbox)

    def _prepare(self):
        """What the screen reads, made before it is drawn (Session._prepare):
        the sheet brought up to date with this seat's discards, the
        assistant's analysis of this observation, the screen's draft."""
        if not self.my_turn():
            return
        self.sheets[self.seat].sync_discards(self.obs["discards"][self.seat])
        kind, viewer = self.screen()
        if viewer is not None and self.hints and kind in PANEL_SCREENS:
            self._analysis(self.obs)
        self._ensure_draft(kind, viewer)

    # -- what Drafts reads and does (lostcode/web/game/drafts.py) -------------------------
    def _seen(self, viewer):
        if viewer != self.seat:
            raise no_button()
        return self.obs

    def _legal(self):
        return list(self.obs.get("legal") or [])

    def _discarded(self, p):
        pass  # the host's table tells every phone (its log and the board)

    def _analysis(self, obs):
        self.assist = keep_analysis(self.assist, obs, self.assist_why == why_key(obs))
        return self.assist["analysis"]

    def _act(self, action):
        self.outbox = [action]

    def _act_all(self, actions):
        self.outbox = list(actions)

    def _finish_private(self):
        self.draft = None
        self.undo_stack = []

    def _after_change(self, roller):
        self._finish_private()

    def _goes_on(self, viewer):
        return False

    def candidate_symbols(self, kind, viewer):
        """As Drafts', less the final candidates this seat has written
        already (a confirm's moves are sent one symbol at a time)."""
        done = self.obs.get("my_final") or {}
        return [s for s in Drafts.candidate_symbols(self, kind, viewer) if s not in done]

    def _on_button_move(self, act, arg, kind, viewer):
        """Roll, take or pass the shortcut token: sent at once (Session's own)."""
        p = self.obs.get("prompt")
        if not p or kind != p["phase"] or act not in p["kinds"]:
            raise no_button()
        self._act((act,))

    # The pass-and-play handlers of the choices a turn shows (Session.HANDLERS:
    # drafts, sheet marks, undo, "Why…"), the immediate moves sent rather than
    # played; none of the flow between screens (a handoff, a computer's move,
    # the check, the end) nor the expert.
    HANDLERS: dict = dict(
        [(name, Session.HANDLERS[name]) for name in Session.HANDLERS if name not in NOT_HERE]
        + [(vocab.ROLL, _on_button_move), (vocab.TAKE, _on_button_move),
           (vocab.PASS, _on_button_move)]  # fmt: skip
    )


def another_game(old, new):
    """Whether `new` is of another game than `old` (a new table in the same
    tab): a game's moves never go back, and at one move number the racks
    this seat sees and the names are the same."""
    if new["move_number"] != old["move_number"]:
        return new["move_number"] < old["move_number"]
    return new["racks"] != old["racks"] or new["names"] != old["names"]


# The phases whose screen is a seat's choice (views.SCREENS): every other
# screen of table mode is the table's (lostcode/web/tablemode/tablescreen.py).
CHOICE_SCREENS = (
    vocab.PHASE_ROLL, vocab.PHASE_BEAR, vocab.PHASE_OFFER, vocab.PHASE_CHANGE,
    vocab.PHASE_GUESS, vocab.PHASE_SHORTCUT, vocab.PHASE_REPLACE, vocab.PHASE_FINAL,
)  # fmt: skip
