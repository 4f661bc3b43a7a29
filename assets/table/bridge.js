// Table mode's page bridge (issue 23): data channels for lostcode/web/tablepage.py.
// Python asks for an offer per seat (host) or an answer to a join code
// (guest); this module keeps the RTCPeerConnections and data channels and
// hands every message, opening and closing to Python's callbacks as
// (channel id, text). Star shape: a guest has one channel, to the host.
import * as L from "./link.js";

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
    if (channels.get(id) === channel) channels.delete(id);
    if (handlers) handlers.close(id);
  });
  if (channel.readyState === "open" && handlers) handlers.open(id);
}

function randomToken() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return L.b64uEncode(bytes);
}

window.lostcodeTable = {
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
