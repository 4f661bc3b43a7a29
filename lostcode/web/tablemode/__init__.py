"""Table mode in the page (issue 23): one phone per player. The page
(tablepage) and its join codes and camera (tablecodes), the browser adapter;
a phone's screen from an observation (tablescreen). The host and the guest
themselves are lostcode/table/, below the page.
"""
