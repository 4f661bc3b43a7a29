"""The expert in the page (issue 27): its seat kind, its search run in slices
(lostcode/player/thinking.py), its reasons in words (lostcode/web/game/reasons.py), and
the assistant's "What would the expert do?". CPython, fast.

The search itself (lostcode/player/expert.py) is another part's: these tests
rely only on its interface, Search(obs, legal, rng, budget_ms).run(steps) ->
finished and .decision() -> Decision(action, options); where they need a
search with several options or slow steps, they use a fake one here.
"""

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from test_viewmodels import all_strings, check_privacy, human_step  # noqa: E402

from lostcode.player import expert  # noqa: E402
from lostcode.player import seats as player_seats  # noqa: E402
from lostcode.player.bots import HardBot  # noqa: E402
from lostcode.player.thinking import TARGET_MS, Job, next_steps  # noqa: E402
from lostcode.rules.observation import observe  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.rules.vocab import BOT_LEVELS, GUESS, PHASE_GUESS, SEAT_KINDS  # noqa: E402
from lostcode.services.record import replay  # noqa: E402
from lostcode.services.settings import parse as parse_query  # noqa: E402
from lostcode.web.game import reasons, solo  # noqa: E402
from lostcode.web.game.saving import session_from_save, session_save  # noqa: E402
from lostcode.web.game.session import Session  # noqa: E402
from lostcode.web.game.solo import BotSeats  # noqa: E402
from lostcode.web.game.viewer import Replay, watch_model  # noqa: E402
from lostcode.web.game.views import log_model, screen_model  # noqa: E402
from lostcode.web.shell import i18n  # noqa: E402


class Clock:
    """A fake clock in ms that the fake search moves on."""

    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


class SlowSearch:
    """A fake Search: `units` units of work, each costing `cost` ms on `clock`,
    then the hard bot's move with two made-up alternatives (several options, as
    the real search keeps). Deterministic given (obs, legal, rng)."""

    clock = None
    units = 40
    cost = 7.0

    def __init__(self, obs, legal, rng, budget_ms=expert.BUDGET_MS):
        self.obs, self.legal, self.rng = obs, legal, rng
        self.left = self.units
        self.result = expert.Decision(None, ())

    def run(self, steps):
        n = min(steps, self.left)
        self.left -= n
        if self.clock is not None:
            self.clock.t += n * self.cost
        if self.left > 0:
            return False
        if self.result.action is None:
            action = HardBot().choose(self.obs, self.legal, self.rng)
            others = [a for a in self.legal if a != action][:2]
            options = [expert.Option(action, 1.94, "")]
            options += [expert.Option(a, 1.5 - i * 1.8, "deny") for i, a in enumerate(others)]
            self.result = expert.Decision(action, tuple(options))
        return True

    def decision(self):
        while not self.run(1000000):
            pass
        return self.result


@pytest.fixture
def slow(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(SlowSearch, "clock", clock)
    monkeypatch.setattr(player_seats, "Search", SlowSearch)
    return clock


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def play_on(ses, rng, until=None, limit=4000):
    """Drive a session as the page does: taps, and every due search run to its end."""
    for _ in range(limit):
        if ses.search_due() is not None:
            ses.finish_searches()
            continue
        m = screen_model(ses)
        json.dumps(m)
        check_privacy(ses, m)
        if m["kind"] == "end" or (until is not None and until(ses, m)):
            return m
        human_step(ses, m, rng)
    raise AssertionError("the game did not get there")


# --------------------------------------------------------------------------- the seat kind


def test_expert_is_a_seat_kind_everywhere():
    assert "expert" in BOT_LEVELS and "expert" in SEAT_KINDS
    settings, notes = parse_query("?players=3&seats=human,expert,hard")
    assert settings["seats"] == ["human", "expert", "hard"] and not notes
    i18n.set_language("ru")
    try:
        assert solo.seat_kind_label("expert") == "Компьютер (эксперт)"
    finally:
        i18n.set_language("en")
    assert solo.seat_kind_label("expert") == "Computer (expert)"
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert html.count('<option value="expert" data-i18n="expert">') == 4
    assert '<option value="expert" data-i18n="expert">' in (ROOT / "lab.html").read_text()


def test_a_game_with_an_expert_seat_replays_from_its_record():
    ses = Session(Options(3), 17, ["Ana", "Bo", "Cy"], ["human", "expert", "medium"])
    play_on(ses, random.Random(2))
    record = json.loads(json.dumps(ses.record()))
    assert [p["kind"] for p in record["players"]] == ["human", "expert", "medium"]
    again = replay(record)
    assert again.scores == ses.state.scores and again.result == ses.state.result


# --------------------------------------------------------------------------- slices


def test_next_steps_aims_at_the_target_and_grows_slowly():
    assert next_steps(1, 0) == 4  # too fast to measure: grow, but by 4 at most
    assert next_steps(10, TARGET_MS) == 10
    assert next_steps(10, TARGET_MS * 4) == 2  # a slow slice: fewer steps next time
    assert next_steps(1, 500) == 1  # never fewer than one
    assert next_steps(8, 1) == 32  # cheap: at most 4 times more


def test_a_slice_says_when_its_last_unit_began_not_when_it_stopped(slow):
    """One unit far dearer than the rest (a pause of the machine, a collection):
    the slice stops before the next unit, and `lead` (what the page's figures
    and tests/test_browser_expert.py read) is when the dear unit began, not the
    time at which the slice decided to begin nothing more."""
    ses = Session(Options(2), 5, ["Ana", "Bo"], ["human", "hard"])
    obs = observe(ses.state, 0)
    search = SlowSearch(obs, obs["legal"], random.Random(3))
    job = Job("k", search)
    job.steps = 10
    costs = iter([2.0, 2.0, 85.0])

    def run(steps, real=search.run):
        done = real(steps)
        slow.t += next(costs, 2.0) - SlowSearch.cost * steps
        return done

    search.run = run
    assert not job.slice(slow)
    assert job.ran == 3
    assert job.lead == 4.0  # the third unit began at 4 ms; the slice ended at 89 ms
    assert job.lead < TARGET_MS


def test_a_slow_search_runs_in_short_slices_and_decides_the_same(slow):
    """Units of 7 ms: the adaptive slices stay near TARGET_MS (never more than
    one unit over it), and the decision is exactly the one run at once."""
    ses = Session(Options(2), 5, ["Ana", "Bo"], ["human", "hard"])
    obs = observe(ses.state, 0)
    job = Job("k", SlowSearch(obs, obs["legal"], random.Random(3)))
    sizes = []
    while not job.slice(slow):
        sizes.append(job.steps)
    assert job.slices > 3
    assert job.longest <= TARGET_MS + SlowSearch.cost * 1.01
    whole = SlowSearch(obs, obs["legal"], random.Random(3)).decision()
    assert job.result.action == whole.action
    assert [o.action for o in job.result.options] == [o.action for o in whole.options]


def test_an_expert_seat_waits_for_its_search_then_plays_what_decide_expert_plays():
    """The session stops at an expert's decision (the page runs its search in
    slices); once run, the move is the one decide_expert gives from the
    expert's observation with the seat's generator; the same game as a
    synchronous BotSeats plays."""
    seats = ["expert", "human"]
    ses = Session(Options(2), 8, ["Ex", "Ana"], seats)
    waited = reported = 0
    for _ in range(300):
        job = ses.search_due()
        if job is not None:
            m = screen_model(ses)
            assert m["kind"] == "bot"
            if ses.bots.waiting():  # every step shown: nothing goes on by itself
                # fix9: after Ex's own step shown, it chooses its next move (no
                # "thinking" beside a move it played)
                said = "Ex is choosing their next move…" if m.get("bot_step") else "Ex is thinking…"
                assert m["auto"] is None and said in all_strings(m)
                # issue 39 (a playtest): one state, waiting: no greyed-out Continue
                # beside the move shown, no control at all; a tap meanwhile marks
                # the thinking line (gamepage.nudge_wait)
                assert not [b for b in m["blocks"] if b["t"] == "buttons"], m["blocks"]
                assert m["waiting"] == said
                if [b for b in m["blocks"] if b["t"] == "move"]:
                    reported += 1  # a move report shown and the next one thought of
                # issue 39: said once on the screen (the heading and the words said it too)
                shown = [m["heading"]] + list(all_strings(m["blocks"]))
                assert shown.count(said) == 1, shown
                waited += 1
            else:  # the steps already played go on at their pace meanwhile
                assert m["auto"]["act"] == "continue"
            seat, n = job.key
            obs = observe(ses.state, seat)
            rng = player_seats.make_rng(player_seats.bot_seed(8, seat) + 7 * n)
            want = expert.decide_expert(obs, obs["legal"], rng).action
            while not job.slice(lambda: 0.0):
                pass
            ses.search_done()
            assert tuple(ses.state.actions[n]) == tuple(want)
            continue
        m = screen_model(ses)
        if ses.state.round >= 3:
            break
        human_step(ses, m, random.Random(len(ses.state.actions)))
    assert waited >= 2 and reported >= 1, (waited, reported)
    # the same moves as an expert deciding at once (solo.BotSeats with sliced=False)
    bots = BotSeats(seats, 8)
    s2 = Session(Options(2), 8, ["Ex", "Ana"], ["human", "human"])
    for i, action in enumerate(ses.state.actions):
        if s2.state.to_act == 0:
            assert tuple(bots.decide(0, observe(s2.state, 0))) == tuple(action), i
        from lostcode.rules.engine import apply_action

        apply_action(s2.state, action)


# --------------------------------------------------------------------------- reasons


OPTIONS = [
    [["guess", "W3", 8], 1.94, ""],
    [["guess", "W5", 6], 1.6, ""],
    [["change", 1, "bird"], -0.3, "next"],
    [["discard", "jaguar"], 0.25, ""],
    [["final", "snake", [3, 4]], 0.5, "deny"],
    [["accept"], 0.1, "tell"],
    [["take"], 0.2, ""],
    [["pass"], -0.04, ""],
    [["shortcut", []], 0.0, ""],
]

SAID = {
    # issue 39: as a player says it: a bet's bounds, then its likely gain in whole points
    "en": (
        "Took W3 8–10: this bet can win up to 3 points and cannot lose any; likely to gain "
        "about 2 points on the others. Also weighed: W5 6–10: likely to gain about 2 points on "
        "the others; turning die 2 to bird: about even with the others (for the player after); "
        "replacing the jaguar stone: about even with the others; 3, 4 for snake: likely to "
        "gain about 1 point on the others (mostly by what it keeps from the players after); "
        "keeping the dice: about even with the others (counting what it tells the others); "
        "taking the token: about even with the others; passing the token: about even with the "
        "others; no value on the shortcut: about even with the others."
    ),
    "ru": "Диск W3, 8–10: это предположение может принести до 3 очков и не может отнять ни "
          "одного; вероятно, на 2 очка больше, чем у остальных.",
    "it": "Ruota W3, 8–10: questa supposizione può far guadagnare fino a 3 punti e non può "
          "farne perdere nessuno; probabilmente 2 punti in più degli altri.",
    "pl": "Koło W3, 8–10: to obstawienie może dać do 3 punktów i nie może odebrać żadnego; "
          "prawdopodobnie o 2 punkty więcej niż pozostali.",
}


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_reasons_are_said_in_four_languages(lang):
    i18n.set_language(lang)
    try:
        text = reasons.reason_text(OPTIONS)
        assert text.startswith(SAID[lang]) if lang != "en" else text == SAID[lang]
        assert "{" not in text and "VP" not in text and "−" not in text  # no jargon
        if lang != "en":
            for english in ("Also weighed", "turning die", "points", "keeping the dice"):
                assert english not in text, (lang, english)
        for kind in OPTIONS:  # each kind has its own sentence, as the chosen move too
            assert reasons.chosen_sentence(*kind) or kind[0][0] == "roll"
        answer = reasons.expert_answer(
            expert.Decision(("guess", "W3", 8), (expert.Option(("guess", "W3", 8), 1.94),))
        )
        assert answer["move"] and answer["others"] == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_the_searchs_own_tags_are_said(lang):
    """The search tags final candidates "win" (a chance, not VP) and options whose
    worth is mostly what they tell the expert "know" (lostcode/player/expert.py)."""
    i18n.set_language(lang)
    try:
        final = (("final", "bird", (3, 4)), 0.64, expert.NOTE_WIN)
        # The percentage as the language writes it (ru/it/pl: "64\u202f%", issue 42).
        pct = i18n._("{n}%").format(n=64)
        assert pct in reasons.chosen_sentence(*final) and pct in reasons.option_phrase(*final)
        assert "VP" not in reasons.chosen_sentence(*final)
        know = (("discard", "bird"), 0.4, expert.NOTE_KNOW)
        assert reasons.option_phrase(*know) != reasons.option_phrase(("discard", "bird"), 0.4)
        assert "{" not in reasons.option_phrase(*know)
    finally:
        i18n.set_language("en")


def test_unknown_or_damaged_options_say_nothing(english):
    assert reasons.reason_text([]) == ""
    assert reasons.reason_text([[["roll"], 0.0, ""]]) == ""
    assert reasons.option_phrase(["guess"], 1.0) == ""
    assert reasons.option_phrase("nonsense", 1.0) == ""
    assert reasons.option_phrase(["change", "x", "bird"], 1.0) == ""


def test_when_reasons_may_be_said_R_G3():
    bet = {"seat": 1, "round": 3, "options": [[["guess", "W3", 8], 1.0, ""]]}
    final = {"seat": 1, "round": 9, "options": [[["final", "bird", [2]], 1.0, ""]]}
    turn = {"seat": 1, "round": 3, "options": [[["change", 0, "bird"], 1.0, ""]]}
    swap = {"seat": 1, "round": 3, "options": [[["discard", "bird"], 1.0, ""]]}
    assert not reasons.reason_shown(bet, 2, False) and reasons.reason_shown(bet, 3, False)
    assert not reasons.reason_shown(final, 9, False) and reasons.reason_shown(final, 9, True)
    # words9: the roller's dice are worth its bet's points: said with the bet
    assert not reasons.reason_shown(turn, 2, False) and reasons.reason_shown(turn, 3, False)
    assert reasons.reason_shown(swap, 0, False)


def test_a_computers_bet_reasons_wait_for_the_check_R_G3(slow, english):
    """The bot screen and the log say an expert's bet only once the round's
    check results were shown; its public moves' reasons at once; and no
    screen of the game holds a human's own stone value beside them."""
    ses = Session(Options(3), 23, ["Ana", "Bo", "Cy"], ["human", "expert", "expert"])
    rng = random.Random(4)
    seen_bet_reason = []

    def visit(s, m):
        text = " ".join(str(x) for x in all_strings(m)) + " " + " ".join(log_model(s))
        said = {}
        for n, r in s.reasons().items():
            if r["options"][0][0][0] == GUESS:
                shown = s.checks_shown >= r["round"]
                said.setdefault(reasons.reason_text(r["options"]), []).append((shown, n))
        for words, who in said.items():
            if all(not shown for shown, n in who):  # no bet with these words may be said yet
                assert words not in text, (m["kind"], words)
            elif words in text:
                seen_bet_reason.append(who)
        return False

    play_on(ses, rng, until=lambda s, m: visit(s, m) or s.state.round >= 4)
    assert seen_bet_reason
    assert any("Also weighed" in line for line in log_model(ses))


# --------------------------------------------------------------------------- saves, replay


def test_reasons_survive_a_save_and_show_in_the_replay(slow, english):
    ses = Session(Options(2), 31, ["Ana", "Bo"], ["human", "expert"])

    def replaced(s):  # words9: a stone replaced is the expert's public move said at once
        return any(r["options"][0][0][0] == "discard" for r in s.reasons().values())

    play_on(ses, random.Random(6), until=lambda s, m: s.state.round >= 3 and replaced(s))
    assert ses.reasons()
    save = json.loads(json.dumps(session_save(ses, "s1", "2026-11-26T23:00:00Z")))
    back = session_from_save(save)
    assert back.reasons() == ses.reasons()
    assert log_model(back) == log_model(ses)
    # damaged entries are dropped, never shown as a move
    bad = json.loads(json.dumps(save))
    wrong = [0, 1, 1, [[["guess", "W1", 0], 1, ""]], 0]  # not the move played then
    bad["ui"]["reasons"] = [wrong, ["x"], [10**9, 1, 1, [], 0]]
    assert session_from_save(bad).reasons() == {}
    public = [n for n, r in ses.reasons().items() if r["options"][0][0][0] == "discard"]
    assert public
    rep = Replay(ses.record(), step=public[0] + 1, reasons=ses.reasons())
    m = watch_model(rep)
    assert any(b.get("label") == "The expert's reasons" for b in m["blocks"])
    bets = [n for n, r in ses.reasons().items() if r["options"][0][0][0] == GUESS]
    rep.go(bets[0] + 1)  # an unfinished game: a bet's reasons stay unsaid in its replay
    assert not any(b.get("label") == "The expert's reasons" for b in watch_model(rep)["blocks"])


# --------------------------------------------------------------------------- the assistant


def guess_screen(ses, rng, rounds=1):
    return play_on(
        ses, rng, until=lambda s, m: m["kind"] == PHASE_GUESS and s.state.round >= rounds
    )


def expert_panel(ses):
    return screen_model(ses)["assistant"]["expert"]


def test_the_assistant_answers_what_the_expert_would_do(slow, english):
    ses = Session(Options(3), 41, ["Ana", "Bo", "Cy"], ["human", "hard", "medium"])
    guess_screen(ses, random.Random(7), rounds=2)
    ex = expert_panel(ses)
    assert ex["button"]["act"] == "expert" and not ex["move"]
    rev = ses.revision
    ses.do("expert")  # one activation: its search starts
    assert ses.revision == rev  # asking changes nothing a save holds
    assert expert_panel(ses)["thinking"] == "The expert is thinking…"
    job = ses.search_due()
    seat, n = job.key
    assert (seat, n) == (0, len(ses.state.actions))
    while not job.slice(slow):
        pass
    ses.search_done()
    ex = expert_panel(ses)
    assert ex["button"] is None and ex["move"].startswith("The expert's move: W")
    # fix18b: each alternative with its own figures, as the move chosen
    assert len(ex["others"]) == 2 and all(t.endswith(" VP expected") for t in ex["others"])
    assert ex["move"].endswith(" VP expected")
    # it is the expert's decision from this player's observation, as an expert seat's
    obs = observe(ses.state, 0)
    rng = player_seats.make_rng(player_seats.bot_seed(41, 0) + 7 * n)
    want = SlowSearch(obs, obs["legal"], rng).decision()
    assert ex["move"] == reasons.expert_answer(want)["move"]
    # another position: asked again from scratch
    ses.do("raise")
    assert expert_panel(ses)["move"]  # a draft is the same position
    ses.do("confirm_guess")
    assert ses.error == "" and len(ses.state.actions) > n
    job = ses.searches.job
    assert job is None or job.key != (seat, n)


def test_the_expert_answer_holds_none_of_the_viewers_own_values(slow, english):
    """R-S7: the answer is made from the viewer's observation only: the same
    observation with other values on the viewer's own rack gives the same
    words, and the screen passes the privacy checks every screen does."""
    answers = []
    for values in (None, 1, 6):
        ses = Session(Options(2), 43, ["Ana", "Bo"], ["human", "hard"])
        guess_screen(ses, random.Random(9), rounds=1)
        if values is not None:  # round 1, before any check: the viewer's own values change
            before = observe(ses.state, 0)
            for sym in ses.state.racks[0]:
                ses.state.racks[0][sym] = values
            assert observe(ses.state, 0) == before
        ses.do("expert")
        ses.finish_searches()
        m = screen_model(ses)
        check_privacy(ses, m)
        own = ses.state.racks[0]
        for text in map(str, all_strings(m["assistant"]["expert"])):
            for sym, v in own.items():
                assert f"{sym}: {v}" not in text and f"{sym} {v}" not in text
        answers.append((m["assistant"]["expert"]["move"], m["assistant"]["expert"]["others"]))
    assert answers[0] == answers[1] == answers[2]


def test_no_expert_without_hints_nor_on_public_screens(english):
    ses = Session(Options(2), 45, ["Ana", "Bo"], ["human", "hard"], hints=False)
    guess_screen(ses, random.Random(1))
    assert screen_model(ses)["assistant"] is None
    ses.do("expert")
    assert ses.error and ses.search_due() is None
    ses = Session(Options(2), 45, ["Ana", "Bo"], ["human", "human"])
    assert ses.screen()[1] is None  # the roll: a public screen
    ses.do("expert")
    assert ses.error and ses.search_due() is None


def test_the_roller_may_ask_the_expert_about_the_dice(slow, english):
    """The keep-or-turn screen (private, R-R1c) has the expert's part alone:
    its answer is a die turned or the dice kept, with the others weighed."""
    ses = Session(Options(2), 47, ["Ana", "Bo"], ["human", "hard"])
    m = play_on(ses, random.Random(5), until=lambda s, m: m["kind"] == "change")
    panel = m["assistant"]
    assert panel["expert_only"] and panel["rows"] == [] and panel["expert"]["button"]
    ses.do("expert")
    ses.finish_searches()
    ex = expert_panel(ses)
    said = [ex["move"]] + ex["others"]
    assert ex["move"].startswith("The expert's move: ")
    assert any(t.startswith(("turning die", "keeping the dice")) for t in said[1:]) or any(
        "turning die" in t or "keeping the dice" in t for t in said
    ), said


def test_a_table_hosts_expert_waits_for_the_pages_slices():
    """Table mode (issue 23): an expert seat on the host searches in the page's
    slices too; once its search is done the host plays it and tells every
    phone (the outbox), and the game plays to its end and replays."""
    from lostcode.rules.engine import is_over
    from lostcode.rules.setup import new_game
    from lostcode.table.host import Host

    s = new_game(Options(2), 12, ["Host", "Ex"])
    host = Host(s, ["human", "expert"], [], {})
    host.run_bots()
    searched = 0
    for _ in range(2000):
        if is_over(s):
            break
        job = host.search_due()
        if job is not None:
            assert s.to_act == 1
            while not job.slice(lambda: 0.0):
                pass
            assert host.searched() == []  # no phone joined: nobody to tell
            searched += 1
            continue
        obs = observe(s, 0)
        host.local(0, obs["legal"][len(s.actions) % len(obs["legal"])])
    assert is_over(s) and searched > 10
    assert replay(json.loads(json.dumps(host.record()))).scores == s.scores


def test_asking_the_expert_is_a_declared_session_action_that_saves_nothing():
    """actions.py declares it once (tests/test_actions.py checks every name is
    reachable and handled); asking changes nothing a save holds."""
    from lostcode.web import actions

    a = actions.ACTIONS[actions.EXPERT]
    assert a.scope == actions.SESSION and a.saves is False
    assert Session.HANDLERS[actions.EXPERT] is Session._on_expert


@pytest.mark.runtimes
def test_reasons_and_slices_say_the_same_on_micropython():
    """The words and the slicing are the page's: MicroPython gives CPython's output."""
    from helpers import node_runtimes_available, run_in_runtime

    if not node_runtimes_available():
        pytest.skip("Node and the npm runtimes are not installed")
    script = ROOT / "tests" / "reasons_portable_script.py"
    cpython = run_in_runtime("cpython", script)
    assert "Диск W3, 8–10: это предположение может принести до 3 очков" in cpython
    assert "Эксперт записал бы:" in cpython  # the final candidates' plan (feel6)
    assert run_in_runtime("micropython", script) == cpython


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_a_bet_says_what_it_can_win_with_the_plural_of_each_language(lang):
    """Issue 39: "this bet can win up to N points and cannot lose any", N the
    wheel's VP, in the language's plural form (ru/pl: 1, 2-4, 5+)."""
    forms = {
        "en": {1: "up to 1 point and", 3: "up to 3 points and", 5: "up to 5 points and"},
        "ru": {1: "до 1 очка и", 3: "до 3 очков и", 5: "до 5 очков и"},
        "it": {1: "fino a 1 punto e", 3: "fino a 3 punti e", 5: "fino a 5 punti e"},
        "pl": {1: "do 1 punktu i", 3: "do 3 punktów i", 5: "do 5 punktów i"},
    }[lang]
    wheels = {1: "W10", 3: "W3", 5: "W1"}
    i18n.set_language(lang)
    try:
        for n, part in forms.items():
            text = reasons.chosen_sentence(["guess", wheels[n], 4], 0.3, "")
            assert part in text, (lang, n, text)
        gain = {"en": "about 2 points", "ru": "на 2 очка", "it": "2 punti", "pl": "o 2 punkty"}
        assert gain[lang] in reasons.option_phrase(["guess", "W3", 4], 1.6, "")
        # a cursed bet can lose (R-X3b): no "cannot lose any" then
        cursed = reasons.chosen_sentence(["guess", "W3", 4], -0.7, "")
        assert forms[3].rsplit(" ", 1)[0] in cursed and forms[3] not in cursed, cursed
    finally:
        i18n.set_language("en")


def test_the_assistants_expert_never_says_a_bet_loses_unless_cursed():
    """Issue 39 (playtest: "W2 11–12: likely to lose about 1 point to the others"):
    the assistant's expert answer says a bet's worth no lower than even, as the
    computer seats' reasons do; a cursed player's bet may be said to lose (R-X3b)."""
    # a wrong bet's points this round (vp) are below 0 only for the curse's holder
    d = expert.Decision(("guess", "W2", 11), (
        expert.Option(("guess", "W2", 11), -1.2, "", -1.0, 0.2, -1.0),
        expert.Option(("guess", "W5", 9), -0.1)))
    plain = reasons.expert_answer(d)
    # fix18b: its figures, never below 0 for a bet that cannot lose (R-C2)
    assert plain["move"].endswith(": right 0%, 0.0 VP expected"), plain["move"]
    assert all("lose" not in t and "\u2212" not in t for t in [plain["move"]] + plain["others"])
    assert reasons.expert_answer(d, True)["move"].endswith(": \u22121.0 VP expected")
