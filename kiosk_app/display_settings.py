"""The few settings the kiosk's first window is painted with, read without validating the rest.

The first window shows the Ready screen in the desk's language, text size and theme, with its
check buttons, the test-mode band and, in kiosk mode, fullscreen. These are read here from the
same places as :func:`kiosk_app.config.load_settings` reads them, in the same order (the managed
file, values given in code, ``KIOSK_*`` variables, ``settings.json``, the defaults), by a
reader that needs neither pydantic nor Qt: the full settings are validated once the window is
painted, and their values then replace these. A value this reader is not sure of (a wrong type,
out of range, an unreadable file) is passed over, as the full validation would pass over a bad
value of a file; a bad ``KIOSK_*`` variable, which stops the kiosk once the full settings are
read, is passed over here as well.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from kiosk_app import paths
from kiosk_app.files import read_regular_file
from kiosk_app.kinds import CLERK_CHECKS, CheckKind

# As config.MAX_SETTINGS_FILE_BYTES: anything bigger is not a settings file.
MAX_FILE_BYTES: Final = 1024 * 1024
ENV_PREFIX: Final = "KIOSK_"
LANGUAGES: Final = ("en", "fr")
TEXT_SIZES: Final = (100, 125, 150)
# How pydantic reads a boolean written as text (a KIOSK_* variable, a string in a file).
_TRUE_WORDS: Final = frozenset({"1", "on", "t", "true", "y", "yes"})
_FALSE_WORDS: Final = frozenset({"0", "off", "f", "false", "n", "no"})


class _UnusableError(ValueError):
    """A value the reader passes over."""


@dataclass(frozen=True)
class DisplaySettings:
    """What the first paint needs; each default is :class:`kiosk_app.config.Settings`' own."""

    language: str = "en"
    text_size: int = 100
    high_contrast: bool = False
    kiosk_mode: bool = False
    test_mode: bool = False
    enabled_checks: tuple[CheckKind, ...] = field(default=CLERK_CHECKS)


def _boolean(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.lower() in _TRUE_WORDS | _FALSE_WORDS:
        return value.lower() in _TRUE_WORDS
    raise _UnusableError(value)


def _language(value: object) -> str:
    if isinstance(value, str) and value in LANGUAGES:
        return value
    raise _UnusableError(value)


def _text_size(value: object) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and value in TEXT_SIZES:
        return value
    raise _UnusableError(value)


def _checks(value: object) -> tuple[CheckKind, ...]:
    if isinstance(value, str):  # a KIOSK_ENABLED_CHECKS variable: JSON, as pydantic reads it
        try:
            value = json.loads(value)
        except ValueError:
            raise _UnusableError(value) from None
    if not isinstance(value, list) or not value:
        raise _UnusableError(value)
    clerk = {str(kind): kind for kind in CLERK_CHECKS}
    if not all(isinstance(item, str) and item in clerk for item in value):
        raise _UnusableError(value)
    return tuple(clerk[item] for item in value)


# Each field and how a value of it is read.
READERS: Final[dict[str, Callable[[object], Any]]] = {
    "language": _language,
    "text_size": _text_size,
    "high_contrast": _boolean,
    "kiosk_mode": _boolean,
    "test_mode": _boolean,
    "enabled_checks": _checks,
}


def _file_values(path: os.PathLike[str]) -> Mapping[str, object]:
    """The file's members, or nothing when it is missing or unusable (never an exception)."""
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES)
        document = json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except (OSError, ValueError, RecursionError):
        return {}
    return document if isinstance(document, dict) else {}


def _environment_values(environ: Mapping[str, str]) -> dict[str, object]:
    """The ``KIOSK_*`` variables by key (any case, as pydantic-settings reads them)."""
    prefix = ENV_PREFIX.lower()
    lowered = {name.lower(): value for name, value in environ.items()}
    return {
        name[len(prefix) :]: value for name, value in lowered.items() if name.startswith(prefix)
    }


def read_display_settings(
    given: Mapping[str, object] | None = None, environ: Mapping[str, str] | None = None
) -> DisplaySettings:
    """The display settings from the managed file, ``given`` (the command line's values),
    the ``KIOSK_*`` variables of ``environ`` (default: this process's) and ``settings.json``,
    the first usable value of each winning; the default where none is usable."""
    env = os.environ if environ is None else environ
    sources = (
        _file_values(paths.managed_file()),
        given or {},
        _environment_values(env),
        _file_values(paths.settings_file()),
    )
    chosen: dict[str, Any] = {}
    for item in fields(DisplaySettings):
        read = READERS[item.name]
        for source in sources:
            if item.name not in source:
                continue
            try:
                chosen[item.name] = read(source[item.name])
                break
            except _UnusableError:
                continue
    return replace(DisplaySettings(), **chosen)
