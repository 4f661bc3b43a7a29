"""The screens that show what happened: the check results (R-C), a wrong
player's replacement (R-P) and the end of the game (R-E). They only read."""

from ...rules.components import WHEEL_VP
from ...rules.vocab import (
    CORRECT,
    DISCARD,
    EV_CURSE_GONE,
    EV_CURSE_PASSED,
    EV_CURSE_TAKEN,
    EV_MOVE,
    HIGHER,
    LOWER,
    MOVE_FINAL,
    PHASE_REPLACE,
)
from .. import actions
from ..shell.blocks import button, buttons, para
from ..shell.i18n import _, ngettext
from .board import checks_rings
from .chart import score_chart
from .describe import describe, signed
from .names import dice_text, range_text, symbol_name

# What the check-results screen lists under "What happened" (besides the guesses).
CHECK_EVENTS = (EV_MOVE, EV_CURSE_TAKEN, EV_CURSE_PASSED, EV_CURSE_GONE)


def _checks(session, obs, m):
    h = session.pending_checks()
    names = obs["names"]
    r = h["round"]
    m["heading"] = _("Round {round}: check results", round=r)
    rows = check_rows(h["guesses"], names)
    events = []
    for e in obs["log"]:
        if (
            e.get("round") == r
            and e["t"] in CHECK_EVENTS
            and e.get("reason") != MOVE_FINAL
        ):
            events.append(describe(e, names))
    # Issue 39: the sheet keeps the words in two lines and Continue (at most a third
    # of a 360x640 screen), so the track, the dice and the racks stay in view: each
    # result is drawn beside its rack (views.check_racks); the table of guesses, the
    # rings and what happened come below the sheet (aside), reached by scrolling.
    m["blocks"] = [
        para(_("The dice were {dice}.", dice=dice_text(h["dice"])) + " " + checks_said(rows)),
        {
            "t": "table",
            "caption": _("Guesses in order"),
            "head": [_("Player"), _("Bet"), _("Result")],
            "cls": "checks",
            "rows": rows,
            "aside": True,
        },
        {
            "t": "rings",
            "label": _("Bets on the ring"),
            "items": checks_rings(h["guesses"], names, obs["ring_max"], [row[2] for row in rows]),
            "aside": True,
        },
        buttons([button(_("Continue"), actions.CONTINUE, primary=True)]),
    ]
    if events:  # nobody moved and no curse changed hands: no empty heading
        m["blocks"].insert(-1, {"t": "list", "label": _("What happened"), "items": events,
                                "aside": True})


def check_rows(guesses, names) -> list:
    """Each check's row, [name, bet, result] in the check screen's words: the
    guesses of a round (or its EV_CHECK events, which hold the same keys)."""
    rows = []
    for g in guesses:
        if g["result"] == CORRECT:
            res = _("correct: +{vp} VP", vp=WHEEL_VP[g["wheel"]])
        elif g["result"] == LOWER:
            res = _("wrong: the sum is lower")
        elif g["result"] == HIGHER:
            res = _("wrong: the sum is higher")
        else:  # R-C2: the narrowest wheel learns "wrong" only; said, so no
            # direction missing reads as a fault (a twelfth playtest)
            res = _("wrong (W1: no higher or lower)")
        # The wheel and its range in one cell ("W7 8–14", wrapping between them):
        # three columns fit 360 px with Larger text in ru and it too.
        # (a word joiner keeps "8–14" whole: no break after its dash).
        bet = g["wheel"] + " " + range_text(g["low"], g["high"]).replace("–", "\u2060–\u2060")
        rows.append([names[g["player"]], bet, res])
    return rows


def checks_said(rows) -> str:
    """Every player's result in one sentence ("Ann — correct: +3 VP; Bo — wrong:
    the sum is lower."): the check screen's words, and the replay's check step's
    (issue 39: that step named only the first player's result)."""
    return "; ".join(row[0] + " — " + row[2] for row in rows) + "."


def checks_marked(guesses, names) -> str:
    """Every result as a mark, as drawn beside each rack ("Ann ✓ +3 · Bo ✗ ↓"):
    the replay's check step on a phone, its words kept for screen readers
    (desk10: four players' words took a fourth line of the panel)."""
    return " · ".join(names[g["player"]] + "\u00a0" + _result_mark(g, names)[0] for g in guesses)


def rack_result(g, names):
    """A guess's result as drawn beside its player's rack at the check: a mark and
    two or three characters, its words for screen readers (the bet in them), its
    class, and the bet played ("W7 9–15": a fourth playtest, the check said who
    scored but not what each had bet, as a table's board does)."""
    bet = g["wheel"] + " " + range_text(g["low"], g["high"])
    mark, words, cls = _result_mark(g, names)
    return (mark, _("{result}; bet: {bet}", result=words, bet=bet), cls, bet)


def _result_mark(g, names):
    if g["result"] == CORRECT:
        vp = WHEEL_VP[g["wheel"]]
        return ("✓ +" + str(vp), _("{name}: correct, +{vp} VP", name=names[g["player"]], vp=vp),
                "right")
    arrow = {LOWER: " ↓", HIGHER: " ↑"}.get(g["result"], "")
    if g["result"] == LOWER:
        words = _("{name}: wrong, the sum is lower", name=names[g["player"]])
    elif g["result"] == HIGHER:
        words = _("{name}: wrong, the sum is higher", name=names[g["player"]])
    else:
        words = _("{name}: wrong", name=names[g["player"]])
    return ("✗" + arrow, words, "wrong")


def _replace(session, obs, m):
    p = obs["to_act"]
    name = obs["names"][p]
    chosen = session.pick_draft(PHASE_REPLACE)["arg"]
    m["heading"] = _("{name} replaces a stone", name=name)
    # fix10 (a sixth playtest: the panel took 46-72 % of a phone's screen): the
    # why in one short line (the heading and the check said who was wrong), the
    # stones one row of symbols on a phone (style: their names their accessible text)
    why = para(_("Chosen unseen: the old stone goes face up beside the rack; nobody sees "
                 "the new one here."))
    why["cls"] = "hint"
    m["blocks"] = [
        why,
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
    ]
    if any(not obs["piles"][sym] for sym in obs["symbols"]):
        # issue 39 (a playtest: in round 9 five disabled two-line options took two
        # thirds of the screen): an empty pile's stone is a small greyed cell, said once
        empty = para(_("Greyed out: that symbol's pile is empty, so its stone cannot be "
                       "replaced."))
        empty["cls"] = "hint"
        m["blocks"].append(empty)
    m["blocks"] += [
        buttons(
            [
                button(
                    _("Confirm the replacement"),
                    actions.CONFIRM_PICK,
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
    else:  # the heading and the final scores say it in the panel: under the board
        # (issue 39: the panel's lines covered the score track's lower rows)
        won = para(
            ngettext(
                "{name} wins with {score} point.",
                "{name} wins with {score} points.",
                scores[winner],
                name=names[winner],
                score=scores[winner],
            )
        )
        won["aside"] = True
        blocks.append(won)
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
    # Issue 39: on a phone the panel is the result, "Watch the game" and "New
    # game" (about a third of the screen; a playtest found the replay under the
    # fold); the rest lies under the board, which stays in sight
    more = [
        buttons([button(_("Download game record"), actions.DOWNLOAD_RECORD)]),
        {"t": "chart", "label": _("Score over the rounds"), "svg": score_chart(obs)},
    ]
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
        more.append(
            {
                "t": "table",
                "cls": "final",
                "caption": _("Score of {name}", name=names[p]),
                "head": [_("Symbol"), _("Candidates"), _("True value"), _("Points")],
                "rows": rows,
            }
        )
    for b in more:
        b["aside"] = True
    if session.ask_leave:  # "New game" pressed: leaving the result is asked again
        blocks.append(
            buttons(
                [
                    button(_("Back"), actions.BACK),
                    button(_("Yes"), actions.NEW_GAME, primary=True),
                ],
                _("Leave this game's result?"),
            )
        )
    else:
        blocks.append(buttons([button(_("Watch the game"), actions.WATCH),
                               button(_("New game"), actions.LEAVE, primary=True)]))
    m["blocks"] = blocks + more
