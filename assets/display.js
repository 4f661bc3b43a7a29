// Display settings applied in <head>, before the first paint: "Larger text" and
// "Reduce motion". One file, not two: each parser-blocking script in <head> is a
// request the first paint waits for (issue 17). No inline scripts: lostcode/web/shell/csp.py.

// The "Larger text" setting (issue 6): class text-large on <html>, remembered in
// localStorage. Loaded in <head> (no inline scripts: see lostcode/web/shell/csp.py), so a
// saved choice applies before the first paint; the checkboxes marked
// data-textsize (set-up form, in-game display settings) stay in step.
// Python's main.set_text_size("large") (URL textsize=large) sets the same class.
(function () {
  const KEY = "lostcode.textsize";  // lostcode/web/shell/a11y.py TEXT_SIZE_KEY
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

// The "Reduce motion" setting (issue 11): <html data-motion="reduce"|"full">,
// remembered in localStorage like "Larger text" (above). "reduce"
// when the box was ticked, or the system asks for it (prefers-reduced-motion:
// then the box is ticked and cannot be unticked here). Python's
// main.set_motion("reduce") (URL motion=reduce) sets the same attribute.
// Loaded in <head> (no inline scripts: lostcode/web/shell/csp.py), before the first paint.
//
// A moment (the roll, the check, the replacement: main.py play_moments,
// style.css) is skipped by any tap or key: the animations are finished at
// once, and the tap or key goes on to whatever it was meant for (nothing is
// prevented or stopped here: one activation is one action, web/shell/activation.py).
(function () {
  const KEY = "lostcode.motion";  // lostcode/web/shell/a11y.py MOTION_KEY
  const root = document.documentElement;
  const system = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  function saved() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function apply(reduce) {
    const forced = !!(system && system.matches);
    root.dataset.motion = reduce || forced ? "reduce" : "full";
    document.querySelectorAll("input[data-motion]").forEach(function (box) {
      box.checked = reduce || forced;
      box.disabled = forced;
    });
  }
  function skip() {
    if (!root.classList.contains("moment-playing")) return;
    root.classList.remove("moment-playing");
    if (!document.getAnimations) return;
    document.getAnimations().forEach(function (a) {
      try { a.finish(); } catch (e) { /* an endless animation: leave it */ }
    });
  }
  apply(saved() === "reduce");
  if (system && system.addEventListener) {
    system.addEventListener("change", function () { apply(saved() === "reduce"); });
  }
  document.addEventListener("pointerdown", skip, true);
  document.addEventListener("keydown", skip, true);
  document.addEventListener("animationend", function () {
    if (!document.querySelector(".moment") || !document.getAnimations || !document.getAnimations().length) {
      root.classList.remove("moment-playing");
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    apply(saved() === "reduce");  // the checkboxes exist now
    document.querySelectorAll("input[data-motion]").forEach(function (box) {
      box.addEventListener("change", function () {
        apply(box.checked);
        try { window.localStorage.setItem(KEY, box.checked ? "reduce" : "full"); } catch (e) { /* private mode */ }
      });
    });
  });
})();
