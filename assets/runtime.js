// Picks the Python runtime before PyScript starts (issue 17):
//   ./                    -> MicroPython (<script type="mpy" config="./pyscript-mpy.toml">)
//   ./?runtime=pyodide    -> Pyodide     (<script type="py"  config="./pyscript.toml">)
// else the choice saved by the "Python runtime" display setting (localStorage
// "lostcode.runtime"), else MicroPython: it is ready in well under a second on
// a phone, where Pyodide's 14 MB take 20 s. Pyodide stays one setting away
// for anything that needs full CPython. <html data-runtime> says which runs.
// Load it from index.html as an async module script: it adds the script element,
// then imports PyScript's core.js itself, so PyScript always finds the element
// (and its config) at start-up, and the runtime's downloads and start no longer
// wait for the page to be parsed, styled and laid out (issue 17: ~40 ms on a
// desktop; index.html modulepreloads core.js). What touches the page's own
// elements waits until they are parsed. An external file, not an inline script,
// because the page's CSP has no 'unsafe-inline' (lostcode/web/shell/csp.py).
// Only the chosen runtime is downloaded. Proof: tools/bench/hello-switch.html.
//
// The block below is what the dev server (repo root) runs: TOML configs that
// list every lostcode/*.py. tools/build_site.py replaces it in the *built*
// copy (JSON configs, precompiled .mpy for MicroPython, one zip for Pyodide,
// the real download size of each runtime for the progress text).
// BUILD:SETUP:BEGIN
const SETUP = {
  py: { config: "./pyscript.toml", src: "./lostcode/web/main.py" },
  mpy: { config: "./pyscript-mpy.toml", src: "./lostcode/web/main.py" },
};
// BUILD:SETUP:END

export const RUNTIMES = ["micropython", "pyodide"]; // the first is the default
// = tools/build_site.py UNUSED_PLUGINS (tests/test_viewmodels.py checks both).
export const UNUSED_PLUGINS = ["!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"];
export const RUNTIME_KEY = "lostcode.runtime";

// ---- The URL, read exactly as lostcode/services/settings.py parse() reads it (issue 12).
// One reader in two languages: tests/test_url_settings.py feeds both the same
// hostile query strings. Keys and values are matched without ASCII case and
// surrounding ASCII blanks; "&" and ";" both separate; the first of a repeated
// key counts; text that is not UTF-8 after percent-decoding is ignored.
// Python turns every ignored value into a visible note (#url-notes).
const KEYS = ["lang", "players", "seats", "options", "seed", "hints", "embed", "runtime", "textsize", "motion", "puzzle", "game"];
const MAX_QUERY = 4096; // code points, as Python counts them
const MAX_PAIRS = 64;

export function fold(text) {
  return text.replace(/^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g, "")
    .replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

function unquote(text) {
  text = text.replace(/\+/g, " ");
  if (/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ""))) return null;
  if (!text.includes("%")) return text;
  const bytes = [];
  const enc = new TextEncoder();
  const cps = Array.from(text);
  for (let i = 0; i < cps.length; ) {
    const c = cps[i];
    if (c === "%" && i + 2 < cps.length && /^[0-9a-fA-F]$/.test(cps[i + 1]) && /^[0-9a-fA-F]$/.test(cps[i + 2])) {
      bytes.push(parseInt(cps[i + 1] + cps[i + 2], 16));
      i += 3;
    } else {
      bytes.push(...enc.encode(c));
      i += 1;
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
  } catch (e) {
    return null;
  }
}

// {key: raw value (null for "key" without "=")} for the known keys.
export function readQuery(query) {
  const raw = {};
  if (typeof query !== "string") return raw;
  if (query.includes("#")) query = query.slice(0, query.indexOf("#"));
  if (query.includes("?")) query = query.slice(query.indexOf("?") + 1);
  const cps = Array.from(query);
  if (cps.length > MAX_QUERY) query = cps.slice(0, MAX_QUERY).join("");
  const pairs = query.replace(/;/g, "&").split("&").filter((p) => p).slice(0, MAX_PAIRS);
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const k = eq < 0 ? pair : pair.slice(0, eq);
    const v = eq < 0 ? null : pair.slice(eq + 1);
    let key = unquote(k);
    const value = v === null ? null : unquote(v);
    if (key === null || (v !== null && value === null)) continue;
    key = fold(key);
    if (!KEYS.includes(key) || key in raw) continue;
    raw[key] = value;
  }
  return raw;
}

// The valid value of a one-word setting (lang, runtime, textsize), else undefined.
export function choice(query, key, allowed) {
  const v = readQuery(query)[key];
  const folded = fold(v || "");
  return allowed.includes(folded) ? folded : undefined;
}

function savedRuntime() {
  try {
    const v = window.localStorage.getItem(RUNTIME_KEY);
    return RUNTIMES.includes(v) ? v : undefined;
  } catch (e) {
    return undefined; // storage blocked (third-party iframe, private mode)
  }
}

export function pickRuntime(query, saved) {
  return choice(query, "runtime", RUNTIMES) || saved || RUNTIMES[0];
}

// ---- The progress text while the runtime downloads, in the page's language,
// before Python (and its catalogs) can translate anything. The language is
// picked as lostcode/web/shell/i18n.py pick_language() does: ?lang=, then the saved
// choice (lostcode.web.game.page STORAGE_KEY), then the browser's languages.
export const LANGS = ["en", "ru", "it", "pl"];
export const LANG_KEY = "lostcode.lang";
// "running" is the catalogs' translation of main.py's first progress text
// (tests/test_loading_text.py checks they agree).
// "offline" and "use-default" (issue 44 item 12) too: lostcode/web/game/page.py
// RUNTIME_TEXTS marks them for the catalogs.
// The English are msgids of the one catalogue (marked N_ for the extractor, issue 42);
// tests/test_loading_text.py checks the other languages say what the .po files say.
const N_ = (msgid) => msgid;
export const LOADING_TEXT = {
  en: { download: N_("Downloading the {runtime} runtime (about {mb} MB, once)…"),
        running: N_("Python is running; loading the game engine…"),
        offline: "Pyodide cannot be downloaded now: this device is offline and has no copy of it yet. Your saved games are safe.",
        "use-default": "Use MicroPython (the default)" },
  ru: { download: "Загружается среда {runtime} (около {mb} МБ, один раз)…",
        running: "Python запущен; загружается игровой движок…",
        offline: "Pyodide сейчас не загрузить: устройство не в сети, а копии Pyodide на нём ещё нет. Сохранённые партии не пропадут.",
        "use-default": "Использовать MicroPython (по умолчанию)" },
  it: { download: "Download dell'ambiente Python {runtime} (circa {mb} MB, una sola volta)…",
        running: "Python è avviato; caricamento del motore di gioco…",
        offline: "Ora non si può scaricare Pyodide: il dispositivo è offline e non ne ha ancora una copia. Le partite salvate non si perdono.",
        "use-default": "Usa MicroPython (predefinito)" },
  pl: { download: "Pobieranie środowiska {runtime} (około {mb} MB, jednorazowo)…",
        running: "Python działa; wczytywanie silnika gry…",
        offline: "Nie można teraz pobrać Pyodide: urządzenie nie ma połączenia z internetem, a kopii Pyodide jeszcze na nim nie ma. Zapisane partie nie przepadną.",
        "use-default": "Użyj MicroPythona (domyślnie)" },
};

function langCode(value) {
  const base = String(value || "").trim().toLowerCase().replace(/_/g, "-").split("-")[0];
  return LANGS.includes(base) ? base : undefined;
}

export function pickLanguage(query, saved, browserLangs) {
  const fromUrl = langCode(readQuery(query).lang);
  if (fromUrl) return fromUrl;
  if (langCode(saved)) return langCode(saved);
  for (const candidate of browserLangs || []) if (langCode(candidate)) return langCode(candidate);
  return LANGS[0];
}

// The download text: runtime name and its real download size in MB (1 decimal,
// written as the language writes decimals: "0,9" in ru/it/pl).
export function downloadText(lang, runtime, bytes) {
  const mb = (bytes / 1e6).toFixed(1).replace(".", lang === "en" ? "." : ",");
  return (LOADING_TEXT[lang] || LOADING_TEXT.en).download
    .replace("{runtime}", runtime).replace("{mb}", mb);
}

function savedLanguage() {
  try {
    return window.localStorage.getItem(LANG_KEY) || undefined;
  } catch (e) {
    return undefined;
  }
}

// ---- Issue 17: the browser inflates MicroPython's code pack natively. The
// built SETUP.mpy names the pack (one zlib stream: a JSON [[path, size], ...]
// line, then the files) and a config without [files]; the .mpy files are
// written into MicroPython's file system from PyScript's onReady hook, before
// our code runs. Inflating and writing them in Python (the inline code's
// fallback, used where DecompressionStream is missing) cost ~100 ms of the start.
function inflate(pack) {
  const inflated = fetch(pack).then((response) => {
    if (!response.ok) throw new Error(`${pack}: HTTP ${response.status}`);
    const stream = response.body.pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer();
  });
  inflated.catch(() => {}); // reported by whoever awaits it
  return inflated;
}

function writePack(FS, buffer) {
  const data = new Uint8Array(buffer);
  const cut = data.indexOf(10);
  let at = cut + 1;
  const made = new Set(); // each folder once: a failed mkdir builds an error object
  for (const [path, size] of JSON.parse(new TextDecoder().decode(data.subarray(0, cut)))) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      if (made.has(folder)) continue;
      made.add(folder);
      try { FS.mkdir(folder); } catch (e) { /* exists */ }
    }
    FS.writeFile(path, data.subarray(at, at + size));
    at += size;
  }
}

// Issue 40: the addresses that open a game before the set-up screen is seen:
// Today's code (?puzzle=N), the Bot lab's game (#play=lab, #watch=lab) and a
// table (lostcode/web/tablemode/links.py: #table=host, #table=join, #j=, #n=).
export function gameAtOnce(loc) {
  return "puzzle" in readQuery(loc.search || "")
    || /^#(play=lab|watch=lab|table=host|table=join|j=|n=)/.test(loc.hash || "");
}

// packs: the start pack and, for a page that starts in ru/it/pl, that language's
// catalog; `game`: the game's pack, fetched when asked for. `catalogs` names
// every language's catalog pack: a later switch of language fetches its pack
// through window.lostcodeLoadCatalog (lostcode/web/main.py).
function unpackNatively(core, packs, catalogs, game) {
  const inflated = packs.map(inflate);
  let fileSystem = null;
  const loaded = {};
  // Issue 40: the game's own modules (its session, screens, computers) are a
  // pack of their own, fetched when lostcode/web/game/gameentry.py asks (once
  // the set-up screen is up, or at the first way into a game): resolves true
  // once they are in the file system, false if the pack could not come.
  // An address that opens a game at once (gameAtOnce) fetches it beside the
  // start's pack; it is written when asked for.
  let gameBuffer = game && gameAtOnce(location) ? inflate(game) : null;
  let gameLoaded = null;
  if (game) {
    document.documentElement.dataset.gamePack = "1";
    window.lostcodeLoadGame = () => {
      if (!gameLoaded) {
        gameLoaded = (gameBuffer || inflate(game)).then((buffer) => {
          writePack(fileSystem, buffer);
          return true;
        });
        gameBuffer = null;
        gameLoaded.catch(() => { gameLoaded = null; }); // offline: try again later
      }
      return gameLoaded.catch(() => false);
    };
  }
  window.lostcodeLoadCatalog = (lang) => {
    if (!catalogs[lang]) return Promise.resolve(false);
    if (!loaded[lang]) {
      loaded[lang] = inflate(catalogs[lang]).then((buffer) => {
        writePack(fileSystem, buffer);
        return true;
      });
      loaded[lang].catch(() => { delete loaded[lang]; }); // offline: try again later
    }
    return loaded[lang].catch(() => false);
  };
  document.documentElement.dataset.catalogs = Object.keys(catalogs).join(" ");
  // Resolved once core.js has run, long before the interpreter (its wasm) is
  // ready and the hooks are called.
  core.then(({ hooks }) => {
    hooks.main.onReady.add(async (wrap) => {
      fileSystem = wrap.interpreter.FS;
      for (const buffer of await Promise.all(inflated)) writePack(fileSystem, buffer);
    });
  });
}

// Issue 44 (item 12): Pyodide chosen, offline, never cached: its download
// cannot come, and the page used to say "Downloading…" for minutes. Within a
// few seconds it says so, with a button back to the default runtime (which
// the offline copy holds); nothing is lost (saved games are in this browser).
// A copy in any of the site's caches, or a server that answers, and the page
// waits for the download as before.
const PYODIDE_PROBE = "vendor/pyodide/pyodide.asm.wasm";
const PROBE_MS = 3000;

async function pyodideUnreachable() {
  const url = new URL("../" + PYODIDE_PROBE, import.meta.url);
  try {
    if (typeof caches !== "undefined" && (await caches.match(url.pathname))) return false;
  } catch (e) { /* no cache storage here: ask the network */ }
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), PROBE_MS);
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store", signal: stop.signal });
    return !response.ok;
  } catch (e) {
    return true;
  } finally {
    clearTimeout(timer);
  }
}

function offerDefaultRuntime(lang) {
  pyodideUnreachable().then((unreachable) => {
    const root = document.documentElement;
    const box = document.getElementById("load-error");
    if (!unreachable || !box || root.dataset.engine !== "loading") return;
    const text = LOADING_TEXT[lang] || LOADING_TEXT.en;
    root.dataset.runtimeProblem = "offline";
    box.hidden = false;
    box.textContent = text.offline;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary";
    button.textContent = text["use-default"];
    button.addEventListener("click", () => {
      try { window.localStorage.setItem(RUNTIME_KEY, RUNTIMES[0]); } catch (e) { /* the URL says it */ }
      const url = new URL(location.href);
      for (const k of [...url.searchParams.keys()]) if (fold(k) === "runtime") url.searchParams.delete(k);
      url.searchParams.set("runtime", RUNTIMES[0]);
      location.assign(url.href);
    });
    box.after(button);
    button.focus();
  });
}

// After the page is parsed (at once if it already is): async, this module may
// run while the parser is still in <head>.
function whenParsed(callback) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback);
  else callback();
}

// The "Python runtime" selects (data-runtime-choice): remembered, applied by a
// reload unless a game is on screen (then on the next visit; it is saved after
// every move either way).
function wireChoice(current) {
  for (const box of document.querySelectorAll("select[data-runtime-choice]")) {
    box.value = current;
    box.addEventListener("change", () => {
      try {
        window.localStorage.setItem(RUNTIME_KEY, box.value);
      } catch (e) { /* not remembered: still applied below */ }
      for (const other of document.querySelectorAll("select[data-runtime-choice]")) other.value = box.value;
      const game = document.getElementById("game");
      const status = document.getElementById("runtime-status");
      if (game && !game.hidden) {
        const said = N_("Used the next time the page is opened."); // in <html lang> (page-catalog.js)
        const catalog = (window.lostcodeCatalog || {})[document.documentElement.lang] || {};
        if (status) status.textContent = catalog[said] || said;
        return;
      }
      const url = new URL(location.href);
      for (const k of [...url.searchParams.keys()]) if (fold(k) === "runtime") url.searchParams.delete(k);
      url.searchParams.set("runtime", box.value);
      location.assign(url.href);
    });
  }
}

if (typeof document !== "undefined" && document.documentElement) {
  const runtime = pickRuntime(location.search, savedRuntime());
  const mpy = runtime === "micropython";
  document.documentElement.dataset.runtime = runtime;
  const setup = SETUP[mpy ? "mpy" : "py"];
  const lang = pickLanguage(location.search, savedLanguage(), navigator.languages || [navigator.language]);
  // boot.js shows this when PyScript reports the interpreter up (py:ready).
  window.lostcodeRunningText = LOADING_TEXT[lang].running;
  window.lostcodeLang = lang; // boot.js says its words in it until Python runs
  // Start the downloads PyScript asks for only later (after core.js, the config,
  // the interpreter) now, in parallel: the same requests then come from this preload.
  const native = setup.native && typeof DecompressionStream === "function";
  for (const href of (native ? setup.native : setup).preload || []) {
    const link = document.createElement("link");
    link.rel = href.endsWith(".mjs") ? "modulepreload" : "preload";
    if (link.rel === "preload") link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.append(link);
  }
  const main = document.createElement("script");
  main.type = mpy ? "mpy" : "py";
  if (setup.src) main.src = setup.src;
  else main.textContent = setup.code; // Python source for PyScript, not JavaScript
  main.setAttribute("config", (native ? setup.native : setup).config);
  document.head.append(main);
  // PyScript loads its plugins once per script type, and the other type's (no
  // config: all of them) too. An inert config for the other type names the
  // plugins the game never uses (the same list as our config's), so neither
  // type fetches them: five modules fewer before the interpreter starts.
  const other = document.createElement(mpy ? "py-config" : "mpy-config");
  other.setAttribute("type", "json");
  other.textContent = JSON.stringify({ plugins: UNUSED_PLUGINS });
  document.head.append(other);
  // PyScript reads the main script's config when core.js runs: only now.
  const core = import("../vendor/pyscript/core.js");
  core.catch((error) => whenParsed(() => { // boot.js shows it ("The game could not start")
    window.dispatchEvent(new ErrorEvent("error", { message: String(error && error.message || error) }));
  }));
  if (native) {
    const catalogs = setup.catalogs || {};
    unpackNatively(core, catalogs[lang] ? [setup.pack, catalogs[lang]] : [setup.pack], catalogs,
      setup.game);
  }
  whenParsed(() => {
    const label = document.getElementById("progress-label");
    if (label) {
      label.textContent = downloadText(lang, mpy ? "MicroPython" : "Pyodide",
        setup.bytes || (mpy ? 1e6 : 14e6));
    }
    wireChoice(runtime);
    if (!mpy) offerDefaultRuntime(lang);
  });
}
