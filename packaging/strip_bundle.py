"""Strip symbol tables from the bundle's shared libraries, then prove each one still loads.

Many wheels ship their extension modules and libraries with full symbol tables (cryptography's
Rust core, PySide6's ICU, the NumPy built here, Pillow's core): about 8 MB of a Linux bundle
that nothing reads at run time. ``strip --strip-unneeded`` removes them and keeps what the
dynamic linker needs.

PyInstaller's own ``strip=True`` is not used: it strips everything, and once broke NumPy's
OpenBLAS (a library auditwheel had rewritten: "ELF load command ... not page-aligned"). Here
the libraries auditwheel grafted into ``<project>.libs/`` folders are left alone, and every
stripped file is loaded with ``dlopen`` afterwards, in a separate process, so a library that
stripping damaged fails the build instead of a desk.

Used by packaging/kiosk-app.spec; by hand:
  python packaging/strip_bundle.py dist/kiosk-app/_internal
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
# dlopen each path given on the command line lazily; print the ones that fail.
_LOAD_CHECK = """
import ctypes, os, sys
failed = []
for path in sys.argv[1:]:
    try:
        ctypes.CDLL(path, mode=os.RTLD_LAZY | os.RTLD_LOCAL)
    except OSError as error:
        failed.append(f"{path}: {error}")
print("\\n".join(failed))
sys.exit(1 if failed else 0)
"""


class StripError(RuntimeError):
    """strip failed, or a stripped library no longer loads."""


def is_elf(path: Path) -> bool:
    """Whether ``path`` is a regular file (not a symlink) holding an ELF object."""
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as handle:
        return handle.read(4) == ELF_MAGIC


def has_symbol_table(path: Path) -> bool:
    """Whether the ELF file still carries a ``.symtab`` section (i.e. is not stripped yet)."""
    result = subprocess.run(
        ["readelf", "-S", "-W", str(path)], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise StripError(f"readelf {path}: {result.stderr.strip()}")
    return " .symtab " in result.stdout


def strippable(root: Path) -> list[Path]:
    """Unstripped shared libraries and extension modules under ``root``.

    Already-stripped files stay untouched: strip rewrites the layout of a library patchelf
    edited (FFmpeg's, NumPy's OpenBLAS), which then no longer loads. So do auditwheel's .libs.
    """
    return sorted(
        path
        for path in root.rglob("*.so*")
        if is_elf(path)
        and not any(part.endswith(".libs") for part in path.parts)
        and has_symbol_table(path)
    )


def load_failures(paths: Iterable[Path], library_path: Iterable[Path]) -> dict[str, str]:
    """``dlopen`` every path in a child process; {path: error} for those that fail."""
    names = [str(path) for path in paths]
    env = {"LD_LIBRARY_PATH": ":".join(str(p) for p in library_path)}
    result = subprocess.run(
        [sys.executable, "-c", _LOAD_CHECK, *names],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=600,
    )
    if result.returncode not in (0, 1):
        raise StripError(f"the load check crashed ({result.returncode}): {result.stderr[-2000:]}")
    failures = (line.split(": ", 1) for line in result.stdout.splitlines() if ": " in line)
    return {path: error for path, error in failures}


def strip_bundle(internal: Path) -> tuple[int, int]:
    """Strip every library under ``internal`` (a bundle's ``_internal``) and check each loads.

    Returns (files stripped, bytes saved)."""
    paths = strippable(internal)
    # Qt's and ICU's libraries find each other through LD_LIBRARY_PATH here, as through the
    # bootloader's search path in the bundle. Some load only where their system libraries
    # are installed (e.g. a KMS plugin): only a library that loaded before must load after.
    library_path = [internal, internal / "PySide6" / "Qt" / "lib"]
    failing_before = load_failures(paths, library_path)
    before = sum(path.stat().st_size for path in paths)
    for path in paths:
        result = subprocess.run(
            ["strip", "--strip-unneeded", str(path)], capture_output=True, text=True, check=False
        )
        if result.returncode != 0:
            raise StripError(f"strip {path}: {result.stderr.strip()}")
    broken = {
        path: error
        for path, error in load_failures(paths, library_path).items()
        if path not in failing_before
    }
    if broken:
        details = "\n".join(f"{path}: {error}" for path, error in broken.items())
        raise StripError(f"libraries no longer load after strip:\n{details}")
    return len(paths), before - sum(path.stat().st_size for path in paths)


def main(argv: list[str]) -> int:
    """Command line: strip_bundle.py BUNDLE/_internal."""
    if len(argv) != 1:
        print(__doc__)
        return 2
    try:
        count, saved = strip_bundle(Path(argv[0]))
    except StripError as error:
        print(f"strip_bundle: {error}", file=sys.stderr)
        return 1
    print(f"strip_bundle: {count} libraries stripped, {saved / 1e6:.1f} MB saved")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
