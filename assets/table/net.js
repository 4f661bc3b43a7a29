// Table mode across the internet (issue 41): phones in different homes meet on
// public MQTT brokers (over secure WebSocket) to exchange their WebRTC offer
// and answer, then talk directly over a data channel, as on one Wi-Fi. No
// server of ours: the brokers and the STUN servers are public ones, listed in
// assets/table/network.json (the site owner's one configuration; a link can
// never name a relay).
//
// A seat's link:  index.html#n=1S.KEY.TOKEN
//   1      the link format's version
//   S      the seat (one digit)
//   KEY    16 random bytes, base64url: the seat's AES-GCM key. It exists only
//          in the link's #fragment (never sent to any server) and in the
//          host's page.
//   TOKEN  the seat's secret (lostcode/table/host.py checks it at the join)
// The topic both phones use is derived from KEY by SHA-256, so a relay sees
// a random name, never the key. Everything published is AES-GCM encrypted
// with KEY (a fresh 12-byte IV per message; the direction is the additional
// data, so a relay cannot reflect the host's message back to it); a relay sees
// the topic, the sizes and times of a few messages, and the phones' internet
// addresses, never an SDP, a candidate, a token or a move.
//
// Signalling: the guest makes the offer (with its data channel) and publishes
// it with a random nonce; the host answers it with an answer for that nonce.
// Non-trickle: each side waits for ICE gathering (host and STUN candidates)
// before publishing. The guest publishes its offer again every few seconds
// until the channel opens (the host may be reloading); the host answers a
// nonce once and repeats the same answer for a repeat.
import { b64uDecode, b64uEncode } from "./link.js";

export const LINK_VERSION = "1";
const GATHER_MS = 2500;
const RESEND_MS = 3000;
const MAX_MESSAGE = 16384; // characters of one published message (an SDP is ~0.5-2 KB)
const enc = new TextEncoder();
const dec = new TextDecoder();

let configPromise = null;

// The site's network configuration (assets/table/network.json).
export function config() {
  if (!configPromise) {
    configPromise = fetch(new URL("./network.json", import.meta.url).href, { cache: "no-cache" })
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({}))
      .then((c) => ({
        relays: Array.isArray(c.relays) ? c.relays.filter((u) => /^wss?:\/\//.test(u)) : [],
        stun: Array.isArray(c.stun) ? c.stun.filter((u) => /^stuns?:/.test(u)) : [],
        connectMs: Number(c.connect_ms) > 0 ? Number(c.connect_ms) : 6000,
      }));
  }
  return configPromise;
}

async function iceServers() {
  const c = await config();
  return c.stun.length ? [{ urls: c.stun }] : [];
}

// --- the link --------------------------------------------------------------------

export function randomKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return b64uEncode(bytes);
}

export function makeLink(seat, key, token) {
  return LINK_VERSION + String(seat) + "." + key + "." + token;
}

// {seat, key, token} of a link's #n= part; throws on anything else.
export function readLink(text) {
  const parts = String(text).trim().split(".");
  if (parts.length !== 3 || parts[0].length !== 2 || parts[0][0] !== LINK_VERSION) {
    throw new Error("not a table link");
  }
  const seat = Number(parts[0][1]);
  if (!(seat >= 1 && seat <= 3)) throw new Error("not a table link");
  if (b64uDecode(parts[1]).length !== 16) throw new Error("not a table link");
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(parts[2])) throw new Error("not a table link");
  return { seat, key: parts[1], token: parts[2] };
}

// --- crypto ----------------------------------------------------------------------

export async function seatCrypto(keyText) {
  const raw = b64uDecode(keyText);
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  const label = enc.encode("lostcode table topic 1");
  const both = new Uint8Array(label.length + raw.length);
  both.set(label);
  both.set(raw, label.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", both));
  return { key, topic: "lostcode/t1/" + b64uEncode(digest.slice(0, 16)) };
}

export async function seal(key, direction, obj) {
  const iv = new Uint8Array(12);
  crypto.getRandomValues(iv);
  const data = enc.encode(JSON.stringify(obj));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: enc.encode(direction) }, key, data);
  return b64uEncode(iv) + "." + b64uEncode(new Uint8Array(ct));
}

// The message's object, or null for anything not sealed with this key and direction.
export async function unseal(key, direction, text) {
  try {
    if (text.length > MAX_MESSAGE) return null;
    const [iv, ct] = text.split(".");
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: b64uDecode(iv), additionalData: enc.encode(direction) },
      key,
      b64uDecode(ct),
    );
    const obj = JSON.parse(dec.decode(plain));
    return obj && typeof obj === "object" ? obj : null;
  } catch (e) {
    return null;
  }
}

// --- the relays --------------------------------------------------------------------

let mqttLib = null;
function mqtt() {
  if (!mqttLib) mqttLib = import("../../vendor/mqtt/mqtt.esm.js").then((m) => m.default);
  return mqttLib;
}

// Every listed broker at once: a message is published on each one connected
// and read from any (repeats are dropped by the receiver). Resolves once one
// broker is connected, to null if none connects within the configured time.
export class Relays {
  constructor() {
    this.clients = [];
    this.handlers = new Map(); // topic -> fn(text)
    this.seen = new Set();
  }

  async connect() {
    const c = await config();
    if (!c.relays.length) return null;
    let lib;
    try {
      lib = await mqtt();
    } catch (e) {
      return null;
    }
    return new Promise((resolve) => {
      let done = false;
      const finish = (v) => {
        if (!done) {
          done = true;
          resolve(v);
        }
      };
      setTimeout(() => finish(this.clients.some((x) => x.connected) ? this : null), c.connectMs);
      for (const url of c.relays) {
        let client;
        try {
          client = lib.connect(url, {
            clientId: "lc" + randomKey().slice(0, 16),
            clean: true,
            connectTimeout: c.connectMs,
            reconnectPeriod: 2000,
            keepalive: 30,
          });
        } catch (e) {
          continue;
        }
        this.clients.push(client);
        client.on("error", () => {});
        client.on("connect", () => {
          for (const topic of this.handlers.keys()) client.subscribe(topic);
          finish(this);
        });
        client.on("message", (topic, payload) => {
          const text = dec.decode(payload);
          const h = this.handlers.get(topic);
          if (!h || this.seen.has(text)) return;
          this.seen.add(text);
          if (this.seen.size > 500) this.seen = new Set();
          h(text);
        });
      }
    });
  }

  listen(topic, fn) {
    this.handlers.set(topic, fn);
    for (const c of this.clients) if (c.connected) c.subscribe(topic);
  }

  publish(topic, text) {
    for (const c of this.clients) if (c.connected) c.publish(topic, text);
  }

  close() {
    for (const c of this.clients) c.end(true);
    this.clients = [];
  }
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

// --- the host ----------------------------------------------------------------------

// The host listens on a seat's topic: each new guest offer carrying the
// seat's token gets an answer; `onChannel(seat, channel, pc)` gets the data
// channel the guest opened.
export async function hostSeat(relays, seat, keyText, token, onChannel) {
  const { key, topic } = await seatCrypto(keyText);
  const answered = new Map(); // nonce -> the sealed answer (a repeat gets the same)
  relays.listen(topic + "/h", async (text) => {
    const msg = await unseal(key, "to-host", text);
    if (!msg || msg.k !== "offer" || typeof msg.n !== "string" || typeof msg.sdp !== "string") return;
    if (msg.token !== token || msg.seat !== seat) return; // the token is checked again at the join
    if (answered.has(msg.n)) {
      const sealed = await answered.get(msg.n);
      if (sealed) relays.publish(topic + "/g", sealed);
      return;
    }
    const job = (async () => {
      const pc = new RTCPeerConnection({ iceServers: await iceServers() });
      pc.addEventListener("datachannel", (e) => onChannel(seat, e.channel, pc));
      await pc.setRemoteDescription({ type: "offer", sdp: msg.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      return seal(key, "to-guest", { k: "answer", n: msg.n, sdp: pc.localDescription.sdp });
    })().catch(() => null);
    answered.set(msg.n, job);
    const sealed = await job;
    if (sealed) relays.publish(topic + "/g", sealed);
  });
}

// --- the guest ---------------------------------------------------------------------

// The guest's side: an offer published (again every few seconds) until the
// host's answer comes; resolves to {pc, channel} once the answer is set (the
// channel opens soon after). `stop()` on the returned job ends the tries.
export function guestJoin(relays, link) {
  let stopped = false;
  const job = (async () => {
    const { key, topic } = await seatCrypto(link.key);
    const pc = new RTCPeerConnection({ iceServers: await iceServers() });
    const channel = pc.createDataChannel("table", { ordered: true });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const nonce = randomKey();
    const offer = await seal(key, "to-host", {
      k: "offer", n: nonce, seat: link.seat, token: link.token, sdp: pc.localDescription.sdp,
    });
    const answered = new Promise((resolve) => {
      relays.listen(topic + "/g", async (text) => {
        const msg = await unseal(key, "to-guest", text);
        if (msg && msg.k === "answer" && msg.n === nonce && typeof msg.sdp === "string") resolve(msg.sdp);
      });
    });
    let timer = null;
    const send = () => {
      if (stopped) return;
      relays.publish(topic + "/h", offer);
      timer = setTimeout(send, RESEND_MS);
    };
    send();
    const sdp = await answered;
    clearTimeout(timer);
    if (stopped) {
      pc.close();
      return null;
    }
    await pc.setRemoteDescription({ type: "answer", sdp });
    return { pc, channel };
  })();
  job.stop = () => {
    stopped = true;
  };
  return job;
}
