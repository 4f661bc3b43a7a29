"""Today's code (issue 28): the daily puzzle's page (puzzlepage, the browser
adapter), its screen model (puzzleview) and its puzzles (puzzles).
"""
