"""The Lost Code's own screens (issue 38): what knows this game's rules.
The session and its drafts (session, drafts), the screen models (views,
betscreens, resultscreens, tableview, with board, chart, sheet, assistant,
solo, viewer, tutorial), the words of its moves and reasons (describe,
reasons, names), the set-up page's static text (page); and the browser
adapter's game page and set-up form (gamepage, setuppage).
"""
