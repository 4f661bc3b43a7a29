// The Bot lab's problems (tracebacks, a worker that failed) and what the
// bot printed: untrusted text, put into the page with textContent only.

const $ = (id) => document.getElementById(id);
const MAX_OUTPUT_LINES = 200;
const MAX_OUTPUT_CHARS = 100000; // per run (issue 25: 30 M characters froze the page)

export function showProblem(title, detail) {
  const box = $("problems");
  const p = document.createElement("p");
  p.textContent = title;
  box.append(p);
  if (detail) {
    const pre = document.createElement("pre");
    pre.className = "traceback";
    pre.textContent = detail;
    box.append(pre);
  }
  $("problems-box").hidden = false;
}

export function clearProblems() {
  $("problems").replaceChildren();
  $("problems-box").hidden = true;
}

// What the bot printed, into its box; `run` keeps this run's counts.
export function printed(run, text, cut, t) {
  const out = $("output");
  if (run.outputCut) return;
  // Issue 25: at most MAX_OUTPUT_CHARS characters per run, then "output shortened".
  const room = MAX_OUTPUT_CHARS - (run.outputChars || 0);
  if (cut || text.length > room) {
    if (!cut && room > 0) out.append(text.slice(0, room) + "\n");
    out.append(t("output-shortened") + "\n");
    $("output-box").hidden = false;
    run.outputCut = true;
    return;
  }
  run.outputChars = (run.outputChars || 0) + text.length;
  run.outputLines = (run.outputLines || 0) + 1;
  if (run.outputLines > MAX_OUTPUT_LINES) {
    if (run.outputLines === MAX_OUTPUT_LINES + 1) out.append(t("output-cut") + "\n");
    return;
  }
  out.append(text + "\n");
  $("output-box").hidden = false;
}
