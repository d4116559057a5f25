"""packaging/strip_bundle.py: what gets stripped, and the load check that guards it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import charset_normalizer.md
import pytest

from .scripts import load_packaging_script

strip_bundle = load_packaging_script("strip_bundle")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF tooling")


def unstripped_extension() -> Path:
    """A small extension module that ships with its symbol table (charset_normalizer's md)."""
    path = Path(charset_normalizer.md.__file__)
    assert strip_bundle.has_symbol_table(path), f"{path} is stripped already; pick another"
    return path


def test_only_unstripped_elf_files_outside_dot_libs_are_candidates(tmp_path: Path) -> None:
    extension = unstripped_extension()
    shutil.copy(extension, tmp_path / "mod.cpython-311-x86_64-linux-gnu.so")
    (tmp_path / "pkg.libs").mkdir()
    shutil.copy(extension, tmp_path / "pkg.libs" / "libgrafted-1a2b3c4d.so.1")
    (tmp_path / "libfake.so.1").write_bytes(b"not an ELF file")
    (tmp_path / "liblink.so").symlink_to(tmp_path / "mod.cpython-311-x86_64-linux-gnu.so")
    stripped = tmp_path / "libstripped.so"
    shutil.copy(extension, stripped)
    subprocess.run(["strip", "--strip-unneeded", str(stripped)], check=True)

    assert strip_bundle.strippable(tmp_path) == [tmp_path / "mod.cpython-311-x86_64-linux-gnu.so"]


def test_strip_bundle_shrinks_and_the_module_still_imports(tmp_path: Path) -> None:
    extension = unstripped_extension()
    target = tmp_path / "charset_normalizer" / extension.name
    target.parent.mkdir()
    shutil.copy(extension, target)

    count, saved = strip_bundle.strip_bundle(tmp_path)

    assert count == 1
    assert 0 < saved == extension.stat().st_size - target.stat().st_size
    assert not strip_bundle.has_symbol_table(target)
    assert strip_bundle.load_failures([target], [tmp_path]) == {}


def test_load_check_catches_a_library_that_strip_broke(tmp_path: Path) -> None:
    """PySide6's FFmpeg libraries were edited by patchelf; stripping them again breaks them.
    strip_bundle leaves them alone (no symbol table) and its load check would catch it."""
    import PySide6

    qt_lib = Path(PySide6.__file__).parent / "Qt" / "lib"
    libraries = sorted(qt_lib.glob("libavutil.so.*"))
    if not libraries:
        pytest.skip("this PySide6 ships no FFmpeg")
    library = tmp_path / libraries[0].name
    shutil.copy(libraries[0], library)
    assert not strip_bundle.has_symbol_table(library)
    assert strip_bundle.strippable(tmp_path) == []
    assert strip_bundle.load_failures([library], [tmp_path, qt_lib]) == {}

    subprocess.run(["strip", "--strip-unneeded", str(library)], check=True)

    failures = strip_bundle.load_failures([library], [tmp_path, qt_lib])
    assert list(failures) == [str(library)]
    assert "page-aligned" in failures[str(library)]
