// The Bot lab's files (assets/lab.js): the bot's code downloaded as a .py
// file or read from one, its share link made, and the site kept for offline.
import { linkFor, MAX_LINK_CHARS } from "./lab-share.js";
import { storageGet, storageSet } from "./lab-lang.js";

const $ = (id) => document.getElementById(id);
const MAX_FILE = 200000; // bytes

export function downloadText(text, name, type = "text/x-python") {
  const blob = new Blob([text], { type });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// The file chosen in `input` (then cleared): {text, key, name}, {key} when it
// cannot be read as UTF-8 text of at most MAX_FILE bytes, or null for none.
export async function readCodeFile(input) {
  const file = input.files[0];
  input.value = "";
  if (!file) return null;
  if (file.size > MAX_FILE) return { key: "file-too-big" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    return { text, key: "file-loaded", name: file.name };
  } catch {
    return { key: "file-bad" };
  }
}

// Opens the box of the link's name and author (as last written) and makes the link.
export function openShareBox(ctx) {
  const box = $("share-box");
  if (box.hidden) {
    let kept = {};
    try { kept = JSON.parse(storageGet(ctx.key) || "{}") || {}; } catch { /* unreadable: empty */ }
    $("share-name").value = typeof kept.name === "string" ? kept.name : "";
    $("share-author").value = typeof kept.author === "string" ? kept.author : "";
    box.hidden = false;
  }
  return makeShareLink(ctx, true);
}

// The link to the bot (shown and copied when it fits a chat message); returns it.
export function makeShareLink(ctx, announce) {
  const name = $("share-name").value;
  const author = $("share-author").value;
  storageSet(ctx.key, JSON.stringify({ name, author }));
  // No ?lang=: the link opens in the receiver's own language.
  const link = linkFor({ name: name || ctx.t("default-bot-name"), author, code: ctx.code },
    location.origin + location.pathname);
  const fits = link.length <= MAX_LINK_CHARS;
  $("share-link").value = fits ? link : "";
  $("share-link").hidden = $("share-label").hidden = !fits;
  if (!fits) {
    ctx.say("code-status", ctx.t("link-too-long", { n: link.length, max: MAX_LINK_CHARS }));
    if (announce) $("download").focus();
    return link;
  }
  if (announce) {
    $("share-link").select();
    try { navigator.clipboard.writeText(link).catch(() => {}); } catch { /* no clipboard */ }
  }
  ctx.say("code-status", ctx.t("link-made-n", { n: link.length }));
  return link;
}

// Offline next time: the built site's service worker caches Pyodide (not
// precached: the game runs on MicroPython) once asked; data-lab-offline says so.
export function keepOffline(root) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && "lazyCached" in event.data) {
      root.dataset.labOffline = event.data.lazyCached ? "ready" : "failed";
    }
  });
  navigator.serviceWorker.ready.then((reg) => {
    if (reg.active) reg.active.postMessage("cache-lazy");
  });
}
