"""Crash-safe small-file writes: a temporary file in the same directory, fsync, then rename.

A reader sees either the old file or the new one, never a half-written one, even when the
process is killed mid-write or the machine loses power (the directory entry is synced too).
A killed writer can leave its temporary file behind; :func:`remove_stale_temp_files` deletes
such leftovers, and nothing ever reads them.

Reading: :func:`read_regular_file` is how the kiosk reads every file it is given (settings,
managed file, PIN, secrets, token file, payloads, pictures, corpus): opened without blocking and
refused unless it is a regular file, so a FIFO or a device put in a file's place never hangs
the kiosk at start (a FIFO with no writer would block a plain ``open()`` for good).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Final

OWNER_ONLY: Final = 0o600
# Folders the kiosk creates (config, data, logs, and any missing parent): owner-only whatever
# the umask; under ``umask 000`` a plain mkdir would make them world-writable.
PRIVATE_DIR: Final = 0o700
# A temporary file older than this was left by a killed writer, not by one still at work.
STALE_TEMP_AGE_S: Final = 60.0
TEMP_SUFFIX: Final = ".tmp"


NOT_REGULAR: Final = "not a regular file (a FIFO, a device or a folder)"


class NotRegularFileError(OSError):
    """The path is a FIFO, a device, a socket or a folder: never read (it could block)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.EINVAL, NOT_REGULAR, os.fspath(path))


# Opening a FIFO with O_NONBLOCK returns at once (no writer needed); O_BINARY: no CRLF
# translation on Windows, where os.open is text mode by default. Neither exists everywhere.
_READ_FLAGS: Final = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path`` (the caller refuses more).

    Opened without blocking, then checked on the open descriptor (no race with a rename):
    anything but a regular file raises :class:`NotRegularFileError`; a missing file raises
    ``FileNotFoundError``, and any other failure its ``OSError``.
    """
    fd = os.open(path, _READ_FLAGS)
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    if not regular:
        os.close(fd)
        raise NotRegularFileError(path)
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit + 1)


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def ensure_private_dir(directory: Path) -> Path:
    """Create ``directory`` and its missing parents as owner-only (``PRIVATE_DIR``) folders.

    Folders that already exist are left as they are. ``mkdir``'s mode is reduced by the umask,
    never widened, so the result is at most ``PRIVATE_DIR`` under any umask.
    """
    missing: list[Path] = []
    current = directory
    while not current.is_dir() and current.parent != current:
        missing.append(current)
        current = current.parent
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile by another process
            folder.mkdir(mode=PRIVATE_DIR)
    return directory


def create_private_file(path: Path) -> None:
    """Create ``path`` empty and owner-only if it does not exist (before a library opens it
    with the umask's permissions: SQLite, a log handler)."""
    ensure_private_dir(path.parent)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY))


def atomic_write_bytes(target: Path, data: bytes, *, mode: int = OWNER_ONLY) -> None:
    """Replace ``target`` with ``data`` atomically; the file gets permission bits ``mode``."""
    ensure_private_dir(target.parent)
    fd, tmp_name = tempfile.mkstemp(
        prefix=_temp_prefix(target), suffix=TEMP_SUFFIX, dir=target.parent
    )
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode != OWNER_ONLY:  # mkstemp already created it owner-only
            tmp.chmod(mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_directory(target.parent)


def atomic_write_text(target: Path, text: str, *, mode: int = OWNER_ONLY) -> None:
    """Replace ``target`` with UTF-8 ``text`` atomically (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(target, text.encode("utf-8"), mode=mode)


def remove_stale_temp_files(target: Path, *, older_than_s: float = STALE_TEMP_AGE_S) -> int:
    """Delete temporary files a killed writer of ``target`` left behind; returns how many."""
    if not target.parent.is_dir():
        return 0
    cutoff = time.time() - older_than_s
    removed = 0
    for leftover in target.parent.glob(f"{_temp_prefix(target)}*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if leftover.stat().st_mtime <= cutoff:
                leftover.unlink()
                removed += 1
    return removed


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable; not possible (nor needed) on Windows."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
