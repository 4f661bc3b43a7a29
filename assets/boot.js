// Loaded by index.html before PyScript (no inline scripts: see lostcode/csp.py).
// Works before Python loads: seat rows follow the player count, and Start
// pressed early is remembered until the engine is ready.
(function () {
  const root = document.documentElement;
  const players = document.getElementById("players");
  function seats() {
    const n = Number(players.value);
    document.querySelectorAll(".seat").forEach(function (row) {
      const off = Number(row.dataset.seat) > n;
      row.hidden = off;
      row.querySelectorAll("input, select").forEach(function (x) { x.disabled = off; });
    });
  }
  players.addEventListener("change", seats);
  seats();
  document.getElementById("progress").value = 1;
  document.getElementById("setup-form").addEventListener("submit", function (event) {
    if (root.dataset.engine === "ready") return;  // Python handles it
    event.preventDefault();
    root.dataset.startPending = "1";
    document.getElementById("start-status").textContent =
      "The game starts as soon as the game engine has loaded…";
  });
  window.addEventListener("py:ready", function () {
    if (root.dataset.engine === "loading") {
      document.getElementById("progress").value = 2;
      document.getElementById("progress-label").textContent = "Python is running; loading the game engine…";
    }
  });
  window.addEventListener("error", function (event) {
    if (root.dataset.engine === "ready") return;
    root.dataset.engine = "error";
    const box = document.getElementById("load-error");
    box.hidden = false;
    box.textContent = "The game could not start: " + (event.message || "a file failed to load") +
      ". Reload the page to try again.";
  });
})();
