// The "Larger text" setting (issue 6): class text-large on <html>, remembered in
// localStorage. Loaded in <head> (no inline scripts: see lostcode/web/csp.py), so a
// saved choice applies before the first paint; the checkboxes marked
// data-textsize (set-up form, in-game display settings) stay in step.
// Python's main.set_text_size("large") (URL textsize=large) sets the same class.
(function () {
  const KEY = "lostcode.textsize";  // lostcode/web/a11y.py TEXT_SIZE_KEY
  const root = document.documentElement;
  function saved() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function apply(large) {
    root.classList.toggle("text-large", large);
    document.querySelectorAll("input[data-textsize]").forEach(function (box) { box.checked = large; });
  }
  if (saved() === "large") root.classList.add("text-large");
  document.addEventListener("DOMContentLoaded", function () {
    apply(root.classList.contains("text-large"));
    document.querySelectorAll("input[data-textsize]").forEach(function (box) {
      box.addEventListener("change", function () {
        apply(box.checked);
        try { window.localStorage.setItem(KEY, box.checked ? "large" : "normal"); } catch (e) { /* private mode */ }
      });
    });
  });
})();
