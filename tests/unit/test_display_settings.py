"""The first window's settings reader agrees with the validated settings, and never fails.

For any usable values in the managed file, the command line, the ``KIOSK_*`` variables and
``settings.json``, each display field read without pydantic equals the one
:func:`kiosk_app.config.load_settings` gives. Whatever the files and variables hold (garbage,
wrong types, a FIFO), the reader returns usable values.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk_app import paths
from kiosk_app.config import load_settings
from kiosk_app.display_settings import (
    LANGUAGES,
    TEXT_SIZES,
    DisplaySettings,
    read_display_settings,
)
from kiosk_app.kinds import CLERK_CHECKS, CheckKind

FIELDS = [item.name for item in fields(DisplaySettings)]
ENV_NAMES = [f"KIOSK_{name.upper()}" for name in FIELDS]
EXAMPLES = 60
pytestmark = pytest.mark.usefixtures("clean_env")

# Usable values, as a file holds them and as a variable spells them.
FILE_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "language": st.sampled_from(LANGUAGES),
    "text_size": st.sampled_from(TEXT_SIZES) | st.sampled_from([str(s) for s in TEXT_SIZES]),
    "high_contrast": st.booleans(),
    "kiosk_mode": st.booleans(),
    "test_mode": st.booleans(),
    "enabled_checks": st.lists(st.sampled_from([str(k) for k in CLERK_CHECKS]), min_size=1),
}
BOOL_WORDS = ["true", "false", "1", "0", "yes", "no", "on", "off", "True", "FALSE"]
ENV_VALUES: dict[str, st.SearchStrategy[str]] = {
    "language": st.sampled_from(LANGUAGES),
    "text_size": st.sampled_from([str(s) for s in TEXT_SIZES]),
    "high_contrast": st.sampled_from(BOOL_WORDS),
    "kiosk_mode": st.sampled_from(BOOL_WORDS),
    "test_mode": st.sampled_from(BOOL_WORDS),
    "enabled_checks": st.lists(st.sampled_from([str(k) for k in CLERK_CHECKS]), min_size=1).map(
        json.dumps
    ),
}
JSON_ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


def _some_of(values: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional=values)


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No display variable of the test run's own environment."""
    for name in list(os.environ):
        if name.upper() in ENV_NAMES or name.upper() == "KIOSK_API_TOKEN":
            monkeypatch.delenv(name)
    yield


def _write(path: Path, document: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document), encoding="utf-8")


def _displayed(settings: Any) -> DisplaySettings:
    values = {name: getattr(settings, name) for name in FIELDS}
    values["enabled_checks"] = tuple(CheckKind(k) for k in settings.enabled_checks)
    return DisplaySettings(**values)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    managed=_some_of(FILE_VALUES),
    code=_some_of({k: FILE_VALUES[k] for k in ("kiosk_mode", "test_mode", "language")}),
    env=_some_of(ENV_VALUES),
    file=_some_of(FILE_VALUES),
)
def test_usable_values_read_as_the_validated_settings(
    managed: dict[str, Any],
    code: dict[str, Any],
    env: dict[str, str],
    file: dict[str, Any],
) -> None:
    _write(paths.managed_file(), managed)
    _write(paths.settings_file(), file)
    with pytest.MonkeyPatch.context() as patch:
        for key, value in env.items():
            patch.setenv(f"KIOSK_{key.upper()}", value)
        assert read_display_settings(code) == _displayed(load_settings(**code))


def test_defaults_are_the_settings_defaults() -> None:
    assert read_display_settings() == _displayed(load_settings()) == DisplaySettings()


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"kiosk_language": "fr"}, DisplaySettings(language="fr")),  # any case, as pydantic
        ({"KIOSK_TEXT_SIZE": " 150 "}, DisplaySettings(text_size=150)),
        ({"KIOSK_HIGH_CONTRAST": "Yes"}, DisplaySettings(high_contrast=True)),
        (
            {"KIOSK_ENABLED_CHECKS": '["canada"]'},
            DisplaySettings(enabled_checks=(CheckKind.CANADA,)),
        ),
    ],
)
def test_variables_are_read_as_pydantic_reads_them(
    env: dict[str, str], expected: DisplaySettings
) -> None:
    assert read_display_settings(environ=env) == expected


def test_the_managed_file_wins_over_the_command_line() -> None:
    _write(paths.managed_file(), {"kiosk_mode": False, "language": "fr"})
    shown = read_display_settings({"kiosk_mode": True}, environ={"KIOSK_LANGUAGE": "en"})
    assert (shown.kiosk_mode, shown.language) == (False, "fr")


def test_a_bad_value_falls_through_to_the_next_source() -> None:
    _write(paths.managed_file(), {"text_size": 130})
    _write(paths.settings_file(), {"text_size": 125})
    assert read_display_settings(environ={"KIOSK_TEXT_SIZE": "big"}).text_size == 125


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    managed=st.dictionaries(st.sampled_from(FIELDS), JSON_ANY) | JSON_ANY,
    file=st.binary(max_size=64)
    | st.dictionaries(st.sampled_from(FIELDS), JSON_ANY).map(lambda d: json.dumps(d).encode()),
    env=st.dictionaries(st.sampled_from(ENV_NAMES), st.text(max_size=12)),
)
def test_hostile_files_and_variables_give_usable_values(
    managed: object, file: bytes, env: dict[str, str]
) -> None:
    _write(paths.managed_file(), managed)
    paths.settings_file().write_bytes(file)
    shown = read_display_settings(environ=env)
    assert shown.language in LANGUAGES
    assert shown.text_size in TEXT_SIZES
    assert all(isinstance(getattr(shown, k), bool) for k in ("high_contrast", "kiosk_mode"))
    assert isinstance(shown.test_mode, bool)
    assert shown.enabled_checks and set(shown.enabled_checks) <= set(CLERK_CHECKS)


def test_a_fifo_or_a_folder_is_passed_over() -> None:
    os.mkfifo(paths.settings_file())
    paths.managed_file().mkdir(parents=True)
    assert read_display_settings(environ={}) == DisplaySettings()
