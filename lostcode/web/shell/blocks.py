"""Controls and text as plain data: the blocks every screen model is made of
(the adapter, dom.render_block, draws them). No DOM here."""


def button(
    text, act, arg="", disabled=False, pressed=None, aria=None, symbol=None, primary=False, note=""
):
    """note: a second line in the button (e.g. why it is disabled), part of its name."""
    return {
        "text": text,
        "note": note,
        "act": act,
        "arg": str(arg),
        "disabled": bool(disabled),
        "pressed": pressed,
        "aria": aria,
        "symbol": symbol,
        "primary": primary,
    }


def para(text):
    return {"t": "p", "text": text}


def buttons(items, label=""):
    return {"t": "buttons", "label": label, "items": items}
