// "Play against my bot" at the game's real table (index.html#play=lab, issue 14).
//
// Loaded by lostcode/web/main.py only in that mode. The engine stays in the
// page's own runtime; the student's bot runs in the Bot lab's worker
// (assets/lab-worker.js, role "bot", assets/lab/labbot.py) on the runtime the
// lab would give it (issue 26, assets/lab-runtime.js): MicroPython when its
// imports allow, Pyodide when it needs CPython or its file fails on
// MicroPython for a missing module or name (the lab's fallback). The worker is
// sent only the request the page built (that seat's observation and legal
// moves, JSON text), never the game state. Every decision is timed here: one
// that takes longer than TIME_LIMIT_MS ends the worker (the only way to stop
// an endless loop) and a fresh one is started for the next decision.
//
// window.lostcodeLabSeat.ask(n, request) resolves with the reply as JSON text:
//   {"n": n, "move": [...]}                   the bot's move (checked again by Python)
//   {"n": n, "forfeit": {"reason", "detail"}} an error or an illegal move (labbot.py)
//   {"n": n, "timeout": true}                 too slow
//   {"n": n, "cannot_run": "..."}             the file itself fails to run
//   {"n": n, "failed": "..."}                 the worker could not start
// Details (tracebacks, what the bot printed) go to the console, never the page.
import { pickRuntime } from "./lab-runtime.js";
import { boxedWorker } from "./lab-box.js";
import { readReply } from "./lab-reply.js";

const TIME_LIMIT_MS = 2000; // per decision (lostcode.player.botapi.TIME_LIMIT)
const LOAD_LIMIT_MS = 2000; // running the bot's file once
const PLAY_KEY = "lostcode.lab.play"; // lostcode/web/lab/labseat.py

let source = "";
let runtime = "pyodide"; // the bot's runtime, chosen once its code is read
let current = null; // { worker, ready, loaded, pending }
let queue = Promise.resolve();
let decisions = 0;

// {code, runtime}: the lab's choice of runtime when it made one (its menu, or
// its own fallback), else what the code's imports allow.
function readPlay() {
  let play = {};
  try { play = JSON.parse(window.localStorage.getItem(PLAY_KEY) || "{}") || {}; } catch { /* unreadable */ }
  const code = typeof play.code === "string" ? play.code : "";
  const chosen = ["micropython", "pyodide"].includes(play.runtime) ? play.runtime : null;
  return { code, runtime: chosen || pickRuntime(code).runtime };
}

function start() {
  if (current) current.worker.terminate();
  // Issue 44: in a box (assets/lab-box.js), where it reaches nothing of the site.
  const worker = boxedWorker("lab bot " + runtime);
  const w = { worker, loaded: false, pending: null };
  w.ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === "ready") { w.started = true; resolve(); return; }
      if (m.type === "print") {
        console.info("[your bot]", m.cut ? "(output shortened)" : m.text);
        return;
      }
      if (m.type === "fatal" && !w.started) { reject(new Error(m.error)); return; }
      const p = w.pending;
      if (!p) return;
      // Only the reply to the question asked counts: the bot's code could post too.
      if (m.type === "decision" && m.id !== p.id) return;
      if (m.type === "decision" || m.type === "loaded" || m.type === "fatal") {
        w.pending = null;
        p.resolve(m);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const why = event.message || "the worker failed";
      if (!w.started) reject(new Error(why));
      else if (w.pending) { const p = w.pending; w.pending = null; p.resolve({ type: "fatal", error: why }); }
    };
  });
  w.ready.catch(() => {});
  worker.postMessage({ type: "init", role: "bot", runtime });
  document.documentElement.dataset.labSeatRuntime = runtime;
  current = w;
  return w;
}

// One message to the worker; resolves with its reply or {timeout: true}
// (the worker is then replaced: it may be looping forever).
function exchange(w, message, limit) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      w.pending = null;
      if (current === w) start();
      resolve({ timeout: true });
    }, limit);
    w.pending = { id: message.id, resolve: (m) => { clearTimeout(timer); resolve(m); } };
    w.worker.postMessage(message);
  });
}

async function decide(n, request) {
  const w = current || start();
  try {
    await w.ready;
  } catch (err) {
    console.warn("Your bot's worker could not start:", err);
    return { failed: String(err.message || err) };
  }
  if (!w.loaded) {
    const reply = await exchange(w, { type: "load", source }, LOAD_LIMIT_MS);
    const problem = reply.timeout ? "the file did not finish running within 2 s"
      : reply.type === "fatal" ? reply.error : reply.error;
    // As in the lab (assets/lab.js loadBot): what MicroPython lacks (a module,
    // a name, a method) fails here; such a file runs on Pyodide instead.
    if (problem && runtime === "micropython" && !reply.timeout
        && /\b(ImportError|AttributeError|NotImplementedError)\b/.test(problem)) {
      console.info("Your bot runs on Pyodide: on MicroPython\n" + problem);
      runtime = "pyodide";
      start();
      return decide(n, request);
    }
    if (problem) {
      console.warn("Your bot cannot run:\n" + problem);
      return { cannot_run: problem };
    }
    w.loaded = true;
  }
  // checked: the worker reads the request with the one reader's limits in
  // JavaScript (on MicroPython, Python's own check cost more than the bot).
  const reply = await exchange(w, { type: "decide", id: ++decisions, request, game: "table",
    checked: true }, TIME_LIMIT_MS);
  if (reply.timeout) return { timeout: true };
  if (reply.type === "fatal") {
    console.warn("Your bot's worker failed:", reply.error);
    return { forfeit: { reason: "error", detail: reply.error } };
  }
  const result = readReply(reply.result);
  if (result.forfeit) console.warn("Your bot, move " + n + ":\n" + result.forfeit.detail);
  return result;
}

function ask(n, request) {
  // One question at a time (Python asks once per decision anyway).
  const answer = queue.then(() => decide(n, String(request)))
    .catch((err) => ({ failed: String((err && err.message) || err) }))
    .then((reply) => JSON.stringify({ n, ...reply }));
  queue = answer.catch(() => {});
  return answer;
}

({ code: source, runtime } = readPlay());
start();
window.lostcodeLabSeat = { ask };
document.documentElement.dataset.labSeat = "loaded";
