"""Solo play, computer seats and the deduction assistant in the web view models
(issue 4): lostcode/web/game/solo.py, lostcode/web/game/assistant.py and their hooks in
Session / screen_model. CPython, fast."""

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from test_viewmodels import all_strings, check_privacy, enabled, human_step  # noqa: E402

from lostcode.player.deduction import analyze  # noqa: E402
from lostcode.rules.observation import observe  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.services.record import replay  # noqa: E402
from lostcode.web.game import assistant  # noqa: E402
from lostcode.web.game.describe import describe  # noqa: E402
from lostcode.web.game.names import symbol_name  # noqa: E402
from lostcode.web.game.session import Session  # noqa: E402
from lostcode.web.game.solo import SHOWN_WITH_CHECKS, before_checks  # noqa: E402
from lostcode.web.game.views import screen_model  # noqa: E402


def solo(seed=7, bot="hard", hints=True, players=2, flags=None):
    seats = ["human"] + [bot] * (players - 1)
    names = ["Ana", "Carla", "Dora", "Eve"][:players]
    return Session(Options(players, **(flags or {})), seed, names, seats, hints=hints)


def run_game(ses, rng, visit=None):
    kinds = []
    for _ in range(3000):
        m = screen_model(ses)
        json.dumps(m)
        check_privacy(ses, m)
        if visit:
            visit(ses, m)
        kinds.append(m["kind"])
        if m["kind"] == "end":
            return kinds
        human_step(ses, m, rng)
        assert ses.error == "" or m["kind"] in ("shortcut", "final"), (m["kind"], ses.error)
    raise AssertionError("the game did not end")


def first_guess_screen(ses, rng, rounds=3):
    """Play until the human's guess screen of round `rounds` (or later)."""
    for _ in range(2000):
        m = screen_model(ses)
        if m["kind"] == "guess" and ses.state.round >= rounds:
            return m
        human_step(ses, m, rng)
    raise AssertionError("no guess screen")


# --------------------------------------------------------------------------- seats


def test_seat_kinds_are_checked_and_one_human_is_required():
    with pytest.raises(ValueError, match="At least one player must be human"):
        Session(Options(2), 1, ["A", "B"], ["hard", "easy"])
    with pytest.raises(ValueError, match="Unknown kind of player"):
        Session(Options(2), 1, ["A", "B"], ["human", "genius"])
    ses = Session.from_form(2, ["A", "B"], {}, 1, ["human", "medium"], hints=False)
    assert ses.seats == ["human", "medium"] and ses.hints is False
    assert Session(Options(2), 1, ["A", "B"]).seats == ["human", "human"]
    assert Session(Options(2), 1, ["A", "B"]).hints is True


@pytest.mark.parametrize(
    "players,bot,flags",
    [
        (2, "hard", {}),
        (3, "medium", {"shortcut": True, "introductory": True}),
        (4, "easy", {"high_stakes": True, "shortcut": True, "curse": True}),
    ],
)
def test_solo_game_has_no_handoff_and_replays(players, bot, flags):
    ses = solo(seed=players * 10 + 3, bot=bot, players=players, flags=flags)
    kinds = run_game(ses, random.Random(players))
    assert "handoff" not in kinds and "hide" not in kinds
    assert {"bot", "guess", "checks", "final", "end"} <= set(kinds)
    record = ses.record()
    assert [p.get("kind") for p in record["players"]] == ses.seats
    again = replay(json.loads(json.dumps(record)))
    assert again.scores == ses.state.scores and again.result == ses.state.result


def test_private_screens_in_solo_show_only_the_humans_observation():
    ses = solo(seed=21)
    own = ses.state.racks[0]

    def visit(s, m):
        if m["kind"] == "end":
            return
        if m["private"]:
            assert m["viewer"] == 0
        # Solo (issue 10): every screen is the human's, every other rack shows its values.
        for r in m["table"]["racks"] if m["table"] else []:
            values = [st["value"] for st in r["stones"]]
            if r["owner"] == 0:
                assert all(v is None for v in values), (m["kind"], r)
            else:
                assert None not in values, (m["kind"], r)
        # The human's current stones appear nowhere as "symbol: value".
        for text in all_strings(m):
            for sym, v in own.items():
                assert text != f"{sym}: {v}", (m["kind"], text)

    run_game(ses, random.Random(3), visit)


def test_same_seed_same_bot_moves():
    def moves(seed):
        ses = solo(seed=seed, players=3, bot="hard")
        run_game(ses, random.Random(5))
        return list(ses.state.actions)

    assert moves(99) == moves(99)


def test_humans_and_a_bot_keep_handoffs_for_the_humans_only():
    ses = Session(Options(3), 31, ["Ana", "Bo", "Carla"], ["human", "human", "hard"])
    handoffs = []

    def visit(s, m):
        if m["kind"] == "handoff":
            handoffs.append(s.state.to_act)

    kinds = run_game(ses, random.Random(8), visit)
    assert "handoff" in kinds and "bot" in kinds
    assert handoffs and set(handoffs) == {0, 1}


@pytest.mark.parametrize("seats", [["human", "hard", "easy"], ["easy", "medium", "human", "hard"]])
def test_bot_reports_say_each_event_once_in_log_order(seats):
    """Issue 11: a bot report lists every public event of the bots' moves once
    and in the order it happened, over a whole game: no event is said on two
    bot screens, a replacement is one line (the old report added a second
    "discarded ... it showed V" line after all the moves: twice, out of order),
    and a turned die says its old and new face."""
    opts = Options(len(seats), shortcut=True, curse=True)
    changes = 0
    names = [f"P{i + 1}" for i in range(len(seats))]
    for seed in (11, 12, 13):  # enough games that some bot turns a die
        changes += bot_reports_said(Session(opts, seed, names, seats)).count("change")
    assert changes, "no bot turned a die in these games"


def test_a_computers_step_shows_the_round_it_was_played_in():
    """Issue 39 (a playtest): a computer's replacement that ended round 4 was
    shown under "5/9" and "Round 5 of 9" (the state was already at round 5's
    roll). The strip and the board name the round the move shown was played in."""
    seen = []

    def visit(s, m):
        step = m.get("bot_step")
        if m["kind"] != "bot" or not step:
            return
        r = s.bots.steps()[step["n"] - 1]
        rnd, rounds = r["before"]["round"], s.state.options.rounds
        assert m["strip"]["round"]["text"] == f"{rnd}/{rounds}", (step, r["action"])
        assert m["board"]["round"] == f"Round {rnd} of {rounds}", (step, r["action"])
        seen.append(r["after"]["round"] > rnd)

    run_game(Session(Options(3), 21, ["Ana", "Bo", "Cy"], ["hard", "human", "easy"]),
             random.Random(3), visit)
    assert any(seen), "no computer's step ended a round in this game"


def bot_reports_said(ses) -> list:
    """Check every bot screen of one whole game; the kinds of the events said."""
    said = []  # log positions of the events said on bot screens, screen after screen
    kinds = []
    run = [None, []]  # the report being played move by move, and what it has said

    def visit(s, m):
        if m["kind"] != "bot":
            return
        lines = ([b for b in m["blocks"] if b["t"] == "list"] or [{"items": []}])[0]["items"]
        log = s.state.log
        # What a move caused after the round's check (its end) is not said
        # before the check-results screen (issue 22: solo.before_checks); the
        # words grow move by move as the moves are played on the board.
        events = [
            e
            for r in s.bots.shown()
            for e in before_checks(r["events"])
            if e["t"] not in SHOWN_WITH_CHECKS
        ]
        at = [next(i for i, x in enumerate(log) if x is e) for e in events]
        assert lines == [describe(e, s.state.names) for e in events]
        if run[0] is s.bots.report:  # the same run, one move further: what was said, then more
            assert at[: len(run[1])] == run[1], (at, run[1])
            events = events[len(run[1]) :]
            at, run[1] = at[len(run[1]) :], at
        else:
            run[0], run[1] = s.bots.report, at
        assert at == sorted(set(at)) and (not said or not at or at[0] > said[-1]), (at, said)
        said.extend(at)
        for e in events:
            if e["t"] == "discard":
                who = s.state.names[e["player"]]
                stone = f"{who} discarded their {symbol_name(e['symbol'])} stone"
                assert sum(stone in x for x in lines) == 1, lines
            kinds.append(e["t"])
            if e["t"] == "change":
                old, new = symbol_name(e["from"]), symbol_name(e["to"])
                assert any(f"from {old} to {new}" in x for x in lines), lines

    run_game(ses, random.Random(3), visit)
    assert len(said) > 10, len(said)
    return kinds


def test_bot_summaries_are_public_and_reveal_no_range():
    """The bot screen lists the public events of the bots' moves, each once,
    in order, in the words of the game log (describe.py)."""
    ses = solo(seed=5, players=3, bot="hard", flags={"shortcut": True})
    seen = []

    def visit(s, m):
        if m["kind"] != "bot":
            return
        assert not m["private"] and m["assistant"] is None and m["sheet"] is None
        lines = ([b for b in m["blocks"] if b["t"] == "list"] or [{"items": []}])[0]["items"]
        names = s.state.names
        events = [
            e
            for r in s.bots.shown()
            for e in before_checks(r["events"])
            if e["t"] not in SHOWN_WITH_CHECKS
        ]
        assert lines == [describe(e, names) for e in events]
        assert len(lines) == len(set(id(e) for e in events))
        log = s.state.log
        assert [log.index(e) for e in events] == sorted(log.index(e) for e in events)
        for r in s.bots.shown():
            seen.append((r, [describe(e, names) for e in r["events"]]))

    run_game(ses, random.Random(4), visit)
    kinds = {r["action"][0] for r, _lines in seen}
    assert {"roll", "guess", "final"} <= kinds
    names = ses.state.names
    for r, lines in seen:
        a = r["action"]
        text = (lines[0] if lines else "").replace(names[r["seat"]], "")
        if a[0] == "guess":
            # Only the wheel taken: never the range (unless the check is public).
            assert lines[0] == f"{names[r['seat']]} took wheel {a[1]}."
        if a[0] in ("final", "shortcut"):
            assert not any(ch.isdigit() for ch in text), text
        if a[0] == "change":
            e = r["events"][0]
            assert f"from {e['from']} to {e['to']}" in lines[0]  # the die's old and new face


# --------------------------------------------------------------------------- assistant


def test_panel_content_on_a_guess_screen():
    ses = solo(seed=12)
    m = first_guess_screen(ses, random.Random(1), rounds=4)
    a = m["assistant"]
    assert a is not None and a["heading"] == "What can I deduce?"
    obs = observe(ses.state, 0)
    full = analyze(obs)
    assert [r["symbol"] for r in a["rows"]] == obs["symbols"]
    for row, sym in zip(a["rows"], full["symbols"], strict=True):
        assert row["possible"] == sym["possible"]
        assert abs(sum(c["p"] for c in row["cells"]) - 1) < 1e-9
        for c in row["cells"]:
            assert c["out"] == (c["value"] not in sym["possible"])
            assert c["text"].endswith("%") != c["out"]
            # Never shaped like a rack stone's label ("jaguar: 3").
            assert ": " not in c["label"] or not c["label"].split(": ")[1].isdigit()
    # Explanations (issue 17): not computed until the viewer opens "Why…";
    # then one per ruled-out value; in English the same text as
    # deduction.render (except the unowned rack's letter, as the table names it).
    assert a["why"] and a["explanations"] is None
    ses.do("why")
    a = screen_model(ses)["assistant"]
    assert len(a["explanations"]) == len(full["explanations"])
    for text, e in zip(a["explanations"], full["explanations"], strict=True):
        if e["template"] != "seen.unowned":
            assert text == e["text"]
        else:
            assert text.startswith(e["text"].rsplit(" ", 1)[0])
    # The suggestion is the best expected-VP free wheel.
    best = max(full["roll"]["wheels"], key=lambda w: w["ev"])
    sug = a["suggestion"]
    assert (sug["wheel"], sug["low"]) == (best["wheel"], best["low"])
    assert sug["button"]["text"] == "Use this suggestion"
    assert sug["button"]["arg"] == f"{best['wheel']}:{best['low']}"


def test_explanations_are_translated_with_every_template():
    """Every template renders in English exactly as deduction.render does."""
    rng = random.Random(2)
    templates = set()
    for seed in range(6):
        ses = solo(seed=seed, players=2, flags={"high_stakes": seed % 2 == 1})
        for _ in range(400):
            m = screen_model(ses)
            if m["kind"] == "end":
                break
            if m["kind"] == "guess":
                obs = observe(ses.state, 0)
                full = analyze(obs)
                for e in full["explanations"]:
                    templates.add(e["template"])
                    text = assistant.explanation_text(e, full)  # no obs: rack number kept
                    assert text == e["text"], e
            human_step(ses, m, rng)
    assert {"seen.rack", "seen.unowned", "seen.own_discard"} <= templates
    assert any(t.startswith("round.") for t in templates)


def test_panel_only_on_private_screens_and_not_with_hints_off():
    ses = solo(seed=12, hints=False)
    rng = random.Random(1)
    for _ in range(300):
        m = screen_model(ses)
        assert m["assistant"] is None
        if m["kind"] == "end":
            break
        human_step(ses, m, rng)
    ses = solo(seed=12)
    for _ in range(300):
        m = screen_model(ses)
        if m["kind"] == "end":
            break
        assert (m["assistant"] is not None) == (
            m["kind"] in ("guess", "shortcut", "final", "change", "replace")
        )
        if m["kind"] != "guess" and m["assistant"] is not None:
            assert m["assistant"]["suggestion"] is None
        if m["kind"] in ("change", "replace"):  # issue 27: the roller's dice; fix9: a stone
            # to replace: only "What would the expert do?"
            assert m["assistant"]["expert_only"] and m["assistant"]["rows"] == []
        human_step(ses, m, rng)


def test_the_expert_helps_the_solo_human_replace_a_stone_R_P2():
    """A fourth playtest (fix9): computers explain their replacements, the human
    replacing a stone (R-P2) had no help. Solo, the replacement is the human's
    own screen (no stone of theirs in it) with the Expert tab: its answer names
    the stone it would replace, and never a loss (a discard cannot lose points)."""
    from lostcode.web.game.helpdock import tabs_of

    ses = Session(Options(3), 4242, ["Me", "Bo", "Cy"], ["human", "expert", "hard"])
    rng = random.Random(1)
    answers = 0
    for _ in range(3000):
        m = screen_model(ses)
        if m["kind"] == "end" or answers == 2:
            break
        if ses.search_due() is not None:
            ses.finish_searches()
            continue
        if m["kind"] == "replace":
            assert m["private"] and m["viewer"] == 0 and tabs_of(m) == ["expert", "sheet"]
            check_privacy(ses, m)
            ses.do("expert")
            ses.finish_searches()
            ex = screen_model(ses)["assistant"]["expert"]
            assert ex["move"].startswith("The expert's move: replacing the ")
            assert " stone" in ex["move"] and ex["others"], ex
            for said in [ex["move"]] + ex["others"]:
                assert "lose" not in said and "−" not in said, said
            answers += 1
        human_step(ses, m, rng)
    assert answers == 2


def test_suggestion_fills_the_draft_without_confirming():
    ses = solo(seed=12)
    m = first_guess_screen(ses, random.Random(1), rounds=2)
    sug = m["assistant"]["suggestion"]
    n = len(ses.state.actions)
    d = ses.guess_draft()  # issue 11: with hints on the bet starts at the suggestion
    assert (d["wheel"], d["low"]) == (sug["wheel"], sug["low"])
    assert m["assistant"]["suggestion"]["button"]["pressed"]
    other = [it["arg"] for it in enabled(m, "wheel") if it["arg"] != sug["wheel"]][0]
    ses.do("wheel", other)
    assert not screen_model(ses)["assistant"]["suggestion"]["button"]["pressed"]
    ses.do("use_hint", sug["button"]["arg"])
    assert ses.error == ""
    d = ses.guess_draft()
    assert (d["wheel"], d["low"]) == (sug["wheel"], sug["low"])
    assert len(ses.state.actions) == n and ses.screen()[0] == "guess"
    m = screen_model(ses)
    pressed = [it["arg"] for it in enabled(m, "wheel") if it["pressed"]]
    assert pressed == [sug["wheel"]]
    assert enabled(m, "confirm_guess")
    ses.do("undo")
    assert ses.guess_draft()["wheel"] == other
    ses.do("use_hint", sug["button"]["arg"])
    ses.do("confirm_guess")
    g = [x for x in ses.state.actions[n:] if x[0] == "guess"][0]
    assert g == ("guess", sug["wheel"], sug["low"])


def test_analysis_is_cached_per_viewer_and_action_count(monkeypatch):
    calls = []
    real = assistant.analyze

    def counting(obs, explain=True):
        assert isinstance(obs, dict)  # the observation, never the State
        calls.append(obs["viewer"])
        return real(obs, explain)

    monkeypatch.setattr(assistant, "analyze", counting)
    ses = solo(seed=12)
    m = first_guess_screen(ses, random.Random(1), rounds=2)
    assert calls and set(calls) == {0}  # only the human's own view
    calls.clear()
    ses.assist = None  # the kept analysis forgotten: the next event computes it once
    ses.do("wheel", enabled(m, "wheel")[0]["arg"])
    for low in ("3", "4", "5"):
        ses.do("low", low)
        screen_model(ses)
    screen_model(ses)
    assert calls == [0]


def test_explanations_only_when_opened(monkeypatch):
    """Issue 17: explanations cost seconds on MicroPython, so every screen analyses
    without them; "why" (the summary of "Why…") asks for them on this position only."""
    real = assistant.analyze
    calls = []

    def counting(obs, explain=True):
        calls.append(explain)
        return real(obs, explain)

    monkeypatch.setattr(assistant, "analyze", counting)
    ses = solo(seed=12)
    m = first_guess_screen(ses, random.Random(1), rounds=4)
    assert m["assistant"]["why"] and m["assistant"]["explanations"] is None
    assert calls and not any(calls)
    calls.clear()
    ses.do("why")
    opened = screen_model(ses)["assistant"]["explanations"]
    assert opened and calls == [True]
    screen_model(ses)
    assert calls == [True]  # cached with its explanations
    ses.do("why")  # closing it again
    assert screen_model(ses)["assistant"]["explanations"] is None


def test_no_word_of_a_bets_worth_before_its_check_R_G3():
    """R-G3 (fifth playtest, s_005: during round 1, before the check, the
    expert's step read "took W4 …: likely to score about 3 points"): how many
    points a bet likely scores tells the table how sure its player is of the
    hidden range. Solo, seed 4242, an expert and a hard computer, rounds 1–3:
    on every screen before a round's check, no step caption, log line or
    answer holds the expert's reasons for that round's bet; its step says only
    what the wheel can win, a die turned or kept nothing (its worth is its
    bet's); once the check is shown the log says them."""
    from lostcode.web import actions
    from lostcode.web.game.reasons import reason_text
    from lostcode.web.game.views import log_model

    ses = Session(Options(3), 4242, ["Ana", "Bo", "Cy"], ["human", "expert", "hard"])
    rng = random.Random(5)
    captions = said_after = 0
    for _ in range(1500):
        if ses.state.round > 3:
            break
        if ses.search_due() is not None:
            ses.finish_searches()
            continue
        m = screen_model(ses)
        text = json.dumps([m, log_model(ses)], ensure_ascii=False)
        for r in ses.bots.reasons.values():
            if r["options"][0][0][0] not in ("guess", "change", "accept"):
                continue  # the bet, and the roller's dice it is worth (movewords AT_CHECK)
            why = reason_text(r["options"])
            if r["round"] > ses.checks_shown:
                assert why not in text, (r["round"], ses.checks_shown, why)
            elif why in text:
                said_after += 1
        step = m.get("bot_step")
        if step and ("turned die" in step["caption"] or "kept the dice" in step["caption"]):
            assert " — " not in step["caption"], step["caption"]  # no worth said
        if step and " took W" in step["caption"]:
            captions += 1
            assert "score about" not in step["caption"] and "learn" not in step["caption"]
            assert step["caption"].endswith("cannot lose any"), step["caption"]
        if m["kind"] == "bot":
            ses.do(actions.CONTINUE)
        else:
            human_step(ses, m, rng)
    assert captions >= 3 and said_after > 0, (captions, said_after)
