// The Bot lab's class league (issue 26): several bots, a round-robin, standings.
//
// Nothing is decided here. The schedule, the refereeing and the standings are
// Python: lostcode/player/league.py in the lab's referee worker
// (assets/lab/labref.py league_*), the same module the command line's
// `python -m lostcode league` uses, so the same bots and seed give the same
// standings and CSV rows in both. This file keeps the list of bots, routes each
// request to its bot (all in the lab's one bot worker, each under its own key:
// assets/lab/labbot.py load_as / decision_as) with the lab's time limit, and
// draws what the referee sends. Untrusted text (names, code, tracebacks) goes
// into the page with textContent only.
//
// Hook for bots that arrive another way (a shared link):
//   window.lab.addLeagueBot(name, code, kind)  -> the entrant, or null
import { readReply } from "./lab-reply.js";
import { downloadText } from "./lab-files.js";
import { freshTable } from "./lab-results.js";
import { decimal } from "./lab-i18n.js";
import { MARKUP } from "./lab-league-markup.js";
import {
  KEPT_KEY, KEPT_VERSION, MAX_BOTS, MAX_DEALS, MAX_DETAIL, MAX_KEPT, MAX_SEED, pack, readKept, storeText, unpack,
} from "./lab-league-kept.js";


const TIME_LIMIT_MS = 2000; // per decision, as the lab's runs (assets/lab.js)
const LOAD_LIMIT_MS = 2000;
const MAX_FILE = 200000; // bytes, as a bot loaded in the editor
const LEVELS = ["easy", "medium", "hard"];
const STORE_KEY = "lostcode.lab.league"; // the list of bots, kept in this browser
const WATCH_KEY = "lostcode.lab.watch"; // assets/lab.js: the record index.html#watch=lab shows


const $ = (id) => document.getElementById(id);
const root = document.documentElement;
let env = null; // what assets/lab.js lends: t, lang, askWorker, bot, referee, busy, ...
let nextId = 1;
let asked = 0;

// The league's state, also read by tests (window.lab.league).
const league = {
  entrants: [], // {id, name, kind: "bot" | level, source, origin, broken}
  running: false,
  plan: null, // {names, games} from the referee
  current: -1,
  entries: [], // per game played: {game, summary}
  result: null, // {standings, head_to_head, played, csv}
  records: null, // the records file's text
  seed: null,
  seconds: null,
  kept: null, // the league on show is the one kept in this browser: {at, sizes, deals, records}
};

const t = (key, params) => env.t(key, params);

// --- the list of bots --------------------------------------------------------------

// Keeps the list for next time: "", or the note that it could not be kept
// (a full or blocked storage), added to what the status line says.
function store() {
  const kept = league.entrants.map((e) => ({ name: e.name, kind: e.kind, source: e.source, origin: e.origin }));
  return storeText(STORE_KEY, JSON.stringify(kept)) ? "" : " " + t("lg-list-full");
}

function restore() {
  let kept = null;
  try { kept = JSON.parse(window.localStorage.getItem(STORE_KEY) || "null"); } catch { kept = null; }
  if (!Array.isArray(kept)) return;
  for (const e of kept.slice(0, MAX_BOTS)) {
    if (!e || typeof e.name !== "string") continue;
    if (e.kind === "bot" && typeof e.source === "string" && e.source.length <= MAX_FILE) {
      add(e.name, e.source, "bot", ["file", "editor", "paste", "link"].includes(e.origin) ? e.origin : "paste", true);
    } else if (LEVELS.includes(e.kind)) add(e.name, null, e.kind, "level", true);
  }
}

function add(name, source, kind, origin, quiet) {
  if (league.entrants.length >= MAX_BOTS) { say(t("lg-too-many", { n: MAX_BOTS })); return null; }
  const clean = String(name || "").trim().slice(0, 24) || t("lg-bot-n", { n: league.entrants.length + 1 });
  const e = { id: "e" + nextId++, name: clean, kind, source, origin, broken: null };
  league.entrants.push(e);
  if (!quiet) {
    const note = store();
    say(t("lg-added", { name: clean }) + note);
  }
  drawBots();
  return e;
}

function remove(id) {
  const i = league.entrants.findIndex((e) => e.id === id);
  if (i < 0 || league.running) return;
  const [e] = league.entrants.splice(i, 1);
  const note = store();
  drawBots();
  say(t("lg-removed", { name: e.name }) + note);
  const items = $("lg-bots").querySelectorAll("button");
  (items[Math.min(i, items.length - 1)] || $("lg-add-editor")).focus(); // keep the focus near
}

function drawBots() {
  const list = $("lg-bots");
  list.replaceChildren();
  for (const e of league.entrants) {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.className = "lg-name";
    name.textContent = e.name;
    const kind = document.createElement("span");
    kind.className = "note";
    // A computer player's level, unless its name already says it ("Computer (hard) (built in)").
    const level = e.kind !== "bot" && e.name !== t(e.kind) ? t(e.kind) + ", " : "";
    kind.textContent = " (" + (e.kind === "bot" ? t("lg-kind-" + e.origin) : level + t("lg-kind-level")) + ") ";
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t("lg-remove");
    b.setAttribute("aria-label", t("lg-remove-named", { name: e.name }));
    b.disabled = league.running;
    b.addEventListener("click", () => remove(e.id));
    li.append(name, kind, b);
    list.append(li);
  }
  $("lg-empty").hidden = league.entrants.length > 0;
  plan();
}

function sizes() {
  const v = $("lg-players").value;
  return v === "2..4" ? [2, 3, 4] : [Number(v)];
}

function choose(n, k) {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return Math.round(c);
}

// The number of games, as lostcode/player/league.py schedule() counts them.
function gameCount(n, deals) {
  let total = 0;
  for (const k of sizes()) if (k <= n) total += choose(n, k) * deals * k;
  return total;
}

function plan() {
  const n = league.entrants.length;
  const min = Math.min(...sizes());
  const deals = Math.round(Number($("lg-deals").value)) || 1;
  $("lg-plan").textContent = n < min
    ? t("lg-plan-few", { min, players: sizes().join("/") })
    : t("lg-plan", { games: gameCount(n, deals), deals });
  updateRun();
}

function updateRun() {
  const min = Math.min(...sizes());
  $("lg-run").disabled = league.running || root.dataset.lab !== "ready" || root.dataset.busy === "1"
    || league.entrants.length < min;
}

function say(text) {
  $("lg-status").textContent = text;
}

async function addFiles(event) {
  const files = [...event.target.files];
  event.target.value = "";
  const added = [];
  for (const file of files) {
    const stem = file.name.replace(/\.py$/i, "");
    try {
      if (file.size > MAX_FILE) throw new Error("too big");
      const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
      const e = add(stem, text, "bot", "file", true);
      if (e) added.push(e.name);
    } catch {
      say(t("lg-file-bad", { name: file.name }) + store());
      return;
    }
  }
  const note = store();
  if (added.length) say(t("lg-added", { name: added.join(", ") }) + note);
}

function addPasted() {
  const code = $("lg-paste-code").value;
  if (!code.trim()) { say(t("lg-paste-empty")); $("lg-paste-code").focus(); return; }
  if (add($("lg-paste-name").value, code, "bot", "paste")) {
    $("lg-paste-code").value = "";
    $("lg-paste-name").value = "";
  }
}

// A shared bot's name in the tables: its author (a class's standings list
// students), with the bot's name when both fit.
function linkName(bot) {
  const name = bot.name || t("default-bot-name");
  if (!bot.author) return name;
  const both = bot.author + " · " + name;
  return both.length <= 24 ? both : bot.author;
}

// Bots from shared links (assets/lab-share.js, read by window.lab.botFromLink):
// each link is added whole or refused with its reason; refused lines stay in
// the box to be fixed, the added ones leave it.
function addLinks() {
  const box = $("lg-links-text");
  const lines = box.value.split(/\r?\n/);
  const added = [];
  const refused = [];
  const kept = [];
  lines.forEach((line, i) => {
    const link = line.trim();
    if (!link) return;
    let bot = null;
    let why = t("lg-link-none");
    try { bot = window.lab.botFromLink(link); } catch (err) { why = err.message; }
    if (!bot) {
      refused.push(t("lg-link-refused", { n: i + 1, why }));
      kept.push(link);
      return;
    }
    const e = add(linkName(bot), bot.code, "bot", "link", true);
    if (e) added.push(e.name);
    else kept.push(link); // the league is full: said by add()
  });
  if (!added.length && !refused.length) { say(t("lg-links-empty")); box.focus(); return; }
  const note = store();
  box.value = kept.join("\n");
  const parts = added.length ? [t("lg-added", { name: added.join(", ") })] : [];
  say(parts.concat(refused).join(" ") + note);
  if (refused.length) box.focus();
}

// --- running: the referee plays, each request goes to its bot -------------------------

function readSeed() {
  const text = $("lg-seed").value.trim();
  const seed = Number(text);
  if (text === "" || !Number.isSafeInteger(seed) || seed < 0 || seed > MAX_SEED) return null;
  return seed;
}

function run() {
  if (league.running) return;
  if (root.dataset.busy === "1") { say(t("lg-busy")); return; }
  const seed = readSeed();
  if (seed === null) { say(t("lg-seed-bad", { max: MAX_SEED })); $("lg-seed").focus(); return; }
  const deals = Math.round(Number($("lg-deals").value));
  if (!(deals >= 1 && deals <= MAX_DEALS)) { say(t("lg-deals-bad", { max: MAX_DEALS })); $("lg-deals").focus(); return; }
  for (const e of league.entrants) e.broken = null; // a fixed file gets a new chance
  Object.assign(league, { running: true, plan: null, current: -1, entries: [], result: null,
    records: null, seed, seconds: null, kept: null, sizes: sizes(), deals, recordsByGame: null,
    start: performance.now() });
  const pressed = document.activeElement === $("lg-run");
  env.busy(true);
  if (pressed) $("stop").focus(); // Run is disabled now: the focus goes to Stop, in the run bar
  drawBots();
  say("");
  $("lg-results").hidden = true;
  $("lg-games").replaceChildren();
  league.barHidden = $("progress-box").hidden; // the lab's bar, lent while the league runs
  progress(0, gameCount(league.entrants.length, deals));
  env.referee().worker.postMessage({ type: "league", plan: JSON.stringify({
    names: league.entrants.map((e) => e.name), kinds: league.entrants.map((e) => e.kind),
    sizes: sizes(), deals, seed }) });
}

function progress(done, total) {
  $("progress-box").hidden = false; // the lab's run bar: in view while busy, with Stop
  $("run-progress").max = Math.max(1, total);
  $("run-progress").value = done;
  $("progress-label").textContent = t("lg-progress", { done, total });
}

function entrantAt(request) {
  const g = league.plan.games[league.current];
  return league.entrants[g.seats[JSON.parse(request).seat]];
}

// The entrant's file, run once in the bot worker (again after the worker was
// replaced, e.g. when a bot was too slow): "" when ready, else why not.
async function load(e) {
  const w = env.bot();
  try { await w.ready; } catch (err) { return t("bot-worker-failed") + " " + (err.message || err); }
  w.league = w.league || {};
  if (w.league[e.id] === e.source) return "";
  const reply = await env.askWorker({ type: "load-as", key: e.id, source: e.source }, LOAD_LIMIT_MS);
  if (reply.timeout) return t("load-slow", { s: LOAD_LIMIT_MS / 1000 });
  if (reply.type === "fatal") return reply.error;
  if (reply.error) return reply.error;
  w.league[e.id] = e.source;
  return "";
}

// A request from the referee for one of the league's bots: its answer.
export async function leagueAsk(m) {
  const e = entrantAt(m.request);
  if (e.broken === null) {
    const problem = await load(e);
    if (problem) e.broken = problem; // a file that cannot run forfeits each game, at once
  }
  if (e.broken !== null) return { reason: "error", detail: e.broken };
  asked += 1;
  const reply = await env.askWorker({ type: "decide-as", key: e.id, id: "league-" + asked,
    request: m.request, game: m.game }, TIME_LIMIT_MS);
  if (reply.timeout) return { reason: "slow", detail: t("forfeit-slow", { s: TIME_LIMIT_MS / 1000 }) };
  if (reply.type === "fatal") return { reason: "error", detail: reply.error };
  const result = readReply(reply.result);
  return result.move !== undefined ? { move: result.move } : result.forfeit;
}

export function leagueRunning() {
  return league.running;
}

// The referee's league-* messages.
export function leagueMessage(m) {
  if (m.type === "league-plan") {
    if (m.plan.error) {
      say(t("lg-cannot", { why: m.plan.error }));
      finish();
      return;
    }
    league.plan = m.plan;
    progress(0, m.plan.games.length);
  } else if (m.type === "league-start") league.current = m.index;
  else if (m.type === "league-game") {
    const entry = JSON.parse(m.entry);
    league.entries.push(entry);
    progress(league.entries.length, league.plan.games.length);
    drawGame(entry);
  } else if (m.type === "league-done") {
    league.result = JSON.parse(m.result);
    league.records = m.records;
    league.seconds = (performance.now() - league.start) / 1000;
    const done = m.stopped ? t("lg-stopped", { n: league.entries.length })
      : t("lg-done", { n: league.entries.length, s: decimal(env.lang(), league.seconds) });
    $("progress-label").textContent = done;
    // A stopped league is shown but not kept: the last finished one stays.
    const note = m.stopped ? "" : keep();
    say(note ? done + " " + note : done); // said again where the league is (the bar is the lab's)
    root.dataset.league = String(Number(root.dataset.league || 0) + 1); // tests wait for it
    finish();
    drawResult();
  }
}

// The referee failed (a "fatal" message): the league is over.
export function leagueFailed() {
  if (league.running) finish();
}

function finish() {
  league.running = false;
  if (league.barHidden) $("progress-box").hidden = true;
  const lost = [$("stop"), document.body, null].includes(document.activeElement);
  env.busy(false);
  drawBots();
  if (lost) $("lg-run").focus(); // Stop is hidden again: back to the league's own button
}

function forfeitWhy(f) {
  if (f.reason === "slow") return t("forfeit-slow", { s: TIME_LIMIT_MS / 1000 });
  if (f.reason === "illegal") return t("forfeit-illegal", { move: f.detail });
  return t("forfeit-error");
}

function drawGame(entry) {
  const g = league.plan.games[entry.game];
  const s = entry.summary;
  const names = g.seats.map((e) => league.plan.names[e]);
  let outcome;
  if (s.forfeit) outcome = t("lg-forfeit", { name: names[s.forfeit.seat], why: forfeitWhy(s.forfeit) });
  else if (s.tie) outcome = t("tie");
  else outcome = t("lg-won", { name: names[s.winner] });
  const li = document.createElement("li");
  const text = document.createElement("span");
  const n = entry.game + 1;
  text.textContent = t("game-line", { n, scores: names.map((x, p) => x + " " + s.scores[p]).join(" · "), outcome });
  li.append(text);
  if (s.finished && (s.record || league.records)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "watch";
    b.textContent = t("watch");
    b.setAttribute("aria-label", t("watch") + " (" + t("game-n", { n }) + ")");
    b.addEventListener("click", () => {
      const record = s.record || recordOf(entry.game);
      if (!record) return;
      try { window.localStorage.setItem(WATCH_KEY, JSON.stringify(record)); } catch { /* blocked */ }
      window.open("./index.html?lang=" + env.lang() + "#watch=lab", "_blank");
    });
    li.append(" ", b);
  }
  $("lg-games").append(li);
}

function cell(tr, text, header) {
  const c = document.createElement(header ? "th" : "td");
  if (header) c.scope = header;
  c.textContent = text;
  tr.append(c);
  return c;
}

function drawResult() {
  const r = league.result;
  if (!r) return;
  $("lg-results").hidden = false;
  drawKept();
  $("lg-dl-records").hidden = !league.records;
  const table = freshTable("lg-standings", "lg-standings-caption", t("lg-standings", { seed: league.seed }));
  const head = table.insertRow();
  // Wins and mean first: on a phone they are in view before the table scrolls.
  for (const k of ["rank", "bot", "wins", "mean", "spread", "forfeits", "games"]) cell(head, t("lg-col-" + k), "col");
  const notes = $("lg-notes");
  notes.replaceChildren();
  for (const row of r.standings) {
    const tr = table.insertRow();
    cell(tr, String(row.rank));
    cell(tr, row.bot, "row");
    for (const v of [row.wins, decimal(env.lang(), row.mean_text), decimal(env.lang(), row.spread_text),
      row.forfeits, row.games]) cell(tr, String(v));
    if (row.forfeits) {
      const li = document.createElement("li");
      const why = forfeitWhy({ reason: row.forfeit_reason, detail: row.forfeit_detail });
      li.textContent = t("lg-forfeit-note", { name: row.bot, n: row.forfeits, why })
        + (row.forfeit_reason === "error" && row.forfeit_detail ? " (" + row.forfeit_detail + ")" : "");
      notes.append(li);
    }
  }
  notes.hidden = !notes.children.length;
  drawHeadToHead(r.head_to_head);
}

function drawHeadToHead(beat) {
  const names = league.plan.names;
  const table = freshTable("lg-h2h", "lg-h2h-caption", t("lg-h2h"));
  const head = table.insertRow();
  cell(head, t("lg-col-bot"), "col");
  // Columns are numbered (a class's names do not fit across a phone); each
  // number's header carries the name for a screen reader.
  names.forEach((name, b) => { cell(head, String(b + 1), "col").setAttribute("aria-label", name); });
  names.forEach((name, a) => {
    const tr = table.insertRow();
    cell(tr, (a + 1) + ". " + name, "row");
    names.forEach((_n, b) => { cell(tr, a === b ? "—" : String(beat[a][b])); });
  });
}

const download = (text, name, type) => downloadText(text, name, type);

function drawGames() {
  $("lg-games").replaceChildren();
  for (const entry of league.entries) drawGame(entry);
}

// A game's record: in its entry while the league runs, else (a kept league)
// in the records file's text, read once.
function recordOf(game) {
  if (!league.records) return null;
  if (!league.recordsByGame) {
    league.recordsByGame = {};
    try {
      for (const g of JSON.parse(league.records).games) league.recordsByGame[g.game - 1] = g.record;
    } catch { /* a damaged records text: nothing to watch */ }
  }
  return league.recordsByGame[game] || null;
}

// --- the last finished league, kept in this browser --------------------------------------

function timeText(iso) {
  const d = new Date(iso);
  try {
    return d.toLocaleString(env.lang(), { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return d.toISOString();
  }
}

function drawKept() {
  const k = league.kept;
  $("lg-kept-box").hidden = !k;
  if (!k) return;
  const players = k.sizes.length > 1 ? t("lg-players-all") : String(k.sizes[0]);
  let text = t("lg-kept", { time: timeText(k.at), players, deals: k.deals });
  if (!k.records) text += " " + t("lg-kept-no-watch");
  $("lg-kept").textContent = text;
}

// What is kept of the league on show: the records only when `records`.
function keptValue(at, records) {
  const names = league.plan.names;
  return {
    v: KEPT_VERSION, at, seed: league.seed, sizes: league.sizes, deals: league.deals,
    names, seconds: league.seconds,
    games: league.entries.map((entry) => {
      const s = entry.summary;
      const f = s.forfeit;
      return { game: entry.game, seats: league.plan.games[entry.game].seats, summary: {
        scores: s.scores, finished: s.finished, winner: s.winner, tie: s.tie,
        forfeit: f ? { seat: f.seat, reason: f.reason, detail: String(f.detail || "").slice(0, MAX_DETAIL) } : null,
      } };
    }),
    result: league.result,
    records: records ? pack(league.records) : null,
  };
}


function forgetKept() {
  try { window.localStorage.removeItem(KEPT_KEY); } catch { /* blocked */ }
}

// Keeps the league just finished in this browser: "" or what the teacher
// should know (its records left out, or nothing could be kept).
function keep() {
  const at = new Date().toISOString();
  let note = "";
  for (const records of league.records ? [true, false] : [false]) {
    const text = JSON.stringify(keptValue(at, records));
    if (text.length > MAX_KEPT) { note = "lg-kept-too-big"; continue; }
    if (!storeText(KEPT_KEY, text)) { note = "lg-kept-full"; continue; }
    league.kept = { at, sizes: league.sizes, deals: league.deals, records };
    return records ? "" : t("lg-kept-records-big");
  }
  return t(note);
}

function clearResults() {
  Object.assign(league, { plan: null, entries: [], result: null, records: null, kept: null,
    recordsByGame: null });
  $("lg-results").hidden = true;
  $("lg-games").replaceChildren();
}

function forget() {
  forgetKept();
  clearResults();
  say(t("lg-forgotten"));
  ($("lg-run").disabled ? $("lg-add-editor") : $("lg-run")).focus(); // the button is gone
}


// On opening the lab: the last finished league, if this browser kept one.
function restoreKept() {
  let text = null;
  try { text = window.localStorage.getItem(KEPT_KEY); } catch { return; }
  if (text === null) return;
  const { value: k, problem } = readKept(text);
  if (problem) {
    forgetKept(); // it can never be read: set aside, once, with a note
    say(t(problem));
    return;
  }
  let records = null;
  if (k.records !== null) {
    records = unpack(k.records);
    let parsed = null;
    try { parsed = records === null ? null : JSON.parse(records); } catch { parsed = null; }
    if (!parsed || !Array.isArray(parsed.games)) {
      forgetKept();
      say(t("lg-kept-bad"));
      return;
    }
  }
  const games = [];
  for (const g of k.games) games[g.game] = { seats: g.seats };
  Object.assign(league, {
    plan: { names: k.names, games }, current: -1, seed: k.seed, seconds: k.seconds ?? null,
    sizes: k.sizes, deals: k.deals, result: k.result, records, recordsByGame: null,
    entries: k.games.map((g) => ({ game: g.game, summary: g.summary })),
    kept: { at: k.at, sizes: k.sizes, deals: k.deals, records: k.records !== null },
  });
  // The form shows the kept league's settings: run again, the same league.
  $("lg-seed").value = String(k.seed);
  const players = k.sizes.length > 1 ? "2..4" : String(k.sizes[0]);
  if ([...$("lg-players").options].some((o) => o.value === players)) $("lg-players").value = players;
  $("lg-deals").value = String(k.deals);
  plan();
  drawResult();
  drawGames();
}

// --- start-up -------------------------------------------------------------------------

// `lent`: {t, lang, askWorker, bot, referee, busy, editorCode} from assets/lab.js.
export function setUpLeague(lent) {
  env = lent;
  const section = $("league");
  section.innerHTML = MARKUP; // our own static markup: no outside text in it
  section.querySelectorAll("[data-i18n]").forEach((e) => { e.textContent = t(e.dataset.i18n); });
  section.hidden = false;
  const w = window.lab || (window.lab = {});
  w.league = league;
  w.addLeagueBot = (name, code, origin) => add(name, String(code), "bot", origin || "link");
  $("lg-add-editor").addEventListener("click", () => {
    const code = env.editorCode();
    const shared = window.lab.shared; // assets/lab.js: the bot of the link the lab opened with
    if (shared && shared.code === code) add(linkName(shared), code, "bot", "link");
    else add(t("your-bot"), code, "bot", "editor");
  });
  $("lg-add-links").addEventListener("click", addLinks);
  $("lg-files").addEventListener("change", addFiles);
  $("lg-add-level").addEventListener("click", () => {
    const level = $("lg-level").value;
    if (LEVELS.includes(level)) add(t(level), null, level, "level");
  });
  $("lg-add-paste").addEventListener("click", addPasted);
  $("lg-players").addEventListener("change", plan);
  $("lg-deals").addEventListener("input", plan);
  $("lg-run").addEventListener("click", run);
  const csv = (key) => "\ufeff" + league.result.csv[key]; // the BOM: spreadsheets read UTF-8 names right
  $("lg-dl-standings").addEventListener("click", () =>
    download(csv("standings"), "league-" + league.seed + "-standings.csv", "text/csv"));
  $("lg-dl-games").addEventListener("click", () =>
    download(csv("games"), "league-" + league.seed + "-games.csv", "text/csv"));
  $("lg-dl-h2h").addEventListener("click", () =>
    download(csv("head_to_head"), "league-" + league.seed + "-head-to-head.csv", "text/csv"));
  $("lg-forget").addEventListener("click", forget);
  $("lg-dl-records").addEventListener("click", () =>
    download(league.records, "league-" + league.seed + "-records.json", "application/json"));
  $("lg-seed").value = String(Math.floor(Math.random() * 100000));
  new MutationObserver(updateRun).observe(root, { attributes: true, attributeFilter: ["data-busy", "data-lab"] });
  restore();
  drawBots();
  const since = performance.now();
  try {
    restoreKept();
    league.restoreMs = Math.round(performance.now() - since); // read by tools and tests
  } catch {
    // whatever went wrong drawing it: the lab starts without it
    clearResults();
    forgetKept();
    say(t("lg-kept-bad"));
  }
}

// A new language: redraw what this file wrote (assets/lab.js applyStatic).
export function leagueLanguage() {
  if (!env) return;
  drawBots();
  if (league.result) drawResult();
  if (league.plan) drawGames();
}
