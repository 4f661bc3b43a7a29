"""The Content-Security-Policy the site's pages run under, in one place.

Build tools (the <meta> tag in index.html) and tests/test_csp.py share this
string, so a page and the proof that it works under the policy cannot drift.
Measured with PyScript 0.7.31, Pyodide 314.0.7 and MicroPython 1.28 served
from the same origin (tests/test_csp.py):

- 'wasm-unsafe-eval': compiling the runtimes' WebAssembly.
- 'unsafe-eval': PyScript's core itself calls Function(...) at start-up to
  build its worker hooks (polyscript), on the main thread and for both
  runtimes; without it neither runtime starts. It also covers WebAssembly,
  but 'wasm-unsafe-eval' stays listed so it is still there the day
  'unsafe-eval' can go.
- no 'unsafe-inline' for scripts or styles: PyScript injects neither. The
  page must therefore use no inline JS, no on*="..." handlers and no style="..."
  attributes (setting element.style from Python is fine: CSSOM is allowed).
- connect-src 'self': PyScript fetches the config, the .wasm and the
  Pyodide stdlib zip.
- connect-src also names table mode's relays (issue 41): the public MQTT
  brokers of assets/table/network.json (tests/test_table_net.py checks that
  every relay listed there is allowed here: a site owner who changes one
  changes both), and ws:// on loopback, for a broker on the same machine
  (development and the tests). A page connects to a relay only when its
  player hosts or joins an internet table.
- img-src data:: only for the `<link rel="icon" href="data:,">` trick that
  stops the browser asking for /favicon.ico; PyScript needs no data: URL.
- worker-src 'self' blob:, script-src blob: and BOX_HASH (issue 44): a bot's
  code runs in a box (`assets/lab-box.js`): a sandboxed srcdoc frame, which
  inherits this policy, whose one inline script (allowed by its hash) makes
  the bot's worker from a blob: URL, and that worker imports its runtime
  from blob: URLs. Only the box makes blob: URLs; its own stricter policy
  (no request at all) applies there too. The service worker and the lab's
  referee are same-origin workers.
- No frame-ancestors: a <meta> policy cannot carry it (browsers ignore it
  there), and the game must stay embeddable in a lesson's iframe anyway.

A CSP does not stop an injected `<script type="py">`: PyScript, not the
browser, runs those. The UI must put untrusted text (player names, imported
records) into the page with textContent, never innerHTML.
"""

# The hash of the one inline script of the bot's box (assets/lab-box.js
# BOX_HASH; tests/test_lab_box.py checks that they agree).
BOX_HASH = "'sha256-suFShJJhXJPyCmGzE53N6taPvw3zNbJsXOFaAXOOtK4='"

# Table mode's relays (issue 41): the brokers of assets/table/network.json, and loopback.
RELAYS = (
    "wss://broker.emqx.io:8084 wss://broker.hivemq.com:8884 wss://test.mosquitto.org:8081 "
    "ws://127.0.0.1:*"
)

POLICY = (
    "default-src 'none'; "
    "script-src 'self' blob: 'wasm-unsafe-eval' 'unsafe-eval' " + BOX_HASH + "; "
    "style-src 'self'; "
    "img-src 'self' data:; "
    "font-src 'self'; "
    "connect-src 'self' " + RELAYS + "; "
    "worker-src 'self' blob:; "
    "manifest-src 'self'; "
    "object-src 'none'; "
    "base-uri 'none'; "
    "form-action 'none'"
)


def meta_tag(policy: str = POLICY) -> str:
    """The <meta> element for a page's <head>, before any <script> or <link>.

    A policy only governs what loads after its meta element, hence "first".
    """
    return '<meta http-equiv="Content-Security-Policy" content="' + policy + '">'


def directives(policy: str = POLICY) -> dict:
    """Directive name -> list of sources, so tests can check single directives."""
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out
