"""One game of «Тайные камни» on one device, as the page plays it: pure
Python, no DOM (issue 43; the screens are `screens.py`).

Why a session beside the engine: the page needs what the rules do not say —
whose screen it is (pass-and-play hands a device over before a private
screen, and a hand is shown to nobody else), the tile a first tap chose
(tap one tile, then a neighbour, to swap, or drag it onto the neighbour;
tap the chosen tile again to flip it), the card a move will spend, undo
within a turn, and the computer seats playing one decision at a time.

Screens: HANDOFF ("pass the device to NAME", before a human's private turn
when more than one human plays), TURN (the human to act: their hand, the
grid), COMPUTER (a computer seat is playing; the page steps it), END.
"""

from .bots import make_bot
from .cards import PLACEMENTS, POINTS
from .engine import apply_action, legal_actions
from .observation import observe
from .patterns import shows
from .state import Options, new_game
from .vocab import ADJACENT, COMPLETE, END, FLIP, HUMAN, PHASE_END, SKIP, SWAP

HANDOFF = "handoff"
TURN = "turn"
COMPUTER = "computer"
OVER = "end"

# What the page may ask the session to do (`do(act, arg)`).
TAP_TILE = "stones-tile"  # arg: position 0-8
DRAG = "stones-drag"  # arg "a-b": tile a dragged onto tile b (a swap if they share a side)
SPEND = "stones-spend"  # arg: the card a move will discard
COMPLETE_CARD = "stones-complete"  # arg: a card the grid shows
END_TURN = "stones-end"
SKIP_TURN = "stones-skip"
UNDO = "stones-undo"
READY = "stones-ready"  # "I am NAME" on the handoff screen
STEP = "stones-step"  # a computer seat plays its next decision
SESSION_ACTS = (TAP_TILE, DRAG, SPEND, COMPLETE_CARD, END_TURN, SKIP_TURN, UNDO, READY, STEP)


class StonesSession:
    __slots__ = ("state", "seats", "bots", "screen", "chosen", "spend", "turn_start", "log")

    def __init__(self, names: list, seats: list, seed: int, finish_round: bool = False):
        if len(names) != len(seats):
            raise ValueError("one seat kind per player")
        self.state = new_game(Options(len(names), finish_round), seed, list(names))
        self.seats = list(seats)
        self.bots = [
            None if k == HUMAN else make_bot(k, seed * 7 + i + 1) for i, k in enumerate(seats)
        ]
        self.chosen: int | None = None  # the tile a first tap chose
        self.spend: int | None = None  # the card the next move discards (None: the default)
        self.turn_start = 0  # actions in the record when this turn began (undo stops there)
        self.log: list = []  # (seat, action) of every action, for the screens' last moves
        self.screen = TURN
        self._begin_turn()

    # -- who sees what ---------------------------------------------------------

    def humans(self) -> int:
        return sum(1 for k in self.seats if k == HUMAN)

    def viewer(self):
        """Whose hand the current screen may show: the human to act on their
        own turn screen; nobody on a handoff, a computer's or the end screen."""
        if self.screen == TURN:
            return self.state.to_act
        return None

    def _begin_turn(self) -> None:
        s = self.state
        self.chosen = None
        self.spend = None
        self.turn_start = len(s.actions)
        if s.phase == PHASE_END:
            self.screen = OVER
        elif self.seats[s.to_act] != HUMAN:
            self.screen = COMPUTER
        elif self.humans() > 1:
            self.screen = HANDOFF  # the next human's hand stays hidden until they take the device
        else:
            self.screen = TURN

    # -- what the turn screen offers --------------------------------------------

    def completable(self) -> list:
        s = self.state
        return [c for c in s.hands[s.to_act] if shows(PLACEMENTS[c], s.grid)]

    def spend_card(self):
        """The card the next swap or flip discards: the one the player picked,
        or else the cheapest card the grid does not show (S-A1, S-A2)."""
        s = self.state
        if s.phase == PHASE_END:
            return None
        hand = s.hands[s.to_act]
        if self.spend in hand:
            return self.spend
        ready = self.completable()
        rest = sorted((c for c in hand if c not in ready), key=lambda c: (POINTS[c], c))
        if rest:
            return rest[0]
        return hand[0] if hand else None

    def can_skip(self) -> bool:
        return (SKIP,) in legal_actions(self.state)

    def can_undo(self) -> bool:
        return self.screen == TURN and len(self.state.actions) > self.turn_start

    # -- actions ----------------------------------------------------------------

    def do(self, act: str, arg=None) -> None:
        if act == READY and self.screen == HANDOFF:
            self.screen = TURN
        elif act == STEP and self.screen == COMPUTER:
            self._computer_step()
        elif self.screen != TURN:
            return
        elif act == TAP_TILE:
            self._tap(int(arg))
        elif act == DRAG:
            self._drag(str(arg))
        elif act == SPEND:
            self.spend = int(arg)
        elif act == COMPLETE_CARD:
            self._play((COMPLETE, int(arg)))
        elif act == END_TURN:
            self._play((END,))
        elif act == SKIP_TURN:
            self._play((SKIP,))
        elif act == UNDO:
            self._undo()

    def _tap(self, pos: int) -> None:
        if not 0 <= pos < 9:
            return
        card = self.spend_card()
        if self.chosen is None or card is None:
            self.chosen = pos if card is not None else None
            return
        first = self.chosen
        self.chosen = None
        if pos == first:
            self._play((FLIP, card, pos))
        elif (min(first, pos), max(first, pos)) in ADJACENT:
            self._play((SWAP, card, min(first, pos), max(first, pos)))
        else:
            self.chosen = pos  # not a neighbour: the new tap chooses this tile

    def _drag(self, arg: str) -> None:
        """A tile dragged onto another (S-A1): swapped if they share a side,
        paid with the card a move spends; anything else does nothing. A tile
        chosen by a tap before is forgotten either way."""
        self.chosen = None
        parts = arg.split("-")
        if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit():
            return
        a, b = sorted((int(parts[0]), int(parts[1])))
        card = self.spend_card()
        if (a, b) in ADJACENT and card is not None:
            self._play((SWAP, card, a, b))

    def _play(self, action: tuple) -> None:
        seat = self.state.to_act
        apply_action(self.state, action, seat)
        self.log.append((seat, action))
        if action[0] in (SWAP, FLIP) and self.spend == action[1]:
            self.spend = None
        if action[0] in (END, SKIP) or self.state.phase == PHASE_END:
            self._begin_turn()

    def _undo(self) -> None:
        """Take back the turn's last action (S-A1..S-A3 until the turn ends):
        the game is replayed from its seed without it."""
        if not self.can_undo():
            return
        old = self.state
        s = new_game(old.options, old.seed, old.names)
        for a in old.actions[:-1]:
            apply_action(s, a)
        self.state = s
        self.log.pop()
        self.chosen = None

    def _computer_step(self) -> None:
        s = self.state
        bot = self.bots[s.to_act]
        if bot is None:
            return
        self._play(tuple(bot.decide(observe(s, s.to_act))))

    def play_decision(self, action: tuple) -> None:
        """A computer seat's decision, found by the page in slices
        (pageplay.Thinker): played as `STEP` would play it."""
        if self.screen == COMPUTER:
            self._play(tuple(action))

    def hide(self) -> bool:
        """The page is left or hidden (issue 25, as the Lost Code's session
        does): an open hand goes back behind its handoff when several humans
        play (alone, nobody to hide it from). The turn's actions stay; the
        tile chosen and the card picked go. True if a hand was hidden."""
        if self.screen != TURN or self.humans() < 2:
            return False
        self.screen = HANDOFF
        self.chosen = None
        self.spend = None
        return True

    def resume(self, state) -> None:
        """Go on with a game rebuilt from its save (pageplay.from_save): the
        turn in progress opens on a handoff when several humans play."""
        self.state = state
        self.log = []
        self._begin_turn()

    def run_computers(self, limit: int = 10000) -> None:
        """Play computer seats until a human is to act or the game ends (tests;
        the page steps them one by one to show each move)."""
        while self.screen == COMPUTER and limit > 0:
            self._computer_step()
            limit -= 1
