// A bot's worker in a box (issue 44): what runs a player's code, in the lab,
// its class league and at the game's table (assets/lab.js, assets/labseat.js).
//
// A bot's code is anybody's: typed, pasted, from a file or a shared link. In
// a worker of the site's own origin it could rewrite the cached site
// (caches.put of index.html), read the saved games, or send what it saw to
// another origin. So it runs in a worker that a sandboxed frame starts
// (sandbox="allow-scripts" without allow-same-origin: an origin of its own
// that is no one's), under a policy that allows no request at all:
//   - no caches, localStorage, IndexedDB or cookies (no origin to keep them);
//   - no fetch, XHR, WebSocket, importScripts or import of any URL
//     (connect-src 'none'; scripts only from blob: URLs the box made);
//   - no service worker, and no way to the page's document or the referee's
//     worker: the page and the box speak only by messages on one port.
// The frame is srcdoc (it needs no request, so it opens offline too) and its
// one inline script is allowed by its hash (BOX_HASH), in its own policy and
// in the page's (lostcode/web/shell/csp.py), which a srcdoc frame inherits.
// The worker asks the page for the files it needs by path (a runtime, the
// engine's files); the page answers only for the paths the lab's workers
// use (GIVEN) and only with the site's own files. Every message from the box
// is the bot's to forge: the page reads each as untrusted (only the reply to
// the question it asked counts, and the referee checks every move).
//
// boxedWorker(name) returns an object used like a Worker: postMessage(message,
// transfer), onmessage, onerror, terminate() (which removes the frame, and the
// worker with it: the only way to stop an endless loop).

// The frame's script: it makes the worker from the source the page sends and
// hands it the page's port; then it does nothing more (a message the worker
// posts to the frame is ignored). tests/test_lab_box.py checks BOX_HASH.
export const BOX_SCRIPT = "onmessage=(e)=>{if(e.source!==parent||self.w||!e.ports[0])return;"
  + "const d=e.data,u=URL.createObjectURL(new Blob(['(function(){\"use strict\";\\n',String(d.source),"
  + "'\\n})()'],{type:'text/javascript'})),w=self.w=new Worker(u,{name:String(d.name)});"
  + "w.onerror=(x)=>{x.preventDefault();parent.postMessage({type:'box-error',message:String(x.message||'')},'*')};"
  + "w.postMessage({type:'box',port:e.ports[0]},[e.ports[0]])}";
export const BOX_HASH = "sha256-suFShJJhXJPyCmGzE53N6taPvw3zNbJsXOFaAXOOtK4=";
export const BOX_POLICY = "default-src 'none'; script-src blob: 'wasm-unsafe-eval' 'unsafe-eval' '"
  + BOX_HASH + "'; worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'";
const BOX_HTML = '<!doctype html><meta http-equiv="Content-Security-Policy" content="'
  + BOX_POLICY + '"><script>' + BOX_SCRIPT + "</script>";

// The site's files a lab worker may ask for: the two runtimes and the lab's
// Python files (the engine, the glue, their bundles and list).
const GIVEN = /^(vendor\/(micropython|pyodide)\/|assets\/lab\/|lostcode\/)[\w\-./]+$/;
const SITE = new URL("../", import.meta.url);
const WORKER = new URL("lab-worker.js", import.meta.url);
let workerSource = null; // one fetch of assets/lab-worker.js for every box

function source() {
  if (!workerSource) {
    workerSource = fetch(WORKER).then((r) => {
      if (!r.ok) throw new Error("assets/lab-worker.js: HTTP " + r.status);
      return r.text();
    });
    workerSource.catch(() => { workerSource = null; });
  }
  return workerSource;
}

// The answer to the box's {type: "get", id, path}: the file as a Blob, or why not.
async function give(port, m) {
  const path = typeof m.path === "string" ? m.path : "";
  const reply = { type: "got", id: m.id, path };
  if (!GIVEN.test(path) || path.split("/").includes("..")) reply.error = "not a file a bot's worker may read";
  else {
    try {
      const response = await fetch(new URL(path, SITE));
      if (response.ok) reply.blob = await response.blob();
      else reply.error = "HTTP " + response.status;
    } catch (err) {
      reply.error = String((err && err.message) || err);
    }
  }
  port.postMessage(reply);
}

// A message from the box as the page may read it, or null. Every field is the
// bot's to forge (issue 44): a "print" whose text was null or {length: 1e9}
// threw in the lab's output (assets/lab-output.js). Only the messages a bot's
// worker sends (assets/lab-worker.js post()), each field of its own type.
function isId(v) {
  return (typeof v === "number" && Number.isFinite(v)) || typeof v === "string";
}

function number(v) {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

function text(v, otherwise) {
  return typeof v === "string" ? v : otherwise;
}

export function fromBox(m) {
  if (!m || typeof m !== "object" || typeof m.type !== "string") return null;
  switch (m.type) {
    case "print":
      return typeof m.text === "string" ? { type: "print", text: m.text, cut: m.cut === true } : null;
    case "stage":
      return { type: "stage", role: text(m.role, ""), stage: text(m.stage, "") };
    case "ready": {
      const times = {};
      if (m.times && typeof m.times === "object") {
        for (const [k, v] of Object.entries(m.times)) { // ms of each stage, and its runtime's name
          if ((typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && v.length <= 40)) times[k] = v;
        }
      }
      return { type: "ready", role: text(m.role, ""), runtime: text(m.runtime, ""), times };
    }
    case "fatal":
      return { type: "fatal", error: text(m.error, "the bot's worker failed") };
    case "loaded":
      return { type: "loaded", error: text(m.error, m.error ? "the bot's file cannot run" : "") };
    case "decision":
      return isId(m.id) ? { type: "decision", id: m.id, result: text(m.result, undefined), py: number(m.py) } : null;
    case "decided":
      return isId(m.id) ? { type: "decided", id: m.id, py: number(m.py) } : null;
    default:
      return null;
  }
}

// Asked for as this module loads: a box is wanted the moment the lab opens.
source();

export function boxedWorker(name) {
  const channel = new MessageChannel();
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.hidden = true;
  frame.className = "lab-box";
  frame.srcdoc = BOX_HTML;
  const box = { onmessage: null, onerror: null, frame };
  const failed = (message) => {
    if (box.onerror) box.onerror({ message, preventDefault() {} });
  };
  const port = channel.port1;
  port.onmessage = (event) => {
    const m = event.data;
    if (!m || typeof m !== "object") return;
    if (m.type === "get") give(port, m);
    else {
      const clean = fromBox(m);
      if (clean && box.onmessage) box.onmessage({ data: clean });
    }
  };
  const onWindowMessage = (event) => {
    if (event.source === frame.contentWindow && event.data && event.data.type === "box-error") {
      failed(String(event.data.message || "the bot's worker failed"));
    }
  };
  window.addEventListener("message", onWindowMessage);
  frame.addEventListener("load", () => {
    source().then((text) => {
      if (frame.contentWindow) frame.contentWindow.postMessage({ source: text, name }, "*", [channel.port2]);
    }, (err) => failed(String((err && err.message) || err)));
  }, { once: true });
  (document.body || document.documentElement).append(frame);
  box.postMessage = (message, transfer) => port.postMessage(message, transfer || []);
  box.terminate = () => {
    window.removeEventListener("message", onWindowMessage);
    port.onmessage = null;
    port.close();
    frame.remove();
  };
  return box;
}
