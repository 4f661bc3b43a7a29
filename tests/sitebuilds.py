"""Built sites for the tests, each built once per test process (issue 25: the suite's time).

`tools/build_site.py` takes 10-60 s on a busy 2-core machine (mpy-cross on every
module, a hash of every file); a dozen browser tests need a built site of the
same sources, so each kind is built once, into a temp dir of this process, and
copied where a test wants it. The copy holds the same bytes the build writes;
what a test checks about the build itself (tests/test_pwa.py: the same sources
give the same bytes, a build into a previous build's dir) still runs the build.

    summary = built_copy(out)            # build_site.build(out) (the repo)
    summary = built_copy(out, "v1")      # build_site.build(out, source_tree(tmp, "v1"))
    summary = deploy(out, "v2")          # the same over a served build (its files newer)
"""

import atexit
import os
import shutil
import tempfile
import time
from pathlib import Path

from test_pwa import build_site, source_tree

_BUILT: dict = {}  # label (None: the repo itself) -> (built dir, summary)


def _build(label):
    if label not in _BUILT:
        tmp = Path(tempfile.mkdtemp(prefix="lostcode-build-"))
        atexit.register(shutil.rmtree, tmp, True)
        out = tmp / "site"
        summary = build_site.build(out, source_tree(tmp, label) if label else build_site.ROOT)
        _BUILT[label] = (out, summary)
    return _BUILT[label]


def built_copy(out, label=None) -> dict:
    """`out` holds the site built from the repo (label None) or from
    test_pwa.source_tree(..., label); returns the build's summary."""
    built, summary = _build(label)
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)  # as build_site._prepare_out does with a previous build
    # Fresh modification times (shutil.copy, not copy2): a server's Last-Modified
    # must never say that a newer deploy is older than what a browser holds.
    shutil.copytree(built, out, symlinks=True, copy_function=shutil.copy)
    return dict(summary)


def deploy(out, label) -> dict:
    """A new build over the one at `out` (which a test may be serving): its files'
    times at least 2 s after the old ones (Last-Modified has whole seconds)."""
    out = Path(out)
    old = max((p.stat().st_mtime for p in out.rglob("*") if p.is_file()), default=0.0)
    summary = built_copy(out, label)
    stamp = max(time.time(), old + 2)
    for p in out.rglob("*"):
        if p.is_file():
            os.utime(p, (stamp, stamp))
    return summary
