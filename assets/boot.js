// Loaded by index.html before PyScript (no inline scripts: see lostcode/web/shell/csp.py).
// Works before Python loads: seat rows follow the player count, and Start
// pressed early is remembered until the engine is ready.
(function () {
  // ?lab=1 (a link a teacher can share) opens the Bot lab, keeping ?lang= and #code=.
  const query = new URLSearchParams(location.search);
  if (query.get("lab") === "1") {
    query.delete("lab");
    const rest = query.toString();
    location.replace("./lab.html" + (rest ? "?" + rest : "") + location.hash);
    return;
  }
  const root = document.documentElement;
  // The page's words before Python (issue 42): msgids of the one catalogue, their
  // translations in assets/page-catalog.js, which assets/pwa.js hands over as
  // window.lostcodeCatalog; the language is the one assets/runtime.js picked.
  function _(msgid, params) {
    const catalog = window.lostcodeCatalog || {};
    const said = (catalog[window.lostcodeLang || root.lang] || {})[msgid] || msgid;
    return said.replace(/\{(\w+)\}/g, function (all, k) { return k in (params || {}) ? params[k] : all; });
  }
  // A line said before the catalogue arrived (pwa.js loads it; a failure can come
  // first) is said again once it is there, unless the line has changed since.
  const lines = [];
  function say(element, make) {
    const text = make();
    element.textContent = text;
    lines.push([element, make, text]);
  }
  window.addEventListener("lostcode-catalog", function () {
    lines.forEach(function (line) {
      if (line[0].textContent === line[2]) line[0].textContent = line[2] = line[1]();
    });
  });
  const players = document.getElementById("players");
  function seats() {
    const n = Number(players.value);
    document.querySelectorAll(".seat").forEach(function (row) {
      const off = Number(row.dataset.seat) > n;
      row.hidden = off;
      row.querySelectorAll("input, select").forEach(function (x) { x.disabled = off; });
    });
  }
  players.addEventListener("change", seats);
  seats();
  // A person who edits the set-up form while the engine loads keeps every edit: the
  // last game's remembered settings are only restored into an untouched form.
  function touched(event) {
    if (event.isTrusted && root.dataset.engine !== "ready") root.dataset.setupTouched = "1";
  }
  const form = document.getElementById("setup-form");
  form.addEventListener("input", touched);
  form.addEventListener("change", touched);
  // The header's "Rules" button opens the rules reference from any screen (before Python too).
  document.getElementById("rules-button").addEventListener("click", function () {
    const rules = document.getElementById("rules");
    rules.open = true;
    rules.scrollIntoView({block: "start"});
    rules.querySelector("summary").focus({preventScroll: true});
  });
  document.getElementById("progress").value = 1;
  document.getElementById("setup-form").addEventListener("submit", function (event) {
    if (root.dataset.engine === "ready") return;  // Python handles it
    event.preventDefault();
    // The message goes beside Play, the set-up's one start (desk12).
    const status = document.getElementById("start-status");
    const near = "";
    if (root.dataset.engine === "error") {
      say(status, function () { return _("The game engine could not be loaded. Reload the page to try again."); });
      return;
    }
    root.dataset.startPending = "1";
    root.dataset.startNear = near;
    say(status, function () { return _("The game starts as soon as the game engine has loaded…"); });
  });
  window.addEventListener("py:ready", function () {
    if (root.dataset.engine === "loading") {
      document.getElementById("progress").value = 2;
      document.getElementById("progress-label").textContent =
        window.lostcodeRunningText || _("Python is running; loading the game engine…");
    }
  });
  function N_(msgid) { return msgid; } // a msgid said later, in the language of then
  function failed(why, fallback) {
    if (root.dataset.engine === "ready") return;
    root.dataset.engine = "error";
    const box = document.getElementById("load-error");
    box.hidden = false;
    say(box, function () {
      return _("The game could not start: {why}. Reload the page to try again.", { why: why || _(fallback) });
    });
    say(document.getElementById("progress-label"), function () { return _("Loading failed."); });
  }
  window.addEventListener("error", function (event) {
    failed(event.message, N_("a file failed to load"));
  });
  // PyScript reports a runtime or file that cannot be fetched as a rejected promise.
  window.addEventListener("unhandledrejection", function (event) {
    const r = event.reason;
    failed(r && (r.message || String(r)), N_("a file failed to load"));
  });
  // A runtime download that dies without an error event must not look like a hang forever.
  setTimeout(function () {
    if (root.dataset.engine === "loading") failed("", N_("loading took more than 3 minutes"));
  }, 180000);
})();
// Issue 25: stored text as a download, read here: a JavaScript string with a
// NUL ends at the NUL on its way into MicroPython, so damaged data holding one
// was downloaded cut short. Returns a Blob, or null when the key is gone.
window.lostcodeStoredBlob = function (key) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? null : new Blob([value], { type: "application/json" });
  } catch (e) {
    return null;
  }
};
// Issue 25: stored text is measured here before Python reads it (a 5 MB saved
// game made MicroPython give up with no word), and text holding a NUL comes
// in pieces (a JavaScript string ends at a NUL on its way into MicroPython).
window.lostcodeStoredSize = function (key) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? -1 : value.length;
  } catch (e) {
    return -1;
  }
};
window.lostcodeStoredPieces = function (key) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? null : value.split("\0");
  } catch (e) {
    return null;
  }
};
// Issue 25: the old saves list, unreadable, copied aside whole without passing
// through Python (a NUL or its size would cut it there). Never overwrites
// other text under `dst`; true once `dst` holds exactly what `src` holds.
window.lostcodeStoredCopy = function (src, dst) {
  try {
    const value = localStorage.getItem(src);
    const there = localStorage.getItem(dst);
    if (value === null || (there !== null && there !== value)) return false;
    if (there === null) localStorage.setItem(dst, value);
    return localStorage.getItem(dst) === value;
  } catch (e) {
    return false;
  }
};
// Issue 12: a localStorage write that answers true/false instead of throwing.
// A JavaScript exception (quota exceeded) does not reach Python's try/except
// under MicroPython: it surfaced as an uncaught page error and cut the handler short.
window.lostcodeStore = function (key, value) {
  try {
    localStorage.setItem(key, value);
    return localStorage.getItem(key) === value;
  } catch (e) {
    return false;
  }
};
// A tree of elements ([tag, attrs, children or text], as JSON text) built
// here in one call from Python: built from Python, every element, attribute
// and append was its own call from MicroPython into JavaScript, thousands per
// screen (issue 25). An "svg" element and everything in it is in the SVG
// namespace, as in HTML's parser; a string among the children is a text node.
// textContent, createTextNode and setAttribute only: names with markup stay text.
const SVG_NS = "http://www.w3.org/2000/svg";
function lostcodeBuild(tree, svg) {
  const tag = tree[0];
  const inSvg = svg || tag === "svg";
  const e = inSvg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  const attrs = tree[1];
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  const kids = tree[2];
  if (typeof kids === "string") e.textContent = kids;
  else if (kids) for (const kid of kids) e.appendChild(lostcodeNode(kid, inSvg));
  return e;
}
// One child of a tree: a text node for a string, else the element built.
// A drawn part ({k, i}: see `written`) is read from the adopt's parts and
// remembered with its element.
function lostcodeNode(kid, svg) {
  if (typeof kid === "string") return document.createTextNode(kid);
  if (kid.k === undefined) return lostcodeBuild(kid, svg);
  const e = lostcodeBuild(partTree(kid.i), svg);
  written.set(e, kid.k);
  return e;
}
// Issue 40: a drawn part (a rack, the dice, the track: board.py's SVG trees)
// comes as {k: its key, i: its place among the adopt's parts}, the parts'
// own JSON texts one a line (dom.kids_json: each written once per tree, its
// key new with each text). An element drawn from the same key and untouched
// since (no moment, no tip's outline in it: moments.py and
// gamepage.show_tip_parts are all that change such a part) is that part
// already: neither read nor walked again. On a tap most of a screen's
// elements are such parts, the same as before, and patching them node by
// node was most of lostcodeAdopt.
const written = new WeakMap(); // element -> the key of the part it was drawn from
let wire = null; // the parts of the adopt under way: {lines, trees}
function partTree(i) {
  const trees = wire.trees;
  if (trees[i] === undefined) trees[i] = JSON.parse(wire.lines[i]);
  return trees[i];
}
function untouched(node) {
  return !node.matches(".moment, .tip-focus") && node.querySelector(".moment, .tip-focus") === null;
}
// An SVG tree from lostcode/web/game/board.py appended to `parent` (dom.draw).
// Returns the new element.
window.lostcodeDraw = function (parent, json) {
  return parent.appendChild(lostcodeBuild(JSON.parse(json), true));
};
// The game's screen, sheet and table are drawn as one tree each (dom.Node)
// and put in place at once, replacing `parent`'s children (dom.adopt):
// PyScript watches the document for added nodes (its py-* and mpy-* event
// attributes) with one XPath query per node added, so a screen drawn into the
// page node by node cost one query per element.
// With `append`, they go after its children instead (dom.append).
// A tree equal to the one `parent` already shows is not built again: on most
// taps the board (~30 kB of JSON, three quarters of a screen's elements) and
// the sheet are what they were (a choice changes the question's panel only),
// and rebuilding them cost the phone its style, layout and paint each time.
// Kept only while `parent` holds exactly the nodes put there as they were
// drawn: none wears a moment (moments.py) or a tip's outline
// (gamepage.show_tip_parts), no box or field was changed by hand, no
// <details> opened or closed.
// Another tree over the nodes put there is patched in (lostcodePatch): the
// elements that stay keep their identity, and only what changed is styled
// and laid out again. Returns whether it drew.
const adopted = new WeakMap(); // parent -> {json, kids, opens} of its last adopt
function opens(parent) {
  return Array.from(parent.querySelectorAll("details"), (d) => d.open).join();
}
function asDrawn(field) {
  if (field.type === "checkbox" || field.type === "radio") return field.checked === field.defaultChecked;
  if (field.tagName === "SELECT") return Array.from(field.options).every((o) => o.selected === o.defaultSelected);
  return field.value === field.defaultValue;
}
function ours(parent, was) {
  const now = parent.childNodes;
  if (now.length !== was.kids.length) return false;
  for (let i = 0; i < now.length; i++) if (now[i] !== was.kids[i]) return false;
  return true;
}
function stillThere(parent, was) {
  if (!ours(parent, was)) return false;
  if (parent.querySelector(".moment, .tip-focus") !== null) return false;
  for (const field of parent.querySelectorAll("input, select, textarea")) if (!asDrawn(field)) return false;
  return opens(parent) === was.opens;
}
// `parent`'s children made to be `kids` (trees and strings, as lostcodeBuild
// reads them), node by node: the same tag keeps its element, whose attributes
// become exactly the tree's (whatever else was added since, such as a
// moment's class, a settling mark or a style, goes) and whose children are
// patched alike; any other node is built afresh, and so is a form field a
// player changed. The result is the DOM lostcodeBuild would give.
const own = Object.prototype.hasOwnProperty;
function lostcodePatch(parent, kids, svg) {
  if (typeof kids === "string") {
    const only = parent.childNodes.length === 1 ? parent.firstChild : null;
    if (!(only && only.nodeType === 3 && only.data === kids)) parent.textContent = kids;
    return;
  }
  const now = parent.childNodes; // live
  for (let i = 0; i < kids.length; i++) {
    let kid = kids[i];
    const node = now[i];
    if (!node) parent.appendChild(lostcodeNode(kid, svg));
    else if (typeof kid === "string") {
      if (node.nodeType !== 3) parent.replaceChild(document.createTextNode(kid), node);
      else if (node.data !== kid) node.data = kid;
    } else {
      const key = kid.k;
      if (key !== undefined) {
        if (written.get(node) === key && untouched(node)) continue;
        kid = partTree(kid.i);
      }
      const inSvg = svg || kid[0] === "svg";
      if (node.nodeType === 1 && node.localName === kid[0] && (node.namespaceURI === SVG_NS) === inSvg) {
        const attrs = kid[1] || {};
        for (const a of Array.from(node.attributes)) if (!own.call(attrs, a.name)) node.removeAttribute(a.name);
        for (const k in attrs) {
          const v = String(attrs[k]);
          if (node.getAttribute(k) !== v) node.setAttribute(k, v);
        }
        lostcodePatch(node, kid[2] || [], inSvg);
        if (/^(input|select|textarea)$/.test(node.localName) && !asDrawn(node)) {
          parent.replaceChild(lostcodeBuild(kid, svg), node);
        }
      } else parent.replaceChild(lostcodeBuild(kid, svg), node);
      if (key !== undefined) written.set(now[i], key);
      else written.delete(now[i]); // drawn from a tree now: no part's key holds for it
    }
  }
  while (now.length > kids.length) parent.removeChild(parent.lastChild);
}
window.lostcodeAdopt = function (parent, json, append, parts) {
  const was = append ? null : adopted.get(parent);
  if (was && was.json === json && stillThere(parent, was)) return false;
  const trees = JSON.parse(json);
  wire = { lines: parts ? String(parts).split("\n") : [], trees: [] };
  if (append) {
    parent.append(...trees.map((kid) => lostcodeNode(kid, false)));
    adopted.delete(parent);
    return true;
  }
  if (was && ours(parent, was)) lostcodePatch(parent, trees, false);
  else parent.replaceChildren(...trees.map((kid) => lostcodeNode(kid, false)));
  adopted.set(parent, { json, kids: Array.from(parent.childNodes), opens: opens(parent) });
  return true;
};
// The activation guard (lostcode/web/game/gamepage.py settle, issue 12): the new
// screen's controls that take taps now, each as [its action, and its box
// (left, top, right, bottom) when `boxes`], read in one call and before any is
// changed, so the layout is computed once, not again after each change.
window.lostcodeControls = function (selector, boxes) {
  const out = [];
  for (const node of document.querySelectorAll(selector)) {
    if (node.getAttribute("aria-disabled") !== null) continue;
    const item = [node.getAttribute("data-act") || ""];
    if (boxes) {
      const r = node.getBoundingClientRect();
      item.push(r.left, r.top, r.right, r.bottom);
    }
    out.push(item);
  }
  return JSON.stringify(out);
};
// ... then those same controls refuse taps until their time (ms, JSON list in
// the same order): aria-disabled, and data-settling = data-until = that time
// (data-until stays: a tap handled late is judged by its own time, issue 44).
window.lostcodeSettling = function (selector, json) {
  const until = JSON.parse(json);
  let i = 0;
  for (const node of document.querySelectorAll(selector)) {
    if (node.getAttribute("aria-disabled") !== null) continue;
    if (i >= until.length) break;
    node.setAttribute("aria-disabled", "true");
    node.setAttribute("data-until", String(until[i]));
    node.setAttribute("data-settling", String(until[i++]));
  }
};
// ... and take taps again once their time has come (gamepage.settled).
window.lostcodeUnsettle = function (now) {
  for (const node of document.querySelectorAll("[data-settling]")) {
    if (now >= (Number(node.getAttribute("data-settling")) || 0)) {
      node.removeAttribute("aria-disabled");
      node.removeAttribute("data-settling");
    }
  }
};
// Issue 39 (a playtest): a tap on a control still settling did nothing a
// player could see. The control shows a short "not yet" (gamepage.on_click_capture):
// a dip in size with motion, an outline only under reduced motion (style.css).
window.lostcodeNotYet = function (node) {
  node.classList.remove("not-yet");
  void node.offsetWidth; // a second early tap starts it again
  node.classList.add("not-yet");
  setTimeout(() => node.classList.remove("not-yet"), 400);
};
// The first control under `selector` with this data-act and data-arg (a
// missing data-arg counts as ""), or null: found in one call (gamepage.restore_focus).
window.lostcodeControl = function (selector, act, arg) {
  for (const node of document.querySelectorAll(selector)) {
    if (node.getAttribute("data-act") === act && (node.getAttribute("data-arg") || "") === arg) {
      return node;
    }
  }
  return null;
};
// Focus without scrolling (issue 39: the phone's help is fixed over the board; a
// focus moved into it, or back to the bar under it, scrolled the page 67 px each time).
window.lostcodeFocusStill = function (node) {
  node.focus({preventScroll: true});
};
// bar9: the heading of a screen whose question changed in place (its control
// gone, e.g. "Confirm with no candidate for ...?" asked in the bar): focused; on a
// phone (`toTop`: the page says which, from gamepage.WIDE, the one breakpoint
// beside the CSS; desk10) the page at its top, the board over the sheet.
window.lostcodeFocusTop = function (node, toTop) {
  node.focus({preventScroll: true});
  if (toTop) window.scrollTo(0, 0);
};
// desk10: the strip's globe on a phone (main.language): the language choice at the
// page's foot brought into sight, focused and opened; once chosen, the game (redrawn
// in that language where it was) is back at the page's top.
window.lostcodeLangOpen = function () {
  const choice = document.getElementById("lang");
  choice.addEventListener("change", function () { window.scrollTo(0, 0); }, {once: true});
  choice.scrollIntoView({block: "center"});
  choice.focus({preventScroll: true});
  try { choice.showPicker(); } catch (e) { /* no picker without a user's tap: focused */ }
};
// Issue 41: a seat's internet link (#n=) starts reaching the host while Python
// loads; lostcode/web/tablemode/tableguest.py's guest_net_start takes over the
// same join (assets/table/bridge.js netJoin answers a repeat with the first try).
if (location.hash.indexOf("#n=") === 0) {
  import(new URL("assets/table/bridge.js", document.baseURI).href).then(function () {
    window.lostcodeTable.netJoin(location.hash.slice(3));
  }).catch(function () {});
}
