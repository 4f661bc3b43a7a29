"""The page of the second game, «Тайные камни» (issue 43): loaded only when
chosen (lostcode/web/stonesentry.py)."""
