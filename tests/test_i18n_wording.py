"""Wording of the translations (issue 16): each language in the words of its own
printed rulebook, and player names only where no case or gender ending is needed.

Why: Russian and Polish inflect nouns and mark gender in the past tense, while a
player's name is typed in the nominative and says nothing about gender. A
sentence such as "Передайте устройство игроку {name}" reads "…игроку Игрок 1",
and "odrzucił(a)" reads as a form. The rule (docs/translating.md): the name goes
after a colon, in parentheses, or as the subject of a present-tense verb. The
tests render every message with names of both genders and with the page's own
default names ("Игрок 1", "Gracz 1") and look for the known broken patterns.

The rulebook glossary (each term in the catalogue and the rules fragment, the
words it replaced nowhere) is tests/test_glossary.py, read from
locales/<lang>/glossary.md.
"""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ru", "it", "pl")


def load_catalog(lang, path=None):
    path = path or ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as f:
        return read_po(f, locale=lang)


def msgstr(cat, msgid):
    for m in cat:
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        if key == msgid:
            return m.string
    raise KeyError(msgid)


def rules_text(lang):
    html = (ROOT / "assets" / "rules" / f"{lang}.html").read_text(encoding="utf-8")
    html = re.sub(r"<!--.*?-->", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def catalogue_text(lang, cat=None):
    cat = cat or load_catalog(lang)
    parts = []
    for m in cat:
        if m.id:
            parts.extend(m.string if isinstance(m.string, tuple) else (m.string,))
    return "\n".join(parts)


# ---------------------------------------------------------------- names in sentences

# Names a player may type (both genders) and the page's own default names.
NAMES = {
    "en": ["Anna", "Boris", "Player 1"],
    "ru": ["Маша", "Игорь", "Игрок 1"],
    "it": ["Giulia", "Marco", "Giocatore 1"],
    "pl": ["Ania", "Tomek", "Gracz 1"],
}
NAME_KEYS = ("name", "owner", "names")

# Known broken patterns; N is the rendered name.
BROKEN = {
    "ru": [
        r"\bигрок(а|у|ом|е|ов|ам)? N",  # "игроку Игрок 1": the case ending falls on the wrong word
        r"\bN (\([^)]*\) )?(\w+л|\w+ла|\w+ло)\b",  # "Маша сделал": a past tense carries gender
        r"\b\w+(л|ла) игрок N",  # "сбросил игрок Маша"
        r"\bN (первой|первым)\b",
        r"\w\(а\)|\w/ась\b|\w/а\b|\bсам\(а\)",  # slash or bracket gender forms
    ],
    "pl": [
        r"\bgracz(a|owi|em|u|y)? N",  # "gracza Gracz 1"
        r"\bN (\([^)]*\) )?\w+(ł|ła|ło)\b",  # "Ania (komputer) wykonał"
        r"\bjako pierwsz[ya]\b",
        r"\w\(a\)|\w/aś\b|\w/a\b|\bsam\(a\)",  # "odrzucił(a)", "sam(a) odrzuciłeś/aś"
    ],
    "it": [
        r"\w\(a\)|\w/a\b",
        r"\btu stess[oa]\b",  # addressed to "tu": the ending is a guess at the reader's gender
        r"^Nuov[oa] del gioco",
    ],
    "en": [],
}

# The guided game's seats (main.py start_guided): the newcomer is "You" in the
# page's language and is spoken to in the second person (lostcode/web/shell/you.py).
SEAT_NAMES = ("Friend", "Bot")
PRONOUNS = {"you", "i", "me", "вы", "ты", "я", "tu", "io", "voi", "ty", "ja", "wy"}


class Fill(dict):
    """format_map values: the test name for name-like keys, 2 for the rest."""

    def __init__(self, name):
        super().__init__()
        self.name = name

    def __missing__(self, key):
        return self.name if key in NAME_KEYS else "2"


def rendered(lang, cat, name, only_named=False):
    """(msgid, text) for every message (every plural form) with `name` filled in."""
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        strings = ids if lang == "en" else strs
        if only_named and not any("{" + k + "}" in ids[0] for k in NAME_KEYS):
            continue
        for s in strings:
            yield m.id, s.format_map(Fill(name))


def broken_sentences(lang, cat):
    out = []
    for name in NAMES[lang]:
        pats = [re.compile(p.replace("N", re.escape(name)), re.I) for p in BROKEN[lang]]
        for mid, text in rendered(lang, cat, name):
            for pat in pats:
                if pat.search(text):
                    out.append((mid, text, pat.pattern))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_names_need_no_case_or_gender_ending(lang):
    bad = broken_sentences(lang, load_catalog(lang))
    assert not bad, "\n".join(f"{t}  [{p}]" for _m, t, p in bad[:20])


def test_every_message_with_a_name_is_covered():
    """The check above sees the messages that take a name (guards Fill/NAME_KEYS)."""
    cat = load_catalog("ru")
    ids = {m for m, _t in rendered("ru", cat, "Игрок 1", only_named=True)}
    assert "Pass the device to {name}" in ids
    assert len(ids) > 60


@pytest.mark.parametrize("lang", LANGS + ("en",))
def test_guided_game_other_seats_are_not_pronouns(lang):
    cat = None if lang == "en" else load_catalog(lang)
    for seat in SEAT_NAMES:
        text = seat if cat is None else msgstr(cat, seat)
        assert text and text.lower() not in PRONOUNS, (lang, seat, text)
    src = (ROOT / "lostcode" / "web" / "game" / "setuppage.py").read_text(encoding="utf-8")
    assert 'by_id("name-2").value = _("You")' in src


# ---------------------------------------------------------------- "You" (issue 11)

# The sentences issue 11 quotes ("Round 1: You rolls", "You wins"), as they must read.
YOU_SAYS = {
    "en": ("You", "Round 1: you roll", "Game over: you win", "The game is over: you win.",
           "You win with 3 points.", "Your rack"),
    "ru": ("Вы", "Раунд 1: бросаете вы", "Игра окончена: вы победили",
           "Игра окончена: вы победили.", "Вы побеждаете: 3 очка.", "Ваша подставка"),
    "it": ("Tu", "Round 1: lanci tu", "Partita finita: hai vinto",
           "La partita è finita: hai vinto.", "Vinci con 3 punti.", "Il tuo tronco"),
    "pl": ("Ty", "Runda 1: rzucasz", "Koniec gry: wygrywasz", "Koniec gry: wygrywasz.",
           "Wygrywasz z wynikiem 3 punkty.", "Twój stojak"),
}
# A third-person verb after the name "You" in each language ("You rolls", "Вы бросает").
# The handoff of a guided game without computer seats (issue 24): "I am You",
# "Pass the device to You" and their translations.
YOU_BROKEN = {
    "en": [r"\bYou('s| is| was| has| (?!pass\b)\w+[^s\W]s)\b", r"\byou (is|was|has)\b",
           r"\bI am You\b", r"\bto You\b"],
    "ru": [r"\b[Вв]ы \w+(ет|ит|ёт)\b", r"\b\w+(ет|ит|ёт) [Вв]ы\b", r"\b[Вв]ы (был|была)\b",
           r"Я — Вы", r"устройство: Вы"],
    "it": [r"\bTu (è|ha|\w+a)\b", r"\b(vince|lancia|passa|prende) Tu\b", r"\bdi Tu\b",
           r"\bSono Tu\b", r"\ba Tu\b"],
    "pl": [r"\bTy (jest|ma|\w+uje|\w+a)\b", r"\b(wygrywa|rzuca|bierze) Ty\b", r"To ja: Ty",
           r"urządzenie: Ty"],
}


# Messages whose {name} is a setting's name, never a player's.
NOT_A_PLAYER = ("Ignored unknown setting {name}.", "Ignored option {name}: the options are")


def lab_only(message):
    """A message only the Bot lab or its league says (issue 42: their strings are
    in the .pot too): its {name} is a bot's or a file's, never a seat called "You"."""
    return bool(message.locations) and all(f.startswith("assets/") for f, _l in message.locations)


def _you_render(lang):
    """Every message of the .pot through the page's own i18n, {name} = "You"."""
    from lostcode.web.shell import i18n

    pot = read_po(open(ROOT / "locales" / "messages.pot", "rb"))
    i18n.set_language(lang)
    you = i18n._("You")
    out = []
    try:
        for m in pot:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            if ids[0].startswith(NOT_A_PLAYER) or lab_only(m):
                continue
            keys = set(re.findall(r"\{(\w+)\}", ids[0] + ids[-1]))
            kw = {k: (you if k == "name" else "2") for k in keys}
            kw.pop("n", None) if isinstance(m.id, tuple) else None
            if isinstance(m.id, tuple):
                for n in (1, 2, 5):
                    out.append((ids[0], i18n.ngettext(ids[0], ids[1], n, **kw)))
            else:
                out.append((ids[0], i18n._(ids[0], **kw)))
    finally:
        i18n.set_language("en")
    return you, out


@pytest.mark.parametrize("lang", LANGS + ("en",))
def test_a_player_called_you_is_spoken_to(lang):
    """Issue 11: the guided game's "You" reads "Round 1: you roll", "You win"
    in every language, never "You rolls" / "Вы бросает" / "Tu lancia" / "Ty rzuca"."""
    from lostcode.rules.vocab import EV_END
    from lostcode.web.game.board import rack_title
    from lostcode.web.game.describe import describe
    from lostcode.web.shell import i18n
    from lostcode.web.shell.you import YOU_NAMES

    you, rendered_all = _you_render(lang)
    want = YOU_SAYS[lang]
    assert you == want[0] and you in YOU_NAMES
    i18n.set_language(lang)
    try:
        names = ["Bot", you]
        assert i18n._("Round {round}: {name} rolls", round=1, name=you) == want[1]
        assert i18n._("Game over: {name} wins", name=you) == want[2]
        assert describe({"t": EV_END, "winner": 1}, names) == want[3]
        assert i18n.ngettext(
            "{name} wins with {score} point.", "{name} wins with {score} points.", 3,
            name=you, score=3,
        ) == want[4]
        obs = {"racks": [{"owner": 1}], "names": names}
        assert rack_title(obs, 0) == want[5]
        assert i18n._("Round {round}: {name} rolls", round=1, name="Bot") != want[1]
    finally:
        i18n.set_language("en")
    bad = []
    for pat in YOU_BROKEN[lang]:
        rx = re.compile(pat)
        bad += [(mid, text, pat) for mid, text in rendered_all if rx.search(text)]
    assert not bad, "\n".join(f"{t}  [{p}]" for _m, t, p in bad[:20])


def test_every_sentence_with_a_subject_name_has_a_second_person_twin():
    """A message whose {name} is the subject of a verb ("{name} rolls") needs its
    twin in lostcode/web/shell/you.py; each twin keeps the other placeholders."""
    from lostcode.web.shell.you import SECOND_PERSON

    pot = read_po(open(ROOT / "locales" / "messages.pot", "rb"))
    ids = {}
    for m in pot:
        if m.id and not lab_only(m):
            ids[m.id[0] if isinstance(m.id, tuple) else m.id] = m.id
    missing = [i for i in ids if re.search(r"\{name\} [a-z]", i) and i not in SECOND_PERSON]
    assert not missing, missing
    for third, twin in SECOND_PERSON.items():
        assert third in ids, third
        forms = twin if isinstance(twin, tuple) else (twin,)
        assert isinstance(ids[third], tuple) == isinstance(twin, tuple), third
        for form in forms:
            assert form in ids or form in [x for v in ids.values() if isinstance(v, tuple)
                                           for x in v], form
            holders = set(re.findall(r"\{(\w+)\}", form))
            assert holders <= set(re.findall(r"\{(\w+)\}", third)) - {"name"}, (third, form)


def test_handoff_puts_the_name_after_a_colon():
    """The handoff heading, the sentence the issue quotes, in each language."""
    for lang in ("ru", "pl"):
        s = msgstr(load_catalog(lang), "Pass the device to {name}")
        assert s.endswith(": {name}"), (lang, s)


# ---------------------------------------------------------------- rulebook glossary

# The rulebook terms, the words they replaced and the curse token's place per
# edition are checked from locales/<lang>/glossary.md by tests/test_glossary.py
# (issue 24), the one list per language.


def test_the_russian_notes_about_the_address_say_parameter():
    """A sixth playtest (fix10): the notes about a bad address mixed «настройка»
    and «Параметр» (`?foo=bar&options=bogus`). Every note about the address's
    settings says «параметр» (locales/ru/glossary.md)."""
    cat = load_catalog("ru")
    notes = ("Ignored a setting that is not valid text.", "Ignored unknown setting {name}.",
             "Ignored option {name}: the options are introductory, high_stakes, shortcut and "
             "curse.", "Some settings in the address could not be read and were ignored.")
    for msgid in notes:
        said = cat[msgid].string
        assert "параметр" in said.lower() and "настройк" not in said.lower(), said


# The words a computer's step says after "{name}: " (solo.step_caption).
STEP_WORDS = ("rolled {dice}", "turned die {die} to {sym}", "kept the dice",
              "took {wheel} (range hidden until the check)",
              "replaced the {sym} stone ({value})", "wrote their final candidates")


@pytest.mark.parametrize("lang", LANGS + ("en",))
def test_a_computers_step_has_one_colon_after_its_name(lang):
    """desk12 (a seventh playtest: «Игрок 2: бросок: ягуар, …», a colon after
    the name and another after the move): a step's words after "{name}: "
    hold no colon of their own, in every language (a real step of each kind,
    the roll and the die turned among them)."""
    from lostcode.web.game.solo import step_caption
    from lostcode.web.shell import i18n

    i18n.set_language(lang)
    try:
        for msgid in STEP_WORDS:
            words = i18n._(msgid)
            assert ":" not in words, (lang, msgid, words)
        names = ["Ann", "Игрок 2"]
        roll = {"t": "roll", "dice": ["jaguar", "jaguar", "bear"]}
        turn = {"t": "change", "die": 2, "to": "jaguar"}
        steps = [{"seat": 1, "action": ("roll",), "events": [roll]},
                 {"seat": 1, "action": ("change",), "events": [turn]}]
        for r in steps:
            who, what = step_caption(r, names)
            line = i18n._("{name}: {what}", name=who, what=what)
            assert line.count(":") == 1 and line.startswith("Игрок 2: "), (lang, line)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS + ("en",))
def test_an_unowned_racks_label_is_a_whole_word(lang):
    """desk12 (a seventh playtest: «Подст. А» read as clipped): the unowned
    rack's board label is the edition's whole word for a rack and its letter,
    no abbreviation with a dot; the board draws it within the room left of the
    stones (a longer one smaller, never under 13 units: 11.3 px at 360 wide;
    fix16b: never squeezed, the letter on a line of its own if need be)."""
    from lostcode.rules.observation import observe_table
    from lostcode.rules.options import Options
    from lostcode.rules.setup import new_game
    from lostcode.web.game.board import rack_svg
    from lostcode.web.shell import i18n

    word = {"en": "Rack", "ru": "Подставка", "it": "Tronco", "pl": "Stojak"}[lang]
    i18n.set_language(lang)
    try:
        assert i18n._("Rack {letter}", letter="A") == word + " A"
        s = new_game(Options(3), 5, ["Ann", "Bo", "Cy"])
        obs = observe_table(s, ())
        r = next(i for i, rack in enumerate(obs["racks"]) if rack["owner"] is None)
        kids = rack_svg(obs, r)[2]
        names = [k for k in kids if k[0] == "text" and k[1].get("class") == "rack-name"]
        assert " ".join(k[2] for k in names) == word + " A", (lang, names)
        for k in names:  # fix16b: never squeezed (textLength read as a condensed face)
            assert int(k[1]["font-size"]) >= 13 and "textLength" not in k[1], (lang, k)
        if len(word) > 6:  # ru: the word on its own line, the letter under it
            assert [k[2] for k in names] == [word, "A"], (lang, names)
    finally:
        i18n.set_language("en")
