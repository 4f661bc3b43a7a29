"""Today's code (issue 28): the daily puzzle's screen, as plain data.

Why a module of its own: like the replay viewer (viewer.py), the puzzle is a
screen outside any game session. `Attempt` is one puzzle being played: the
seat's screen (from the entry alone, then the engine's replay of the
puzzle's record, lostcode/web/puzzle/puzzles.py), the exact deduction's answer
(proved after the first frame, issue 40), the tries so far and the hints
shown. `puzzle_model` and `archive_model` only read it; the adapter
(puzzlepage.py) draws them, keeps the stats in localStorage and shares.

Nothing is drawn that the seat may not see: the board is `observe(state,
seat)` (the seat's own stones face down; the entry's screen is that, checked
against the replay before any answer counts), the hints and the explanation are
the assistant's sentences (assistant.explanation_text) about that seat's own
deduction. The answer is never stored in the data file: it is what the
deduction proves here; the share text holds the number, the tries and the
streak, never a value.

The stats (`read_stats`, `record_try`) are one small JSON object under one
localStorage key, read with the project's reader (jsonlimits): a damaged or
foreign value is read as no stats at all, never an error on the page.
Pure Python, MicroPython-portable (no DOM, no datetime: puzzles.py counts the days).
The assistant (and the expert behind it) is imported only for a hint or
the explanation.
"""

from ...services.jsonlimits import read_optional
from ..actions import PUZZLE_ANSWER, PUZZLE_ARCHIVE, PUZZLE_CLOSE, PUZZLE_OPEN, PUZZLE_SHARE
from ..game.board import dice_svg, rack_svg
from ..game.names import symbol_name
from ..shell.blocks import button
from ..shell.i18n import _, ngettext
from .puzzles import (  # noqa: F401  (the days and the book: moved there, read from here)
    EASY,
    FORMAT,
    MAX_FILE,
    MAX_LINE,
    MEDIUM,
    ONE,
    Book,
    PuzzleError,
    answers,
    drawn,
    epoch_day,
    from_entry,
    pairs,
    read_book,
    screen_obs,
    seat_view,
    today_number,
)

DATA_URL = "./assets/puzzles.json"
STORE_KEY = "lostcode.puzzles"  # this browser's tries, streak and statistics
MAX_STORED = 100000  # characters of the stored stats (a year is under 10 kB)
TRIES = 3
ARCHIVE_PAGE = 28  # four weeks of past puzzles per page of the archive
OTHER_NAMES = ("Ana", "Bo", "Cy", "Dee")  # the other seats (names in every language)


# --------------------------------------------------------------------------- one attempt


def seat_names(players: int, seat: int) -> list:
    """"You" for the puzzle's seat (spoken to in the second person, you.py),
    short names for the others."""
    out = []
    k = 0
    for p in range(players):
        if p == seat:
            out.append(_("You"))
        else:
            out.append(OTHER_NAMES[k])
            k += 1
    return out


class Attempt:
    """Puzzle `number` being played: its position, its proved answer, the tries.

    Issue 40: made from the entry's screen alone (puzzles.screen_obs), so it
    draws at once; the replay and the proof (`replay`, `prove`: the deduction
    and its solver imported then) come after the screen is drawn, in slices
    (puzzlepage.prove_soon), or at the first answer at the latest."""

    __slots__ = (
        "number", "today", "puzzle", "obs", "full", "proof", "tries", "hints",
        "reasons", "cons",
    )

    def __init__(self, book: Book, number: int, today: int, tries=()):
        self.number = number
        self.today = today
        self.puzzle = from_entry(book.entry(number))
        p = self.puzzle
        names = seat_names(p.options.players, p.seat)
        self.full = False  # obs is the replay's observation (not the entry's screen)
        self.proof: object = None  # (the seat's Knowledge, the one answer), once proved
        if p.screen is not None:
            self.obs = screen_obs(p, names)
        else:  # an entry without its screen: replayed now
            self.obs = seat_view(p, names)
            self.full = True
        self.reasons = []  # the assistant's explanations, computed when first needed
        self.cons = {}  # {"constraints": the seat's checks}, with them
        self.tries = []
        self.hints = []  # explanation dicts shown after wrong tries, in order
        for t in tries:  # a reload: the tries made before (the stats hold them)
            if self.done():
                break
            if isinstance(t, int) and not isinstance(t, bool) and t not in self.tries:
                self.answer_with(t)

    def replay(self):
        """The record replayed by the engine; its seat's view must be the
        screen drawn from the entry (else the entry is refused)."""
        if self.full:
            return
        obs = seat_view(self.puzzle, self.obs["names"])
        if drawn(obs) != self.obs:
            raise PuzzleError("the puzzle's screen is not its game's")
        self.obs = obs
        self.full = True

    def prove(self):
        """The exact deduction's answer (PuzzleError when it pins none)."""
        if self.proof is not None:
            return self.proof
        from ...player.deduction import Knowledge

        self.replay()
        p = self.puzzle
        k = Knowledge(self.obs)
        found = answers(k, p.kind, p.symbols)
        if len(found) != 1:
            raise PuzzleError("the deduction does not pin this puzzle's answer")
        if p.kind != ONE and p.screen is not None and p.screen[2] != self._span(k):
            raise PuzzleError("the puzzle's screen is not its game's")
        self.proof = (k, found[0])
        return self.proof

    @property
    def knowledge(self):
        return self.prove()[0]

    @property
    def answer(self):
        return self.prove()[1]

    def _span(self, k) -> list:
        low = high = 0
        for sym in self.puzzle.symbols:
            dom = k.domains[sym]
            low += min(dom)
            high += max(dom)
        return [low, high]

    def daily(self) -> bool:
        return self.number == self.today

    def values(self) -> list:
        """The answers the control offers: every value of a stone; for a sum,
        every sum the stones not seen anywhere could make (what the board
        shows at a glance: two rows of buttons on a phone, not three)."""
        if self.puzzle.kind == ONE:
            return list(range(self.obs["value_max"] + 1))
        span = self.puzzle.screen[2] if self.proof is None and self.puzzle.screen else None
        low, high = span if span else self._span(self.knowledge)
        return list(range(low, high + 1))

    def solved(self) -> bool:
        return bool(self.tries) and self.answer in self.tries

    def done(self) -> bool:
        return self.solved() or len(self.tries) >= TRIES

    def answer_with(self, value: int) -> bool:
        """A try; after a wrong one, a hint (one of the assistant's reasons).
        False when it was not taken (over, tried already, not offered)."""
        if self.done() or value in self.tries or value not in self.values():
            return False
        self.tries.append(value)
        if value != self.answer and not self.done():
            hint = self.next_hint(value)
            if hint is not None:
                self.hints.append(hint)
        if self.done():
            self.all_reasons()  # the explanation: made here, so drawing only reads
        return True

    def all_reasons(self) -> list:
        """The assistant's explanations for the asked stones: reasons from the
        seat's checks first (the deduction's part), then what is seen."""
        if not self.cons:
            from ...player.deduction import constraints_data

            k = self.knowledge
            found = k.explanations(self.puzzle.symbols)
            deduced = [e for e in found if e["kind"] in ("round", "rounds")]
            seen = [e for e in found if e["kind"] not in ("round", "rounds")]
            self.reasons = deduced + seen
            self.cons = {"constraints": constraints_data(k)}
        return self.reasons

    def next_hint(self, value: int):
        """The reason that rules out the value tried (a stone question), else
        the next reason not shown yet."""
        reasons = self.all_reasons()
        if self.puzzle.kind == ONE:
            for e in reasons:
                if e["value"] == value and e not in self.hints:
                    return e
        for e in reasons:
            if e not in self.hints:
                return e
        return None

    def text(self, e) -> str:
        from ..game.assistant import explanation_text  # the expert's words: only for a hint

        self.all_reasons()
        return explanation_text(e, self.cons, self.obs)


# --------------------------------------------------------------------------- words


def level_name(level: int) -> str:
    if level == EASY:
        return _("Easy")
    if level == MEDIUM:
        return _("Medium")
    return _("Hard")


def question_text(p) -> str:
    if p.kind == ONE:
        return _("What is your {symbol} stone?", symbol=symbol_name(p.symbols[0]))
    return _(
        "What is the sum of your {symbol} and {other} stones?",
        symbol=symbol_name(p.symbols[0]),
        other=symbol_name(p.symbols[1]),
    )


def result_mark(g) -> str:
    """A bet's result in one mark: right, wrong (the sum lower / higher), or wrong (W1)."""
    r = g["result"]
    if r == "correct":
        return "✓"
    if r == "lower":
        return "✗↓"
    if r == "higher":
        return "✗↑"
    return "✗"


def result_words(g) -> str:
    r = g["result"]
    if r == "correct":
        return _("right")
    if r == "lower":
        return _("wrong, the sum is lower")
    if r == "higher":
        return _("wrong, the sum is higher")
    return _("wrong")


def bet_text(g) -> str:
    if g["low"] == g["high"]:
        return g["wheel"] + " " + str(g["low"])
    return g["wheel"] + " " + _("{low}–{high}", low=g["low"], high=g["high"])


def played(obs) -> list:
    """The rounds checked so far (the puzzle's moment is a round's start: its
    entry has no dice and no bets yet)."""
    return [h for h in obs["history"] if h["guesses"]]


def rounds_model(obs) -> dict:
    """The rounds so far, one row each: the dice, the seat's own bet and its
    result first (the deduction rests on them), the others' results, the
    stones discarded; each row also as one sentence for a screen reader."""
    names = obs["names"]
    seat = obs["viewer"]
    rows = []
    for h in played(obs):
        mine = None
        others = []
        for g in h["guesses"]:
            if g["player"] == seat:
                mine = g
            else:
                others.append(g)
        words = [
            _("Round {round}: the dice were {dice}.", round=h["round"],
              dice=", ".join(symbol_name(d) for d in h["dice"]))
        ]
        row = {"round": h["round"], "dice": list(h["dice"]), "mine": None, "others": [],
               "discards": []}
        for g in ([mine] if mine else []) + others:
            words.append(
                _("{name}: {bet}, {result}.", name=names[g["player"]], bet=bet_text(g),
                  result=result_words(g))
            )
        if mine is not None:
            row["mine"] = {"bet": bet_text(mine), "mark": result_mark(mine),
                           "ok": mine["result"] == "correct"}
        for g in others:
            row["others"].append(
                {"name": names[g["player"]][:1], "bet": bet_text(g), "mark": result_mark(g),
                 "ok": g["result"] == "correct"}
            )
        for d in h["discards"]:
            row["discards"].append({"symbol": d["symbol"], "value": d["value"],
                                    "name": names[d["player"]][:1]})
            words.append(
                _("{name}: discarded {symbol} {value}.", name=names[d["player"]],
                  symbol=symbol_name(d["symbol"]), value=d["value"])
            )
        row["aria"] = " ".join(words)
        rows.append(row)
    return {"label": _("The rounds so far"), "you": names[seat], "rows": rows}


def tries_left_text(a: Attempt) -> str:
    left = TRIES - len(a.tries)
    return ngettext("{n} try left", "{n} tries left", left)


def puzzle_heading(a: Attempt) -> str:
    if a.daily():
        return _("Today's code · #{n}", n=a.number)
    return _("Puzzle #{n}", n=a.number)


def share_text(a: Attempt, streak: int) -> str:
    """Spoiler-free: the puzzle's number, the tries it took (or a cross) and the
    streak; never a value, a symbol or the question."""
    if a.solved():
        result = "✔ " + _("in {n}", n=len(a.tries))
    else:
        result = "✘"
    text = _("The Lost Code · puzzle #{n}", n=a.number) + " · " + result
    if a.daily():
        text += " · 🔥 " + str(streak)
    return text


# --------------------------------------------------------------------------- stats


def new_stats() -> dict:
    """plays: puzzle number (text) -> the values tried; won: number -> the try
    that solved it (1-3), or 0 for not solved, once it is over."""
    return {"v": 1, "plays": {}, "won": {}, "streak": 0, "best": 0, "last": 0}


def read_stats(text) -> dict:
    """The stored stats, checked value by value; anything damaged is dropped
    (a damaged key never stops the page: it reads as fewer or no stats)."""
    data = read_optional(text, "puzzle stats", MAX_STORED)
    out = new_stats()
    if not isinstance(data, dict):
        return out
    for key in ("streak", "best", "last"):
        v = data.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**6:
            out[key] = v
    plays = data.get("plays")
    if isinstance(plays, dict):
        for k in plays:
            v = plays[k]
            if not (isinstance(k, str) and k.isdigit() and len(k) < 7 and isinstance(v, list)):
                continue
            tries = [t for t in v[:TRIES] if isinstance(t, int) and not isinstance(t, bool)]
            if len(tries) == len(v[:TRIES]) and tries:
                out["plays"][str(int(k))] = tries
    won = data.get("won")
    if isinstance(won, dict):
        for k in won:
            v = won[k]
            if isinstance(k, str) and k.isdigit() and len(k) < 7 and v in (0, 1, 2, 3) and (
                    not isinstance(v, bool) and str(int(k)) in out["plays"]):
                out["won"][str(int(k))] = v
    return out


class Ready:
    """Issue 40: today's puzzle made before it is asked for (puzzlepage.warm:
    the file read and the record replayed in a task of their own once the page
    is up), so "Today's code" draws at once. Kept for the one attempt it was
    made for: the same puzzle, day, tries and language ("You" is in it)."""

    __slots__ = ("key", "attempt")

    def __init__(self):
        self.key = None
        self.attempt = None

    @staticmethod
    def key_of(number, today, tries, lang):
        return (number, today, tuple(tries), lang)

    def make(self, book, number, today, tries, lang):
        """Make and keep the attempt (an error is kept as nothing: the page says
        it when the puzzle is opened)."""
        self.key, self.attempt = None, None
        try:
            self.attempt = Attempt(book, number, today, tries)
        except Exception:
            return None
        self.key = self.key_of(number, today, tries, lang)
        return self.attempt

    def take(self, number, today, tries, lang):
        """The kept attempt when it is this one (given once), else None."""
        if self.attempt is None or self.key != self.key_of(number, today, tries, lang):
            return None
        a = self.attempt
        self.key, self.attempt = None, None
        return a


def tries_of(stats: dict, n: int) -> list:
    return list(stats["plays"].get(str(n), []))


def record_try(stats: dict, a: Attempt) -> dict:
    """The stats after the attempt's latest try (a new dict: the page stores
    it). Today's puzzle, once over, moves the streak: solved, one more (or 1
    after a missed day); failed, back to 0. Past puzzles count in the
    statistics but never in the streak."""
    out = {"v": 1, "plays": dict(stats["plays"]), "won": dict(stats["won"]),
           "streak": stats["streak"], "best": stats["best"], "last": stats["last"]}
    out["plays"][str(a.number)] = list(a.tries)
    if a.done():
        out["won"][str(a.number)] = len(a.tries) if a.solved() else 0
    if a.done() and a.daily() and out["last"] < a.number:
        if a.solved():
            out["streak"] = out["streak"] + 1 if out["last"] == a.number - 1 else 1
        else:
            out["streak"] = 0
        out["last"] = a.number
        if out["streak"] > out["best"]:
            out["best"] = out["streak"]
    return out


def current_streak(stats: dict, today: int) -> int:
    """The streak as it stands today: broken once a day went by unsolved."""
    if stats["last"] >= today - 1:
        return stats["streak"]
    return 0


def stats_model(stats: dict, today: int) -> dict:
    """Played (to the end), solved, the streak and the tries it took."""
    played = solved = 0
    spread = [0, 0, 0, 0]  # solved in 1, 2, 3; failed
    for k in stats["won"]:
        won = stats["won"][k]
        played += 1
        if won:
            solved += 1
            spread[won - 1] += 1
        else:
            spread[3] += 1
    rate = int(solved * 100 / played + 0.5) if played else 0
    items = [
        (_("Played"), str(played)),
        (_("Solved"), _("{n}%", n=rate)),
        (_("Streak"), str(current_streak(stats, today))),
        (_("Best streak"), str(stats["best"])),
    ]
    bars = []
    for i in range(4):
        label = ngettext("in {n} try", "in {n} tries", i + 1) if i < 3 else _("not solved")
        bars.append({"label": label, "n": spread[i], "max": max(spread) or 1})
    return {"label": _("Your statistics in this browser"), "items": items, "bars": bars}


# --------------------------------------------------------------------------- the screens


def answer_buttons(a: Attempt) -> list:
    out = []
    for v in a.values():
        tried = v in a.tries
        out.append(
            button(
                str(v),
                PUZZLE_ANSWER,
                v,
                disabled=tried or a.done(),
                aria=_("Answer {n}", n=v) + (" (" + _("tried") + ")" if tried else ""),
            )
        )
    return out


def explanation(a: Attempt) -> list:
    """The full explanation at the end: the assistant's sentences, then the conclusion."""
    p = a.puzzle
    lines = [a.text(e) for e in a.all_reasons()]
    if p.kind == ONE:
        lines.append(_("Only {value} is left for your {symbol}.", value=a.answer,
                       symbol=symbol_name(p.symbols[0])))
    else:
        both = pairs(a.knowledge, p.symbols[0], p.symbols[1])
        lines.append(
            _(
                "Your {symbol} and {other} can still be {pairs}: every way adds up to {sum}.",
                symbol=symbol_name(p.symbols[0]),
                other=symbol_name(p.symbols[1]),
                pairs=", ".join(str(x) + " + " + str(y) for x, y in both),
                sum=a.answer,
            )
        )
    return lines


def puzzle_model(a: Attempt, stats: dict, notes=()) -> dict:
    """The puzzle screen: the question, the evidence (racks, dice, the rounds),
    the answer control with the tries left, the hints; at the end the
    explanation, the stats and Share."""
    p = a.puzzle
    done = played(a.obs)
    last = done[-1] if done else None
    # Of the board, what the screen draws: the racks as the seat sees them, and
    # the last round's dice (none are rolled at the puzzle's moment); the track,
    # wheels and piles of a whole board were most of the puzzle's model (issue 40).
    board = {
        "round": _("After round {round}", round=last["round"] if last else 0),
        "racks": [rack_svg(a.obs, r) for r in range(len(a.obs["racks"]))],
        "dice": dice_svg({"dice": list(last["dice"]) if last else a.obs["dice"]}),
    }
    streak = current_streak(stats, a.today)
    m = {
        "kind": "puzzle",
        "number": a.number,
        "heading": puzzle_heading(a),
        "level": level_name(p.level),
        "level_id": p.level,
        "notes": list(notes),
        "question": question_text(p),
        "board": board,
        "rounds": rounds_model(a.obs),
        "hints": [{"label": _("Hint {n}", n=i + 1), "text": a.text(e)}
                  for i, e in enumerate(a.hints)],
        "older_label": _("Earlier hints"),
        "answer": None,
        "status": "",
        "result": None,
        "buttons": [
            button(_("Archive"), PUZZLE_ARCHIVE, 0),
            button(_("Play a game"), PUZZLE_CLOSE),
        ],
    }
    if not a.done():
        wrong = [t for t in a.tries if t != a.answer]
        m["status"] = tries_left_text(a)
        if wrong:
            m["status"] = _("{n} is not it.", n=wrong[-1]) + " " + m["status"]
        m["answer"] = {"label": _("Your answer"), "items": answer_buttons(a)}
        m["announce"] = m["status"]
        if m["hints"]:  # the hint a wrong try revealed is read out with it
            m["announce"] += " " + m["hints"][-1]["label"] + ": " + m["hints"][-1]["text"]
        return m
    after = stats if str(a.number) in stats["won"] else record_try(stats, a)
    streak = current_streak(after, a.today)
    if a.solved():
        head = ngettext("Solved in {n} try!", "Solved in {n} tries!", len(a.tries))
    else:
        head = _("Not this time: the answer is {value}.", value=a.answer)
    share = share_text(a, streak)
    m["status"] = head
    m["announce"] = head
    m["result"] = {
        "heading": head,
        "why_label": _("Why"),
        "why": explanation(a),
        "stats": stats_model(after, a.today),
        "share_text": share,
        "share": button(_("Share"), PUZZLE_SHARE, primary=True),
        "share_note": _("Copies this text (no answer in it): {text}", text=share),
    }
    return m


def archive_model(stats: dict, today: int, count: int, page: int) -> dict:
    """The past puzzles (never a future one), newest first, a page of four
    weeks at a time; each says whether it was solved here."""
    newest = today
    pages = (newest + ARCHIVE_PAGE - 1) // ARCHIVE_PAGE
    page = max(0, min(pages - 1, page))
    top = newest - page * ARCHIVE_PAGE
    items = []
    for n in range(top, max(0, top - ARCHIVE_PAGE), -1):
        tries = stats["plays"].get(str(n))
        won = stats["won"].get(str(n))
        if not tries:
            state = _("not played")
            mark = ""
        elif won:
            state = ngettext("solved in {n} try", "solved in {n} tries", won)
            mark = "✔"
        elif won == 0:
            state = _("not solved")
            mark = "✘"
        else:
            state = _("started")
            mark = "…"
        label = "#" + str(n) + (" " + mark if mark else "")
        aria = _("Puzzle #{n}", n=n) + ": " + state
        if n == today:
            aria = _("Today's code · #{n}", n=n) + ": " + state
        items.append(button(label, PUZZLE_OPEN, n, aria=aria, primary=False))
    nav = [
        button(_("Newer"), PUZZLE_ARCHIVE, page - 1, disabled=page == 0),
        button(_("Older"), PUZZLE_ARCHIVE, page + 1, disabled=page >= pages - 1),
        button(_("Back"), PUZZLE_OPEN, ""),
    ]
    return {
        "kind": "archive",
        "heading": _("Puzzle archive"),
        "note": _("Past puzzles: play any of them (they do not count for the streak)."),
        "items": items,
        "nav": nav,
        "count": count,
        "announce": _("Puzzle archive"),
    }
