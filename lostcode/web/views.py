"""View models: a Session (or an observation) turned into plain data for the
adapter to draw. No DOM here; every string a player reads goes through `_()`.

Private screens are built only from `observe(state, viewer)`, public screens
from `observe(state, None)`, so no screen can show a player their own stones.
The only exception is the end screen, where all racks are revealed.
"""

from ..rules.components import RACKS, SYMBOLS, WHEEL_IDS, WHEEL_VP, WHEEL_WIDTH, wheel_range
from ..rules.vocab import (
    AVAILABLE,
    CHANGE,
    CORRECT,
    DISCARD,
    EV_CURSE_GONE,
    EV_CURSE_PASSED,
    EV_CURSE_TAKEN,
    EV_MOVE,
    HIGHER,
    LOWER,
    MOVE_FINAL,
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
    TAKEN,
    TURN_BEAR,
)
from ..rules.vocab import GUESS as SET_WHEEL
from .assistant import panel_model
from .board import board_model, checks_rings, rack_title, wheel_button_art
from .chart import score_chart
from .describe import describe, log_lines, signed
from .i18n import _, ngettext
from .names import dice_text, range_text, symbol_name
from .sheet import GRID_VALUES
from .solo import bot_screen
from .tutorial import tip_block


def button(
    text, act, arg="", disabled=False, pressed=None, aria=None, symbol=None, primary=False, note=""
):
    """note: a second line in the button (e.g. why it is disabled), part of its name."""
    return {
        "text": text,
        "note": note,
        "act": act,
        "arg": str(arg),
        "disabled": bool(disabled),
        "pressed": pressed,
        "aria": aria,
        "symbol": symbol,
        "primary": primary,
    }


def para(text):
    return {"t": "p", "text": text}


def buttons(items, label=""):
    return {"t": "buttons", "label": label, "items": items}


# --------------------------------------------------------------------------- table


def table_model(obs, revealed=False):
    """The table as one viewer sees it (obs["viewer"] None: public)."""
    names = obs["names"]
    viewer = obs["viewer"]
    racks = []
    for r in range(RACKS):
        rack = obs["racks"][r]
        own = viewer is not None and rack["owner"] == viewer
        stones = []
        for sym in obs["symbols"]:
            v = rack["stones"][sym]
            if v is None:
                label = _("{sym}: hidden", sym=symbol_name(sym))
            else:
                label = _("{sym}: {value}", sym=symbol_name(sym), value=v)
            stones.append({"symbol": sym, "name": symbol_name(sym), "value": v, "label": label})
        discards = [
            {
                "symbol": d["symbol"],
                "value": d["value"],
                "label": _(
                    "discarded {sym} {value} (round {round})",
                    sym=symbol_name(d["symbol"]),
                    value=d["value"],
                    round=d["round"],
                ),
            }
            for d in obs["discards"][r]
        ]
        note = ""
        if own:
            note = _("Your own stones: only the others can see them.")
        elif not revealed and None in rack["stones"].values():
            note = _("Values are hidden on screens the whole table sees.")
        racks.append(
            {
                "rack": r,
                "owner": rack["owner"],
                "title": rack_title(obs, r),
                "own": own,
                "note": note,
                "stones": stones,
                "discards": discards,
                "discards_label": _("Discards beside {title}", title=rack_title(obs, r)),
            }
        )
    dice = [{"symbol": d, "name": symbol_name(d)} for d in obs["dice"]]
    taken = {}
    if obs["phase"] == PHASE_GUESS and obs["history"]:
        for p, w in obs["history"][-1]["wheels"]:
            taken[w] = names[p]
    wheels = []
    for w in WHEEL_IDS:
        by = taken.get(w)
        state = _("taken by {name}", name=by) if by else _("free")
        wheels.append(
            {
                "id": w,
                "free": by is None,
                "label": _(
                    "{wheel}: {width} wide, {vp} VP, {state}",
                    wheel=w,
                    width=WHEEL_WIDTH[w],
                    vp=WHEEL_VP[w],
                    state=state,
                ),
            }
        )
    spaces = {}
    for p in range(obs["players"]):
        spaces.setdefault(obs["scores"][p], []).append(p)
    track = []
    for space in sorted(spaces):
        stack = sorted(spaces[space], key=lambda p: obs["heights"][p])
        track.append(
            {
                "space": space,
                "stack": [names[p] for p in stack],
                "seats": list(stack),
                "label": _(
                    "Space {space}: {names} (bottom to top)",
                    space=space,
                    names=", ".join(names[p] for p in stack),
                ),
            }
        )
    tokens = []
    for sym in obs["symbols"]:
        t = obs["tokens"].get(sym)
        if t is None:
            continue
        if t["state"] == AVAILABLE:
            where = _("{sym} shortcut token: available", sym=symbol_name(sym))
        elif t["state"] == TAKEN:
            where = _(
                "{sym} shortcut token: held by {name}",
                sym=symbol_name(sym),
                name=names[t["holder"]],
            )
        else:
            where = _("{sym} shortcut token: out of the game", sym=symbol_name(sym))
        tokens.append({"symbol": sym, "label": where})
    curse = None
    c = obs["curse"]
    if c is not None:
        if c["state"] == AVAILABLE:
            curse = _("Curse token: waiting for the first marker to reach space 7")
        elif c["state"] == TAKEN:
            curse = _("Curse token: held by {name}", name=names[c["holder"]])
        else:
            curse = _("Curse token: out of the game")
    piles = [
        {
            "symbol": sym,
            "label": ngettext(
                "{sym} pile: {n} stone",
                "{sym} pile: {n} stones",
                obs["piles"][sym],
                sym=symbol_name(sym),
            ),
        }
        for sym in obs["symbols"]
    ]
    if obs["phase"] == PHASE_END:
        round_text = _("Game over")
    else:
        round_text = _("Round {round} of {rounds}", round=obs["round"], rounds=obs["rounds"])
    return {
        "round": round_text,
        "racks": racks,
        "dice": dice,
        "dice_label": _("Dice: {dice}", dice=dice_text(obs["dice"]))
        if dice
        else _("Dice: not rolled yet"),
        "wheels": wheels,
        "track": track,
        "tokens": tokens,
        "curse": curse,
        "piles": piles,
    }


# --------------------------------------------------------------------------- sheet


def sheet_model(sheet, obs):
    seen = sheet.seen_now(obs)
    auto = _auto_cells(sheet, obs)
    rows = []
    for v in GRID_VALUES:
        cells = []
        for sym in SYMBOLS:
            if v in sheet.final[sym]:
                mark, word = "candidate", _("final candidate")
            elif v in sheet.crosses[sym]:
                mark, word = "cross", _("crossed out")
            elif v in seen[sym]:
                mark, word = "seen", _("seen")
            else:
                mark, word = "", _("open")
            cells.append(
                {
                    "symbol": sym,
                    "value": v,
                    "mark": mark,
                    "locked": v in auto[sym],
                    "arg": sym + ":" + str(v),
                    "aria": _("{sym} {value}: {state}", sym=symbol_name(sym), value=v, state=word),
                }
            )
        rows.append({"value": v, "cells": cells})
    rounds = []
    for r in sheet.rounds(obs):
        proves = r["proves"]
        if proves is not None:
            proves_text = range_text(proves[0], proves[1])
        elif r.get("result") == "wrong":
            proves_text = _("wrong (no hint)")
        else:
            proves_text = ""
        rounds.append(
            [
                str(r["round"]),
                dice_text(r["dice"]),
                ", ".join(
                    _("{sym} {value}", sym=symbol_name(s), value=v) for s, v in r["discarded"]
                ),
                proves_text,
            ]
        )
    final = []
    for sym in obs["symbols"]:
        vals = sheet.final[sym]
        final.append(
            _(
                "{sym}: {values}",
                sym=symbol_name(sym),
                values=", ".join(str(x) for x in vals) if vals else _("none yet"),
            )
        )
    return {
        "heading": _("Deduction sheet of {name}", name=obs["names"][obs["viewer"]]),
        "auto": sheet.auto,
        "auto_label": _("Mark seen values automatically"),
        "help": (
            _(
                "Tap a value to cross it out (tap again to undo). Seen values are filled in "
                "automatically."
            )
            if sheet.auto
            else _("Tap a value to mark it seen, again to cross it out, again to clear it.")
        ),
        "modes": [
            button(_("Tap crosses out"), "sheet_mode", "cross", pressed=sheet.mode == "cross"),
            button(
                _("Tap marks a final candidate"),
                "sheet_mode",
                "candidate",
                pressed=sheet.mode == "candidate",
            ),
        ],
        "modes_label": _("What a tap on the sheet does"),
        "columns": [{"symbol": s, "name": symbol_name(s)} for s in SYMBOLS],
        "rows": rows,
        "rounds_caption": _("Your rounds"),
        "rounds_head": [_("Round"), _("Dice"), _("You discarded"), _("Your sum is in")],
        "rounds": rounds,
        "final_label": _("Your final candidates"),
        "final": final,
    }


def _auto_cells(sheet, obs):
    if not sheet.auto:
        return {sym: [] for sym in SYMBOLS}
    return sheet.auto_seen(obs)


# --------------------------------------------------------------------------- screens


def screen_model(session):
    kind, viewer = session.screen()
    obs = session.observation()  # at the end: every rack turned face up (R-E)
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
        "error": session.error,
        "undo": False,
        "notices": [
            _(
                "{name} discarded their {sym} stone: it showed {value}. "
                "They drew a new {sym} stone, which only the others will see.",
                name=names[n["player"]],
                sym=symbol_name(n["symbol"]),
                value=n["value"],
            )
            for n in session.notices
        ],
    }
    m["table"] = table_model(obs, kind == "end")
    m["board"] = board_model(obs)  # the drawn table (board.py)
    # What the decision rests on goes next to the question (the rest below).
    m["evidence"] = EVIDENCE.get(kind, "")
    if viewer is not None:
        m["sheet"] = sheet_model(session.sheets[viewer], obs)
        m["undo"] = session.can_undo()
    m["assistant"] = panel_model(session, obs, kind)  # None: no panel at all
    build = SCREENS[kind]
    build(session, obs, m)
    tip = tip_block(session, obs, kind)  # the guided first game
    if tip:
        m["blocks"].insert(0, tip)
    return m


def log_model(session):
    """The public log alone (the adapter draws it only when it is open)."""
    obs = session.public_observation()
    return log_lines(obs["log"], obs["names"])


def _roll(session, obs, m):
    name = obs["names"][obs["roller"]]
    m["heading"] = _("Round {round}: {name} rolls", round=obs["round"], name=name)
    m["blocks"] = [
        para(_("{name} is furthest behind and rolls the three dice.", name=name)),
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
                    "confirm_pick",
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
    chosen = session.pick_draft(PHASE_CHANGE)["arg"]
    m["heading"] = _("{name}: keep the dice or turn one", name=name)
    blocks = [
        para(
            _(
                "The dice show {dice}. {name} may keep them or turn exactly one die to another "
                "face.",
                dice=dice_text(obs["dice"]),
                name=name,
            )
        ),
        buttons(
            [
                button(
                    turn_confirm(chosen) if chosen else _("Keep the dice"),
                    "confirm_pick",
                    primary=True,
                )
            ]
        ),
    ]
    if chosen:
        hint = para(_("Tap the chosen face again to keep the dice as they are instead."))
        hint["cls"] = "hint"  # small print: the racks stay in the first viewport
        blocks.insert(1, hint)
    for i, face in enumerate(obs["dice"]):
        row = buttons(
            face_buttons(CHANGE, i, [sym for sym in obs["symbols"] if sym != face], chosen),
            _("Die {die} shows {sym}. Turn it to:", die=i + 1, sym=symbol_name(face)),
        )
        # One compact row per die (its face, an arrow, icon-only faces named by
        # their aria-label): at 360x640 the racks stay in the first viewport.
        row["face"] = face
        blocks.append(row)
    m["blocks"] = blocks


def _handoff(session, obs, m):
    name = obs["names"][obs["to_act"]]
    m["heading"] = _("Pass the device to {name}", name=name)
    why = {
        "guess": _("{name} sets a guessing wheel.", name=name),
        "shortcut": _("{name} writes shortcut candidates.", name=name),
        "final": _("{name} writes final candidates.", name=name),
    }.get(obs["phase"], "")
    m["blocks"] = [
        para(why),
        para(_("Tap when only {name} is looking.", name=name)),
        buttons([button(_("I am {name}", name=name), "unlock", primary=True)]),
    ]


def pass_label(session, obs, solo_text):
    """The last control of a private screen: it confirms and passes the device
    (issue 11), naming who must take it next; in solo play only "confirm"."""
    who = session.next_holder(obs["viewer"])
    if who is None:
        return solo_text
    if who < 0:
        return _("Confirm and pass to the table")
    return _("Confirm and pass to {name}", name=obs["names"][who])


def guess_range_note(wheel, low, obs):
    """(ok, high, message) for a wheel setting: ok when the engine lists it as
    legal (R-G3 lives there); the message says which way to move the range."""
    high = wheel_range(wheel, low)[1]
    if (SET_WHEEL, wheel, low) in obs["legal"]:
        return True, high, ""
    lows = [a[2] for a in obs["legal"] if a[0] == SET_WHEEL and a[1] == wheel]
    if not lows or low < min(lows):
        return (
            False,
            high,
            _(
                "The range {low}–{high} starts below 0, the start of the ring. Raise it.",
                low=low,
                high=high,
            ),
        )
    return (
        False,
        high,
        _(
            "The range {low}–{high} runs past {end}, the end of the ring. Lower it.",
            low=low,
            high=high,
            end=obs["ring_max"],
        ),
    )


def guess_question(dice) -> str:
    """What to guess, and how a repeated symbol counts (R-G2: as many times as rolled):
    nothing to say when the three differ, "twice" or "three times" otherwise."""
    dice = list(dice)
    most = max(dice.count(x) for x in dice)
    text = dice_text(dice)
    if most == 3:
        return _(
            "Guess the sum of your own stones for the dice {dice} (a symbol rolled three "
            "times counts three times).",
            dice=text,
        )
    if most == 2:
        return _(
            "Guess the sum of your own stones for the dice {dice} (a symbol rolled twice "
            "counts twice).",
            dice=text,
        )
    return _("Guess the sum of your own stones for the dice {dice}.", dice=text)


def _guess(session, obs, m):
    name = m["viewer_name"]
    d = session.guess_draft()
    taken = {}
    for p, w in obs["history"][-1]["wheels"]:
        taken[w] = obs["names"][p]
    m["heading"] = _("{name}: set your wheel", name=name)
    sug = (m.get("assistant") or {}).get("suggestion")
    if sug:  # pressed while the bet is the suggestion (it starts there, issue 11)
        sug["button"]["pressed"] = (d["wheel"], d["low"]) == (sug["wheel"], sug["low"])
    items = []
    for w in WHEEL_IDS:
        if w in taken:
            text = _(
                "{wheel} ({width} wide, {vp} VP) — taken by {name}",
                wheel=w,
                width=WHEEL_WIDTH[w],
                vp=WHEEL_VP[w],
                name=taken[w],
            )
        else:
            text = _(
                "{wheel} ({width} wide, {vp} VP)", wheel=w, width=WHEEL_WIDTH[w], vp=WHEEL_VP[w]
            )
        b = button(text, "wheel", w, disabled=w in taken, pressed=d["wheel"] == w, aria=text)
        b["wheel"] = wheel_button_art(w, w in taken, obs["ring_max"])  # drawn (board.py)
        items.append(b)
    blocks = [para(guess_question(obs["dice"])), buttons(items, _("Wheels"))]
    ok = False
    msg = ""
    if d["wheel"] is None:
        blocks.append(para(_("Choose a free wheel first.")))
    else:
        ok, high, msg = guess_range_note(d["wheel"], d["low"], obs)
        blocks.append(ring_block(d["wheel"], d["low"], obs["ring_max"]))
        blocks.append(
            {
                "t": "stepper",
                "label": _("Low end of the range"),
                "value": d["low"],
                "min": 0,
                "max": obs["ring_max"],
                "lower": _("Lower the range by one"),
                "raise": _("Raise the range by one"),
            }
        )
        blocks.append(
            {
                "t": "status",
                "text": _(
                    "Range: {range} (the ring runs 0–{end})",
                    range=range_text(d["low"], high),
                    end=obs["ring_max"],
                ),
            }
        )
    if msg:
        blocks.append({"t": "warning", "text": msg})
    blocks.append(
        buttons(
            [
                button(
                    pass_label(session, obs, _("Confirm the wheel")),
                    "confirm_guess",
                    disabled=not ok,
                    primary=True,
                )
            ]
        )
    )
    m["blocks"] = blocks


def ring_block(wheel, low, ring_max):
    """The ring 0..ring_max as values to tap: a tap centres the wheel's range
    on that value (kept on the ring, R-G3); values in the range are pressed."""
    width = WHEEL_WIDTH[wheel]
    high = low + width - 1
    items = []
    for v in range(ring_max + 1):
        start = max(0, min(v - (width - 1) // 2, ring_max - width + 1))
        items.append(
            button(
                str(v),
                "low",
                start,
                pressed=low <= v <= high,
                aria=_("Centre the range on {value}", value=v),
            )
        )
    return {"t": "ring", "label": _("The ring: tap the value your sum is near"), "items": items}


def _candidate_pickers(session, obs, kind):
    d = session.candidates_draft(kind, obs["viewer"])
    out = []
    for sym in session.candidate_symbols(kind, obs["viewer"]):
        chosen = d["values"][sym]
        out.append(
            buttons(
                [
                    button(
                        str(v),
                        "cand",
                        sym + ":" + str(v),
                        pressed=v in chosen,
                        aria=_("{sym} candidate {value}", sym=symbol_name(sym), value=v),
                    )
                    for v in range(obs["value_max"] + 1)
                ],
                _("{sym} candidates", sym=symbol_name(sym)),
            )
        )
    return d, out


def _shortcut(session, obs, m):
    sym = obs["offer"]["symbol"]
    m["heading"] = _("{name}: your {sym} candidates", name=m["viewer_name"], sym=symbol_name(sym))
    d, pickers = _candidate_pickers(session, obs, "shortcut")
    n = len(d["values"][sym])
    blocks = [
        para(
            _(
                "Pick 1 to 3 values your own {sym} stone may have. They cannot be changed later; "
                "at the end they score double: +10, +4 or +2 if right, −4 if wrong.",
                sym=symbol_name(sym),
            )
        )
    ] + pickers
    if n == 0:
        blocks.append({"t": "warning", "text": _("Pick at least one value.")})
    blocks.append(
        buttons(
            [
                button(
                    pass_label(session, obs, _("Confirm the candidates")),
                    "confirm",
                    disabled=n == 0,
                    primary=True,
                )
            ]
        )
    )
    m["blocks"] = blocks


def _final(session, obs, m):
    m["heading"] = _("{name}: your final candidates", name=m["viewer_name"])
    d, pickers = _candidate_pickers(session, obs, "final")
    blocks = [
        para(
            _(
                "For each symbol pick 0 to 3 values your own stone may have. Right with 1 value: "
                "+5, "
                "with 2: +2, with 3: +1; wrong or none: −2."
            )
        )
    ]
    for sym in obs["my_tokens"]:
        blocks.append(
            para(
                _(
                    "Your {sym} candidates were written with the shortcut token: {values}.",
                    sym=symbol_name(sym),
                    values=", ".join(str(v) for v in obs["my_tokens"][sym]),
                )
            )
        )
    if d.get("ask_empty"):  # "confirm" pressed with a symbol left empty: asked again
        empty = [symbol_name(sym) for sym in session.candidate_symbols("final", obs["viewer"])
                 if not d["values"][sym]]
        # What the question is about, first (in the first viewport at 360x640).
        blocks.insert(
            0,
            {
                "t": "warning",
                "text": ngettext(
                    "No candidate for {symbols}: it scores −2.",
                    "No candidates for {symbols}: each scores −2.",
                    len(empty),
                    symbols=", ".join(empty),
                ),
            },
        )
        confirm = [
            buttons(
                [
                    button(_("Back"), "back"),
                    button(_("Yes"), "confirm_empty", primary=True),
                ],
                ngettext(
                    "Confirm with no candidate for {symbols}?",
                    "Confirm with no candidates for {symbols}?",
                    len(empty),
                    symbols=", ".join(empty),
                ),
            ),
        ]
    else:
        solo = _("Confirm the final candidates")
        confirm = [
            buttons(
                [button(pass_label(session, obs, solo), "confirm", primary=True)]
            )
        ]
    m["blocks"] = blocks + pickers + confirm


# What the check-results screen lists under "What happened" (besides the guesses).
CHECK_EVENTS = (EV_MOVE, EV_CURSE_TAKEN, EV_CURSE_PASSED, EV_CURSE_GONE)


def _checks(session, obs, m):
    h = session.pending_checks()
    names = obs["names"]
    r = h["round"]
    m["heading"] = _("Round {round}: check results", round=r)
    rows = []
    for g in h["guesses"]:
        if g["result"] == CORRECT:
            res = _("correct: +{vp} VP", vp=WHEEL_VP[g["wheel"]])
        elif g["result"] == LOWER:
            res = _("wrong: the sum is lower")
        elif g["result"] == HIGHER:
            res = _("wrong: the sum is higher")
        else:
            res = _("wrong")
        # The wheel and its range in one cell ("W7 8–14", wrapping between them):
        # three columns fit 360 px with Larger text in ru and it too.
        # (a word joiner keeps "8–14" whole: no break after its dash).
        bet = g["wheel"] + " " + range_text(g["low"], g["high"]).replace("–", "\u2060–\u2060")
        rows.append([names[g["player"]], bet, res])
    events = []
    for e in obs["log"]:
        if (
            e.get("round") == r
            and e["t"] in CHECK_EVENTS
            and e.get("reason") != MOVE_FINAL
        ):
            events.append(describe(e, names))
    m["blocks"] = [
        para(_("The dice were {dice}.", dice=dice_text(h["dice"]))),
        {
            "t": "table",
            "caption": _("Guesses in order"),
            "head": [_("Player"), _("Bet"), _("Result")],
            "cls": "checks",
            "rows": rows,
        },
        {
            "t": "rings",
            "label": _("Bets on the ring"),
            "items": checks_rings(h["guesses"], names, obs["ring_max"], [row[2] for row in rows]),
        },
        buttons([button(_("Continue"), "continue", primary=True)]),
    ]
    if events:  # nobody moved and no curse changed hands: no empty heading
        m["blocks"].insert(-1, {"t": "list", "label": _("What happened"), "items": events})


def _replace(session, obs, m):
    p = obs["to_act"]
    name = obs["names"][p]
    chosen = session.pick_draft(PHASE_REPLACE)["arg"]
    m["heading"] = _("{name} replaces a stone", name=name)
    m["blocks"] = [
        para(
            _(
                "{name} was wrong and must replace one of their own stones, chosen without seeing "
                "it. "
                "The old stone is shown face up beside their rack; nobody sees the new one here.",
                name=name,
            )
        ),
        buttons(
            [
                button(
                    _("Replace the {sym} stone", sym=symbol_name(sym)),
                    DISCARD,
                    sym,
                    symbol=sym,
                    disabled=(DISCARD, sym) not in obs["legal"],
                    pressed=chosen == sym,
                    # R-P2: only a symbol whose pile has stones may be chosen; say why not
                    note="" if obs["piles"][sym] else _(
                        "The {sym} pile is empty.", sym=symbol_name(sym)
                    ),
                )
                for sym in obs["symbols"]
            ],
            _("Stone to replace"),
        ),
        buttons(
            [
                button(
                    _("Confirm the replacement"),
                    "confirm_pick",
                    disabled=not chosen,
                    primary=True,
                )
            ]
        ),
    ]


def _end(session, obs, m):
    res = obs["result"]
    scores = obs["scores"]
    names = obs["names"]
    winner = res["winner"]
    m["heading"] = _("Game over: {name} wins", name=names[winner])
    blocks = []
    if res["tie"]:
        blocks.append(
            para(
                ngettext(
                    "{names} are tied on {score} point. {name} wins because their marker is "
                    "lowest in the stack.",
                    "{names} are tied on {score} points. {name} wins because their marker is "
                    "lowest in the stack.",
                    scores[winner],
                    names=", ".join(names[p] for p in res["tied"]),
                    score=scores[winner],
                    name=names[winner],
                )
            )
        )
    else:
        blocks.append(
            para(
                ngettext(
                    "{name} wins with {score} point.",
                    "{name} wins with {score} points.",
                    scores[winner],
                    name=names[winner],
                    score=scores[winner],
                )
            )
        )
    ranking = []
    for i, p in enumerate(res["ranking"]):
        ranking.append(
            ngettext(
                "{place}. {name}: {score} point",
                "{place}. {name}: {score} points",
                scores[p],
                place=i + 1,
                name=names[p],
                score=scores[p],
            )
        )
    blocks.append({"t": "list", "label": _("Final scores"), "items": ranking, "ordered": False})
    # The other ways on stay in the page, under the scores (not in the sticky bar,
    # which holds the one completing control and so stays one row high at 360 px).
    # The raw record is a download only, never a screen (issue 11).
    blocks.append(
        buttons(
            [
                button(_("Watch the game"), "watch"),
                button(_("Download game record"), "download_record"),
            ]
        )
    )
    blocks.append({"t": "chart", "label": _("Score over the rounds"), "svg": score_chart(obs)})
    for row in res["players"]:
        p = row["player"]
        rows: list = []  # lists of cells, and dicts for the sums (below)
        for f in row["final"]:
            cands = ", ".join(str(v) for v in f["candidates"]) or _("none")
            sym = symbol_name(f["symbol"])
            if f["doubled"]:
                sym = _("{sym} (shortcut, double)", sym=sym)
            rows.append([sym, cands, str(f["value"]), signed(f["points"])])
        # The sums: their label across three columns, so a long word ("Финальные
        # предположения") never widens the symbol column past a phone's width.
        rows.append({"span": 3, "cells": [_("Final guesses"), signed(row["final_total"])]})
        rows.append({"span": 3, "cells": [_("Rounds"), str(row["round_score"])]})
        rows.append({"span": 3, "cells": [_("Total"), str(row["score"])]})
        blocks.append(
            {
                "t": "table",
                "cls": "final",
                "caption": _("Score of {name}", name=names[p]),
                "head": [_("Symbol"), _("Candidates"), _("True value"), _("Points")],
                "rows": rows,
            }
        )
    if session.ask_leave:  # "New game" pressed: leaving the result is asked again
        blocks.append(
            buttons(
                [
                    button(_("Back"), "back"),
                    button(_("Yes"), "new_game", primary=True),
                ],
                _("Leave this game's result?"),
            )
        )
    else:
        blocks.append(buttons([button(_("New game"), "leave", primary=True)]))
    m["blocks"] = blocks


EVIDENCE = {
    PHASE_GUESS: "racks",
    PHASE_SHORTCUT: "racks",
    PHASE_FINAL: "racks",
    PHASE_CHANGE: "dice",
    PHASE_BEAR: "dice",
    PHASE_OFFER: "dice",
    PHASE_REPLACE: "dice",
    PHASE_ROLL: "dice",
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
