"""The private screens where a player bets: the wheel and its range (R-G1..R-G3),
shortcut candidates (R-X2b) and final candidates (R-E1). Built from the
viewer's observation and the drafts the session prepared; they only read."""

from ...rules.components import WHEEL_IDS, WHEEL_VP, WHEEL_WIDTH, wheel_range
from ...rules.vocab import (
    GUESS,
    PHASE_FINAL,
    PHASE_SHORTCUT,
)
from .. import actions
from ..shell.blocks import button, buttons, para
from ..shell.i18n import _, ngettext
from .board import wheel_button_art
from .names import dice_text, range_text, symbol_name


def pass_label(session, obs, solo_text):
    """The last control of a private screen: it confirms and passes the device
    (issue 11), naming who must take it next; in solo play only "confirm"."""
    who = session.next_holder(obs["viewer"])
    if who is None:
        return solo_text
    if who < 0:
        return _("Confirm and pass to the table")
    return _("Confirm and pass to {name}", name=obs["names"][who])


def bet_label(session, obs, wheel, low, high):
    """The wheel screen's confirm names the bet it confirms ("Confirm W4 · 6–9",
    "... and pass to Bo"), so nobody confirms a range they have not seen
    (issue 22: the grid could sit under the action bar)."""
    bet = {"wheel": wheel, "range": range_text(low, high)}
    who = session.next_holder(obs["viewer"])
    if who is None:
        return _("Confirm {wheel} · {range}", **bet)
    if who < 0:
        return _("Confirm {wheel} · {range} and pass to the table", **bet)
    return _("Confirm {wheel} · {range} and pass to {name}", name=obs["names"][who], **bet)


def guess_range_note(wheel, low, obs):
    """(ok, high, message) for a wheel setting: ok when the engine lists it as
    legal (R-G3 lives there); the message says which way to move the range."""
    high = wheel_range(wheel, low)[1]
    if (GUESS, wheel, low) in obs["legal"]:
        return True, high, ""
    lows = [a[2] for a in obs["legal"] if a[0] == GUESS and a[1] == wheel]
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
        b = button(text, actions.WHEEL, w, disabled=w in taken, pressed=d["wheel"] == w, aria=text)
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
    if ok:
        confirm = bet_label(session, obs, d["wheel"], d["low"], high)
    else:
        confirm = pass_label(session, obs, _("Confirm the wheel"))
    blocks.append(
        buttons(
            [
                button(
                    confirm,
                    actions.CONFIRM_GUESS,
                    disabled=not ok,
                    primary=True,
                )
            ]
        )
    )
    m["blocks"] = blocks


def centred_low(value, width, ring_max):
    """The low end of a `width`-wide range centred on `value`, kept on the ring
    (R-G3). An even width has two middles: `value` is the lower one (W2 on 3:
    3–4, W4 on 5: 4–7), the same rule for every tap and every wheel switch."""
    return max(0, min(value - (width - 1) // 2, ring_max - width + 1))


def range_middle(low, width):
    """The value a range is centred on (centred_low's inverse on the ring)."""
    return low + (width - 1) // 2


def ring_block(wheel, low, ring_max):
    """The ring 0..ring_max as values to tap: a tap centres the wheel's range
    on that value (kept on the ring, R-G3); values in the range are pressed.
    Each value's name says the range it gives ("5: range 4–7", issue 22)."""
    width = WHEEL_WIDTH[wheel]
    high = low + width - 1
    items = []
    for v in range(ring_max + 1):
        start = centred_low(v, width, ring_max)
        items.append(
            button(
                str(v),
                actions.LOW,
                start,
                pressed=low <= v <= high,
                aria=_(
                    "{value}: range {range}",
                    value=v,
                    range=range_text(start, start + width - 1),
                ),
            )
        )
    return {"t": "ring", "label": _("The ring: tap the value your sum is near"), "items": items}


def _chances(m):
    """{symbol: [each value's cell]} of the "What can I deduce?" panel, when it is
    shown: issue 39, each value's chance is written on its candidate button."""
    a = m.get("assistant") if m else None
    if not a or a.get("expert_only") or not a.get("rows"):
        return {}
    return {row["symbol"]: row["cells"] for row in a["rows"]}


def _candidate_button(sym, v, pressed, chance):
    """A candidate value's button; its chance, written under the value, is
    said in its name too (a name holds what the button shows)."""
    if chance:
        aria = _("{sym} candidate {value} {chance}", sym=symbol_name(sym), value=v, chance=chance)
    else:
        aria = _("{sym} candidate {value}", sym=symbol_name(sym), value=v)
    return button(str(v), actions.CAND, sym + ":" + str(v), pressed=pressed, aria=aria,
                  note=chance)  # fmt: skip


def _candidate_pickers(session, obs, kind, m=None):
    d = session.candidates_draft(kind, obs["viewer"])
    out = []
    chances = _chances(m)
    for sym in session.candidate_symbols(kind, obs["viewer"]):
        chosen = d["values"][sym]
        cells = chances.get(sym)
        # One compact row per symbol, its icon for a label (the group's name
        # says it): six rows fit beside the racks at 360x640 (issue 22).
        row = buttons(
                [
                    _candidate_button(sym, v, v in chosen,
                                      cells[v]["text"] if cells and not cells[v]["out"] else "")
                    for v in range(obs["value_max"] + 1)
                ],
                _("{sym} candidates", sym=symbol_name(sym)),
        )
        row["cand"] = sym
        out.append(row)
    return d, out


def _shortcut(session, obs, m):
    sym = obs["offer"]["symbol"]
    m["heading"] = _("{name}: your {sym} candidates", name=m["viewer_name"], sym=symbol_name(sym))
    d, pickers = _candidate_pickers(session, obs, PHASE_SHORTCUT, m)
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
                    actions.CONFIRM,
                    disabled=n == 0,
                    primary=True,
                )
            ]
        )
    )
    m["blocks"] = blocks


def _final(session, obs, m):
    m["heading"] = _("{name}: your final candidates", name=m["viewer_name"])
    d, pickers = _candidate_pickers(session, obs, PHASE_FINAL, m)
    # Issue 39 (a playtest: the rule lay at y≈998, under the board): what to do
    # and how it scores, one small paragraph right under the heading, so the
    # rule, the rows and the confirm share the first viewport at 360x640 (R-E1, R-E2)
    how = para(
        _(
            "Tap 0–3 values per symbol. Right: +5 with one value, +2 with two, +1 with "
            "three; wrong or none: −2."
        )
    )
    how["cls"] = "rule"
    blocks = [how]
    for sym in obs["my_tokens"]:
        token = para(
            _(
                "Your {sym} candidates were written with the shortcut token: {values}.",
                sym=symbol_name(sym),
                values=", ".join(str(v) for v in obs["my_tokens"][sym]),
            )
        )
        # feel6 (ru at 360x640: three lines of body text pushed the sheet over
        # Rack A): small print after the rule, on its lines
        token["cls"] = "rule token-note"
        blocks.append(token)
    if d.get("ask_empty"):  # "confirm" pressed with a symbol left empty: asked again
        empty = [symbol_name(sym) for sym in session.candidate_symbols(PHASE_FINAL, obs["viewer"])
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
                    button(_("Back"), actions.BACK),
                    button(_("Yes"), actions.CONFIRM_EMPTY, primary=True),
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
                [button(pass_label(session, obs, solo), actions.CONFIRM, primary=True)]
            )
        ]
    # What to do and how it scores, then the rows (above the action bar).
    m["blocks"] = blocks + pickers + confirm
