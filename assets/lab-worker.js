// Bot lab worker (module worker, one Pyodide each), started by assets/lab.js twice:
//   role "referee": keeps the game (assets/lab/labref.py) and runs series of games;
//   role "bot":     runs the player's code (assets/lab/labbot.py) and only ever
//                   receives the requests the referee built (observation + legal
//                   moves of its seat, JSON text), never the game state.
// Pyodide is imported directly from the vendored files: no PyScript worker, so
// no SharedArrayBuffer / cross-origin isolation is needed. All messages are
// plain data; the page times every bot decision and terminates this worker
// when one takes too long (the only way to stop an endless loop).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const SITE = new URL("../", import.meta.url);
let py = null;
let glue = null; // the labref / labbot module (PyProxy)
let answers = []; // referee: answers that arrived before they were awaited
let waiting = null;
let stopped = false;
let asked = 0; // id of the question waiting for an answer: late answers to old ones are dropped
let matches = 0; // tags each game for the bot's worker: a class Bot is made anew per game
// Issue 25: a bot printing 30 M characters froze the lab for ~12 s. What the
// bot prints is passed on up to this many characters per message (running its
// file, or one decision), then once {cut: true} ("output shortened"); the
// page keeps its own limit per run (assets/lab.js printed()).
const MAX_PRINTED = 100000;
let printBudget = MAX_PRINTED;

function post(message) {
  self.postMessage(message);
}

async function text(path) {
  const response = await fetch(new URL(path, SITE));
  if (!response.ok) throw new Error(path + ": HTTP " + response.status);
  return response.text();
}

// The Python files this role needs, {site path: text}: the built site's one
// bundle (files.json names it, tools/build_site.py makes it), else one request
// per file (the source tree).
async function coreFiles(role) {
  const list = JSON.parse(await text("assets/lab/files.json"));
  if (list.bundle) return { list, files: JSON.parse(await text(list.bundle)) };
  const paths = [...list.lostcode, list[role]];
  const bodies = await Promise.all(paths.map((path) => text(path)));
  return { list, files: Object.fromEntries(paths.map((path, i) => [path, bodies[i]])) };
}

async function boot(role) {
  const start = performance.now();
  const times = {};
  const since = (key) => (value) => { times[key] = Math.round(performance.now() - start); return value; };
  // Pyodide starts at once, while the files arrive (neither waits for the other).
  const [runtime, { list, files }] = await Promise.all([
    loadPyodide({ indexURL: new URL("vendor/pyodide/", SITE).href }).then(since("pyodide")),
    coreFiles(role).then(since("files")),
  ]);
  py = runtime;
  const home = "/home/pyodide/";
  for (const path of list.lostcode) {
    py.FS.mkdirTree(home + path.slice(0, path.lastIndexOf("/")));  // lostcode/rules/, player/, services/
    py.FS.writeFile(home + path, files[path]);
  }
  const name = role === "referee" ? "labref" : "labbot";
  py.FS.writeFile(home + name + ".py", files[list[role]]);
  const out = (line) => {
    if (printBudget <= 0) return;
    const text = String(line);
    const kept = text.length > printBudget ? text.slice(0, printBudget) : text;
    printBudget -= text.length;
    post({ type: "print", text: kept });
    if (printBudget <= 0) post({ type: "print", text: "", cut: true });
  };
  py.setStdout({ batched: out });
  py.setStderr({ batched: out });
  py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  glue = py.pyimport(name);
  since("ready")();
  post({ type: "ready", role, times });
}

function nextAnswer() {
  if (answers.length) return Promise.resolve(answers.shift());
  return new Promise((resolve) => { waiting = resolve; });
}

function pause() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// One game of the current match: ask the page for every outside seat's move.
async function playOut(game) {
  for (;;) {
    const request = glue.step();
    if (request === "null") return true;
    const id = ++asked;
    post({ type: "ask", id, game, kind: JSON.parse(request).kind, request });
    const reply = await nextAnswer();
    if (reply.stop) return false;
    if (reply.move !== undefined) glue.answer(JSON.stringify(reply.move));
    else glue.lose(reply.reason, reply.detail);
  }
}

async function series(m) {
  stopped = false;
  answers = [];
  glue.begin_series(m.players, m.level, m.seed, JSON.stringify(m.names));
  for (let g = 0; g < m.games; g++) {
    glue.begin_game(g);
    if (!(await playOut(++matches))) break;
    post({ type: "game", index: g, entry: glue.end_game() });
    await pause(); // let a "stop" in
    if (stopped) break;
  }
  post({ type: "done", stats: glue.stats(), stopped });
}

// A class league (issue 26, assets/lab-league.js): the games of
// lostcode/player/league.py's schedule, each played like a series' game; the
// page is told which game starts, so it knows whose bot a request is for.
async function league(m) {
  stopped = false;
  answers = [];
  const plan = JSON.parse(glue.league_begin(m.plan));
  post({ type: "league-plan", plan });
  if (plan.error) return;
  for (let g = 0; g < plan.games.length; g++) {
    glue.league_game(g);
    post({ type: "league-start", index: g });
    if (!(await playOut(++matches))) break;
    post({ type: "league-game", index: g, entry: glue.league_end_game() });
    await pause(); // let a "stop" in
    if (stopped) break;
  }
  post({ type: "league-done", result: glue.league_result(), records: glue.league_records(), stopped });
}

self.onmessage = async (event) => {
  const m = event.data;
  try {
    if (m.type === "init") await boot(m.role);
    else if (m.type === "answer" || m.type === "stop") {
      if (m.type === "stop") stopped = true;
      else if (m.ask !== asked) return; // e.g. a stopped bot's timeout arriving late
      const reply = m.type === "stop" ? { stop: true } : m;
      if (waiting) { const w = waiting; waiting = null; w(reply); } else answers.push(reply);
    } else if (m.type === "series") await series(m);
    else if (m.type === "league") await league(m);
    else if (m.type === "load-as") {
      printBudget = MAX_PRINTED;
      post({ type: "loaded", error: glue.load_as(m.key, m.source) });
    } else if (m.type === "decide-as") {
      printBudget = MAX_PRINTED;
      post({ type: "decision", id: m.id, result: glue.decision_as(m.key, m.request, String(m.game)) });
    }
    else if (m.type === "load") {
      printBudget = MAX_PRINTED;
      post({ type: "loaded", error: glue.load(m.source) });
    } else if (m.type === "decide") {
      printBudget = MAX_PRINTED;
      post({ type: "decision", id: m.id, result: glue.decision(m.request, String(m.game)) });
    }
  } catch (err) {
    post({ type: "fatal", error: String((err && err.message) || err) });
  }
};
