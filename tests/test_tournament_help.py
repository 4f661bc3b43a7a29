"""`python -m lostcode tournament --help` and the README explain every field of
the tournament's JSON output, oracle_ratio and the oracle seat included."""

import pytest
from helpers import ROOT

from lostcode.cli.cli import main
from lostcode.cli.tournament import run
from lostcode.rules.options import Options


def _fields(out: dict) -> set:
    return set(out) | set(out["seats"][0])


def test_help_explains_every_json_field(capsys):
    with pytest.raises(SystemExit) as done:
        main(["tournament", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    out = run(2, ["hard", "oracle"], Options(2), seed=3)
    for field in _fields(out):
        assert "\n  " + field in text or "\n    " + field in text, field
    assert "oracle" in text and "always right" in text


def test_readme_explains_every_json_field():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    out = run(2, ["hard", "easy"], Options(2), seed=1)
    for field in _fields(out):
        assert "`" + field + "`" in readme, field
    assert "oracle" in readme
