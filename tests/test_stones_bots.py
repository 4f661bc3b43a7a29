"""«Тайные камни»'s computer players (issue 43): they play only legal
actions, from their observation, in games that end; the searching one finds
shortest plans and beats the easy one; `stones-selfplay` checks the rules.
(The 10,000-game run and the win rates are tools/bench_stones.py's:
docs/stones.md.)"""

from lostcode.stones.bots import EasyBot, SearchBot, make_bot
from lostcode.stones.cards import PATTERN
from lostcode.stones.cards import POINTS as PTS
from lostcode.stones.engine import apply_action
from lostcode.stones.observation import observe
from lostcode.stones.selfplay import play
from lostcode.stones.state import Options, new_game
from lostcode.stones.vocab import PHASE_END


def card_with(pattern):
    return next(c for c, p in PATTERN.items() if p == pattern)


def test_bot_games_of_every_size_end_and_keep_the_rules():
    for seed in range(10):
        seats = [("easy", "search")[(seed + i) % 2] for i in range(1 + seed % 5)]
        s, found = play(seats, seed)
        assert not found, found
        assert s.phase == PHASE_END


def test_S_E3_bot_games_name_every_player_with_the_most_points_a_winner():
    for seed in range(6):
        s, found = play(["search", "search", "easy"], 30 + seed)
        assert not found
        best = max(s.result["scores"])
        assert s.result["winners"] == [i for i, x in enumerate(s.result["scores"]) if x == best]


def test_search_bot_plays_a_shortest_plan_to_complete_a_card():
    s = new_game(Options(2), 5, ["A", "B"])
    p = s.to_act
    s.grid = "HEOTHSFBE"  # H E O / T H S / F B E
    goal = card_with(".../.SH/...")  # one swap away: the centre and its right
    spare = [70, 71, 72]  # 5-point cards that do not show within reach
    for c in [goal] + spare:
        for pile in [s.deck] + s.hands:
            if c in pile:
                pile.remove(c)
    s.deck += s.hands[p]
    s.hands[p] = [goal] + spare
    bot = SearchBot(1, depth=1)
    actions = []
    while goal in s.hands[p]:
        a = bot.decide(observe(s, p))
        actions.append(a)
        apply_action(s, a)
        assert len(actions) < 5
    assert actions[0][0] == "swap" and actions[0][2:] == (4, 5)
    assert actions[-1] == ("complete", goal) and len(actions) == 2


def test_search_bot_completes_cards_met_on_the_way_to_a_bigger_one():
    s = new_game(Options(2), 5, ["A", "B"])
    p = s.to_act
    s.grid = "HEOTHSFBE"
    hand = [card_with(".../.SH/..."), 70, 71, 72, 1, 2]
    for c in hand:
        for pile in [s.deck] + s.hands:
            if c in pile:
                pile.remove(c)
    s.deck += s.hands[p]
    s.hands[p] = hand[:]
    bot = SearchBot(1)
    while s.to_act == p:
        apply_action(s, bot.decide(observe(s, p)))
    assert s.done[p] and sum(PTS[c] for c in s.done[p]) >= 3


def test_search_bot_beats_easy_in_most_two_player_games():
    wins = 0
    for i in range(20):
        me = i % 2
        seats = ["easy", "easy"]
        seats[me] = "search"
        s, _ = play(seats, 9000 + i, check=False)
        wins += s.result["winners"] == [me]
    assert wins >= 14


def test_bots_are_made_by_kind_and_decide_from_their_observation_only():
    assert isinstance(make_bot("easy", 1), EasyBot)
    assert isinstance(make_bot("search", 1), SearchBot)
    s = new_game(Options(3), 8, ["A", "B", "C"])
    obs = observe(s, s.to_act)
    for other in obs["players"]:
        assert other["hand"] is None or other is obs["players"][s.to_act]
    assert tuple(SearchBot(2).decide(obs)) in obs["legal"]


def test_stones_selfplay_command_checks_seeded_games(tmp_path, capsys):
    from lostcode.cli.cli import main
    from lostcode.stones.record import replay

    out = tmp_path / "game.json"
    assert main(["stones-selfplay", "--games", "3", "--players", "3", "--seed", "4",
                 "--record", str(out)]) == 0  # fmt: skip
    text = capsys.readouterr().out
    assert "3 games, 3 players (search,easy,search), 0 with a problem" in text
    assert replay(out.read_text()).phase == PHASE_END
    assert main(["stones-selfplay", "--games", "2", "--players", "1", "--quiet"]) == 0
    assert "0 with a problem" in capsys.readouterr().out


def test_search_bot_thinking_in_slices_plays_what_it_decides_whole():
    """The page runs the search a slice at a time between frames (issue 43:
    no long task); the plans, and so the games, are the same."""
    from lostcode.stones.engine import is_over

    for seed in (1, 2):
        records = []
        for sliced in (False, True):
            s = new_game(Options(3), seed, ["A", "B", "C"])
            bots = [SearchBot(seed + i) for i in range(3)]
            slices = 0
            while not is_over(s):
                obs = observe(s, s.to_act)
                bot = bots[s.to_act]
                if sliced:
                    action = bot.think(obs, 50)
                    while action is None:
                        slices += 1
                        action = bot.think(obs, 50)
                else:
                    action = bot.decide(obs)
                apply_action(s, action)
            records.append(list(s.actions))
            if sliced:
                assert slices > 10
        assert records[0] == records[1]
