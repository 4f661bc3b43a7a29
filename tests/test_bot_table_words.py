"""A fourth new-player playtest (issue 39, fix9) of a solo game against an
expert and a hard computer (seed 4242): what the table says of the computer
seats. Each computer's level where its name is (its rack, the strip, the
heading); each computer step names the round its move was played in on the
strip and the board; and no step says a move was played while the same player
is said to be thinking of it (the end's final candidates, written a symbol at
a time while the expert searches)."""

import random
import re

from test_viewmodels import human_step

from lostcode.rules.options import Options
from lostcode.web.game.session import Session
from lostcode.web.game.views import screen_model
from lostcode.web.shell.i18n import set_language

SEATS = ["human", "expert", "hard"]


def solo_screens(seed=4242, lang="en"):
    """Every screen model of a whole solo game, as the page draws them: each
    computer step, and while the expert searches, the screen it waits on."""
    set_language(lang)
    try:
        ses = Session(Options(3), seed, ["Me", "Player 2", "Player 3"], SEATS)
        rng = random.Random(1)
        for _ in range(3000):
            m = screen_model(ses)
            yield ses, m
            if m["kind"] == "end":
                return
            if ses.search_due() is not None:
                ses.finish_searches()  # the page's slices, all at once
                continue
            human_step(ses, m, rng)
    finally:
        set_language("en")


def rack_texts(rack):
    return [k[2] for k in rack[2] if k[0] == "text"]


def test_each_computer_seat_shows_its_level_where_its_name_is():
    headings = set()
    for _ses, m in solo_screens():
        if m["kind"] == "bot":
            headings.add(m["heading"])
            assert "(computer)" not in m["heading"]
        for rack in (m.get("board") or {}).get("racks", ()):
            owner = rack[1].get("data-owner")
            result = any("rack-result" in k[1].get("class", "") for k in rack[2])
            if owner in ("1", "2") and not result:
                assert rack_texts(rack)[1:] == [{"1": "expert", "2": "hard"}[owner]]
            elif owner == "0":
                assert "expert" not in rack_texts(rack) and "hard" not in rack_texts(rack)
        if m.get("strip"):
            seats = m["strip"]["seats"]
            assert [s.get("level", "") for s in seats] == ["", "expert", "hard"]
            assert seats[1]["aria"].startswith("Player 2 (expert): ")
    assert "Player 2 (expert) played" in headings and "Player 3 (hard) played" in headings


def test_the_levels_are_in_each_editions_words():
    for lang, words in (("ru", "эксперт"), ("it", "esperto"), ("pl", "ekspert")):
        for _ses, m in solo_screens(lang=lang):
            if m["kind"] == "bot" and m.get("board"):
                racks = {r[1].get("data-owner"): r for r in m["board"]["racks"]}
                assert words in rack_texts(racks["1"]) and words in m["strip"]["seats"][1]["level"]
                break


def test_a_computer_step_names_the_round_its_move_was_played_in():
    """The strip and the board's round line say the round of the move drawn
    (a round's last replacement leaves the state at the next round's roll:
    the step still says its own round), never the state's next one."""
    ended = 0
    for ses, m in solo_screens():
        step = m.get("bot_step")
        if not step or m.get("waiting"):
            continue
        r = ses.bots.steps()[step["n"] - 1]
        played = r["before"]["round"]
        ended += r["after"]["round"] != played
        assert m["strip"]["round"]["text"] == f"{played}/9", step["caption"]
        assert m["board"]["round"] == f"Round {played} of 9", step["caption"]
        said = re.findall(r"Round (\d+)", m["heading"] + step["caption"])
        assert all(int(n) == played for n in said)
    assert ended >= 1  # a round's last move was a computer's, shown as its round's


def test_a_step_never_says_its_player_is_thinking_of_it():
    """At the end the expert writes its final candidates a symbol at a time:
    the symbols already written are no step (the heading says it is to play),
    and a step drawn while the same seat decides says it chooses its next move."""
    waits = 0
    for ses, m in solo_screens():
        if not m.get("waiting"):
            continue
        waits += 1
        thinker = ses.bots.thinking_job().key[0]
        name = ["Me", "Player 2", "Player 3"][thinker]
        step = m.get("bot_step")
        if step is None:
            assert m["heading"] == name + " (expert) to play"
            assert m["waiting"] == name + " is thinking…"
            continue
        if step["seat"] == thinker:
            assert m["waiting"] == name + " is choosing their next move…"
            assert "final candidates" not in step["caption"], step["caption"]
        else:
            assert m["waiting"] == name + " is thinking…"
    assert waits >= 5


def test_the_levels_keep_the_racks_drawn_once():
    """Issue 40: the levels are drawn with the board (board.rack_svg, from the
    observation), so a tap that changes only the question keeps every rack's
    tree, as the page's BoardKeeper hands it back: no rack written again. They
    were added to new rack lists after the board was kept, on every model."""
    from lostcode.web.game.views import BoardKeeper

    ses = Session(Options(3), 4242, ["Me", "Player 2", "Player 3"], SEATS)
    rng = random.Random(1)
    keeper = BoardKeeper()
    for _ in range(400):
        m = screen_model(ses, keeper)
        if m["kind"] == "guess" and m["viewer"] == 0:
            break
        if ses.search_due() is not None:
            ses.finish_searches()
            continue
        human_step(ses, m, rng)
    again = screen_model(ses, keeper)  # the same screen drawn again (a tap on a wheel, say)
    assert m["board"]["racks"] and all(
        a is b for a, b in zip(m["board"]["racks"], again["board"]["racks"], strict=True))
    racks = again["board"]["racks"]
    texts = [rack_texts(r)[1:] for r in racks if r[1].get("data-owner") in ("1", "2")]
    assert texts == [["expert"], ["hard"]]
