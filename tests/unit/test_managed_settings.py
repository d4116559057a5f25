"""The machine-wide managed settings file and the ``desk_id`` setting.

Precedence: managed file > command line > environment > user file > default. A bad managed
file never stops the kiosk: its bad keys are ignored, logged and listed for the admin screen.
Tests write the file at ``KIOSK_MANAGED_FILE`` (a temporary path, never the real /etc).
"""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from kiosk_app import paths
from kiosk_app.config import (
    MAX_DESK_ID_CHARS,
    WHOLE_FILE,
    Settings,
    load_settings,
    managed_file_problems,
    managed_keys,
    save_settings,
)


def _write(path: Path, data: bytes | dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())


def _managed(data: bytes | dict[str, Any]) -> Path:
    path = paths.managed_file()
    _write(path, data)
    return path


def _user(data: dict[str, Any]) -> None:
    _write(paths.settings_file(), data)


def _start_gui_probe(
    managed: Path, environment: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """The real GUI command, offscreen, started far enough to print the start-up probe."""
    from kiosk_app.cli.startup_probe import PROBE_ENV

    return subprocess.run(
        [sys.executable, "-m", "kiosk_app"],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            **environment,
            "QT_QPA_PLATFORM": "offscreen",
            "KIOSK_MANAGED_FILE": str(managed),
            PROBE_ENV: "1",
        },
        timeout=120,
        check=False,
    )


def test_tests_never_read_the_real_managed_file() -> None:
    assert not str(paths.managed_file()).startswith("/etc")


def test_the_platform_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KIOSK_MANAGED_FILE")
    assert paths.managed_file("linux") == Path("/etc/kiosk-app/managed.json")
    windows = paths.managed_file("win32", {"PROGRAMDATA": r"D:\ProgramData"})
    assert str(windows) == r"D:\ProgramData\kiosk-app\managed.json"
    assert str(paths.managed_file("win32", {})) == r"C:\ProgramData\kiosk-app\managed.json"
    override = {"KIOSK_MANAGED_FILE": "/tmp/m.json", "PROGRAMDATA": "X:\\"}
    assert paths.managed_file("win32", override) == Path("/tmp/m.json")


def test_precedence_managed_over_command_line_over_environment_over_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _user({"idle_timeout_s": 100, "age_of_majority": 18, "sounds": False, "language": "fr"})
    monkeypatch.setenv("KIOSK_IDLE_TIMEOUT_S", "200")
    monkeypatch.setenv("KIOSK_AGE_OF_MAJORITY", "21")
    monkeypatch.setenv("KIOSK_SOUNDS", "true")
    _managed({"idle_timeout_s": 400})
    settings = load_settings(idle_timeout_s=300, age_of_majority=20)
    assert settings.idle_timeout_s == 400  # managed beats the command line
    assert settings.age_of_majority == 20  # command line beats the environment
    assert settings.sounds is True  # environment beats the user file
    assert settings.language == "fr"  # user file beats the default
    assert settings.repeat_window_min == 5  # the default
    assert managed_keys(settings) == {"idle_timeout_s"}
    assert managed_file_problems(settings) == ()


def test_no_managed_file_is_no_problem() -> None:
    settings = load_settings()
    assert managed_keys(settings) == frozenset()
    assert managed_file_problems(settings) == ()


BAD_MANAGED: list[tuple[str, Any, str]] = [
    ("idle_timeout_s", 1, "is not a valid value"),
    ("sounds", [1], "is not a valid value"),
    ("language", "de", "is not a valid value"),
    ("api_token", "secret-token-value", "is a secret; use kiosk-app provision"),
    ("auth_key", "secret-key-value", "is a secret; use kiosk-app provision"),
    ("no_such_setting", 1, "is not a setting"),
    ("desk_id", "desk\x1b[31m", "is not a valid value"),
    ("desk_id", "d" * (MAX_DESK_ID_CHARS + 1), "is not a valid value"),
]


@pytest.mark.parametrize(("key", "value", "reason"), BAD_MANAGED)
def test_a_bad_managed_key_is_ignored_logged_and_listed(
    key: str, value: Any, reason: str, caplog: pytest.LogCaptureFixture
) -> None:
    _user({"language": "fr"} if key == "language" else {})
    _managed({key: value, "age_of_majority": 21})
    with caplog.at_level(logging.WARNING, logger="kiosk_app.config"):
        settings = load_settings()
    assert settings.age_of_majority == 21  # the good managed key still applies
    assert managed_keys(settings) == {"age_of_majority"}
    assert [(p.key, p.reason) for p in managed_file_problems(settings)] == [(key, reason)]
    if key == "language":
        assert settings.language == "fr"  # the desk's own value stays in effect
    assert f"managed settings {paths.managed_file()}: {key} {reason}; ignored" in caplog.text
    if isinstance(value, str) and key in {"api_token", "auth_key"}:
        assert value not in caplog.text
        assert getattr(settings, key).get_secret_value() == ""


@pytest.mark.parametrize(
    "data",
    [b"[1, 2]", b"{not json", b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000],
    ids=["a list", "not JSON", "not UTF-8", "nested deep"],
)
def test_an_unusable_managed_file_is_ignored_whole(data: bytes) -> None:
    _user({"idle_timeout_s": 120})
    _managed(data)
    settings = load_settings()
    assert settings.idle_timeout_s == 120
    assert managed_keys(settings) == frozenset()
    assert [p.key for p in managed_file_problems(settings)] == [WHOLE_FILE]


def test_a_managed_choice_turned_off_by_the_managed_checks_is_ignored() -> None:
    _managed({"enabled_checks": ["signature"], "us_cards": "parse", "idle_timeout_s": 30})
    settings = load_settings()
    assert settings.idle_timeout_s == 30
    assert [p.key for p in managed_file_problems(settings)] == ["us_cards"]
    assert settings.enabled_checks == ["signature"]


def test_saving_does_not_copy_the_managed_values_into_the_user_file() -> None:
    _user({"idle_timeout_s": 100, "sounds": False})
    _managed({"idle_timeout_s": 400})
    settings = load_settings()
    settings.sounds = True
    save_settings(settings)
    written = json.loads(paths.settings_file().read_text())
    assert written["idle_timeout_s"] == 100  # the desk's own value, kept
    assert written["sounds"] is True
    paths.managed_file().unlink()
    assert load_settings().idle_timeout_s == 100  # IT removed it: the desk's value again


def test_desk_id_defaults_to_the_host_name_and_is_not_saved() -> None:
    settings = load_settings()
    assert settings.desk_id == socket.gethostname()[:MAX_DESK_ID_CHARS]
    save_settings(settings)
    assert "desk_id" not in json.loads(paths.settings_file().read_text())


@pytest.mark.parametrize(
    ("value", "expected"),
    [("  Front desk 3 ", "Front desk 3"), ("Réception Montréal", "Réception Montréal"), ("", None)],
)
def test_desk_id_is_trimmed_plain_text(value: str, expected: str | None) -> None:
    settings = Settings(desk_id=value)
    assert settings.desk_id == (expected or socket.gethostname()[:MAX_DESK_ID_CHARS])


@pytest.mark.parametrize("value", ["a\nb", "a\tb", "\u202ereversed", "x" * 65])
def test_desk_id_refuses_control_characters_and_long_names(value: str) -> None:
    with pytest.raises(ValidationError):
        Settings(desk_id=value)


@pytest.mark.parametrize("content", [b'{"idle_timeout_s": "never", "desk_id": 5}', b"[" * 99_999])
def test_the_gui_starts_with_a_bad_managed_file(tmp_path: Path, content: bytes) -> None:
    from kiosk_app.cli.startup_probe import PROBE_PREFIX

    managed = tmp_path / "garbage.json"
    managed.write_bytes(content)
    done = _start_gui_probe(managed, {})
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert PROBE_PREFIX in done.stdout


def test_the_command_line_names_the_ignored_managed_keys(tmp_path: Path, simulator: Any) -> None:
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY

    managed = tmp_path / "managed.json"
    managed.write_text(json.dumps({"read_timeout_s": "slow", "api_token": "not-here"}))
    payload = tmp_path / "payload.bin"
    payload.write_bytes(SAMPLES_BY_KEY["signature-valid"].payload)
    url = simulator.base_url
    command = ["check", "signature", "--barcode-file", str(payload), "--token", "test"]
    urls = ["--base-url", url, "--dvs-url", url, "--parse-url", url]
    done = subprocess.run(
        [sys.executable, "-m", "kiosk_app", *command, *urls],
        capture_output=True,
        text=True,
        env={**os.environ, "KIOSK_MANAGED_FILE": str(managed)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "managed settings: read_timeout_s is not a valid value; ignored." in done.stderr
    assert "managed settings: api_token is a secret" in done.stderr
    assert "not-here" not in done.stderr + done.stdout


# A managed key and a KIOSK_* variable for it that the kiosk could not even use: the managed
# value wins and the variable is never read (the kiosk does not stop on it).
OVERRULED_ENVIRONMENT: list[tuple[str, Any, str]] = [
    ("idle_timeout_s", 45, "300"),  # a good value, overruled
    ("idle_timeout_s", 45, "never"),  # not a number
    ("idle_timeout_s", 45, "5"),  # out of range
    ("enabled_checks", ["canada"], "signature"),  # not JSON: pydantic-settings cannot parse it
    ("language", "fr", "de"),
    ("desk_id", "Lyon front desk 1", "desk\x1b[31m"),
]


@pytest.mark.parametrize(("key", "managed", "environment"), OVERRULED_ENVIRONMENT)
def test_a_managed_key_ignores_its_environment_variable(
    key: str,
    managed: Any,
    environment: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    name = f"KIOSK_{key.upper()}"
    monkeypatch.setenv(name, environment)
    _managed({key: managed})
    with caplog.at_level(logging.WARNING, logger="kiosk_app.config"):
        settings = load_settings()
    assert getattr(settings, key) == managed
    assert managed_keys(settings) == {key}
    assert managed_file_problems(settings) == ()
    expected = (
        f"managed settings {paths.managed_file()}: {name} in the environment is ignored; "
        f"the managed file sets {key}"
    )
    assert expected in caplog.messages
    # Never the value (in the message less the file's path, whose digits could match).
    path = str(paths.managed_file())
    assert not [m for m in caplog.messages if environment in m.replace(path, "")]


def test_an_environment_variable_in_any_case_is_overruled_and_named(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("kiosk_Idle_Timeout_S", "never")  # pydantic reads any case
    _managed({"idle_timeout_s": 45})
    with caplog.at_level(logging.WARNING, logger="kiosk_app.config"):
        assert load_settings().idle_timeout_s == 45
    assert [m for m in caplog.messages if "KIOSK_IDLE_TIMEOUT_S in the environment" in m]


def test_a_bad_environment_value_for_a_key_the_managed_file_does_not_set_still_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KIOSK_AGE_OF_MAJORITY", "5")
    _managed({"idle_timeout_s": 45})
    with pytest.raises(ValidationError):
        load_settings()


def test_a_check_choice_from_the_environment_that_the_managed_checks_turn_off_is_ignored(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The check choices are validated together: the managed file's win as a group."""
    monkeypatch.setenv("KIOSK_US_CARDS", "signature")
    monkeypatch.setenv("KIOSK_CANADIAN_LICENCES", "registry")
    _managed({"enabled_checks": ["dvs-parse"]})
    with caplog.at_level(logging.WARNING, logger="kiosk_app.config"):
        settings = load_settings()
    assert settings.enabled_checks == ["dvs-parse"]
    assert (settings.us_cards, settings.canadian_licences) == ("parse", "parse")
    for name in ("KIOSK_CANADIAN_LICENCES", "KIOSK_US_CARDS"):
        assert (
            f"managed settings {paths.managed_file()}: {name} in the environment is ignored; "
            "the managed file sets enabled_checks"
        ) in caplog.messages


def test_a_check_choice_from_the_environment_that_fits_the_managed_checks_applies(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("KIOSK_US_CARDS", "none")
    _managed({"enabled_checks": ["signature", "canada"]})
    with caplog.at_level(logging.WARNING, logger="kiosk_app.config"):
        settings = load_settings()
    assert settings.us_cards == "none"
    assert not [m for m in caplog.messages if "in the environment is ignored" in m]


def test_the_managed_file_is_validated_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A desk's own check choice (environment or settings.json) that the managed checks turn
    off does not get the managed file refused: the desk's value gives way."""
    monkeypatch.setenv("KIOSK_US_CARDS", "signature")
    _user({"canadian_licences": "registry"})
    _managed({"enabled_checks": ["dvs-parse"], "idle_timeout_s": 45})
    settings = load_settings()
    assert managed_file_problems(settings) == ()
    assert managed_keys(settings) == {"enabled_checks", "idle_timeout_s"}
    assert settings.enabled_checks == ["dvs-parse"] and settings.idle_timeout_s == 45


def test_the_admin_screen_validates_with_an_overruled_environment_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The admin's save builds settings from every field; a variable pydantic cannot parse
    for one of them is not read either."""
    from kiosk_app.app.admin import validate_settings

    monkeypatch.setenv("KIOSK_ENABLED_CHECKS", "signature")
    _managed({"enabled_checks": ["canada"]})
    settings = load_settings()
    saved, problems = validate_settings(settings.model_dump())
    assert problems == {} and saved is not None
    assert saved.enabled_checks == ["canada"]


def test_the_gui_starts_when_the_environment_contradicts_the_managed_file(
    tmp_path: Path,
) -> None:
    """The real command in its own process: KIOSK_* variables the kiosk could not use, for
    keys the managed file sets, neither stop it nor apply; the log names them."""
    from kiosk_app.cli.startup_probe import PROBE_PREFIX

    managed = tmp_path / "managed.json"
    managed.write_text(json.dumps({"idle_timeout_s": 45, "enabled_checks": ["canada"]}))
    log_dir = tmp_path / "log"
    environment = {
        "KIOSK_IDLE_TIMEOUT_S": "never",
        "KIOSK_ENABLED_CHECKS": "signature",
        "KIOSK_US_CARDS": "signature",
    }
    done = _start_gui_probe(managed, {**environment, "KIOSK_LOG_DIR": str(log_dir)})
    assert done.returncode == 0, done.stderr
    assert "invalid setting in the environment" not in done.stderr
    assert PROBE_PREFIX in done.stdout
    log = (log_dir / "kiosk-app.log").read_text(encoding="utf-8")
    for name in environment:
        assert f"{name} in the environment is ignored" in log, log


def test_check_runs_when_the_environment_contradicts_the_managed_file(
    tmp_path: Path, simulator: Any
) -> None:
    """``kiosk-app check`` in its own process: the managed checks win over a
    KIOSK_ENABLED_CHECKS pydantic cannot even parse (not JSON), which once made it refuse
    its settings."""
    from kiosk_app.simulator.samples import SAMPLES_BY_KEY

    managed = tmp_path / "managed.json"
    managed.write_text(json.dumps({"enabled_checks": ["signature"], "desk_id": "Lyon 2"}))
    payload = tmp_path / "payload.bin"
    payload.write_bytes(SAMPLES_BY_KEY["signature-valid"].payload)
    url = simulator.base_url
    command = ["check", "signature", "--barcode-file", str(payload), "--token", "test"]
    urls = ["--base-url", url, "--dvs-url", url, "--parse-url", url]
    log_dir = tmp_path / "log"
    done = subprocess.run(
        [sys.executable, "-m", "kiosk_app", *command, *urls],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "KIOSK_MANAGED_FILE": str(managed),
            "KIOSK_ENABLED_CHECKS": "canada",
            "KIOSK_LOG_DIR": str(log_dir),
        },
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    log = (log_dir / "kiosk-app.log").read_text(encoding="utf-8")
    assert "KIOSK_ENABLED_CHECKS in the environment is ignored" in log
    assert "desk=Lyon 2 " in log
