"""Saved games (issue 38): a session to a save and back and the saves list's
model (persist), one storage key per game with its revisions across tabs
(slots); the browser adapter's storage and compare-and-set (storage) and the
saved games' list (savespage). Part of the shell (lostcode/web/shell/).
"""
