// Round-trips assets/table/link.js codes for the SDPs in the JSON file argv[3]
// (tests/test_table_link.py): prints one JSON line per SDP, and one per bad
// code, with what unpack made of it. link.js is copied to a .mjs so Node
// loads it as a module; its browser part is not called here.
import { copyFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [source, casesFile] = process.argv.slice(2);
const copy = join(tmpdir(), `lostcode-link-${process.pid}.mjs`);
copyFileSync(source, copy);
const L = await import(pathToFileURL(copy).href);
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const out = [];
for (const sdp of cases.sdps) {
  const code = L.pack("o", 2, "Tok_en-12", sdp);
  const back = L.unpack(code);
  const again = L.sdpParts(back.sdp);
  out.push({ code, parts: L.sdpParts(sdp), again, kind: back.kind, seat: back.seat, token: back.token });
}
for (const bad of cases.bad) {
  try {
    L.unpack(bad);
    out.push({ bad, error: null });
  } catch (e) {
    out.push({ bad, error: String(e.message) });
  }
}
process.stdout.write(out.map((o) => JSON.stringify(o)).join("\n") + "\n");
