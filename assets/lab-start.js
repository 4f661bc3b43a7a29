// The Bot lab's two workers (assets/lab-worker.js), started the moment the
// page opens (issue 26: "ready in seconds"). lab.html loads this small module
// `async` (the built site has it written into lab.html), so it runs before
// lab.js and its modules (the strings of four languages, the editor, the
// class league, share links) have arrived, and the runtimes start meanwhile;
// lab.js then takes the workers over (takeEarlyWorker) with every message
// they sent before it was there.
//
// The referee always runs MicroPython. The bot runs on the runtime its code
// needs (assets/lab-runtime.js): known here for the code saved in this
// browser; a shared link's code (compressed) is only read by lab.js, so for a
// link the bot starts on MicroPython, the runtime of most bots, and lab.js
// replaces it when the code needs Pyodide.

const CODE_KEY = "lostcode.lab.code"; // as assets/lab.js
// Paths from the page (lab.html, at the site's root), not from this file: the
// built site writes this module into lab.html itself, so the workers start
// without waiting for one more file (tools/build_site.py lab_page).
const SITE = new URL("./", document.baseURI);

function savedCode() {
  try { return window.localStorage.getItem(CODE_KEY); } catch { return null; }
}

// The bot's worker runs in a box (issue 44, assets/lab-box.js): its module is
// asked for at once, beside the referee's worker.
const box = import(new URL("assets/lab-box.js", SITE).href);

function start(role, runtime, boxed) {
  const created = Math.round(performance.now()); // tools/bench_lab.py: when it was asked for
  // The name tells the worker its role and runtime: it starts without waiting for "init".
  const name = `lab ${role} ${runtime}`;
  const worker = boxed ? boxed(name)
    : new Worker(new URL("assets/lab-worker.js", SITE), { type: "module", name });
  const held = []; // [kind, event] until lab.js listens
  worker.onmessage = (event) => held.push(["message", event]);
  worker.onerror = (event) => { event.preventDefault(); held.push(["error", event]); };
  worker.postMessage({ type: "init", role, runtime });
  return { worker, runtime, held, created };
}

if (!window.lab && typeof Worker === "function") { // lab.js not yet there (it starts its own)
  const code = /#.*\bbot=/.test(location.href) ? null : savedCode();
  window.labEarly = { referee: start("referee", "micropython") };
  // Only saved code needs assets/lab-runtime.js read first: a link's bot, or no
  // code yet, starts on MicroPython. (Its code is only read, never run, until
  // Run: issue 44.)
  const runtime = code === null ? Promise.resolve("micropython")
    : import(new URL("assets/lab-runtime.js", SITE).href).then(({ pickRuntime }) => pickRuntime(code).runtime);
  Promise.all([box, runtime]).then(([{ boxedWorker }, wanted]) => {
    if (window.labEarly && !window.lab) window.labEarly.bot = start("bot", wanted, boxedWorker);
  }).catch(() => {}); // lab.js starts the bot's worker itself
}
