"""Shrink Qt's ICU data library for the bundle to the data an English/French kiosk needs.

PySide6's Linux wheels ship ICU 73, whose data library ``libicudata.so.73`` (31 MB, an eighth of
the bundle) holds every locale of CLDR, every legacy code-page converter and every
transliterator. Qt Core links it, so it cannot be left out; it can be rebuilt smaller. This
keeps what any ICU service needs (character properties, normalisation, break rules and their
dictionaries, collation base data, time zones, supplemental data) and the resource bundles of
the root locale and of every English and French locale, and drops the other locales' bundles,
the ``.cnv`` converters (the kiosk reads AAMVA text in Python, never through Qt codecs) and the
transliterators: 31 MB -> about 9 MB. A locale that was dropped falls back to root data.

How (Linux, tools from Debian's binutils and icu-devtools):
  1. ``objcopy`` copies the library's ``.rodata`` section, which is the ``icudtNN_dat``
     common-data package, to a ``.dat`` file (checked against the symbol's size and ICU's magic);
  2. ``icupkg -l`` lists its items, ``icupkg -r`` writes a package without the dropped ones
     (icupkg refuses a result where a kept item depends on a dropped one);
  3. ``as`` and ``ld`` wrap the smaller package in a library with the same soname and symbol.

Used by packaging/kiosk-app.spec; by hand:
  python packaging/trim_icu.py PATH/TO/libicudata.so.73 OUT_DIR
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

# Languages whose locale data stays (plus root, every locale's last fallback).
KEPT_LANGUAGES = ("en", "fr")
# A locale's resource bundle: "fr.res", "fr_CA.res", "en_001.res", "sr_Latn_BA.res", "de_.res".
_LOCALE_BUNDLE = re.compile(r"^(?P<language>[a-z]{2,3})(?:_[A-Za-z0-9]*)*\.res$")
# Each tree's index of its locales: shaped like a locale name, but data every lookup reads.
_LOCALE_INDEX = "res_index.res"
# Item families that serve no English/French kiosk: legacy code pages, transliteration rules.
_DROPPED_SUFFIXES = (".cnv",)
_DROPPED_FOLDERS = ("translit/",)
_DATA_SYMBOL = re.compile(r"\b(icudt\d+_dat)\b")
# Bytes 2 and 3 of every ICU data file (MappedData.magic1, magic2).
_ICU_MAGIC = b"\xda\x27"


class TrimError(RuntimeError):
    """The library is not the ICU data library this script understands, or a tool failed."""


def removable_items(items: Iterable[str], languages: Iterable[str] = KEPT_LANGUAGES) -> list[str]:
    """Items of an ICU data package (``icupkg -l`` names) to remove, in their given order."""
    kept_languages = set(languages)
    removed = []
    for item in items:
        name = item.rsplit("/", 1)[-1]
        locale = None if name == _LOCALE_INDEX else _LOCALE_BUNDLE.match(name)
        if (
            name.endswith(_DROPPED_SUFFIXES)
            or item.startswith(_DROPPED_FOLDERS)
            or (locale is not None and locale.group("language") not in kept_languages)
        ):
            removed.append(item)
    return removed


def _run(command: list[str]) -> str:
    try:
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError as error:
        raise TrimError(f"{command[0]} is not installed (binutils, icu-devtools)") from error
    if result.returncode != 0:
        raise TrimError(f"{' '.join(command)} failed: {result.stderr.strip()[-2000:]}")
    return result.stdout


def data_symbol(library: Path) -> tuple[str, int]:
    """Name and size of the library's exported ``icudtNN_dat`` symbol."""
    for line in _run(["readelf", "--dyn-syms", "-W", str(library)]).splitlines():
        match = _DATA_SYMBOL.search(line)
        fields = line.split()
        if match and len(fields) >= 3 and fields[6:7] != ["UND"]:
            return match.group(1), int(fields[2], 0)
    raise TrimError(f"{library} exports no icudtNN_dat symbol: not an ICU data library")


def extract_package(library: Path, symbol: str, size: int, out: Path) -> None:
    """Copy the library's common-data package (``symbol``, ``size`` bytes) to ``out``."""
    _run(["objcopy", "-O", "binary", "--only-section=.rodata", str(library), str(out)])
    data = out.read_bytes()
    if len(data) != size or data[2:4] != _ICU_MAGIC:
        raise TrimError(
            f"{library}: .rodata is {len(data)} bytes, {symbol} {size}: not the layout "
            "this script knows (the data must be the whole .rodata section)"
        )


def package_items(package: Path) -> list[str]:
    """The item names of an ICU ``.dat`` package."""
    return [line.strip() for line in _run(["icupkg", "-l", str(package)]).splitlines() if line]


def link_data_library(package: Path, symbol: str, soname: str, out: Path) -> None:
    """Build a shared library ``out`` exporting ``symbol`` = the bytes of ``package``."""
    source = out.with_suffix(".s")
    source.write_text(
        "\t.section .rodata\n"
        f"\t.globl {symbol}\n"
        f"\t.type {symbol}, @object\n"
        "\t.balign 16\n"
        f"{symbol}:\n"
        f'\t.incbin "{package.resolve()}"\n'
        f"\t.size {symbol}, . - {symbol}\n"
        '\t.section .note.GNU-stack,"",@progbits\n',
        encoding="ascii",
    )
    obj = out.with_suffix(".o")
    _run(["as", "-o", str(obj), str(source)])
    _run(["ld", "-shared", "-soname", soname, "-o", str(out), str(obj)])
    source.unlink()
    obj.unlink()


def trim(library: Path, work_dir: Path, languages: Iterable[str] = KEPT_LANGUAGES) -> Path:
    """Write a trimmed copy of ``library`` (same file name) into ``work_dir``; return it."""
    work_dir.mkdir(parents=True, exist_ok=True)
    symbol, size = data_symbol(library)
    # icupkg wants the file named like the package: icudt73l.dat (l: little-endian).
    full = work_dir / f"{symbol.removesuffix('_dat')}{sys.byteorder[0]}.dat"
    extract_package(library, symbol, size, full)
    removed = removable_items(package_items(full), languages)
    listing = work_dir / "removed.txt"
    listing.write_text("".join(f"{item}\n" for item in removed), encoding="utf-8")
    # Same file name: icupkg prefixes the items of its output with the output's name.
    trimmed = work_dir / "trimmed" / full.name
    trimmed.parent.mkdir(exist_ok=True)
    trimmed.unlink(missing_ok=True)
    _run(["icupkg", "-r", str(listing), str(full), str(trimmed)])
    if not trimmed.is_file():  # icupkg exits non-zero on a broken dependency; belt and braces
        raise TrimError(f"icupkg wrote no package; items removed: {listing}")
    out = work_dir / library.name
    link_data_library(trimmed, symbol, library.name, out)
    full.unlink()
    trimmed.unlink()
    trimmed.parent.rmdir()
    return out


def main(argv: list[str]) -> int:
    """Command line: trim_icu.py LIBRARY OUT_DIR."""
    if len(argv) != 2:
        print(__doc__)
        return 2
    library, out_dir = Path(argv[0]), Path(argv[1])
    try:
        trimmed = trim(library, out_dir)
    except TrimError as error:
        print(f"trim_icu: {error}", file=sys.stderr)
        return 1
    before, after = library.stat().st_size, trimmed.stat().st_size
    print(f"trim_icu: {library.name} {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB ({trimmed})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
