"""The Bot lab's bot at the game's table (issue 14): its seat in a session
(labseat) and the page's bridge to its worker (labbridge, the browser adapter).
"""
