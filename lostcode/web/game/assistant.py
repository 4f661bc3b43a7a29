"""The "What can I deduce?" panel (issue 4): a view model of `deduction.analyze`.

Built from `observe(state, viewer)` only (the observation the private screen
already shows), never from the engine's full game, so it cannot tell a player more than
they could work out themselves. The session keeps the analysis of the
position shown (Session._prepare, after each event: keep_analysis), so
drawing a screen computes nothing and changes nothing, and typing a range or
tapping the sheet reuses it. With `session.hints` off the panel model is None: nothing is drawn.

The explanation templates of `deduction.TEMPLATES` are marked with `N_()`
where they are written (lostcode/player/explain.py), so the i18n pipeline
extracts them; their parameters are rebuilt here from the structured
analysis in the current language.

Pure Python, MicroPython-portable (no DOM here).
"""

from ...player.deduction import PARAM_KEYS, TEMPLATES, analyze
from ...rules.vocab import (
    ACCEPT,
    CHANGE,
    DISCARD,
    GUESS,
    PHASE_CHANGE,
    PHASE_FINAL,
    PHASE_GUESS,
    PHASE_REPLACE,
    PHASE_SHORTCUT,
    TURN_BEAR,
)
from ..actions import EXPERT, USE_EXPERT, USE_HINT
from ..shell.i18n import _, decimal
from .names import dice_text, symbol_name
from .reasons import expert_answer

PANEL_SCREENS = (PHASE_SHORTCUT, PHASE_GUESS, PHASE_FINAL)


def why_key(obs):
    """The (viewer, moves played) an analysis belongs to."""
    return (obs["viewer"], obs["move_number"])


def wants_why(session, obs):
    """True once the viewer opened "Why…" on this very position (session.do(WHY)).

    Explanations cost far more than the probabilities (issue 17: seconds on
    MicroPython against milliseconds), so they are computed only on request."""
    return getattr(session, "assist_why", None) == why_key(obs)


def keep_analysis(held, obs, explain=False):
    """The analysis to keep for `obs` (Session._prepare, after each event):
    `held` itself when it is this position's (and has the explanations if
    they are wanted), else a new {"key", "analysis", "explained"}. Drafts,
    sheet marks and redraws keep the position, so they reuse it."""
    if held is not None and held["key"] == why_key(obs) and (held["explained"] or not explain):
        return held
    return {"key": why_key(obs), "analysis": analyze(obs, explain=explain), "explained": explain}


def analysis_for(session, obs, explain=False):
    """analyze(obs) as the session prepared it; computed here, and not kept, only
    for a session nobody prepared (the view changes nothing)."""
    return keep_analysis(getattr(session, "assist", None), obs, explain)["analysis"]


# --------------------------------------------------------------------------- texts


def template_text(template, params):
    """The deduction template `template` in the current language (deduction.py
    marks its English texts for extraction: the catalogues hold them)."""
    text = TEMPLATES.get(template)
    return _(text, **params) if text else ""


def proof_text(c):
    """What one of the viewer's checks proved about the sum then."""
    low, high = c["low"], c["high"]
    if c["result"] == "correct":
        if low == high:
            return _("exactly {n}", n=low)
        return _("between {low} and {high}", low=low, high=high)
    if c["result"] == "lower":
        return _("lower than {low}", low=low)
    if c["result"] == "higher":
        return _("higher than {high}", high=high)
    if low == high:
        return _("not {n}", n=low)
    return _("not between {low} and {high}", low=low, high=high)


def _and_list(items):
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def unowned_letter(obs, rack):
    """The letter the table gives an unowned rack ("Unowned rack B")."""
    k = 0
    for r in range(rack + 1):
        if obs["racks"][r]["owner"] is None:
            k += 1
    return "ABCD"[max(0, k - 1)]


def explanation_text(e, analysis_, obs=None):
    """One explanation of `analyze()` in the current language."""
    params = dict(e["params"])
    params["symbol"] = symbol_name(e["symbol"])
    if e["template"] == "seen.unowned" and obs is not None:
        # deduction numbers racks 1-4; the table calls unowned racks A, B, ...
        params["rack"] = unowned_letter(obs, int(params["rack"]) - 1)
    cons = {}
    for c in analysis_["constraints"]:
        cons[c["round"]] = c
    t = e["template"]
    if t == "seen.discard" and e["params"].get("owner") == "the unowned rack":
        params["owner"] = _("the unowned rack")
    if t.startswith("round.") and e["rounds"] and e["rounds"][0] in cons:
        c = cons[e["rounds"][0]]
        params["dice"] = dice_text(c["dice"])
        params["proof"] = proof_text(c)
        params["known"] = "".join(
            _(
                "; your {symbol} then was {value} (discarded in round {round})",
                symbol=symbol_name(k[0]),
                value=k[2],
                round=k[3],
            )
            for k in c["known"]
        )
    elif t == "rounds.together":
        params["rounds"] = _and_list([str(r) for r in e["rounds"]])
        details = []
        for r in e["rounds"]:
            c = cons.get(r)
            if c is not None:
                details.append(
                    _(
                        "round {round}: {dice}, sum {proof}",
                        round=r,
                        dice=dice_text(c["dice"]),
                        proof=proof_text(c),
                    )
                )
        params["details"] = "; ".join(details)
    keep = {}
    for k in params:
        if k in PARAM_KEYS:
            keep[k] = params[k]
    for k in PARAM_KEYS:  # a template's every placeholder gets a value
        if k not in keep:
            keep[k] = ""
    return template_text(t, keep)




def percent(p, tight=False):
    """A chance as each language writes percentages (issue 24): "50%" in
    English and Italian, "50 %" in Russian and Polish with a narrow no-break
    space (U+202F). `tight` is for the grid's cells, nine to a phone-wide row:
    there the sign follows the number in every language, as in a table column."""
    if p <= 0:
        n = 0
    elif p >= 1:
        n = 100
    else:
        n = int(p * 100 + 0.5)
        if n < 1:
            return "<1%" if tight else _("<{n}%", n=1)
        if n > 99:
            return ">99%" if tight else _(">{n}%", n=99)
    return str(n) + "%" if tight else _("{n}%", n=n)


# --------------------------------------------------------------------------- panel


def panel_model(session, obs, kind):
    """The assistant panel for a private screen, or None (hints off, public screen).
    On the roller's keep-or-turn screen it holds only "What would the expert do?"
    (the deduction is the wheel's business; a die turn is the expert's)."""
    if not getattr(session, "hints", True) or obs["viewer"] is None:
        return None
    if kind in (PHASE_CHANGE, PHASE_REPLACE):  # a die turn, a stone replaced (solo): the expert's
        return expert_panel(session, obs)
    if kind not in PANEL_SCREENS:
        return None
    why = wants_why(session, obs)
    later = getattr(session, "defer_assist", False) and not held_for(session, obs, why)
    if later and not held_for(session, obs):
        return pending_panel(session, obs)  # made after the screen is drawn (issue 40)
    if later:  # "Why…" just opened: its explanations come after the drawing, open meanwhile
        a = analysis_for(session, obs)
    else:
        a = analysis_for(session, obs, explain=why)
    vmax = obs["value_max"]
    rows = []
    for entry in a["symbols"]:
        sym = entry["symbol"]
        name = symbol_name(sym)
        cells = []
        for v in range(vmax + 1):
            p = entry["probs"][v]
            out = p <= 0
            text = str(v) if out else percent(p, tight=True)
            if out:
                label = _("{sym} {value}: ruled out", sym=name, value=v)
            else:
                label = _("{sym} {value}: {percent}", sym=name, value=v, percent=percent(p))
            cells.append({"value": v, "p": p, "out": out, "text": text, "label": label})
        rows.append(
            {
                "symbol": sym,
                "name": name,
                "possible": list(entry["possible"]),
                "cells": cells,
            }
        )
    # None: not asked for yet (a "Why…" button); a list once the viewer opened it.
    explanations = [explanation_text(e, a, obs) for e in a["explanations"]] if why else None
    if later:
        explanations = []
    m = {
        "heading": _("What can I deduce?"),
        "caption": _("Your own stones: chance of each value"),
        "values": list(range(vmax + 1)),
        "symbol_head": _("Symbol"),
        "rows": rows,
        "note": "" if a["consistent"] else _("Your results contradict each other; check the log."),
        "why_label": _("Why some values are ruled out"),
        "explanations": explanations,
        # Some value ruled out: a "Why…" toggle (its explanations are None until opened).
        "why": any(len(r["possible"]) <= vmax for r in rows),
        "suggestion": None,
    }
    if kind == PHASE_GUESS:
        m["suggestion"] = suggestion(a)
    m["expert"] = expert_model(session, obs)
    compared(m)
    return m


def held_for(session, obs, why=False):
    """True when the session holds this position's analysis (with its
    explanations when they are wanted)."""
    held = getattr(session, "assist", None)
    return held is not None and held["key"] == why_key(obs) and (held["explained"] or not why)


def pending_panel(session, obs):
    """The panel before its analysis is made (issue 40: the page draws the
    screen first, then makes it in a task of its own and draws it again):
    its heading and the expert's part, no table yet."""
    vmax = obs["value_max"]
    return {
        "heading": _("What can I deduce?"),
        "caption": _("Your own stones: chance of each value"),
        "values": list(range(vmax + 1)),
        "symbol_head": _("Symbol"),
        "rows": [],
        "note": "",
        "why_label": _("Why some values are ruled out"),
        "explanations": None,
        "why": False,
        "suggestion": None,
        "pending": True,
        "expert": expert_model(session, obs),
    }


def expert_panel(session, obs):
    """The panel of a screen with no deduction shown: the expert's part alone."""
    ex = expert_model(session, obs)
    return {
        "heading": ex["heading"],
        "caption": "",
        "values": [],
        "symbol_head": "",
        "rows": [],
        "note": "",
        "why_label": "",
        "explanations": None,
        "why": False,
        "suggestion": None,
        "expert": ex,
        "expert_only": True,
    }


def expert_model(session, obs):
    """"What would the expert do?" (issue 27): a button until asked; then the
    expert's move and the other moves it weighed, with their values. The
    session ran the expert from this viewer's observation only (never the
    state: searches.Searches.prepare), so its answer knows no more than the
    viewer; its words (reasons.py) name moves and VP, never a stone's value."""
    searches = getattr(session, "searches", None)
    job = searches.answer(why_key(obs)) if searches is not None else None
    m = {
        "heading": _("What would the expert do?"),
        "button": None,
        "thinking": "",
        "move": "",
        "others": [],
        "others_label": _("Other moves it weighed"),
        "plan": [],  # final candidates: the values it would write for each symbol
        "aim": "",  # what it plays for (reasons.aim_text), once it answered
        "compare": "",  # its move beside the Chances tab's suggestion (compared)
        "why": "",  # why it beats a listed move with more VP expected (fix18b)
        "play": None,  # "Play the expert's move": the choice set, not confirmed (fix18b)
    }
    if job is None:
        m["button"] = {
            "text": _("Ask the expert"),
            "act": EXPERT,
            "arg": "",
            "disabled": False,
            "pressed": None,
            "aria": None,
            "symbol": None,
            "primary": False,
        }
    elif job.result is None:
        m["thinking"] = _("The expert is thinking…")
    else:
        curse = obs.get("curse")
        cursed = curse is not None and curse.get("holder") == obs["viewer"]
        answer = expert_answer(job.result, cursed)
        m["move"] = answer["move"]
        m["others"] = answer["others"]
        m["plan"] = answer.get("plan", [])  # final candidates: every symbol's (issue 39)
        m["aim"] = answer["aim"]
        m["why"] = answer.get("why", "")
        m["over"] = answer.get("over")
        m["action"] = tuple(job.result.action)
        m["play"] = play_button(m["action"])
    return m


PLAYABLE = (GUESS, CHANGE, ACCEPT, DISCARD, TURN_BEAR)  # a screen's choice


def play_button(action):
    """"Play the expert's move" (fix18b, a twelfth playtest: Chances had "Use
    this suggestion", the expert no such button): one tap makes its move the
    screen's choice (a wheel and range, a die's new face or the dice kept, the
    stone to replace), not confirmed; None for the candidates' plan."""
    if not action or str(action[0]) not in PLAYABLE:
        return None
    return {
        "text": _("Play the expert's move"),
        "act": USE_EXPERT,
        "arg": "|".join(str(x) for x in action),
        "disabled": False,
        "pressed": None,
        "aria": None,
        "symbol": None,
        "primary": False,
    }


def compared(m):
    """Issue 39 (a playtest: on a round-9 wheel screen the Chances tab's suggestion
    and the expert's move differed with no word why): once both are known, the
    expert's part says whether its move is the suggestion, and why not."""
    sug, ex = m.get("suggestion"), m.get("expert")
    if not sug or not ex or not ex.get("action"):
        return
    mine = (GUESS, sug["wheel"], sug["low"])
    if tuple(ex["action"][:3]) == mine:
        ex["compare"] = _("The same bet as the Chances tab's suggestion.")
    elif ex.get("over") and tuple(ex["over"][:3]) == mine:
        # fix18b: its "Chosen over …" names that very bet, with what the expert
        # counts that the suggestion does not: said once
        ex["compare"] = _("{wheel} {range} is the Chances tab's suggestion.",
                          wheel=sug["wheel"], range=sug["range"])
    else:
        ex["compare"] = _(
            "Not the Chances tab's suggestion ({wheel} {range}): that one counts only this "
            "round's points, the expert counts the rounds to come too.",
            wheel=sug["wheel"], range=sug["range"])


def best_wheel(a):
    """The free wheel and range with the best expected points in an analysis, or None
    (the wheel screen's bet starts there when hints are on, Session._ensure_draft)."""
    roll = a["roll"]
    if not roll or not roll["wheels"]:
        return None
    best = roll["wheels"][0]
    for w in roll["wheels"]:
        if w["ev"] > best["ev"] + 1e-9:
            best = w
    return best


def suggestion(a):
    """The free wheel and range with the best expected points, with a one-tap fill."""
    best = best_wheel(a)
    if best is None:
        return None
    roll = a["roll"]
    if best["low"] == best["high"]:
        rng = str(best["low"])
    else:
        rng = _("{low}–{high}", low=best["low"], high=best["high"])
    return {
        "wheel": best["wheel"],
        "low": best["low"],
        "high": best["high"],
        "range": rng,
        "p": best["p"],
        "ev": best["ev"],
        "text": _(
            "Suggestion: wheel {wheel}, range {range}: right with a chance of {percent}, "
            "{ev} VP expected.",
            wheel=best["wheel"],
            range=rng,
            percent=percent(best["p"]),
            ev=_ev_text(best["ev"]),
        ) + _cursed_note(roll),
        # Issue 22: why the suggested range may lie off the expected sum (a
        # beginner read "W7, range 3–9" beside "expected sum 10.6" as a mistake).
        "mean": _(
            "Your expected sum: {mean}. The suggestion is the bet with the most VP "
            "expected (the wheel's VP × the chance its range is right), so its range "
            "need not be centred on that sum.",
            mean=_ev_text(roll["mean"]),
        ),
        "button": {
            "text": _("Use this suggestion"),
            "act": USE_HINT,
            "arg": best["wheel"] + ":" + str(best["low"]),
            "disabled": False,
            "pressed": None,
            "aria": None,
            "symbol": None,
            "primary": False,
        },
    }


def _cursed_note(roll):
    """desk10: for the curse's holder the expected VP count a wrong bet's loss
    (R-X3b), as the expert's bet points do: said, so the lower figure is read."""
    if not roll.get("cursed"):
        return ""
    return " " + _("You hold the curse: a wrong bet loses its wheel's VP, counted in the VP "
                   "expected.")


def _ev_text(x):
    """One decimal, with the language's decimal sign ("1.2" / "1,2"), MicroPython-safe."""
    return decimal(x, 1)
