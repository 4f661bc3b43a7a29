"""«Тайные камни»'s screens as plain data (blocks and SVG trees in the Lost
Code's formats: lostcode/web/shell/blocks.py, lostcode/web/game/board.py), from a
`StonesSession`. Pure Python, no DOM; the page (stonespage.py) draws them.
In web/, beside the page that draws them: the rules (lostcode/stones/) import
nothing of the page, so no package imports the other both ways.

Why here: what a screen shows is decided in one place, where a test can
read every screen of a game and check that no hand is ever on a screen its
owner is not holding (issue 43). A hand appears only on its owner's TURN
screen; handoff, computer and end screens show the public table only.
"""

from ...stones.cards import PATTERN, POINTS
from ...stones.moves import scores
from ...stones.session import (
    COMPLETE_CARD,
    COMPUTER,
    END_TURN,
    HANDOFF,
    OVER,
    READY,
    SKIP_TURN,
    SPEND,
    STEP,
    TAP_TILE,
    UNDO,
)
from ...stones.vocab import BACK, BIRD, BOAT, FISH, GREY, HORSE, MOON, SEED, SUN, TREE
from ..game.board import node, svg, text
from ..shell.blocks import button, buttons, para
from ..shell.i18n import _, ngettext

# Each picture: its name (N_-style: translated where shown), a glyph, and
# the CSS class that gives it its colour (assets: .pic-S ...).
PICTURE_NAMES = {
    SUN: "sun", MOON: "moon", FISH: "fish", BIRD: "bird",
    HORSE: "horse", BOAT: "boat", SEED: "seed", TREE: "tree",
}  # fmt: skip
GLYPHS = {SUN: "☀", MOON: "☾", FISH: "≋", BIRD: "⋎", HORSE: "♞", BOAT: "⚓", SEED: "•", TREE: "♣"}
TILE = 96  # a tile's size in SVG units (the grid is 3 x TILE + gaps wide)
CELL = 14  # a pattern cell on a card


def picture_name(pic: str) -> str:
    names = {
        SUN: _("sun"), MOON: _("moon"), FISH: _("fish"), BIRD: _("bird"),
        HORSE: _("horse"), BOAT: _("boat"), SEED: _("seed"), TREE: _("tree"),
    }  # fmt: skip
    return names[pic]


def tile_label(grid: str, pos: int) -> str:
    return _(
        "Row {row}, column {col}: {picture} (on the back: {back})",
        row=pos // 3 + 1,
        col=pos % 3 + 1,
        picture=picture_name(grid[pos]),
        back=picture_name(BACK[grid[pos]]),
    )


def tile_art(pic: str, chosen: bool = False) -> list:
    """One tile: its picture large, and the picture on its back small in the
    corner (the player aid at a glance)."""
    kids = [
        node("rect", {"x": "2", "y": "2", "width": "92", "height": "92", "rx": "12",
                      "class": "tile pic-" + pic + (" chosen" if chosen else "")}),
        text(48, 64, GLYPHS[pic], "tile-glyph", size=44),
        node("circle", {"cx": "80", "cy": "16", "r": "12", "class": "tile-back pic-" + BACK[pic]}),
        text(80, 21, GLYPHS[BACK[pic]], "tile-back-glyph", size=14),
    ]  # fmt: skip
    return svg(TILE, TILE, picture_name(pic), "stones-tile", kids, role="img")


def grid_svg(grid: str, chosen=None) -> list:
    """The whole grid as one picture (the public board)."""
    kids = []
    for pos in range(9):
        x, y = (pos % 3) * (TILE + 4), (pos // 3) * (TILE + 4)
        inner = tile_art(grid[pos], pos == chosen)
        inner[1] = {"x": str(x), "y": str(y), "width": str(TILE), "height": str(TILE),
                    "viewBox": inner[1]["viewBox"], "role": "img",
                    "aria-label": tile_label(grid, pos)}  # fmt: skip
        kids.append(inner)
    side = 3 * TILE + 8
    return svg(side, side, _("The grid"), "stones-grid", kids)


def card_art(card: int, ready: bool = False) -> list:
    """A goal card: its pattern as small cells (grey: any tile) and its points."""
    rows = PATTERN[card].split("/")
    kids = []
    for r, row in enumerate(rows):
        for c, pic in enumerate(row):
            cls = "cell grey" if pic == GREY else "cell pic-" + pic
            kids.append(node("rect", {"x": str(4 + c * (CELL + 2)), "y": str(4 + r * (CELL + 2)),
                                      "width": str(CELL), "height": str(CELL), "class": cls}))
            if pic != GREY:
                kids.append(text(4 + c * (CELL + 2) + CELL // 2, 4 + r * (CELL + 2) + 11,
                                 GLYPHS[pic], "cell-glyph", size=10))
    kids.append(text(60, 48, POINTS[card], "card-points", size=16))
    cls = "stones-card" + (" ready" if ready else "")
    return svg(72, 56, card_label(card), cls, kids, role="img")  # fmt: skip


def card_label(card: int) -> str:
    cells = []
    for r, row in enumerate(PATTERN[card].split("/")):
        for c, pic in enumerate(row):
            if pic != GREY:
                cells.append(_("{picture} at row {row}, column {col}", picture=picture_name(pic),
                               row=r + 1, col=c + 1))  # fmt: skip
    return ngettext(
        "Goal card, {n} point: {cells}", "Goal card, {n} points: {cells}", POINTS[card],
        cells="; ".join(cells),
    )  # fmt: skip


def _table_status(session) -> list:
    s = session.state
    pts = scores(s)[0]
    rows = []
    for p in range(s.options.players):
        points = ngettext("{n} point", "{n} points", pts[p])
        cards = ngettext("{n} card in hand", "{n} cards in hand", len(s.hands[p]))
        rows.append(_("{name}: {done} completed, {points}, {cards}", name=s.names[p],
                      done=len(s.done[p]), points=points, cards=cards))  # fmt: skip
    if s.options.solo:
        rows.append(_("Penalties: {n} of 4", n=s.penalties))
    rows.append(_("Deck: {deck} · discard pile: {discard}", deck=len(s.deck),
                  discard=len(s.discard)))  # fmt: skip
    return [para(r) for r in rows]


def screen_model(session) -> dict:
    """The current screen: its kind, whose hand it shows (None: nobody's),
    the board and the blocks under it."""
    s = session.state
    kind = session.screen
    model = {"screen": kind, "hand_of": None, "board": grid_svg(s.grid), "blocks": []}
    blocks = model["blocks"]
    if kind == HANDOFF:
        name = s.names[s.to_act]
        blocks.append(para(_("Next: {name}. Pass the device; the cards in hand stay hidden "
                             "until then.", name=name)))  # fmt: skip
        blocks.append(buttons([button(_("I am {name}", name=name), READY, primary=True)]))
    elif kind == COMPUTER:
        blocks.append(para(_("Turn: {name}", name=s.names[s.to_act])))
        blocks.append(buttons([button(_("Next move"), STEP, primary=True)]))
    elif kind == OVER:
        res = s.result
        if s.options.solo:
            done = len(s.done[0])
            if res["solo"] != "won":
                said = _("The fourth penalty: the game is lost.")
            elif done == 16:
                said = _("You completed all 16 cards: you win!")
            else:  # S-O3 [edition]: the cards ran out before the 4th penalty
                said = ngettext(
                    "The cards ran out before the fourth penalty: you win, with {n} goal card "
                    "completed.",
                    "The cards ran out before the fourth penalty: you win, with {n} goal cards "
                    "completed.", done)  # fmt: skip
            blocks.append(para(said))
        else:
            names = ", ".join(s.names[w] for w in res["winners"])
            blocks.append(para(_("Winner: {names}", names=names)))
    else:
        model["hand_of"] = s.to_act
        model["board"] = grid_svg(s.grid, session.chosen)
        blocks += _turn_blocks(session)
    blocks += _table_status(session)
    return model


def pickers(grid, chosen, cards, ready, spend) -> list:
    """The turn's two pickers, on one phone or at a table (seatview.py): the
    grid's tiles (`chosen`: the tile tapped first) and the hand's cards, a card
    that can be completed now glowing, `spend` the one the next move costs."""
    tiles = []
    for pos in range(9):
        b = button(picture_name(grid[pos]), TAP_TILE, pos, pressed=chosen == pos,
                   aria=tile_label(grid, pos))  # fmt: skip
        b["wheel"] = tile_art(grid[pos], chosen == pos)
        tiles.append(b)
    hand = []
    for c in cards:
        if c in ready:
            b = button(card_label(c), COMPLETE_CARD, c,
                       aria=_("{card} — complete it now", card=card_label(c)))  # fmt: skip
            b["glow"] = True
        else:
            spend_it = _("{card} — spend it on the next move", card=card_label(c))
            b = button(card_label(c), SPEND, c, pressed=c == spend, aria=spend_it)
        b["wheel"] = card_art(c, c in ready)
        hand.append(b)
    return [{"t": "buttons", "label": _("The grid"), "items": tiles, "grid": True},
            {"t": "buttons", "label": _("Your hand"), "items": hand, "hand": True}]


def _turn_blocks(session) -> list:
    s = session.state
    me = s.to_act
    ready = session.completable()
    spend = session.spend_card()
    out = [para(_("{name}, your turn. Tap a tile, then a neighbour to swap them, "
                  "or the same tile again to flip it.", name=s.names[me]))]  # fmt: skip
    out += pickers(s.grid, session.chosen, s.hands[me], ready, spend)
    controls = [button(_("Undo"), UNDO, disabled=not session.can_undo())]
    if session.can_skip():
        controls.append(button(_("Skip and draw 2"), SKIP_TURN))
    controls.append(button(_("End turn"), END_TURN, primary=True))
    out.append(buttons(controls))
    return out
