// Which Python runs a student's bot in the Bot lab (issue 26), decided from its
// code before any runtime starts.
//
// MicroPython (the game page's own runtime, ~0.5 MB) starts in a fraction of a
// second; Pyodide (CPython, ~13 MB) takes seconds. So a bot runs on MicroPython
// when every module it imports is one MicroPython has, with every name it uses
// from it, and on Pyodide when it imports anything else (fractions,
// statistics, dataclasses, typing...), imports modules by name (__import__,
// importlib: nothing to inspect), or uses a name MicroPython's module lacks
// (random.shuffle, operator.itemgetter, re.findall...), or has a match
// statement, which MicroPython cannot parse. The engine's own
// modules (lostcode.*) are on both. The page says which runtime and why.
//
// MICROPYTHON is what the vendored MicroPython's modules hold (dir() of each,
// the names a bot may plausibly use); tests/test_lab_runtime.py checks every
// name against the vendored runtime, so this never promises what it lacks.
export const MICROPYTHON = {
  binascii: "a2b_base64 a2b_hex b2a_base64 b2a_hex crc32 hexlify unhexlify",
  collections: "OrderedDict defaultdict deque namedtuple",
  copy: "copy deepcopy",
  functools: "partial reduce update_wrapper wraps",
  hashlib: "sha256",
  heapq: "heapify heappop heappush",
  io: "BytesIO StringIO",
  itertools: "accumulate chain count cycle islice repeat starmap tee",
  json: "dumps loads",
  math: "acos acosh asin asinh atan atan2 atanh ceil copysign cos cosh degrees e erf erfc exp expm1 fabs factorial floor fmod frexp gamma inf isclose isfinite isinf isnan ldexp lgamma log log10 log2 modf nan pi pow radians sin sinh sqrt tan tanh tau trunc",
  operator: "attrgetter eq floordiv ge gt le lt mod ne truediv",
  random: "choice getrandbits randint random randrange seed uniform",
  re: "compile match search sub",
  string: "ascii_letters ascii_lowercase ascii_uppercase digits hexdigits octdigits printable punctuation whitespace",
  struct: "calcsize pack pack_into unpack unpack_from",
  sys: "byteorder implementation maxsize platform version version_info",
  time: "gmtime localtime mktime sleep time time_ns",
};
const HAS = Object.fromEntries(Object.entries(MICROPYTHON).map(([m, names]) => [m, new Set(names.split(" "))]));

// The code without its strings and comments, so an "import" in a docstring or
// a comment is not read as one.
function codeOnly(code) {
  return String(code)
    .replace(/[rRbBuUfF]{0,2}("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g, '""')
    .replace(/#.*$/gm, "")
    .replace(/\\\n/g, " ")
    // from x import (a,\n b): one line
    .replace(/\(([^()]*)\)/g, (all, inner) => "(" + inner.replace(/\n/g, " ") + ")");
}

// [{module, names: [...] | null (plain import), alias}] of every import statement.
export function importsOf(code) {
  const found = [];
  for (const raw of codeOnly(code).split(/\n|;/)) {
    const line = raw.trim();
    let m = /^from\s+([\w.]+)\s+import\s+\(?([^)]*)\)?$/.exec(line);
    if (m) {
      const names = m[2].split(",").map((s) => s.trim().split(/\s+as\s+/)[0]).filter(Boolean);
      found.push({ module: m[1], names, alias: null });
      continue;
    }
    m = /^import\s+(.+)$/.exec(line);
    if (m) {
      for (const part of m[1].split(",")) {
        const [module, alias] = part.trim().split(/\s+as\s+/);
        if (module) found.push({ module, names: null, alias: alias || module });
      }
    }
  }
  return found;
}

// {runtime: "micropython" | "pyodide", why: {key, params}} for the bot's code.
// `mode`: "auto" (decide), or the runtime the student chose.
export function pickRuntime(code, mode = "auto") {
  if (mode === "micropython" || mode === "pyodide") {
    return { runtime: mode, why: { key: "rt-chosen", params: {} } };
  }
  const text = codeOnly(code);
  if (/\b__import__\s*\(|\bimportlib\b/.test(text)) {
    return { runtime: "pyodide", why: { key: "rt-py-dynamic", params: {} } };
  }
  const lacking = [];
  // The one statement MicroPython cannot parse (structural pattern matching).
  if (/^[ \t]*match\b[^=\n]*:[ \t]*$/m.test(text) && /^[ \t]*case\b[^\n]*:[ \t]*$/m.test(text)) {
    lacking.push("match … case");
  }
  for (const { module, names, alias } of importsOf(code)) {
    if (module === "lostcode" || module.startsWith("lostcode.")) continue; // on both runtimes
    const has = HAS[module];
    if (!has) { lacking.push(module); continue; }
    if (names) {
      for (const n of names) if (n !== "*" && !has.has(n)) lacking.push(module + "." + n);
    } else {
      const used = new RegExp("(?<![\\w.])" + alias.replace(/\./g, "\\.") + "\\.(\\w+)", "g");
      for (const u of text.matchAll(used)) if (!has.has(u[1])) lacking.push(module + "." + u[1]);
    }
  }
  if (lacking.length) {
    const what = [...new Set(lacking)].slice(0, 3).join(", ");
    return { runtime: "pyodide", why: { key: "rt-py", params: { what } } };
  }
  return { runtime: "micropython", why: { key: "rt-mpy", params: {} } };
}
