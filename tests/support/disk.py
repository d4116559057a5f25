"""A real full file system: a 1 MiB tmpfs mounted for one test, then filled to the last byte.

Mounting needs root (CAP_SYS_ADMIN); where it is refused the test is skipped with the reason.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

TMPFS_SIZE: Final = "1m"
_CHUNK: Final = 64 * 1024


@contextlib.contextmanager
def small_tmpfs(where: Path) -> Iterator[Path]:
    """A fresh tmpfs of ``TMPFS_SIZE`` at ``where`` (skip when it cannot be mounted)."""
    where.mkdir(parents=True, exist_ok=True)
    if shutil.which("mount") is None:
        pytest.skip("no mount command: a full disk cannot be made here")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE},mode=0700", "tmpfs", str(where)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs (needs root): {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)


def fill(folder: Path) -> Path:
    """Fill the file system of ``folder`` until a write fails (ENOSPC); the filler file."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (_CHUNK, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    return filler


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """An empty small tmpfs (fill it with :func:`fill` once the files under test are there)."""
    with small_tmpfs(tmp_path / "disk") as mounted:
        yield mounted
