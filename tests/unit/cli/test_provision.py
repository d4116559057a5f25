"""`kiosk-app provision` and `self-test --json`: configuration management
stores the secrets and the admin PIN without the screen, idempotently, and reads health as JSON.

The real command runs in a subprocess with the test's config directory; the secrets go to the
owner-only fallback file (the suite's keyring is the failing one), where the admin screen's
store would put them too, and are read back with :mod:`kiosk_app.secrets` and ``PinStore``.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk_app import paths, secrets
from kiosk_app.cli.provision import (
    MAX_INPUT_BYTES,
    ProvisionInputError,
    parse_input,
    provision,
)
from kiosk_app.storage.pin import PinStore, ScryptParams

TOKEN = "tok-provisioned-0123456789abcdef"  # a made-up test value
KEY = "key-provisioned-fedcba9876543210"
PIN = "482916"
FAST = ScryptParams(n=2**10)


def _kiosk(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk_app", *args],
        input=stdin.decode(),
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=180,
        check=False,
    )


def _everything_written() -> str:
    """Every log file's text (the secrets must not be in any)."""
    return "".join(p.read_text(errors="replace") for p in paths.log_dir().rglob("*") if p.is_file())


def test_provision_from_stdin_stores_like_the_admin_screen_then_is_unchanged() -> None:
    body = json.dumps({"api_token": TOKEN, "auth_key": KEY, "admin_pin": PIN}).encode()
    first = _kiosk("provision", stdin=body)
    assert first.returncode == 0, first.stderr
    assert first.stdout == "provision: stored api_token, auth_key, admin_pin\n"
    assert secrets.get_api_token() == TOKEN
    assert secrets.get_auth_key() == KEY
    assert PinStore().verify(PIN).accepted
    fallback = secrets.fallback_file()
    assert fallback.stat().st_mode & 0o077 == 0  # owner-only, as the admin screen's store
    before = fallback.stat().st_mtime_ns

    second = _kiosk("provision", stdin=body)
    assert second.returncode == 0, second.stderr
    assert second.stdout == "provision: unchanged (api_token, auth_key, admin_pin)\n"
    assert fallback.stat().st_mtime_ns == before
    for text in (first.stdout, first.stderr, second.stdout, second.stderr, _everything_written()):
        assert TOKEN not in text and KEY not in text and PIN not in text


def test_provision_from_a_file_changes_only_what_differs(tmp_path: Path) -> None:
    source = tmp_path / "secrets.json"
    source.write_text(json.dumps({"api_token": TOKEN}))
    assert _kiosk("provision", "--from-file", str(source)).stdout == "provision: stored api_token\n"
    source.write_text(json.dumps({"api_token": TOKEN, "auth_key": KEY}))
    done = _kiosk("provision", "--from-file", str(source))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "provision: stored auth_key; unchanged: api_token\n"


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["provision"], b"not json " + TOKEN.encode()),
        (["provision"], json.dumps([TOKEN]).encode()),
        (["provision"], json.dumps({"token": TOKEN}).encode()),
        (["provision"], json.dumps({"admin_pin": "12ab"}).encode()),
        (["provision"], b""),
        (["provision", "--from-file", "/nonexistent/secrets.json"], b""),
        (["provision", "--token", TOKEN], b""),  # never from the command line
    ],
    ids=["not JSON", "a list", "unknown member", "bad PIN", "empty", "no file", "token flag"],
)
def test_refused_input_exits_2_with_one_line_and_no_secret(args: list[str], stdin: bytes) -> None:
    done = _kiosk(*args, stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    if "--token" in args:  # argparse refuses it (and echoes the unknown argument back)
        assert "unrecognized arguments" in done.stderr
    else:
        assert TOKEN not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
        assert done.stderr.startswith("provision: refused: ")
    assert secrets.get_api_token() == ""


@pytest.mark.parametrize(
    "raw",
    [
        b'{"api_token": ""}',
        b'{"api_token": 5}',
        b'{"api_token": "a\\nb"}',
        b'{"api_token": "' + b"x" * 5000 + b'"}',
        b"{}",
        b"[" * 100_000,
        b'{"api_token": "' + b"x" * MAX_INPUT_BYTES + b'"}',
        b"\xff\xfe",
    ],
)
def test_parse_input_refuses(raw: bytes) -> None:
    with pytest.raises(ProvisionInputError) as caught:
        parse_input(io.BytesIO(raw))
    assert "xxxx" not in str(caught.value)


def test_a_different_pin_replaces_the_old_one(tmp_path: Path) -> None:
    store = PinStore(tmp_path / "pin.json", params=FAST)
    store.set_pin("1111")
    assert provision({"admin_pin": "2222"}, pin_store=store).changed == ("admin_pin",)
    assert store.verify("2222").accepted
    assert provision({"admin_pin": "2222"}, pin_store=store).unchanged == ("admin_pin",)


def test_self_test_json_is_machine_readable(tmp_path: Path) -> None:
    managed = tmp_path / "managed.json"
    managed.write_text(json.dumps({"desk_id": "montreal-front-2", "sounds": "loud"}))
    done = subprocess.run(
        [sys.executable, "-m", "kiosk_app", "self-test", "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "KIOSK_MANAGED_FILE": str(managed)},
        timeout=300,
        check=False,
    )
    report = json.loads(done.stdout)
    assert done.returncode == (0 if report["passed"] else 1)
    assert report["passed"] is True, done.stdout
    assert report["desk_id"] == "montreal-front-2"
    assert report["managed_settings_ignored"] == ["sounds"]
    assert report["version"]
    names = [c["name"] for c in report["checks"]]
    assert "keyring" in names and "modules" in names
    assert all(set(c) == {"name", "passed", "detail", "seconds"} for c in report["checks"])
