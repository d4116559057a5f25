"""packaging/windows/wine_harness.py: the pieces that need no Wine (the build itself is
tests/packaging/test_windows.py, slow)."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from .scripts import load_packaging_script

harness = load_packaging_script("windows/wine_harness")

COMPLEX_SOURCE = harness.STANDINS / "ucrtbase_complex.c"


def test_the_ucrtbase_stand_in_implements_the_complex_functions_numpy_imports() -> None:
    own = harness.complex_functions(COMPLEX_SOURCE)
    # What NumPy 2.4's win_amd64 extension modules import from the CRT's complex maths.
    for name in ("crealf", "cimag", "creall", "cabsf", "cargl", "cexpf", "cpow", "ctanhl"):
        assert name in own, name
    assert "cos" not in own and "_Cbuild" not in own


def test_the_ucrtbase_def_forwards_every_other_export_to_wines_own() -> None:
    text = harness.ucrtbase_def(["_Cbuild", "cos", "crealf", "cpow"], ["crealf", "cpow"])
    assert text.splitlines() == [
        "LIBRARY ucrtbase.dll",
        "EXPORTS",
        "  _Cbuild = ucrtbase_wine._Cbuild",
        "  cos = ucrtbase_wine.cos",
        "  crealf = crealf_",
        "  cpow = cpow_",
    ]


def test_windows_paths_go_through_drive_z(tmp_path: Path) -> None:
    assert harness.windows_path(tmp_path / "a b" / "c.exe") == "Z:" + str(
        tmp_path / "a b" / "c.exe"
    ).replace("/", "\\")


def test_the_environment_keeps_host_pip_settings_and_the_display_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PIP_FIND_LINKS", "/opt/wheels")
    monkeypatch.setenv("PIP_CERT", "/etc/ssl/cert.pem")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("KIOSK_DATA_DIR", "/home/clerk")
    wine = harness.Wine(tmp_path)
    env = wine.environment()
    assert "PIP_FIND_LINKS" not in env and "PIP_CERT" not in env and "DISPLAY" not in env
    assert "KIOSK_DATA_DIR" not in env and "PYTHON_KEYRING_BACKEND" not in env  # the session's
    assert env["PIP_CONFIG_FILE"] == "NUL" and env["PYTHONUTF8"] == "1"
    assert env["WINEPREFIX"] == str(tmp_path / "prefix") and env["WINEDEBUG"] == "-all"
    assert wine.environment(display=":7")["DISPLAY"] == ":7"


@pytest.mark.skipif(shutil.which(harness.MINGW_OBJDUMP) is None, reason="needs MinGW binutils")
def test_stand_in_sources_build_and_export_what_windows_has(tmp_path: Path) -> None:
    """The stand-ins compile warning-free and export the names the real DLLs would."""
    if shutil.which(harness.MINGW_GCC) is None:
        pytest.fail("x86_64-w64-mingw32-gcc is missing: run bash packaging/dev.sh test")
    try:
        harness.wine_builtin("ucrtbase.dll")
    except FileNotFoundError:
        pytest.fail("Wine is missing: run bash packaging/dev.sh test")
    built = {dll.name: dll for dll in harness.build_standins(harness.Wine(tmp_path), tmp_path)}
    assert harness.dll_exports(built["bcryptprimitives.dll"]) == ["ProcessPrng"]
    icu = harness.dll_exports(built["icuuc.dll"])
    assert len(icu) == 20 and "ucnv_open" in icu and "UCNV_TO_U_CALLBACK_SUBSTITUTE" in icu
    ucrt = harness.dll_exports(built["ucrtbase.dll"])
    assert ucrt == harness.dll_exports(harness.wine_builtin("ucrtbase.dll"))


def test_unzip_strips_the_top_folder_and_refuses_paths_outside(tmp_path: Path) -> None:
    good = tmp_path / "good.zip"
    with zipfile.ZipFile(good, "w") as archive:
        archive.writestr("cp311/python.exe", b"MZ")
        archive.writestr("cp311/Lib/x.py", b"x = 1")
    with zipfile.ZipFile(good) as archive:
        harness.unzip(archive, tmp_path / "out", strip_top=True)
    assert (tmp_path / "out" / "python.exe").read_bytes() == b"MZ"
    assert (tmp_path / "out" / "Lib" / "x.py").is_file()
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as archive:
        archive.writestr("../escaped.txt", b"no")
    with zipfile.ZipFile(bad) as archive, pytest.raises(ValueError, match="outside"):
        harness.unzip(archive, tmp_path / "out2")
    assert not (tmp_path / "escaped.txt").exists()


@pytest.mark.skipif(shutil.which("makensis") is None, reason="needs NSIS")
def test_the_installer_signing_hook_gets_the_installer_and_its_uninstaller(
    tmp_path: Path,
) -> None:
    """-DSIGN_COMMAND runs on the uninstaller and on the finished installer (a recording
    stand-in for signtool here), so a release signs everything a desk runs."""
    bundle = tmp_path / "kiosk-app"
    (bundle / "_internal").mkdir(parents=True)
    for name in ("kiosk-app.exe", "kiosk-app-cli.exe", "_internal/base_library.zip"):
        (bundle / name).write_bytes(b"MZ stand-in")
    signed = tmp_path / "signed.txt"
    signer = tmp_path / "sign.sh"
    signer.write_text(f'#!/bin/sh\necho "$1" >> {signed}\n', encoding="utf-8")
    signer.chmod(0o755)
    setup = harness.build_installer(
        bundle, "1.2.3", tmp_path / "out", compressor="zlib", sign_command=str(signer)
    )
    assert setup.name == "kiosk-app-1.2.3-setup.exe" and setup.stat().st_size > 50_000
    lines = signed.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2, lines  # the uninstaller (a temporary file), then the installer
    assert lines[-1] == str(setup)
