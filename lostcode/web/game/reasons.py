"""The expert's reasons in words (issue 27): its options with their value.

An expert decision (lostcode/player/expert.py) keeps the options it weighed,
best first, each with its estimated value in victory points and a short tag
(`Option.note`); the session keeps them as plain data (solo.decision_json:
[[action, value, note], ...]). This module says them, one sentence shape per
kind of move (its row of lostcode/rules/movewords.py): the wheel and range, a
die turned, the dice kept, the stone replaced, final or shortcut candidates,
the shortcut token.

What may be said when (R-G3: a bet stays secret until the check): a wheel
decision's reasons only once its round's check results have been shown;
final and shortcut candidates only at the end; the rest (dice, the replaced
stone, the token) are public as soon as the move is. The words name only the
move's own parts (a wheel, a range of the expert's own sum, a die, a symbol,
the expert's candidates for its own stones) and values in VP: never a stone
of anybody's rack, so no human's own values can reach a screen through them.

Pure Python, MicroPython-portable (no DOM here).
"""

from ...player.expert import NOTE_KNOW, NOTE_LOST, NOTE_WIN
from ...rules.components import WHEEL_VP
from ...rules.movewords import AT_CHECK, AT_ONCE, can_lose_points, when_said
from ...rules.vocab import DISCARD, GUESS
from ..shell.i18n import _, decimal, ngettext
from .describe import move_words

MINUS = "\u2212"  # a real minus sign: "−0.3"


def vp_text(x):
    """A value in VP, signed when negative, with the language's decimal sign."""
    text = decimal(float(x), 1)
    if text.startswith("-"):
        text = MINUS + text[1:]
    if text in (MINUS + "0.0", MINUS + "0,0"):
        text = text[1:]
    return _("{ev} VP", ev=text)


def _note_text(note, you=False):
    """The option's tag in words ("" for a tag this page does not know); `you`:
    said to the human it advises (fix10, a sixth playtest: "its own stones" on
    the player's own screen)."""
    if note == NOTE_KNOW:
        if you:
            return _("mostly by what you learn about your stones")
        return _("mostly by what it learns about its own stones")
    return {
        "deny": _("mostly by what it keeps from the players after"),
        "next": _("for the player after"),
        "tell": _("counting what it tells the others"),
    }.get(note, "")


def _at_most_the_bet(action, n):
    """`n` points, never more than a bet's wheel can win (R-C1)."""
    if action and action[0] == GUESS and len(action) > 1:
        return min(n, int(WHEEL_VP.get(str(action[1]), n)))
    return n


def likely_text(value, action=None):
    """What an option is worth as a player says it (issue 39: no "−0.2 VP"): its
    expected gain on the other players, in whole points; a bet's never more
    than its wheel gives (R-C1). Only for an older save's options, which lack
    the points scored and learnt (`score_text`)."""
    x = float(value)
    n = _at_most_the_bet(action, int(abs(x) + 0.5))
    if n == 0:
        return _("about even with the others")
    if x > 0:
        return ngettext("likely to gain about {n} point on the others",
                        "likely to gain about {n} points on the others", n)
    return ngettext("likely to lose about {n} point to the others",
                    "likely to lose about {n} points to the others", n)


def bet_text(action, value):
    """A bet's bounds (R-C1, R-C2): what it can win, and that it cannot lose any
    (unless it is worth less than nothing: its player holds the curse, R-X3b)."""
    try:
        n = int(WHEEL_VP[str(action[1])])
    except (KeyError, IndexError, TypeError, ValueError):
        return ""
    if float(value) < 0:
        return ngettext("this bet can win up to {n} point", "this bet can win up to {n} points", n)
    return ngettext("this bet can win up to {n} point and cannot lose any",
                    "this bet can win up to {n} points and cannot lose any", n)


def discard_text(learn, you=False):
    """What replacing a stone gains, plainly (fix10, a sixth playtest: "about
    even with the others (mostly by what it learns about its own stones)"): a
    discard scores nothing now (R-P2); its old stone goes face up, so its
    player learns its value, worth points by the end or no more than another
    stone's."""
    n = int(float(learn) + 0.5)
    if n >= 1:
        if you:
            return ngettext("you learn the old stone's value, likely worth about {n} point "
                            "to you by the end",
                            "you learn the old stone's value, likely worth about {n} points "
                            "to you by the end", n)
        return ngettext("it learns the old stone's value, likely worth about {n} point "
                        "to it by the end",
                        "it learns the old stone's value, likely worth about {n} points "
                        "to it by the end", n)
    if you:
        return _("you learn the old stone's value; about as many points as the other choices")
    return _("it learns the old stone's value; about as many points as the other choices")


def score_text(action, value, vp, learn, you=False):
    """A move's worth as a player can check it (issue 39, third playtest: a 3 VP
    bet read "likely to gain about 5 points on the others", what it learns
    counted in): the points it is likely to score this round, never more than
    a bet's wheel gives (R-C1), and apart, in words, that it teaches the player
    about its own stones; a move that scores nothing and teaches nothing is
    said by what it costs the others. `vp`, `learn`: the search's expected
    points this round and gain in its own final points (expert.Option)."""
    x, gain = float(vp), float(learn)
    if action and action[0] == DISCARD and x < 0.5:
        return discard_text(gain, you)
    n = _at_most_the_bet(action, int(abs(x) + 0.5))
    learns = gain >= 0.5
    if x <= -0.5:
        points = ngettext("likely to lose about {n} point", "likely to lose about {n} points", n)
    elif n >= 1:
        points = ngettext("likely to score about {n} point", "likely to score about {n} points", n)
    else:
        points = ""
    if points and learns:
        if you:
            return _("{points} and learn more about your stones", points=points)
        return _("{points} and learn more about its own stones", points=points)
    if points:
        return points
    if learns:
        if you:
            return _("likely to learn more about your stones")
        return _("likely to learn more about its own stones")
    k = int(float(value) + 0.5)
    if k >= 1:
        return ngettext("likely to cost the others about {n} point",
                        "likely to cost the others about {n} points", k)
    return _("about even with the others")


def split(o):
    """(action, value, note, vp, learn) of a kept option [action, value, note,
    vp, learn] (seats.decision_json); vp and learn None in an older save's."""
    vp = o[3] if len(o) > 4 else None
    learn = o[4] if len(o) > 4 else None
    return o[0], o[1], (o[2] if len(o) > 2 else ""), vp, learn


def worth(value, note, action=None, whole=False, vp=None, learn=None, you=False):
    """An option's worth in words: the points it likely scores and what it
    learns (`score_text`; an older save's options, without them, by their gain
    on the others, a bet's never above its wheel's points), or for final
    candidates (note "win", lostcode/player/expert.py) the chance of winning the
    game with them; `whole`: the move made, a bet's bounds said first."""
    if note == NOTE_WIN:
        return _("{pct} chance to win", pct=_("{n}%", n=int(round(float(value) * 100))))
    if vp is not None and learn is not None:
        likely = score_text(action, value, vp, learn, you)
    else:
        likely = likely_text(value, action)
    bounds = bet_text(action, value) if whole and action and action[0] == GUESS else ""
    return _("{bounds}; {likely}", bounds=bounds, likely=likely) if bounds else likely


def said_note(note, vp, learn, action=None, you=False):
    """The option's tag in words, unless its worth already said it learns (a
    stone replaced: always, `discard_text`)."""
    if note == NOTE_KNOW and learn is not None and float(learn) >= 0.5:
        return ""
    if action and action[0] == DISCARD and vp is not None and learn is not None:
        return ""
    return _note_text(note, you)


def option_phrase(action, value, note="", vp=None, learn=None, you=False):
    """One option as a short phrase: "W5 6–7: likely to score about 2 points",
    "turning die 2 to bird: about even with the others"."""
    words, p = move_words(action, _("no value"))
    if words is None:
        return ""
    text = _(words.phrase, vp=worth(value, note, action, False, vp, learn, you), **p)
    said = said_note(note, vp, learn, action, you)
    return text + " (" + said + ")" if said else text


def chosen_sentence(action, value, note="", vp=None, learn=None):
    """The move an expert seat made, as a sentence: "Took W3 8–10: this bet can win
    up to 3 points and cannot lose any; likely to score about 2 points and learn
    more about its own stones."."""
    words, p = move_words(action, _("no value"))
    if words is None:
        return ""
    vp_said = worth(value, note, action, True, vp, learn)
    if note == NOTE_WIN and words.won:
        return _(words.won, vp=vp_said, **p)
    if not words.sentence:
        return ""  # a roll has no alternative worth a sentence
    text = _(words.sentence, vp=vp_said, **p)
    said = said_note(note, vp, learn, action)
    return text[:-1] + " (" + said + ")." if said and text.endswith(".") else text


def _points_said(action, vp):
    """The whole points `score_text` says a move likely scores (0 if it says none)."""
    x = float(vp)
    return _at_most_the_bet(action, int(x + 0.5)) if x >= 0.5 else 0


def fewer_why(chosen, option, you=False):
    """Why the move chosen beats `option` though it scores fewer points now (issue
    39, fifth playtest: W7 0–6 "about 1 point" chosen over W1 0 "about 2 points",
    no word why), or "". Both are (action, value, note, vp, learn). The search
    ranks by points now + what the move teaches its player − the others' gain,
    so what the option scores more now the chosen move makes up by learning
    more about its own stones, by leaving the others fewer points, or both."""
    a, _v, note, vp, learn = chosen
    b, _w, onote, ovp, olearn = option
    if not note or NOTE_WIN in (note, onote) or None in (vp, learn, ovp, olearn):
        return ""
    if _points_said(b, ovp) <= _points_said(a, vp):
        return ""
    more_points = float(ovp) - float(vp)
    learns_more = float(learn) - float(olearn)
    if learns_more >= more_points:
        if you:
            return _("the chosen move learns more about your stones")
        return _("the chosen move learns more about its own stones")
    if learns_more >= 0.5:
        if you:
            return _("the chosen move learns more about your stones and leaves the "
                     "others fewer points")
        return _("the chosen move learns more about its own stones and leaves the "
                 "others fewer points")
    return _("the chosen move leaves the others fewer points")


def weighed_phrase(chosen, option, you=False):
    """An alternative weighed as a phrase, with why the chosen move beat it when
    the alternative scores more now (`fewer_why`)."""
    action, value, note, vp, learn = option
    text = option_phrase(action, value, note, vp, learn, you)
    why = fewer_why(chosen, option, you) if text else ""
    return _("{option}, but {why}", option=text, why=why) if why else text


def others_sentence(options, chosen=None):
    """The alternatives weighed, after the chosen one: "Also weighed: W5 6–7: 1.6 VP; …"."""
    said = [weighed_phrase(chosen, split(o)) if chosen else option_phrase(*split(o))
            for o in options]
    said = [s for s in said if s]
    if not said:
        return ""
    return _("Also weighed: {options}.", options="; ".join(said))


def reason_text(options):
    """A decision's reasons as the log and the replay say them ("" if none):
    the move made and its value, then the alternatives weighed."""
    if not options:
        return ""
    first = options[0]
    best = chosen_sentence(*split(first))
    if not best:
        return ""
    rest = others_sentence(options[1:], split(first))
    return best + (" " + rest if rest else "")


def when_shown(options):
    """AT_ONCE, AT_CHECK or AT_END: when a decision's reasons may be said (R-G3)."""
    kind = str(options[0][0][0]) if options and options[0][0] else ""
    return when_said(kind)


def reason_shown(entry, checks_shown, over):
    """Whether `entry` ({"seat", "round", "options"}) may be said now: a bet's
    once its round's check results were shown (`checks_shown`, the last round
    acknowledged), candidates once the game is `over`, the rest at once."""
    said = when_shown(entry.get("options"))
    if over:
        return True
    if said == AT_CHECK:
        return int(entry.get("round", 0)) <= int(checks_shown)
    return said == AT_ONCE


def logged(reasons, names, checks_shown, over):
    """The reasons that may be said now, in move order, each after its player's
    name ("Bo: Took W3 8–10: …"), as (log position, line): each goes after the
    log lines of its move (the position the session noted, solo.BotSeats.play)."""
    out = []
    for n in sorted(reasons):
        r = reasons[n]
        if not reason_shown(r, checks_shown, over):
            continue
        text = reason_text(r["options"])
        if text:
            line = _("{name}: {reasons}", name=names[r["seat"]], reasons=text)
            out.append((int(r.get("log", 0)), line))
    return out


def with_reasons(lines, reasons, names, checks_shown, over):
    """The game log's lines with the expert's reasons said so far, each after its move's."""
    extra = logged(reasons, names, checks_shown, over)
    if not extra:
        return lines
    out = []
    k = 0
    for i in range(len(lines) + 1):
        while k < len(extra) and extra[k][0] <= i:
            out.append(extra[k][1])
            k += 1
        if i < len(lines):
            out.append(lines[i])
    return out


def expert_answer(decision, cursed=False):
    """The assistant's "What would the expert do?" answer from a Decision, as
    {"move": sentence, "others": [phrases], "why": sentence, "aim": sentence}.
    Only final candidates and the curse holder's bet (R-X3b, `cursed`) can lose
    points: any other move's worth is never said below even (issue 39, as the
    computer seats' reasons: player/seats.no_loss).

    fix18b (a twelfth playtest: every line, the chosen move's too, read "likely
    to score about 1 point and learn more about your stones"; the chosen move
    had no figures; a replacement read "worth about 1 point … — 0.0 VP
    expected"): every line, the chosen move's first, is its figures alone
    (`figures_text`, a replacement's what it learns, `learnt_text`), so the
    lines compare; when a listed move has more VP expected than the chosen
    one, one sentence says what the search counted instead (`over_why`)."""
    plan = getattr(decision, "plan", ())
    if plan:
        return plan_answer(plan)
    options = []
    others = {}  # the other players' expected gain per option (what `value` takes off)
    for o in decision.options:
        lose = can_lose_points(o.action, cursed)
        vp = float(getattr(o, "vp", 0.0))
        learn = float(getattr(o, "mine", 0.0)) - vp
        options.append((o.action, o.value if lose else max(0.0, o.value), o.note,
                        vp if lose else max(0.0, vp), learn if lose else max(0.0, learn)))
        others[repr(o.action)] = float(getattr(o, "others", 0.0))
    points = {}  # final candidates: their expected points beside the chance to win
    for o in decision.options:
        if o.note == NOTE_WIN:
            points[repr(o.action)] = o.mine
    chosen_known = bool(options) and options[0][0] == decision.action
    if not chosen_known:
        options = [(decision.action, 0.0, "", 0.0, 0.0)] + [
            o for o in options if o[0] != decision.action]

    def said(o):  # to the human it advises: "your stones" (fix10)
        if o[2] == NOTE_WIN:
            text = option_phrase(o[0], o[1], o[2], o[3], o[4], True)
            if text and repr(o[0]) in points:  # issue 39: points too, as on every other screen
                text = _("{option} ({vp} expected)", option=text, vp=vp_text(points[repr(o[0])]))
            return text
        first = o is options[0]
        return figures_phrase(o, cursed, chosen_known or not first, first)

    why = over_why(options, others, cursed) if chosen_known else None
    return {
        "move": _("The expert's move: {option}", option=said(options[0])),
        "others": [t for t in (said(o) for o in options[1:]) if t],
        "why": why[0] if why else "",
        "over": why[1] if why else None,  # the move it was chosen over (compared)
        # what it plays for, in plain words (a playtest of issue 39: "chance to win"
        # here, points elsewhere, and no word why)
        "aim": aim_text(options[0][2]),
    }


def learnt_text(learn, first=True):
    """What replacing a stone is worth to the player it advises (fix18b): the one
    figure the search counts for it, the old stone's value learnt (a discard
    scores nothing now, R-P2), never below 0 (it cannot lose points); `first`
    False: the figure alone, the answer's first line having said what it is."""
    vp = _("{vp} expected", vp=vp_text(max(0.0, float(learn))))
    if first:
        return _("you learn the old stone's value, worth {vp} by the end", vp=vp)
    return _("worth {vp} by the end", vp=vp)


def shown_figure(o):
    """The figure a line of the answer says: a replacement's what it learns,
    any other move's VP expected this round."""
    action, _v, _n, vp, learn = o
    if action and action[0] == DISCARD:
        return max(0.0, float(learn))
    return float(vp)


def line_figures(o, cursed=False, first=False):
    """A line's figures: "right 45%, 1.3 VP expected", "1.2 VP expected", or a
    replacement's "worth 3.6 VP expected by the end" (`first`: with what it is,
    "you learn the old stone's value, …")."""
    if o[0] and o[0][0] == DISCARD:
        return learnt_text(o[4], first)
    return figures_text(o[0], o[3], cursed)


def figures_phrase(o, cursed=False, known=True, first=False):
    """One move of the answer with its figures in its words' place ("W5 9–13:
    right 45%, 1.3 VP expected"); `known` False: a move the search did not
    weigh (its figures unknown), said as before."""
    if not known:
        return option_phrase(o[0], o[1], o[2], o[3], o[4], True)
    words, p = move_words(o[0], _("no value"))
    if words is None:
        return ""
    return _(words.phrase, vp=line_figures(o, cursed, first), **p)


def over_why(options, others, cursed=False):
    """(sentence, action) saying why the chosen move beats the listed move with
    the most VP expected above its own, or None when none has more (fix18b).
    The search ranks by points now + what the move teaches its player − the
    others' gain (expert.Option), so what that move scores more the chosen one
    makes up by what it learns for later rounds, by what it leaves the others,
    or both; a reason the figures do not show is never said."""
    first = options[0]
    if first[2] == NOTE_WIN:
        return None
    best = None
    for o in options[1:]:
        if o[2] == NOTE_WIN or not o[0] or o[0][0] != first[0][0]:  # a like move
            continue
        if round(shown_figure(o), 1) > round(shown_figure(first), 1) and (
                best is None or shown_figure(o) > shown_figure(best)):
            best = o
    if best is None:
        return None
    learns = float(first[4]) - float(best[4]) >= 0.05
    leaves = others.get(repr(best[0]), 0.0) - others.get(repr(first[0]), 0.0) >= 0.05
    if learns and leaves:
        because = _("counting what it learns for later rounds and what it leaves the other "
                    "players, it is worth more")
    elif learns:
        because = _("counting what it learns for later rounds, it is worth more")
    elif leaves:
        because = _("it leaves the other players fewer points")
    else:
        return None
    move = figures_phrase(best, cursed)
    if not move:
        return None
    return _("Chosen over {option} — {because}.", option=move, because=because), best[0]


def figures_text(action, vp, cursed=False):
    """An alternative's figures for the player it advises (text17, an eleventh
    playtest: W7 0–6, W5 0–4 and W1 0 all read "likely to score about 1 point and
    learn more about your stones"): a bet's chance of being right and its expected
    points, the Chances tab's figures (its points are the chance times the wheel's,
    R-C1, unless its player holds the curse, R-X3b: then the points alone); any
    other move's expected points; never below 0 for a move that cannot lose (the
    caller's `vp`, expert_answer: clamped)."""
    ev = vp_text(vp)
    if action and action[0] == GUESS and not cursed:
        try:
            most = float(WHEEL_VP[str(action[1])])
        except (KeyError, IndexError, TypeError, ValueError):
            most = 0.0
        if most > 0:
            pct = max(0, min(100, int(round(100 * float(vp) / most))))
            return _("right {pct}, {vp} expected", pct=_("{n}%", n=pct), vp=ev)
    return _("{vp} expected", vp=ev)


def aim_text(note):
    """What the expert's answer optimises, as a player would say it."""
    if note == NOTE_WIN:
        return _("At the end the expert plays to win the game, not for the most points: "
                 "behind, it takes a risk; ahead, it plays safe.")
    return _("The expert plays for points over the other players: this round's, and what "
             "the move tells you and the others for the rounds to come.")


def points_text(ev):
    """Final candidates' expected points as a player says them (issue 39): whole
    points, "lose" only when the choice can (a wrong or empty row, R-E2)."""
    x = float(ev)
    n = int(abs(x) + 0.5)
    if x <= -0.5:
        return ngettext("likely to lose about {n} point", "likely to lose about {n} points", n)
    return ngettext("likely to score about {n} point", "likely to score about {n} points", n)


def plan_answer(plan):
    """The expert's answer for the whole final candidates screen (issue 39: a
    playtest asked three times, one symbol each, and read "0% chance to win"
    beside every option of a lost game): one line per symbol with the values it
    would write and the points they likely score, then once the chance to win
    with all of them, or, when it rounds to 0 %, that it plays for points, and
    that the game cannot be won only when no candidates can win it (fifth
    playtest: said at 14 to 23 with up to +30 still to score)."""
    lines = []
    for o in plan:
        words, p = move_words(o.action, _("no value"))
        if words is not None:
            lines.append(_(words.phrase, vp=points_text(o.mine), **p))
    win = float(plan[0].value)
    if plan[0].note == NOTE_LOST:  # certain: no candidates can win (finalplan.cannot_win)
        aim = _("The game cannot be won any more: the expert plays for points.")
    elif int(round(win * 100)) == 0:  # it would read "0%" (expert.LOST), yet could win
        aim = _("Winning is now very unlikely (under 1%): the expert plays for points.")
    else:
        aim = _("With these candidates: {chance}. {aim}", chance=worth(win, NOTE_WIN),
                aim=aim_text(NOTE_WIN))
    return {"move": _("The expert would write:"), "plan": lines, "others": [], "aim": aim}
