"""packaging/trim_icu.py: which ICU items go, and a trimmed library Qt really runs on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .scripts import load_packaging_script

trim_icu = load_packaging_script("trim_icu")

ITEMS = [
    "root.res",
    "en.res",
    "en_CA.res",
    "en_001.res",
    "fr.res",
    "fr_CA.res",
    "de.res",
    "sr_Latn_BA.res",
    "zh_Hant.res",
    "pool.res",
    "res_index.res",
    "coll/res_index.res",
    "supplementalData.res",
    "zoneinfo64.res",
    "metaZones.res",
    "likelySubtags.res",
    "uprops.icu",
    "nfkc.nrm",
    "cnvalias.icu",
    "ibm-1047_P100-1995.cnv",
    "gb18030.cnv",
    "coll/root.res",
    "coll/fr_CA.res",
    "coll/de.res",
    "coll/de_.res",
    "coll/ucadata.icu",
    "brkitr/root.res",
    "brkitr/word.brk",
    "brkitr/cjdict.dict",
    "brkitr/ja.res",
    "translit/root.res",
    "translit/Latin_ASCII.res",
    "zone/fr.res",
    "zone/es_MX.res",
    "zone/pool.res",
    "curr/supplementalData.res",
]


def test_other_locales_converters_and_transliterators_are_removed() -> None:
    removed = trim_icu.removable_items(ITEMS)
    assert removed == [
        "de.res",
        "sr_Latn_BA.res",
        "zh_Hant.res",
        "ibm-1047_P100-1995.cnv",
        "gb18030.cnv",
        "coll/de.res",
        "coll/de_.res",
        "brkitr/ja.res",
        "translit/root.res",
        "translit/Latin_ASCII.res",
        "zone/es_MX.res",
    ]


def test_languages_to_keep_are_a_parameter() -> None:
    removed = trim_icu.removable_items(["en.res", "de.res", "de_AT.res", "root.res"], ["de"])
    assert removed == ["en.res"]


def test_a_library_without_icu_data_is_refused(tmp_path: Path) -> None:
    with pytest.raises(trim_icu.TrimError, match="no icudtNN_dat"):
        trim_icu.trim(Path(sys.executable).resolve(), tmp_path)


PROBE = """
from PySide6.QtCore import QCollator, QLocale, QStringDecoder
compare = lambda locale, a, b: QCollator(QLocale(locale)).compare(a, b)
print("fr_CA", compare("fr_CA", "côte", "coté") < 0)
print("sv", compare("sv_SE", "ö", "z") < 0)
print("shift_jis", QStringDecoder("Shift_JIS").isValid())
"""


def run_probe(library_dir: Path | None) -> dict[str, bool]:
    """Qt's answers to ICU questions, with Qt's ICU data taken from ``library_dir`` if given."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if library_dir is not None:
        # Qt's libraries carry RUNPATH, which LD_LIBRARY_PATH overrides.
        env["LD_LIBRARY_PATH"] = str(library_dir)
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    answers = (line.split() for line in result.stdout.splitlines())
    return {name: value == "True" for name, value in answers}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PySide6 ships ICU on Linux")
def test_trimmed_library_serves_french_collation_and_drops_the_rest(tmp_path: Path) -> None:
    import PySide6

    libraries = sorted((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    assert len(libraries) == 1, libraries
    trimmed = trim_icu.trim(libraries[0], tmp_path)

    assert trimmed.name == libraries[0].name
    assert trimmed.stat().st_size < libraries[0].stat().st_size / 3
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == [
        trimmed.name,
        "removed.txt",
    ]
    # Full data: French accent order in fr_CA (côte < coté), Swedish ö after z, Shift_JIS.
    assert run_probe(None) == {"fr_CA": True, "sv": False, "shift_jis": True}
    # Trimmed: French kept; Swedish falls back to root order (ö with o); no legacy code pages.
    assert run_probe(trimmed.parent) == {"fr_CA": True, "sv": True, "shift_jis": False}
