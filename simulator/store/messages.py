"""Database failures in plain words.

Drivers say ``sqlite3.OperationalError: unable to open database file`` and
SQLAlchemy appends "Background on this error at: https://sqlalche.me/...";
a user needs "is a directory", "not an SQLite database", "read-only", "its
directory does not exist", "the server refused the connection",
"authentication failed". `explain` turns a driver exception (and what is on
disk at the path) into one such sentence; the store raises it as
`DatabaseUnavailable` (exit 4).
"""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any, Protocol


class URL(Protocol):
    """What is read of a database's URL here: SQLAlchemy's URL, or `engines.SqliteFile`."""

    @property
    def database(self) -> str | None: ...
    @property
    def host(self) -> str | None: ...
    @property
    def port(self) -> int | None: ...
    @property
    def username(self) -> str | None: ...
    def get_backend_name(self) -> str: ...
    def render_as_string(self, hide_password: bool = True) -> Any: ...

__all__ = ["explain", "where", "sqlite_path_problem", "SQLITE_BUSY_TIMEOUT_S", "busy_timeout"]

#: how long an SQLite connection waits on another process's lock before it gives up (one wait:
#: the message says it); `SIMULATOR_SQLITE_BUSY_TIMEOUT` (seconds) changes it
SQLITE_BUSY_TIMEOUT_S = 30.0


def busy_timeout() -> float:
    """The lock wait in seconds: `SIMULATOR_SQLITE_BUSY_TIMEOUT`, else 30."""
    try:
        value = float(os.environ.get("SIMULATOR_SQLITE_BUSY_TIMEOUT", SQLITE_BUSY_TIMEOUT_S))
    except ValueError:
        return SQLITE_BUSY_TIMEOUT_S
    return value if 0 <= value <= 3600 else SQLITE_BUSY_TIMEOUT_S


def where(url: URL) -> str:
    """How to name the database to a user: the SQLite file path, or the URL without password."""
    if url.get_backend_name() == "sqlite":
        return url.database or ":memory:"
    return url.render_as_string(hide_password=True)


def sqlite_path_problem(path: str, *, writing: bool) -> str | None:
    """What is wrong with an SQLite file path on disk, or None if nothing is visible."""
    p = Path(path)
    parent = p.parent
    if p.is_dir():
        return "is a directory, not a database file"
    if p.exists() and not p.is_file():
        try:
            kind = "a device" if stat.S_ISCHR(p.stat().st_mode) or stat.S_ISBLK(p.stat().st_mode) \
                else "not a regular file"
        except OSError:
            kind = "not a regular file"
        return f"is {kind}, not a database file"
    if not parent.exists():
        return f"its directory {parent} does not exist"
    if not parent.is_dir():
        return f"its parent {parent} is not a directory"
    if p.exists() and not os.access(p, os.R_OK):
        return "is not readable (permission denied)"
    if writing and _read_only_fs(parent):
        return "is on a read-only file system"
    if writing and p.exists() and not os.access(p, os.W_OK):
        return "is read-only (no write permission on the file)"
    if writing and not os.access(parent, os.W_OK):
        return f"is read-only here (no write permission on its directory {parent})"
    return None


def _read_only_fs(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _disk_full(path: str) -> bool:
    """No free block left on the file system holding `path` (SQLite reports a full tmpfs as
    a disk I/O error when it cannot grow its shared-memory file)."""
    try:
        st = os.statvfs(Path(path).parent)
    except OSError:
        return False
    return st.f_bavail == 0


def _sqlite_message(url: URL, text: str, writing: bool, busy_timeout_s: float) -> str:
    path = url.database or ""
    low = text.lower()
    if "file is not a database" in low or "not a database" in low:
        return "is not an SQLite database (or its header is corrupt)"
    if "malformed" in low or "corrupt" in low:
        return "is corrupt (the SQLite file is malformed)"
    if "readonly" in low or "read-only" in low:
        found = sqlite_path_problem(path, writing=True) if path else None
        return found or "is read-only (the file system or the file refuses writes)"
    if "disk is full" in low or "database or disk is full" in low:
        return "cannot be written: the disk is full"
    if "locked" in low or "busy" in low:
        return (f"is locked by another process (gave up after waiting {busy_timeout_s:g} s; "
                "try again once it is done)")
    if "disk i/o error" in low and path and _disk_full(path):
        return "cannot be written: the disk is full"
    for words, fallback in (("unable to open", "cannot be opened"), ("cannot open", "cannot be opened"),
                            ("disk i/o error", "cannot be read or written (disk I/O error)")):
        if words in low:
            found = sqlite_path_problem(path, writing=writing) if path else None
            return found or fallback
    if "no such table" in low:
        return "is not a simulator database (its tables are missing)"
    return text


def _server_message(url: URL, text: str) -> str:
    low = text.lower()
    host = f"{url.host or 'localhost'}{':' + str(url.port) if url.port else ''}"
    if "password authentication failed" in low or "authentication failed" in low:
        return f"authentication failed for user {url.username!r}"
    if "no password supplied" in low:
        return f"the server wants a password for user {url.username!r} and none was given"
    if "does not exist" in low and "database" in low:
        return f"the server has no database named {url.database!r}"
    if "role" in low and "does not exist" in low:
        return f"the server has no user {url.username!r}"
    if "connection refused" in low:
        return f"the server at {host} refused the connection (is it running?)"
    if "could not translate host name" in low or "name or service not known" in low \
            or "nodename nor servname" in low:
        return f"unknown host {url.host!r}"
    if "timeout" in low or "timed out" in low:
        return f"the server at {host} did not answer in time"
    if "no space left" in low or "disk full" in low:
        return "cannot be written: the server's disk is full"
    if "read-only" in low or "read only" in low:
        return "is read-only (the server refuses writes)"
    if "terminating connection" in low or "server closed the connection" in low:
        return f"the server at {host} closed the connection"
    return text.splitlines()[0] if text else "database error"


def explain(url: URL, exc: BaseException, *, writing: bool = False, busy_timeout_s: float | None = None) -> str:
    """``"<database>: <what is wrong>"`` for a driver or SQLAlchemy exception (`busy_timeout_s`:
    how long SQLite waited on a lock, said in the message; default `SQLITE_BUSY_TIMEOUT_S`)."""
    if busy_timeout_s is None:
        busy_timeout_s = busy_timeout()
    sa_exc = sys.modules.get("sqlalchemy.exc")   # not imported: `exc` is the driver's own
    orig = getattr(exc, "orig", None) if sa_exc is not None and isinstance(exc, sa_exc.DBAPIError) else None
    base = orig if orig is not None else exc
    text = str(base).split("\n(Background on this error")[0].strip()
    if isinstance(base, OSError) and getattr(base, "strerror", None):
        text = base.strerror or text
    if url.get_backend_name() == "sqlite":
        why = _sqlite_message(url, text, writing, busy_timeout_s)
    else:
        why = _server_message(url, text)
    return f"database {where(url)}: {why}"
