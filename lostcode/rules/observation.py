"""What one player may know (RULES R-S7), built fresh for each viewer.

Screens, bots and the deduction assistant read only this, never the State:
that is what keeps a player's own code off their screen. `viewer=None` is the
public view: no rack values at all; `observe_table` adds the racks no human
looking at a shared screen owns (unowned and computer racks).
Once the game is over every rack is face up (docs/rules.md, edition choices:
"At the end of the game all racks are revealed"), so the end screen reads the
racks from the observation like any other screen.
The result is plain JSON-ready data (lists, dicts with string keys), to be
treated as read-only: it shares the public history with the state.
"""

from .components import RACKS, wheel_range
from .engine import legal_actions
from .moves import PHASE_MOVES, PHASE_RULE, WAITING
from .track import behind_to_leader
from .vocab import PHASE_END, PHASE_OFFER, PHASE_SHORTCUT


def prompt(s):
    """What the game waits for: the phase, its rule, who acts, the kinds of
    move they may play, and a message id + parameters saying it (None at the end)."""
    if s.phase == PHASE_END:
        return None
    return {
        "phase": s.phase,
        "rule": PHASE_RULE[s.phase],
        "actor": s.to_act,
        "kinds": list(PHASE_MOVES[s.phase]),
        "msg": WAITING[s.phase],
        "params": {"name": s.names[s.to_act]},
    }


def observe(s, viewer=None, reveal_end=True, legal=None) -> dict:
    """What `viewer` (None: anybody) may know now. Once the game is over every
    rack is face up; `reveal_end=False` gives the view just before the racks
    are turned (a screen about the last moves, shown before the end screen).
    `legal`: legal_actions(s), when the caller has just computed it (a bot's
    turn, the lab's referee: issue 26), so it is not worked out twice."""
    n = s.options.players
    if viewer is not None and (not isinstance(viewer, int) or not 0 <= viewer < n):
        raise ValueError("viewer must be a seat number or None")
    syms = s.options.symbols
    face_up = reveal_end and s.phase == PHASE_END
    racks = []
    for r in range(RACKS):
        owner = r if r < n else None
        stones = s.racks[r]
        # Racks hold exactly the symbols in use, in canonical order (set-up).
        hidden = viewer is None or owner == viewer
        shown = dict.fromkeys(syms) if hidden and not face_up else dict(stones)
        racks.append({"owner": owner, "stones": shown})
    tokens = {}
    for sym, state in s.tokens.items():
        tokens[sym] = {"state": state, "holder": s.token_holder.get(sym)}
    obs = {
        "viewer": viewer,
        "options": s.options.to_dict(),
        "symbols": list(syms),
        "value_max": s.options.value_max,
        "ring_max": s.options.ring_max,
        "names": list(s.names),
        "players": n,
        "rounds": s.options.rounds,
        "round": s.round,
        "phase": s.phase,
        "to_act": s.to_act,
        "roller": s.roller,
        "roll": list(s.roll),
        "dice": list(s.dice),
        "scores": list(s.scores),
        "heights": list(s.heights),
        "order": behind_to_leader(s),
        "racks": racks,
        "discards": [list(s.discards[r]) for r in range(RACKS)],
        "piles": {sym: len(s.piles[sym]) for sym in syms},
        "offer": ({"symbol": s.offer_symbol} if s.phase in (PHASE_OFFER, PHASE_SHORTCUT) else None),
        "tokens": tokens,
        "curse": (None if s.curse is None else {"state": s.curse, "holder": s.curse_holder}),
        # Rounds and log entries are public as stored; shared, not copied, for
        # speed: treat an observation as read-only.
        "history": list(s.history),
        "log": list(s.log),
        "my_guess": None,
        "my_tokens": {},
        "my_final": {},
        "result": s.result if s.phase == PHASE_END else None,
        # The moves this viewer may play now (empty unless it is their turn;
        # the whole table's view lists the public choice of the player to act):
        # legality lives in the engine, screens only read it.
        "legal": (
            (legal_actions(s) if legal is None else legal)
            if viewer is None or viewer == s.to_act
            else []
        ),
        "prompt": prompt(s),
        "move_number": len(s.actions),  # moves played so far (bots seed from it)
    }
    if viewer is not None:
        g = s.guesses.get(viewer)
        if g is not None:
            obs["my_guess"] = {"wheel": g[0], "low": g[1], "high": wheel_range(g[0], g[1])[1]}
        for sym, holder in s.token_holder.items():
            if holder == viewer and sym in s.token_candidates:
                obs["my_tokens"][sym] = list(s.token_candidates[sym])
        obs["my_final"] = {sym: list(v) for sym, v in s.final[viewer].items()}
    return obs


def rack_values_in(obs: dict, rack: int) -> list:
    """The values of one rack that an observation reveals (for privacy checks)."""
    return [v for v in obs["racks"][rack]["stones"].values() if v is not None]


def observe_table(s, humans, reveal_end=True) -> dict:
    """A screen several humans look at (RULES R-S4, R-S7): the public view,
    plus the values of every rack no human in `humans` owns (unowned racks
    and computer seats' racks, which every human at the table sees).
    With one human this is simply that human's own view (solo play).
    `reveal_end` as for observe."""
    humans = list(humans)
    if len(humans) == 1:
        obs = observe(s, humans[0], reveal_end)
        obs["legal"] = legal_actions(s)  # the choice of the player to act is public
        return obs
    obs = observe(s, None, reveal_end)
    racks = []
    for r in range(RACKS):
        owner = obs["racks"][r]["owner"]
        if owner is None or owner not in humans:
            racks.append({"owner": owner, "stones": dict(s.racks[r])})
        else:
            racks.append(obs["racks"][r])
    obs["racks"] = racks
    return obs
