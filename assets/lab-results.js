// The Bot lab's results (assets/lab.js): the table of each participant's
// wins, mean score, spread and forfeits, and the same as an SVG chart.

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.append(e);
  return e;
}

const $ = (id) => document.getElementById(id);

// The run's participants as the results name them: the bot, then the computers.
export function participantNames(players, level, t) {
  const names = [t("your-bot")];
  for (let i = 1; i < players; i++) names.push(t(level) + (players > 2 ? " " + i : ""));
  return names;
}

// The table `id` emptied, with only its caption (`captionId`: what names it).
export function freshTable(id, captionId, caption) {
  const table = $(id);
  table.replaceChildren();
  const cap = document.createElement("caption");
  cap.id = captionId;
  cap.textContent = caption;
  table.append(cap);
  return table;
}

// `num` writes a decimal in the page's language (lab-i18n.js decimal()).
export function renderStats(rows, names, t, num) {
  const table = freshTable("stats-table", "stats-caption", t("stats-caption"));
  const head = table.insertRow();
  for (const k of ["player", "wins", "mean", "spread", "range", "forfeits"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t("col-" + k);
    head.append(th);
  }
  for (const r of rows) {
    const tr = table.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = names[r.participant];
    tr.append(th);
    for (const v of [r.wins + " / " + r.games, num(r.mean), "± " + num(r.spread),
      r.low + "–" + r.high, String(r.forfeits)]) tr.insertCell().textContent = v;
  }
  drawChart(rows, names, t, num);
}

function drawChart(rows, names, t, num) {
  const box = $("chart");
  box.replaceChildren();
  // One unit of the drawing is one CSS pixel at the box's width (at most 640), so
  // its 13 px text stays 13 px on a phone (issue 22: it was 6.8 px at 360 wide).
  const W = Math.round(Math.min(640, Math.max(280, box.clientWidth || 640)));
  // On a phone a row's name goes above its bar, so a long translated name is
  // never cut at the left edge (the ru/it/pl screenshots of issue 42).
  const narrow = W < 480;
  const left = narrow ? 12 : Math.min(150, Math.round(W * 0.4)), right = 20;
  const rowH = narrow ? 56 : 44, top = 28;
  const H = top + rows.length * rowH + 10;
  const lo = Math.min(0, ...rows.map((r) => r.low));
  const hi = Math.max(1, ...rows.map((r) => r.high));
  const x = (v) => left + ((v - lo) / (hi - lo)) * (W - left - right);
  const label = rows.map((r) => names[r.participant] + ": " + t("chart-row", {
    wins: r.wins, games: r.games, mean: num(r.mean), spread: num(r.spread),
  })).join("; ");
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("chart-title") + ". " + label, class: "chart" }, box);
  svg("title", {}, s).textContent = t("chart-title");
  const axis = svg("g", { class: "axis" }, s);
  const step = Math.max(1, Math.ceil((hi - lo) / 8 / 5) * 5);
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
    svg("line", { x1: x(v), x2: x(v), y1: top - 6, y2: H - 6, class: "grid" }, axis);
    svg("text", { x: x(v), y: top - 10, "text-anchor": "middle" }, axis).textContent = String(v);
  }
  rows.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2 + (narrow ? 8 : 0);
    const g = svg("g", { class: i === 0 ? "row mine" : "row" }, s);
    const at = narrow ? { x: 4, y: y - 16, "text-anchor": "start" } : { x: left - 8, y: y + 5, "text-anchor": "end" };
    svg("text", at, g).textContent =
      names[r.participant] + " (" + r.wins + ")";
    if (!r.finished) return;
    svg("line", { x1: x(r.low), x2: x(r.high), y1: y, y2: y, class: "range" }, g);
    svg("rect", { x: x(r.mean - r.spread), y: y - 10, width: Math.max(2, x(r.mean + r.spread) - x(r.mean - r.spread)), height: 20, class: "spread" }, g);
    svg("line", { x1: x(r.mean), x2: x(r.mean), y1: y - 14, y2: y + 14, class: "mean" }, g);
  });
}

// The longest task of the page's thread during a run (lab.longestTask, read by
// tests and tools/bench_lab.py): a run must never hold the page up.
export function watchLongTasks(lab) {
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // Entries arrive late under load: count only tasks that began during the run.
        if (lab.run && e.startTime >= lab.run.start) {
          lab.longestTask = Math.max(lab.longestTask, e.duration);
        }
      }
    }).observe({ type: "longtask", buffered: false });
  } catch { /* no long task API: nothing to measure */ }
}
