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
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pytest

from tests.conftest import CORPUS_DIR
from tests.support.processes import as_hardware, x_window_picture, xvfb
from tests.support.wedge_keys import xdotool_script

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
# Qt libraries no kept binary links to, and Qt's software OpenGL (the kiosk paints with the
# raster engine): the spec drops them.
UNUSED_QT_DLLS = re.compile(r"^(qt6(pdf|quick|qml|virtualkeyboard|opengl)\w*|opengl32sw)\.dll$")
COMMAND_TIMEOUT_S = 600


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
    assert sorted(name for name in names if UNUSED_QT_DLLS.match(name)) == []
    size = sum(path.stat().st_size for path in bundle.rglob("*") if path.is_file())
    print(f"windows: bundle {size / 1e6:.0f} MB")
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


# Licences of the AAMVA text corpus rendered as card pictures (the image corpus holds one
# licence; its other barcodes are refused as not a licence, which must match too).
CARD_LICENCES = (
    "c0shea-IdParser/GA.txt", "c0shea-IdParser/CT Undefined Characters.txt",
    "c0shea-IdParser/CO 2013.txt", "c0shea-IdParser/AK.txt", "Syfaro-aamva-rs-VA/VA-REAL-21.txt",
)  # fmt: skip


@pytest.fixture(scope="module")
def pictures(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every picture of the public image corpus, and licence cards drawn from the AAMVA
    corpus (rendered once, on Linux)."""
    from tests.unit.barcode.images import card_png

    folder = tmp_path_factory.mktemp("cards")
    found = sorted(
        p for p in (CORPUS_DIR / "images").rglob("*") if p.suffix.lower() in (".png", ".jpg")
    )
    for number, name in enumerate(CARD_LICENCES):
        card = folder / f"card-{number}.png"
        card.write_bytes(card_png((CORPUS_DIR / "aamva" / name).read_bytes()))
        found.append(card)
    assert len(found) > 20
    return found


def comparable(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Decode results without what differs from machine to machine (path, time)."""
    return [{k: v for k, v in r.items() if k not in ("file", "elapsedMs")} for r in results]


@pytest.fixture(scope="module")
def linux_decodes(
    tmp_path_factory: pytest.TempPathFactory, pictures: list[Path]
) -> list[dict[str, Any]]:
    """``kiosk-app decode --json`` of the corpus by the checkout on Linux."""
    home = tmp_path_factory.mktemp("linux-decode")
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIOSK_")}
    env.update({f"KIOSK_{n.upper()}_DIR": str(home / n) for n in ("config", "data", "log")})
    result = subprocess.run(
        [sys.executable, "-c", "from kiosk_app.cli.main import main; raise SystemExit(main())",
         "decode", "--json", *map(str, pictures)],
        capture_output=True, text=True, check=False, env=env, timeout=COMMAND_TIMEOUT_S,
    )  # fmt: skip
    assert result.returncode in (0, 2), result.stderr[-3000:]
    decoded: list[dict[str, Any]] = json.loads(result.stdout)
    assert sum("payload" in r for r in decoded) == 1 + len(CARD_LICENCES), decoded
    return decoded


def windows_decode(
    wine: Any, program: Path | str, pictures: list[Path], home: Path
) -> list[dict[str, Any]]:
    """``decode --json`` of the pictures by a Windows program under Wine."""
    files = [harness.windows_path(p) for p in pictures]
    result = run_windows(wine, program, "decode", "--json", *files, home=home)
    assert result.returncode in (0, 2), result.stdout[-3000:] + result.stderr[-3000:]
    decoded: list[dict[str, Any]] = json.loads(result.stdout)
    return decoded


def test_bundle_decodes_the_corpus_as_linux_does(
    wine: Any,
    bundle: Path,
    pictures: list[Path],
    linux_decodes: list[dict[str, Any]],
    tmp_path: Path,
) -> None:
    """Same payloads byte for byte (latin-1 text of the exact bytes), same symbols and parses,
    same refusals."""
    on_windows = windows_decode(wine, bundle / CLI, pictures, tmp_path)
    assert comparable(on_windows) == comparable(linux_decodes)


# Made-up secrets (never a real account's), stored in the Wine prefix's Credential Manager.
TOKEN = "tok-wine-test-5b8e1f0c2d7a9e43"
PIN = "583016"
KEYRING_SCRIPT = "import sys, keyring; {}"


def windows_keyring(wine: Any, home: Path, statement: str) -> Any:
    """A keyring call by the Windows CPython (keyring's Windows backend: CredRead/CredWrite)."""
    script = KEYRING_SCRIPT.format(statement)
    return run_windows(wine, wine.python, "-c", script, home=home)


@pytest.fixture
def clean_credentials(wine: Any, out: Path, tmp_path: Path) -> Iterator[None]:
    """No kiosk token in the prefix's Credential Manager before or after the test."""
    forget = "keyring.delete_password('kiosk-app', 'api_token')"
    windows_keyring(wine, tmp_path, forget)
    yield
    windows_keyring(wine, tmp_path, forget)


@pytest.mark.usefixtures("clean_credentials")
def test_provision_stores_the_token_in_the_windows_credential_store(
    wine: Any, bundle: Path, tmp_path: Path
) -> None:
    secrets = json.dumps({"api_token": TOKEN, "admin_pin": PIN})
    first = run_windows(wine, bundle / CLI, "provision", home=tmp_path, stdin=secrets)
    assert first.returncode == 0, first.stdout + first.stderr[-3000:]
    assert first.stdout.startswith("provision: stored"), first.stdout
    assert TOKEN not in first.stdout + first.stderr and PIN not in first.stdout + first.stderr
    again = run_windows(wine, bundle / CLI, "provision", home=tmp_path, stdin=secrets)
    assert again.stdout.startswith("provision: unchanged"), again.stdout
    # Read back by another program through the Windows API (Wine's Credential Manager).
    read = windows_keyring(
        wine, tmp_path, "sys.stdout.write(keyring.get_password('kiosk-app', 'api_token'))"
    )
    assert read.stdout == TOKEN, read.stdout + read.stderr[-2000:]
    assert not (tmp_path / "config" / "secrets.json").exists()  # not the fallback file
    report = json.loads(
        run_windows(wine, bundle / CLI, "self-test", "--json", home=tmp_path).stdout
    )
    keyring = next(check for check in report["checks"] if check["name"] == "keyring")
    assert "WinVaultKeyring" in keyring["detail"] and "API token stored" in keyring["detail"]


def test_the_checkout_runs_on_the_windows_cpython(
    wine: Any,
    out: Path,
    pictures: list[Path],
    linux_decodes: list[dict[str, Any]],
    tmp_path: Path,
) -> None:
    """kiosk-app from the checkout's wheel on the Windows CPython (not frozen): self-test
    (it imports every module) and the corpus decode."""
    kiosk = wine.python_dir / "Scripts" / "kiosk-app.exe"
    passed_self_test(run_windows(wine, kiosk, "self-test", home=tmp_path / "self-test"))
    on_windows = windows_decode(wine, kiosk, pictures, tmp_path / "decode")
    assert comparable(on_windows) == comparable(linux_decodes)


def test_pictures_are_decoded_in_a_child_inside_its_job_object(
    wine: Any, bundle: Path, tmp_path: Path
) -> None:
    """The bundle's decoding child under its real Job Object (pywin32's win32job, set up by
    the parent; a child that cannot be limited gets no picture): a card is read, and a float
    TIFF that needs about 1.5 GB decoded is never read as a licence. Wine 8 does not enforce
    the job's memory limit, so the bomb ends as "no barcode" here where Windows stops it as
    too costly: printed, not asserted."""
    from kiosk_app.barcode.payload import track_string
    from tests.fuzz.hostile_images import float_tiff_bomb
    from tests.unit.barcode.images import LICENCE_PAYLOAD, card_png

    bomb, card = tmp_path / "bomb.tif", tmp_path / "card.png"
    bomb.write_bytes(float_tiff_bomb())
    card.write_bytes(card_png())
    files = [harness.windows_path(p) for p in (card, bomb, card)]
    result = run_windows(wine, bundle / CLI, "decode", "--json", *files, home=tmp_path)
    decoded = json.loads(result.stdout)
    assert decoded[0]["payload"] == track_string(LICENCE_PAYLOAD), decoded[0]
    assert "payload" not in decoded[1]
    assert decoded[1]["error"]["type"] in ("PictureTooCostlyError", "NoBarcodeFoundError")
    print(f"windows: memory bomb under Wine's Job Object: {decoded[1]['error']['type']}")
    assert decoded[2]["payload"] == track_string(LICENCE_PAYLOAD), decoded[2]
    log = "".join(p.read_text("utf-8") for p in (tmp_path / "log").glob("*.log"))
    assert "cannot be limited" not in log, log[-2000:]


# --- the demo window under Xvfb, scanned by xdotool ----------------------------------------

WINDOW_TITLE = "^ID check$"
# Qt first maps a small window of that title and then replaces it with the real one: the focus
# given to the first would fall back to the root window, and the scan's keys with it.
MIN_WINDOW_WIDTH = 640
WINDOW_TIMEOUT_S = 300
VERDICT_TIMEOUT_S = 180
POLL_S = 0.5
SCAN_KEY_DELAY_MS = 6
MIN_COLOURS = 16  # a painted window has text, icons and their anti-aliasing
CHECK_FINISHED = re.compile(r"check finished: (\S+) (\S+)")
# The kiosk's lines on how a scan's keys came (counts, gaps, what ended it: never the data).
SCAN_REPORT = re.compile(r"^.*(wedge scan: .*|check finished: .*)$", re.MULTILINE)
# A scan whose keys did not all arrive as typed (repaired: the kiosk asks for it again) or
# that was ignored: no check of the typed licence follows it.
SCAN_NOT_CHECKED = re.compile(r"wedge scan: .*; (repaired: .*|ignored as a repeat)$", re.MULTILINE)
# xdotool starts each command of the scan's script anew (a run of text, an Alt code): on a
# loaded machine it pauses between them longer than the 50 ms a desk allows between a scanner's
# keys, and the scan is cut in two. This desk allows the longest gap the settings take: the
# test is about the keys' path through Wine and Qt (bursts: tests/unit/app/test_wedge.py).
SCAN_KEY_GAP_MS = 500
WEDGE_DESK = {
    "KIOSK_WEDGE_MAX_KEY_GAP_MS": str(SCAN_KEY_GAP_MS),
    "KIOSK_AUTO_CHECK_ON_SCAN": "true",
    "KIOSK_CAMERA_ENABLED": "false",
    "KIOSK_SOUNDS": "false",
}


def xdotool(display: str, *args: str) -> str:
    """xdotool on ``display`` at the scanner's priority (it types the scans); its output."""
    result = subprocess.run(
        as_hardware(["xdotool", *args]), capture_output=True, text=True, check=False,
        timeout=COMMAND_TIMEOUT_S, env={**os.environ, "DISPLAY": display},
    )  # fmt: skip
    return result.stdout.strip()


def window_width(display: str, window: str) -> int:
    shell = xdotool(display, "getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in shell.split())
    return int(values.get("WIDTH", "0"))


def kiosk_window(display: str, app: subprocess.Popen[bytes]) -> str:
    """The id of the kiosk's mapped window once it is at its real size."""
    deadline = time.monotonic() + WINDOW_TIMEOUT_S
    while time.monotonic() < deadline:
        assert app.poll() is None, f"kiosk-app.exe ended ({app.returncode}) before its window"
        found = xdotool(display, "search", "--onlyvisible", "--name", WINDOW_TITLE).split()
        for window in found:
            if window_width(display, window) >= MIN_WINDOW_WIDTH:
                return window
        time.sleep(POLL_S)
    raise AssertionError(f"no window {WINDOW_TITLE} on {display} after {WINDOW_TIMEOUT_S} s")


def painted(display: str, window: str, path: Path) -> Any:
    """The window's picture once Qt has painted it (more than a few colours), as a PIL image;
    fails if it stays blank."""
    from PIL import Image

    deadline = time.monotonic() + WINDOW_TIMEOUT_S
    while True:
        picture = Image.open(x_window_picture(display, window, path)).convert("RGB")
        colours = picture.getcolors(maxcolors=1 << 16)
        if colours is None or len(colours) > MIN_COLOURS:
            return picture
        assert time.monotonic() < deadline, f"the window is still blank: {colours}"
        time.sleep(POLL_S)


def finished_check(log_dir: Path, app: subprocess.Popen[bytes]) -> tuple[str, str]:
    """The kind and verdict of the first check the kiosk's log says finished; ``("no check",
    what became of the scan)`` as soon as it says the scan was not taken as typed."""
    deadline = time.monotonic() + VERDICT_TIMEOUT_S
    while time.monotonic() < deadline:
        log = "".join(p.read_text("utf-8", "replace") for p in log_dir.glob("*.log"))
        if match := CHECK_FINISHED.search(log):
            return match.group(1), match.group(2)
        if refused := SCAN_NOT_CHECKED.search(log):
            return "no check", refused.group(1)
        assert app.poll() is None, f"kiosk-app.exe ended ({app.returncode}): {log[-2000:]}"
        time.sleep(POLL_S)
    log = "".join(p.read_text("utf-8", "replace") for p in log_dir.glob("*.log"))
    raise AssertionError(f"no check finished {VERDICT_TIMEOUT_S} s after the scan: {log[-2000:]}")


SCAN_ATTEMPTS: Final = 3
"""Typed scans the Wine window test allows, each in a fresh demo: a clerk whose scan fails
scans again. A failed attempt is reported as a warning with the wedge's lines; the last one
fails the test. The scan is typed at once after the focus, often while the kiosk is still
making its core (the window holds the keys) and into the seconds-long stall that follows under
Wine: the wedge must keep such a scan whole (kiosk_app.app.capture.wedge: a burst ends on its
timer only once the event loop is idle)."""


def typed_scan(wine: Any, bundle: Path, payload: str, run: Path) -> tuple[tuple[str, str], str]:
    """Start the bundle's demo window under Wine on Xvfb, check its picture, type the payload
    into it as an Alt-code scanner and return the first finished check's (kind, verdict) and
    the kiosk's whole log."""
    script = xdotool_script(payload, "alt", SCAN_KEY_DELAY_MS, run)
    home = run / "home"
    wine.wait_for_server()  # earlier commands' session ended: this one opens on the display
    started = time.monotonic()
    with xvfb() as display:
        app = wine.start(
            [bundle / "kiosk-app.exe", "--demo"],
            display=display,
            extra_env={**kiosk_dirs(home), **WEDGE_DESK},
        )
        try:
            window = kiosk_window(display, app)
            shown = time.monotonic()
            picture = painted(display, window, run / "ready.png")
            assert picture.width == window_width(display, window), picture.size
            assert picture.width >= MIN_WINDOW_WIDTH and picture.height >= MIN_WINDOW_WIDTH // 2
            xdotool(display, "windowfocus", "--sync", window)
            xdotool(display, str(script))
            assert xdotool(display, "getwindowfocus") == window, "the window lost the focus"
            check = finished_check(home / "log", app)
            print(f"windows: window after {shown - started:.0f} s, verdict after "
                  f"{time.monotonic() - shown:.0f} s more")  # fmt: skip
        finally:
            wine.end_session()
            app.wait(COMMAND_TIMEOUT_S)
    return check, "".join(p.read_text("utf-8") for p in (home / "log").glob("*.log"))


@pytest.mark.filterwarnings("default::UserWarning")  # a first failed scan shows in the summary
def test_a_wedge_scan_typed_into_the_wine_window_reaches_a_check(
    wine: Any, bundle: Path, tmp_path: Path
) -> None:
    """The bundle's demo window (kiosk-app.exe --demo) under Wine on Xvfb: found by xdotool,
    pictured (not blank, its own size), then a signed licence typed into it by xdotool as an
    Alt-code scanner types it (Alt + keypad digits for LF, RS and CR) through Wine and Qt's
    Windows keyboard path. The signature verifies only on the exact bytes: the log's verdict
    (kind and verdict only, never licence data) says they all arrived, and the wedge's own line
    says the whole scan came as one.

    Under Wine 8 some scans arrive cut in two (see SCAN_ATTEMPTS): a failed attempt is
    reported as a warning with the wedge's lines (a scan cut in two or changed characters) and
    the scan is made again in a fresh demo, as a clerk scans again."""
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY

    payload = SAMPLES_BY_KEY["signature-valid"].payload.decode("latin-1")
    whole = f"wedge scan: {len(payload)} characters, {len(payload)} declared;"
    for attempt in range(1, SCAN_ATTEMPTS + 1):
        run = tmp_path / f"scan{attempt}"
        run.mkdir()
        check, log = typed_scan(wine, bundle, payload, run)
        for element in ("DCS", "DAC", "DAG"):  # surname, first name, street
            value = payload.split(f"\n{element}", 1)[1].split("\n", 1)[0]
            assert value not in log, f"{element} in the log"
        report = "\n".join(match.group(1) for match in SCAN_REPORT.finditer(log))
        if check == ("signature", "Passed") and whole in report:
            return
        problem = (
            f"scan {attempt}: {check}, {len(payload)} characters typed; the kiosk's log:\n{report}"
        )
        assert attempt < SCAN_ATTEMPTS, problem
        warnings.warn(problem, stacklevel=1)


def test_the_startup_probe_knows_the_process_age_on_windows(
    wine: Any, out: Path, tmp_path: Path
) -> None:
    """packaging/measure_startup.py's figure on Windows: the process's age from its creation
    time (pywin32), not from Linux's /proc."""
    script = "from kiosk_app.cli.startup_probe import process_age_ms; print(process_age_ms())"
    result = run_windows(wine, wine.python, "-c", script, home=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert float(result.stdout) > 0, result.stdout


# --- the NSIS installer -------------------------------------------------------------------

CHOSEN_FOLDER = r"C:\Front desk\kiosk-app"
KIOSK_USER = "kiosk"
UNINSTALL_KEY = r"HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\kiosk-app"
APP_KEY = r"HKLM\Software\kiosk-app"
WER_KEY = r"HKLM\Software\Microsoft\Windows\Windows Error Reporting\LocalDumps\kiosk-app.exe"
LOGON_TASK = "kiosk-app kiosk mode"
KEPT_DATA = ("settings.json", "admin_pin.json", "usage.sqlite3")


def drive_c(wine: Any) -> Path:
    return Path(wine.prefix) / "drive_c"


def host_path(wine: Any, windows: str) -> Path:
    """A ``C:\\...`` path inside the prefix, as a host path."""
    assert windows[:3].upper() == "C:\\"
    return drive_c(wine).joinpath(*windows[3:].split("\\"))


def kiosk_data(wine: Any) -> Path:
    """The kiosk's folder in the prefix user's %LOCALAPPDATA% (settings, PIN, usage, logs)."""
    return next(drive_c(wine).glob("users/*/AppData/Local")) / "kiosk" / "kiosk-app"


def registry_has(wine: Any, key: str) -> bool:
    return bool(wine.run(["reg", "query", key], timeout=120).returncode == 0)


def registry_values(wine: Any, key: str) -> dict[str, str]:
    """``reg query KEY``: value name -> data (as reg prints it)."""
    values = {}
    for line in wine.run(["reg", "query", key], timeout=120).stdout.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1].startswith("REG_"):
            values[parts[0]] = parts[2]
    return values


def run_setup(wine: Any, program: Path | str, *args: str) -> None:
    """An installer or uninstaller, silently; waits for every process it started (the NSIS
    uninstaller runs from a copy in %TEMP%). The command line goes through cmd as typed: NSIS
    wants /D= last and unquoted, spaces and all, where Wine would quote an argument."""
    started = time.monotonic()
    program_path = harness.windows_path(program) if isinstance(program, Path) else program
    words = [word for arg in args for word in arg.split(" ")]
    result = wine.run(["cmd", "/c", program_path, "/S", *words], timeout=COMMAND_TIMEOUT_S)
    wine.wait_for_server()
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    print(f"windows: {Path(str(program)).name} /S {' '.join(args)}: "
          f"{time.monotonic() - started:.1f} s")  # fmt: skip


def installed_cli(wine: Any, folder: str, *args: str, stdin: str | None = None) -> Any:
    """The installed kiosk-app-cli.exe with the kiosk's real folders (%LOCALAPPDATA%)."""
    started = time.monotonic()
    result = wine.run([f"{folder}\\{CLI}", *args], timeout=COMMAND_TIMEOUT_S, stdin=stdin)
    print(f"windows: installed {' '.join(args)[:40]}: {time.monotonic() - started:.1f} s")
    return result


def registered_task(wine: Any) -> str:
    """The logon task as Task Scheduler stored it (empty when there is none). Wine 8 keeps its
    name, description and settings, not its trigger, principal or command."""
    stored = drive_c(wine) / "windows" / "system32" / "tasks" / LOGON_TASK
    if not stored.is_file():
        return ""
    data = stored.read_bytes()
    return data.decode("utf-16") if data.startswith(b"\xff\xfe") else data.decode("utf-8-sig")


def tree(folder: Path) -> list[str]:
    """Every file under ``folder``, relative, sorted (empty when it does not exist)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def forget_earlier_installs(wine: Any) -> None:
    """What an earlier, interrupted run may have left in the cached prefix."""
    for folder in (CHOSEN_FOLDER, r"C:\Program Files\kiosk-app"):
        if host_path(wine, folder + r"\uninstall.exe").is_file():
            run_setup(wine, f"{folder}\\uninstall.exe", "/PURGE")
    for leftover in (
        host_path(wine, "C:\\Front desk"),
        host_path(wine, r"C:\Program Files\kiosk-app"),
        host_path(wine, r"C:\ProgramData\kiosk-app"),
        kiosk_data(wine),
    ):
        shutil.rmtree(leftover, ignore_errors=True)
    forget = "keyring.delete_password('kiosk-app', 'api_token')"
    wine.run([wine.python, "-c", KEYRING_SCRIPT.format(forget)], timeout=COMMAND_TIMEOUT_S)


def bumped_bundle(bundle: Path, version: str, out: Path) -> Path:
    """A copy of the bundle that reports ``version`` (its kiosk-app metadata rewritten): the
    "newer build" of the upgrade test, without a second PyInstaller run."""
    copy = out / "kiosk-app"
    shutil.copytree(bundle, copy)
    (info,) = (copy / "_internal").glob("kiosk_app-*.dist-info")
    metadata = info / "METADATA"
    text = metadata.read_text(encoding="utf-8")
    metadata.write_text(re.sub(r"(?m)^Version: .*$", f"Version: {version}", text), "utf-8")
    info.rename(info.with_name(f"kiosk_app-{version}.dist-info"))
    return copy


@dataclass
class Lifecycle:
    """What the installer tests saw, step by step."""

    versions: tuple[str, str]
    installed: dict[str, Any] = field(default_factory=dict)
    upgraded: dict[str, Any] = field(default_factory=dict)
    uninstalled: dict[str, Any] = field(default_factory=dict)
    purged: dict[str, Any] = field(default_factory=dict)


def data_snapshot(wine: Any) -> dict[str, str]:
    """The kiosk's settings, PIN and usage database as hashes."""
    import hashlib

    folder = kiosk_data(wine)
    return {
        name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
        for name in KEPT_DATA
        if (folder / name).is_file()
    }


@pytest.fixture(scope="module")
def lifecycle(wine: Any, bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> Lifecycle:
    """Install (chosen folder, kiosk user), use, upgrade in place, uninstall; install again
    in the default folder and uninstall with /PURGE. Every step's observations are kept. The
    installers are built in a folder of this run (a reused build's folder keeps no earlier
    run's)."""
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY
    from kiosk_app.simulator.server import start_simulator

    (info,) = (bundle / "_internal").glob("kiosk_app-*.dist-info")
    old = info.name.removeprefix("kiosk_app-").removesuffix(".dist-info")
    major_minor, patch = old.rsplit(".", 1)
    new = f"{major_minor}.{int(patch) + 1}"  # the installer's file version is numeric
    work = tmp_path_factory.mktemp("installers")
    setups = (
        harness.build_installer(bundle, old, work, compressor="zlib"),
        harness.build_installer(bumped_bundle(bundle, new, work / new), new, work, "zlib"),
    )
    seen = Lifecycle((old, new))
    forget_earlier_installs(wine)
    run_setup(wine, setups[0], f"/KIOSKUSER={KIOSK_USER}", f"/D={CHOSEN_FOLDER}")
    seen.installed = {
        "files": tree(host_path(wine, CHOSEN_FOLDER)),
        "self_test": installed_cli(wine, CHOSEN_FOLDER, "self-test", "--json").stdout,
        "uninstall_key": registry_values(wine, UNINSTALL_KEY),
        "app_key": registry_values(wine, APP_KEY),
        "wer": registry_values(wine, WER_KEY),
        "task_xml": host_path(wine, CHOSEN_FOLDER + r"\kiosk-logon-task.xml").read_bytes(),
        "task": registered_task(wine),
        "menu": tree(host_path(wine, r"C:\ProgramData\Microsoft\Windows\Start Menu\Programs")),
    }
    # The desk in use: secrets provisioned, a setting changed, a check counted.
    secrets = json.dumps({"api_token": TOKEN, "admin_pin": PIN})
    provisioned = installed_cli(wine, CHOSEN_FOLDER, "provision", stdin=secrets)
    assert provisioned.stdout.startswith("provision: stored"), provisioned
    (kiosk_data(wine) / "settings.json").write_text('{"language": "fr"}\n', encoding="utf-8")
    sample = SAMPLES_BY_KEY["canada-passed"].canada
    assert sample is not None
    simulator = start_simulator(port=0)
    try:
        url = simulator.base_url
        checked = installed_cli(
            wine, CHOSEN_FOLDER, "check", "canada", "--licence-number", sample.licence_number,
            "--dob", sample.date_of_birth, "--province", sample.province, "--base-url", url,
            "--dvs-url", url, "--parse-url", url, "--token", "test",
        )  # fmt: skip
    finally:
        simulator.stop()
    assert checked.returncode == 0, checked.stdout + checked.stderr[-3000:]
    before = data_snapshot(wine)
    assert set(before) == set(KEPT_DATA), before

    run_setup(wine, setups[1])
    seen.upgraded = {
        "before": before,
        "after": data_snapshot(wine),
        "files": tree(host_path(wine, CHOSEN_FOLDER)),
        "self_test": installed_cli(wine, CHOSEN_FOLDER, "self-test", "--json").stdout,
        "provision": installed_cli(wine, CHOSEN_FOLDER, "provision", stdin=secrets).stdout,
        "app_key": registry_values(wine, APP_KEY),
        "task": registered_task(wine),
        "default_folder": host_path(wine, r"C:\Program Files\kiosk-app").exists(),
    }

    run_setup(wine, f"{CHOSEN_FOLDER}\\uninstall.exe")
    seen.uninstalled = {
        "program": tree(host_path(wine, "C:\\Front desk")),
        "folder": host_path(wine, CHOSEN_FOLDER).exists(),
        "data": tree(kiosk_data(wine)),
        "keys": [k for k in (UNINSTALL_KEY, APP_KEY, WER_KEY) if registry_has(wine, k)],
        "menu": tree(host_path(wine, r"C:\ProgramData\Microsoft\Windows\Start Menu\Programs")),
        "task": registered_task(wine),
    }
    print(f"windows: left after uninstall: {seen.uninstalled}")

    run_setup(wine, setups[0])
    default = r"C:\Program Files\kiosk-app"
    seen.purged = {"installed_default": tree(host_path(wine, default))}
    run_setup(wine, f"{default}\\uninstall.exe", "/PURGE")
    seen.purged.update(
        folder=host_path(wine, default).exists(),
        data=kiosk_data(wine).exists(),
        program_data=host_path(wine, r"C:\ProgramData\kiosk-app").exists(),
    )
    left = {key: value for key, value in seen.purged.items() if key != "installed_default"}
    print(f"windows: left after uninstall /PURGE: {left}")
    forget_earlier_installs(wine)
    return seen


def test_installer_installs_per_machine_into_the_chosen_folder(lifecycle: Lifecycle) -> None:
    installed = lifecycle.installed
    assert {CLI, "kiosk-app.exe", "uninstall.exe"} <= set(installed["files"])
    report = json.loads(installed["self_test"])
    assert report["passed"] is True and report["version"] == lifecycle.versions[0], report
    assert installed["uninstall_key"]["DisplayVersion"] == lifecycle.versions[0]
    assert installed["uninstall_key"]["InstallLocation"] == CHOSEN_FOLDER
    assert installed["uninstall_key"]["QuietUninstallString"].endswith('uninstall.exe" /S')
    assert installed["app_key"]["KioskUser"] == KIOSK_USER
    assert {"kiosk-app/kiosk-app.lnk", "kiosk-app/kiosk-app (demo).lnk"} <= set(installed["menu"])


def test_installer_keeps_crash_dumps_small_in_the_kiosk_users_folder(
    wine: Any, lifecycle: Lifecycle
) -> None:
    """Small dumps, in the crashing user's own kiosk data folder (expanded for that user; the
    folder /PURGE removes), not in a folder every user can read."""
    wer = lifecycle.installed["wer"]
    assert wer["DumpType"] == "0x0" and wer["CustomDumpFlags"] == "0x0", wer
    folder = wer["DumpFolder"]
    assert folder.startswith("%LOCALAPPDATA%\\"), wer
    local = kiosk_data(wine).parent.parent  # the prefix user's %LOCALAPPDATA%
    dumps = local.joinpath(*folder.removeprefix("%LOCALAPPDATA%\\").split("\\"))
    assert dumps == kiosk_data(wine) / "CrashDumps"


def test_installer_registers_the_kiosk_user_logon_task(lifecycle: Lifecycle) -> None:
    """The task's XML names the kiosk user's logon, that user and the kiosk in kiosk mode;
    Task Scheduler took it (Wine stores only its description), and an upgrade keeps it."""
    from xml.etree import ElementTree

    ns = {"t": "http://schemas.microsoft.com/windows/2004/02/mit/task"}
    task = ElementTree.fromstring(lifecycle.installed["task_xml"])  # UTF-16 with its BOM
    assert task.findtext("t:Triggers/t:LogonTrigger/t:UserId", namespaces=ns) == KIOSK_USER
    assert task.findtext("t:Principals/t:Principal/t:UserId", namespaces=ns) == KIOSK_USER
    principal = task.find("t:Principals/t:Principal", ns)
    assert principal is not None
    assert principal.findtext("t:LogonType", namespaces=ns) == "InteractiveToken"
    assert principal.findtext("t:RunLevel", namespaces=ns) == "LeastPrivilege"
    command = task.findtext("t:Actions/t:Exec/t:Command", namespaces=ns)
    assert command == f'"{CHOSEN_FOLDER}\\kiosk-app.exe"'
    assert task.findtext("t:Actions/t:Exec/t:Arguments", namespaces=ns) == "--kiosk"
    description = f"kiosk-app in kiosk mode when {KIOSK_USER} signs in"
    assert description in lifecycle.installed["task"]
    assert description in lifecycle.upgraded["task"]
    assert lifecycle.upgraded["app_key"]["KioskUser"] == KIOSK_USER


def test_upgrade_in_place_keeps_settings_pin_usage_and_token(lifecycle: Lifecycle) -> None:
    upgraded = lifecycle.upgraded
    report = json.loads(upgraded["self_test"])
    assert report["passed"] is True and report["version"] == lifecycle.versions[1], report
    assert upgraded["after"] == upgraded["before"]
    assert upgraded["provision"].startswith("provision: unchanged"), upgraded["provision"]
    assert upgraded["app_key"]["Version"] == lifecycle.versions[1]
    old, new = (f"kiosk_app-{v}.dist-info" for v in lifecycle.versions)
    # The same files, the newer metadata; nothing of the old version left behind.
    assert upgraded["files"] == sorted(f.replace(old, new) for f in lifecycle.installed["files"])
    assert upgraded["default_folder"] is False


def test_uninstall_removes_the_program_and_keeps_the_data(lifecycle: Lifecycle) -> None:
    left = lifecycle.uninstalled
    assert left["program"] == [] and left["folder"] is False
    assert left["keys"] == [] and left["task"] == ""
    assert not any(entry.startswith("kiosk-app/") for entry in left["menu"])
    assert set(KEPT_DATA) <= set(left["data"])


def test_uninstall_with_purge_removes_the_data_too(lifecycle: Lifecycle) -> None:
    purged = lifecycle.purged
    assert CLI in purged["installed_default"]
    assert purged["folder"] is False and purged["data"] is False
    assert purged["program_data"] is False
