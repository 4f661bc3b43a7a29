"""Table mode in the page (issue 23): one phone per player. The browser
adapter, bottom up: tableparts (section, heading, status), tabledraw (a
phone's screen drawn, and what follows it on the host), tablehost (lobby,
seats), tablechannels (the bridge's reports), tableguest (joining, a move),
tablepage (the way in and its actions), with tablecodes (join codes and
camera) and tableentry (loaded at start); a phone's screen from an
observation is tablescreen. The host and the guest themselves are
lostcode/table/, below the page.
"""
