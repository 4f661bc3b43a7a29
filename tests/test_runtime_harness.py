"""The runtime harness itself (tests/runtimes/*.mjs + helpers.run_in_runtime):
a throwaway package must import and give the same output in CPython, Pyodide
and MicroPython, and failures must surface as test failures."""

import textwrap

import pytest
from helpers import RUNTIME_KINDS, node_runtimes_available, run_in_runtime

pytestmark = pytest.mark.runtimes

needs_node = pytest.mark.skipif(
    not node_runtimes_available(), reason="needs node and `npm ci` (node_modules/)"
)


@pytest.fixture
def toy_root(tmp_path):
    """A source root with a package named like ours (lostcode/) and a script."""
    pkg = tmp_path / "lostcode"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("def total(n):\n    return sum(range(n))\n")
    (pkg / "sub" / "__init__.py").write_text("FACTOR = 1\n")
    (tmp_path / "script.py").write_text(
        textwrap.dedent(
            """\
            import sys

            import lostcode
            from lostcode.sub import FACTOR

            print(lostcode.total(int(sys.argv[1])) * FACTOR)
            """
        )
    )
    (tmp_path / "fail.py").write_text("raise ValueError('boom from the script')\n")
    return tmp_path


@needs_node
@pytest.mark.parametrize("kind", RUNTIME_KINDS)
def test_same_output_in_every_runtime(toy_root, kind):
    out = run_in_runtime(kind, toy_root / "script.py", 10, root=toy_root)
    assert out.strip() == "45"


@needs_node
@pytest.mark.parametrize("kind", RUNTIME_KINDS)
def test_exceptions_fail_with_the_traceback(toy_root, kind):
    with pytest.raises(pytest.fail.Exception, match="boom from the script"):
        run_in_runtime(kind, toy_root / "fail.py", root=toy_root)
