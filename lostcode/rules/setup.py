"""Set-up (RULES §2): stones shuffled per symbol, one to the box, four racks
filled, the rest as face-down piles, markers stacked in random order."""

from .components import RACKS
from .errors import IllegalAction
from .options import Options
from .playernames import normalize_name, skeleton
from .rng import MAX_SEED, Rng
from .rounds import start_round
from .state import State
from .vocab import AVAILABLE, PHASE_ROLL

MAX_NAME_LENGTH = 24


def default_names(players: int) -> list:
    return ["Player " + str(i + 1) for i in range(players)]


def clean_names(names, players: int) -> list:
    """Names are shown as text: normalised (playernames.py: nothing invisible,
    no bidi controls, NFC where available), trimmed and made distinct: told
    apart by their look-alike skeleton (issue 25), so "Аnn" with a Cyrillic А
    beside "Ann" becomes "Аnn (2)" wherever a game is made."""
    if names is None:
        names = default_names(players)
    if not isinstance(names, (list, tuple)) or len(names) != players:
        raise IllegalAction("R-S1", "one_name_each")
    out = []
    seen = []
    for i, n in enumerate(names):
        n = normalize_name(n)[:MAX_NAME_LENGTH].strip() or "Player " + str(i + 1)
        base, k = n, 2
        while skeleton(n) in seen:
            n = base + " (" + str(k) + ")"
            k += 1
        out.append(n)
        seen.append(skeleton(n))
    return out


def new_game(options: Options, seed: int = 0, names=None) -> State:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed > MAX_SEED:
        raise IllegalAction("R-S3", "seed_whole", {"max": MAX_SEED})
    s = State()
    s.options = options
    s.names = clean_names(names, options.players)
    s.seed = seed
    s.rng = Rng(seed)
    rng = s.rng
    for sym in options.symbols:
        # R-S2, R-S3: shuffle each symbol separately; one to the box.
        stones = list(range(options.value_max + 1))
        rng.shuffle(stones)
        s.box[sym] = stones.pop()
        # R-S4: every rack gets one stone of each symbol, owned or not.
        for r in range(RACKS):
            s.racks[r][sym] = stones.pop()
        # R-S5: the rest is the face-down supply; the top is the end of the list.
        s.piles[sym] = stones
    n = options.players
    s.scores = [0] * n
    # R-S6: markers stacked on 0 in random order.
    stack = list(range(n))
    rng.shuffle(stack)
    s.heights = [0] * n
    for h, p in enumerate(stack):
        s.heights[p] = h
    s.next_height = n
    s.final = [{} for _ in range(n)]
    if options.shortcut:
        s.tokens = {sym: AVAILABLE for sym in options.symbols}
    if options.curse:
        s.curse = AVAILABLE
    start_round(s)
    assert s.phase == PHASE_ROLL
    return s
