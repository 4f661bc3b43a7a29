"""Issue 25: a test coverage is told not to trace (pytest-cov's no_cover, the
list in tests/untraced.txt, the browser tests) is not traced, also under
pytest-xdist as `bash tools/test.sh` runs the suite: there pytest-cov's own
pause left a second collector tracing (tests/conftest.py pytest_runtest_call)."""

import sys

import pytest


@pytest.mark.no_cover
def test_a_no_cover_test_runs_with_no_tracer():
    assert sys.gettrace() is None
