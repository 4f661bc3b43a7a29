// Service worker of The Lost Code: makes the *built* site (tools/build_site.py)
// work offline and switch deploys atomically.
//
// - Precache: the shell and the DEFAULT runtime (MicroPython, ~2 MB) are
//   fetched with their SRI hashes into ONE cache named after a hash of every
//   file of this version. cache.addAll is all-or-nothing, and the integrity
//   check refuses a stale file from an HTTP/CDN cache, so a cache never holds
//   a mixed old/new set.
// - LAZY: the other runtime's files (Pyodide, ~14 MB) are not precached: a
//   player who never picks it never downloads it. The first time the page
//   asks for one, it is fetched with its SRI hash and put into the same
//   version's cache, so it works offline from then on.
// - A failed install (a file missing, or changed without a rebuild so its hash
//   no longer matches: a partial deploy) deletes the half-filled cache and
//   fails, so the browser tries again on the next visit; assets/pwa.js shows
//   it (data-sw="failed" and a line in the display settings).
// - Fetch: same-origin GETs are answered from that single cache (query
//   strings ignored, "dir/" means "dir/index.html"), else from the network;
//   each answer made of bytes checked against the build's hashes (below).
// - Issue 44: the cache answers only with the site's own files. An entry is
//   served only if its path is in this build's lists and its bytes have the
//   hash listed for it; any other entry (put there by a script of this
//   origin, e.g. caches.put of another index.html) is refused, deleted and
//   fetched again from the network with its hash (fromCache()). Every answer
//   is this handler's, made of checked bytes with the type its path names
//   (answer()): no header of a cached entry is passed on (a poisoned entry
//   with the right bytes and "Refresh: 0; url=..." had sent the page away),
//   and the browser answers nothing from the cache by itself (issue 26's
//   static routes let it serve an entry poisoned after the last check).
//   Checked bytes are kept in memory for this worker's life, so a file is
//   hashed once per start-up, not on each request. Each page load also sweeps
//   the cache of entries no list of this build names.
// - skipWaiting + clients.claim: a new deploy takes over on the next visit;
//   assets/pwa.js reloads the page when the controller changes, so a page
//   never runs half on the old and half on the new version.
// - Activate deletes this scope's older caches (other sites on the same
//   origin, e.g. other GitHub Pages projects, have other prefixes). Saved
//   games live in localStorage, which no cache change touches.
//
// In the repository (dev server) this file is the template: VERSION "dev" and
// PRECACHE null make it a no-op that intercepts nothing and deletes any
// caches a built version left behind on the same origin.

// BUILD:BEGIN (tools/build_site.py replaces this block)
const VERSION = "dev";
const PRECACHE = null; // [[url relative to this file, "sha256-..."], ...]
const LAZY = []; // the same, for files cached the first time they are used
// BUILD:END

const PREFIX = "lostcode:" + new URL(self.registration.scope).pathname + ":";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  self.skipWaiting();
  if (!PRECACHE) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        await cache.addAll(
          // "no-cache": revalidate (a 304 reuses the bytes the page just
          // downloaded), never trust a possibly stale HTTP cache blindly.
          PRECACHE.map(([url, integrity]) => new Request(url, { cache: "no-cache", integrity })),
        );
      } catch (error) {
        await caches.delete(CACHE); // no empty or partial cache left behind
        throw error; // install fails: the worker is discarded, the next visit retries
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

// The cache is opened once per worker start-up and looked up by exact path
// (not with ignoreSearch, which makes Chromium scan every entry, on each of
// the ~50 requests of a start-up).
let versionCache = null;

function openVersionCache() {
  if (!versionCache) {
    versionCache = caches.has(CACHE).then((found) => (found ? caches.open(CACHE) : null));
    versionCache.then((cache) => cache || (versionCache = null));
  }
  return versionCache;
}

// path (from the site root, as the page requests it) -> SRI hash, for LAZY files.
const lazyHashes = new Map(
  (LAZY || []).map(([url, integrity]) => [new URL(url, self.location.href).pathname, integrity]),
);

// path -> SRI hash of every file of this build: the only entries the cache may answer with.
const hashes = new Map([
  ...(PRECACHE || []).map(([url, integrity]) => [new URL(url, self.location.href).pathname, integrity]),
  ...lazyHashes,
]);

async function sriOf(blob) {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  let bin = "";
  for (const byte of new Uint8Array(digest)) bin += String.fromCharCode(byte);
  return "sha256-" + btoa(bin);
}

// The type each of the site's files is answered with (tools/serve.py's).
const TYPES = {
  html: "text/html; charset=utf-8", js: "text/javascript", mjs: "text/javascript",
  css: "text/css; charset=utf-8", json: "application/json", wasm: "application/wasm",
  webmanifest: "application/manifest+json", zip: "application/zip", svg: "image/svg+xml",
  png: "image/png", py: "text/x-python; charset=utf-8", txt: "text/plain; charset=utf-8",
  toml: "text/plain; charset=utf-8", woff2: "font/woff2",
};

function answer(key, body) {
  const type = TYPES[key.split("/").pop().split(".").pop()] || "application/octet-stream";
  return new Response(body, { status: 200, headers: { "Content-Type": type } });
}

// key -> Blob of the build's bytes, checked against the hash, for this worker's life.
const verified = new Map();

// The build's bytes for `key` (a Blob), or null: from memory, else from the
// cache if they have the hash listed for the path, else (a foreign or changed
// entry, deleted; or a lazy file not cached yet) from the network, checked
// against the hash and put into the cache.
async function fromCache(cache, key) {
  const kept = verified.get(key);
  if (kept) return kept;
  const integrity = hashes.get(key);
  const hit = await cache.match(key);
  if (hit) {
    const body = await hit.blob();
    if (integrity && (await sriOf(body)) === integrity) {
      verified.set(key, body);
      return body;
    }
    await cache.delete(key);
    return integrity ? fetchInto(cache, key, integrity, "reload") : null;
  }
  const lazy = lazyHashes.get(key);
  return lazy ? fetchInto(cache, key, lazy, "no-cache") : null;
}

// The build's file for `key` from the network, checked against its hash and
// put into the cache; null if it cannot come (offline, or the server's file is
// not this build's: a partial deploy), and then nothing is cached.
async function fetchInto(cache, key, integrity, mode) {
  try {
    const response = await fetch(new Request(key, { cache: mode, integrity }));
    if (response.ok) {
      const body = await response.blob();
      await cache.put(key, answer(key, body));
      verified.set(key, body);
      return body;
    }
  } catch (error) {
    // the network decides
  }
  return null;
}

// After a page load (once per SWEEP_MS in this worker's life: it lives ~30 s
// after the last request; in a quiet moment) the cache is cleared of what no
// list of this build names and its precached entries are checked, so a
// poisoned one is deleted and fetched again even while this worker answers
// from memory. Not awaited: every answer is checked by fromCache() anyway.
const SWEEP_MS = 60000;
let sweeping = null;
let sweptAt = -Infinity;

function sweep(cache) {
  if (sweeping || Date.now() - sweptAt < SWEEP_MS) return sweeping || Promise.resolve();
  sweptAt = Date.now();
  sweeping = (async () => {
    await quiet(); // after the page has loaded what it needs
    for (const request of await cache.keys()) {
      const key = new URL(request.url).pathname;
      const integrity = hashes.get(key);
      if (integrity && lazyHashes.has(key)) continue; // (megabytes: checked when used)
      const hit = integrity && (await cache.match(key));
      if (hit && (await sriOf(await hit.blob())) === integrity) continue;
      await cache.delete(request);
      if (integrity) await fetchInto(cache, key, integrity, "reload");
    }
  })().catch(() => {}).finally(() => { sweeping = null; });
  return sweeping;
}

async function cacheFirst(request) {
  const cache = await openVersionCache();
  const url = new URL(request.url);
  const key = url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname;
  if (cache) {
    const body = await fromCache(cache, key); // by path: the query string never selects a file
    if (body) return answer(key, body);
  }
  return fetch(request);
}

// Issue 26: the offline copy of the lazy runtime (~13 MB to download, hash and
// write) is made only while no page or worker of the site is fetching: a page
// opened while it is being made (the lab again, right after its first run)
// would otherwise start ~150 ms slower on a 2-core machine. QUIET_MS after the
// last request, the site has loaded what it needs.
const QUIET_MS = 1500;
let lastFetch = 0;

function quiet() {
  return new Promise((resolve) => {
    const check = () => {
      const wait = lastFetch + QUIET_MS - Date.now();
      if (wait <= 0) resolve();
      else setTimeout(check, wait);
    };
    check();
  });
}

self.addEventListener("fetch", (event) => {
  if (!PRECACHE) return;
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  lastFetch = Date.now();
  if (request.mode === "navigate") event.waitUntil(openVersionCache().then((cache) => cache && sweep(cache)));
  event.respondWith(cacheFirst(request));
});

// The Bot lab runs Pyodide in workers that may start before this worker
// controls the page: it asks for the lazy runtime to be cached outright (in
// quiet moments: see quiet()).
async function cacheLazy() {
  const cache = await openVersionCache();
  if (!cache) return false;
  for (const [url, integrity] of LAZY || []) {
    const key = new URL(url, self.location.href).pathname;
    if (await cache.match(key)) continue;
    await quiet();
    const response = await fetch(new Request(key, { cache: "no-cache", integrity }));
    if (!response.ok) return false;
    const body = await response.blob(); // downloaded and checked against its hash
    await quiet(); // then written, if no page began loading meanwhile
    if (await cache.match(key)) continue; // a page needed it meanwhile: cacheFirst put it
    await cache.put(key, new Response(body, { status: response.status, headers: response.headers }));
  }
  return true;
}

self.addEventListener("message", (event) => {
  if (event.data === "version" && event.source) event.source.postMessage({ version: VERSION });
  if (event.data === "cache-lazy" && event.source) {
    const source = event.source;
    event.waitUntil(
      cacheLazy()
        .catch(() => false)
        .then((ok) => source.postMessage({ lazyCached: ok })),
    );
  }
});
