// The class league's last finished league, kept in this browser (issue 26):
// the stored value's limits, packing its records, and reading it back as
// untrusted text (assets/lab-league.js keeps and restores it).
import { deflateSync, Inflate } from "../vendor/fflate/browser.js";

export const MAX_BOTS = 40; // lostcode/player/league.py MAX_ENTRANTS
export const MAX_DEALS = 50; // MAX_DEALS there
export const MAX_SEED = 2 ** 53 - 1; // lostcode/rules/rng.py
// The last finished league (its names, settings, standings, head to head,
// games and records), kept so a reloaded projector page shows it again. At
// most MAX_KEPT characters, measured before it is parsed. The records (about
// 2 kB a game) are kept deflated (fflate, as a shared link), in base64: a
// class of 30 in 2-player games (870 games) fits; they are left out first
// when the whole would be larger (then its games cannot be watched after a
// reload). Read as the other stored values are (jsonlimits:
// size, strict JSON, depth, then its shape), so a damaged value is set aside
// with a note and never stops the lab from starting.
export const KEPT_KEY = "lostcode.lab.league.last";
export const KEPT_VERSION = 1;
export const MAX_KEPT = 1000000; // characters (UTF-16 units), about 2 MB of this browser's ~5 MB
export const MAX_DEPTH = 32; // lostcode/services/jsonlimits.py MAX_DEPTH
export const MAX_GAMES = 20000; // lostcode/player/league.py MAX_GAMES
export const MAX_DETAIL = 300; // characters of a forfeit's detail kept per game
export const MAX_RECORDS_BYTES = 64 * 1024 * 1024; // the kept records once inflated: never more

// Text -> base64 of its raw DEFLATE (UTF-8).
export function pack(text) {
  const z = deflateSync(new TextEncoder().encode(text), { level: 6 });
  let bin = "";
  for (let i = 0; i < z.length; i += 0x8000) bin += String.fromCharCode(...z.subarray(i, i + 0x8000));
  return btoa(bin);
}

// pack()'s text again, or null when it is not what pack() made: inflated
// with a limit (a small damaged value cannot grow into gigabytes), strict UTF-8.
export function unpack(b64) {
  try {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const parts = [];
    let total = 0;
    let done = false;
    const inflater = new Inflate((chunk, final) => {
      total += chunk.length;
      if (total > MAX_RECORDS_BYTES) throw new Error("too large");
      parts.push(chunk);
      if (final) done = true;
    });
    for (let i = 0; i < data.length || i === 0; i += 65536) {
      inflater.push(data.subarray(i, i + 65536), i + 65536 >= data.length);
    }
    if (!done) return null;
    const out = new Uint8Array(total);
    let at = 0;
    for (const part of parts) { out.set(part, at); at += part.length; }
    return new TextDecoder("utf-8", { fatal: true }).decode(out);
  } catch {
    return null;
  }
}

// True only if `text` is now stored under `key` (assets/boot.js lostcodeStore:
// a refused write does not throw everywhere); a failed write changes nothing.
export function storeText(key, text) {
  try {
    window.localStorage.setItem(key, text);
    return window.localStorage.getItem(key) === text;
  } catch {
    return false;
  }
}

const isInt = (x, lo, hi) => Number.isSafeInteger(x) && x >= lo && x <= hi;
const isText = (x, max) => typeof x === "string" && x.length <= max;

// The kept league's shape, checked before anything draws it: why not, or "".
function keptProblem(k) {
  if (!k || typeof k !== "object" || k.v !== KEPT_VERSION) return "another version";
  if (!isText(k.at, 40) || Number.isNaN(Date.parse(k.at))) return "time";
  if (!isInt(k.seed, 0, MAX_SEED) || !isInt(k.deals, 1, MAX_DEALS)) return "settings";
  if (!Array.isArray(k.sizes) || !k.sizes.length || !k.sizes.every((x) => isInt(x, 2, 4))) return "players";
  const names = k.names;
  if (!Array.isArray(names) || names.length < 2 || names.length > MAX_BOTS
    || !names.every((x) => isText(x, 100))) return "names";
  const n = names.length;
  if (!Array.isArray(k.games) || k.games.length > MAX_GAMES) return "games";
  for (const g of k.games) {
    if (!g || !isInt(g.game, 0, MAX_GAMES) || !Array.isArray(g.seats) || !isInt(g.seats.length, 2, 4)
      || !g.seats.every((e) => isInt(e, 0, n - 1))) return "game";
    const s = g.summary;
    const p = g.seats.length;
    if (!s || !Array.isArray(s.scores) || s.scores.length !== p || !s.scores.every((x) => isInt(x, -1e6, 1e6))
      || typeof s.finished !== "boolean" || typeof s.tie !== "boolean"
      || !(s.winner === null || isInt(s.winner, 0, p - 1))) return "game";
    const f = s.forfeit;
    if (f !== null && !(f && isInt(f.seat, 0, p - 1) && isText(f.reason, 40) && isText(f.detail, MAX_DETAIL))) {
      return "forfeit";
    }
  }
  const r = k.result;
  if (!r || !Array.isArray(r.standings) || r.standings.length !== n) return "standings";
  for (const row of r.standings) {
    if (!row || !isText(row.bot, 100) || !isText(row.mean_text, 20) || !isText(row.spread_text, 20)
      || !isText(row.forfeit_reason, 40) || !isText(row.forfeit_detail, 200)
      || ![row.rank, row.wins, row.forfeits, row.games].every((x) => isInt(x, 0, MAX_GAMES))) return "standings";
  }
  const beat = r.head_to_head;
  if (!Array.isArray(beat) || beat.length !== n
    || !beat.every((row) => Array.isArray(row) && row.length === n && row.every((x) => isInt(x, 0, MAX_GAMES)))) {
    return "head to head";
  }
  const csv = r.csv;
  if (!csv || !["standings", "games", "head_to_head"].every((c) => isText(csv[c], MAX_KEPT))) return "csv";
  if (!(k.records === null || isText(k.records, MAX_KEPT))) return "records";
  if (!(k.seconds === null || k.seconds === undefined || (typeof k.seconds === "number" && k.seconds >= 0))) {
    return "seconds";
  }
  return "";
}

// The stored text as the one reader reads it (lostcode/services/jsonlimits.py
// loads_limited, in JavaScript as assets/lab-worker.js reads a request): its
// size before anything else, strict JSON, its depth, then its shape.
export function readKept(text) {
  if (text.length > MAX_KEPT) return { problem: "lg-kept-big" };
  let value;
  try { value = JSON.parse(text); } catch { return { problem: "lg-kept-bad" }; }
  const stack = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (depth > MAX_DEPTH) return { problem: "lg-kept-bad" };
    for (const key in v) stack.push([v[key], depth + 1]);
  }
  if (keptProblem(value)) return { problem: "lg-kept-bad" };
  return { value };
}
