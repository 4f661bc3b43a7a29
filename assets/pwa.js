// Registers the site's service worker (../sw.js, scope = the site root) and
// applies updates without mixing versions. Load it from index.html with
//   <script type="module" src="./assets/pwa.js"></script>
//
// Why the conditions: service workers need http(s) (file:// has none); the
// worker must come from this page's origin; and in the dev server sw.js is a
// no-op template, in a copy without sw.js nothing is registered at all (a HEAD
// probe first, so no "bad HTTP response code (404)" error is logged).
// Registration waits until the engine has started (data-engine leaves
// "loading"): the precache then revalidates files the page has just
// downloaded (304s) instead of competing with the first load for bandwidth.
import { CATALOG } from "./page-catalog.js";

const root = document.documentElement;
const swURL = new URL("../sw.js", import.meta.url);

// The words of the page's early scripts (this one, boot.js) in the page's language
// (issue 42): msgids of the one catalogue, compiled into assets/page-catalog.js.
window.lostcodeCatalog = CATALOG;
window.dispatchEvent(new Event("lostcode-catalog")); // boot.js says its early lines again
const _ = (msgid) => (CATALOG[root.lang] || {})[msgid] || msgid;
const N_ = (msgid) => msgid; // marks a msgid said later (by showOffline)
let offline = null; // [state, msgid] of the offline line, said again on a language switch
new MutationObserver(() => offline && showOffline(...offline))
  .observe(root, { attributes: true, attributeFilter: ["lang"] });

function engineSettled() {
  return root.dataset.engine && root.dataset.engine !== "loading";
}

function afterEngineStart(callback) {
  if (engineSettled()) return callback();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    callback();
  };
  const observer = new MutationObserver(() => engineSettled() && once());
  observer.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
  setTimeout(once, 30000);
}

async function register() {
  if (!navigator.onLine) return; // the existing registration (if any) keeps working
  try {
    const probe = await fetch(swURL, { method: "HEAD", cache: "no-store" });
    if (!probe.ok) return;
    const registration = await navigator.serviceWorker.register(swURL, {
      scope: new URL("./", swURL).href,
    });
    root.dataset.sw = "registered";
    watchInstall(registration);
    return registration;
  } catch (error) {
    console.info("Offline mode unavailable:", error);
  }
}

// An install that fails (a file of this version could not be cached, e.g. a
// partial deploy whose file no longer matches its hash) is shown, not silent:
// data-sw="failed" and a line in the display settings. sw.js leaves no cache
// behind, and the browser installs again on the next visit.
function showOffline(state, msgid) {
  offline = [state, msgid];
  if (root.dataset.sw !== state) root.dataset.sw = state;
  const line = document.getElementById("offline-status");
  if (line) line.textContent = _(msgid);
}

// The page says it (lostcode/web/saves/savespage.py, on the set-up screen between
// games, never over a private screen): data-update = "ready" | "failed".
function tellUpdate(state) {
  root.dataset.update = state;
  document.dispatchEvent(new Event("lostcode-update"));
}

function watchWorker(worker) {
  if (!worker) return;
  // A worker that was active and is replaced by the next version also turns
  // "redundant": that is an update, not a failure (issue 25).
  let activated = false;
  const check = () => {
    if (worker.state === "activating" || worker.state === "activated") activated = true;
    if (worker.state === "activated") {
      showOffline("ready", N_("Offline play is ready on this device."));
    } else if (worker.state === "redundant" && !activated && root.dataset.sw !== "ready") {
      // An update (a worker controls this page) that failed: a partial deploy.
      if (navigator.serviceWorker.controller) tellUpdate("failed");
      showOffline("failed", navigator.serviceWorker.controller
        ? N_("An update could not be saved for offline play; the previous version stays available offline. The page will try again on your next visit.")
        : N_("Offline play could not be set up: a file of this version did not download correctly. The page will try again on your next visit."));
    }
  };
  worker.addEventListener("statechange", check);
  check();
}

function watchInstall(registration) {
  if (registration.active && !registration.installing && !registration.waiting) {
    showOffline("ready", N_("Offline play is ready on this device."));
  }
  watchWorker(registration.installing || registration.waiting);
  registration.addEventListener("updatefound", () => {
    if (root.dataset.sw === "ready" && registration.active) root.dataset.sw = "updating";
    watchWorker(registration.installing);
  });
}

function gameOnScreen() {
  const game = document.getElementById("game");
  return root.dataset.engine === "ready" && game !== null && !game.hidden;
}

// Issue 44 (item 11): a page that a reload would cost something: a game on
// screen, a table of several phones open (a host's join codes, a guest's
// connection: lostcode/web/tablemode/tablepage.py #tablemode), or the Bot lab running
// games or a league (assets/lab.js sets data-busy). It keeps its version.
// The second game too (issue 43: «Тайные камни» has its own section, #stones,
// and a game on it sets data-stones-screen to other than "setup"): a reload
// had thrown its players out mid-turn.
function busyPage() {
  const table = document.getElementById("tablemode");
  const stones = document.getElementById("stones");
  const stonesGame = stones !== null && !stones.hidden
    && Boolean(root.dataset.stonesScreen) && root.dataset.stonesScreen !== "setup";
  return gameOnScreen() || stonesGame || (table !== null && !table.hidden) || root.dataset.busy === "1";
}

if (
  "serviceWorker" in navigator &&
  (location.protocol === "https:" || location.protocol === "http:") &&
  swURL.origin === location.origin
) {
  // A page that started under an older worker reloads when the new one takes
  // over — unless it is busy (busyPage): then everything is already loaded,
  // and the new version is offered on the set-up screen (data-update="ready")
  // or taken on the next visit.
  // The first worker taking over a page it did not control yet (first visit)
  // changes no version; every later change is an update (issue 25: also in a
  // tab opened on the first visit).
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    if (busyPage()) {
      tellUpdate("ready");
      return;
    }
    reloading = true;
    location.reload();
  });
  afterEngineStart(register);
}
