"""Table mode's addresses in the page's #fragment (issue 23): read by its way in
(tableentry.py, loaded at start) and by table mode itself (tablepage.py,
loaded when used, issue 40). Pure constants."""

HOST_HASH = "#table=host"  # this phone hosts the table
JOIN_HASH = "#j="  # a guest's join code follows
JOIN_PAGE_HASH = "#table=join"  # the page where a guest pastes or scans a code
NET_HASH = "#n="  # a seat's internet link (assets/table/net.js, issue 41)
