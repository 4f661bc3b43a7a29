// The Bot lab's two workers (assets/lab-worker.js), as assets/lab.js starts
// them: the referee's from the site, the bot's in its box (issue 44,
// assets/lab-box.js), or the ones assets/lab-start.js started as the page
// opened, with what they said meanwhile. `w.ready` settles when the worker
// is up; every later message goes to `onMessage(m, w)`.
import { boxedWorker } from "./lab-box.js";

// Issue 26: each worker runs the Python named here: the referee always
// MicroPython (the game page's runtime: ready in a fraction of Pyodide's time),
// the bot the one its code needs (assets/lab-runtime.js).
// `onReady(times, created)`: the worker said it is ready (its timings, and
// when the page asked for it).
export function startWorker(role, onMessage, runtime, onReady) {
  const early = takeEarlyWorker(role, runtime);
  const created = early ? early.created : Math.round(performance.now());
  // The name makes it start at once (lab-worker.js). The bot's code runs in a
  // box (issue 44, assets/lab-box.js); the referee runs only the site's code.
  const name = `lab ${role} ${runtime}`;
  const worker = early ? early.worker : role === "bot" ? boxedWorker(name)
    : new Worker(new URL("./lab-worker.js", import.meta.url), { type: "module", name });
  const w = { worker, role, runtime, loaded: null, pending: null };
  w.ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === "stage") return;
      if (m.type === "ready") {
        w.started = true;
        // (A bot's worker's words are the bot's to forge: its times may be anything.)
        onReady(m.times && typeof m.times === "object" ? m.times : {}, created);
        resolve();
      }
      else if (m.type === "fatal" && !w.started) reject(new Error(m.error));
      else onMessage(m, w);
      if (m.type === "ready") w.started = true;
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const why = event.message || "the worker failed";
      if (!w.started) reject(new Error(why));
      else onMessage({ type: "fatal", error: why }, w);
    };
  });
  if (early) {
    for (const [kind, event] of early.held) (kind === "message" ? worker.onmessage : worker.onerror)(event);
  } else worker.postMessage({ type: "init", role, runtime });
  return w;
}

// The worker assets/lab-start.js started for `role` as the page opened, if it
// runs `runtime` (else it is stopped): {worker, held: what it said meanwhile}.
function takeEarlyWorker(role, runtime) {
  const early = window.labEarly && window.labEarly[role];
  if (!early) return null;
  delete window.labEarly[role];
  if (early.runtime === runtime) return early;
  early.worker.terminate();
  return null;
}
