"""A FIFO, a device or a folder where the kiosk expects a file never hangs it: every file it
reads (settings, managed file, PIN, secrets fallback, token file, payload and picture files,
the watched folder's pictures, the corpus) is opened without blocking and refused unless it is
a regular file (``kiosk_app.files.read_regular_file``).

Real FIFOs (``os.mkfifo``) with no writer: a blocking ``open()`` of one never returns. The
commands run in child processes with a deadline, so a hang fails the test instead of the suite.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from kiosk_app import paths, secrets
from kiosk_app.barcode.errors import UnreadableImageError
from kiosk_app.barcode.imaging import read_image_file
from kiosk_app.config import (
    NOT_A_REGULAR_FILE,
    WHOLE_FILE,
    SettingsFileProblem,
    load_settings,
    managed_file_problems,
    read_settings_file,
    settings_file_problems,
)
from kiosk_app.files import NotRegularFileError, read_regular_file
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.storage.pin import PinFileError, PinStore
from tests.support.children import CHILD_DEADLINE_S, KIOSK_APP, kiosk_env

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def test_a_regular_file_is_read_up_to_one_byte_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"0123456789")
    assert read_regular_file(path, 100) == b"0123456789"
    assert read_regular_file(path, 4) == b"01234"


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_anything_but_a_regular_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        path = _fifo(tmp_path / "f")
    elif kind == "folder":
        path = tmp_path / "d"
        path.mkdir()
    else:
        path = Path("/dev/zero")
    with pytest.raises(NotRegularFileError) as caught:
        read_regular_file(path, 10)
    assert caught.value.strerror == "not a regular file (a FIFO, a device or a folder)"


def test_a_missing_file_is_still_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_regular_file(tmp_path / "absent", 10)


def test_a_fifo_as_settings_json_is_a_problem_and_defaults_apply() -> None:
    _fifo(paths.settings_file())
    assert read_settings_file(paths.settings_file()) == (
        {},
        [SettingsFileProblem(WHOLE_FILE, NOT_A_REGULAR_FILE)],
    )
    settings = load_settings()
    assert [(p.key, p.reason) for p in settings_file_problems(settings)] == [
        (WHOLE_FILE, NOT_A_REGULAR_FILE)
    ]
    assert settings.idle_timeout_s == 60


def test_a_fifo_as_the_managed_file_is_ignored() -> None:
    _fifo(paths.managed_file())
    settings = load_settings()
    assert [(p.key, p.reason) for p in managed_file_problems(settings)] == [
        (WHOLE_FILE, NOT_A_REGULAR_FILE)
    ]


def test_a_fifo_as_the_pin_file_is_an_unreadable_pin_file(tmp_path: Path) -> None:
    store = PinStore(_fifo(tmp_path / "admin_pin.json"))
    with pytest.raises(PinFileError):
        store.verify("1234")


def test_a_fifo_as_the_secrets_fallback_reads_as_empty_and_the_pin_marker_as_set() -> None:
    _fifo(secrets.fallback_file())
    assert secrets.get_api_token() == ""
    assert secrets.AdminPinMarker().was_set()  # unknown counts as set


def test_a_fifo_as_a_picture_is_not_a_picture(tmp_path: Path) -> None:
    with pytest.raises(UnreadableImageError):
        read_image_file(_fifo(tmp_path / "scan.png"))


def _kiosk(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> Any:
    return subprocess.run(
        [*KIOSK_APP, *args],
        capture_output=True,
        text=True,
        env=env or kiosk_env(tmp_path),
        timeout=CHILD_DEADLINE_S,
        stdin=subprocess.DEVNULL,
        check=False,
    )


def test_the_gui_starts_with_a_fifo_as_settings_json(tmp_path: Path) -> None:
    from kiosk_app.cli.startup_probe import PROBE_ENV, PROBE_PREFIX

    _fifo(tmp_path / "config" / "settings.json")
    done = _kiosk(tmp_path, env=kiosk_env(tmp_path, **{PROBE_ENV: "1"}))
    assert done.returncode == 0, done.stderr
    assert PROBE_PREFIX in done.stdout
    log = "".join(p.read_text() for p in (tmp_path / "log").rglob("*.log"))
    assert f"settings.json: the file {NOT_A_REGULAR_FILE}; the default is used" in log


def test_the_check_command_says_so_and_runs(tmp_path: Path, simulator: Any) -> None:
    _fifo(tmp_path / "config" / "settings.json")
    payload = tmp_path / "payload.bin"
    payload.write_bytes(SAMPLES_BY_KEY["signature-valid"].payload)
    url = simulator.base_url
    done = _kiosk(
        tmp_path, "check", "signature", "--barcode-file", str(payload), "--token", "test",
        "--base-url", url,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"kiosk-app: settings.json: the file {NOT_A_REGULAR_FILE}; default used." in (
        done.stderr
    )


def test_a_fifo_as_the_barcode_file_is_refused_not_sent(tmp_path: Path, simulator: Any) -> None:
    fifo = _fifo(tmp_path / "scan.bin")
    before = simulator.request_count
    done = _kiosk(
        tmp_path, "check", "signature", "--barcode-file", str(fifo), "--token", "test",
        "--base-url", simulator.base_url,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "is not a regular file (a FIFO, a device or a folder)" in done.stderr
    assert simulator.request_count == before


def test_a_fifo_as_the_token_file_is_refused(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "token.json")
    done = _kiosk(tmp_path, "provision", "--from-file", str(fifo))
    assert done.returncode == 2
    assert "not a regular file" in done.stderr


def test_a_fifo_given_to_parse_is_refused(tmp_path: Path) -> None:
    done = _kiosk(tmp_path, "parse", str(_fifo(tmp_path / "payload.bin")))
    assert done.returncode == 2
    assert "not a regular file" in done.stderr
