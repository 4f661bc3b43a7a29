// The "Your bot" editor: CodeMirror 6 as vendored by @pyscript/core (pinned in
// package.json; these are the chunks its own <py-editor> loads), imported
// directly, so no PyScript worker and no SharedArrayBuffer are involved. The
// file names carry the bundle's hashes: tests/test_lab.py checks they exist in
// vendor/pyscript/, so a PyScript upgrade that renames them fails a test
// instead of the page. If they cannot load, the lab falls back to a textarea.
const CHUNKS = {
  view: "../vendor/pyscript/codemirror-BDx3jn9j.js",
  python: "../vendor/pyscript/codemirror_lang-python-r-dBg-Wd.js",
};

// CodeMirror injects its theme as <style> elements; lab.html's CSP allows
// exactly those through this nonce (the game page's policy has no inline styles).
const STYLE_NONCE = "lostcode-lab";

export async function makeEditor(parent, doc, label, onChange) {
  const [{ EditorView, basicSetup }, { python }] = await Promise.all([
    import(CHUNKS.view),
    import(CHUNKS.python),
  ]);
  const view = new EditorView({
    doc,
    parent,
    extensions: [
      basicSetup,
      python(),
      EditorView.cspNonce.of(STYLE_NONCE),
      // tabindex: the text is focusable anyway (contenteditable); saying so lets
      // checkers (axe) see that its scrolling box can be reached by keyboard.
      EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0" }),
      EditorView.updateListener.of((update) => { if (update.docChanged) onChange(); }),
    ],
  });
  return {
    get: () => view.state.doc.toString(),
    set: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    label: (text) => view.contentDOM.setAttribute("aria-label", text),
    focus: () => view.focus(),
  };
}

export function textareaEditor(parent, doc, label, onChange) {
  const area = document.createElement("textarea");
  area.className = "lab-textarea";
  area.rows = 24;
  area.spellcheck = false;
  area.value = doc;
  area.setAttribute("aria-label", label);
  area.addEventListener("input", onChange);
  parent.append(area);
  return {
    get: () => area.value,
    set: (text) => { area.value = text; },
    label: (text) => area.setAttribute("aria-label", text),
    focus: () => area.focus(),
  };
}
