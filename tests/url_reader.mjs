// Prints assets/runtime.js readQuery() and its runtime/lang/textsize choices
// for the JSON list of query strings in the file argv[2], one JSON line each
// (tests/test_url_reader.py). runtime.js is copied to a .mjs so Node loads it
// as a module; its page part is skipped where there is no document.
import { copyFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [source, queriesFile] = process.argv.slice(2);
const copy = join(tmpdir(), `lostcode-runtime-${process.pid}.mjs`);
copyFileSync(source, copy);
const { readQuery, choice } = await import(pathToFileURL(copy).href);
const out = [];
for (const q of JSON.parse(readFileSync(queriesFile, "utf8"))) {
  const raw = readQuery(q);
  const pairs = Object.keys(raw).sort().map((k) => [k, raw[k]]);
  const picks = {
    runtime: choice(q, "runtime", ["pyodide", "micropython"]) ?? null,
    lang: choice(q, "lang", ["en", "ru", "it", "pl"]) ?? null,
    textsize: choice(q, "textsize", ["normal", "large"]) ?? null,
  };
  out.push(JSON.stringify([pairs, picks]));
}
process.stdout.write(out.join("\n") + "\n");
