"""The two ways input can be wrong: an illegal move, or a bad record."""

from .messages import english


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    `rule` names the rule ID (R-...) that forbids it, so the UI and the tests
    can point at RULES.md; `msg` and `params` say what is wrong as a message id
    with parameters (lostcode.rules.messages), which each front end puts in words.
    `text` is the English wording (the CLI's).
    """

    def __init__(self, rule: str, msg: str, params=None):
        text = english(msg, params)
        super().__init__(rule + ": " + text)
        self.rule = rule
        self.msg = msg
        self.params = params or {}
        self.text = text


class RecordError(ValueError):
    """A game record or save that cannot be read (malformed, foreign, newer)."""
