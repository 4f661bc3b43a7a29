"""Paths named on the command line: only regular files are read or written.

Issue 44: `replay` of a named pipe (FIFO) with no writer waited for ever, and
a device or a directory is no record either; `selfplay --record ""` wrote
nothing and said nothing. Every file is opened without blocking and checked
to be a regular file before a byte is read or written, and every problem is
one sentence (PathProblem), never a traceback. CPython only (the command line).
"""

import os
import stat

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # absent on Windows, where FIFOs do not block so


class PathProblem(Exception):
    """A path that cannot be used, with the sentence that says why."""


def _kind(mode) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _why(e: OSError) -> str:
    return str(e.strerror or e)


def read_regular(path: str, limit: int, verb: str = "read") -> bytes:
    """At most `limit` + 1 bytes of the regular file at `path` (the caller
    tells "too large" by the extra byte); PathProblem otherwise."""
    if not path:
        raise PathProblem("cannot " + verb + " the file: the path is empty")
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK)
    except OSError as e:
        raise PathProblem("cannot " + verb + " " + path + ": " + _why(e)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise PathProblem("cannot " + verb + " " + path + ": it is " + _kind(mode)
                              + ", not a file")
        with os.fdopen(fd, "rb") as fh:
            fd = -1  # closed with the file object
            return fh.read(limit + 1)
    except OSError as e:
        raise PathProblem("cannot " + verb + " " + path + ": " + _why(e)) from None
    finally:
        if fd >= 0:
            os.close(fd)


def write_regular(path: str, text: str, encoding: str = "utf-8") -> None:
    """Write `text` to the regular file at `path` (made if missing); a named
    pipe, a device or a folder there is refused, never waited on."""
    if not path:
        raise PathProblem("cannot write the file: the path is empty")
    try:
        if os.path.lexists(path):
            mode = os.stat(path).st_mode
            if not stat.S_ISREG(mode):
                raise PathProblem("cannot write " + path + ": it is " + _kind(mode)
                                  + ", not a file")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NONBLOCK, 0o666)
    except OSError as e:
        raise PathProblem("cannot write " + path + ": " + _why(e)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped in after the check above
            raise PathProblem("cannot write " + path + ": it is " + _kind(mode) + ", not a file")
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
            fd = -1
            fh.write(text)
    except OSError as e:
        raise PathProblem("cannot write " + path + ": " + _why(e)) from None
    finally:
        if fd >= 0:
            os.close(fd)
