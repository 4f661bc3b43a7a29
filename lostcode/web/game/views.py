"""View models: a Session (or an observation) turned into plain data for the
adapter to draw. No DOM here; every string a player reads goes through `_()`.

Private screens are built only from `observe(state, viewer)`, public screens
from `observe(state, None)`, so no screen can show a player their own stones;
the end screen reads the end-of-game observation, where the engine has turned
every rack face up. Views only read: a model is a function of the session,
whose drafts and assistant analysis were made by the event's handler
(Session._prepare), so building a screen twice gives the same model and
changes nothing.
"""

from json import dumps

from ...rules.vocab import (
    CHANGE,
    PASS,
    PHASE_BEAR,
    PHASE_CHANGE,
    PHASE_END,
    PHASE_FINAL,
    PHASE_GUESS,
    PHASE_OFFER,
    PHASE_REPLACE,
    PHASE_ROLL,
    PHASE_SHORTCUT,
    ROLL,
    TAKE,
    TURN_BEAR,
)
from .. import actions
from ..shell.blocks import button, buttons, para
from ..shell.i18n import _, get_language
from .assistant import panel_model
from .betscreens import _final, _guess, _shortcut
from .board import board_model, dice_svg, rack_svg
from .describe import log_lines
from .drafts import CLOSED, KEEP, open_die
from .finalmarks import final_totals, finals_of, with_finals
from .names import dice_text, symbol_name
from .reasons import with_reasons
from .resultscreens import _checks, _end, _replace, rack_result
from .solo import bot_screen, seat_levels, show_levels
from .tableview import sheet_model, strip_model, table_model
from .track import last_moves
from .tutorial import tip_block


def notice(n, names, kind):
    """A discard just made, said on the next screen. On a replacement in one
    line (fix10, a sixth playtest: with the long note the panel took 72 % of a
    phone's screen and hid the racks; the discard is drawn beside its rack)."""
    kw = {"name": names[n["player"]], "sym": symbol_name(n["symbol"]), "value": n["value"]}
    if kind == PHASE_REPLACE:
        return _("{name} discarded their {sym} stone ({value}) and drew a new one.", **kw)
    return _(
        "{name} discarded their {sym} stone: it showed {value}. "
        "They drew a new {sym} stone, which only the others will see.",
        **kw,
    )


def screen_model(session, boards=None, table=True):
    """The screen shown as plain data. `boards`: the page's BoardKeeper, so an
    unchanged board (or part of it) is not drawn again (None: drawn afresh).
    With `table` False the drawn table's data as a table (m["table"], what
    the tests read of the racks) is left out: the page draws the board
    (m["board"]), and making the table was a quarter of a screen's model
    (issue 40: edition.page_screen). After a selection tap (the keeper's
    `select`, set by the page) on the same screen, what no draft reads is
    last time's (selected)."""
    kind, viewer = session.screen()
    select, key = False, None
    if boards is not None:
        select, boards.select = boards.select, False
        key = (get_language(), kind, viewer, session.revision, session.moves_played(), table)
        if select and boards.settled is not None and boards.settled[0] == key:
            return selected(session, boards, kind)
    obs = session.observation()  # at the end: every rack face up (the engine's)
    obs["levels"] = seat_levels(getattr(session, "seats", None))  # beside the racks (fix9)
    names = obs["names"]
    m = {
        "kind": kind,
        "private": viewer is not None,
        "viewer": viewer,
        "viewer_name": names[viewer] if viewer is not None else "",
        "heading": "",
        "blocks": [],
        "table": None,
        "sheet": None,
        "log_label": _("Game log"),
        "undo": False,
        "auto": None,  # {"act", "ms"}: the page goes on by itself (bot screens, solo.py)
    }
    # A computer's move played on the board draws the table as it was right
    # after it (solo.bot_screen): the table of now would be made for nothing.
    stepped = kind == "bot" and bool(session.bots.steps())
    if table:
        m["table"] = {"racks": []} if stepped else table_model(obs, kind == "end")
    m["board"] = m["strip"] = None
    checks = session.pending_checks() if kind == "checks" else None
    if not stepped:
        m["board"] = kept_board(obs, boards)  # the drawn table (board.py)
        m["strip"] = strip_model(obs, kind, checks["round"] if checks else None)  # pinned on top
    if kind == PHASE_END and m["board"] is not None:  # every player's final candidates (fix10)
        m["board"] = dict(m["board"])
        m["board"]["racks"] = with_finals(m["board"]["racks"], obs["symbols"],
                                          finals_of(obs["result"]),
                                          final_totals(obs["result"]), obs["names"])
    # What the decision rests on goes next to the question (the rest below).
    m["evidence"] = EVIDENCE.get(kind, "")
    if kind == "handoff" and obs["dice"]:
        m["evidence"] = "dice"  # the roll is public: the table sees it while passing (issue 39)
    if checks:  # the check's results beside each rack, the round being checked (issue 39)
        m["board"]["round"] = _("Round {round} of {rounds}", round=checks["round"],
                                rounds=obs["rounds"])
        m["board"]["racks"] = check_racks(obs, checks["guesses"])
        m["board"]["dice"] = dice_svg({"dice": checks["dice"]})  # the roll checked
        # the racks beside the dice, as on the bet screens before it: on a phone
        # each rack keeps its place from the bet to its check (issue 39, third
        # playtest: they moved 16-20 px); a wide screen keeps them on the board
        m["evidence"] = "racks"
    if viewer is not None:
        m["sheet"] = sheet_model(session.sheets[viewer], obs)
    m["assistant"] = panel_model(session, obs, kind)  # None: no panel at all
    if boards is not None:  # what a selection tap keeps (selected); the strip gets its levels
        boards.settled = (key, obs, dict(m, board=dict(m["board"]))) if kind in SELECTING else None
    drafted(session, obs, m, kind, boards)
    show_levels(m, getattr(session, "seats", None))  # "Player 2" / "expert" (fix9)
    return m


# The screens a selection tap (actions.SELECTIONS) changes only in part: the
# question's panel, a die's drawn face, the suggestion's pressed state.
SELECTING = (PHASE_GUESS, PHASE_BEAR, PHASE_CHANGE, PHASE_SHORTCUT, PHASE_FINAL)


def selected(session, boards, kind):
    """Issue 40: the model after a selection tap (a wheel, a ring value, the
    range's -/+, a die's new face, a candidate): what no draft reads (the
    observation, the board, the strip, the sheet, the assistant's panel) is
    the keeper's from the last model of this screen, which made them from the
    same position, sheet and language (its key), so a tap makes the question
    alone; the result equals a model made afresh (tests/test_selection.py).
    The shared parts are never changed: the board and the suggestion copied
    before draft_die and _guess write into them."""
    _key, obs, settled = boards.settled
    m = dict(settled, blocks=[], board=dict(settled["board"]) if settled["board"] else None)
    a = m["assistant"]
    if a and a.get("suggestion"):
        sug = dict(a["suggestion"], button=dict(a["suggestion"]["button"]))
        m["assistant"] = dict(a, suggestion=sug)
    drafted(session, obs, m, kind, boards)
    return m


def drafted(session, obs, m, kind, boards):
    """The parts of a model a draft (or the session's message) reads: the
    notices, the message, the undo, the chosen die face, the question."""
    names = obs["names"]
    m["error"] = session.error
    m["notices"] = [notice(n, names, kind) for n in session.shown_notices()]
    if m["viewer"] is not None:
        m["undo"] = session.can_undo()
    draft_die(session, kind, obs, m["board"])
    # Issue 40: the page makes the analysis after drawing (flow: followups.ASSIST)
    m["assist_due"] = getattr(session, "defer_assist", False) and session.assist_due() is not None
    build = SCREENS[kind]
    build(session, obs, m)
    if boards is not None:
        boards.keep_arts(m["blocks"], obs["ring_max"])
    tip = tip_block(session, obs, kind)  # the guided first game
    if tip:
        m["blocks"].insert(0, tip)


class BoardKeeper:
    """The last board drawn and what it was drawn from (kept_board). Held by
    the page (app.GameView.boards) and passed to screen_model, never kept in
    this module (issue 38: views are pure; a cache is the caller's state)."""

    __slots__ = ("key", "board", "parts", "arts", "select", "settled")

    def __init__(self) -> None:
        self.key = ""
        self.board = {}
        self.parts = {}  # each part by what it was drawn from (part)
        self.arts = {}  # each wheel button's picture by what it was drawn from (keep_arts)
        self.select = False  # the page: the next model follows a selection tap (selected)
        self.settled = None  # (key, obs, the model's parts no draft reads) of the last model

    def keep_arts(self, blocks, ring_max):
        """Each wheel button's picture (betscreens._guess: board.wheel_button_art
        of its wheel, whether it is taken and the ring, nothing else) made the
        tree of last time: drawn as a keyed part (dom.part_json), a new tree
        was a new key, and every tap on the wheel screen wrote and patched the
        seven pictures again (issue 40). Shared trees: never change them."""
        for b in blocks:
            for item in b.get("items", ()) if b.get("t") == "buttons" else ():
                if item.get("wheel") is not None:
                    key = (item["arg"], bool(item["disabled"]), ring_max)
                    item["wheel"] = self.arts.setdefault(key, item["wheel"])

    def part(self, name, make, obs, *rest):
        """make(obs, *rest), or last time's tree of this part when made from the
        same inputs (what `make` reads of obs) in the same language: most moves
        change one part, and making all again was most of a screen's model
        (issue 40). Those trees are shared: never change them."""
        racks, names, syms, n = obs["racks"], obs["names"], obs["symbols"], obs["players"]
        if name == "rack":
            r = rest[0]
            name += str(r)
            inputs = [r, obs["viewer"], syms, names, racks[r], obs["discards"][r],
                      [x["owner"] for x in racks[: r + 1]]]
        elif name == "track":
            inputs = [names, n, obs["scores"], obs["heights"], obs["curse"],
                      sorted(last_moves(obs.get("log")).items())]
        elif name == "wheels":
            inputs = [obs["ring_max"], sorted(rest[0].items())]
        elif name == "extras":
            inputs = [names, n, syms, obs["piles"], obs["tokens"], obs["curse"]]
        else:
            inputs = [obs["dice"]]
        key = dumps([get_language(), name] + inputs)
        last = self.parts.get(name)
        if last is None or last[0] != key:
            last = self.parts[name] = (key, make(obs, *rest))
        return last[1]


def kept_board(obs, keeper=None):
    """board_model(obs), the last one again (from `keeper`, a BoardKeeper)
    when everything it reads is as it was: most taps change the question only
    (a wheel, a range, a candidate), and drawing the board's ~30 kB of trees
    was a third of a screen's time on MicroPython (issue 25). The key is
    everything board.py reads of an observation, as JSON, and the language.
    A new top-level dict each time (draft_die replaces its dice); the trees
    are shared: never change them. No keeper: drawn afresh."""
    if keeper is None:
        return board_model(obs)
    h = obs["history"]
    key = dumps([
        get_language(), obs["viewer"], obs["phase"], obs["round"], obs["rounds"],
        obs["players"], obs["names"], obs["symbols"], obs["ring_max"], obs["dice"],
        obs["racks"], obs["discards"], obs["heights"], obs["scores"], obs["piles"],
        obs["tokens"], obs["curse"], h[-1]["wheels"] if h else None, obs.get("levels"),
        sorted(last_moves(obs.get("log")).items()),
    ])
    if keeper.key != key:
        keeper.key, keeper.board = key, board_model(obs, keeper.part)
    return dict(keeper.board)


def check_racks(obs, guesses):
    """The racks at the check, each owner's result drawn beside their rack."""
    got = {g["player"]: rack_result(g, obs["names"]) for g in guesses}
    return [rack_svg(obs, r, got.get(obs["racks"][r]["owner"]))
            for r in range(len(obs["racks"]))]


def draft_die(session, kind, obs, board):
    """Issue 22: on a dice screen, once a die's new face is chosen the drawn dice
    show it, marked as a draft (a dashed outline, class "draft", and its name
    says it is not confirmed) until the confirm plays it."""
    if kind not in (PHASE_BEAR, PHASE_CHANGE) or not board or not board.get("dice"):
        return
    chosen = session.pick_draft(kind)["arg"]
    if not chosen:
        return
    die, sym = chosen.split(":")
    shown = list(obs["dice"])
    shown[int(die)] = sym
    dice = dice_svg({"dice": shown})
    for kid in dice[2]:
        attrs = kid[1]
        if attrs.get("data-die") != die:
            continue
        attrs["class"] += " draft"
        attrs["aria-label"] = _("{sym} (chosen, not confirmed yet)", sym=symbol_name(sym))
        for part in kid[2]:
            if part[1].get("class") == "die-face":
                part[1]["stroke-dasharray"] = "6 4"
    board["dice"] = dice


def log_model(session):
    """The public log alone (the adapter draws it only when it is open)."""
    obs = session.public_observation()
    lines = log_lines(obs["log"], obs["names"])
    reasons = session.reasons() if hasattr(session, "reasons") else {}
    if not reasons:
        return lines
    over = obs["phase"] == PHASE_END
    return with_reasons(lines, reasons, obs["names"], session.checks_shown, over)


def _roll(session, obs, m):
    name = obs["names"][obs["roller"]]
    m["heading"] = _("Round {round}: {name} rolls", round=obs["round"], name=name)
    scores = obs["scores"]
    if scores.count(scores[obs["roller"]]) > 1:
        # fix10 (a sixth playtest: "Bo is furthest behind" at 0–0–0): a tie is
        # broken by the stack, the marker on top being further behind (R-R1)
        said = _("{name} rolls the three dice: tied for last, with their marker highest "
                 "in the stack.", name=name)
    else:
        said = _("{name} is furthest behind and rolls the three dice.", name=name)
    m["blocks"] = [
        para(said),
        buttons([button(_("Roll the dice"), ROLL, primary=True)]),
    ]


def face_buttons(act, die, symbols, chosen=""):
    """One button per face a die may be turned to (a bear turn or the change);
    a tap only chooses it (pressed) until the screen's confirm (issue 11)."""
    return [
        button(
            symbol_name(sym),
            act,
            str(die) + ":" + sym,
            symbol=sym,
            pressed=chosen == str(die) + ":" + sym,
            aria=_("Turn die {die} to {sym}", die=die + 1, sym=symbol_name(sym)),
        )
        for sym in symbols
    ]


def turn_confirm(chosen):
    """The confirm control of a dice screen once a new face is chosen."""
    die, sym = chosen.split(":")
    return _("Confirm: turn die {die} to {sym}", die=int(die) + 1, sym=symbol_name(sym))


def _bear(session, obs, m):
    name = obs["names"][obs["roller"]]
    die = obs["dice"].index("bear")
    chosen = session.pick_draft(PHASE_BEAR)["arg"]
    m["heading"] = _("Turn the bear die")
    m["blocks"] = [
        para(
            _(
                "Introductory game: no die may show the bear. {name} turns die {die} to a symbol "
                "of their choice.",
                name=name,
                die=die + 1,
            )
        ),
        buttons(
            face_buttons(TURN_BEAR, die, obs["symbols"], chosen),
            _("New face for die {die}", die=die + 1),
        ),
        buttons(
            [
                button(
                    turn_confirm(chosen) if chosen else _("Choose the new face first"),
                    actions.CONFIRM_PICK,
                    disabled=not chosen,
                    primary=True,
                )
            ]
        ),
    ]


def _offer(session, obs, m):
    name = obs["names"][obs["to_act"]]
    sym = obs["offer"]["symbol"]
    m["heading"] = _("The {sym} shortcut token", sym=symbol_name(sym))
    m["blocks"] = [
        para(
            _(
                "The dice show {sym} more than once. {name} may take the {sym} shortcut token: "
                "they write their {sym} candidates now, secretly, and that symbol scores double "
                "at the end.",
                sym=symbol_name(sym),
                name=name,
            )
        ),
        buttons(
            [
                button(
                    _("{name} takes the {sym} token", name=name, sym=symbol_name(sym)),
                    TAKE,
                    symbol=sym,
                ),
                button(_("{name} passes", name=name), PASS),
            ]
        ),
    ]


def _change(session, obs, m):
    name = obs["names"][obs["roller"]]
    d = session.pick_draft(PHASE_CHANGE)
    chosen = d["arg"]
    m["heading"] = _("{name}: keep the dice or turn one", name=name)
    # A chosen face is confirmed by the primary control; "Keep the dice" stays
    # beside it as the explicit way back (issue 22: a second tap on the chosen
    # face keeps it chosen).
    controls = [button(_("Keep the dice"), actions.CONFIRM_PICK, KEEP, primary=not chosen)]
    if chosen:
        controls.insert(0, button(turn_confirm(chosen), actions.CONFIRM_PICK, primary=True))
    blocks = [
        para(
            _(
                "The dice show {dice}. {name} may keep them or turn exactly one die to another "
                "face.",
                dice=dice_text(obs["dice"]),
                name=name,
            )
        ),
    ]
    # fix12 (a seventh playtest: fifteen faces in three rows took 56 % of a phone,
    # Rack A and the track under them): one row of the three dice, a tap on one
    # opening its five faces in its place (tapped again, the dice again)
    # opening the die's faces in its place; fix14 (an eighth playtest: another
    # die's faces took two taps, fold then open): the other dice stay in the row,
    # one tap on one opening its faces instead
    opened = open_die(d)
    dice = buttons([], _("Turn one die"))
    for i, face in enumerate(obs["dice"]):
        mine = opened == str(i)
        b = button(str(i + 1), CHANGE, CLOSED if mine else i, symbol=face,
                   aria=_("Die {die}: {sym}", die=i + 1, sym=symbol_name(face)))
        b["expanded"] = mine
        dice["items"].append(b)
        if mine:
            dice["items"].extend(
                face_buttons(CHANGE, i, [sym for sym in obs["symbols"] if sym != face], chosen))
            dice["label"] = _("Die {die} shows {sym}. Turn it to:", die=i + 1,
                              sym=symbol_name(face))
    dice["dice"] = True
    blocks += [dice, buttons(controls)]
    m["blocks"] = blocks


def _handoff(session, obs, m):
    name = obs["names"][obs["to_act"]]
    m["heading"] = _("Pass the device to {name}", name=name)
    why = {
        PHASE_CHANGE: _("{name} keeps the dice or turns one die.", name=name),
        PHASE_GUESS: _("{name} sets a guessing wheel.", name=name),
        PHASE_SHORTCUT: _("{name} writes shortcut candidates.", name=name),
        PHASE_FINAL: _("{name} writes final candidates.", name=name),
    }.get(obs["phase"], "")
    m["blocks"] = [
        para(why),
        para(_("Tap when only {name} is looking.", name=name)),
        buttons([button(_("I am {name}", name=name), actions.UNLOCK, primary=True)]),
    ]


EVIDENCE = {
    PHASE_GUESS: "racks",
    PHASE_SHORTCUT: "racks",
    PHASE_FINAL: "racks",
    PHASE_CHANGE: "dice",
    PHASE_BEAR: "dice",
    PHASE_OFFER: "dice",
    PHASE_REPLACE: "dice",
    PHASE_ROLL: "dice",
    "bot": "dice",  # a bot's roll and die turn are drawn (issue 22)
}


# The screen registry: one builder per phase of the game (moves.PHASE_MOVES
# names the moves each offers), plus the screens of the flow between them.
SCREENS = {
    PHASE_ROLL: _roll,
    PHASE_BEAR: _bear,
    PHASE_OFFER: _offer,
    PHASE_CHANGE: _change,
    PHASE_GUESS: _guess,
    PHASE_SHORTCUT: _shortcut,
    PHASE_FINAL: _final,
    PHASE_REPLACE: _replace,
    PHASE_END: _end,
    "handoff": _handoff,
    "checks": _checks,
    "bot": bot_screen,
}
