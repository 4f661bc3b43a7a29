// Checks assets/table/net.js's link and sealing under Node (tests/test_table_net.py):
// net.js and link.js are copied to .mjs files so Node loads them as modules;
// their browser part (relays, peer connections) is not called here. Prints
// one JSON object.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [dir] = process.argv.slice(2);
const tmp = mkdtempSync(join(tmpdir(), "lostcode-net-"));
writeFileSync(join(tmp, "link.mjs"), readFileSync(join(dir, "link.js")));
writeFileSync(
  join(tmp, "net.mjs"),
  String(readFileSync(join(dir, "net.js"))).replace('"./link.js"', '"./link.mjs"'),
);
const N = await import(pathToFileURL(join(tmp, "net.mjs")).href);

const key = N.randomKey();
const other = N.randomKey();
const link = N.makeLink(2, key, "Tok_en-12345");
const read = N.readLink(link);
const bad = [];
for (const text of ["", "1x.abc.def", "14." + key + ".token123", "12.short.token123", "22." + key + ".token123", "12." + key + ".to"]) {
  try {
    N.readLink(text);
    bad.push(null);
  } catch (e) {
    bad.push(String(e.message));
  }
}
const a = await N.seatCrypto(key);
const a2 = await N.seatCrypto(key);
const b = await N.seatCrypto(other);
const msg = { k: "offer", n: "nonce", seat: 2, token: "Tok_en-12345", sdp: "v=0 a=candidate:1 1 udp 1 10.0.0.2 5000 typ host" };
const sealed = await N.seal(a.key, "to-host", msg);
const sealed2 = await N.seal(a.key, "to-host", msg);
const flipped = sealed.slice(0, -2) + (sealed.slice(-2) === "AA" ? "AB" : "AA");
const out = {
  link,
  read,
  bad,
  topic: a.topic,
  same_topic: a.topic === a2.topic,
  other_topic: a.topic !== b.topic,
  key_in_topic: a.topic.includes(key),
  sealed,
  fresh_iv: sealed !== sealed2,
  opened: await N.unseal(a2.key, "to-host", sealed),
  wrong_key: await N.unseal(b.key, "to-host", sealed),
  reflected: await N.unseal(a.key, "to-guest", sealed),
  tampered: await N.unseal(a.key, "to-host", flipped),
  garbage: await N.unseal(a.key, "to-host", "not.sealed"),
  huge: await N.unseal(a.key, "to-host", "A".repeat(20000)),
};
process.stdout.write(JSON.stringify(out) + "\n");
