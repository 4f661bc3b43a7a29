// Bot lab worker (module worker, one Python each), started twice as the lab
// opens (assets/lab-start.js, or assets/lab.js), once by assets/labseat.js:
//   role "referee": keeps the game (assets/lab/labref.py) and runs series of games;
//   role "bot":     runs the player's code (assets/lab/labbot.py) and only ever
//                   receives the requests the referee built (observation + legal
//                   moves of its seat, JSON text), never the game state.
// Which Python (issue 26): the "init" message names it. MicroPython (the game
// page's own runtime) starts in a fraction of a second, so the referee always
// runs on it, and a bot does whenever its imports allow (assets/lab-runtime.js
// decides, before any runtime starts); Pyodide (CPython, ~13 MB) is started
// only for a bot that imports what MicroPython lacks. assets/labseat.js makes
// the same choice ("init" without a runtime: Pyodide). Both runtimes are
// imported directly from the vendored files: no PyScript worker, so no
// SharedArrayBuffer / cross-origin isolation is needed. All messages are
// plain data; the page times every bot decision and terminates this worker
// when one takes too long (the only way to stop an endless loop).
//
// Issue 44: a bot's worker runs in a box (assets/lab-box.js): a sandboxed
// frame of no origin whose policy allows no request at all, where this file
// runs as a classic script from a blob: URL. There it reaches nothing of the
// site (no caches, storage, IndexedDB, cookies, network); the files it needs
// (the runtime, the engine) it asks the page for, by path, on the one port it
// speaks on (BOX below), and the page answers only with the site's own
// public files. The referee's worker runs here as a module from the site.
// So this file has no import or export statement and no import.meta.
const BOXED = self.location.protocol === "blob:";
// Where the site's files are: this file's folder's parent, or in the box a
// name that no network has (every request under it is answered by the page).
let SITE = BOXED ? new URL("https://lostcode.invalid/") : new URL("../", self.location.href);
// The port this worker speaks on: its own (self), or the one the box hands it.
let channel = self;
// The built site writes its assets/lab/files.json here (tools/build_site.py
// lab_worker), so the engine's files are asked for the moment this worker
// starts, not after one more request (issue 26); the source tree reads the file.
const FILES = null; // BUILD:FILES
// When this module began to run, ms after the worker was created (its time
// origin): what fetching this file through the service worker cost.
const SCRIPT_AT = Math.round(performance.now());
const RUNTIMES = ["micropython", "pyodide"];
// MicroPython's heap is fixed when it starts (its default, 1 MB, is too small
// for a game and a bot's deduction).
const MPY_HEAP = { referee: 32 * 1024 * 1024, bot: 64 * 1024 * 1024 };
const HOME = { micropython: "/lab/", pyodide: "/home/pyodide/" };
// A request is read in JavaScript first (strict JSON, size, depth: the limits
// of lostcode/services/jsonlimits.py), so Python parses only checked text: the
// same check in Python took more than half of a game's time on MicroPython.
const MAX_REQUEST_CHARS = 2000000; // jsonlimits.MAX_CHARS
const MAX_DEPTH = 32; // jsonlimits.MAX_DEPTH
let py = null;
let glue = null; // the labref / labbot module (a proxy of the Python module)
let answers = []; // referee: answers that arrived before they were awaited
let waiting = null;
// Issue 26: during a series the bot's worker answers the referee directly on
// this port (two messages fewer per decision, and none through the page's
// thread); the page is told of each question ("asked") and still times it.
let botPort = null;
let direct = null; // referee: the question asked on botPort, until answered
let stopped = false;
let asked = 0; // id of the question waiting for an answer: late answers to old ones are dropped
let matches = 0; // tags each game for the bot's worker: a class Bot is made anew per game
// Issue 25: a bot printing 30 M characters froze the lab for ~12 s. What the
// bot prints is passed on up to this many characters per message (running its
// file, or one decision), then once {cut: true} ("output shortened"); the
// page keeps its own limit per run (assets/lab.js printed()).
const MAX_PRINTED = 100000;
let printBudget = MAX_PRINTED;
let loaderAt = 0; // when MicroPython's loader module was imported (performance.now())

function post(message) {
  channel.postMessage(message);
}

// --- the box (issue 44): the site's files asked of the page ---------------------------------

const boxAsks = new Map(); // id -> {resolve, reject}
let boxAsked = 0;

function askPage(path) {
  return new Promise((resolve, reject) => {
    const id = ++boxAsked;
    boxAsks.set(id, { resolve, reject });
    channel.postMessage({ type: "get", id, path });
  });
}

function pageAnswered(m) {
  const wait = boxAsks.get(m.id);
  if (!wait) return;
  boxAsks.delete(m.id);
  if (m.blob instanceof Blob) wait.resolve(m.blob);
  else wait.reject(new Error(m.path + ": " + (m.error || "not given")));
}

const TYPES = { wasm: "application/wasm", mjs: "text/javascript", js: "text/javascript", json: "application/json" };

// In the box, fetch() of a file of the site (under SITE) is answered by the
// page; anything else goes to the browser's fetch, which the box's policy
// refuses. The runtimes' loaders use fetch(), so they need no change.
function boxFetch(realFetch) {
  return (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input && input.url;
    if (typeof url === "string" && url.startsWith(SITE.href)) {
      const path = url.slice(SITE.href.length).split(/[?#]/)[0];
      const type = TYPES[path.split(".").pop()] || "application/octet-stream";
      return askPage(path).then((blob) => new Response(blob, { headers: { "Content-Type": type } }));
    }
    return realFetch(input, init);
  };
}

// A runtime's ES module: from the site, or in the box from a blob: URL of
// the bytes the page gave (the only scripts the box's policy runs).
async function importFile(path) {
  if (!BOXED) return import(new URL(path, SITE).href);
  const blob = await askPage(path);
  return import(URL.createObjectURL(new Blob([blob], { type: "text/javascript" })));
}

async function text(path) {
  const response = await fetch(new URL(path, SITE));
  if (!response.ok) throw new Error(path + ": HTTP " + response.status);
  return response.text();
}

async function bytes(path, inflate) {
  const response = await fetch(new URL(path, SITE));
  if (!response.ok) throw new Error(path + ": HTTP " + response.status);
  const body = inflate ? response.body.pipeThrough(new DecompressionStream("deflate")) : response.body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

// The Python files this role needs, {name, files: {path in the runtime's home:
// text or bytes}, rom}. MicroPython on the built site: the engine as a ROMFS
// image of precompiled .mpy files (files.json "rom", tools/build_site.py
// make_romfs), inflated here with the browser's DecompressionStream, that
// MicroPython runs in place from /rom, and this role's glue module alone
// ("glue": the referee's worker never holds labbot, nor the reverse). Else
// the .py files: the built site's one JSON bundle (files.json "bundle"), or
// one request per file (the source tree).
async function coreFiles(role, runtime) {
  const list = FILES || JSON.parse(await text("assets/lab/files.json"));
  const name = role === "referee" ? "labref" : "labbot";
  if (runtime === "micropython" && list.rom && typeof DecompressionStream === "function") {
    const [rom, glue] = await Promise.all([bytes(list.rom, true), bytes(list.glue[role], false)]);
    return { name, rom, files: { [name + ".mpy"]: glue } };
  }
  let bodies;
  if (list.bundle) bodies = JSON.parse(await text(list.bundle));
  else {
    const paths = [...list.lostcode, list[role]];
    const got = await Promise.all(paths.map((path) => text(path)));
    bodies = Object.fromEntries(paths.map((path, i) => [path, got[i]]));
  }
  const files = {};
  for (const path of list.lostcode) files[path] = bodies[path];
  files[name + ".py"] = bodies[list[role]];
  return { name, files };
}

function out(line) {
  if (printBudget <= 0) return;
  const chunk = String(line);
  const kept = chunk.length > printBudget ? chunk.slice(0, printBudget) : chunk;
  printBudget -= chunk.length;
  post({ type: "print", text: kept });
  if (printBudget <= 0) post({ type: "print", text: "", cut: true });
}

async function startRuntime(role, runtime) {
  if (runtime === "micropython") {
    const { loadMicroPython } = await importFile("vendor/micropython/micropython.mjs");
    loaderAt = performance.now();
    const url = new URL("vendor/micropython/micropython.wasm", SITE).href;
    // (The bot's print is capped in Python, assets/lab/labbot.py capped_print:
    // MicroPython passes output to these callbacks one character at a time.)
    const mpy = await loadMicroPython({ url, heapsize: MPY_HEAP[role], stdout: out, stderr: out, linebuffer: true });
    // This MicroPython (webassembly port, heap that grows) asks for a collection
    // after every 16 kB allocated and runs it when the call from JavaScript
    // returns: every step, answer and decision ended in a full collection of
    // the heap (~10 ms each, 3 per decision: 4.8 s of 5.4 s for three games
    // under Node). Collected when a quarter of the heap is used instead.
    mpy.runPython(`import gc\ngc.threshold(${MPY_HEAP[role] >> 2})`);
    return mpy;
  }
  const { loadPyodide } = await importFile("vendor/pyodide/pyodide.mjs");
  const options = { indexURL: new URL("vendor/pyodide/", SITE).href };
  // In the box Pyodide's own import of its wasm glue would leave the box: given here.
  if (BOXED) options.createPyodideModule = (await importFile("vendor/pyodide/pyodide.asm.mjs")).default;
  const runtimePy = await loadPyodide(options);
  runtimePy.setStdout({ batched: out });
  runtimePy.setStderr({ batched: out });
  return runtimePy;
}

// The ROMFS image mounted at /rom in a MicroPython already started: what
// loadMicroPython's `romfs` option does before its start (the same exported
// mp_js_register_romfs), which would make that start wait for the file
// (measured: MicroPython ready 50-100 ms later, the imports' gain lost).
function mountRom(mpy, rom) {
  const M = mpy._module;
  const at = M._malloc(rom.length);
  M.HEAPU8.set(rom, at);
  M.ccall("mp_js_register_romfs", "null", ["pointer", "number"], [at, rom.length]);
  mpy.runPython("import sys, vfs\nvfs.mount(vfs.VfsRom(vfs.rom_ioctl(2, 0)), '/rom')\nsys.path.insert(0, '/rom')");
}

async function boot(role, runtime) {
  const start = performance.now();
  const times = { runtime }; // which runtime, and ms since this worker began for each stage
  const since = (key) => (value) => {
    times[key] = Math.round(performance.now() - start);
    post({ type: "stage", role, stage: key });
    return value;
  };
  // The runtime starts at once, while the files arrive (neither waits for the other).
  const [started, { name, files, rom }] = await Promise.all([
    startRuntime(role, runtime).then(since("start")),
    coreFiles(role, runtime).then(since("files")),
  ]);
  py = started;
  if (rom) mountRom(py, rom);
  const home = HOME[runtime];
  for (const path in files) {
    const slash = path.lastIndexOf("/");
    py.FS.mkdirTree(home + (slash > 0 ? path.slice(0, slash) : ""));
    py.FS.writeFile(home + path, files[path]);
  }
  py.runPython(`import sys\nif '${home.slice(0, -1)}' not in sys.path: sys.path.insert(0, '${home.slice(0, -1)}')`);
  glue = py.pyimport(name);
  since("ready")();
  // "pyodide" kept for tools/bench_lab.py's older reports: the runtime's own start.
  times.pyodide = times.start;
  times.origin = performance.timeOrigin; // the page says when this worker began, by its clock
  times.script = SCRIPT_AT; // this module ran (ms after the worker was created)
  times.init = Math.round(start); // the "init" message arrived (same clock)
  if (loaderAt) times.loader = Math.round(loaderAt - start); // MicroPython's loader imported
  post({ type: "ready", role, runtime, times });
}

// Why a request cannot be read, or "" (the words of jsonlimits.nesting_problem).
function requestProblem(request) {
  if (typeof request !== "string") return "it is not text";
  if (request.length > MAX_REQUEST_CHARS) return "it is too large";
  try { JSON.parse(request); } catch { return "it is not valid JSON"; }
  if (nestedDeeper(request, MAX_DEPTH)) return "it is nested more than " + MAX_DEPTH + " levels deep";
  return "";
}

// Whether valid JSON text has lists or objects nested more than `max` deep:
// its brackets counted outside its strings. (Issue 26: walking the parsed
// value instead took 7-10 ms of the bot's worker in a first game.)
function nestedDeeper(text, max) {
  let depth = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) { // a string: to its closing quote, escapes skipped
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) { // [ {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--; // ] }
  }
  return false;
}

// A bot's worker's reply ({"move": ...} or {"forfeit": {reason, detail}}, as
// JSON text) read as the one the referee accepts: anything else (the bot's
// code can write on this port too, issue 44) is a forfeit that says so.
function botResult(text) {
  let result = null;
  try {
    if (typeof text === "string" && text.length <= MAX_REQUEST_CHARS && !nestedDeeper(text, MAX_DEPTH)) {
      result = JSON.parse(text);
    }
  } catch { result = null; }
  if (result && typeof result === "object" && "move" in result && result.move !== undefined) return result;
  const f = result && result.forfeit;
  if (f && typeof f.reason === "string" && typeof f.detail === "string") return { forfeit: f };
  return { forfeit: { reason: "error", detail: "the bot's reply cannot be read" } };
}

function deliver(reply) {
  if (waiting) { const w = waiting; waiting = null; w(reply); } else answers.push(reply);
}

function useBotPort(port) {
  botPort = port || null;
  if (!botPort) return;
  botPort.onmessage = (event) => {
    const d = event.data;
    if (d && d.type === "decision" && direct && d.id === direct.id && d.id === asked) {
      direct = null;
      post({ type: "answered", id: d.id }); // the page's time limit ends on the referee's word
      deliver({ result: d.result });
    }
  };
}

function nextAnswer() {
  if (answers.length) return Promise.resolve(answers.shift());
  return new Promise((resolve) => { waiting = resolve; });
}

function pause() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// ms this worker spent in Python during the current game (tools/bench_lab.py
// prints it for the first game: where its time goes).
let pyMs = 0;

// Whose request it is ("bot", or a league entrant's kind), read from the start
// of the text lostcode/player/request.py writes ({"seat":0,"kind":"bot",...})
// rather than by parsing all of it; parsed only if it does not start so.
function requestKind(request) {
  const start = /^\{"seat":\d+,"kind":"(\w+)"/.exec(request);
  return start ? start[1] : JSON.parse(request).kind;
}

// One game of the current match: ask the page for every outside seat's move.
async function playOut(game) {
  pyMs = 0;
  for (;;) {
    let at = performance.now();
    const request = glue.step();
    pyMs += performance.now() - at;
    if (request === "null") return true;
    const id = ++asked;
    const kind = requestKind(request);
    if (botPort && kind === "bot") {
      direct = { id, game, kind, request };
      botPort.postMessage({ type: "decide", id, request, game, checked: true });
      post({ type: "asked", id, game, kind });
    } else post({ type: "ask", id, game, kind, request });
    const reply = await nextAnswer();
    direct = null;
    if (reply.stop) return false;
    at = performance.now();
    // The bot's worker's own reply (lab.js askBot reads it alike), with its
    // result or without (issue 44: a bot can strip it): read as untrusted.
    if ("result" in reply) {
      const result = botResult(reply.result);
      if (result.move !== undefined) glue.answer(JSON.stringify(result.move));
      else glue.lose(result.forfeit.reason, result.forfeit.detail);
    } else if (reply.move !== undefined) glue.answer(JSON.stringify(reply.move));
    else glue.lose(String(reply.reason || "error"), String(reply.detail || ""));
    pyMs += performance.now() - at;
  }
}

async function series(m) {
  stopped = false;
  answers = [];
  useBotPort(m.botPort);
  glue.begin_series(m.players, m.level, m.seed, JSON.stringify(m.names));
  for (let g = 0; g < m.games; g++) {
    glue.begin_game(g);
    if (!(await playOut(++matches))) break;
    post({ type: "game", index: g, entry: glue.end_game(), py: Math.round(pyMs) });
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
  useBotPort(null);
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

function decide(m) {
  // The lab's page and assets/labseat.js ask for the check here (`checked`);
  // without it, Python's own reader checks the request.
  if (!m.checked) return glue.decision(m.request, String(m.game));
  const problem = requestProblem(m.request);
  if (problem) {
    return JSON.stringify({ forfeit: { reason: "error", detail: "the request cannot be read: " + problem } });
  }
  return glue.decision(m.request, String(m.game), true);
}

// The lab names its workers "lab <role> <runtime>" (assets/lab-start.js,
// assets/lab.js): such a worker starts at once, as its module runs, instead of
// after the "init" message (issue 26: that message arrived 40-110 ms later,
// and the runtime's loader and the files are asked for meanwhile). Its "init"
// is then only the same words again, and ignored.
let booted = false;
const named = /^lab (referee|bot) (micropython|pyodide)$/.exec(self.name || "");

async function bootOnce(role, runtime) {
  if (booted) return;
  booted = true;
  await boot(role, runtime);
}

if (named && !BOXED) {
  bootOnce(named[1], named[2]).catch((err) => post({ type: "fatal", error: String((err && err.message) || err) }));
}

// In the box: the first message is the box's ({type: "box", port}); from then
// on this worker speaks only on that port (the page's), and a bot's own
// self.postMessage reaches only the box's frame, which ignores it.
function enterBox(m) {
  if (channel !== self || !m || m.type !== "box" || !(m.port instanceof MessagePort)) return;
  channel = m.port;
  self.onmessage = null;
  self.fetch = boxFetch(self.fetch.bind(self));
  channel.onmessage = onMessage;
  if (named) {
    bootOnce(named[1], named[2]).catch((err) => post({ type: "fatal", error: String((err && err.message) || err) }));
  }
}

async function onMessage(event) {
  const m = event.data;
  if (BOXED && m && m.type === "got") { pageAnswered(m); return; }
  try {
    if (m.type === "init") await bootOnce(m.role, RUNTIMES.includes(m.runtime) ? m.runtime : "pyodide");
    else if (m.type === "answer" || m.type === "stop") {
      if (m.type === "stop") stopped = true;
      else if (m.ask !== asked) return; // e.g. a stopped bot's timeout arriving late
      const reply = m.type === "stop" ? { stop: true } : m;
      deliver(reply);
    } else if (m.type === "series") await series(m);
    else if (m.type === "league") await league(m);
    else if (m.type === "load-as") {
      printBudget = MAX_PRINTED;
      post({ type: "loaded", error: glue.load_as(m.key, m.source) });
    } else if (m.type === "decide-as") {
      printBudget = MAX_PRINTED;
      post({ type: "decision", id: m.id, result: glue.decision_as(m.key, m.request, String(m.game)) });
    }
    else if (m.type === "direct-off") {
      // The page answered for the bot (too slow, or it failed) and may have
      // replaced its worker: from now on the page is asked, and re-asked
      // what went to the bot's worker unanswered.
      useBotPort(null);
      if (direct && direct.id === asked) {
        const { id, game, kind, request } = direct;
        direct = null;
        post({ type: "ask", id, game, kind, request });
      }
    } else if (m.type === "port") { // the bot's worker: decisions asked by the referee directly
      const port = m.port;
      port.onmessage = (e) => {
        const d = e.data;
        if (!d || d.type !== "decide") return;
        printBudget = MAX_PRINTED;
        const at = performance.now();
        let result;
        try {
          result = decide(d);
        } catch (err) {
          post({ type: "fatal", error: String((err && err.message) || err) });
          return;
        }
        port.postMessage({ type: "decision", id: d.id, result });
        post({ type: "decided", id: d.id, py: performance.now() - at });
      };
    } else if (m.type === "load") {
      printBudget = MAX_PRINTED;
      post({ type: "loaded", error: glue.load(m.source) });
    } else if (m.type === "decide") {
      printBudget = MAX_PRINTED;
      const at = performance.now();
      const result = decide(m);
      post({ type: "decision", id: m.id, result, py: performance.now() - at });
    }
  } catch (err) {
    post({ type: "fatal", error: String((err && err.message) || err) });
  }
}

self.onmessage = BOXED ? (event) => enterBox(event.data) : onMessage;
