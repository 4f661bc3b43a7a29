"""Table mode (issue 23): one phone per player, joined over WebRTC, no server.

`protocol.py` is the wire format, `host.py` the authoritative side on the
host's phone (it owns the engine), `guest.py` a guest phone's side. Pure
Python, no I/O: the page moves the text between them over data channels.
"""
