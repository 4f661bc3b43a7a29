// Table mode's page bridge (issue 23): data channels for lostcode/web/tablemode/tablepage.py.
// Python asks for an offer per seat (host) or an answer to a join code
// (guest); this module keeps the RTCPeerConnections and data channels and
// hands every message, opening and closing to Python's callbacks as
// (channel id, text). Star shape: a guest has one channel, to the host.
import * as L from "./link.js";
import * as N from "./net.js";

// Table mode's own few styles (the game's stylesheet stays as it is).
const sheet = document.createElement("link");
sheet.rel = "stylesheet";
sheet.href = new URL("./table.css", import.meta.url).href;
document.head.append(sheet);

const channels = new Map(); // id -> RTCDataChannel
const peers = new Map(); // seat -> the host's latest offer {pc, channel, accept, id}
let handlers = null;
let opened = 0;

function wire(id, channel, pc) {
  channels.set(id, channel);
  // A tab closed or a phone gone: the channel may never say "close"; the
  // connection's state does, once ICE consent fails.
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" && channels.get(id) === channel) {
      channels.delete(id);
      if (handlers) handlers.close(id);
    }
  });
  channel.addEventListener("open", () => handlers && handlers.open(id));
  channel.addEventListener("message", (e) => handlers && handlers.message(id, String(e.data)));
  channel.addEventListener("close", () => {
    if (channels.get(id) !== channel) return; // an older channel of this id: already replaced
    channels.delete(id);
    if (handlers) handlers.close(id);
  });
  if (channel.readyState === "open" && handlers) handlers.open(id);
}

function randomToken() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return L.b64uEncode(bytes);
}

// QR codes: qrcode-generator and jsQR, pinned in package.json and served from
// vendor/ (tools/vendor.py); loaded only when a code is drawn or scanned.
let qrcodeLib = null;
function qrcode() {
  if (!qrcodeLib) {
    qrcodeLib = import("../../vendor/qrcode/qrcode.mjs").then((m) => m.default).catch(() => null);
  }
  return qrcodeLib;
}

const SVG = "http://www.w3.org/2000/svg";

// `text` as a QR code (an <svg>) appended to `parent`; false if the library is missing.
async function drawQr(text, parent, label) {
  const make = await qrcode();
  if (!make) return false;
  const qr = make(0, "L");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const size = n + 8; // a quiet zone of 4 modules
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("width", "240");
  svg.setAttribute("height", "240");
  svg.setAttribute("class", "table-qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const bg = document.createElementNS(SVG, "rect");
  bg.setAttribute("width", String(size));
  bg.setAttribute("height", String(size));
  bg.setAttribute("fill", "#fff");
  svg.append(bg);
  let d = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(path);
  parent.append(svg);
  return true;
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = src;
    s.addEventListener("load", resolve);
    s.addEventListener("error", reject);
    document.head.append(s);
  });
}

// A decoder of one video frame: the browser's BarcodeDetector where present,
// jsQR on a canvas otherwise.
async function frameReader(video) {
  if ("BarcodeDetector" in window) {
    try {
      const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      return async () => {
        const found = await detector.detect(video);
        return found.length ? found[0].rawValue : null;
      };
    } catch (e) { /* no QR support in this detector: jsQR below */ }
  }
  if (!window.jsQR) await loadScript(new URL("../../vendor/jsqr/jsQR.js", import.meta.url).href);
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return async () => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!w || !h) return null;
    canvas.width = w;
    canvas.height = h;
    ctx.drawImage(video, 0, 0, w, h);
    const found = window.jsQR(ctx.getImageData(0, 0, w, h).data, w, h);
    return found ? found.data : null;
  };
}

let scanning = null;

// The camera in `video` until a QR code is read: resolves to its text ("" if
// stopped); rejects with the camera's error (no permission, no camera).
async function scan(video) {
  stopScan();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  const job = { stream, stopped: false };
  scanning = job;
  video.srcObject = stream;
  video.setAttribute("playsinline", "");
  await video.play();
  const read = await frameReader(video);
  try {
    while (!job.stopped) {
      const text = await read();
      if (text) return text;
      await new Promise((r) => setTimeout(r, 150));
    }
    return "";
  } finally {
    for (const t of stream.getTracks()) t.stop();
    if (scanning === job) scanning = null;
  }
}

function stopScan() {
  if (scanning) scanning.stopped = true;
}

// Internet play (issue 41, net.js): the relays this page is connected to.
let relays = null;
let guestLink = null; // the guest's link {seat, key, token}
let guestJob = null;
let joining = null; // [link text, the netJoin promise]

async function connectRelays() {
  if (relays) return relays;
  const r = new N.Relays();
  if (await r.connect()) relays = r;
  else r.close();
  return relays;
}

function guestTry() {
  if (guestJob) guestJob.stop();
  const job = N.guestJoin(relays, guestLink);
  guestJob = job;
  job.then((got) => {
    if (got && guestJob === job) wire("host", got.channel, got.pc);
  }).catch(() => {});
}

// Copy `text`: the clipboard where the page may write it, else a selection copied.
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    const t = document.createElement("textarea");
    t.value = text;
    t.setAttribute("aria-hidden", "true");
    t.style.position = "fixed";
    t.style.opacity = "0";
    document.body.append(t);
    t.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (e2) { /* no copy at all: the text stays on screen to select */ }
    t.remove();
    return ok;
  }
}

window.lostcodeTable = {
  drawQr,
  copy,
  canShare() {
    return typeof navigator.share === "function";
  },
  share(text, title) {
    return navigator.share({ title, url: text }).then(() => true, () => false);
  },
  // Internet play: how many relays the site lists (0: same-Wi-Fi codes only).
  async netRelays() {
    return (await N.config()).relays.length;
  },
  netKey: N.randomKey,
  netLink(seat, key, token) {
    return location.origin + location.pathname + "#n=" + N.makeLink(seat, key, token);
  },
  // The host: listen for every seat's guests on the relays; seats is JSON
  // [[seat, key, token], ...]. Resolves to true once a relay is reached.
  async netHost(seats) {
    const r = await connectRelays();
    if (!r) return false;
    for (const [seat, key, token] of JSON.parse(seats)) {
      await N.hostSeat(r, seat, key, token, (s, channel, pc) => {
        opened += 1;
        wire("n" + s + "-" + opened, channel, pc);
      });
    }
    return true;
  },
  // The guest: a link's #n= part; resolves to JSON {seat, token} once its
  // offer is out, {error: "link"} or {error: "relay"}.
  // The same link again (assets/boot.js started it before Python was ready)
  // gets the first try's answer.
  netJoin(text) {
    if (joining && joining[0] === text) return joining[1];
    const job = (async () => {
      try {
        guestLink = N.readLink(text);
      } catch (e) {
        return JSON.stringify({ error: "link" });
      }
      if (!(await connectRelays())) return JSON.stringify({ error: "relay" });
      guestTry();
      return JSON.stringify({ seat: guestLink.seat, token: guestLink.token });
    })();
    joining = [text, job];
    job.then((reply) => {
      if (JSON.parse(reply).error && joining && joining[1] === job) joining = null; // may try again
    });
    return job;
  },
  // Whether channel `id` is open now (a guest's may open before Python is ready).
  isOpen(id) {
    const ch = channels.get(id);
    return Boolean(ch && ch.readyState === "open");
  },
  // The guest after a drop: a fresh offer, sent until the host answers.
  netRejoin() {
    if (relays && guestLink) guestTry();
  },
  scan(video) {
    return scan(video).catch((e) => "!" + String((e && e.name) || e));
  },
  stopScan,
  bind(open, message, close) {
    handlers = { open, message, close };
  },
  token: randomToken,
  // The host: a fresh offer for `seat`; resolves to its code. An earlier
  // offer for the seat that never connected is dropped; a connected one stays
  // until its channel closes (the new code lets its player rejoin at once).
  async offer(seat, token) {
    const old = peers.get(seat);
    if (old && old.channel.readyState !== "open") old.pc.close();
    const h = await L.hostOffer(seat, token);
    peers.set(seat, h);
    opened += 1;
    wire("s" + seat + "-" + opened, h.channel, h.pc);
    return h.code;
  },
  // The host: the guest's answer for `seat`; resolves to "" or what is wrong.
  async accept(seat, code) {
    const h = peers.get(seat);
    if (!h) return "no offer";
    try {
      await h.accept(String(code).trim());
      return "";
    } catch (e) {
      return String((e && e.message) || e);
    }
  },
  // The guest: resolves to JSON {code, seat, token} of its answer, or {error}.
  async answer(offerCode) {
    try {
      const g = await L.guestAnswer(String(offerCode).trim());
      g.channel.then((ch) => wire("host", ch, g.pc));
      return JSON.stringify({ code: g.code, seat: g.seat, token: g.token });
    } catch (e) {
      return JSON.stringify({ error: String((e && e.message) || e) });
    }
  },
  send(id, text) {
    const ch = channels.get(id);
    if (!ch || ch.readyState !== "open") return false;
    ch.send(text);
    return true;
  },
  link(code) {
    return location.origin + location.pathname + "#j=" + code;
  },
};
