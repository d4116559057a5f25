"""A settings.json the kiosk cannot use never stops it.

Wrong types, values out of range, a JSON list, 100,000-deep nesting, garbage: the kiosk starts
with the defaults for what it could not use, logs each, and keeps the list for the admin
settings screen. The GUI and the command line start without a traceback.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from kiosk_app import paths
from kiosk_app.config import (
    MAX_SETTINGS_FILE_BYTES,
    WHOLE_FILE,
    load_settings,
    settings_file_problems,
)
from kiosk_app.kinds import CheckKind
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from tests.support.processes import run_child

BAD_VALUES: list[tuple[str, Any]] = [
    ("idle_timeout_s", "sixty"),
    ("idle_timeout_s", 5),  # below the minimum
    ("sounds", [1, 2]),
    ("enabled_checks", "signature"),
    ("enabled_checks", []),
    ("language", {"en": True}),
    ("serial_baud", 1.5e300),
    ("camera_resolution", None),
    ("us_cards", "teleport"),
]

WHOLE_FILE_CASES: dict[str, bytes] = {
    "a list": b"[1, 2, 3]",
    "a string": b'"settings"',
    "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "nested objects 100,000 deep": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "not JSON": b"{idle_timeout_s: 60",
    "not UTF-8": b'{"language": "\xff\xfe"}',
    "too large": b'{"x": "' + b"a" * MAX_SETTINGS_FILE_BYTES + b'"}',
}


def _write(data: bytes | dict[str, Any]) -> Path:
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


@pytest.mark.parametrize(("key", "value"), BAD_VALUES)
def test_a_bad_value_gets_its_default_and_the_good_ones_stay(
    key: str, value: Any, caplog: pytest.LogCaptureFixture
) -> None:
    good = {"language": "fr", "idle_timeout_s": 120, "sounds": False}
    good.pop(key, None)
    _write({**good, key: value})
    with caplog.at_level(logging.WARNING, logger="kiosk_app.config"):
        settings = load_settings()
    for name, kept in good.items():
        assert getattr(settings, name) == kept
    default = type(settings).model_fields[key].get_default(call_default_factory=True)
    assert getattr(settings, key) == default
    assert [p.key for p in settings_file_problems(settings)] == [key]
    assert key in caplog.text and "the default is used" in caplog.text
    # The value itself is not logged (the messages: caplog.text has line numbers too).
    assert not [m for m in caplog.messages if repr(value)[:20] in m]


@pytest.mark.parametrize("case", sorted(WHOLE_FILE_CASES))
def test_a_file_that_is_not_a_settings_object_gives_all_defaults(
    case: str, caplog: pytest.LogCaptureFixture
) -> None:
    _write(WHOLE_FILE_CASES[case])
    with caplog.at_level(logging.WARNING, logger="kiosk_app.config"):
        settings = load_settings()
    assert settings.idle_timeout_s == 60 and settings.language == "en"
    problems = settings_file_problems(settings)
    assert [p.key for p in problems] == [WHOLE_FILE]
    assert "settings.json: the file" in caplog.text


def test_linked_choices_go_back_together() -> None:
    """A choice whose check the file turned off: the choice, not the whole file, is dropped."""
    _write({"enabled_checks": ["canada"], "us_cards": "signature", "idle_timeout_s": 90})
    settings = load_settings()
    assert settings.enabled_checks == [CheckKind.CANADA]
    assert settings.us_cards == "none"
    assert settings.idle_timeout_s == 90
    assert [p.key for p in settings_file_problems(settings)] == ["us_cards"]


def test_a_clean_file_has_no_problems() -> None:
    _write({"idle_timeout_s": 90})
    assert settings_file_problems(load_settings()) == ()
    _write(b"  \n")
    assert settings_file_problems(load_settings()) == ()


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "KIOSK_CONFIG_DIR": str(tmp_path / "config"),
        "KIOSK_DATA_DIR": str(tmp_path / "data"),
        "KIOSK_LOG_DIR": str(tmp_path / "log"),
    }


@pytest.mark.parametrize("content", [b'{"idle_timeout_s": "x"}', b"[" * 100_000])
def test_the_gui_starts_with_a_bad_settings_file(tmp_path: Path, content: bytes) -> None:
    from kiosk_app.cli.startup_probe import PROBE_ENV, PROBE_PREFIX

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_bytes(content)
    done = run_child([sys.executable, "-m", "kiosk_app"], {**_env(tmp_path), PROBE_ENV: "1"})
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert PROBE_PREFIX in done.stdout


def test_the_command_line_runs_with_a_bad_settings_file(tmp_path: Path, simulator: Any) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text('{"read_timeout_s": "slow"}')
    payload = tmp_path / "payload.bin"
    payload.write_bytes(SAMPLES_BY_KEY["signature-valid"].payload)
    command = ["check", "signature", "--barcode-file", str(payload), "--token", "test"]
    done = run_child(
        [sys.executable, "-m", "kiosk_app", *command, *_urls(simulator.base_url)], _env(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "settings.json: read_timeout_s is not a valid value; default used." in done.stderr


def _urls(url: str) -> list[str]:
    return ["--base-url", url, "--dvs-url", url, "--parse-url", url]


def test_a_bad_environment_value_is_one_sentence_not_a_traceback(tmp_path: Path) -> None:
    done = run_child(
        [sys.executable, "-m", "kiosk_app"], {**_env(tmp_path), "KIOSK_IDLE_TIMEOUT_S": "soon"}
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "KIOSK_IDLE_TIMEOUT_S" in done.stderr
