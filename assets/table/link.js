// Table mode (issue 23): a WebRTC data channel between the host's phone and a
// guest's, with no server. The offer and the answer travel as short text
// codes (in a QR code, a link's #fragment, or pasted): only what a data
// channel's SDP needs that is not the same every time -- the ICE user
// fragment and password, the DTLS certificate's SHA-256 fingerprint and the
// host candidates -- packed into about 100-200 characters and rebuilt from a
// fixed template on the other side. No ICE server is named: both phones must
// be on the same network, and the page never talks to another origin.
//
// Code:  "1" KIND SEAT "." TOKEN "." UFRAG "." PWD "." FINGERPRINT "." CANDIDATES
//   KIND         "o" offer (from the host) or "a" answer (from the guest)
//   SEAT         one digit, the seat the code is for
//   TOKEN        the seat's secret (base64url), proves the join (lostcode/table/host.py)
//   UFRAG, PWD   the ICE credentials ("+" and "/" written "-" and "_": URL-safe)
//   FINGERPRINT  the 32 bytes of the sha-256 fingerprint, base64url (43 chars)
//   CANDIDATES   "," separated  ip~port  (udp host candidates, IPv4/IPv6 or mDNS name;
//                an mDNS name UUID.local is written "*" + its 16 bytes in base64url)
// The offerer's DTLS role is "actpass", the answerer's "active" (fixed).

export const VERSION = "1";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export function b64uEncode(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [18, 12, 6, 0].map((s) => B64[(n >> s) & 63]);
    out += chars.slice(0, Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6))).join("");
  }
  return out;
}

export function b64uDecode(text) {
  const bytes = [];
  let bits = 0;
  let acc = 0;
  for (const ch of text) {
    const v = B64.indexOf(ch);
    if (v < 0) throw new Error("bad code character");
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 255);
    }
  }
  return Uint8Array.from(bytes);
}

// ICE credentials are made of letters, digits, "+" and "/" (RFC 8839 ice-char).
const urlSafe = (s) => s.replace(/\+/g, "-").replace(/\//g, "_");
function iceChars(s) {
  if (!/^[A-Za-z0-9_-]{4,256}$/.test(s)) throw new Error("bad ICE credentials");
  return s.replace(/-/g, "+").replace(/_/g, "/");
}

// The parts of an SDP this packing keeps; throws if one is missing.
export function sdpParts(sdp) {
  const line = (prefix) => {
    const l = sdp.split(/\r?\n/).find((x) => x.startsWith(prefix));
    return l === undefined ? null : l.slice(prefix.length).trim();
  };
  const ufrag = line("a=ice-ufrag:");
  const pwd = line("a=ice-pwd:");
  const fp = line("a=fingerprint:sha-256 ");
  if (!ufrag || !pwd || !fp) throw new Error("this SDP lacks ICE credentials or a sha-256 fingerprint");
  const candidates = [];
  for (const l of sdp.split(/\r?\n/)) {
    const m = /^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx)/i.exec(l);
    if (m) candidates.push([m[1], m[2]]);
  }
  return { ufrag, pwd, fingerprint: fp, candidates };
}

const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;

// Browsers hide a phone's address behind a random mDNS name (a UUID): 42
// characters as text, 23 packed.
function packHost(ip) {
  const m = MDNS.exec(ip);
  if (!m) return ip;
  const hex = m.slice(1).join("");
  return "*" + b64uEncode(Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16)));
}

function unpackHost(text) {
  if (!text.startsWith("*")) {
    if (!/^[0-9A-Za-z.:-]{2,64}$/.test(text)) throw new Error("bad candidate");
    return text;
  }
  const bytes = b64uDecode(text.slice(1));
  if (bytes.length !== 16) throw new Error("bad candidate");
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

export function pack(kind, seat, token, sdp) {
  const p = sdpParts(sdp);
  const fp = Uint8Array.from(p.fingerprint.split(":").map((h) => parseInt(h, 16)));
  const cands = p.candidates.map(([ip, port]) => packHost(ip) + "~" + port).join(",");
  return [
    VERSION + kind + String(seat),
    token,
    urlSafe(p.ufrag),
    urlSafe(p.pwd),
    b64uEncode(fp),
    cands,
  ].join(".");
}

// {kind, seat, token, sdp} from a code; throws Error("...") on a code it cannot read.
export function unpack(code) {
  const parts = String(code).trim().split(".");
  // An IPv4 address holds dots: everything after the fifth dot is candidates.
  if (parts.length < 6 || parts[0].length !== 3 || parts[0][0] !== VERSION) {
    throw new Error("not a table code");
  }
  const kind = parts[0][1];
  const seat = Number(parts[0][2]);
  if ((kind !== "o" && kind !== "a") || !(seat >= 0 && seat <= 3)) throw new Error("not a table code");
  const token = parts[1];
  const ufrag = iceChars(parts[2]);
  const pwd = iceChars(parts[3]);
  const fpBytes = b64uDecode(parts[4]);
  if (fpBytes.length !== 32) throw new Error("bad fingerprint");
  const fingerprint = Array.from(fpBytes, (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const candText = parts.slice(5).join(".");
  const candidates = candText
    ? candText.split(",").map((c) => {
      const [ip, port] = c.split("~");
      if (!/^\d{1,5}$/.test(port || "")) throw new Error("bad candidate");
      return [unpackHost(ip), port];
    })
    : [];
  const sdp = buildSdp(kind === "o" ? "actpass" : "active", ufrag, pwd, fingerprint, candidates);
  return { kind, seat, token, sdp };
}

export function buildSdp(setup, ufrag, pwd, fingerprint, candidates) {
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=ice-ufrag:" + ufrag,
    "a=ice-pwd:" + pwd,
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 " + fingerprint,
    "a=setup:" + setup,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  candidates.forEach(([ip, port], i) => {
    lines.push(`a=candidate:${i + 1} 1 udp ${2122260223 - i} ${ip} ${port} typ host generation 0`);
  });
  lines.push("a=end-of-candidates");
  return lines.join("\r\n") + "\r\n";
}

// --- peer connections (browser only) ---------------------------------------------

const GATHER_MS = 3000; // ICE gathering on a LAN takes well under a second

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

// The host's side for one seat: {pc, channel, code}; the channel opens once
// the guest's answer is given to `accept`.
export async function hostOffer(seat, token) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel("table", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const code = pack("o", seat, token, pc.localDescription.sdp);
  const accept = async (answerCode) => {
    const a = unpack(answerCode);
    if (a.kind !== "a" || a.seat !== seat) throw new Error("this is not the answer for this seat");
    await pc.setRemoteDescription({ type: "answer", sdp: a.sdp });
  };
  return { pc, channel, code, accept };
}

// The guest's side: from the host's offer code to {pc, channel (a promise), code}.
export async function guestAnswer(offerCode) {
  const o = unpack(offerCode);
  if (o.kind !== "o") throw new Error("this is not a join code");
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = new Promise((resolve) => {
    pc.addEventListener("datachannel", (e) => resolve(e.channel));
  });
  await pc.setRemoteDescription({ type: "offer", sdp: o.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const code = pack("a", o.seat, o.token, pc.localDescription.sdp);
  return { pc, channel, code, seat: o.seat, token: o.token };
}

export function opened(channel) {
  return new Promise((resolve, reject) => {
    if (channel.readyState === "open") return resolve(channel);
    channel.addEventListener("open", () => resolve(channel));
    channel.addEventListener("error", (e) => reject(e));
  });
}
