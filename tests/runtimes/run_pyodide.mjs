#!/usr/bin/env node
// Run a Python script inside Pyodide under Node, the way the browser runs our code.
//
//   node tests/runtimes/run_pyodide.mjs [--root DIR] SCRIPT.py [ARGS...]
//
// --root DIR (default: the current directory) is mounted at /src (read-write,
// it is the real directory; no __pycache__ is written) and put first on sys.path, so `import lostcode`
// works from the repo root. The working directory is /src. SCRIPT is a path
// on this machine (absolute, or relative to the current directory); it runs
// as __main__ with sys.argv = [SCRIPT, *ARGS]. Its stdout/stderr go to Node's
// stdout/stderr unchanged. Exit status: 0, the script's SystemExit code, or 1
// with the traceback on stderr for any other exception.
// Pyodide is loaded from node_modules/pyodide (no network; no packages).
import { readFileSync } from "node:fs";
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
    console.error("usage: run_pyodide.mjs [--root DIR] SCRIPT.py [ARGS...]");
    process.exit(2);
  }
  return { root: path.resolve(root), script: path.resolve(rest[0]), args: rest.slice(1) };
}

const { root, script, args } = parseArgs(process.argv.slice(2));
const started = performance.now();
const { loadPyodide } = await import(path.join(repo, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(repo, "node_modules", "pyodide") + path.sep });
py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
if (process.env.LOSTCODE_RUNTIME_TIMING) {
  console.error(`[run_pyodide] runtime loaded in ${(performance.now() - started).toFixed(0)} ms`);
}

py.FS.mkdirTree("/src");
py.mountNodeFS("/src", root);
py.FS.mkdirTree("/__script__");
const scriptPath = "/__script__/" + path.basename(script);
py.FS.writeFile(scriptPath, readFileSync(script));

py.globals.set("_argv", py.toPy([script, ...args]));
py.globals.set("_script", scriptPath);
const rc = py.runPython(`
def _run_main(script, argv):
    import os, runpy, sys, traceback
    sys.argv = list(argv)
    sys.dont_write_bytecode = True  # don't leave __pycache__ in the mounted real directory
    sys.path.insert(0, "/src")
    os.chdir("/src")
    rc = 0
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            rc = 0
        elif isinstance(e.code, int):
            rc = e.code
        else:
            print(e.code, file=sys.stderr)
            rc = 1
    except BaseException:
        traceback.print_exc()
        rc = 1
    sys.stdout.flush()
    sys.stderr.flush()
    return rc

_run_main(_script, _argv)
`);
process.exitCode = rc;
