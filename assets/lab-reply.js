// A bot's reply, as the page reads it (issue 44): what a bot's worker says is
// the bot's to forge (its code runs there, assets/lab-box.js), so the reply's
// text is read as untrusted: {"move": ...} or {"forfeit": {reason, detail}}
// as JSON text of a sane size and depth, else a forfeit that says why. Issue
// 14 of 44: a Pyodide bot returning a list nested 100,000 deep left no text
// at all, and JSON.parse(undefined) threw on the page.

const MAX_CHARS = 2000000; // lostcode/services/jsonlimits.py MAX_CHARS
const MAX_DEPTH = 32; // jsonlimits.MAX_DEPTH

// Whether JSON text nests lists or objects deeper than `max` (outside strings).
function tooDeep(text, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") { if (++depth > max) return true; }
    else if (c === "]" || c === "}") depth--;
  }
  return false;
}

export function unreadable(why) {
  return { forfeit: { reason: "error", detail: "the bot's reply cannot be read: " + why } };
}

// {move} or {forfeit: {reason, detail}} from a worker's `result` text.
export function readReply(text) {
  if (typeof text !== "string") return unreadable("there is none");
  if (text.length > MAX_CHARS) return unreadable("it is too large");
  if (tooDeep(text, MAX_DEPTH)) return unreadable("it is nested too deep");
  let value;
  try { value = JSON.parse(text); } catch { return unreadable("it is not JSON"); }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    if (value.move !== undefined) return { move: value.move };
    const f = value.forfeit;
    if (f && typeof f.reason === "string" && typeof f.detail === "string") {
      return { forfeit: { reason: f.reason, detail: f.detail } };
    }
  }
  return unreadable("it is neither a move nor a forfeit");
}
