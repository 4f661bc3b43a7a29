// The Bot lab's language and this browser's storage (assets/lab.js): the
// language from ?lang=, the game page's choice, then the browser's.

export const LANGS = ["en", "ru", "it", "pl"];
export const LANG_KEY = "lostcode.lang"; // shared with the game page (lostcode/web/game/page.py)

export function storageGet(key) {
  try { return window.localStorage.getItem(key); } catch { return null; }
}
export function storageSet(key, value) {
  try { window.localStorage.setItem(key, value); } catch { /* blocked: keep going */ }
}

// The language part of a code, as assets/runtime.js langCode and
// lostcode/web/shell/i18n.py normalize_language read it ("ru-RU", "ru_RU" -> "ru").
function langCode(value) {
  const base = String(value || "").trim().toLowerCase().replace(/_/g, "-").split("-")[0];
  return LANGS.includes(base) ? base : undefined;
}

// [the language, a note or null]. Issue 25: a ?lang= the lab cannot use was
// ignored with no word; now the page says what it did with it, as the game
// page's notes do.
export function pickLanguage() {
  let langNote = null;
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked !== null) {
    const code = langCode(asked);
    if (!code) langNote = { key: "lang-bad", value: asked };
    else if (asked.trim().toLowerCase() !== code) langNote = { key: "lang-read-as", value: asked };
  }
  const wanted = [asked, storageGet(LANG_KEY), ...(navigator.languages || [])];
  for (const w of wanted) {
    const code = langCode(w);
    if (code) return [code, langNote];
  }
  return ["en", langNote];
}
