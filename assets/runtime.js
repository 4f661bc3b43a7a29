// Picks the Python runtime from the URL, before PyScript starts:
//   ./                       -> Pyodide      (<script type="py"  config="./pyscript.toml">)
//   ./?runtime=micropython   -> MicroPython  (<script type="mpy" config="./pyscript-mpy.toml">)
// Load it from index.html *before* core.js, both as module scripts (they run
// in document order once the page is parsed), so PyScript finds the script
// element at start-up exactly as if it were static. An external file, not an
// inline script, because the page's CSP has no 'unsafe-inline' (lostcode/csp.py).
// Only the chosen runtime is downloaded. Proof: tools/bench/hello-switch.html.
const mpy = new URLSearchParams(location.search).get("runtime") === "micropython";
document.documentElement.dataset.runtime = mpy ? "micropython" : "pyodide";
const main = document.createElement("script");
main.type = mpy ? "mpy" : "py";
main.src = "./lostcode/web/main.py";
main.setAttribute("config", mpy ? "./pyscript-mpy.toml" : "./pyscript.toml");
document.body.append(main);
