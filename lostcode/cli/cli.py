"""`python -m lostcode`: replay a record, self-play, tournaments, leagues."""

import argparse
import sys
from json import dumps

from ..rules.errors import RecordError
from ..rules.options import Options, from_flags
from .paths import PathProblem, read_regular, write_regular

MAX_RECORD_BYTES = 4000000


def _options(args) -> Options:
    try:
        return from_flags(args.players, args.options)
    except ValueError as e:
        raise SystemExit(str(e)) from None


def read_record_bytes(raw: bytes) -> str:
    """A record file's bytes as text, read like the page reads it: UTF-8 with
    or without a BOM; anything else is a RecordError that says what it is."""
    if raw.startswith(b"\xff\xfe") or raw.startswith(b"\xfe\xff"):
        raise RecordError("the file is UTF-16 text; save it as UTF-8 and try again")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(
            "the file is not UTF-8 text (byte "
            + hex(raw[e.start])
            + " at position "
            + str(e.start)
            + "; a record is saved as UTF-8)"
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


def _say(text: str, stream) -> None:
    """Print even what the terminal's encoding cannot show (e.g. a lone surrogate)."""
    enc = getattr(stream, "encoding", None) or "utf-8"
    print(text.encode(enc, "replace").decode(enc, "replace"), file=stream)


def cmd_replay(args) -> int:
    from ..services.record import replay
    from .summary import summary_lines

    try:
        raw = read_regular(args.file, MAX_RECORD_BYTES)  # never a FIFO: it would wait
    except PathProblem as e:
        _say(str(e), sys.stderr)
        return 2
    try:
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError("the file is too large to be a game record")
        s = replay(read_record_bytes(raw))
        lines = summary_lines(s)
    except RecordError as e:
        _say("not a usable record: " + str(e), sys.stderr)
        return 2
    except Exception as e:  # never a traceback for a bad file
        _say("not a usable record: it cannot be replayed (" + type(e).__name__ + ")", sys.stderr)
        return 2
    _say("\n".join(lines), sys.stdout)
    return 0


def cmd_selfplay(args) -> int:
    from .selfplay import run
    from .tournament import seeds_fit

    if args.record is not None:  # "" too: it is said to be empty (issue 44)
        return _write_record(args)
    problem = seeds_fit(args.seed, args.games)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
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

    if not args.record:
        _say("cannot write the record: the path after --record is empty", sys.stderr)
        return 2
    s, violations = random_game(_options(args), args.seed, args.seed * 7919)
    text = pretty(to_record(s))
    try:
        write_regular(args.record, text)
    except PathProblem as e:
        _say(str(e), sys.stderr)
        return 2
    what = _options(args).describe() + ", seed " + str(args.seed)
    print(f"wrote {args.record} ({what}, {len(s.actions)} actions)")
    return 0 if not violations else 1


def main(argv=None) -> int:
    from .tournament import games_count, seed_number

    ap = argparse.ArgumentParser(prog="python -m lostcode", description="The Lost Code engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="print the per-round summary and final scores of a record")
    rp.add_argument("file")
    rp.set_defaults(func=cmd_replay)
    sp = sub.add_parser("selfplay", help="random legal games with invariant checks")
    sp.add_argument("--games", type=games_count, default=100)
    sp.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    sp.add_argument(
        "--options", action="append", help="e.g. shortcut,curse,high_stakes,introductory"
    )
    sp.add_argument("--seed", type=seed_number, default=0)
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
    try:
        from .league import add_parser as add_league
    except ImportError:
        pass
    else:
        add_league(sub)
    from .stonesplay import add_parser as add_stones

    add_stones(sub)
    args = ap.parse_args(argv)
    return args.func(args)
