"""«Тайные камни» (Shifting Stones), the project's second game: its rules as a
pure-Python package beside the Lost Code's `lostcode/rules/` (docs/stones.md,
rule IDs S-... in docs/stones-rules.md). Nothing here imports the page, the
clock or the stdlib `random`, so records replay alike on every runtime."""
