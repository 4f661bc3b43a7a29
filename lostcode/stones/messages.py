"""Why an action of «Тайные камни» is refused, as message ids with English
templates, added to the Lost Code's table (`lostcode/rules/messages.py`): an
illegal move is the same `IllegalAction` in both games, so the command line
and the page put it into words (and translate it) the same way. The ids start
with "stones_" so that neither game's words replace the other's."""

from ..rules.messages import MESSAGES, N_

MESSAGES.update(dict((
    ("stones_not_in_hand", N_("card {card} is not in your hand")),
    ("stones_not_adjacent", N_("only two tiles that share a side can be swapped")),
    ("stones_no_such_cell", N_("there is no tile {cell} on the grid")),
    ("stones_not_shown", N_("the grid does not show the pattern of card {card}")),
    ("stones_skip_after_action", N_("you can only skip instead of any action")),
    ("stones_skip_twice", N_("you cannot skip two turns in a row")),
    ("stones_nothing_to_undo", N_("there is nothing to undo in this turn")),
)))  # fmt: skip
