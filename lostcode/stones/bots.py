"""Computer players for «Тайные камни», deciding from their observation only.

- `EasyBot`: completes what the grid shows; otherwise, one turn in two,
  spends one card on a swap or flip that makes one of its cards show (or, in
  a game of several, on a move at random); otherwise skips when allowed, or
  ends the turn.
- `SearchBot`: searches the grids 1..3 actions away (breadth first, so the
  first plan found for a set of cards is a shortest one) for the plan that
  completes the most points with the cards it can spare (each action
  discards one card, S-A1/S-A2, and a card to complete must be kept). Ties
  go to fewer actions, then to the final grid showing fewest of the cards
  the next player may hold (every card not seen in a hand, a discard or a
  completed pile): it spoils what it can. The discarded card is the one
  farthest from showing, cheapest first. With nothing in reach and no skip
  allowed it spends one card on the most spoiling move, to see a new card.
  In solo every action burns a card for good (S-O4), so it acts only for a
  plan that completes something.
Each bot has its own seeded generator, so a game replays from its seed.
"""

from ..rules.rng import Rng
from .cards import CARD_IDS, PLACEMENTS, POINTS
from .grid import steps
from .patterns import shows
from .search import PlanSearch
from .vocab import COMPLETE, END, FLIP, SKIP, SWAP

MAX_DEPTH = 3  # actions searched ahead in one turn (about 5,000 grids at most)


def _completable(obs, hand: list) -> list:
    return [c for c in hand if shows(PLACEMENTS[c], obs["grid"])]


def _can_skip(obs) -> bool:
    return [SKIP] in [list(a) for a in obs["legal"]] or (SKIP,) in obs["legal"]


def _action(step: tuple, card: int) -> tuple:
    if step[0] == "swap":
        return (SWAP, card, step[1], step[2])
    return (FLIP, card, step[1])


class EasyBot:
    __slots__ = ("rng",)

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def decide(self, obs) -> tuple:
        me = obs["to_act"]
        hand = obs["players"][me]["hand"]
        done = _completable(obs, hand)
        if done:
            return (COMPLETE, done[0])
        if len(hand) >= 2 and not obs["acted"] and self.rng.below(2) == 0:
            moves = steps(obs["grid"])
            for step, g in moves:
                for c in hand:
                    if shows(PLACEMENTS[c], g):
                        spare = [x for x in hand if x != c]
                        return _action(step, spare[self.rng.below(len(spare))])
            if obs["options"]["players"] > 1:
                # nothing in one step: a move at random, to see new cards
                step = moves[self.rng.below(len(moves))][0]
                return _action(step, hand[self.rng.below(len(hand))])
        if _can_skip(obs):
            return (SKIP,)
        return (END,)


class SearchBot:
    __slots__ = ("rng", "depth", "nodes", "todo", "pending")

    def __init__(self, seed: int = 0, depth: int = MAX_DEPTH):
        self.rng = Rng(seed)
        self.depth = depth
        self.nodes = 0  # grids looked at in the last search (the benchmark reads it)
        self.todo: list = []  # the rest of this turn's plan: (grid before, action)
        # [observation, PlanSearch, SpoilCount or None] being thought in slices
        self.pending: list | None = None

    def decide(self, obs) -> tuple:
        me = obs["to_act"]
        hand = obs["players"][me]["hand"]
        done = _completable(obs, hand)
        if done:
            done.sort(key=lambda c: (-POINTS[c], c))
            return (COMPLETE, done[0])
        if self.todo:
            before, action = self.todo[0]
            if before == obs["grid"] and action[1] in hand:
                self.todo.pop(0)
                return action
        plan = self.plan(obs, hand)
        if plan is not None:
            return plan
        return self.fallback(obs, hand)

    def think(self, obs, budget: int):
        """`decide` in slices, for the page: search about `budget` grids and
        return the action once found, None until then (call again with the
        same observation). The action is the one `decide` gives. After the
        search, the spoiling count (each candidate grid against every card
        the next player may hold, the costly part of `choose` and `cycle`)
        is made a few grids a slice too (`SpoilCount`)."""
        if self.pending is None or self.pending[0] is not obs:
            me = obs["to_act"]
            hand = obs["players"][me]["hand"]
            nxt = self.todo[0] if self.todo else None
            follows = nxt is not None and nxt[0] == obs["grid"] and nxt[1][1] in hand
            if follows or _completable(obs, hand) or len(hand) < 2:
                self.pending = None
                return self.decide(obs)
            search = PlanSearch(obs["grid"], hand, min(self.depth, len(hand) - 1))
            self.pending = [obs, search, None]
        pending = self.pending
        obs_then, search, spoil = pending
        hand = obs_then["players"][obs_then["to_act"]]["hand"]
        if not search.done:
            search.run(budget)
            return None  # what follows the search comes in the next slice
        if spoil is None:
            grids = self._spoil_grids(obs_then, hand, search)
            spoil = SpoilCount(grids, self._unseen(obs_then, hand) if grids else [])
            pending[2] = spoil
        if not spoil.run(budget):
            return None
        self.pending = None
        counts = spoil.counted()
        plan = self.choose(obs_then, hand, search, counts)
        return plan if plan is not None else self.fallback(obs_then, hand, counts)

    def _spoil_grids(self, obs, hand: list, search) -> list:
        """The grids `choose` (or, with no plan, `cycle`) will count spoils on."""
        if obs["options"]["players"] < 2:
            return []
        if search.best is not None:
            return [h for h, _k in search.ties] if len(search.ties) > 1 else []
        if _can_skip(obs) or not hand or obs["acted"]:
            return []
        return [g for _step, g in steps(obs["grid"])]

    def fallback(self, obs, hand: list, counts=None) -> tuple:
        """With no plan: skip when allowed, else see a new card, else end."""
        if _can_skip(obs):
            return (SKIP,)
        if hand and not obs["acted"] and obs["options"]["players"] > 1:
            return self.cycle(obs, hand, counts)
        return (END,)

    def cycle(self, obs, hand: list, counts=None) -> tuple:
        """Nothing to complete and no skip: spend the card farthest from
        showing on the move that leaves the fewest cards the next player may
        hold showing (the card comes back as a fresh one at the turn's end)."""
        unseen = self._unseen(obs, hand)
        fewest = len(unseen) + 1
        chosen = ("flip", 4)
        for step, g in steps(obs["grid"]):
            spoil = counts[g] if counts else sum(1 for c in unseen if shows(PLACEMENTS[c], g))
            if spoil < fewest:
                fewest, chosen = spoil, step
        worst = sorted(hand, key=lambda c: (POINTS[c], c))[0]
        return _action(chosen, worst)

    def plan(self, obs, hand: list):
        """The first action of the best plan, or None if no plan in reach
        completes a card; the rest of the plan waits in `todo`."""
        search = PlanSearch(obs["grid"], hand, min(self.depth, len(hand) - 1))
        search.run(1 << 30)
        return self.choose(obs, hand, search)

    def choose(self, obs, hand: list, search, counts=None) -> tuple | None:
        """The plan a finished search found: among the best, the one leaving the
        fewest of the next player's possible cards showing; paid with the
        cards farthest from showing, cheapest first."""
        self.todo = []
        self.nodes = search.nodes
        if search.best is None:
            return None
        target, keep = search.ties[0]
        if len(search.ties) > 1 and obs["options"]["players"] > 1:
            unseen = self._unseen(obs, hand)
            fewest = None
            for h, k in search.ties:
                spoil = counts[h] if counts else sum(1 for c in unseen if shows(PLACEMENTS[c], h))
                if fewest is None or spoil < fewest:
                    fewest, target, keep = spoil, h, k
        path = search.path_to(target)
        spare = [c for c in hand if c not in keep]
        spare.sort(key=lambda c: (-search.far.get(c, search.depth + 1), POINTS[c], c))
        for i in range(1, len(path)):
            self.todo.append((path[i][0], _action(path[i][1], spare[i])))
        return _action(path[0][1], spare[0])

    def _unseen(self, obs, hand: list) -> list:
        seen = set(hand) | set(obs["discard"])
        for p in obs["players"]:
            seen |= set(p["done"])
        return [c for c in CARD_IDS if c not in seen]


class SpoilCount:
    """For each grid, how many of `unseen` (the cards the next player may
    hold) it shows: counted a few grids a slice (`run`), for `think`."""

    __slots__ = ("grids", "unseen", "counts")

    def __init__(self, grids: list, unseen: list):
        self.grids = grids
        self.unseen = unseen
        self.counts: list = []

    def run(self, budget: int) -> bool:
        """Count about budget // SPOIL_COST grids (one at least); True when all are."""
        todo = max(1, budget // SPOIL_COST)
        while todo > 0 and len(self.counts) < len(self.grids):
            g = self.grids[len(self.counts)]
            self.counts.append(sum(1 for c in self.unseen if shows(PLACEMENTS[c], g)))
            todo -= 1
        return len(self.counts) == len(self.grids)

    def counted(self) -> dict:
        return {g: self.counts[i] for i, g in enumerate(self.grids)}


# A grid's spoil count (~60 cards' patterns against it) costs about as much as
# this many grids of the plan search (measured on CPython, tools/bench_stones_page.py).
SPOIL_COST = 40


def make_bot(kind: str, seed: int):
    if kind == "easy":
        return EasyBot(seed)
    if kind == "search":
        return SearchBot(seed)
    raise ValueError("no such computer player: " + str(kind))
