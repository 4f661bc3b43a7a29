#!/usr/bin/env node
// Run a Python script inside MicroPython (the PyScript WebAssembly build) under Node.
//
//   node tests/runtimes/run_micropython.mjs [--root DIR] SCRIPT.py [ARGS...]
//
// Every file of DIR/lostcode/ (DIR defaults to the current directory; set
// LOSTCODE_MP_PACKAGES=pkg1,pkg2 to copy other top-level packages instead) is
// written, recursively, into MicroPython's in-memory FS under /src, which is
// put first on sys.path and made the working directory, so `import lostcode`
// works. (Files written by the script stay in memory; nothing on disk changes.)
// SCRIPT runs as __main__ with sys.argv = [SCRIPT, *ARGS]; its stdout/stderr go
// to Node's stdout/stderr. Exit status: 0, the script's SystemExit code, or 1
// with the traceback on stderr. Heap: LOSTCODE_MP_HEAP bytes (default 64 MiB).
// MicroPython is loaded from node_modules (no network).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");

function parseArgs(argv) {
  let root = process.cwd();
  const rest = [...argv];
  if (rest[0] === "--root") {
    root = rest[1];
    rest.splice(0, 2);
  }
  if (rest.length < 1) {
    console.error("usage: run_micropython.mjs [--root DIR] SCRIPT.py [ARGS...]");
    process.exit(2);
  }
  return { root: path.resolve(root), script: path.resolve(rest[0]), args: rest.slice(1) };
}

const { root, script, args } = parseArgs(process.argv.slice(2));
const packages = (process.env.LOSTCODE_MP_PACKAGES || "lostcode").split(",").filter(Boolean);
const heapsize = parseInt(process.env.LOSTCODE_MP_HEAP || String(64 * 1024 * 1024), 10);

const started = performance.now();
const { loadMicroPython } = await import(
  path.join(repo, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs")
);
const mp = await loadMicroPython({
  heapsize,
  linebuffer: false,
  stdout: (bytes) => process.stdout.write(bytes),
  stderr: (bytes) => process.stderr.write(bytes),
});
if (process.env.LOSTCODE_RUNTIME_TIMING) {
  console.error(`[run_micropython] runtime loaded in ${(performance.now() - started).toFixed(0)} ms`);
}

function mkdirp(fsPath) {
  let cur = "";
  for (const part of fsPath.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { mp.FS.mkdir(cur); } catch { /* exists */ }
  }
}

function copyTree(src, dest) {
  mkdirp(dest);
  for (const name of readdirSync(src)) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const full = path.join(src, name);
    if (statSync(full).isDirectory()) copyTree(full, dest + "/" + name);
    else mp.FS.writeFile(dest + "/" + name, readFileSync(full));
  }
}

mkdirp("/src");
for (const pkg of packages) {
  const dir = path.join(root, pkg);
  let isDir = false;
  try { isDir = statSync(dir).isDirectory(); } catch { /* missing */ }
  if (isDir) copyTree(dir, "/src/" + pkg);
}
mkdirp("/__script__");
const scriptPath = "/__script__/" + path.basename(script);
mp.FS.writeFile(scriptPath, readFileSync(script));

// Hand the values over as JSON text: no proxies needed.
const setup = JSON.stringify({ argv: [script, ...args], script: scriptPath });
mp.runPython(`
def _run_main(setup):
    import json, os, sys
    cfg = json.loads(setup)
    sys.argv.clear()
    sys.argv.extend(cfg["argv"])
    sys.path.insert(0, "/src")
    os.chdir("/src")
    with open(cfg["script"]) as f:
        code = f.read()
    rc = 0
    try:
        exec(compile(code, cfg["script"], "exec"), {"__name__": "__main__", "__file__": cfg["script"]})
    except SystemExit as e:
        code = e.args[0] if e.args else None
        if code is None:
            rc = 0
        elif isinstance(code, int):
            rc = code
        else:
            print(code, file=sys.stderr)
            rc = 1
    except BaseException as e:
        sys.print_exception(e, sys.stderr)
        rc = 1
    return rc

_rc = _run_main(${JSON.stringify(setup)})
`);
const rc = mp.globals.get("_rc");
process.exitCode = typeof rc === "number" ? rc : 1;
