// Picks the Python runtime from the URL, before PyScript starts:
//   ./                       -> Pyodide      (<script type="py"  config="./pyscript.toml">)
//   ./?runtime=micropython   -> MicroPython  (<script type="mpy" config="./pyscript-mpy.toml">)
// Load it from index.html *before* core.js, both as module scripts (they run
// in document order once the page is parsed), so PyScript finds the script
// element at start-up exactly as if it were static. An external file, not an
// inline script, because the page's CSP has no 'unsafe-inline' (lostcode/csp.py).
// Only the chosen runtime is downloaded. Proof: tools/bench/hello-switch.html.
//
// The block below is what the dev server (repo root) runs: TOML configs that
// list every lostcode/*.py. tools/build_site.py replaces it in the *built*
// copy: Pyodide then reads pyscript.json, which unpacks one lostcode.zip, and
// runs `import lostcode.web.main` inline (no per-file requests); MicroPython
// (which cannot unpack archives) reads pyscript-mpy.json with the per-file list.
// BUILD:SETUP:BEGIN
const SETUP = {
  py: { config: "./pyscript.toml", src: "./lostcode/web/main.py" },
  mpy: { config: "./pyscript-mpy.toml", src: "./lostcode/web/main.py" },
};
// BUILD:SETUP:END
const mpy = new URLSearchParams(location.search).get("runtime") === "micropython";
document.documentElement.dataset.runtime = mpy ? "micropython" : "pyodide";
const setup = SETUP[mpy ? "mpy" : "py"];
const main = document.createElement("script");
main.type = mpy ? "mpy" : "py";
if (setup.src) main.src = setup.src;
else main.textContent = setup.code;  // Python source for PyScript, not JavaScript
main.setAttribute("config", setup.config);
document.body.append(main);
