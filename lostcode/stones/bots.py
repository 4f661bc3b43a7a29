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
from .cards import CARD_IDS, COVER, PLACEMENTS, POINTS
from .grid import steps
from .patterns import shows
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
    __slots__ = ("rng", "depth", "nodes", "todo")

    def __init__(self, seed: int = 0, depth: int = MAX_DEPTH):
        self.rng = Rng(seed)
        self.depth = depth
        self.nodes = 0  # grids looked at in the last search (the benchmark reads it)
        self.todo: list = []  # the rest of this turn's plan: (grid before, action)

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
        if _can_skip(obs):
            return (SKIP,)
        if hand and not obs["acted"] and obs["options"]["players"] > 1:
            return self.cycle(obs, hand)
        return (END,)

    def cycle(self, obs, hand: list) -> tuple:
        """Nothing to complete and no skip: spend the card farthest from
        showing on the move that leaves the fewest cards the next player may
        hold showing (the card comes back as a fresh one at the turn's end)."""
        unseen = self._unseen(obs, hand)
        fewest = len(unseen) + 1
        chosen = ("flip", 4)
        for step, g in steps(obs["grid"]):
            spoil = sum(1 for c in unseen if shows(PLACEMENTS[c], g))
            if spoil < fewest:
                fewest, chosen = spoil, step
        worst = sorted(hand, key=lambda c: (POINTS[c], c))[0]
        return _action(chosen, worst)

    def plan(self, obs, hand: list):
        """The first action of the best plan, or None if no plan in reach
        completes a card; the rest of the plan waits in `todo`."""
        self.todo = []
        depth = min(self.depth, len(hand) - 1)
        if depth < 1:
            return None
        grid = obs["grid"]
        # Breadth first: each grid's parent link gives it a shortest path.
        parent: dict = {grid: None}  # grid -> (grid before, step)
        # grid -> the cards that show somewhere on its path: each is completed
        # as the path passes it (decide() completes whatever shows)
        along: dict = {grid: ()}
        layer = [grid]
        best = None  # (points completed, -actions)
        ties = []
        far = {}  # card -> the fewest actions after which it shows (what to discard)
        self.nodes = 1
        cover = [(c, COVER[c]) for c in hand]
        for d in range(1, depth + 1):
            nxt = []
            for g in layer:
                for step, h in steps(g):
                    if h not in parent:
                        parent[h] = (g, step)
                        nxt.append(h)
            self.nodes += len(nxt)
            for h in nxt:
                g, step = parent[h]
                before = along[g]
                # what shows now and did not before has a cell where the move was
                showing = []
                for c, by_pos in cover:
                    if c in before:
                        continue
                    if shows(by_pos[step[1]], h) or (len(step) == 3 and shows(by_pos[step[2]], h)):
                        showing.append(c)
                for c in showing:
                    if c not in far:
                        far[c] = d
                if showing:
                    before = before + tuple(showing)
                along[h] = before
                if not before:
                    continue
                # keep as many as the spare cards allow: the best points first
                keep = sorted(before, key=lambda c: (-POINTS[c], c))[: len(hand) - d]
                key = (sum(POINTS[c] for c in keep), -d)
                if best is None or key > best:
                    best = key
                    ties = [(h, keep)]
                elif key == best and len(ties) < 24:
                    ties.append((h, keep))
            layer = nxt
        if best is None:
            return None
        target, keep = ties[0]
        if len(ties) > 1 and obs["options"]["players"] > 1:
            unseen = self._unseen(obs, hand)
            fewest = None
            for h, k in ties:
                spoil = sum(1 for c in unseen if shows(PLACEMENTS[c], h))
                if fewest is None or spoil < fewest:
                    fewest, target, keep = spoil, h, k
        path = []
        g = target
        while parent[g] is not None:
            before, step = parent[g]
            path.append((before, step))
            g = before
        path.reverse()
        # pay with the cards farthest from showing, the cheapest first
        spare = [c for c in hand if c not in keep]
        spare.sort(key=lambda c: (-far.get(c, depth + 1), POINTS[c], c))
        for i in range(1, len(path)):
            self.todo.append((path[i][0], _action(path[i][1], spare[i])))
        return _action(path[0][1], spare[0])

    def _unseen(self, obs, hand: list) -> list:
        seen = set(hand) | set(obs["discard"])
        for p in obs["players"]:
            seen |= set(p["done"])
        return [c for c in CARD_IDS if c not in seen]


def make_bot(kind: str, seed: int):
    if kind == "easy":
        return EasyBot(seed)
    if kind == "search":
        return SearchBot(seed)
    raise ValueError("no such computer player: " + str(kind))
