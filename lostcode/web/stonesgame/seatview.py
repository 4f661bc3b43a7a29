"""«Тайные камни» on one phone of a table (issue 43): the screen drawn from
the observation the host sent for this seat, and the taps that make an
action of it. Pure Python, no DOM (the page's side is tablestones.py).

Why from an observation and not a session: a table phone holds no game. The
host sends each seat its own observation (lostcode/stones/table.py: its own
hand and nobody else's, S-S2), so what this screen can show is bounded by
what the phone was sent: another player's hand is not in the page because it
never reached the phone. The screen is the pass-and-play turn screen's
(screens.py: the grid as nine tile buttons, the hand as card buttons, a
completable card glowing, undo, skip, end turn) without a handoff: the phone
is its player's own.

`SeatUi` keeps what only this phone knows: the tile a first tap chose and the
card the next move will discard (taps, not moves: the host sees only the
action they make).
"""

from ...stones.cards import POINTS
from ...stones.session import COMPLETE_CARD, END_TURN, SKIP_TURN, SPEND, TAP_TILE, UNDO
from ...stones.vocab import ADJACENT, COMPLETE, END, FLIP, SKIP, SWAP
from ..shell.blocks import button, buttons, para
from ..shell.i18n import _, ngettext
from .screens import card_art, grid_svg, pickers

UNDO_ACTION = ("undo",)  # lostcode/stones/table.py UNDO: the host takes the last action back
TABLE_ACTS = (TAP_TILE, SPEND, COMPLETE_CARD, END_TURN, SKIP_TURN, UNDO)


class SeatUi:
    """This phone's taps between two observations (forgotten at a new one)."""

    __slots__ = ("chosen", "spend", "move", "drag")

    def __init__(self):
        self.drag = None  # the tile a pointer pressed (let go on a neighbour: a swap)
        self.chosen = None  # the tile a first tap chose
        self.spend = None  # the card the next swap or flip discards (None: the default)
        self.move = -1  # the observation's move number they belong to


def fresh(ui, obs) -> None:
    """A new observation: a tile chosen on the old one is forgotten."""
    if obs.get("move_number") != ui.move:
        ui.move = obs.get("move_number")
        ui.chosen = None


def my_turn(obs) -> bool:
    return obs.get("viewer") is not None and obs.get("viewer") == obs.get("to_act") and bool(
        obs.get("legal")
    )


def hand(obs) -> list:
    v = obs.get("viewer")
    if v is None:
        return []
    return list(obs["players"][v]["hand"] or [])


def ready(obs) -> list:
    """The cards the grid shows now (the host listed them as legal)."""
    return [a[1] for a in obs.get("legal") or [] if a[0] == COMPLETE]


def spend_card(ui, obs):
    """As the session's: the card picked, else the cheapest one the grid
    does not show (S-A1, S-A2)."""
    cards = hand(obs)
    if ui.spend in cards:
        return ui.spend
    done = ready(obs)
    rest = sorted((c for c in cards if c not in done), key=lambda c: (POINTS[c], c))
    if rest:
        return rest[0]
    return cards[0] if cards else None


def tap(ui, obs, act, arg):
    """One tap of the turn screen: the action it makes (to send to the
    host), or None (only this phone's choice changed)."""
    if not my_turn(obs):
        return None
    if act == TAP_TILE:
        pos = int(arg)
        if not 0 <= pos < 9:
            return None
        card = spend_card(ui, obs)
        if ui.chosen is None or card is None:
            ui.chosen = pos if card is not None else None
            return None
        first, ui.chosen = ui.chosen, None
        if pos == first:
            return (FLIP, card, pos)
        a, b = min(first, pos), max(first, pos)
        if (a, b) in ADJACENT:
            return (SWAP, card, a, b)
        ui.chosen = pos
        return None
    if act == SPEND:
        ui.spend = int(arg)
        return None
    if act == COMPLETE_CARD:
        return (COMPLETE, int(arg))
    if act == END_TURN:
        return (END,)
    if act == SKIP_TURN:
        return (SKIP,)
    if act == UNDO:
        return UNDO_ACTION
    return None


def dragged(ui, obs, a, b):
    """A tile dragged onto another: the swap, if they share a side (S-A1)
    and it is this seat's turn; else None."""
    a, b = min(a, b), max(a, b)
    card = spend_card(ui, obs)
    if not my_turn(obs) or card is None or (a, b) not in ADJACENT:
        return None
    return (SWAP, card, a, b)


def public_key(obs) -> str:
    """What every phone shows alike (the tests compare it): move number,
    player to act, grid, points, over."""
    pts = ",".join(str(x) for x in obs.get("scores") or [])
    over = "1" if obs.get("over") else "0"
    return "|".join((str(obs.get("move_number")), str(obs.get("to_act")), obs["grid"], pts, over))


def seat_model(obs, ui) -> dict:
    """The phone's screen: heading, whose hand it shows (only ever the
    viewer's), the board and the blocks under it."""
    v = obs.get("viewer")
    names = [p["name"] for p in obs["players"]]
    mine = my_turn(obs)
    blocks: list = []
    model = {"heading": "", "hand_of": v if hand(obs) else None, "public": public_key(obs),
             "board": None, "blocks": blocks, "turn": mine}  # fmt: skip
    if obs.get("over"):
        model["heading"] = _("Game over")
        res = obs.get("result") or {}  # a table has 2 players or more: no solo end
        won = ", ".join(names[w] for w in res.get("winners") or [])
        blocks.append(para(_("Winner: {names}", names=won)))
    elif mine:
        model["heading"] = _("Your turn")
    else:
        model["heading"] = _("Turn: {name}", name=names[obs["to_act"]])
    if mine:
        blocks += _turn_blocks(obs, ui)
    else:
        model["board"] = grid_svg(obs["grid"])
        if hand(obs):
            cards = [card_art(c, c in ready(obs)) for c in hand(obs)]
            blocks.append({"t": "hand", "label": _("Your hand"), "cards": cards})
    blocks += status_blocks(obs)
    return model


def _turn_blocks(obs, ui) -> list:
    grid = obs["grid"]
    done = ready(obs)
    spend = spend_card(ui, obs)
    out = [para(_("Tap a tile, then a neighbour to swap them, or the same tile again to "
                  "flip it."))]  # fmt: skip
    out += pickers(grid, ui.chosen, hand(obs), done, spend)
    controls = [button(_("Undo"), UNDO, disabled=not obs.get("undo"))]
    if (SKIP,) in [tuple(a) for a in obs.get("legal") or []]:
        controls.append(button(_("Skip and draw 2"), SKIP_TURN))
    controls.append(button(_("End turn"), END_TURN, primary=True))
    out.append(buttons(controls))
    return out


def status_blocks(obs) -> list:
    """The public table: each player's completed cards, points and cards in
    hand (a count: the cards themselves are their owner's), deck, discards."""
    rows = []
    pts = obs.get("scores") or [0] * len(obs["players"])
    for i, pl in enumerate(obs["players"]):
        points = ngettext("{n} point", "{n} points", pts[i])
        cards = ngettext("{n} card in hand", "{n} cards in hand", pl["hand_size"])
        rows.append(_("{name}: {done} completed, {points}, {cards}", name=pl["name"],
                      done=len(pl["done"]), points=points, cards=cards))  # fmt: skip
    if obs["options"]["players"] == 1:
        rows.append(_("Penalties: {n} of 4", n=obs.get("penalties", 0)))
    rows.append(_("Deck: {deck} · discard pile: {discard}", deck=obs["deck_size"],
                  discard=len(obs["discard"])))  # fmt: skip
    return [para(r) for r in rows]
