"""Translation hooks for every user-visible string of the web edition.

A stand-in: another module will replace these with real catalogues. Always
pass whole sentences with named {placeholders}, never glued fragments.
"""


def _(msg, **kw):
    return msg.format(**kw) if kw else msg


def ngettext(singular, plural, n, **kw):
    msg = singular if n == 1 else plural
    kw["n"] = n
    return msg.format(**kw)
