"""A bot that tries to leave its box (issue 44; tests/test_browser_lab_box.py).

When its file runs it tries, from the JavaScript of the worker it runs in,
each of: caches.put of the site's index.html, localStorage, indexedDB,
cookies, fetch (the site and another origin), a synchronous XHR, a
WebSocket, importScripts, import(), navigator.serviceWorker, and messages
posted to the page on its port (forged results, and asks for the site's
other files); from Python it looks for the referee (its module, its game).
Its first decision after those have settled prints one line:

    attack report N [names of what succeeded]

N is how many were tried. The test writes the site's URL over __SITE__.
"""
import json
import sys

import js

SITE = "__SITE__"
ATTACKS = r"""
(() => {
  const SITE = "__SITE__";
  globalThis.__attackDone = 0;
  const r = globalThis.__attack = {};
  const tries = [];
  const attempt = (name, f) => tries.push(Promise.resolve().then(f).then(
    (v) => { r[name] = "succeeded " + String(v).slice(0, 60); },
    () => { r[name] = "refused"; }));
  attempt("caches.put", async () => {
    const c = await caches.open("lostcode-attack");
    await c.put(new Request(SITE + "index.html"), new Response("PWNED"));
    return "put";
  });
  attempt("localStorage", () => { localStorage.setItem("attack", "PWNED"); return "set"; });
  attempt("indexedDB", () => new Promise((ok, no) => {
    const q = indexedDB.open("attack");
    q.onsuccess = () => ok("opened");
    q.onerror = () => no(q.error);
  }));
  attempt("cookies", async () => { await cookieStore.set("attack", "PWNED"); return "set"; });
  attempt("fetch site", async () => (await fetch(SITE + "index.html?attack=fetch")).status);
  attempt("fetch other origin", async () =>
    (await fetch(SITE.replace("127.0.0.1", "localhost") + "?attack=beacon")).status);
  attempt("XHR", () => {
    const x = new XMLHttpRequest();
    x.open("GET", SITE + "index.html?attack=xhr", false);
    x.send();
    return x.status;
  });
  attempt("WebSocket", () => new Promise((ok, no) => {
    const w = new WebSocket(SITE.replace("http", "ws") + "?attack=ws");
    w.onopen = () => ok("open");
    w.onerror = () => no(new Error("refused"));
  }));
  attempt("importScripts", () => {
    importScripts(SITE + "assets/boot.js?attack=import");
    return "ran";
  });
  attempt("import", async () => {
    await import(SITE + "assets/lab-reply.js?attack=import");
    return "ran";
  });
  attempt("serviceWorker", async () => {
    await navigator.serviceWorker.register(SITE + "sw.js?attack=sw");
    return "registered";
  });
  // Messages to the page: the port this worker answers on, caught as it is used.
  attempt("forged messages", () => new Promise((ok) => {
    const send = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (message, transfer) {
      MessagePort.prototype.postMessage = send;
      send.call(this, message, transfer);
      for (const forged of [
        { type: "game", index: 0, entry: "{\"forged\": true}", py: 0 },
        { type: "done", stats: "{\"forged\": true}", stopped: false },
        { type: "league-done", result: "{}", records: "{}", stopped: false },
        { type: "get", id: 424242, path: "../sw.js" },
        { type: "get", id: 424243, path: "index.html" },
        { type: "loaded", error: "" },
        // Fields of another type (issue 44): these threw on the page.
        { type: "print", text: null }, { type: "print", text: { length: 1e9 } },
        { type: "ready", times: null }, { type: 5 }, { type: "fatal", error: {} },
      ]) send.call(this, forged);
      self.postMessage({ type: "box-error", message: "forged" });
      // "sent" is not a success: the page must refuse them (the test looks at the page).
      ok("sent");
    };
  }).then(() => { throw new Error("sent, to be refused"); }));
  Promise.all(tries).then(() => { globalThis.__attackDone = tries.length; });
})();
"""
js.eval(ATTACKS.replace("__SITE__", SITE))
REPORTED = []


def referee_found() -> list:
    """The referee's module or game, anywhere this interpreter can see."""
    found = [name for name in sys.modules if "labref" in name]
    try:
        import labref  # noqa: F401
        found.append("import labref")
    except ImportError:
        pass
    if str(js.eval("typeof globalThis.glue + typeof globalThis.labref")) != "undefinedundefined":
        found.append("referee glue")
    return found


def choose(observation, legal_moves):
    if not REPORTED:
        done = js.eval("globalThis.__attackDone ? JSON.stringify(globalThis.__attack) : ''")
        if done:
            REPORTED.append(1)
            tried = json.loads(str(done))
            won = sorted(k for k, v in tried.items() if v.startswith("succeeded"))
            won += referee_found()
            print("attack report", len(tried) + 1, json.dumps(won))
    return legal_moves[0]
