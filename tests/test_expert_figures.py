"""The expert's figures after the fifth playtest (issue 39, words9).

Seed 4242, solo (human, expert, hard), round 1: the expert's W4 12–15 read
"likely to score about 3 points" while the Chances tab gave that bet 40 % and
1.2 VP (three sampled worlds, all right); the human's answer chose W7 0–6
("about 1 point") over W1 0 ("about 2 points") with no word why; at the end
"cannot be won any more" was said with +30 still possible. A bet's points are
now the Chances tab's (chance × wheel VP), an alternative that scores more now
says why the chosen move beats it, and "cannot be won" is said only when
certain.
"""

import random

import pytest
from test_viewmodels import human_step

from lostcode.player.deduction import analyze
from lostcode.player.expert import NOTE_LOST, NOTE_WIN, Option
from lostcode.player.finalplan import cannot_win
from lostcode.rules.components import WHEEL_VP
from lostcode.rules.engine import apply_action
from lostcode.rules.observation import observe
from lostcode.rules.options import Options
from lostcode.rules.setup import new_game
from lostcode.web import actions
from lostcode.web.game import reasons
from lostcode.web.game.session import Session
from lostcode.web.game.views import screen_model


def chances_tab(ses, upto, seat):
    """The Chances tab's expected points per (wheel, low) for `seat` before action `upto`."""
    s = ses.state
    t = new_game(s.options, s.seed, s.names)
    for a in s.actions[:upto]:
        apply_action(t, a)
    roll = analyze(observe(t, seat), explain=False)["roll"]
    return {(w["wheel"], w["low"]): w["ev"] for w in roll["wheels"]}


def playtest_round_one():
    """Seed 4242 to the human's first bet, the expert asked; every search run."""
    ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"], ["human", "expert", "hard"])
    rng = random.Random(5)
    for _ in range(300):
        if ses.search_due() is not None:
            ses.finish_searches()
            continue
        m = screen_model(ses)
        if m["kind"] == "guess" and m["viewer"] == 0:
            ses.do(actions.EXPERT)
            ses.finish_searches()
            return ses, screen_model(ses)["assistant"]
        if m["kind"] == "bot":
            ses.do(actions.CONTINUE)
        else:
            human_step(ses, m, rng)
    raise AssertionError("no bet of the human's")


def test_a_bets_points_are_the_chances_tabs_R_C1():
    """R-C1: a bet scores its wheel's VP when right, so it likely scores the
    chance of its range × that VP: the computer's reasons and "Ask the expert"
    say the Chances tab's figure (W4 12–15: 40 % × 3 = 1.2, "about 1 point";
    it read "about 3 points")."""
    ses, a = playtest_round_one()
    bets = [(n, r) for n, r in ses.bots.reasons.items() if r["options"][0][0][0] == "guess"]
    assert bets
    for n, r in bets:
        tab = chances_tab(ses, n, r["seat"])
        for action, _value, _note, vp, _learn in r["options"]:
            assert abs(vp - tab[(action[1], action[2])]) < 0.01, (action, vp, tab)
    n, r = bets[0]
    assert r["options"][0][0][:3] == ["guess", "W4", 12]
    text = reasons.reason_text(r["options"])
    assert text.startswith("Took W4 12–15: this bet can win up to 3 points and cannot lose "
                           "any; likely to score about 1 point"), text
    # The human's own answer: its figures are the Chances tab's too.
    tab = chances_tab(ses, len(ses.state.actions), 0)
    weighed = ses.searches.job.result.options
    assert len(weighed) > 1
    for o in weighed:
        assert abs(o.vp - tab[(o.action[1], o.action[2])]) < 1e-9, (o.action, o.vp)
    ex = a["expert"]
    # fix18b: the chosen move's figures, as its alternatives'
    assert ex["move"] == "The expert's move: W7 0–6: right 60%, 1.2 VP expected", ex["move"]
    assert abs(tab[("W7", 0)] - 1.2) < 1e-9
    assert ex["compare"] == "The same bet as the Chances tab's suggestion."


def test_an_option_scoring_more_now_says_why_the_chosen_one_beats_it():
    """The list never reads as a contradiction: an alternative said to score
    more points than the move chosen says what the chosen move gains instead
    (the search ranks by points now + what the move teaches − the others' gain)."""
    chosen = [["guess", "W7", 0], 2.6, "know", 1.2, 2.0]
    learns = [["guess", "W1", 0], 1.9, "score", 2.0, 0.3]
    denies = [["guess", "W1", 0], 1.9, "score", 2.0, 1.9]
    fewer = [["guess", "W5", 0], 1.0, "score", 0.8, 0.2]
    said = reasons.reason_text([chosen, learns, fewer])
    assert ("Also weighed: W1 0: likely to score about 2 points, but the chosen move "
            "learns more about its own stones; W5 0–4: likely to score about 1 point.") in said
    said = reasons.reason_text([chosen, denies])
    assert said.endswith("W1 0: likely to score about 2 points and learn more about its own "
                         "stones, but the chosen move leaves the others fewer points."), said
    both = [["guess", "W1", 0], 1.9, "score", 2.4, 0.8]  # 1.2 less learnt, 1.2 more points
    assert reasons.weighed_phrase(reasons.split(chosen), reasons.split(both)).endswith(
        "but the chosen move learns more about its own stones")
    half = [["guess", "W1", 0], 1.9, "score", 3.0, 1.0]  # 1.0 less learnt, 1.8 more points
    assert reasons.weighed_phrase(reasons.split(chosen), reasons.split(half)).endswith(
        "but the chosen move learns more about its own stones and leaves the others "
        "fewer points")
    older = [["guess", "W1", 0], 1.9, "score"]  # an older save: no points kept, no claim
    assert ", but" not in reasons.reason_text([chosen, older])


def final_obs(scores, my_final=None, tokens=None, my_tokens=None):
    return {"viewer": 0, "players": len(scores), "scores": list(scores),
            "tokens": tokens or {}, "my_tokens": my_tokens or {}, "my_final": my_final or {}}


SIX = ("jaguar", "bird", "snake", "frog", "bear", "chameleon")


def test_cannot_be_won_only_when_no_candidates_can_win_R_E2():
    """R-E2 (+5 one value right, −2 wrong), R-X2c (a token's row doubled): the
    playtest's 14 to 23 can still win (+30 against −12); a player who cannot
    catch up even with every row right is told so."""
    assert not cannot_win(final_obs([14, 23, 18]), SIX)
    assert not cannot_win(final_obs([10, 52, 0]), SIX)  # 10 + 30 = 40 = 52 − 12: a tie
    assert cannot_win(final_obs([10, 53, 0]), SIX)
    written = final_obs([14, 48, 0], my_final={s: [1, 2] for s in SIX[:3]})
    assert cannot_win(written, SIX)  # 14 + 3 × 2 + 3 × 5 = 35 < 48 − 12 = 36
    assert not cannot_win(final_obs([14, 48, 0]), SIX)  # 14 + 30 = 44
    token = final_obs([14, 20, 0], tokens={"bird": {"holder": 1}})
    assert not cannot_win(token, SIX)  # the rival's doubled row can lose 4


def test_the_final_answer_says_cannot_be_won_only_when_certain():
    plan = [Option(("final", "bird", (3,)), 0.001, NOTE_WIN, 1.5)]
    assert reasons.plan_answer(plan)["aim"] == (
        "Winning is now very unlikely (under 1%): the expert plays for points.")
    plan = [Option(("final", "bird", (3,)), 0.0, NOTE_LOST, 1.5)]
    assert reasons.plan_answer(plan)["aim"] == (
        "The game cannot be won any more: the expert plays for points.")


def test_a_cursed_bets_points_count_what_a_wrong_one_loses_R_X3b():
    """R-X3b: the curse's holder loses the wheel's VP when wrong, so its bet
    likely scores p × VP − (1 − p) × VP (the Chances tab, which leaves the
    curse out, says p × VP); anyone else's bet, p × VP."""
    from test_expert import positions

    from lostcode.player.deduction import Knowledge
    from lostcode.player.expert import bet_points

    s = [p for p in positions(3, 4242, 0, stop=3) if p.phase == "guess"][0]
    obs = observe(s, 0)
    k = Knowledge(obs)
    tab = {(w["wheel"], w["low"]): (w["p"], w["ev"]) for w in analyze(obs, False)["roll"]["wheels"]}
    cursed = dict(obs, curse={"state": "taken", "holder": 0})
    ctab = {(w["wheel"], w["low"]): w["ev"] for w in analyze(cursed, False)["roll"]["wheels"]}
    for (wheel, low), (p, ev) in tab.items():
        assert abs(bet_points(obs, k, ("guess", wheel, low)) - ev) < 1e-9
        lost = (1 - p) * WHEEL_VP[wheel]
        assert abs(bet_points(cursed, k, ("guess", wheel, low)) - (ev - lost)) < 1e-9
        # desk10: the Chances tab counts the loss too, so both say one figure
        assert abs(ctab[(wheel, low)] - (ev - lost)) < 1e-9
    assert bet_points(obs, k, ("accept",)) is None


def test_the_chances_tab_says_the_curse_holders_loss_R_X3b():
    """R-X3b, desk10: the curse holder's suggestion counts what a wrong bet
    loses and says so, in each language; nobody else's does."""
    from test_expert import positions

    from lostcode.web.game.assistant import suggestion
    from lostcode.web.shell.i18n import _, set_language

    s = [p for p in positions(3, 4242, 0, stop=3) if p.phase == "guess"][0]
    obs = observe(s, 0)
    cursed = dict(obs, curse={"state": "taken", "holder": 0})
    note = "You hold the curse: a wrong bet loses its wheel's VP, counted in the VP expected."
    for lang in ("en", "ru", "it", "pl"):
        set_language(lang)
        try:
            said = _(note)
            plain, held = suggestion(analyze(obs, False)), suggestion(analyze(cursed, False))
            assert said not in plain["text"], lang
            assert said in held["text"], lang
            assert held["ev"] < plain["ev"] or plain["p"] == 1.0, (lang, held, plain)
            assert lang == "en" or said != note, lang
        finally:
            set_language("en")


def test_a_die_decisions_points_are_the_exact_points_of_its_bet():
    """desk10: a die kept or turned (R-R1c) is said to score the Chances tab's
    exact figure of the bet it leads to (the hard policy's pick on a free wheel
    with those dice), no longer the points of a few sampled worlds."""
    from test_expert import positions

    from lostcode.player.bots import make_rng
    from lostcode.player.deduction import Knowledge, free_wheels
    from lostcode.player.deduction import bet_points as exact
    from lostcode.player.expert import Search
    from lostcode.player.policy import HardBot
    from lostcode.rules.engine import legal_actions

    checked = 0
    for seed in (4242, 5, 7):
        for s in positions(2, seed, 0, stop=40):
            if s.phase != "change":
                continue
            obs = observe(s, 0)
            search = Search(obs, legal_actions(s), make_rng(seed), 300)
            while not search.run(1_000_000):
                pass
            k = Knowledge(obs)
            for o in search.result.options:
                dice = list(obs["dice"])
                if o.action[0] == "change":
                    dice[o.action[1]] = o.action[2]
                vals = HardBot().wheel_values(obs, k, dice, free_wheels(obs))
                best = max(vals, key=lambda v: v[0])
                assert abs(o.vp - exact(k, dice, best[1], best[2])) < 1e-9, (seed, o.action)
                checked += 1
    assert checked >= 4


@pytest.mark.parametrize("lang", ["en", "ru", "it", "pl"])
def test_the_experts_answer_to_a_human_says_your_stones(lang):
    """A sixth playtest (fix10): "The expert's move: turning die 3 to jaguar:
    likely to score about 1 point and learn more about its own stones" on the
    player's own screen. Every phrasing of the human's answer speaks to them
    ("your stones"); a computer's own reasons keep the third person."""
    from lostcode.web.shell.i18n import _, set_language

    set_language(lang)
    try:
        chosen = [["guess", "W7", 0], 2.6, "know", 1.2, 2.0]  # scores and learns
        learns = [["guess", "W7", 0], 2.6, "know", 0.2, 2.0]  # learns only
        know = [["guess", "W7", 0], 2.6, "know", 0.2, 0.2]  # the note said
        more = [["guess", "W1", 0], 1.9, "score", 2.0, 0.3]  # more points: why not
        both = [["guess", "W1", 0], 1.9, "score", 2.4, 0.8]
        own = {
            _("{points} and learn more about its own stones", points="").strip(),
            _("likely to learn more about its own stones"),
            _("mostly by what it learns about its own stones"),
            _("the chosen move learns more about its own stones"),
        }
        said = []
        for first in (chosen, learns, know):
            said.append(reasons.option_phrase(*reasons.split(first), you=True))
            for other in (more, both):
                said.append(reasons.weighed_phrase(reasons.split(first), reasons.split(other),
                                                   you=True))
        said.append(reasons.aim_text(""))
        text = " | ".join(said)
        for words in own:
            assert words not in text, (words, text)
        assert _("likely to learn more about your stones") in text
        assert _("mostly by what you learn about your stones") in text
        assert _("the chosen move learns more about your stones") in text
        assert _("likely to learn more about its own stones") in reasons.reason_text([learns])
    finally:
        set_language("en")


def test_a_replacement_says_what_it_gains_R_P2():
    """A sixth playtest (fix10): a replacement read "about even with the others
    (mostly by what it learns about its own stones)". A discard scores nothing
    now (R-P2); its old stone goes face up: what the player learns is said
    plainly, to the human as "you", of a computer as "it"."""
    even = [["discard", "jaguar"], 0.1, "know", 0.0, 0.2]
    worth = [["discard", "bird"], 1.4, "know", 0.0, 1.6]
    assert reasons.option_phrase(*reasons.split(even), you=True) == (
        "replacing the jaguar stone: you learn the old stone's value; about as many points "
        "as the other choices")
    assert reasons.option_phrase(*reasons.split(worth), you=True) == (
        "replacing the bird stone: you learn the old stone's value, likely worth about 2 "
        "points to you by the end")
    said = reasons.reason_text([even, worth])
    assert said.startswith("Replaced the jaguar stone: it learns the old stone's value; about "
                           "as many points as the other choices."), said
    assert "about even" not in said and "its own" not in said, said
