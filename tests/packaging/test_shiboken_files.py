"""packaging/shiboken_files.py: shiboken's support modules written as compiled files, which a
fresh interpreter then imports instead of compiling them from shiboken's library.

Each test works on a copy of the installed shiboken6 package (put first on ``PYTHONPATH``), so
the venv's own shiboken6 folder, which other tests' processes import, is never touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import shiboken6

from .scripts import load_packaging_script

shiboken_files = load_packaging_script("shiboken_files")
FILES_DIR_NAME = shiboken_files.FILES_DIR_NAME
LOADER = shiboken_files.LOADER
VERSION_FILE = shiboken_files.VERSION_FILE
installed = shiboken_files.installed
unpack = shiboken_files.unpack
unpacked_version = shiboken_files.unpacked_version

CHILD_TIMEOUT_S = 120


@pytest.fixture
def copy_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose ``import shiboken6`` finds a copy of the installed package."""
    source = Path(shiboken6.__file__).resolve().parent
    shutil.copytree(source, tmp_path / "shiboken6", ignore=shutil.ignore_patterns(FILES_DIR_NAME))
    return {"PYTHONPATH": str(tmp_path)}


def _loader_file(env: dict[str, str]) -> str:
    """Where a fresh interpreter with ``env`` imports shiboken's signature loader from."""
    code = (
        "import sys, shiboken6; "
        "print(sys.modules['shibokensupport.signature.loader'].__spec__.origin)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**_base_env(), **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=CHILD_TIMEOUT_S,
    )
    return done.stdout.strip()


def _base_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("SBK_EMBED", "PYTHONPATH")}


def test_the_copy_is_the_shiboken_the_script_finds(copy_env: dict[str, str]) -> None:
    folder, version = installed(sys.executable, copy_env)
    assert folder == Path(copy_env["PYTHONPATH"]) / "shiboken6"
    assert version == shiboken6.__version__


def test_without_the_folder_the_support_modules_come_from_the_library(
    copy_env: dict[str, str],
) -> None:
    assert FILES_DIR_NAME not in _loader_file(copy_env)


def test_unpacked_the_support_modules_load_from_compiled_files(copy_env: dict[str, str]) -> None:
    files_dir = unpack(sys.executable, copy_env)
    assert files_dir == Path(copy_env["PYTHONPATH"]) / "shiboken6" / FILES_DIR_NAME
    assert unpacked_version(files_dir) == shiboken6.__version__
    compiled = list((files_dir / LOADER).parent.glob("__pycache__/loader.*.pyc"))
    assert compiled, "the loader was not compiled"
    assert _loader_file(copy_env) == str(files_dir / LOADER)


def test_unpacking_again_for_the_same_version_changes_nothing(copy_env: dict[str, str]) -> None:
    files_dir = unpack(sys.executable, copy_env)
    stamp = files_dir / VERSION_FILE
    (files_dir / LOADER).with_name("kept.txt").write_text("still here", encoding="utf-8")
    assert unpack(sys.executable, copy_env) == files_dir
    assert (files_dir / LOADER).with_name("kept.txt").is_file()
    assert unpacked_version(files_dir) == stamp.read_text(encoding="utf-8").strip()


@pytest.mark.parametrize("stamp", ["0.0.1", None], ids=["other version", "unfinished"])
def test_a_folder_of_another_version_or_unfinished_is_written_anew(
    copy_env: dict[str, str], stamp: str | None
) -> None:
    files_dir = unpack(sys.executable, copy_env)
    leftover = (files_dir / LOADER).with_name("leftover.txt")
    leftover.write_text("from before", encoding="utf-8")
    if stamp is None:
        (files_dir / VERSION_FILE).unlink()
    else:
        (files_dir / VERSION_FILE).write_text(stamp, encoding="utf-8")
    assert unpack(sys.executable, copy_env) == files_dir
    assert not leftover.exists()
    assert unpacked_version(files_dir) == shiboken6.__version__
    assert _loader_file(copy_env) == str(files_dir / LOADER)
