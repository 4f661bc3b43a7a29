// The Bot lab page (lab.html): editor, runs, results, and the way to the table.
//
// Nothing heavy runs here: the referee (the game) and the player's bot each
// live in their own worker (assets/lab-worker.js), and this page only passes
// messages between them, so it stays responsive during runs. Every bot
// decision is timed here; one that takes longer than TIME_LIMIT_MS loses the
// game and the bot's worker is terminated and started afresh (the only way to
// stop an endless loop). Untrusted text (tracebacks, printed output, shared
// code) only ever goes into the page with textContent.
import { decimal, translate } from "./lab-i18n.js";
import { makeEditor, textareaEditor } from "./lab-editor.js";
import { pickRuntime } from "./lab-runtime.js";
import { botFromLink, shareErrorText } from "./lab-share.js";
import { startWorker } from "./lab-workers.js";
import { readReply } from "./lab-reply.js";
import { participantNames, renderStats, watchLongTasks } from "./lab-results.js";
import { clearProblems, printed, showProblem } from "./lab-output.js";
import { LANG_KEY, LANGS, pickLanguage, storageGet, storageSet } from "./lab-lang.js";
import { downloadText, keepOffline, makeShareLink, openShareBox, readCodeFile } from "./lab-files.js";

const TIME_LIMIT_MS = 2000; // per decision (lostcode.player.botapi.TIME_LIMIT)
const LOAD_LIMIT_MS = 2000; // running the bot's file once it is sent
const MAX_LOST_IN_A_ROW = 3; // stop a run when the bot keeps losing by bad moves
const CODE_KEY = "lostcode.lab.code";
const OWN_KEY = "lostcode.lab.own"; // the student's code, kept aside while a shared bot is open
const SHARE_KEY = "lostcode.lab.share"; // {name, author} of the student's links
// Issue 44: a link's code, until it is first run by Run or Play (a reload
// must not run it either: it is the saved code by then).
const UNRUN_KEY = "lostcode.lab.unrun";
const RUNTIME_NAMES = { micropython: "MicroPython", pyodide: "Pyodide (CPython)" };
const WATCH_KEY = "lostcode.lab.watch"; // the record "Watch the game" hands to index.html

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const lab = { longestTask: 0, games: [], names: [], run: null, examples: {}, boot: {}, marks: {} };
// Milestones of the start-up, ms since navigation (tools/bench_lab.py --first-game prints them).
const mark = (name) => { lab.marks[name] = Math.round(performance.now()); };
// The page's first game (tools/bench_lab.py prints it): ms in Python in the
// bot's worker, and from the referee's question to the page's answer.
const firstGame = { asks: 0, botPy: 0, ask: 0 };
window.lab = lab; // read by tests and tools/bench_lab.py
// Issue 26: the hook for the league panel: the bot in a shared link,
// {name, author, code}, null for a link without one; a link that cannot be
// used throws an Error whose message says why in the page's language.
lab.botFromLink = (link) => {
  try { return botFromLink(link); } catch (err) { throw new Error(shareErrorText(err, t)); }
};

let [lang, langNote] = pickLanguage();

// The page's words in its language: the one catalogue's (assets/lab-i18n.js,
// plural forms by Intl.PluralRules), issue 42.
function t(key, params) {
  return translate(lang, key, params);
}

const num = (x) => decimal(lang, x); // a mean or a spread as the page's language writes decimals

function applyStatic() {
  root.lang = lang;
  document.querySelectorAll("[data-i18n]").forEach((e) => { e.textContent = t(e.dataset.i18n); });
  $("lab-lang").value = lang;
  $("back").href = "./index.html?lang=" + lang;
  if (editor) editor.label(t("your-bot"));
  renderSharedNote();
  if (lab.botChoice) showRuntime(lab.botChoice);
  if (root.dataset.lab === "loading") showWaiting();
  if (lab.stats) renderStats(lab.stats, lab.names, t, num);
  if (league) league.leagueLanguage(); // the class league's own lines (assets/lab-league.js)
  const note = $("lang-note");
  if (note && langNote) {
    const shown = langNote.value.length > 30 ? langNote.value.slice(0, 27) + "..." : langNote.value;
    note.textContent = t(langNote.key, { value: shown, lang });
    note.hidden = false;
  }
}

// --- code: editor, storage, file, link -------------------------------------------------

let editor = null;

async function example(code) {
  if (!lab.examples[code]) {
    const r = await fetch("./assets/lab/example_" + code + ".py");
    if (!r.ok) throw new Error("example " + code + ": HTTP " + r.status);
    lab.examples[code] = await r.text();
  }
  return lab.examples[code];
}

function isAnExample(text) {
  return Object.values(lab.examples).includes(text);
}

// The code a page opens with: a shared link's (the student's own kept aside,
// OWN_KEY), else the saved code, else the example. Issue 26: a link is read
// whole or refused with a message (assets/lab-share.js); it never runs code.
async function initialCode() {
  let shared = null;
  try {
    shared = botFromLink(location.href);
  } catch (err) {
    lab.sharedNote = { refused: true, text: () => shareErrorText(err, t) };
  }
  if (/#/.test(location.href)) {
    // A reload keeps the student's edits instead of reading the link again.
    history.replaceState(null, "", location.pathname + location.search);
  }
  if (shared) {
    const own = storageGet(CODE_KEY);
    if (own !== null && own !== shared.code && !isAnExample(own)) storageSet(OWN_KEY, own);
    storageSet(CODE_KEY, shared.code);
    storageSet(UNRUN_KEY, shared.code);
    lab.shared = shared;
    lab.sharedNote = {
      refused: false,
      text: () => t(shared.author ? "shared-note" : "shared-note-anon",
        { name: shared.name || t("default-bot-name"), author: shared.author }),
    };
    return shared.code;
  }
  const saved = storageGet(CODE_KEY);
  if (saved !== null) {
    example(lang).catch(() => {});
    return saved;
  }
  return example(lang);
}

function renderSharedNote() {
  const note = lab.sharedNote;
  const box = $("shared-note");
  if (!box) return;
  box.hidden = !note;
  if (!note) return;
  box.classList.toggle("refused", note.refused);
  $("shared-text").textContent = note.text();
  $("shared-back").hidden = note.refused || storageGet(OWN_KEY) === null;
}

function backToOwnCode() {
  const own = storageGet(OWN_KEY);
  if (own === null) return;
  editor.set(own);
  codeChanged();
  try { window.localStorage.removeItem(OWN_KEY); } catch { /* blocked */ }
  lab.sharedNote = null;
  renderSharedNote();
  say("code-status", t("shared-back-done"));
  editor.focus?.();
}

let runtimeTimer = 0;
function codeChanged() {
  storageSet(CODE_KEY, editor.get());
  // A shared link's code edited before any Run is still not run on the next
  // open (issue 44: a one-letter edit, then a reload, ran its top level).
  if (storageGet(UNRUN_KEY) !== null) storageSet(UNRUN_KEY, editor.get());
  // The runtime the code needs, said and started once the typing pauses.
  clearTimeout(runtimeTimer);
  runtimeTimer = setTimeout(prepareBot, 1200);
}

function say(id, text) {
  $(id).textContent = text;
}

// Issue 26: the code is shown at once in a plain text box; CodeMirror (~300 kB
// of JavaScript to compile and build on the main thread) replaces it once the
// workers are ready and no run is going on: while the runtimes started it held
// their "ready" messages back (~0.5 s), and during a run it would hold back
// every decision, which passes through this thread.
function setUpEditor(doc) {
  editor = textareaEditor($("editor"), doc, t("your-bot"), codeChanged);
  storageSet(CODE_KEY, doc);
}

let upgrading = false;
async function upgradeEditor() {
  const box = $("editor");
  const area = box.querySelector("textarea");
  if (!area || upgrading || root.dataset.editor === "ready") return;
  if (root.dataset.busy === "1") return; // finishActivity() calls again
  if (document.activeElement === area) {
    area.addEventListener("blur", upgradeEditor, { once: true }); // not under the fingers
    return;
  }
  upgrading = true;
  const holder = document.createElement("div");
  holder.hidden = true;
  box.append(holder);
  try {
    const next = await makeEditor(holder, editor.get(), t("your-bot"), codeChanged);
    if (document.activeElement === area) {
      holder.remove();
      area.addEventListener("blur", upgradeEditor, { once: true });
      return;
    }
    if (next.get() !== editor.get()) next.set(editor.get()); // changed while it loaded
    area.remove();
    holder.hidden = false;
    editor = next;
    mark("editor");
  } catch (err) {
    console.warn("editor chunks failed, keeping the plain text box", err);
    holder.remove();
  } finally {
    upgrading = false;
  }
  root.dataset.editor = "ready";
}

function download() {
  downloadText(editor.get(), "my_bot.py");
}

async function loadFile(event) {
  const got = await readCodeFile(event.target);
  if (!got) return;
  if (got.text !== undefined) {
    editor.set(got.text);
    codeChanged();
  }
  say("code-status", t(got.key, { name: got.name }));
}

// Issue 26: the link holds the code, its name and author, compressed
// (assets/lab-share.js); longer than MAX_LINK_CHARS it is not offered.
const share = () => { lab.link = openShareBox(shareContext()); };
const makeLink = (announce) => { lab.link = makeShareLink(shareContext(), announce); };
const shareContext = () => ({ code: editor.get(), t, say, key: SHARE_KEY });

async function reset() {
  editor.set(await example(lang));
  codeChanged();
  say("code-status", t("reset-done"));
}

// --- workers ----------------------------------------------------------------------------

// A worker is ready: its times for tools/bench_lab.py. began: when the
// worker's own clock started, ms since the page's navigation (created: when
// the page asked for it, same clock).
function workerReady(role) {
  return (times, created) => {
    lab.boot[role] = { ...times, created, began: Math.round(times.origin - performance.timeOrigin) };
    mark(role + "-ready");
    showWaiting();
  };
}

// What the lab is still waiting for, in its status line while it starts.
function showWaiting() {
  const parts = [];
  if (referee && !referee.started) parts.push(t("wait-referee"));
  if (bot && !bot.started) parts.push(t("wait-bot", { runtime: RUNTIME_NAMES[bot.runtime] }));
  if (parts.length) say("lab-status", t("waiting", { what: parts.join(", ") }));
  else if (root.dataset.lab === "ready") say("lab-status", t("ready"));
}

// The runtime for this code: the student's choice, or what its imports allow;
// Pyodide for code MicroPython could not load (lab.fallback).
function runtimeFor(source) {
  const mode = $("runtime").value;
  if (mode === "auto" && lab.fallback && lab.fallback.source === source) {
    return { runtime: "pyodide", why: { key: "rt-fallback", params: { error: lab.fallback.error } } };
  }
  return pickRuntime(source, mode);
}

function showRuntime(choice) {
  lab.botChoice = choice;
  root.dataset.botRuntime = choice.runtime;
  say("runtime-note", t(choice.why.key, { ...choice.why.params, runtime: RUNTIME_NAMES[choice.runtime] }));
}

// After an edit or a change of the runtime menu: say which runtime, and start
// it now if the bot's worker runs the other one (not during a run).
function prepareBot() {
  if (!editor || root.dataset.busy === "1") return;
  const choice = runtimeFor(editor.get());
  showRuntime(choice);
  if (bot && bot.runtime !== choice.runtime) newBot(choice.runtime);
}

let referee = null;
let bot = null;
let decisionId = 0;

function newBot(runtime) {
  const wanted = runtime || (bot && bot.runtime) || "micropython";
  if (bot) bot.worker.terminate();
  bot = startWorker("bot", onBotMessage, wanted, workerReady("bot"));
  const w = bot;
  bot.ready.catch((err) => {
    if (w === bot) showProblem(t("bot-worker-failed"), String(err.message || err));
  });
  showWaiting();
  return bot;
}

function onBotMessage(m, w) {
  if (w !== bot) return; // a stopped worker's last words
  if (m.type === "print") printed(lab, m.text, m.cut, t);
  else if (m.type === "decided") { // its word that it answered the referee: only its time is kept
    if (!lab.marks["game-1"]) firstGame.botPy += Number(m.py) || 0;
  } else if ((m.type === "decision" || m.type === "loaded") && w.pending) {
    // Only the reply to the question asked counts: the bot's code can post
    // messages too, and must not answer for itself.
    if (m.type === "decision" && m.id !== w.pending.id) return;
    const p = w.pending;
    w.pending = null;
    p.resolve(m);
  } else if (m.type === "fatal" && w.pending) {
    const p = w.pending;
    w.pending = null;
    p.resolve({ type: "fatal", error: m.error });
  }
}

// Ask the bot worker something; resolves with its reply, or {timeout: true}
// after `limit` ms (the worker is then replaced: it may be looping forever).
// `send` false: the referee asked it directly (onAsked), only the reply is awaited.
function askWorker(message, limit, send = true) {
  const w = bot;
  return new Promise((resolve) => {
    const entry = { id: message.id, resolve: (reply) => { clearTimeout(timer); resolve(reply); } };
    const timer = setTimeout(() => {
      if (w.pending === entry) w.pending = null;
      if (w === bot) newBot(); // else it was already replaced (stopped)
      resolve({ timeout: true });
    }, limit);
    w.pending = entry;
    if (send) w.worker.postMessage(message);
  });
}

// The bot's file, run in its worker: "" when ready, else a message for the player.
async function loadBot(source) {
  const choice = runtimeFor(source);
  if (!bot || bot.runtime !== choice.runtime) newBot(choice.runtime);
  showRuntime(choice);
  try { await bot.ready; } catch (err) { return t("bot-worker-failed") + " " + (err.message || err); }
  if (bot.loaded === source) return "";
  const reply = await askWorker({ type: "load", source }, LOAD_LIMIT_MS);
  const problem = reply.timeout ? t("load-slow", { s: LOAD_LIMIT_MS / 1000 })
    : reply.type === "fatal" ? reply.error : reply.error || "";
  // Issue 26: what MicroPython lacks (a module, a name, a method) fails here;
  // in automatic mode such code runs on Pyodide instead, and the page says so.
  // Not a SyntaxError: a typo must be shown at once, not after Pyodide starts
  // (the syntax MicroPython lacks, match, is found before: lab-runtime.js).
  if (problem && bot.runtime === "micropython" && $("runtime").value === "auto" && !reply.timeout
      && /\b(ImportError|AttributeError|NotImplementedError)\b/.test(problem)) {
    const last = problem.trim().split("\n").pop();
    lab.fallback = { source, error: last.length > 120 ? last.slice(0, 117) + "..." : last };
    return loadBot(source);
  }
  if (problem) return problem;
  bot.loaded = source;
  return "";
}

async function askBot(request, game) {
  // Loaded already (the usual case, every decision of a run): asked at once,
  // without choosing the runtime and rewriting its note (a live region) again.
  if (!(bot && bot.started && bot.loaded === lab.source)) {
    const problem = await loadBot(lab.source);
    if (problem) return { reason: "error", detail: problem };
  }
  // checked: the worker reads the request with the one reader's limits in JavaScript.
  const reply = await askWorker({ type: "decide", id: ++decisionId, request, game, checked: true },
    TIME_LIMIT_MS);
  if (reply.timeout) return { reason: "slow", detail: t("forfeit-slow", { s: TIME_LIMIT_MS / 1000 }) };
  if (reply.type === "fatal") return { reason: "error", detail: reply.error };
  if (!lab.marks["game-1"]) firstGame.botPy += reply.py || 0;
  const result = readReply(reply.result);
  return result.move !== undefined ? { move: result.move } : result.forfeit;
}

function onReferee(m) {
  if (m.type === "ask") onAsk(m);
  else if (m.type === "asked") onAsked(m);
  else if (m.type === "answered") onAnswered(m);
  else if (m.type === "game") onGame(m);
  else if (m.type === "done") onDone(m);
  else if (m.type.startsWith("league-")) { if (league) league.leagueMessage(m); } // issue 26
  else if (m.type === "fatal") {
    showProblem(t("referee-failed"), m.error);
    if (league) league.leagueFailed();
    finishActivity();
  }
}

async function onAsk(m) {
  const at = performance.now();
  const answer = league && league.leagueRunning() ? await league.leagueAsk(m)
    : await askBot(m.request, m.game);
  if (!lab.marks["game-1"]) { firstGame.asks += 1; firstGame.ask += performance.now() - at; }
  referee.worker.postMessage({ type: "answer", ask: m.id, ...answer });
}

// Issue 26: in a series the referee asks the bot's worker directly (two
// messages fewer per decision, none through this thread); the page is told
// ("asked") and still keeps the time limit: a bot too slow is stopped, one
// that fails is answered for, and the referee then asks this page again.
async function onAsked(m) {
  const w = bot;
  const run = lab.run;
  if (w.pending) { // the previous question was answered: the referee asks only then
    const p = w.pending;
    w.pending = null;
    p.resolve({ type: "decided" });
  }
  const at = performance.now();
  const reply = w.decidedEarly === m.id ? { type: "decided" }
    : await askWorker({ id: m.id }, TIME_LIMIT_MS, false);
  if (!lab.marks["game-1"]) {
    firstGame.asks += 1;
    firstGame.ask += performance.now() - at;
  }
  if (reply.type === "decided" || lab.run !== run) return; // answered, or the run was stopped
  const answer = reply.timeout ? { reason: "slow", detail: t("forfeit-slow", { s: TIME_LIMIT_MS / 1000 }) }
    : { reason: "error", detail: reply.type === "fatal" ? reply.error : "" };
  referee.worker.postMessage({ type: "answer", ask: m.id, ...answer });
  referee.worker.postMessage({ type: "direct-off" });
}

// Issue 44: the referee has the bot's direct answer, so that question's time
// limit ends (the bot's own "decided" could be forged, then loop forever).
function onAnswered(m) {
  const w = bot;
  if (w && w.pending && w.pending.id === m.id) {
    const p = w.pending;
    w.pending = null;
    p.resolve({ type: "decided" });
  } else if (w) w.decidedEarly = m.id;
}

// --- runs ----------------------------------------------------------------------------------

function busy(on) {
  const had = [$("run-games"), $("play")].includes(document.activeElement);
  $("run-games").disabled = $("play").disabled = on;
  $("stop").hidden = !on;
  root.dataset.busy = on ? "1" : "";
  if (on && had) $("stop").focus(); // the pressed button is disabled: keep the focus in reach
  else if (!on && document.activeElement === $("stop")) $("run-games").focus();
}

function finishActivity() {
  busy(false);
  lab.run = null;
  upgradeEditor();
  loadLeague();
}

// The class league (issue 26, assets/lab-league.js), loaded like the editor:
// once the workers are ready and no run is going on. Its ~60 kB of script,
// strings and markup, read and laid out while the runtimes started, made the
// first game's result ~30 ms later (warm visit, 2-core VM).
let league = null;
let leagueLoading = false;
async function loadLeague() {
  if (league || leagueLoading || root.dataset.busy === "1") return; // finishActivity() calls again
  leagueLoading = true;
  try {
    const module = await import("./lab-league.js");
    module.setUpLeague({ t, lang: () => lang, askWorker, bot: () => bot, referee: () => referee, busy,
      editorCode: () => (editor ? editor.get() : "") });
    league = module;
  } catch (err) {
    console.warn("the class league could not be loaded", err);
  } finally {
    leagueLoading = false;
  }
}

// The bot in the editor, loaded for a run or a table: false (and the problem
// shown, the page idle again) when it cannot be used.
async function startWithEditorBot() {
  clearProblems();
  busy(true);
  lab.source = editor.get();
  try { window.localStorage.removeItem(UNRUN_KEY); } catch { /* blocked */ }
  const problem = await loadBot(lab.source);
  if (problem) {
    showProblem(t("cannot-run"), problem);
    finishActivity();
    return false;
  }
  return true;
}

async function runGames() {
  const games = Math.round(Number($("games").value));
  if (!(games >= 1 && games <= 500)) { say("code-status", t("games-range")); $("games").focus(); return; }
  const players = Number($("players").value);
  const level = $("opponents").value;
  if (!lab.marks.run) mark("run");
  if (!(await startWithEditorBot())) return;
  if (!lab.marks.loaded) mark("loaded");
  lab.names = participantNames(players, level, t);
  lab.games = [];
  lab.stats = null;
  lab.outputLines = 0;
  lab.outputChars = 0;
  lab.outputCut = false;
  $("output").replaceChildren();
  lab.run = { games, players, lostInARow: 0, start: performance.now() };
  lab.longestTask = 0;
  $("results").hidden = false;
  $("chart").replaceChildren();
  $("stats-table").replaceChildren();
  $("game-list").replaceChildren();
  $("progress-box").hidden = false;
  progress(0, games);
  // The bot's worker answers the referee on this channel (onAsked).
  const channel = new MessageChannel();
  bot.worker.postMessage({ type: "port", port: channel.port2 }, [channel.port2]);
  referee.worker.postMessage({
    type: "series", games, players, level, names: lab.names,
    seed: Math.floor(Math.random() * 100000), botPort: channel.port1,
  }, [channel.port1]);
}

function progress(done, total) {
  $("run-progress").max = total;
  $("run-progress").value = done;
  say("progress-label", t("progress", { done, total }));
}

function forfeitText(f) {
  if (f.reason === "slow") return t("forfeit-slow", { s: TIME_LIMIT_MS / 1000 });
  if (f.reason === "illegal") return t("forfeit-illegal", { move: f.detail });
  return t("forfeit-error");
}

function onGame(m) {
  if (!lab.marks["game-1"]) {
    mark("game-1");
    lab.marks.firstGame = { asks: firstGame.asks, ask: Math.round(firstGame.ask),
      botPy: Math.round(firstGame.botPy), refereePy: m.py };
  }
  const entry = JSON.parse(m.entry);
  lab.games.push(entry);
  const run = lab.run;
  if (run) progress(lab.games.length, run.games);
  const li = document.createElement("li");
  const s = entry.summary;
  const parts = entry.at.map((p, i) => lab.names[i] + " " + s.scores[p]);
  let outcome;
  if (s.forfeit) outcome = t("lost-by", { why: forfeitText(s.forfeit) });
  else if (s.tie) outcome = t("tie");
  else outcome = s.winner === entry.at[0] ? t("won") : t("lost");
  const text = document.createElement("span");
  text.textContent = t("game-line", { n: m.index + 1, scores: parts.join(" · "), outcome });
  li.append(text);
  if (s.finished) li.append(" ", watchButton(entry.summary.record, m.index + 1));
  $("game-list").append(li);
  if (s.forfeit) {
    if (run) run.lostInARow += 1;
    if (lab.games.filter((g) => g.summary.forfeit).length === 1) {
      showProblem(t("game-n", { n: m.index + 1 }) + ": " + t("lost-by", { why: forfeitText(s.forfeit) }),
        s.forfeit.reason === "error" ? s.forfeit.detail : "");
    }
    if (run && run.lostInARow >= MAX_LOST_IN_A_ROW) {
      showProblem(t("stopped-lost", { n: MAX_LOST_IN_A_ROW }));
      referee.worker.postMessage({ type: "stop" });
    }
  } else if (run) run.lostInARow = 0;
}

function watchButton(record, n) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "watch";
  b.textContent = t("watch");
  b.setAttribute("aria-label", t("watch") + " (" + t("game-n", { n }) + ")");
  b.addEventListener("click", () => {
    storageSet(WATCH_KEY, JSON.stringify(record));
    window.open("./index.html?lang=" + lang + "#watch=lab", "_blank");
  });
  return b;
}

function onDone(m) {
  const run = lab.run;
  if (run) {
    const seconds = (performance.now() - run.start) / 1000;
    lab.gamesPerSecond = lab.games.length / seconds;
  }
  lab.stats = JSON.parse(m.stats);
  renderStats(lab.stats, lab.names, t, num);
  say("progress-label", t(m.stopped ? "run-stopped" : "run-done", { n: lab.games.length }));
  root.dataset.runs = String(Number(root.dataset.runs || 0) + 1);
  finishActivity();
  settle();
}

// --- play against the bot at the game's own table ------------------------------------------

// The game page (index.html#play=lab) seats the person, the bot and `level`
// computers; it runs the bot in its own worker (assets/labseat.js), sent only
// the bot's observation and legal moves. The code goes through localStorage.
const PLAY_KEY = "lostcode.lab.play"; // lostcode/web/lab/labseat.py

async function playTable() {
  if (!(await startWithEditorBot())) return;
  finishActivity();
  const players = Number($("players").value);
  const level = $("opponents").value;
  // Names are said in the third person on the table ("Player rolls"), never "You".
  const names = [t("player-name"), t("your-bot")];
  for (let i = 2; i < players; i++) names.push(t(level) + (players > 3 ? " " + (i - 1) : ""));
  // The runtime the lab ran it on (its menu, its imports, or the fallback): the table's too.
  const runtime = runtimeFor(lab.source).runtime;
  storageSet(PLAY_KEY, JSON.stringify({ code: lab.source, players, level, names, runtime }));
  const url = "./index.html?lang=" + lang + "#play=lab";
  if (window.open(url, "_blank")) say("code-status", t("play-opened"));
  else location.href = url; // a blocked pop-up: this tab goes to the table
}

function stop() {
  if (referee) referee.worker.postMessage({ type: "stop" });
  if (bot && bot.pending) newBot(); // a decision in progress may never end: start afresh
}

// --- start-up -------------------------------------------------------------------------------

async function main() {
  watchLongTasks(lab);
  applyStatic();
  $("lab-lang").addEventListener("change", async (e) => {
    const old = editor ? editor.get() : null;
    lang = LANGS.includes(e.target.value) ? e.target.value : "en";
    storageSet(LANG_KEY, lang);
    applyStatic();
    if (old !== null && isAnExample(old)) { editor.set(await example(lang)); codeChanged(); }
  });
  $("download").addEventListener("click", download);
  $("load-file").addEventListener("change", loadFile);
  $("share").addEventListener("click", share);
  $("share-name").addEventListener("input", () => makeLink(false));
  $("share-author").addEventListener("input", () => makeLink(false));
  $("shared-back").addEventListener("click", backToOwnCode);
  $("runtime").addEventListener("change", prepareBot);
  $("reset").addEventListener("click", reset);
  $("run-games").addEventListener("click", runGames);
  $("play").addEventListener("click", playTable);
  $("stop").addEventListener("click", stop);
  // Issue 26: the referee starts at once; the bot's worker as soon as its code
  // is known (a shared link, the saved code or the example), on the runtime
  // that code needs; the editor is built meanwhile.
  mark("main");
  referee = startWorker("referee", onReferee, "micropython", workerReady("referee"));
  showWaiting();
  const doc = await initialCode();
  mark("code");
  renderSharedNote();
  const choice = runtimeFor(doc);
  showRuntime(choice);
  newBot(choice.runtime);
  setUpEditor(doc);
  // The bot's code is run in its worker as soon as that worker is up (issue 26),
  // so a first "Run games" finds it loaded; the lab is ready once that is done
  // (its outcome is what loadBot() reports again when the code is used).
  // Issue 44: not a shared link's code: that runs only when Run is pressed.
  const fromLink = lab.shared || storageGet(UNRUN_KEY) === doc;
  lab.preloaded = !fromLink;
  const preload = fromLink ? Promise.resolve("") : bot.ready.then(() => loadBot(doc)).catch(() => "");
  try {
    await Promise.all([referee.ready, bot.ready]);
    await preload;
  } catch (err) {
    root.dataset.lab = root.dataset.engine = "error";
    say("lab-status", t("load-failed") + " " + (err.message || err));
    return;
  } finally {
    setTimeout(() => { upgradeEditor(); loadLeague(); }, 0); // after a press of Run in the same moment, if any
  }
  root.dataset.lab = "ready";
  say("lab-status", t("ready"));
  busy(false);
  setTimeout(settle, 5000);
}

// Issue 26: the service worker (assets/pwa.js registers it once data-engine
// is "ready") downloads and checks the whole site for offline use, and
// caching Pyodide downloads ~13 MB more: both wait until the first run is
// done or the lab has been ready for 5 s, so they never slow the first games.
function settle() {
  if (root.dataset.engine === "ready") return;
  root.dataset.engine = "ready";
  keepOffline(root);
}


main();
