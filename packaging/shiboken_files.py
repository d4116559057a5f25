"""Shiboken's support modules as compiled files, so that no start compiles them.

    python packaging/shiboken_files.py [PYTHON]     (default: this interpreter)

shiboken6 keeps its Python support code (``shibokensupport``: signatures, ``__feature__``) in a
zip inside its library and, at every ``import shiboken6``, compiles those modules from that
zip: about 50 ms of CPU before the kiosk's first window, from a venv and from the bundle. When
the folder ``shiboken6/files.dir`` exists, shiboken imports the same modules from it instead,
as ordinary files, so from their ``.pyc`` (PySide's own switch: ``SBK_EMBED=0`` writes the
folder from the zip). This script has PySide write it for the shiboken6 of ``PYTHON``,
compiles it (hash-based ``.pyc`` that do not depend on the files' times, so they stay valid in
a copied bundle), and writes the shiboken6 version it was made from last, as
``files.dir/VERSION_FILE``. Run again with the same shiboken6 it does nothing; after an upgrade
it writes the folder anew (pip leaves files it did not install behind). ``packaging/dev.sh``
runs it on the venv; ``packaging/kiosk-app.spec`` ships the folder in the Linux bundle.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

FILES_DIR_NAME = "files.dir"
VERSION_FILE = "kiosk-shiboken-version.txt"
EMBED_SWITCH = "SBK_EMBED"
# Asks the interpreter where its shiboken6 is and which version, without importing it.
WHERE_CODE = (
    "import importlib.metadata, importlib.util, os; "
    "print(os.path.dirname(importlib.util.find_spec('shiboken6').origin)); "
    "print(importlib.metadata.version('shiboken6'))"
)
LOADER = Path("shibokensupport") / "signature" / "loader.py"


def _run(
    python: str, args: list[str], extra_env: dict[str, str] | None, embed: str | None = None
) -> str:
    env = {k: v for k, v in os.environ.items() if k != EMBED_SWITCH}
    env.update(extra_env or {})
    if embed is not None:
        env[EMBED_SWITCH] = embed
    done = subprocess.run(
        [python, *args], env=env, capture_output=True, text=True, check=True, timeout=300
    )
    return done.stdout


def installed(python: str, extra_env: dict[str, str] | None = None) -> tuple[Path, str]:
    """The shiboken6 folder of ``python`` (run with ``extra_env`` added) and its version."""
    folder, version = _run(python, ["-c", WHERE_CODE], extra_env).split()
    return Path(folder), version


def unpacked_version(files_dir: Path) -> str | None:
    """The shiboken6 version ``files_dir`` was written from, or None (absent, or unfinished)."""
    try:
        return (files_dir / VERSION_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return None


def unpack(python: str, extra_env: dict[str, str] | None = None) -> Path:
    """Write and compile ``shiboken6/files.dir`` for the shiboken6 of ``python`` (run with
    ``extra_env`` added), unless it is there for this version already; returns the folder."""
    folder, version = installed(python, extra_env)
    files_dir = folder / FILES_DIR_NAME
    if unpacked_version(files_dir) == version and (files_dir / LOADER).is_file():
        return files_dir
    shutil.rmtree(files_dir, ignore_errors=True)
    _run(python, ["-c", "import shiboken6"], extra_env, embed="0")
    if not (files_dir / LOADER).is_file():
        raise RuntimeError(f"{EMBED_SWITCH}=0 did not write {files_dir / LOADER}")
    _run(
        python,
        ["-m", "compileall", "-q", "--invalidation-mode", "unchecked-hash", str(files_dir)],
        extra_env,
    )
    (files_dir / VERSION_FILE).write_text(version + "\n", encoding="utf-8")
    return files_dir


def main(argv: list[str] | None = None) -> int:
    """Unpack for the interpreter named on the command line (default: this one)."""
    args = sys.argv[1:] if argv is None else argv
    print(unpack(args[0] if args else sys.executable))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
