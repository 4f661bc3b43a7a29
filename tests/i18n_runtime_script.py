"""Run by tests/test_i18n.py in CPython and MicroPython: the output must be identical.

Exercises lostcode/web/shell/i18n.py with every compiled catalog, so a catalog or
API feature MicroPython can't handle shows up as a diff or a traceback.
"""

from lostcode.web.shell.i18n import (
    LANGUAGES,
    _,
    get_language,
    ngettext,
    pick_language,
    set_language,
)

for code, name in LANGUAGES:
    print(set_language(code), get_language(), name)
    print(_("Undo"), "|", _("{name} took wheel {wheel}.", name="Ada", wheel="W5"))
    for n in (0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111):
        print(ngettext("{sym} pile: {n} stone", "{sym} pile: {n} stones", n, sym=_("jaguar")))
    print(_("not translated {x}", x=1), ngettext("{n} cat", "{n} cats", 2))
print(set_language("xx"), set_language("pl-PL"), _("New game"))
print(pick_language("it", ["pl-PL"], "ru"), pick_language(None, ["de", "pl-PL"], None),
      pick_language(None, [], "ru"), pick_language("", (), None))
# A heading's first letter, as table mode writes the reader's own turn (issue 42:
# MicroPython's str.upper() left «ваш ход» lower-case).
from lostcode.web.shell.i18n import capital  # noqa: E402

for code, _name in LANGUAGES:
    set_language(code)
    print(capital(_("your turn to roll the dice")), capital(_("your turn to set a wheel")))
print(capital("ёж"), capital("łódź"), capital("żaba"), capital("èra"), capital(""), capital("7a"))
