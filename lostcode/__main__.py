import os
import sys

from .cli.cli import main


def run() -> int:
    """main(), and a closed standard output (`... | head -0`) ends quietly
    (issue 44: it printed a BrokenPipeError traceback). As Python's own
    documentation advises, stdout then points at devnull, so the flush at
    exit has nowhere to fail. Started with stdout closed (`... >&-`), Python
    has no sys.stdout: what it would print goes nowhere, and the flush is
    skipped (it was an AttributeError traceback)."""
    try:
        code = main()
        if sys.stdout is not None:  # None when started with no stdout at all (`>&-`)
            sys.stdout.flush()
        return code
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    except KeyboardInterrupt:
        return 130


sys.exit(run())
