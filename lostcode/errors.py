"""The two ways input can be wrong: an illegal move, or a bad record."""


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    `rule` names the rule ID (R-...) that forbids it, so the UI and the tests
    can point at RULES.md; the message says in plain words what is wrong.
    """

    def __init__(self, rule: str, message: str):
        ValueError.__init__(self, rule + ": " + message)
        self.rule = rule
        self.text = message


class RecordError(ValueError):
    """A game record or save that cannot be read (malformed, foreign, newer)."""
