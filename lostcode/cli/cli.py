"""`python -m lostcode`: replay a record, self-play, tournaments."""

import argparse
import sys
from json import dumps

from ..rules.errors import RecordError
from ..rules.options import Options, from_flags


def _options(args) -> Options:
    try:
        return from_flags(args.players, args.options)
    except ValueError as e:
        raise SystemExit(str(e)) from None


def cmd_replay(args) -> int:
    from ..services.record import replay
    from .summary import summary_lines

    try:
        with open(args.file, encoding="utf-8") as fh:
            s = replay(fh.read())
    except OSError as e:
        print("cannot read " + args.file + ": " + e.strerror, file=sys.stderr)
        return 2
    except RecordError as e:
        print("not a usable record: " + str(e), file=sys.stderr)
        return 2
    print("\n".join(summary_lines(s)))
    return 0


def cmd_selfplay(args) -> int:
    from .selfplay import run

    if args.record:
        return _write_record(args)
    out = run(args.games, _options(args), args.seed)
    if args.json:
        print(dumps({k: out[k] for k in ("games", "games_per_s", "violations")}))
    else:
        print(
            "{} games ({}), {} games/s, {} violations".format(
                out["games"], _options(args).describe(), out["games_per_s"], out["violations"]
            )
        )
        for v in out["examples"]:
            print("  " + v)
    return 0 if out["violations"] == 0 else 1


def _write_record(args) -> int:
    """`selfplay --record FILE`: the first game (the same one `selfplay` plays
    first with this seed) as a record file that `replay` and the page read."""
    from ..services.record import pretty, to_record
    from .selfplay import random_game

    s, violations = random_game(_options(args), args.seed, args.seed * 7919)
    text = pretty(to_record(s))
    try:
        with open(args.record, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as e:
        print("cannot write " + args.record + ": " + str(e.strerror), file=sys.stderr)
        return 2
    what = _options(args).describe() + ", seed " + str(args.seed)
    print(f"wrote {args.record} ({what}, {len(s.actions)} actions)")
    return 0 if not violations else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lostcode", description="The Lost Code engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="print the per-round summary and final scores of a record")
    rp.add_argument("file")
    rp.set_defaults(func=cmd_replay)
    sp = sub.add_parser("selfplay", help="random legal games with invariant checks")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    sp.add_argument(
        "--options", action="append", help="e.g. shortcut,curse,high_stakes,introductory"
    )
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--json", action="store_true")
    sp.add_argument(
        "--record",
        metavar="FILE",
        help="write the first game as a game record (JSON, docs/record-format.md) to FILE",
    )
    sp.set_defaults(func=cmd_selfplay)
    try:
        from .tournament import add_parser
    except ImportError:
        pass
    else:
        add_parser(sub)
    args = ap.parse_args(argv)
    return args.func(args)
