"""packaging/deb/build_deb.py: the packages the bundle's system libraries come from."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .scripts import load_packaging_script

build_deb = load_packaging_script("deb/build_deb")

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("dpkg-query") is None,
    reason="needs dpkg",
)


def libc_path() -> str:
    """Where this machine's C library is (``ldd`` of the Python interpreter)."""
    out = subprocess.run(["ldd", sys.executable], capture_output=True, text=True, check=True)
    return next(
        line.split("=>")[1].split()[0] for line in out.stdout.splitlines() if "libc.so" in line
    )


def test_one_query_names_the_owner_of_each_library_or_none(tmp_path: Path) -> None:
    stray = tmp_path / "libstray.so.1"
    stray.write_bytes(b"")
    libc = libc_path()
    owners = build_deb.owning_packages([libc, str(stray)])
    assert owners == {libc: "libc6", str(stray): None}


def test_a_library_known_to_dpkg_only_by_its_other_usr_path_is_found() -> None:
    # Merged /usr: the loader may report /lib/... where dpkg lists /usr/lib/... or the reverse.
    libc = libc_path()
    other = libc[4:] if libc.startswith("/usr/") else "/usr" + libc
    assert build_deb.owning_packages([other]) == {other: "libc6"}


def test_no_libraries_need_no_query() -> None:
    assert build_deb.owning_packages([]) == {}
