// A bot shared by link (issue 26): its code, name and author, compressed into
// the link's fragment, lab.html#bot=v1.<base64url>. The fragment is never sent
// to a server (browsers keep everything after # to themselves), so the code
// goes from one browser to the other through the link alone.
//
// Payload: UTF-8 "name\nauthor\ncode", raw DEFLATE (fflate, vendored from npm),
// after a CRC-32 of the payload (4 bytes, big-endian), in base64url. A link is
// read whole or not at all: another version's tag, a damaged base64, a stream
// that does not inflate, more than MAX_CODE_BYTES once inflated (checked while
// inflating, so a small link cannot grow into gigabytes) or a checksum that
// does not match are each refused with a message, and nothing is loaded. A
// link never runs anything: the page loads the code into the editor, says
// whose it is, and runs it only when the student presses Run.
//
// botFromLink(link) is the one reader: the lab's editor uses it, and so can the
// league panel (window.lab.botFromLink, or import it from this module).
import { deflateSync, Inflate } from "../vendor/fflate/browser.js";

export const VERSION = "v1";
// Longest link the lab offers. Links are pasted into chat apps, e-mail and
// school platforms; 2,000 characters is the length that old browsers (2,083 in
// Internet Explorer), sitemaps (2,048) and many chat and mail tools are known
// to keep whole, and a QR code of it is still readable. A longer bot is shared
// as its .py file.
export const MAX_LINK_CHARS = 2000;
export const MAX_CODE_BYTES = 200000; // as a loaded .py file (assets/lab.js loadFile)
export const MAX_NAME_CHARS = 40;
// A fragment longer than this is not even decoded (MAX_CODE_BYTES of code
// deflates to far less).
const MAX_FRAGMENT_CHARS = 300000;

// A link that cannot be used: `key` names its message in assets/lab-i18n.js.
export class ShareError extends Error {
  constructor(key, params = {}) {
    super(key);
    this.name = "ShareError";
    this.key = key;
    this.params = params;
  }
}

// A refused link in the page's words (`t`: its translate).
export function shareErrorText(err, t) {
  if (err instanceof ShareError) return t(err.key, { max: MAX_LINK_CHARS, ...err.params });
  return t("link-damaged");
}

let crcTable = null;
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new ShareError("link-damaged");
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

// A name or author as the page may show it: one line, no control characters
// and no direction overrides (they could make a name read as another), short.
export function cleanName(text) {
  // eslint-disable-next-line no-control-regex
  return String(text || "").replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ").trim().slice(0, MAX_NAME_CHARS);
}

// The fragment value of a link: "v1.<base64url>".
export function encodeBot({ name, author, code }) {
  const payload = new TextEncoder().encode(cleanName(name) + "\n" + cleanName(author) + "\n" + code);
  const packed = deflateSync(payload, { level: 9, mem: 8 });
  const out = new Uint8Array(4 + packed.length);
  new DataView(out.buffer).setUint32(0, crc32(payload));
  out.set(packed, 4);
  return VERSION + "." + toBase64url(out);
}

// The whole link for the page at `base` (location.href by default, its fragment replaced).
export function linkFor(bot, base = location.href) {
  return String(base).split("#")[0] + "#bot=" + encodeBot(bot);
}

function inflateLimited(data, limit) {
  const parts = [];
  let total = 0;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > limit) throw new ShareError("link-too-big", { max: limit });
    parts.push(chunk);
    if (final) done = true;
  });
  try {
    for (let i = 0; i < data.length || i === 0; i += 512) {
      inflater.push(data.subarray(i, i + 512), i + 512 >= data.length);
    }
  } catch (err) {
    if (err instanceof ShareError) throw err;
    throw new ShareError("link-damaged");
  }
  if (!done) throw new ShareError("link-damaged");
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

// {name, author, code} from a fragment value "v1.<base64url>"; ShareError otherwise.
export function decodeBot(value) {
  const text = String(value || "");
  if (text.length > MAX_FRAGMENT_CHARS) throw new ShareError("link-too-big", { max: MAX_CODE_BYTES });
  const m = /^v(\d{1,6})\.(.*)$/s.exec(text);
  if (!m) throw new ShareError("link-damaged");
  if ("v" + m[1] !== VERSION) {
    throw new ShareError(Number(m[1]) > Number(VERSION.slice(1)) ? "link-newer" : "link-old");
  }
  const bytes = fromBase64url(m[2]);
  if (bytes.length < 5) throw new ShareError("link-damaged");
  const expected = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const payload = inflateLimited(bytes.subarray(4), MAX_CODE_BYTES + 2 * 4 * MAX_NAME_CHARS + 2);
  if (crc32(payload) !== expected) throw new ShareError("link-damaged");
  let all;
  try {
    all = new TextDecoder("utf-8", { fatal: true }).decode(payload);
  } catch {
    throw new ShareError("link-damaged");
  }
  const first = all.indexOf("\n");
  const second = all.indexOf("\n", first + 1);
  if (first < 0 || second < 0) throw new ShareError("link-damaged");
  const name = all.slice(0, first);
  const author = all.slice(first + 1, second);
  if (cleanName(name) !== name || cleanName(author) !== author) throw new ShareError("link-damaged");
  return { name, author, code: all.slice(second + 1) };
}

// The bot in a link (a whole URL, or just its fragment): {name, author, code},
// null when the link holds no bot, or ShareError. The lab's own links of
// before issue 26 (#code=, uncompressed and unchecked) are refused as "old".
export function botFromLink(link) {
  const hash = String(link || "").includes("#") ? String(link).slice(String(link).indexOf("#")) : "";
  const bot = /(?:^#|&)bot=([^&]*)/.exec(hash);
  if (bot) return decodeBot(decodeURIComponent(bot[1]));
  if (/(?:^#|&)code=/.test(hash)) throw new ShareError("link-old");
  return null;
}
