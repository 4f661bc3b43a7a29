#!/usr/bin/env python3
"""Write the example game records in docs/examples/ (tests/test_examples.py replays them).

    python3 tools/make_examples.py          # rewrite docs/examples/*.json

The games are played by the engine's bots so that they read like real games
(sensible wheels, replacements and final candidates), not random moves. In the
records a seat's `kind` is what the page would show; a `human` seat's
decisions were made by the medium bot standing in for the person.

- `two-players.json`: the default game for 2 (no variant, no expansion) — the
  example shown in docs/record-format.md.
- `four-players-every-option.json`: 4 players with every option on:
  introductory (no bear), high stakes (values 0–8), shortcut and curse.
- `solo.json`: one person against the hard bot (the page's solo mode).

Any game (random moves) can be written with the command line instead:
`python -m lostcode selfplay --games 1 --record game.json`.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lostcode.player.bots import Player  # noqa: E402
from lostcode.rules.engine import apply_action, is_over, legal_actions  # noqa: E402
from lostcode.rules.options import Options  # noqa: E402
from lostcode.rules.setup import new_game  # noqa: E402
from lostcode.services.record import pretty, to_record  # noqa: E402

OUT = ROOT / "docs" / "examples"

# file name -> (options, seed, names, seat kinds as recorded, bot level per seat)
EXAMPLES = {
    "two-players.json": (
        Options(2),
        2026,
        ["Ann", "Ben"],
        ["human", "human"],
        ["hard", "medium"],
    ),
    "four-players-every-option.json": (
        Options(4, introductory=True, high_stakes=True, shortcut=True, curse=True),
        4,
        ["Ann", "Ben", "Cleo", "Dev"],
        ["human", "human", "easy", "hard"],
        ["medium", "hard", "easy", "hard"],
    ),
    "solo.json": (
        Options(2),
        7,
        ["Ann", "Computer"],
        ["human", "hard"],
        ["medium", "hard"],
    ),
}


def play(options: Options, seed: int, names: list, kinds: list, levels: list) -> dict:
    """One finished game played by `levels`, as a record whose seats are `kinds`."""
    s = new_game(options, seed, names)
    bots = [Player(levels[p], seed * 31 + p) for p in range(options.players)]
    while not is_over(s):
        apply_action(s, bots[s.to_act].act(s, legal_actions(s)))
    return to_record(s, kinds)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, spec in EXAMPLES.items():
        record = play(*spec)
        (OUT / name).write_text(pretty(record), encoding="utf-8")
        print("wrote docs/examples/" + name + " (" + str(len(record["actions"])) + " actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
