"""The Windows build end to end, on Debian under Wine (packaging/windows/wine_harness.py).

Sets up a Wine prefix and python.org's Windows CPython with the pinned win_amd64 wheels (cached
under ~/.cache/kiosk-wine), builds the bundle with PyInstaller under Wine from
packaging/kiosk-app.spec, and runs the Windows programs: the bundle's console twin
(kiosk-app-cli.exe), and the checkout's own code on the Windows CPython (not frozen). Each
step's time is printed (pytest -s shows it).

Wine, MinGW and NSIS are Debian packages the test command installs (packaging/dev.sh): these
tests fail, never skip, when one is missing. ``WINDOWS_TEST_DIST`` names the output folder of
an earlier run to test again without building (working on the tests).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS_DIR

from .scripts import load_packaging_script

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Wine on Linux"),
]

harness = load_packaging_script("windows/wine_harness")

REUSE_DIST_ENV = "WINDOWS_TEST_DIST"
CLI = "kiosk-app-cli.exe"
# Test-harness DLLs in the Wine prefix's system32: never in the bundle.
STANDIN_DLLS = {"icuuc.dll", "bcryptprimitives.dll", "ucrtbase.dll", "ucrtbase_wine.dll"}
FORBIDDEN_BINDINGS = re.compile(r"^Qt(WebEngine\w*|3D\w*|Pdf\w*|Charts|Test|Quick\w*)\.pyd$")
COMMAND_TIMEOUT_S = 600
WINDOWS_KEYRING = "keyring.backends.Windows.WinVaultKeyring"


@pytest.fixture(scope="module")
def wine() -> Iterator[Any]:
    """The harness's Wine, its cache locked for this module (one Windows build at a time)."""
    missing = harness.missing_host_tools()
    assert not missing, f"not installed: {', '.join(missing)}: run bash packaging/dev.sh test"
    wine = harness.Wine.default()
    print(harness.wine_version())
    with wine.locked():
        yield wine


@pytest.fixture(scope="module")
def out(wine: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Set-up and build: the output folder, holding dist/kiosk-app and work/."""
    reused = os.environ.get(REUSE_DIST_ENV)
    if reused:
        assert (Path(reused) / "dist" / "kiosk-app" / CLI).is_file(), f"no build in {reused}"
        return Path(reused)
    folder = tmp_path_factory.mktemp("windows")
    started = time.monotonic()
    harness.setup(wine, folder / "work")
    set_up = time.monotonic()
    harness.build_bundle(wine, folder / "work", folder / "dist")
    print(
        f"windows: set-up {set_up - started:.0f} s, build {time.monotonic() - set_up:.0f} s",
    )
    return folder


@pytest.fixture(scope="module")
def bundle(out: Path) -> Path:
    return out / "dist" / "kiosk-app"


def kiosk_dirs(home: Path) -> dict[str, str]:
    """The kiosk's config/data/log folders under ``home``, as Windows paths."""
    env = {}
    for name in ("config", "data", "log"):
        (home / name).mkdir(parents=True, exist_ok=True)
        env[f"KIOSK_{name.upper()}_DIR"] = harness.windows_path(home / name)
    env["KIOSK_MANAGED_FILE"] = harness.windows_path(home / "managed.json")
    # The test session points keyring at its fail backend; the prefix's own Credential
    # Manager is a test store.
    env["PYTHON_KEYRING_BACKEND"] = WINDOWS_KEYRING
    return env


def run_windows(
    wine: Any, program: Path | str, *args: str, home: Path, stdin: str | None = None
) -> Any:
    """A Windows program under Wine with the kiosk's folders in ``home``; times it."""
    started = time.monotonic()
    result = wine.run(
        [program, *args], timeout=COMMAND_TIMEOUT_S, extra_env=kiosk_dirs(home), stdin=stdin
    )
    print(f"windows: {Path(str(program)).name} {' '.join(args)[:60]}: "
          f"{time.monotonic() - started:.1f} s")  # fmt: skip
    return result


def passed_self_test(result: Any) -> list[str]:
    lines: list[str] = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert lines[-1] == "self-test passed", lines
    return lines


def test_bundle_self_test_passes_under_wine(wine: Any, bundle: Path, tmp_path: Path) -> None:
    lines = passed_self_test(run_windows(wine, bundle / CLI, "self-test", home=tmp_path))
    assert any(line.startswith("PASS  sample decode") for line in lines), lines
    assert any(line.startswith("PASS  canadian check (simulator)") for line in lines), lines
    assert any(line.startswith("PASS  qt: Qt 6.") for line in lines), lines
    keyring = next(line for line in lines if line.startswith("PASS  keyring"))
    assert "WinVaultKeyring" in keyring


def test_bundle_has_both_executables_and_no_test_harness_dll(bundle: Path) -> None:
    assert (bundle / "kiosk-app.exe").is_file() and (bundle / CLI).is_file()
    names = {path.name.lower() for path in bundle.rglob("*.dll")}
    assert names & STANDIN_DLLS == set()
    assert "qt6core.dll" in names and "python311.dll" in names
    bindings = sorted(p.name for p in (bundle / "_internal" / "PySide6").glob("Qt*.pyd"))
    assert "QtWidgets.pyd" in bindings
    assert [b for b in bindings if FORBIDDEN_BINDINGS.match(b)] == []
    resources = bundle / "_internal" / "kiosk_app" / "resources"
    assert (resources / "translations" / "kiosk_fr.qm").is_file()


def test_self_test_json_reports_the_version(wine: Any, bundle: Path, tmp_path: Path) -> None:
    result = run_windows(wine, bundle / CLI, "self-test", "--json", home=tmp_path)
    report = json.loads(result.stdout)
    assert report["passed"] is True, report
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", report["version"])


def corpus_pictures() -> list[Path]:
    """Every picture of the public corpus (read and unreadable ones alike)."""
    pictures = sorted(
        p for p in (CORPUS_DIR / "images").rglob("*") if p.suffix.lower() in (".png", ".jpg")
    )
    assert len(pictures) > 20
    return pictures


def comparable(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Decode results without what differs from machine to machine (path, time)."""
    return [{k: v for k, v in r.items() if k not in ("file", "elapsedMs")} for r in results]


@pytest.fixture(scope="module")
def linux_decodes(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """``kiosk-app decode --json`` of the corpus by the checkout on Linux."""
    home = tmp_path_factory.mktemp("linux-decode")
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIOSK_")}
    env.update({f"KIOSK_{n.upper()}_DIR": str(home / n) for n in ("config", "data", "log")})
    result = subprocess.run(
        [sys.executable, "-c", "from kiosk_app.cli.main import main; raise SystemExit(main())",
         "decode", "--json", *map(str, corpus_pictures())],
        capture_output=True, text=True, check=False, env=env, timeout=COMMAND_TIMEOUT_S,
    )  # fmt: skip
    assert result.returncode in (0, 2), result.stderr[-3000:]
    decoded: list[dict[str, Any]] = json.loads(result.stdout)
    assert sum("payload" in r for r in decoded) > 20
    return decoded


def windows_decode(wine: Any, program: Path | str, home: Path) -> list[dict[str, Any]]:
    """``decode --json`` of the corpus by a Windows program under Wine."""
    files = [harness.windows_path(p) for p in corpus_pictures()]
    result = run_windows(wine, program, "decode", "--json", *files, home=home)
    assert result.returncode in (0, 2), result.stdout[-3000:] + result.stderr[-3000:]
    decoded: list[dict[str, Any]] = json.loads(result.stdout)
    return decoded


def test_bundle_decodes_the_corpus_as_linux_does(
    wine: Any, bundle: Path, linux_decodes: list[dict[str, Any]], tmp_path: Path
) -> None:
    """Same payloads byte for byte (latin-1 text of the exact bytes), same symbols and parses,
    same refusals."""
    on_windows = windows_decode(wine, bundle / CLI, tmp_path)
    assert comparable(on_windows) == comparable(linux_decodes)
