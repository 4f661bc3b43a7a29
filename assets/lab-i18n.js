// The Bot lab's own strings (lab.html, assets/lab.js), in English: each is the
// msgid of a message in the site's one gettext catalogue (issue 42). Babel
// extracts the _() and ngettext() calls below into locales/messages.pot (babel.cfg);
// translators translate them in locales/<lang>/LC_MESSAGES/messages.po, with the
// language's plural forms, beside the game's messages; tools/build_i18n.py compiles
// them into assets/lab-catalog.js. translate() picks a plural form with
// Intl.PluralRules. Never glue a number to a word outside a message: a message
// that takes a count is an ngettext() naming its count parameter (third argument).
// A key may hold a list of whole sentences (one count each), said one after another.
import { CATALOG, PLURAL_CATEGORIES } from "./lab-catalog.js";
import { LEAGUE_MESSAGES } from "./lab-league-i18n.js";

const _ = (msgid) => msgid;
const ngettext = (one, other, count) => ({ one, other, count });

export const LANGS = ["en", "ru", "it", "pl"];

export const MESSAGES = {
  "title": _("Bot lab — The Lost Code"),
  "heading": _("Bot lab"),
  "intro": _("Write your own computer player in Python, pit it against ours, then play against it. Everything runs in this browser."),
  "back": _("Back to the game"),
  "language": _("Language"),
  "loading": _("Loading Python…"),
  "ready": _("Ready."),
  "load-failed": _("The lab could not start:"),
  "your-bot": _("Your bot"),
  "api-help": _("Define choose(observation, legal_moves) returning one of legal_moves (or a class Bot with that method). Your code is kept in this browser."),
  "download": _("Download .py"),
  "load-file": _("Load a .py file"),
  "share": _("Share by link"),
  "reset": _("Start again from the example"),
  "share-link": _("Link to this bot"),
  "problems": _("Problems"),
  "run-h": _("Games"),
  "opponents": _("Opponents"),
  "easy": _("Computer (easy)"),
  "medium": _("Computer (medium)"),
  "hard": _("Computer (hard)"),
  "expert": _("Computer (expert)"),
  "players": _("Players"),
  "games": _("Number of games"),
  "run": _("Run games"),
  "play": _("Play against my bot"),
  "stop": _("Stop"),
  "results": _("Results"),
  "game-list": _("Games"),
  "output": _("What your bot printed"),
  "link-bad": _("The code in the link could not be read; your saved bot is shown instead."),
  "link-loaded": _("Loaded the bot from the link."),
  "file-too-big": _("That file is too big for a bot (more than 200 kB); nothing was changed."),
  "file-loaded": _("Loaded {name}."),
  "file-bad": _("That file is not text (UTF-8); nothing was changed."),
  "link-made": _("The link holds your code (after the #, which is never sent to a server)."),
  "share-name": _("Name of the bot"),
  "share-author": _("Made by (optional)"),
  "default-bot-name": _("A bot"),
  "link-made-n": ngettext("Link made ({n} character). It holds your code after the #, which is never sent to a server.", "Link made ({n} characters). It holds your code after the #, which is never sent to a server.", "n"),
  "link-too-long": ngettext("A link to this bot would be {n} character long, more than {max}: chat apps and e-mail may cut such a link. Send the file instead: press “Download .py”.", "A link to this bot would be {n} characters long, more than {max}: chat apps and e-mail may cut such a link. Send the file instead: press “Download .py”.", "n"),
  "shared-note": _("“{name}” by {author}, from a shared link, is in the editor. It is their code: read it first. It runs only when you press “Run games” or “Play against my bot”."),
  "shared-note-anon": _("“{name}”, from a shared link (no author given), is in the editor. It is someone else's code: read it first. It runs only when you press “Run games” or “Play against my bot”."),
  "shared-back": _("Back to my own code"),
  "shared-back-done": _("Your own code is back in the editor."),
  "link-old": _("This link was made by an older version of the Bot lab and cannot be read. Nothing from it was loaded: ask for a new link or for the .py file."),
  "link-newer": _("This link was made by a newer version of the Bot lab. Nothing from it was loaded: reload the page to get the new version, then open the link again."),
  "link-damaged": _("This link is damaged or was changed (its check does not match). Nothing from it was loaded: ask for the link again or for the .py file."),
  "link-too-big": ngettext("This link holds more than {max} byte of code. Nothing from it was loaded: ask for the .py file.", "This link holds more than {max} bytes of code. Nothing from it was loaded: ask for the .py file.", "max"),
  "runtime-label": _("Python for my bot"),
  "rt-auto": _("Automatic"),
  "rt-mpy-name": _("MicroPython (starts fast)"),
  "rt-py-name": _("Pyodide (CPython)"),
  "rt-mpy": _("Your bot runs on MicroPython, like the game: everything it imports is there, and it starts in a moment."),
  "rt-py": _("Your bot runs on Pyodide (CPython, about 13 MB, a few seconds to start): it uses {what}, which MicroPython lacks."),
  "rt-py-dynamic": _("Your bot runs on Pyodide (CPython, about 13 MB): it imports modules by name, which cannot be checked before it runs."),
  "rt-chosen": _("Your bot runs on {runtime}, as chosen."),
  "rt-fallback": _("Your bot runs on Pyodide (CPython): MicroPython could not run it ({error})."),
  "waiting": _("Loading: {what}…"),
  "wait-referee": _("the referee (MicroPython)"),
  "wait-bot": _("Python for your bot ({runtime})"),
  "reset-done": _("The example is back in the editor."),
  "bot-worker-failed": _("Python for your bot could not start."),
  "load-slow": _("Your bot's file did not finish running within {s} s (an endless loop?). It was stopped."),
  "cannot-run": _("Your bot cannot run:"),
  "referee-failed": _("The referee stopped with an error:"),
  "output-cut": _("… (more output not shown)"),
  "output-shortened": _("… (output shortened: your bot printed more than 100,000 characters)"),
  "lang-bad": _("Ignored lang={value}: the languages are en, ru, it and pl."),
  "lang-read-as": _("Read lang={value} as lang={lang}."),
  "games-range": _("Choose from 1 to 500 games."),
  "progress": _("Games played: {done} of {total}"),
  "run-done": ngettext("Done: {n} game.", "Done: {n} games.", "n"),
  "run-stopped": ngettext("Stopped after {n} game.", "Stopped after {n} games.", "n"),
  "forfeit-slow": _("it took longer than {s} s for one decision and was stopped"),
  "forfeit-illegal": _("it returned a move that is not legal: {move}"),
  "forfeit-error": _("its code raised an error"),
  "lost-by": _("your bot lost the game: {why}"),
  "stopped-lost": ngettext("The run was stopped: your bot lost {n} game in a row by bad moves. Fix it and run again.", "The run was stopped: your bot lost {n} games in a row by bad moves. Fix it and run again.", "n"),
  "tie": _("a tie"),
  "won": _("your bot won"),
  "lost": _("your bot lost"),
  "game-n": _("Game {n}"),
  // One game in the lists: its number, each seat's name and score, its outcome.
  "game-line": _("Game {n}: {scores} — {outcome}"),
  "watch": _("Watch the game"),
  "stats-caption": _("Per player, over the finished games"),
  "col-player": _("Player"),
  "col-wins": _("Wins"),
  "col-mean": _("Mean score"),
  "col-spread": _("Spread"),
  "col-range": _("Lowest–highest"),
  "col-forfeits": _("Lost by a bad move"),
  "chart-title": _("Scores per player: mean (tick), spread (box), lowest to highest (line)"),
  "chart-row": ngettext("{wins} win of {games}, mean score {mean}, spread {spread}", "{wins} wins of {games}, mean score {mean}, spread {spread}", "wins"),
  "player-name": _("Player"),
  "play-opened": _("Your game against your bot opened in a new tab.")
};
Object.assign(MESSAGES, LEAGUE_MESSAGES); // the class league's (assets/lab-league.js)

const pluralRules = {};

// The .po plural form for the count n: CLDR's category by Intl.PluralRules, in the
// order of the catalogue's forms (tools/build_i18n.py PLURAL_CATEGORIES).
function formIndex(lang, n) {
  const cats = PLURAL_CATEGORIES[lang];
  if (!pluralRules[lang]) pluralRules[lang] = new Intl.PluralRules(lang);
  const i = cats.indexOf(pluralRules[lang].select(n));
  return i < 0 ? cats.length - 1 : i;
}

function sentence(lang, entry, params) {
  const forms = CATALOG[lang] || {};
  if (typeof entry === "string") return forms[entry] || entry;
  const n = Number((params || {})[entry.count]);
  const said = forms[entry.one];
  if (said) return said[formIndex(lang, n)];
  return n === 1 ? entry.one : entry.other;
}

// The text of `key` in `lang`, unformatted: the form for the count in params.
export function text(lang, key, params) {
  const entry = MESSAGES[key];
  if (entry === undefined) return key;
  return [].concat(entry).map((e) => sentence(lang, e, params)).join(" ");
}

// A decimal as `lang` writes it, like the game's pages (lostcode/web/shell/i18n.py
// decimal()): "12.2" in English, «12,2» in ru, it and pl. `x` is a number (rounded
// to `places`) or a decimal already written with a point (the league's "12.34").
export function decimal(lang, x, places = 1) {
  const s = typeof x === "string" ? x : Number(x).toFixed(places);
  return lang === "en" ? s : s.replace(".", ",");
}

// The text of `key` in `lang` with its {placeholders} filled from params.
export function translate(lang, key, params) {
  let s = text(lang, key, params);
  for (const k in params || {}) s = s.split("{" + k + "}").join(String(params[k]));
  return s;
}
